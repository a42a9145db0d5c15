/**
 * Generated genesis + upgrade.json pairs that a node accepts (fast-check, fixed seed): random
 * network upgrade times and overrides, precompile schedules (enable, disable, re-enable, with
 * strictly increasing times per key and non-decreasing times overall), initial configs
 * (disjoint allow-list roles, fee configs that pass `FeeConfig.Verify`, positive initial mints
 * in every text `HexOrDecimal256` reads, reward configs, warp quorums), and state upgrades
 * (balance changes of either sign, code, storage). Each pair starts a real devnet; the three
 * read methods are decoded through viem and ethers at every timestamp that matters, must agree,
 * and must equal what the generator put in, exactly.
 *
 * Raise GENERATED_RUNS for a longer run; GENERATED_SEED picks another seed.
 */
import { readdirSync } from 'node:fs'
import { join } from 'node:path'
import fc from 'fast-check'
import { createPublicClient, getAddress } from 'viem'
import { describe, expect, it } from 'vitest'
import { networkUpgradeKeys, precompileKeys, type NetworkUpgradeKey, type PrecompileKey } from '../../src/core/names.js'
import { activeRulesAt } from '../../src/core/rules/index.js'
import { chainConfigOf } from '../../src/core/config/rules.js'
import { loadChainFiles, upgradeSchedule } from '../../src/config.js'
import { startDevnet } from '../../packages/devnet/src/index.js'
import { SubnetProvider } from '../../src/ethers/index.js'
import { subnetActions, subnetHttp } from '../../src/viem/index.js'
import { zeroFilledForkBlocks } from '../helpers/devnet.js'

const runs = Number(process.env.GENERATED_RUNS ?? 60)
const seed = Number(process.env.GENERATED_SEED ?? 20261122)

const MAX_U64 = 2n ** 64n - 1n
const MAX_256 = 2n ** 256n - 1n
const MAX_QUERY = 2 ** 53 - 1
const INITIALLY_ACTIVE = 1_607_144_400n
const UNSCHEDULED = 253_399_622_400n
const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

/**
 * The network upgrade defaults of avalanchego's schedules (`upgrade/upgrade.go`; `GetNetworkUpgrades`): Fortuna has none.
 * The model follows v1.15.0, where Helicon is unscheduled on local networks; from v1.15.1 it is active there from
 * genesis, which every later Granite time the generator draws would have to follow (fork order), so the devnets and
 * the offline loads here run as v1.15.0 (test/devnet/node-profiles.test.ts covers the later releases).
 */
const release = '1.15.0'
const networkDefaults: Record<number, Record<NetworkUpgradeKey, bigint | undefined>> = {
  12345: {
    subnetEVMTimestamp: 0n,
    durangoTimestamp: INITIALLY_ACTIVE,
    etnaTimestamp: INITIALLY_ACTIVE,
    fortunaTimestamp: undefined,
    graniteTimestamp: INITIALLY_ACTIVE,
    heliconTimestamp: UNSCHEDULED,
  },
  5: {
    subnetEVMTimestamp: 0n,
    durangoTimestamp: 1_707_840_000n,
    etnaTimestamp: 1_732_550_400n,
    fortunaTimestamp: undefined,
    graniteTimestamp: 1_761_750_000n,
    // 2026-07-28T15:00:00Z since v1.15.0.
    heliconTimestamp: 1_785_250_800n,
  },
}

type Json = Record<string, any>
type Fee = Record<string, bigint>

/** JSON text with bigints as bare integers, as a hand-written genesis would have them. */
const toJson = (v: unknown): string =>
  JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `\u0000${x}` : x)).replace(/"\\u0000(-?\d+)"/g, '$1')

