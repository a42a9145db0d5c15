/**
 * The read path on real Subnet-EVM genesis files (test/fixtures/subnet-evm-genesis, copied
 * verbatim; see SOURCES.md there): a devnet started from each file answers
 * `eth_getChainConfig`, `eth_getActivePrecompilesAt` and `eth_getActiveRulesAt`, read through
 * viem (`subnetHttp` + `subnetActions`) and ethers (`SubnetProvider`) at every timestamp that
 * matters. Both must decode the same values, and those values must be what a node makes of
 * the file: the values in it as exact bigints, plus the defaults a node on a local network
 * (12345, `upgrade.Default`) adds (`SetDefaults`, `SetEthUpgrades`).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { createPublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompileKeys } from '../../src/core/names.js'
import { startDevnet, type Devnet } from '../../packages/devnet/src/index.js'
import { SubnetProvider } from '../../src/ethers/index.js'
import { subnetActions, subnetHttp } from '../../src/viem/index.js'
import { zeroFilledForkBlocks } from '../helpers/devnet.js'

const fixtures = resolve(import.meta.dirname, '../fixtures')
const genesisDir = join(fixtures, 'subnet-evm-genesis')
const minterUpgrade = join(fixtures, 'upgrades/contract_native_minter.upgrade.json')

/** Local networks' times (avalanchego `upgrade.Default`, v1.15.3, the devnet's default): Durango, Etna, Granite and Helicon (since v1.15.1) initially active. */
const INITIALLY_ACTIVE = 1_607_144_400n
const UNSCHEDULED = 253_399_622_400n
const MAX_TIMESTAMP = 2 ** 53 - 1
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

type Json = Record<string, any>
const readJson = (path: string): Json => JSON.parse(readFileSync(path, 'utf8'))
const lower = (addresses: string[] | undefined) => addresses?.map((a) => a.toLowerCase())

/** A precompile config from the file as the node writes it and our decoders return it. */
function expectedPrecompile(key: string, raw: Json): Json {
  const out: Json = {}
  if (key !== 'warpConfig')
    for (const role of ['adminAddresses', 'managerAddresses', 'enabledAddresses']) if (raw[role]?.length) out[role] = lower(raw[role])
  out.blockTimestamp = raw.blockTimestamp === undefined ? null : BigInt(raw.blockTimestamp)
  if (raw.disable) out.disable = true
  if (raw.initialMint)
    out.initialMint = Object.fromEntries(Object.entries(raw.initialMint).map(([a, v]) => [a.toLowerCase(), BigInt(v as string)]))
  if (raw.initialFeeConfig) out.initialFeeConfig = expectedFee(raw.initialFeeConfig)
  if (raw.initialRewardConfig)
    out.initialRewardConfig = {
      allowFeeRecipients: raw.initialRewardConfig.allowFeeRecipients ?? false,
      rewardAddress: raw.initialRewardConfig.rewardAddress?.toLowerCase() ?? ZERO_ADDRESS,
    }
  if (key === 'warpConfig')
    Object.assign(out, {
      quorumNumerator: BigInt(raw.quorumNumerator ?? 0),
      requirePrimaryNetworkSigners: raw.requirePrimaryNetworkSigners ?? false,
    })
  return out
}

const expectedFee = (f: Json) => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, BigInt(v as number)]))

/** A state upgrade as the node writes it: addresses and hashes lower-case, amounts exact. */
const expectedStateUpgrade = (s: Json) => ({
  blockTimestamp: BigInt(s.blockTimestamp),
  accounts: Object.fromEntries(
    Object.entries(s.accounts as Json).map(([a, acc]) => [
      a.toLowerCase(),
      {
        ...(acc.code && { code: acc.code.toLowerCase() }),
        ...(acc.storage && {
          storage: Object.fromEntries(Object.entries(acc.storage).map(([k, v]) => [k.toLowerCase(), (v as string).toLowerCase()])),
        }),
        ...(acc.balanceChange !== undefined && {
          balanceChange: BigInt(acc.balanceChange.startsWith('-') ? -BigInt(acc.balanceChange.slice(1)) : acc.balanceChange),
        }),
      },
    ]),
  ),
})

