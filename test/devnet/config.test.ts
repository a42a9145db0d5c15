/**
 * genesis.json / upgrade.json checks (`core/genesis.go` `Genesis.Verify`, `params/extras/config.go`
 * `ChainConfig.Verify` and the files it calls, `commontype/fee_config.go`): each rule
 * is refused with the node's exact message, prefixed by the file and the offending entry.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { ChildProcess } from 'node:child_process'
import { afterAll, describe, expect, it } from 'vitest'
import { loadChainFiles } from '../../src/config.js'
import { ChainConfigError } from '../../src/index.js'
import { startDevnet } from '../../packages/devnet/src/index.js'
import { rpc, spyAnvil, startCliDevnet, testGenesis } from '../helpers/devnet.js'
import { chainConfigJson } from '../../src/core/config/chainSpec.js'
import { checkForks } from '../../src/core/config/forkOrder.js'
import { goJson } from '../../src/core/json/goJson.js'

const admin = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const adminChecksum = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const other = '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'
const otherChecksum = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'
const LOCAL = 12345
const DURANGO = 1607144400

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

function genesis(config: Record<string, unknown> = {}, top: Record<string, unknown> = {}) {
  return {
    config: { chainId: 99999, feeConfig: fee, ...config },
    alloc: {},
    gasLimit: '0x7A1200',
    difficulty: '0x0',
    timestamp: '0x0',
    ...top,
  }
}
const upgrades = (...precompileUpgrades: unknown[]) => ({ precompileUpgrades })

function errorOf(f: () => unknown): ChainConfigError {
  try {
    f()
  } catch (e) {
    expect(e).toBeInstanceOf(ChainConfigError)
    return e as ChainConfigError
  }
  throw new Error('expected a ChainConfigError, but loading succeeded')
}

/** Loading fails with exactly `<where>: <message>`. */
function refuses(g: Record<string, unknown>, u: Record<string, unknown> | undefined, where: string, message: string, networkID = LOCAL) {
  expect(errorOf(() => loadChainFiles(g, u, networkID)).message).toBe(`${where}: ${message}`)
}

const verify = (m: string) => `failed to verify genesis: ${m}`
const precompileErr = (m: string) => verify(`invalid precompile upgrades: ${m}`)
const at = (i: number) => `upgrade.json: precompileUpgrades[${i}]`

describe('upgrade.json parsing (PrecompileUpgrade.UnmarshalJSON)', () => {
  it('an empty or null entry: PrecompileUpgrade cannot be empty', () => {
    refuses(genesis(), upgrades({}), at(0), 'failed to parse upgrade bytes: PrecompileUpgrade cannot be empty')
    refuses(
      genesis(),
      upgrades({ txAllowListConfig: { blockTimestamp: 5 } }, null),
      at(1),
      'failed to parse upgrade bytes: PrecompileUpgrade cannot be empty',
    )
  })

  it('two keys in one object', () => {
    const e = errorOf(() =>
      loadChainFiles(
        genesis(),
        upgrades({ txAllowListConfig: { blockTimestamp: 5 }, feeManagerConfig: { blockTimestamp: 5, disable: true } }),
        LOCAL,
      ),
    )
    expect(e.message.startsWith(`${at(0)}: `)).toBe(true)
    expect(e.message).toContain('failed to parse upgrade bytes: PrecompileUpgrade must have exactly one key, got 2')
  })

  it('an unknown precompile key (gasPriceManagerConfig is not registered)', () => {
    const e = errorOf(() =>
      loadChainFiles(
        genesis(),
        upgrades({ txAllowListConfig: { blockTimestamp: 5 } }, { gasPriceManagerConfig: { blockTimestamp: 6 } }),
        LOCAL,
      ),
    )
    expect(e.message.startsWith(`${at(1)}: `)).toBe(true)
    expect(e.message).toContain('failed to parse upgrade bytes: unknown precompile config: gasPriceManagerConfig')
  })

  it('a null config decodes to a nil timestamp, refused by verification', () => {
    refuses(
      genesis(),
      upgrades({ feeManagerConfig: null }),
      at(0),
      precompileErr('precompile upgrade block timestamp cannot be nil: PrecompileUpgrade (feeManagerConfig) at [0]'),
    )
  })

  it('unknown keys are ignored: top level, inside overrides, inside a precompile config', () => {
    const files = loadChainFiles(
      genesis(),
      {
        foo: 1,
        networkUpgradeOverrides: { eUpgradeTimestamp: 5 },
        precompileUpgrades: [{ txAllowListConfig: { blockTimestamp: 5, adminAddress: [admin] } }],
      },
      LOCAL,
    )
    expect(files.spec.upgrades.precompileUpgrades).toHaveLength(1)
  })
})

describe('genesis checks (Genesis.Verify)', () => {
  it('missing required genesis fields', () => {
    for (const field of ['gasLimit', 'difficulty', 'alloc']) {
      const g = genesis()
      delete (g as Record<string, unknown>)[field]
      refuses(g, undefined, 'genesis: (top level)', `parsing genesis: missing required field '${field}' for Genesis`)
    }
  })

  it('gas limit in fee config must match the header', () => {
    refuses(
      genesis({ feeConfig: { ...fee, gasLimit: 15_000_000 } }),
      undefined,
      'genesis: gasLimit',
      verify('gas limit in fee config (15000000) does not match gas limit in header (8000000)'),
    )
    // An empty fee config takes the default (gas limit 8000000).
    expect(loadChainFiles(genesis({ feeConfig: {} }), undefined, LOCAL).spec.feeConfig.minBaseFee).toBe(25_000_000_000n)
    refuses(
      genesis({ feeConfig: {} }, { gasLimit: 15_000_000 }),
      undefined,
      'genesis: gasLimit',
      verify('gas limit in fee config (8000000) does not match gas limit in header (15000000)'),
    )
  })

  it('the gas limit check comes before the fee config and precompile checks (Genesis.Verify order)', () => {
    refuses(
      genesis({ feeConfig: { ...fee, gasLimit: 0 } }),
      undefined,
      'genesis: gasLimit',
      verify('gas limit in fee config (0) does not match gas limit in header (8000000)'),
    )
    refuses(
      genesis({ feeConfig: { ...fee, gasLimit: 15_000_000 } }),
      upgrades({ txAllowListConfig: { blockTimestamp: 5, disable: true } }),
      'genesis: gasLimit',
      verify('gas limit in fee config (15000000) does not match gas limit in header (8000000)'),
    )
  })
})

