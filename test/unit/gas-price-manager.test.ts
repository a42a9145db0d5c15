/**
 * The Gas Price Manager (ACP-224, ava-labs/avalanchego v1.15.0 `graft/subnet-evm/precompile/contracts/gaspricemanager`):
 * known to core but not registered (`precompile/registry/registry.go`). With registration switched on through the
 * loaders' internal `registered` parameter, its config is read and verified as `gaspricemanager.Config.Verify` does:
 * the allow list, then `commontype.GasPriceConfig.Verify` (`commontype/gas_price_config.go`), each with the node's text.
 */
import { describe, expect, it } from 'vitest'
import {
  gasPriceManagerAddress,
  loadChainFiles,
  pendingPrecompiles,
  registeredPrecompileKeys,
  verifyGasPriceConfig,
  type ConfigPrecompileKey,
} from '../../src/config.js'
import { chainConfigJson } from '../../src/core/config/chainSpec.js'
import { goJson } from '../../src/core/json/goJson.js'
import { ChainConfigError, gasPriceManagerAbi } from '../../src/index.js'

const LOCAL = 12345
const A = '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'
const A_CHECKSUM = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'
const fee = {
  gasLimit: 8_000_000,
  targetBlockRate: 2,
  minBaseFee: 25_000_000_000,
  targetGas: 15_000_000,
  baseFeeChangeDenominator: 36,
  minBlockGasCost: 0,
  maxBlockGasCost: 1_000_000,
  blockGasCostStep: 200_000,
}
const genesis = (config: Record<string, unknown> = {}) => ({
  config: { chainId: 99999, feeConfig: fee, ...config },
  alloc: {},
  gasLimit: '0x7A1200',
  difficulty: '0x0',
})
const on: readonly ConfigPrecompileKey[] = [...registeredPrecompileKeys, 'gasPriceManagerConfig']
const good = { validatorTargetGas: false, targetGas: 1_000_000, staticPricing: false, minGasPrice: 1, timeToDouble: 60 }
const upgrade = (initialGasPriceConfig: unknown, extra: Record<string, unknown> = {}) => ({
  precompileUpgrades: [{ gasPriceManagerConfig: { blockTimestamp: 100, initialGasPriceConfig, ...extra } }],
})
function refusal(f: () => unknown): string {
  try {
    f()
  } catch (e) {
    expect(e).toBeInstanceOf(ChainConfigError)
    return (e as Error).message
  }
  throw new Error('accepted')
}

describe('the Gas Price Manager as core knows it', () => {
  it('is pending: address 0x…06, an allow list, not registered (the one switch)', () => {
    expect(pendingPrecompiles.gasPriceManagerConfig).toEqual({
      name: 'Gas Price Manager',
      address: '0x0200000000000000000000000000000000000006',
      allowList: true,
      registered: false,
    })
    expect(gasPriceManagerAddress).toBe('0x0200000000000000000000000000000000000006')
    expect(registeredPrecompileKeys).not.toContain('gasPriceManagerConfig')
  })

  it("has the node's IGasPriceManager.abi members", () => {
    const names = gasPriceManagerAbi.map((i) => `${i.type} ${i.name}`).sort()
    expect(names).toEqual(
      [
        'event GasPriceConfigUpdated',
        'event RoleSet',
        'function getGasPriceConfig',
        'function getGasPriceConfigLastChangedAt',
        'function readAllowList',
        'function setAdmin',
        'function setEnabled',
        'function setGasPriceConfig',
        'function setManager',
        'function setNone',
      ].sort(),
    )
  })

  it('unregistered (the default): refused in upgrade.json with the node text, ignored in a genesis with a warning', () => {
    expect(refusal(() => loadChainFiles(genesis(), upgrade(good), LOCAL))).toBe(
      'upgrade.json: precompileUpgrades[0]: failed to parse upgrade bytes: unknown precompile config: gasPriceManagerConfig',
    )
    const files = loadChainFiles(
      genesis({ gasPriceManagerConfig: { blockTimestamp: 0, initialGasPriceConfig: { minGasPrice: 0 } } }),
      undefined,
      LOCAL,
    )
    expect(files.spec.genesisPrecompiles.map((p) => p.key)).not.toContain('gasPriceManagerConfig')
    expect(files.warnings).toEqual([
      'genesis: config.gasPriceManagerConfig: ignored: avalanchego v1.15.0-fuji does not register the Gas Price Manager (precompile/registry/registry.go), so a node starts this genesis without it',
    ])
  })
})