/** `eth_getChainConfig` for a genesis (and upgrade file) on a local network. */
function expectedChainConfig(genesis: Json, upgrade: Json | undefined): Json {
  const c = genesis.config
  const out: Json = { chainId: BigInt(c.chainId), feeConfig: expectedFee(c.feeConfig) }
  // SetEthUpgrades: unset blocks up to London are 0; Shanghai and Cancun follow Durango and Etna.
  for (const key of zeroFilledForkBlocks) out[key] = BigInt(c[key] ?? 0)
  Object.assign(out, { shanghaiTime: INITIALLY_ACTIVE, cancunTime: INITIALLY_ACTIVE })
  // SetDefaults: unset (or 0) network upgrades take the network's times; Fortuna stays unset.
  Object.assign(out, {
    subnetEVMTimestamp: 0n,
    durangoTimestamp: INITIALLY_ACTIVE,
    etnaTimestamp: INITIALLY_ACTIVE,
    graniteTimestamp: INITIALLY_ACTIVE,
    heliconTimestamp: INITIALLY_ACTIVE,
  })
  for (const key of precompileKeys) if (c[key]) out[key] = expectedPrecompile(key, c[key])
  out.upgrades = {}
  if (upgrade?.stateUpgrades) out.upgrades.stateUpgrades = upgrade.stateUpgrades.map(expectedStateUpgrade)
  if (upgrade?.precompileUpgrades)
    out.upgrades.precompileUpgrades = upgrade.precompileUpgrades.map((u: Json) => {
      const [key, raw] = Object.entries(u)[0]!
      return { [key]: expectedPrecompile(key, raw) }
    })
  return out
}

/** Each precompile's configs in force over time: genesis first, then the upgrades in order. */
function schedule(genesis: Json, upgrade: Json | undefined): [string, Json][] {
  const out: [string, Json][] = []
  for (const key of precompileKeys) if (genesis.config[key]) out.push([key, genesis.config[key]])
  for (const u of upgrade?.precompileUpgrades ?? []) out.push(Object.entries(u)[0] as [string, Json])
  return out
}

/** The enabled precompiles at `t`: per key, the latest config with blockTimestamp ≤ t, unless it disables. */
function expectedActive(genesis: Json, upgrade: Json | undefined, t: bigint): Json {
  const latest = new Map<string, Json>()
  for (const [key, raw] of schedule(genesis, upgrade))
    if (raw.blockTimestamp !== undefined && BigInt(raw.blockTimestamp) <= t) latest.set(key, raw)
  const out: Json = {}
  for (const key of precompileKeys) {
    const raw = latest.get(key)
    if (raw && !raw.disable) out[key] = expectedPrecompile(key, raw)
  }
  return out
}

function expectedRules(genesis: Json, upgrade: Json | undefined, t: bigint): Json {
  const active = expectedActive(genesis, upgrade, t)
  const at = (ts: bigint) => ts <= t
  return {
    ethRules: {
      ChainID: BigInt(genesis.config.chainId),
      IsHomestead: true,
      IsEIP150: true,
      IsEIP155: true,
      IsEIP158: true,
      IsByzantium: true,
      IsConstantinople: true,
      IsPetersburg: true,
      IsIstanbul: true,
      IsBerlin: true,
      IsLondon: true,
      IsMerge: true,
      IsShanghai: at(INITIALLY_ACTIVE),
      IsCancun: at(INITIALLY_ACTIVE),
      IsPrague: false,
      IsVerkle: false,
    },
    avalancheRules: {
      IsSubnetEVM: true,
      IsDurango: at(INITIALLY_ACTIVE),
      IsEtna: at(INITIALLY_ACTIVE),
      IsFortuna: false,
      IsGranite: at(INITIALLY_ACTIVE),
      IsHelicon: at(INITIALLY_ACTIVE),
    },
    precompiles: Object.fromEntries(Object.entries(active).map(([k, v]) => [k, { timestamp: v.blockTimestamp }])),
  }
}

