/**
 * The node's check that a new chain config does not rewrite what its chain already did, run at
 * start against the last accepted block (`SetupGenesisBlock`, `core/genesis.go`): libevm's
 * `ChainConfig.CheckCompatible` (`params/config.go`: fork blocks, then fork times, then the
 * extras' hook) and the extras' `checkConfigCompatible` (`params/extras/config.go`): network
 * upgrades (`checkNetworkUpgradesCompatible`), precompile upgrades (`checkPrecompilesCompatible`)
 * and state upgrades (`checkStateUpgradesCompatible`). Errors carry libevm's
 * `ConfigCompatError` text.
 */
import { networkUpgradeKey, networkUpgradeNames } from '../names.js'
import type { ChainConfig, FeeConfig, StateUpgrade } from '../types/subnet.js'
import { forked, precompileEntries, precompileKeysOf, type PrecompileEntry } from './configs.js'

/** libevm's `ConfigCompatError`, for a fork scheduled by block number or by timestamp. */
export type ConfigCompatError = {
  /** `PrecompileUpgrade[0]`, `missing StateUpgrade[1]`, `Durango fork block timestamp`, … */
  what: string
  kind: 'block' | 'timestamp'
  /** The stored (running) config's block or time; null for nil. */
  have: bigint | null
  /** The new config's; null for nil. */
  want: bigint | null
  /** `RewindToBlock` or `RewindToTime`: where the chain would have to be rewound to. */
  rewindTo: bigint
  /** `ConfigCompatError.Error()`. */
  message: string
  /**
   * For a precompile conflict, the entry the node's index points at. The node counts one
   * precompile's configs (its genesis config first), so `PrecompileUpgrade[0]` of
   * `rewardManagerConfig` may be `upgrades.precompileUpgrades[2]`; `config` says whose entry it is.
   */
  entry?: { key: string; source: string; config: 'stored' | 'new' }
}

export type CompatResult = {
  /** The lowest conflict `CheckCompatible` finds, if any. */
  error: ConfigCompatError | undefined
  /**
   * Whether the node refuses to start on it: `SetupGenesisBlock` lets a conflict pass when its
   * rewind point is 0 (or the last accepted block is at height / time 0).
   */
  refused: boolean
}

const show = (v: bigint | null) => (v === null ? 'nil' : `${v}`)
// Go's %d of a nil *big.Int.
const showBlock = (v: bigint | null) => (v === null ? '<nil>' : `${v}`)

function compatError(kind: 'block' | 'timestamp', what: string, have: bigint | null, want: bigint | null): ConfigCompatError {
  // newTimestampCompatError / newBlockCompatError: the earlier of the two, minus one.
  const rew = have === null ? want : want === null || have < want ? have : want
  const rewindTo = rew !== null && rew > 0n ? rew - 1n : 0n
  const message =
    kind === 'block'
      ? `mismatching ${what} in database (have block ${showBlock(have)}, want block ${showBlock(want)}, rewindto block ${rewindTo})`
      : have === null && want === null
        ? ''
        : `mismatching ${what} in database (have timestamp ${show(have)}, want timestamp ${show(want)}, rewindto timestamp ${rewindTo})`
  return { what, kind, have, want, rewindTo, message }
}

const timestampError = (what: string, have: bigint | null | undefined, want: bigint | null | undefined) =>
  compatError('timestamp', what, have ?? null, want ?? null)

const same = (a: bigint | null | undefined, b: bigint | null | undefined) => (a ?? null) === (b ?? null)
/** `isForkTimestampIncompatible` / `isForkBlockIncompatible`: either side active at head, and they differ. */
const incompatible = (a: bigint | null | undefined, b: bigint | null | undefined, head: bigint) =>
  (forked(a, head) || forked(b, head)) && !same(a, b)