const hex = (bytes: Uint8Array) => [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('')
/** An address in one of the spellings a file may use; the node writes it lower-case. */
const spell = (address: string, style: number) =>
  style % 3 === 0 ? address : style % 3 === 1 ? getAddress(address) : `0x${address.slice(2).toUpperCase()}`

/** Texts `HexOrDecimal256.UnmarshalJSON` reads (`ParseBig256`), for an amount ≥ 0. */
function amountText(n: bigint, style: number): unknown {
  switch (style % 6) {
    case 0:
      return `0x${n.toString(16)}`
    case 1:
      return `0X${n.toString(16).toUpperCase()}`
    case 2:
      return `0x000${n.toString(16)}`
    case 3:
      return n.toString()
    case 4:
      return n // a bare JSON integer
    default:
      return `+${n}`
  }
}
/** The same for any sign: `big.Int.SetString` takes the sign after the 0x (`0x-ff`), or before decimal digits. */
const signedText = (n: bigint, style: number): unknown =>
  n >= 0n ? amountText(n, style) : style % 3 === 0 ? `-${-n}` : style % 3 === 1 ? `0x-${(-n).toString(16)}` : n

// ---------------------------------------------------------------------------------------------
// Arbitraries: dice, turned into a valid model by the builders below.

const addressArb = fc.uint8Array({ minLength: 20, maxLength: 20 }).map((b) => `0x${hex(b)}`)
const hashArb = fc.uint8Array({ minLength: 32, maxLength: 32 }).map((b) => `0x${hex(b)}`)
const u256 = (min: bigint) => fc.bigInt({ min, max: MAX_256 })
const u64 = (min: bigint) => fc.bigInt({ min, max: MAX_U64 })

/** A fee config `FeeConfig.Verify` accepts; `gasLimit` as given (the genesis one must suit anvil). */
const feeArb = (gasLimit: fc.Arbitrary<bigint>) =>
  fc
    .record({
      gasLimit,
      targetBlockRate: u64(1n),
      minBaseFee: u256(0n),
      targetGas: u256(1n),
      baseFeeChangeDenominator: u256(1n),
      blockGasCosts: fc.tuple(u64(0n), u64(0n)),
      blockGasCostStep: u256(0n),
    })
    .map(
      ({ blockGasCosts: [a, b], ...f }): Fee => ({
        gasLimit: f.gasLimit,
        targetBlockRate: f.targetBlockRate,
        minBaseFee: f.minBaseFee,
        targetGas: f.targetGas,
        baseFeeChangeDenominator: f.baseFeeChangeDenominator,
        minBlockGasCost: a < b ? a : b,
        maxBlockGasCost: a < b ? b : a,
        blockGasCostStep: f.blockGasCostStep,
      }),
    )

const bodyArb = fc.record({
  /** Per pool address: 0 none, 1 admin, 2 manager, 3 enabled; disjoint by construction. */
  roles: fc.array(fc.nat(3), { minLength: 6, maxLength: 6 }),
  spelling: fc.nat(2),
  mint: fc.array(fc.record({ who: fc.nat(5), amount: fc.oneof(u256(1n), fc.bigInt({ min: 1n, max: 10n ** 24n })), style: fc.nat(5) }), {
    maxLength: 3,
  }),
  fee: fc.option(feeArb(u256(1n)), { nil: undefined }),
  reward: fc.option(fc.record({ mode: fc.nat(2), who: fc.nat(5) }), { nil: undefined }),
  quorum: fc.option(fc.oneof(fc.constant(0n), fc.bigInt({ min: 33n, max: 100n })), { nil: undefined }),
  requirePrimaryNetworkSigners: fc.option(fc.boolean(), { nil: undefined }),
})
type Body = typeof bodyArb extends fc.Arbitrary<infer T> ? T : never

const deltaArb = fc.oneof(
  { weight: 3, arbitrary: fc.bigInt({ min: 1n, max: 100n }) },
  { weight: 3, arbitrary: fc.bigInt({ min: 1n, max: 10n ** 9n }) },
  { weight: 1, arbitrary: fc.bigInt({ min: 1n, max: 2n ** 62n }) },
)

const scheduleArb = fc.record({
  genesis: fc.option(fc.record({ ts: fc.option(fc.bigInt({ min: 0n, max: 2n * 10n ** 9n }), { nil: null }), body: bodyArb }), {
    nil: undefined,
  }),
  start: fc.bigInt({ min: 0n, max: 2n * 10n ** 9n }),
  events: fc.array(fc.record({ delta: deltaArb, body: bodyArb, bodyOnDisable: fc.boolean() }), { maxLength: 4 }),
})

const accountArb = fc.record({
  who: fc.nat(5),
  balanceChange: fc.option(fc.oneof(fc.bigInt({ min: -MAX_256, max: MAX_256 }), fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n })), {
    nil: undefined,
  }),
  style: fc.nat(5),
  code: fc.option(fc.uint8Array({ minLength: 1, maxLength: 12 }), { nil: undefined }),
  storage: fc.array(fc.tuple(hashArb, hashArb, fc.boolean()), { maxLength: 2 }),
})