/** 0, the genesis time, each activation time and its neighbours, now, and the far future. */
function timestamps(genesis: Json, upgrade: Json | undefined): number[] {
  const activations = [
    Number(INITIALLY_ACTIVE),
    Number(UNSCHEDULED),
    ...schedule(genesis, upgrade).map(([, raw]) => Number(raw.blockTimestamp)),
    ...(upgrade?.stateUpgrades ?? []).map((s: Json) => Number(s.blockTimestamp)),
  ]
  const all = [
    0,
    Number(BigInt(genesis.timestamp)),
    ...activations.flatMap((t) => [t - 1, t, t + 1]),
    Math.floor(Date.now() / 1000),
    MAX_TIMESTAMP,
  ]
  return [...new Set(all.filter((t) => t >= 0 && t <= MAX_TIMESTAMP))].sort((a, b) => a - b)
}

const cases: { name: string; genesis: string; upgrade?: string }[] = [
  ...readdirSync(genesisDir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ name: f, genesis: join(genesisDir, f) })),
  {
    name: 'contract_native_minter.json with an upgrade.json (initialMint, stateUpgrades)',
    genesis: join(genesisDir, 'contract_native_minter.json'),
    upgrade: minterUpgrade,
  },
]

it('every real genesis file is under test', () => {
  expect(cases.map((c) => c.name).slice(0, 7)).toEqual([
    'contract_deployer_allow_list.json',
    'contract_native_minter.json',
    'fee_manager.json',
    'load.json',
    'reward_manager.json',
    'tx_allow_list.json',
    'warp.json',
  ])
})

describe.each(cases)('$name', ({ genesis: genesisPath, upgrade: upgradePath }) => {
  const genesis = readJson(genesisPath)
  const upgrade = upgradePath ? readJson(upgradePath) : undefined
  let devnet: Devnet
  let viem: ReturnType<typeof client>
  let ethers: SubnetProvider
  const client = (url: string) => createPublicClient({ transport: subnetHttp(url) }).extend(subnetActions())

  beforeAll(async () => {
    devnet = await startDevnet({ genesis: genesisPath, upgrade: upgradePath })
    viem = client(devnet.rpcUrl)
    ethers = new SubnetProvider(devnet.rpcUrl, undefined, { staticNetwork: true })
  })
  afterAll(async () => {
    ethers?.destroy()
    await devnet?.stop()
  })

  it('getChainConfig: viem and ethers decode the same config, the file after the node defaults', async () => {
    const [fromViem, fromEthers] = await Promise.all([viem.getChainConfig(), ethers.getChainConfig()])
    expect(fromEthers).toEqual(fromViem)
    expect(fromViem).toEqual(expectedChainConfig(genesis, upgrade))
  })

  it('getActivePrecompilesAt and getActiveRulesAt at 0, genesis, each activation ±1, now and the far future', async () => {
    const times = timestamps(genesis, upgrade)
    expect(times.length).toBeGreaterThanOrEqual(8)
    for (const t of times) {
      const [precompilesViem, precompilesEthers, rulesViem, rulesEthers] = await Promise.all([
        viem.getActivePrecompilesAt({ timestamp: t }),
        ethers.getActivePrecompilesAt(t),
        viem.getActiveRulesAt({ timestamp: BigInt(t) }),
        ethers.getActiveRulesAt(BigInt(t)),
      ])
      expect(precompilesEthers, `precompiles at ${t}`).toEqual(precompilesViem)
      expect(rulesEthers, `rules at ${t}`).toEqual(rulesViem)
      expect(precompilesViem, `precompiles at ${t}`).toEqual(expectedActive(genesis, upgrade, BigInt(t)))
      expect(rulesViem, `rules at ${t}`).toEqual(expectedRules(genesis, upgrade, BigInt(t)))
    }
  })

  it("with no timestamp: the head's time", async () => {
    const head = (await viem.getBlock()).timestamp
    const [rulesViem, rulesEthers, precompilesViem, precompilesEthers] = await Promise.all([
      viem.getActiveRulesAt(),
      ethers.getActiveRulesAt(),
      viem.getActivePrecompilesAt(),
      ethers.getActivePrecompilesAt(),
    ])
    expect(rulesEthers).toEqual(rulesViem)
    expect(precompilesEthers).toEqual(precompilesViem)
    expect(rulesViem).toEqual(expectedRules(genesis, upgrade, head))
    expect(precompilesViem).toEqual(expectedActive(genesis, upgrade, head))
  })
})