/** libevm's block forks, in `checkCompatible` order, with the names its errors use. */
const blockForks = [
  ['Homestead fork block', 'homesteadBlock'],
  ['DAO fork block', 'daoForkBlock'],
  ['EIP150 fork block', 'eip150Block'],
  ['EIP155 fork block', 'eip155Block'],
  ['EIP158 fork block', 'eip158Block'],
  ['Byzantium fork block', 'byzantiumBlock'],
  ['Constantinople fork block', 'constantinopleBlock'],
  ['Petersburg fork block', 'petersburgBlock'],
  ['Istanbul fork block', 'istanbulBlock'],
  ['Muir Glacier fork block', 'muirGlacierBlock'],
  ['Berlin fork block', 'berlinBlock'],
  ['London fork block', 'londonBlock'],
  ['Arrow Glacier fork block', 'arrowGlacierBlock'],
  ['Gray Glacier fork block', 'grayGlacierBlock'],
  ['Merge netsplit fork block', 'mergeNetsplitBlock'],
] as const
const timeForks = [
  ['Shanghai fork timestamp', 'shanghaiTime'],
  ['Cancun fork timestamp', 'cancunTime'],
  ['Prague fork timestamp', 'pragueTime'],
  ['Verkle fork timestamp', 'verkleTime'],
] as const

type Block = (typeof blockForks)[number][1]

/** One pass of libevm's `checkCompatible` and the extras' hook. */
function checkOnce(c: ChainConfig, n: ChainConfig, headNumber: bigint, headTime: bigint): ConfigCompatError | undefined {
  const block = (k: Block, cfg: ChainConfig) => cfg[k] ?? null
  for (const [what, key] of blockForks) {
    const a = block(key, c)
    const b = block(key, n)
    if (key === 'petersburgBlock') {
      // Petersburg may be set in the past only when it equals Constantinople.
      if (incompatible(a, b, headNumber) && incompatible(block('constantinopleBlock', c), b, headNumber))
        return compatError('block', what, a, b)
      continue
    }
    if (incompatible(a, b, headNumber)) return compatError('block', what, a, b)
    if (key === 'daoForkBlock' && forked(a, headNumber) && (c.daoForkSupport ?? false) !== (n.daoForkSupport ?? false))
      return compatError('block', 'DAO fork support flag', a, b)
    if (key === 'eip158Block' && forked(a, headNumber) && c.chainId !== n.chainId)
      return compatError('block', 'EIP158 chain ID', a, block('eip158Block', n))
  }
  for (const [what, key] of timeForks) if (incompatible(c[key], n[key], headTime)) return timestampError(what, c[key], n[key])

  // extras.ChainConfig.checkConfigCompatible: network upgrades, precompiles, state upgrades.
  for (const name of networkUpgradeNames) {
    const key = networkUpgradeKey(name)
    if (incompatible(c[key], n[key], headTime))
      return timestampError(`${name[0]!.toUpperCase()}${name.slice(1)} fork block timestamp`, c[key], n[key])
  }
  for (const key of precompileKeysOf(c, n)) {
    const error = checkPrecompileCompatible(c, key, n.upgrades?.precompileUpgrades ?? [], headTime)
    if (error) return error
  }
  return checkStateUpgradesCompatible(c.upgrades?.stateUpgrades ?? [], n.upgrades?.stateUpgrades ?? [], headTime)
}

/**
 * `checkPrecompileCompatible`: the configs of `key` activated by `time` (the stored genesis
 * config, then upgrades) must be the same, in the same order, in the new upgrades, and the new
 * upgrades may not activate more by then. Indices count that key's configs only.
 */
function checkPrecompileCompatible(
  c: ChainConfig,
  key: string,
  upgrades: NonNullable<ChainConfig['upgrades']['precompileUpgrades']>,
  time: bigint,
) {
  const active = precompileEntries(c, key).filter((e) => forked(e.timestamp, time))
  const next = precompileEntries(c, key, upgrades).filter((e) => forked(e.timestamp, time))
  const at = (e: PrecompileEntry, config: 'stored' | 'new') => ({
    key,
    source: e.source === 'genesis' ? key : `upgrades.precompileUpgrades[${e.source}]`,
    config,
  })
  for (const [i, upgrade] of active.entries()) {
    const other = next[i]
    if (!other) return { ...timestampError(`missing PrecompileUpgrade[${i}]`, upgrade.timestamp, null), entry: at(upgrade, 'stored') }
    if (!precompileConfigEqual(key, upgrade, other))
      return { ...timestampError(`PrecompileUpgrade[${i}]`, upgrade.timestamp, other.timestamp), entry: at(other, 'new') }
  }
  if (next.length > active.length) {
    const added = next[active.length]!
    return {
      ...timestampError(`cannot retroactively enable PrecompileUpgrade[${active.length}]`, null, added.timestamp),
      entry: at(added, 'new'),
    }
  }
  return undefined
}