describe('fee config (FeeConfig.Verify, wrapped as invalid fee config)', () => {
  const where = 'genesis: config.feeConfig'
  const feeErr = (m: string) => verify(`invalid fee config: ${m}`)
  it('nil fields, in order (a partial config is not merged with defaults)', () => {
    refuses(genesis({ feeConfig: { gasLimit: 8_000_000 } }), undefined, where, feeErr('minBaseFee cannot be nil'))
    refuses(genesis({ feeConfig: { gasLimit: 8_000_000, minBaseFee: 1 } }), undefined, where, feeErr('targetGas cannot be nil'))
    const { blockGasCostStep: _, ...noStep } = fee
    refuses(genesis({ feeConfig: noStep }), undefined, where, feeErr('blockGasCostStep cannot be nil'))
  })

  it('range checks with their values', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ targetBlockRate: 0 }, 'targetBlockRate cannot be less than or equal to 0: targetBlockRate = 0'],
      [{ minBaseFee: -1 }, 'minBaseFee cannot be less than 0: minBaseFee = -1'],
      [{ targetGas: 0 }, 'targetGas cannot be less than or equal to 0: targetGas = 0'],
      [{ baseFeeChangeDenominator: -5 }, 'baseFeeChangeDenominator cannot be less than or equal to 0: baseFeeChangeDenominator = -5'],
      [{ minBlockGasCost: -1 }, 'minBlockGasCost cannot be less than 0: minBlockGasCost = -1'],
      [
        { minBlockGasCost: 2_000_000 },
        'minBlockGasCost cannot be greater than maxBlockGasCost: minBlockGasCost = 2000000, maxBlockGasCost = 1000000',
      ],
      [{ blockGasCostStep: -1 }, 'blockGasCostStep cannot be less than 0: blockGasCostStep = -1'],
      [{ maxBlockGasCost: 18446744073709551616n }, 'maxBlockGasCost is not a valid uint64: maxBlockGasCost = 18446744073709551616'],
      [{ minBaseFee: 1n << 256n }, 'minBaseFee exceeds hash length: 32 bytes'],
    ]
    for (const [change, message] of cases) refuses(genesis({ feeConfig: { ...fee, ...change } }), undefined, where, feeErr(message))
  })

  it('a value above 2^53 is kept exactly', () => {
    const files = loadChainFiles(genesis({ feeConfig: { ...fee, minBaseFee: 9007199254740993n } }), undefined, LOCAL)
    expect(files.spec.feeConfig.minBaseFee).toBe(9007199254740993n)
  })
})