const dice = fc.record({
  networkID: fc.constantFrom(12345, 5),
  chainId: fc.bigInt({ min: 1n, max: 2n ** 32n }),
  genesisTime: fc.bigInt({ min: 1n, max: 2n * 10n ** 9n }),
  fee: feeArb(fc.bigInt({ min: 21_000n, max: 2n ** 52n })),
  allowFeeRecipients: fc.boolean(),
  ethBlocks: fc.boolean(),
  pool: fc.uniqueArray(addressArb, { minLength: 6, maxLength: 6 }),
  upgrades: fc.array(fc.record({ choice: fc.nat(4), delta: deltaArb, junk: fc.bigInt({ min: 0n, max: MAX_U64 }) }), {
    minLength: 6,
    maxLength: 6,
  }),
  emptyOverrides: fc.boolean(),
  schedules: fc.array(scheduleArb, { minLength: precompileKeys.length, maxLength: precompileKeys.length }),
  stateUpgrades: fc.array(fc.record({ delta: deltaArb, accounts: fc.nat(3), list: fc.array(accountArb, { maxLength: 3 }) }), {
    maxLength: 3,
  }),
})
type Dice = typeof dice extends fc.Arbitrary<infer T> ? T : never

// ---------------------------------------------------------------------------------------------
// The model: what the files say, and what the node makes of them.

type Config = {
  key: PrecompileKey
  ts: bigint | null
  disable: boolean
  roles: { adminAddresses: string[]; managerAddresses: string[]; enabledAddresses: string[] }
  mint: Map<string, bigint>
  fee?: Fee
  reward?: { allowFeeRecipients: boolean; rewardAddress: string }
  quorum?: bigint
  requirePrimaryNetworkSigners?: boolean
  /** As written in the file. */
  file: Json
}

type Model = {
  networkID: number
  genesis: Json
  upgrade: Json
  chainId: bigint
  genesisTime: bigint
  fee: Fee
  allowFeeRecipients: boolean
  /** The network upgrade times the node ends with (SetDefaults, then the overrides). */
  upgrades: Partial<Record<NetworkUpgradeKey, bigint>>
  overrides?: Partial<Record<NetworkUpgradeKey, bigint>>
  genesisPrecompiles: Config[]
  precompileUpgrades: Config[]
  stateUpgrades: { ts: bigint; accounts: Json | null }[]
}

/**
 * Network upgrade times a node accepts (`verifyNetworkUpgrades`, `CheckConfigForkOrder`): each
 * at or after its default (0 too where the default is initially active), in order, Fortuna
 * optional; each written as the default (absent or 0 in genesis), in genesis, or as an override.
 */