function checkStateUpgradesCompatible(stored: StateUpgrade[], upgrades: StateUpgrade[], time: bigint) {
  const active = stored.filter((s) => forked(s.blockTimestamp, time))
  const next = upgrades.filter((s) => forked(s.blockTimestamp, time))
  for (const [i, upgrade] of active.entries()) {
    const other = next[i]
    if (!other) return timestampError(`missing StateUpgrade[${i}]`, upgrade.blockTimestamp, null)
    if (!stateUpgradeEqual(upgrade, other)) return timestampError(`StateUpgrade[${i}]`, upgrade.blockTimestamp, other.blockTimestamp)
  }
  if (next.length > active.length)
    return timestampError(`cannot retroactively enable StateUpgrade[${active.length}]`, null, next[active.length]!.blockTimestamp)
  return undefined
}

// --- Equality, as each module's `Equal` defines it ---------------------------------------------

const lower = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : v)
/** `slices.Equal` of address lists: nil and empty are equal, order matters. */
function addressListsEqual(a: unknown, b: unknown): boolean {
  const x = Array.isArray(a) ? a : []
  const y = Array.isArray(b) ? b : []
  return x.length === y.length && x.every((v, i) => lower(v) === lower(y[i]))
}
const allowListEqual = (a: Record<string, unknown>, b: Record<string, unknown>) =>
  ['adminAddresses', 'managerAddresses', 'enabledAddresses'].every((r) => addressListsEqual(a[r], b[r]))

function feeConfigEqual(a: FeeConfig | undefined, b: FeeConfig | undefined): boolean {
  if (a === undefined) return b === undefined
  if (b === undefined) return false
  return (Object.keys(a) as (keyof FeeConfig)[]).every((k) => a[k] === b[k])
}

function mintEqual(a: unknown, b: unknown): boolean {
  const x = Object.entries((a ?? {}) as Record<string, bigint>).map(([k, v]) => [k.toLowerCase(), v] as const)
  const y = new Map(Object.entries((b ?? {}) as Record<string, bigint>).map(([k, v]) => [k.toLowerCase(), v] as const))
  return x.length === y.size && x.every(([k, v]) => y.has(k) && y.get(k) === v)
}

/** Deep equality of decoded JSON values, hex strings compared without case. */
function jsonEqual(a: unknown, b: unknown): boolean {
  if (typeof a === 'string' && typeof b === 'string') return a.toLowerCase() === b.toLowerCase()
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return a === b
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const ka = Object.keys(a)
  const kb = Object.keys(b)
  if (ka.length !== kb.length) return false
  const bl = new Map(kb.map((k) => [k.toLowerCase(), (b as Record<string, unknown>)[k]]))
  return ka.every((k) => bl.has(k.toLowerCase()) && jsonEqual((a as Record<string, unknown>)[k], bl.get(k.toLowerCase())))
}

/**
 * `precompileconfig.Config.Equal` of the stored config `a` and the new `b`: the `Upgrade`
 * (timestamp and disable) and each module's fields. Warp compares the quorum only; the
 * RewardManager ignores `b`'s reward config when `a` has none (as the node does).
 */