describe('verifyPrecompileUpgrades (params/extras/precompile_upgrade.go)', () => {
  it('the first upgrade of a key not enabled in genesis must enable it: disable should be false', () => {
    refuses(
      genesis(),
      upgrades({ contractDeployerAllowListConfig: { blockTimestamp: 100, disable: true } }),
      at(0),
      precompileErr(
        'precompile upgrade disable value is invalid: PrecompileUpgrade (contractDeployerAllowListConfig) at [0], disable should be false',
      ),
    )
    // A genesis config with a nil timestamp is not tracked: still "never enabled".
    refuses(
      genesis({ txAllowListConfig: { blockTimestamp: null } }),
      upgrades({ txAllowListConfig: { blockTimestamp: 100, disable: true } }),
      at(0),
      precompileErr('precompile upgrade disable value is invalid: PrecompileUpgrade (txAllowListConfig) at [0], disable should be false'),
    )
  })

  it('enabling an enabled key: disable should be true (genesis counts as enabled, even with disable:true)', () => {
    refuses(
      genesis({ txAllowListConfig: { blockTimestamp: 0 } }),
      upgrades({ txAllowListConfig: { blockTimestamp: 100 } }),
      at(0),
      precompileErr('precompile upgrade disable value is invalid: PrecompileUpgrade (txAllowListConfig) at [0], disable should be true'),
    )
    refuses(
      genesis({ txAllowListConfig: { blockTimestamp: 0, disable: true } }),
      upgrades({ txAllowListConfig: { blockTimestamp: 100 } }),
      at(0),
      precompileErr('precompile upgrade disable value is invalid: PrecompileUpgrade (txAllowListConfig) at [0], disable should be true'),
    )
    expect(() =>
      loadChainFiles(
        genesis({ txAllowListConfig: { blockTimestamp: 0, disable: true } }),
        upgrades({ txAllowListConfig: { blockTimestamp: 100, disable: true } }),
        LOCAL,
      ),
    ).not.toThrow()
    refuses(
      genesis(),
      upgrades(
        { txAllowListConfig: { blockTimestamp: 100 } },
        { txAllowListConfig: { blockTimestamp: 200, disable: true } },
        { txAllowListConfig: { blockTimestamp: 300, disable: true } },
      ),
      at(2),
      precompileErr('precompile upgrade disable value is invalid: PrecompileUpgrade (txAllowListConfig) at [2], disable should be false'),
    )
  })

  it('same key, same timestamp: must be strictly greater (also against the genesis timestamp)', () => {
    refuses(
      genesis(),
      upgrades({ txAllowListConfig: { blockTimestamp: 100 } }, { txAllowListConfig: { blockTimestamp: 100, disable: true } }),
      at(1),
      precompileErr(
        'precompile upgrade config block timestamp for same key must be strictly greater than previous timestamp: PrecompileUpgrade (txAllowListConfig) at [1] has timestamp 100, previous timestamp of same key 100',
      ),
    )
    refuses(
      genesis({ feeManagerConfig: { blockTimestamp: 50 } }),
      upgrades({ feeManagerConfig: { blockTimestamp: 50, disable: true } }),
      at(0),
      precompileErr(
        'precompile upgrade config block timestamp for same key must be strictly greater than previous timestamp: PrecompileUpgrade (feeManagerConfig) at [0] has timestamp 50, previous timestamp of same key 50',
      ),
    )
  })

  it('decreasing timestamps across keys; equal timestamps of different keys are fine', () => {
    refuses(
      genesis(),
      upgrades({ contractDeployerAllowListConfig: { blockTimestamp: 200 } }, { txAllowListConfig: { blockTimestamp: 100 } }),
      at(1),
      precompileErr(
        'precompile upgrade config block timestamp must be greater than or equal to previous timestamp: PrecompileUpgrade (txAllowListConfig) at [1] has timestamp 100, previous timestamp 200',
      ),
    )
    expect(() =>
      loadChainFiles(
        genesis(),
        upgrades({ contractDeployerAllowListConfig: { blockTimestamp: 200 } }, { txAllowListConfig: { blockTimestamp: 200 } }),
        LOCAL,
      ),
    ).not.toThrow()
  })

  it('nil timestamp', () => {
    refuses(
      genesis(),
      upgrades({ contractDeployerAllowListConfig: { adminAddresses: [admin] } }),
      at(0),
      precompileErr('precompile upgrade block timestamp cannot be nil: PrecompileUpgrade (contractDeployerAllowListConfig) at [0]'),
    )
    refuses(
      genesis(),
      upgrades({ txAllowListConfig: { blockTimestamp: 1 } }, { contractDeployerAllowListConfig: { blockTimestamp: null } }),
      at(1),
      precompileErr('precompile upgrade block timestamp cannot be nil: PrecompileUpgrade (contractDeployerAllowListConfig) at [1]'),
    )
  })

  it('entries are checked in array order: an earlier rule error wins over a later bad initialFeeConfig', () => {
    refuses(
      genesis(),
      upgrades(
        { contractDeployerAllowListConfig: { blockTimestamp: 100, disable: true } },
        { feeManagerConfig: { blockTimestamp: 200, initialFeeConfig: { gasLimit: 1 } } },
      ),
      at(0),
      precompileErr(
        'precompile upgrade disable value is invalid: PrecompileUpgrade (contractDeployerAllowListConfig) at [0], disable should be false',
      ),
    )
  })

  it('an empty upgrade.json file is skipped, as the node skips empty upgrade bytes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'subnet-rpc-config-'))
    try {
      const u = join(dir, 'upgrade.json')
      writeFileSync(u, '')
      expect(loadChainFiles(genesis(), u, LOCAL).spec.upgrades.precompileUpgrades).toEqual([])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it('names the offending entry in the file it came from', () => {
    const dir = mkdtempSync(join(tmpdir(), 'subnet-rpc-config-'))
    try {
      const g = join(dir, 'genesis.json')
      const u = join(dir, 'upgrade.json')
      writeFileSync(g, JSON.stringify(genesis()))
      writeFileSync(
        u,
        JSON.stringify(
          upgrades(
            { txAllowListConfig: { blockTimestamp: 100 } },
            { txAllowListConfig: { blockTimestamp: 200, disable: true } },
            { txAllowListConfig: { blockTimestamp: 150 } },
          ),
        ),
      )
      const e = errorOf(() => loadChainFiles(g, u, LOCAL))
      expect(e.message).toBe(
        `${u}: precompileUpgrades[2]: ${precompileErr('precompile upgrade config block timestamp must be greater than or equal to previous timestamp: PrecompileUpgrade (txAllowListConfig) at [2] has timestamp 150, previous timestamp 200')}`,
      )
      writeFileSync(g, JSON.stringify(genesis({ feeConfig: { ...fee, targetGas: 0 } })))
      expect(errorOf(() => loadChainFiles(g, undefined, LOCAL)).message).toBe(
        `${g}: config.feeConfig: ${verify('invalid fee config: targetGas cannot be less than or equal to 0: targetGas = 0')}`,
      )
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('per-module Verify (precompile/contracts/*/config.go, allowlist/config.go)', () => {
  const upgradeAt0 = (config: Record<string, unknown>, message: string, g = genesis()) =>
    refuses(g, upgrades(config), at(0), precompileErr(message))

  it('allow lists: duplicates and role conflicts, addresses EIP-55 checksummed', () => {
    upgradeAt0(
      { contractDeployerAllowListConfig: { blockTimestamp: 100, adminAddresses: [admin, admin] } },
      `duplicate address in admin list: ${adminChecksum}`,
    )
    upgradeAt0(
      { contractDeployerAllowListConfig: { blockTimestamp: 100, enabledAddresses: [other, other] } },
      `duplicate address in enabled list: ${otherChecksum}`,
    )
    upgradeAt0(
      { contractDeployerAllowListConfig: { blockTimestamp: 100, adminAddresses: [other], enabledAddresses: [other] } },
      `cannot set address as both admin and enabled: ${otherChecksum}`,
    )
    upgradeAt0(
      { contractDeployerAllowListConfig: { blockTimestamp: DURANGO, managerAddresses: [admin, admin] } },
      `duplicate address in manager list: ${adminChecksum}`,
    )
    upgradeAt0(
      { contractDeployerAllowListConfig: { blockTimestamp: DURANGO, adminAddresses: [admin], managerAddresses: [admin] } },
      `cannot set address as both admin and manager: ${adminChecksum}`,
    )
    upgradeAt0(
      { contractDeployerAllowListConfig: { blockTimestamp: DURANGO, enabledAddresses: [admin], managerAddresses: [admin] } },
      `cannot set address as both enabled and manager: ${adminChecksum}`,
    )
  })

  it('managers before Durango', () => {
    upgradeAt0({ txAllowListConfig: { blockTimestamp: DURANGO - 1, managerAddresses: [admin] } }, 'cannot add managers before Durango')
    expect(() =>
      loadChainFiles(genesis(), upgrades({ txAllowListConfig: { blockTimestamp: DURANGO, managerAddresses: [admin] } }), LOCAL),
    ).not.toThrow()
  })

  it('a duplicate admin in a genesis precompile names the genesis key', () => {
    refuses(
      genesis({ contractNativeMinterConfig: { blockTimestamp: 0, adminAddresses: [admin, admin] } }),
      undefined,
      'genesis: config.contractNativeMinterConfig',
      precompileErr(`duplicate address in admin list: ${adminChecksum}`),
    )
  })

  it('warp before Durango (local Durango is 1607144400 even when genesis says 0)', () => {
    refuses(
      genesis({ warpConfig: { blockTimestamp: 0 } }),
      undefined,
      'genesis: config.warpConfig',
      precompileErr('warp cannot be activated before Durango'),
    )
    refuses(
      genesis({ durangoTimestamp: 0, warpConfig: { blockTimestamp: 0 } }),
      undefined,
      'genesis: config.warpConfig',
      precompileErr('warp cannot be activated before Durango'),
    )
    upgradeAt0({ warpConfig: { blockTimestamp: 1000 } }, 'warp cannot be activated before Durango')
    // With Durango overridden to 0, warp at 0 is fine.
    expect(() =>
      loadChainFiles(genesis({ warpConfig: { blockTimestamp: 0 } }), { networkUpgradeOverrides: { durangoTimestamp: 0 } }, LOCAL),
    ).not.toThrow()
  })

  it('warp quorum', () => {
    upgradeAt0(
      { warpConfig: { blockTimestamp: DURANGO, quorumNumerator: 101 } },
      'invalid warp quorum ratio: cannot specify numerator (101) > denominator (100)',
    )
    upgradeAt0(
      { warpConfig: { blockTimestamp: DURANGO, quorumNumerator: 32 } },
      'invalid warp quorum ratio: cannot specify numerator (32) < min numerator (33)',
    )
  })

  it('native minter amounts and reward manager exclusivity', () => {
    upgradeAt0(
      { contractNativeMinterConfig: { blockTimestamp: 100, initialMint: { [other]: '0x0' } } },
      `initial mint cannot contain invalid amount: amount 0 for address ${otherChecksum}`,
    )
    upgradeAt0(
      { rewardManagerConfig: { blockTimestamp: 100, initialRewardConfig: { allowFeeRecipients: true, rewardAddress: other } } },
      'cannot enable both fee recipients and reward address at the same time',
    )
  })

  it('feeManager initialFeeConfig: the fee config message, unprefixed inside the precompile wrapper', () => {
    upgradeAt0({ feeManagerConfig: { blockTimestamp: 100, initialFeeConfig: { gasLimit: 8_000_000 } } }, 'minBaseFee cannot be nil')
    upgradeAt0(
      { feeManagerConfig: { blockTimestamp: 100, initialFeeConfig: { ...fee, targetBlockRate: 0 } } },
      'targetBlockRate cannot be less than or equal to 0: targetBlockRate = 0',
    )
    // Allow-list checks run first.
    upgradeAt0(
      { feeManagerConfig: { blockTimestamp: 100, adminAddresses: [admin, admin], initialFeeConfig: { gasLimit: 8_000_000 } } },
      `duplicate address in admin list: ${adminChecksum}`,
    )
  })
})

describe('state and network upgrades (state_upgrade.go, network_upgrades.go)', () => {
  const state = (...stateUpgrades: unknown[]) => ({ stateUpgrades })
  const stateErr = (m: string) => verify(`invalid state upgrades: ${m}`)

  it('state upgrade timestamps', () => {
    refuses(
      genesis(),
      state({ accounts: {} }),
      'upgrade.json: stateUpgrades[0]',
      stateErr('state upgrade config block timestamp cannot be nil: StateUpgrade[0]'),
    )
    refuses(
      genesis(),
      state({ blockTimestamp: 0, accounts: {} }),
      'upgrade.json: stateUpgrades[0]',
      stateErr('state upgrade config block timestamp must be greater than 0: StateUpgrade[0] has timestamp 0'),
    )
    refuses(
      genesis(),
      state({ blockTimestamp: 10, accounts: {} }, { blockTimestamp: 10, accounts: {} }),
      'upgrade.json: stateUpgrades[1]',
      stateErr(
        'state upgrade config block timestamp must be greater than previous timestamp: StateUpgrade[1] has timestamp 10, previous timestamp 10',
      ),
    )
  })

  it('network upgrades may not precede the network defaults', () => {
    refuses(
      genesis({ durangoTimestamp: 5 }),
      undefined,
      'genesis: config.durangoTimestamp',
      verify(
        `invalid network upgrades: durango fork block timestamp is invalid: provided timestamp must be greater than or equal to the default timestamp: provided timestamp 5, default timestamp ${DURANGO}`,
      ),
    )
    refuses(
      genesis({ durangoTimestamp: 0, etnaTimestamp: 0, graniteTimestamp: 0 }),
      { networkUpgradeOverrides: { durangoTimestamp: 5 } },
      'upgrade.json: networkUpgradeOverrides.durangoTimestamp',
      verify(
        'invalid network upgrades: durango fork block timestamp is invalid: provided timestamp must be greater than or equal to the default timestamp: provided timestamp 5, default timestamp 1707840000',
      ),
      5,
    )
    // Local may override to 0.
    expect(
      loadChainFiles(genesis(), { networkUpgradeOverrides: { durangoTimestamp: 0, etnaTimestamp: 0, graniteTimestamp: 0 } }, LOCAL).spec
        .networkUpgrades.durangoTimestamp,
    ).toBe(0n)
  })

  it('Avalanche fork ordering (the node prints pointers, so only the prefix is fixed)', () => {
    // Etna after Granite: Cancun (= Etna) still follows Shanghai (= Durango), so only the hook's loop refuses it.
    const e = errorOf(() => loadChainFiles(genesis(), { networkUpgradeOverrides: { etnaTimestamp: 2_000_000_000 } }, LOCAL))
    expect(e.message).toMatch(
      /^genesis: config\.graniteTimestamp: unsupported fork ordering: etnaTimestamp enabled at timestamp \S+, but graniteTimestamp enabled at timestamp \S+$/,
    )
  })
})

describe('go-ethereum fork ordering (libevm params/config.go CheckConfigForkOrder, before the Avalanche one)', () => {
  const UNSCHEDULED = 253399622400

  it('fork blocks out of order', () => {
    refuses(
      genesis({ byzantiumBlock: 5, constantinopleBlock: 3 }),
      undefined,
      'genesis: config.constantinopleBlock',
      'unsupported fork ordering: byzantiumBlock enabled at block 5, but constantinopleBlock enabled at block 3',
    )
    // Every block from Homestead to London set and in order: accepted.
    const blocks = ['homesteadBlock', 'eip150Block', 'eip155Block', 'eip158Block', 'byzantiumBlock', 'constantinopleBlock']
    const later = ['petersburgBlock', 'istanbulBlock', 'muirGlacierBlock', 'berlinBlock', 'londonBlock']
    const ordered = Object.fromEntries([...blocks, ...later].map((k, i) => [k, i]))
    expect(loadChainFiles(genesis(ordered), undefined, LOCAL).spec.eth.londonBlock).toBe(10n)
  })

  it('sees the blocks SetEthUpgrades fills with 0, so an unset one may not follow a later one', () => {
    // istanbulBlock unset is 0: after petersburgBlock 0 (also unset) and before berlinBlock 7, accepted.
    expect(loadChainFiles(genesis({ berlinBlock: 7, londonBlock: 7 }), undefined, LOCAL).spec.eth.istanbulBlock).toBe(0n)
    // londonBlock unset is 0 too, so it may not follow berlinBlock 7.
    refuses(
      genesis({ berlinBlock: 7 }),
      undefined,
      'genesis: config.londonBlock',
      'unsupported fork ordering: berlinBlock enabled at block 7, but londonBlock enabled at block 0',
    )
    refuses(
      genesis({ petersburgBlock: 4, berlinBlock: 7 }),
      undefined,
      'genesis: config.istanbulBlock',
      'unsupported fork ordering: petersburgBlock enabled at block 4, but istanbulBlock enabled at block 0',
    )
    // muirGlacierBlock is optional to libevm, but SetEthUpgrades sets it all the same.
    refuses(
      genesis({ istanbulBlock: 5, berlinBlock: 6 }),
      undefined,
      'genesis: config.muirGlacierBlock',
      'unsupported fork ordering: istanbulBlock enabled at block 5, but muirGlacierBlock enabled at block 0',
    )
  })

  it('an optional fork left unset is skipped: the next one is compared with the last one set', () => {
    refuses(
      genesis({ londonBlock: 5, grayGlacierBlock: 3 }),
      undefined,
      'genesis: config.grayGlacierBlock',
      'unsupported fork ordering: londonBlock enabled at block 5, but grayGlacierBlock enabled at block 3',
    )
    expect(loadChainFiles(genesis({ londonBlock: 5, grayGlacierBlock: 6 }), undefined, LOCAL).spec.eth.grayGlacierBlock).toBe(6n)
    refuses(
      genesis({ daoForkBlock: 10 }),
      undefined,
      'genesis: config.eip150Block',
      'unsupported fork ordering: daoForkBlock enabled at block 10, but eip150Block enabled at block 0',
    )
  })

  it('fork times: Shanghai and Cancun are Durango and Etna, Prague and Verkle as the genesis gives them', () => {
    refuses(
      genesis({ pragueTime: 5 }),
      undefined,
      'genesis: config.pragueTime',
      `unsupported fork ordering: cancunTime enabled at timestamp ${DURANGO}, but pragueTime enabled at timestamp 5`,
    )
    // A genesis shanghaiTime is replaced by Durango's time when Durango is scheduled.
    expect(loadChainFiles(genesis({ shanghaiTime: 5, pragueTime: 2_000_000_000 }), undefined, LOCAL).spec.eth.shanghaiTime).toBe(
      BigInt(DURANGO),
    )
    // The libevm loop runs first: Durango after Etna is refused as Shanghai after Cancun, with the times.
    refuses(
      genesis(),
      { networkUpgradeOverrides: { durangoTimestamp: 2_000_000_000 } },
      'genesis: config.etnaTimestamp',
      `unsupported fork ordering: shanghaiTime enabled at timestamp 2000000000, but cancunTime enabled at timestamp ${DURANGO}`,
    )
  })

  it('shanghaiTime is not optional: unset (Durango unscheduled) with a later fork time set', () => {
    // Helicon too: a v1.15.1+ local network has it from genesis, and it cannot come before Granite.
    const unscheduled = {
      durangoTimestamp: UNSCHEDULED,
      etnaTimestamp: UNSCHEDULED,
      graniteTimestamp: UNSCHEDULED,
      heliconTimestamp: UNSCHEDULED,
    }
    const spec = loadChainFiles(genesis(unscheduled), undefined, LOCAL).spec
    expect(spec.eth.shanghaiTime).toBeUndefined()
    expect(spec.eth.cancunTime).toBeUndefined()
    refuses(
      genesis({ ...unscheduled, cancunTime: 100 }),
      undefined,
      'genesis: config.cancunTime',
      'unsupported fork ordering: shanghaiTime not enabled, but cancunTime enabled at timestamp 100',
    )
    // Cancun is optional: unset, Prague is compared with Shanghai.
    refuses(
      genesis({ ...unscheduled, shanghaiTime: 200, pragueTime: 100 }),
      undefined,
      'genesis: config.pragueTime',
      'unsupported fork ordering: shanghaiTime enabled at timestamp 200, but pragueTime enabled at timestamp 100',
    )
  })

  it('block forks are not compared with fork times', () => {
    const spec = loadChainFiles(genesis({ londonBlock: 1_000_000, mergeNetsplitBlock: 2_000_000 }), undefined, LOCAL).spec
    expect(spec.eth.mergeNetsplitBlock).toBe(2_000_000n)
    expect(spec.eth.shanghaiTime).toBe(BigInt(DURANGO))
  })

  it('runs after Verify: a config Verify refuses gets its message first', () => {
    refuses(
      genesis({ byzantiumBlock: 5, constantinopleBlock: 3, durangoTimestamp: 5 }),
      undefined,
      'genesis: config.durangoTimestamp',
      verify(
        `invalid network upgrades: durango fork block timestamp is invalid: provided timestamp must be greater than or equal to the default timestamp: provided timestamp 5, default timestamp ${DURANGO}`,
      ),
    )
  })

  it("the loop's other texts (checkForks): not enabled before a block, a block fork after a fork time", () => {
    expect(
      checkForks([
        { name: 'a', block: undefined },
        { name: 'b', block: 3n },
      ]),
    ).toEqual({
      fork: 'b',
      message: 'unsupported fork ordering: a not enabled, but b enabled at block 3',
    })
    // A block fork after a timestamped one is not compared (neither case of the switch matches)...
    expect(
      checkForks([
        { name: 'a', timestamp: 9n },
        { name: 'b', block: 3n },
      ]),
    ).toBeUndefined()
    // ...unless it carries a time too, which no fork of either list does.
    expect(
      checkForks([
        { name: 'a', timestamp: 9n },
        { name: 'b', block: 3n, timestamp: 10n },
      ]),
    ).toEqual({
      fork: 'b',
      message: 'unsupported fork ordering: a used timestamp ordering, but b reverted to block ordering',
    })
  })
})

describe('eth_getChainConfig serialisation of a loaded config (ChainConfigWithUpgradesJSON.MarshalJSON)', () => {
  it('applies overrides on top, and writes upgrades in struct order: overrides, state upgrades, precompile upgrades', () => {
    const account = '0xAbCdEf0123456789aBcDeF0123456789AbCdEf01'
    const slot = `0x${'00'.repeat(31)}01`
    const val = `0x${'00'.repeat(31)}02`
    const files = loadChainFiles(
      genesis(),
      {
        precompileUpgrades: [{ txAllowListConfig: { blockTimestamp: 1_700_000_002 } }],
        stateUpgrades: [
          { blockTimestamp: 1_700_000_001, accounts: { [account]: { balanceChange: '1000', storage: { [slot]: val }, code: '0x6000' } } },
        ],
        // Helicon with Granite: on a local network it is active from genesis (v1.15.1+), and cannot come before Granite.
        networkUpgradeOverrides: { graniteTimestamp: 1_700_000_000, fortunaTimestamp: 1_650_000_000, heliconTimestamp: 1_700_000_000 },
      },
      LOCAL,
    )
    const feeJson =
      '{"gasLimit":8000000,"targetBlockRate":2,"minBaseFee":25000000000,"targetGas":15000000,"baseFeeChangeDenominator":36,"minBlockGasCost":0,"maxBlockGasCost":1000000,"blockGasCostStep":200000}'
    expect(goJson(chainConfigJson(files.spec))).toBe(
      `{"berlinBlock":0,"byzantiumBlock":0,"cancunTime":${DURANGO},"chainId":99999,"constantinopleBlock":0,"durangoTimestamp":${DURANGO},"eip150Block":0,"eip155Block":0,"eip158Block":0,"etnaTimestamp":${DURANGO},` +
        `"feeConfig":${feeJson},"fortunaTimestamp":1650000000,"graniteTimestamp":1700000000,"heliconTimestamp":1700000000,"homesteadBlock":0,"istanbulBlock":0,"londonBlock":0,"muirGlacierBlock":0,"petersburgBlock":0,` +
        `"shanghaiTime":${DURANGO},"subnetEVMTimestamp":0,` +
        '"upgrades":{"networkUpgradeOverrides":{"fortunaTimestamp":1650000000,"graniteTimestamp":1700000000,"heliconTimestamp":1700000000},' +
        `"stateUpgrades":[{"blockTimestamp":1700000001,"accounts":{"${account.toLowerCase()}":{"code":"0x6000","storage":{"${slot}":"${val}"},"balanceChange":"0x3e8"}}}],` +
        '"precompileUpgrades":[{"txAllowListConfig":{"blockTimestamp":1700000002}}]}}',
    )
  })
})

describe('startDevnet with a bad file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'subnet-rpc-start-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  // startDevnet checks its optional dependencies (an anvil binary among them) first, then the files.
  it('rejects with the config error before spawning anvil', async () => {
    const u = join(dir, 'upgrade.json')
    writeFileSync(
      u,
      JSON.stringify(
        upgrades({ txAllowListConfig: { blockTimestamp: 100 } }, { txAllowListConfig: { blockTimestamp: 100, disable: true } }),
      ),
    )
    const { mark, anvilBinary } = spyAnvil(dir)
    const attempt = startDevnet({ genesis: genesis({ txAllowListConfig: { blockTimestamp: 0 } }), upgrade: u, anvilBinary })
    await expect(attempt).rejects.toBeInstanceOf(ChainConfigError)
    await expect(attempt).rejects.toThrow(
      `${u}: precompileUpgrades[0]: ${precompileErr('precompile upgrade disable value is invalid: PrecompileUpgrade (txAllowListConfig) at [0], disable should be true')}`,
    )
    expect(existsSync(mark)).toBe(false)
  })
})

describe('startDevnet with the Gas Price Manager (module in subnet-evm, not registered)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'subnet-rpc-start-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('rejects its upgrade.json entry with the node text before spawning anvil', async () => {
    const u = join(dir, 'upgrade.json')
    writeFileSync(u, JSON.stringify(upgrades({ gasPriceManagerConfig: { blockTimestamp: 100 } })))
    const { mark, anvilBinary } = spyAnvil(dir)
    const attempt = startDevnet({ genesis: genesis(), upgrade: u, anvilBinary })
    await expect(attempt).rejects.toBeInstanceOf(ChainConfigError)
    await expect(attempt).rejects.toThrow(
      new ChainConfigError(`${u}: precompileUpgrades[0]: failed to parse upgrade bytes: unknown precompile config: gasPriceManagerConfig`),
    )
    expect(existsSync(mark)).toBe(false)
  })

  it('the shared loader ignores it in a genesis (no config, a warning)', () => {
    const files = loadChainFiles(genesis({ gasPriceManagerConfig: { blockTimestamp: 0 } }), undefined, LOCAL)
    expect(files.spec.genesisPrecompiles).toEqual([])
    expect(files.warnings).toHaveLength(1)
    expect(goJson(chainConfigJson(files.spec))).not.toContain('gasPriceManager')
  })
})

describe('startDevnet with the Gas Price Manager in a genesis (a node ignores it): the warning at start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'subnet-rpc-profiles-'))
  const children: ChildProcess[] = []
  afterAll(() => {
    for (const c of children) c.kill('SIGINT')
    rmSync(dir, { recursive: true, force: true })
  })
  const genesis = testGenesis({ chainId: 4242, gasPriceManagerConfig: { blockTimestamp: 0 } })
  // The wording of src/core/config/genesis.ts (loadChainFiles), the one `subnet-rpc check` prints.
  const warning = (file: string) =>
    `${file}: config.gasPriceManagerConfig: ignored: avalanchego v1.15.0-fuji does not register the Gas Price Manager (precompile/registry/registry.go), so a node starts this genesis without it`

  it('startDevnet gives the warning to onWarning and lists it in devnet.warnings; the chain runs without it', async () => {
    const seen: string[] = []
    const d = await startDevnet({ seed: 'profiles-gpm', genesis, onWarning: (m) => seen.push(m) })
    try {
      expect(seen).toEqual([warning('genesis')])
      expect(d.warnings).toEqual(seen)
      expect((await rpc(d.rpcUrl, 'eth_getChainConfig', '[]')).body).not.toContain('gasPriceManager')
    } finally {
      await d.stop()
    }
  })

  it('the CLI prints it on stderr at start, with the file name (the built dist/cli.js, --node-version 1.14.2)', async () => {
    const path = join(dir, 'genesis.json')
    writeFileSync(path, JSON.stringify(genesis))
    const { rpcUrl, child, output } = await startCliDevnet(path, ['--node-version', '1.14.2'])
    children.push(child)
    expect(output()).toContain(`warning: ${warning(path)}\n`)
    expect(output()).toContain('  version     avalanchego/1.14.2\n')
    expect((await rpc(rpcUrl, 'web3_clientVersion', '[]')).body).toContain('"result":"v1.14.2"')
  })
})

describe('*math.HexOrDecimal256 amounts (common/math/big.go ParseBig256; MarshalText %#x)', () => {
  const minter = (initialMint: unknown) => upgrades({ contractNativeMinterConfig: { blockTimestamp: 100, initialMint } })
  const mintJson = (amount: unknown) => {
    const files = loadChainFiles(genesis(), minter({ [other]: amount }), LOCAL)
    return goJson(chainConfigJson(files.spec)).match(/"initialMint":(\{[^}]*\})/)![1]
  }
  const change = (balanceChange: unknown, accounts: unknown = { [other]: { balanceChange } }) =>
    JSON.stringify(
      JSON.parse(goJson(chainConfigJson(loadChainFiles(genesis(), { stateUpgrades: [{ blockTimestamp: 5, accounts }] }, LOCAL).spec)))
        .upgrades.stateUpgrades,
    )

  it('reads every text ParseBig256 takes and writes it back as lower-case %#x hex', () => {
    const cases: [unknown, string][] = [
      ['0x3635c9adc5dea00000', '0x3635c9adc5dea00000'],
      ['0X3635C9ADC5DEA00000', '0x3635c9adc5dea00000'],
      ['1000000000000000000000', '0x3635c9adc5dea00000'],
      ['0x00ff', '0xff'],
      ['007', '0x7'],
      ['+5', '0x5'],
      ['0x+5', '0x5'],
      [12, '0xc'],
      [`0x${'f'.repeat(64)}`, `0x${'f'.repeat(64)}`],
    ]
    for (const [amount, written] of cases) expect(mintJson(amount), String(amount)).toBe(`{"${other}":"${written}"}`)
  })

  it('refuses what ParseBig256 refuses, naming the entry', () => {
    const where = `upgrade.json: precompileUpgrades[0].contractNativeMinterConfig.initialMint.${other}`
    for (const amount of ['0x', '0xg', '-0x5', '1.5', '1e3', ' 1', 'lots', `0x1${'0'.repeat(64)}`, (1n << 256n).toString(), true, {}])
      expect(errorOf(() => loadChainFiles(genesis(), minter({ [other]: amount }), LOCAL)).message, JSON.stringify(amount)).toMatch(
        new RegExp(`^${where.replace(/[.[\]]/g, '\\$&')}: invalid hex or decimal integer `),
      )
  })

  it('nativeminter Verify: a nil, zero or negative amount is refused with the node message', () => {
    const upgradeAt0 = (initialMint: unknown, message: string) => refuses(genesis(), minter(initialMint), at(0), precompileErr(message))
    upgradeAt0({ [other]: null }, `initial mint cannot contain nil amount for address ${otherChecksum}`)
    upgradeAt0({ [other]: '0' }, `initial mint cannot contain invalid amount: amount 0 for address ${otherChecksum}`)
    upgradeAt0({ [other]: '-0' }, `initial mint cannot contain invalid amount: amount 0 for address ${otherChecksum}`)
    upgradeAt0({ [other]: '-5' }, `initial mint cannot contain invalid amount: amount -5 for address ${otherChecksum}`)
    upgradeAt0({ [other]: '0x-ff' }, `initial mint cannot contain invalid amount: amount -255 for address ${otherChecksum}`)
  })

  it('a state upgrade balanceChange may be negative and is written as -0x…; zero as 0x0; the empty text reads as 0', () => {
    expect(change('-1000000000000000000')).toBe(`[{"blockTimestamp":5,"accounts":{"${other}":{"balanceChange":"-0xde0b6b3a7640000"}}}]`)
    expect(change('0x-10')).toBe(`[{"blockTimestamp":5,"accounts":{"${other}":{"balanceChange":"-0x10"}}}]`)
    expect(change(-16)).toBe(`[{"blockTimestamp":5,"accounts":{"${other}":{"balanceChange":"-0x10"}}}]`)
    expect(change('0')).toBe(`[{"blockTimestamp":5,"accounts":{"${other}":{"balanceChange":"0x0"}}}]`)
    expect(change('')).toBe(`[{"blockTimestamp":5,"accounts":{"${other}":{"balanceChange":"0x0"}}}]`)
    expect(change(null)).toBe(`[{"blockTimestamp":5,"accounts":{"${other}":{}}}]`)
  })

  it('state upgrade accounts: a missing or null map is written as null (no omitempty); storage hashes need all 64 digits', () => {
    expect(change(undefined, null)).toBe('[{"blockTimestamp":5,"accounts":null}]')
    expect(goJson(chainConfigJson(loadChainFiles(genesis(), { stateUpgrades: [{ blockTimestamp: 5 }] }, LOCAL).spec))).toContain(
      '"stateUpgrades":[{"blockTimestamp":5,"accounts":null}]',
    )
    expect(change(undefined, {})).toBe('[{"blockTimestamp":5,"accounts":{}}]')
    const e = errorOf(() =>
      loadChainFiles(
        genesis(),
        { stateUpgrades: [{ blockTimestamp: 5, accounts: { [other]: { storage: { '0x1': `0x${'0'.repeat(64)}` } } } }] },
        LOCAL,
      ),
    )
    expect(e.message).toBe(
      `upgrade.json: stateUpgrades[0].accounts.${other}.storage.0x1: expected a 32-byte hash (0x and 64 hex digits), got "0x1"`,
    )
  })

  it('a genesis precompile key set to null is an empty config (Precompiles.UnmarshalJSON), with a nil timestamp', () => {
    const files = loadChainFiles(genesis({ warpConfig: null }), undefined, LOCAL)
    expect(goJson(chainConfigJson(files.spec))).toContain(
      '"warpConfig":{"blockTimestamp":null,"quorumNumerator":0,"requirePrimaryNetworkSigners":false}',
    )
  })

  it("a negative genesis alloc balance is taken as its two's complement (uint256.MustFromBig)", () => {
    const files = loadChainFiles(genesis({}, { alloc: { [other]: { balance: '-1' } } }), undefined, LOCAL)
    expect(files.alloc[0]!.balance).toBe((1n << 256n) - 1n)
  })
})

describe('initialMinDelayMS (ChainConfig.Verify, its last check: at most InitialDelayExcess.Delay(), 2,000 ms)', () => {
  it('2,000 ms loads; 2,001 ms is refused with the node’s text', () => {
    expect(() => loadChainFiles(genesis({ initialMinDelayMS: 2000 }), undefined, LOCAL)).not.toThrow()
    refuses(
      genesis({ initialMinDelayMS: 2001 }),
      undefined,
      'genesis: config.initialMinDelayMS',
      verify('initialMinDelayMS too large: 2001 exceeds 2000'),
    )
  })
})