function buildUpgrades(d: Dice, genesisConfig: Json) {
  const defaults = networkDefaults[d.networkID]!
  const final: Partial<Record<NetworkUpgradeKey, bigint>> = {}
  const overrides: Partial<Record<NetworkUpgradeKey, bigint>> = {}
  let previous = 0n
  networkUpgradeKeys.forEach((key, i) => {
    const { choice, delta, junk } = d.upgrades[i]!
    const def = defaults[key]
    if (key === 'fortunaTimestamp' && choice === 0) {
      if (junk % 2n === 0n) genesisConfig[key] = 0 // SetDefaults: 0 is nil, and Fortuna has no default
      return
    }
    if (choice === 0 && def !== undefined && def >= previous) {
      if (junk % 2n === 0n) genesisConfig[key] = 0
      final[key] = def
    } else if (choice === 1 && def !== undefined && def <= INITIALLY_ACTIVE && previous === 0n) {
      overrides[key] = 0n // initially active: 0 is allowed, through an override only (genesis 0 means "default")
      final[key] = 0n
    } else {
      const floor = def !== undefined && def > previous ? def : previous
      const v = floor + delta > MAX_U64 ? floor : floor + delta
      if (v === 0n || choice === 2) overrides[key] = v
      else if (choice === 3) {
        genesisConfig[key] = junk // replaced by the override; only the final times are checked
        overrides[key] = v
      } else genesisConfig[key] = v
      final[key] = v
    }
    previous = final[key]!
  })
  return { final, overrides }
}

function buildConfig(key: PrecompileKey, ts: bigint | null, disable: boolean, body: Body | undefined, d: Dice, durango: bigint): Config {
  const c: Config = {
    key,
    ts,
    disable,
    roles: { adminAddresses: [], managerAddresses: [], enabledAddresses: [] },
    mint: new Map(),
    file: {},
  }
  if (body) {
    if (key !== 'warpConfig') {
      const names = ['adminAddresses', 'managerAddresses', 'enabledAddresses'] as const
      body.roles.forEach((role, i) => {
        // allowlist Verify: no managers before Durango.
        const r = role === 2 && ts !== null && ts < durango ? 0 : role
        if (r) c.roles[names[r - 1]!].push(d.pool[i]!)
      })
      for (const name of names) if (c.roles[name].length) c.file[name] = c.roles[name].map((a) => spell(a, body.spelling))
    }
    if (key === 'contractNativeMinterConfig' && body.mint.length) {
      const texts: Json = {}
      for (const m of body.mint) {
        c.mint.set(d.pool[m.who]!, m.amount)
        texts[spell(d.pool[m.who]!, body.spelling)] = amountText(m.amount, m.style)
      }
      c.file.initialMint = texts
    }
    if (key === 'feeManagerConfig' && body.fee) c.file.initialFeeConfig = c.fee = body.fee
    if (key === 'rewardManagerConfig' && body.reward) {
      const { mode, who } = body.reward
      c.reward = { allowFeeRecipients: mode === 0, rewardAddress: mode === 1 ? d.pool[who]! : ZERO_ADDRESS }
      c.file.initialRewardConfig =
        mode === 0
          ? { allowFeeRecipients: true }
          : mode === 1
            ? { allowFeeRecipients: false, rewardAddress: spell(d.pool[who]!, body.spelling) }
            : { allowFeeRecipients: false }
    }
    if (key === 'warpConfig') {
      if (body.quorum !== undefined) c.file.quorumNumerator = c.quorum = body.quorum
      if (body.requirePrimaryNetworkSigners !== undefined)
        c.file.requirePrimaryNetworkSigners = c.requirePrimaryNetworkSigners = body.requirePrimaryNetworkSigners
    }
  }
  if (ts !== null) c.file.blockTimestamp = ts
  if (disable) c.file.disable = true
  return c
}