describe('registered (switched on in the test): gaspricemanager.Config.Verify', () => {
  const load = (u: unknown, g = genesis()) => loadChainFiles(g, u as Record<string, unknown>, LOCAL, undefined, on)
  const refused = (u: unknown) => refusal(() => load(u))
  const prefix = 'upgrade.json: precompileUpgrades[0]: failed to verify genesis: invalid precompile upgrades: '

  it('accepts a valid initial config and writes it as the node does (after the allow list and upgrade fields)', () => {
    const files = load(upgrade(good, { adminAddresses: [A] }))
    expect(files.warnings).toEqual([])
    expect(goJson(chainConfigJson(files.spec))).toContain(
      `"precompileUpgrades":[{"gasPriceManagerConfig":{"adminAddresses":["${A}"],"blockTimestamp":100,"initialGasPriceConfig":{"validatorTargetGas":false,"targetGas":1000000,"staticPricing":false,"minGasPrice":1,"timeToDouble":60}}}]`,
    )
    // Without initialGasPriceConfig (or null: a nil pointer), nothing to verify.
    expect(() => load(upgrade(null))).not.toThrow()
    expect(() => load({ precompileUpgrades: [{ gasPriceManagerConfig: { blockTimestamp: 100 } }] })).not.toThrow()
  })

  it('is read from a genesis in registry order, and verified there', () => {
    const files = load(undefined, genesis({ gasPriceManagerConfig: { blockTimestamp: 0, initialGasPriceConfig: good } }))
    expect(files.spec.genesisPrecompiles.map((p) => p.key)).toEqual(['gasPriceManagerConfig'])
    expect(files.warnings).toEqual([])
    expect(
      refusal(() =>
        load(undefined, genesis({ gasPriceManagerConfig: { blockTimestamp: 0, initialGasPriceConfig: { ...good, minGasPrice: 0 } } })),
      ),
    ).toBe(
      'genesis: config.gasPriceManagerConfig: failed to verify genesis: invalid precompile upgrades: minGasPrice must be greater than 0',
    )
  })

  const rules: [string, Record<string, unknown>, string][] = [
    ['minGasPrice 0 (ErrMinGasPriceTooLow)', { ...good, minGasPrice: 0 }, 'minGasPrice must be greater than 0'],
    ['missing fields are zero: minGasPrice first', {}, 'minGasPrice must be greater than 0'],
    ['validatorTargetGas with a targetGas', { ...good, validatorTargetGas: true }, 'targetGas must be 0 when validatorTargetGas is true'],
    ['targetGas below MinTargetGas', { ...good, targetGas: 999_999 }, 'targetGas must be at least MinTargetGas'],
    ['staticPricing with a timeToDouble', { ...good, staticPricing: true }, 'timeToDouble must be 0 when staticPricing is true'],
    ['timeToDouble 0 without staticPricing', { ...good, timeToDouble: 0 }, 'timeToDouble must be greater than 0'],
  ]
  it.each(rules)('%s: refused with the node text', (_name, config, message) => {
    expect(refused(upgrade(config))).toBe(`${prefix}${message}`)
  })

  it('accepts validatorTargetGas with targetGas 0, and staticPricing with timeToDouble 0', () => {
    expect(() => load(upgrade({ ...good, validatorTargetGas: true, targetGas: 0 }))).not.toThrow()
    expect(() => load(upgrade({ ...good, staticPricing: true, timeToDouble: 0 }))).not.toThrow()
    expect(() =>
      load(upgrade({ validatorTargetGas: true, targetGas: 0, staticPricing: true, timeToDouble: 0, minGasPrice: 1 })),
    ).not.toThrow()
  })

  it('checks the allow list first, as AllowListConfig.Verify runs before GasPriceConfig.Verify', () => {
    expect(refused(upgrade({ ...good, minGasPrice: 0 }, { adminAddresses: [A], enabledAddresses: [A] }))).toBe(
      `${prefix}cannot set address as both admin and enabled: ${A_CHECKSUM}`,
    )
  })

  it('verifyGasPriceConfig checks in the node order', () => {
    const zero = { validatorTargetGas: false, targetGas: 0n, staticPricing: false, minGasPrice: 0n, timeToDouble: 0n }
    expect(verifyGasPriceConfig(zero)).toBe('minGasPrice must be greater than 0')
    expect(verifyGasPriceConfig({ ...zero, minGasPrice: 1n })).toBe('targetGas must be at least MinTargetGas')
    expect(verifyGasPriceConfig({ ...zero, minGasPrice: 1n, targetGas: 1_000_000n })).toBe('timeToDouble must be greater than 0')
    expect(verifyGasPriceConfig({ ...zero, minGasPrice: 1n, targetGas: 1_000_000n, timeToDouble: 1n })).toBeUndefined()
  })

  it('refuses a non-integer or negative field as a uint64', () => {
    expect(refused(upgrade({ ...good, minGasPrice: -1 }))).toContain('initialGasPriceConfig.minGasPrice')
    expect(refused(upgrade({ ...good, staticPricing: 1 }))).toContain('initialGasPriceConfig.staticPricing')
  })
})