describe('spot checks of exact values', () => {
  let devnet: Devnet
  beforeAll(async () => {
    devnet = await startDevnet({ genesis: join(genesisDir, 'contract_native_minter.json'), upgrade: minterUpgrade })
  })
  afterAll(async () => {
    await devnet?.stop()
  })

  it('initialMint amounts and balance changes are the bigints of the texts in upgrade.json, hex or decimal, negative included', async () => {
    const viem = createPublicClient({ transport: subnetHttp(devnet.rpcUrl) }).extend(subnetActions())
    const ethers = new SubnetProvider(devnet.rpcUrl, undefined, { staticNetwork: true })
    try {
      for (const precompiles of [
        await viem.getActivePrecompilesAt({ timestamp: 1_700_000_100 }),
        await ethers.getActivePrecompilesAt(1_700_000_100),
      ]) {
        expect(precompiles.contractNativeMinterConfig?.initialMint).toEqual({
          '0x0fa8ea536be85f32724d57a37758761b86416123': 0x3635c9adc5dea00000n,
          '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc': 10n ** 75n,
        })
      }
      const accounts = (await ethers.getChainConfig()).upgrades.stateUpgrades![0]!.accounts!
      expect(accounts['0x0fa8ea536be85f32724d57a37758761b86416123']!.balanceChange).toBe(-(10n ** 18n))
      expect(accounts['0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc']!.balanceChange).toBe(0xde0b6b3a7640000n)
      // On the wire: %#x text, lower-case, negative as -0x…
      const raw = await (
        await fetch(devnet.rpcUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{"jsonrpc":"2.0","id":1,"method":"eth_getChainConfig"}',
        })
      ).text()
      expect(raw).toContain('"balanceChange":"-0xde0b6b3a7640000"')
      expect(raw).toContain('"0x0fa8ea536be85f32724d57a37758761b86416123":"0x3635c9adc5dea00000"')
    } finally {
      ethers.destroy()
    }
  })

  it('fee_manager.json: the fee config values are exact bigints of the file', async () => {
    const file = readJson(join(genesisDir, 'fee_manager.json'))
    const d = await startDevnet({ genesis: join(genesisDir, 'fee_manager.json') })
    try {
      const viem = createPublicClient({ transport: subnetHttp(d.rpcUrl) }).extend(subnetActions())
      const config = await viem.getChainConfig()
      expect(config.feeConfig).toEqual({
        gasLimit: 20_000_000n,
        targetBlockRate: 1n,
        minBaseFee: 1_000_000_000n,
        targetGas: 100_000_000n,
        baseFeeChangeDenominator: 48n,
        minBlockGasCost: 0n,
        maxBlockGasCost: 10_000_000n,
        blockGasCostStep: 500_000n,
      })
      expect(config.feeConfig.gasLimit).toBe(BigInt(file.gasLimit))
      expect(config.feeManagerConfig).toEqual({ adminAddresses: ['0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'], blockTimestamp: 0n })
    } finally {
      await d.stop()
    }
  })
})