function buildModel(d: Dice): Model {
  const config: Json = { chainId: d.chainId, feeConfig: d.fee }
  if (d.allowFeeRecipients) config.allowFeeRecipients = true
  if (d.ethBlocks)
    for (const key of [
      'homesteadBlock',
      'eip150Block',
      'eip155Block',
      'eip158Block',
      'byzantiumBlock',
      'constantinopleBlock',
      'petersburgBlock',
      'istanbulBlock',
      'muirGlacierBlock',
    ])
      config[key] = 0
  const { final, overrides } = buildUpgrades(d, config)
  const durango = final.durangoTimestamp!

  // Precompile schedules: per key strictly increasing times, alternating enable and disable.
  const genesisPrecompiles: Config[] = []
  const events: Config[] = []
  precompileKeys.forEach((key, k) => {
    const s = d.schedules[k]!
    // warp Verify: no activation (or disable) before Durango.
    const atLeast = key === 'warpConfig' ? durango : 0n
    let enabled = false
    let last: bigint | undefined
    if (s.genesis) {
      const ts = s.genesis.ts === null ? null : s.genesis.ts < atLeast ? atLeast : s.genesis.ts
      genesisPrecompiles.push(buildConfig(key, ts, false, s.genesis.body, d, durango))
      config[key] = genesisPrecompiles.at(-1)!.file
      if (ts !== null) {
        enabled = true
        last = ts
      }
    }
    let t = last ?? (s.start < atLeast ? atLeast : s.start) - 1n
    for (const e of s.events) {
      t += last === undefined && t < atLeast ? 1n : e.delta
      if (t > MAX_U64) break
      events.push(buildConfig(key, t, enabled, !enabled || e.bodyOnDisable ? e.body : undefined, d, durango))
      enabled = !enabled
      last = t
    }
  })
  // Non-decreasing overall: merge the keys' lists by time (stable, so equal times keep key order).
  const precompileUpgrades = events
    .map((e, i) => [e, i] as const)
    .sort(([a, i], [b, j]) => (a.ts! < b.ts! ? -1 : a.ts! > b.ts! ? 1 : i - j))
    .map(([e]) => e)

  const stateUpgrades: Model['stateUpgrades'] = []
  const stateFile: Json[] = []
  let st = 0n
  for (const s of d.stateUpgrades) {
    st += s.delta
    if (st > MAX_U64) break
    const entry: Json = { blockTimestamp: st }
    let accounts: Json | null = null
    if (s.accounts === 1) entry.accounts = null
    else if (s.accounts >= 2) {
      const file: Json = {}
      accounts = {}
      for (const a of s.accounts === 2 ? [] : s.list) {
        const address = d.pool[a.who]!
        const acc: Json = {}
        const decoded: Json = {}
        if (a.balanceChange !== undefined) {
          acc.balanceChange = signedText(a.balanceChange, a.style)
          decoded.balanceChange = a.balanceChange
        }
        if (a.code) {
          acc.code = a.style % 2 ? `0x${hex(a.code).toUpperCase()}` : `0x${hex(a.code)}`
          decoded.code = `0x${hex(a.code)}`
        }
        if (a.storage.length) {
          acc.storage = {}
          decoded.storage = {}
          for (const [k, v, upper] of a.storage) {
            acc.storage[upper ? `0x${k.slice(2).toUpperCase()}` : k] = upper ? `0x${v.slice(2).toUpperCase()}` : v
            decoded.storage[k] = v
          }
        }
        file[spell(address, a.style)] = acc
        accounts[address] = decoded
      }
      entry.accounts = file
    }
    stateFile.push(entry)
    stateUpgrades.push({ ts: st, accounts })
  }

  const upgrade: Json = {}
  if (Object.keys(overrides).length || d.emptyOverrides) upgrade.networkUpgradeOverrides = overrides
  if (stateFile.length) upgrade.stateUpgrades = stateFile
  if (precompileUpgrades.length) upgrade.precompileUpgrades = precompileUpgrades.map((c) => ({ [c.key]: c.file }))

  const genesis = {
    config,
    alloc: { [d.pool[0]!.slice(2)]: { balance: '0x52B7D2DCC80CD2E4000000' } },
    timestamp: `0x${d.genesisTime.toString(16)}`,
    gasLimit: `0x${d.fee.gasLimit!.toString(16)}`,
    difficulty: '0x0',
  }
  return {
    networkID: d.networkID,
    genesis,
    upgrade,
    chainId: d.chainId,
    genesisTime: d.genesisTime,
    fee: d.fee,
    allowFeeRecipients: d.allowFeeRecipients,
    upgrades: final,
    overrides: upgrade.networkUpgradeOverrides,
    genesisPrecompiles,
    precompileUpgrades,
    stateUpgrades,
  }
}