export function precompileConfigEqual(key: string, a: PrecompileEntry, b: PrecompileEntry): boolean {
  if (a.timestamp !== b.timestamp || a.disable !== b.disable) return false
  const x = a.config
  const y = b.config
  switch (key) {
    case 'contractDeployerAllowListConfig':
    case 'txAllowListConfig':
      return allowListEqual(x, y)
    case 'contractNativeMinterConfig':
      return allowListEqual(x, y) && mintEqual(x.initialMint, y.initialMint)
    case 'feeManagerConfig':
      return (
        allowListEqual(x, y) && feeConfigEqual(x.initialFeeConfig as FeeConfig | undefined, y.initialFeeConfig as FeeConfig | undefined)
      )
    case 'rewardManagerConfig': {
      if (x.initialRewardConfig !== undefined && !jsonEqual(x.initialRewardConfig, y.initialRewardConfig)) return false
      return allowListEqual(x, y)
    }
    case 'warpConfig':
      return (x.quorumNumerator ?? 0n) === (y.quorumNumerator ?? 0n)
    default:
      return jsonEqual(x, y)
  }
}

/** `StateUpgrade.Equal` (`reflect.DeepEqual`): time, then every account's code, storage and balance change. */
export function stateUpgradeEqual(a: StateUpgrade, b: StateUpgrade): boolean {
  return a.blockTimestamp === b.blockTimestamp && jsonEqual(a.accounts, b.accounts)
}

/**
 * What a node that ran `stored` (its `eth_getChainConfig`) does when restarted with `next`
 * (its new genesis and upgrade.json), given its last accepted block: libevm's
 * `CheckCompatible` loop, which rewinds to find the lowest conflict, and whether
 * `SetupGenesisBlock` then refuses to start.
 *
 * @example
 * import { checkCompatible, type ChainConfig } from 'subnet-rpc'
 *
 * // The running chain's config (`await client.getChainConfig()`), here written out.
 * const stored: ChainConfig = {
 *   chainId: 99999n,
 *   feeConfig: { gasLimit: 8_000_000n, targetBlockRate: 2n, minBaseFee: 25_000_000_000n, targetGas: 15_000_000n, baseFeeChangeDenominator: 36n, minBlockGasCost: 0n, maxBlockGasCost: 1_000_000n, blockGasCostStep: 200_000n },
 *   londonBlock: 0n,
 *   durangoTimestamp: 1_607_144_400n,
 *   upgrades: { precompileUpgrades: [{ feeManagerConfig: { adminAddresses: ['0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'], blockTimestamp: 1_767_225_600n } }] },
 * }
 * // The same file with the FeeManager's admin changed after the chain passed its activation.
 * const admin = '0x0fa8ea536be85f32724d57a37758761b86416123'
 * const next: ChainConfig = { ...stored, upgrades: { precompileUpgrades: [{ feeManagerConfig: { adminAddresses: [admin], blockTimestamp: 1_767_225_600n } }] } }
 * const { error, refused } = checkCompatible(stored, next, { number: 120n, timestamp: 1_767_300_000n })
 * console.log(refused, error?.message)
 * // true mismatching PrecompileUpgrade[0] in database (have timestamp 1767225600, want timestamp 1767225600, rewindto timestamp 1767225599)
 */
export function checkCompatible(stored: ChainConfig, next: ChainConfig, head: { number: bigint; timestamp: bigint }): CompatResult {
  let bhead = head.number
  let btime = head.timestamp
  let last: ConfigCompatError | undefined
  const rewinds = (e: ConfigCompatError) => [e.kind === 'block' ? e.rewindTo : 0n, e.kind === 'timestamp' ? e.rewindTo : 0n] as const
  for (;;) {
    const error = checkOnce(stored, next, bhead, btime)
    if (!error) break
    const [toBlock, toTime] = rewinds(error)
    if (last) {
      const [lastBlock, lastTime] = rewinds(last)
      if (toBlock === lastBlock && toTime === lastTime) break
    }
    last = error
    if (toTime > 0n) btime = toTime
    else bhead = toBlock
  }
  if (!last) return { error: undefined, refused: false }
  const [toBlock, toTime] = rewinds(last)
  return { error: last, refused: (head.number !== 0n && toBlock !== 0n) || (head.timestamp !== 0n && toTime !== 0n) }
}