// ---------------------------------------------------------------------------------------------
// Expected replies, decoded: straight from the model.

function expectedConfig(c: Config): Json {
  const out: Json = {}
  for (const [role, list] of Object.entries(c.roles)) if (list.length) out[role] = list
  out.blockTimestamp = c.ts
  if (c.disable) out.disable = true
  if (c.mint.size) out.initialMint = Object.fromEntries(c.mint)
  if (c.fee) out.initialFeeConfig = c.fee
  if (c.reward) out.initialRewardConfig = c.reward
  if (c.key === 'warpConfig')
    Object.assign(out, { quorumNumerator: c.quorum ?? 0n, requirePrimaryNetworkSigners: c.requirePrimaryNetworkSigners ?? false })
  return out
}

const scheduled = (t: bigint | undefined) => (t !== undefined && t < UNSCHEDULED ? t : undefined)

function expectedChainConfig(m: Model): Json {
  const out: Json = { chainId: m.chainId, feeConfig: m.fee, ...m.upgrades }
  for (const key of zeroFilledForkBlocks) out[key] = 0n
  const shanghai = scheduled(m.upgrades.durangoTimestamp)
  const cancun = scheduled(m.upgrades.etnaTimestamp)
  if (shanghai !== undefined) out.shanghaiTime = shanghai
  if (cancun !== undefined) out.cancunTime = cancun
  if (m.allowFeeRecipients) out.allowFeeRecipients = true
  for (const c of m.genesisPrecompiles) out[c.key] = expectedConfig(c)
  out.upgrades = {}
  if (m.overrides) out.upgrades.networkUpgradeOverrides = m.overrides
  if (m.stateUpgrades.length) out.upgrades.stateUpgrades = m.stateUpgrades.map((s) => ({ blockTimestamp: s.ts, accounts: s.accounts }))
  if (m.precompileUpgrades.length) out.upgrades.precompileUpgrades = m.precompileUpgrades.map((c) => ({ [c.key]: expectedConfig(c) }))
  return out
}

function expectedActive(m: Model, t: bigint): Json {
  const out: Json = {}
  for (const key of precompileKeys) {
    let active: Config | undefined
    for (const c of [...m.genesisPrecompiles, ...m.precompileUpgrades]) if (c.key === key && c.ts !== null && c.ts <= t) active = c
    if (active && !active.disable) out[key] = expectedConfig(active)
  }
  return out
}

function expectedRules(m: Model, t: bigint): Json {
  const on = (ts: bigint | undefined) => ts !== undefined && ts <= t
  const active = expectedActive(m, t)
  return {
    ethRules: {
      ChainID: m.chainId,
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
      IsShanghai: on(scheduled(m.upgrades.durangoTimestamp)),
      IsCancun: on(scheduled(m.upgrades.etnaTimestamp)),
      IsPrague: false,
      IsVerkle: false,
    },
    avalancheRules: {
      IsSubnetEVM: on(m.upgrades.subnetEVMTimestamp),
      IsDurango: on(m.upgrades.durangoTimestamp),
      IsEtna: on(m.upgrades.etnaTimestamp),
      IsFortuna: on(m.upgrades.fortunaTimestamp),
      IsGranite: on(m.upgrades.graniteTimestamp),
      IsHelicon: on(m.upgrades.heliconTimestamp),
    },
    precompiles: Object.fromEntries(Object.entries(active).map(([k, c]) => [k, { timestamp: c.blockTimestamp }])),
  }
}

/** 0, the genesis time, every activation time and its neighbours, and the largest the client sends. */
function timestamps(m: Model): bigint[] {
  const activations = [
    ...Object.values(m.upgrades),
    ...[...m.genesisPrecompiles, ...m.precompileUpgrades].flatMap((c) => (c.ts === null ? [] : [c.ts])),
    ...m.stateUpgrades.map((s) => s.ts),
  ]
  const all = [0n, m.genesisTime, ...activations.flatMap((t) => [t - 1n, t, t + 1n]), BigInt(MAX_QUERY)]
  return [...new Set(all.filter((t) => t >= 0n && t <= BigInt(MAX_QUERY)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
}

// ---------------------------------------------------------------------------------------------

describe('generated genesis and upgrade.json pairs', () => {
  const stats = {
    runs: 0,
    starts: 0,
    startMs: 0,
    queries: 0,
    precompileUpgrades: 0,
    stateUpgrades: 0,
    mints: 0,
    negativeChanges: 0,
    bigValues: 0,
    offlineRules: 0,
  }

  it('activeRulesAt on the loaded chain config is the model rules at every timestamp that matters (no anvil)', () => {
    let checked = 0
    fc.assert(
      fc.property(dice, (d) => {
        const m = buildModel(d)
        const config = chainConfigOf(
          loadChainFiles(toJson(m.genesis), toJson(m.upgrade), m.networkID, upgradeSchedule(m.networkID, release)).spec,
        )
        for (const t of timestamps(m)) {
          expect(activeRulesAt(config, t), `rules at ${t}`).toEqual(expectedRules(m, t))
          checked++
        }
      }),
      { seed, numRuns: runs * 10 },
    )
    console.log(`activeRulesAt offline: ${checked} (config, timestamp) pairs equal to the model`)
  })

  it('the model is what a node accepts: the devnet loads every generated pair (no anvil)', async () => {
    const { loadChainFiles } = await import('../../src/config.js')
    fc.assert(
      fc.property(dice, (d) => {
        const m = buildModel(d)
        loadChainFiles(toJson(m.genesis), toJson(m.upgrade), m.networkID, upgradeSchedule(m.networkID, release))
      }),
      { seed, numRuns: runs * 10 },
    )
  })

  it(`${runs} devnets: viem and ethers decode the same chain config, active precompiles and rules, equal to the generator's inputs`, async () => {
    await fc.assert(
      fc.asyncProperty(dice, async (d) => {
        const m = buildModel(d)
        const started = performance.now()
        const devnet = await startDevnet({
          genesis: toJson(m.genesis),
          upgrade: toJson(m.upgrade),
          networkID: m.networkID,
          nodeVersion: release,
        })
        stats.startMs += performance.now() - started
        stats.starts++
        const viem = createPublicClient({ transport: subnetHttp(devnet.rpcUrl) }).extend(subnetActions())
        const ethers = new SubnetProvider(devnet.rpcUrl, undefined, { staticNetwork: true })
        try {
          const [configViem, configEthers] = await Promise.all([viem.getChainConfig(), ethers.getChainConfig()])
          expect(configEthers).toEqual(configViem)
          expect(configViem).toEqual(expectedChainConfig(m))
          for (const t of timestamps(m)) {
            const [pv, pe, rv, re] = await Promise.all([
              viem.getActivePrecompilesAt({ timestamp: t }),
              ethers.getActivePrecompilesAt(t),
              viem.getActiveRulesAt({ timestamp: t }),
              ethers.getActiveRulesAt(t),
            ])
            stats.queries += 4
            expect(pe, `precompiles at ${t}`).toEqual(pv)
            expect(re, `rules at ${t}`).toEqual(rv)
            expect(pv, `precompiles at ${t}`).toEqual(expectedActive(m, t))
            expect(rv, `rules at ${t}`).toEqual(expectedRules(m, t))
            // Offline rules on the chain config the client decoded: the same answer as the node's.
            expect(activeRulesAt(configViem, t), `activeRulesAt at ${t}`).toStrictEqual(rv)
            stats.offlineRules++
          }
        } finally {
          ethers.destroy()
          await devnet.stop()
        }
        stats.runs++
        stats.precompileUpgrades += m.precompileUpgrades.length
        stats.stateUpgrades += m.stateUpgrades.length
        stats.mints += [...m.genesisPrecompiles, ...m.precompileUpgrades].reduce((n, c) => n + c.mint.size, 0)
        stats.negativeChanges += m.stateUpgrades.reduce(
          (n, s) => n + Object.values(s.accounts ?? {}).filter((a) => a.balanceChange < 0n).length,
          0,
        )
        stats.bigValues += (toJson(m.genesis) + toJson(m.upgrade)).match(/\d{17,}/g)?.length ?? 0
      }),
      { seed, numRuns: runs, endOnFailure: true },
    )
    expect(stats.offlineRules).toBe(stats.queries / 4)
    console.log(
      `generated configs: ${stats.runs} devnets (start ${(stats.startMs / stats.starts).toFixed(0)} ms on average), ${stats.queries} decoded replies; ` +
        `${stats.precompileUpgrades} precompile upgrades, ${stats.stateUpgrades} state upgrades, ${stats.mints} initial mints, ${stats.negativeChanges} negative balance changes, ${stats.bigValues} integers of 17+ digits; activeRulesAt equal to the devnet's decoded eth_getActiveRulesAt ${stats.offlineRules} times`,
    )
    // The generator reaches what it is for.
    expect(stats.precompileUpgrades).toBeGreaterThan(runs)
    expect(stats.mints).toBeGreaterThan(0)
    expect(stats.negativeChanges).toBeGreaterThan(0)
  }, 120_000)
})

describe('activeRulesAt on the real genesis files (test/fixtures/subnet-evm-genesis)', () => {
  const dir = join(import.meta.dirname, '../fixtures/subnet-evm-genesis')
  const files = readdirSync(dir).filter((f) => f.endsWith('.json'))
  const minterUpgrade = join(import.meta.dirname, '../fixtures/upgrades/contract_native_minter.upgrade.json')

  it.each(files)('%s: equal to the devnet eth_getActiveRulesAt decoded by viem, at every activation and around it', async (file) => {
    // The native minter fixture has an upgrade.json of its own.
    const upgrade = file === 'contract_native_minter.json' ? minterUpgrade : undefined
    const devnet = await startDevnet({ genesis: join(dir, file), upgrade })
    try {
      const client = createPublicClient({ transport: subnetHttp(devnet.rpcUrl) }).extend(subnetActions())
      const config = await client.getChainConfig()
      const activations = [
        ...networkUpgradeKeys.map((k) => config[k]),
        ...precompileKeys.map((k) => config[k]?.blockTimestamp),
        ...(config.upgrades.precompileUpgrades ?? []).flatMap((u) =>
          Object.values(u).map((c) => (c as { blockTimestamp: bigint }).blockTimestamp),
        ),
        ...(config.upgrades.stateUpgrades ?? []).map((s) => s.blockTimestamp),
      ].filter((t): t is bigint => typeof t === 'bigint')
      const times = [...new Set([0n, 1n, 2n ** 53n - 1n, ...activations.flatMap((t) => [t - 1n, t, t + 1n])])].filter(
        (t) => t >= 0n && t < 2n ** 53n,
      )
      for (const t of times)
        expect(activeRulesAt(config, t), `rules at ${t}`).toStrictEqual(await client.getActiveRulesAt({ timestamp: t }))
      // And with no timestamp: the node's head time.
      const head = await client.getBlock()
      expect(activeRulesAt(config, head.timestamp)).toStrictEqual(await client.getActiveRulesAt())
    } finally {
      await devnet.stop()
    }
  })
})
