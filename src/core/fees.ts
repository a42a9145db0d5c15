/**
 * The Subnet-EVM dynamic fee algorithm as pure functions, exact with bigint: the 10-second gas
 * window kept in `header.Extra`, the base fee, the pre-Granite block gas cost, the block fee
 * check and the gas limit. Used by the devnet to build each block, and by clients to predict
 * the next block's base fee.
 *
 * Follows avalanchego `graft/subnet-evm` (the code of Subnet-EVM v0.7.3 and later):
 * `plugin/evm/customheader/{base_fee,dynamic_fee_windower,block_gas_cost,gas_limit,extra}.go`,
 * `plugin/evm/upgrade/subnetevm/window.go` and `plugin/evm/blockgascost/cost.go`. Go's number
 * semantics are kept: uint64 window slots and sums saturate at 2^64−1 where Go saturates,
 * `*big.Int` arithmetic is exact (Euclidean `Div`), and config values Go reads with
 * `(*big.Int).Uint64()` / `Int64()` are truncated to their low 64 bits as Go does (only
 * oversized configs, which `FeeConfig.Verify` allows up to 32 bytes, notice).
 *
 * `algorithm: 'pre-v0.7.3'` selects subnet-evm v0.6.10–v0.7.2 (`consensus/dummy/dynamic_fees.go`,
 * `CalcBaseFee` and `calcBlockGasCost`); see {@link FeeAlgorithm}.
 */
import { InvalidArgumentError } from '../errors/argument.js'
import { delayOf } from './acp226.js'
import type { FeeConfig, NetworkUpgradeTimestamps } from './types/subnet.js'

// ---------------------------------------------------------------------------------------------
// Go number semantics

const two64 = 1n << 64n
const maxUint64 = two64 - 1n
// dynamic_fee_windower.go: maxUint256, the upper clamp of the base fee (v0.7.3+).
const maxUint256 = (1n << 256n) - 1n

const abs = (x: bigint): bigint => (x < 0n ? -x : x)
/** `(*big.Int).Uint64()`: the low 64 bits of |x| (math/big `low64(x.abs)`). */
const goUint64 = (x: bigint): bigint => abs(x) & maxUint64
/** `(*big.Int).Int64()`: the low 64 bits of |x| as an int64, negated (with int64 wrap) when x < 0. */
const goInt64 = (x: bigint): bigint => {
  const v = BigInt.asIntN(64, abs(x) & maxUint64)
  return x < 0n ? BigInt.asIntN(64, -v) : v
}
/** `(*big.Int).Div`: Euclidean division (the remainder is never negative). Throws a RangeError on 0, where Go panics. */
const goDiv = (x: bigint, y: bigint): bigint => {
  const q = x / y
  return x % y < 0n ? (y > 0n ? q - 1n : q + 1n) : q
}
/** uint64 addition that saturates at 2^64−1 (window.go `add`, via `safemath.SafeAdd`). */
const saturatingAdd = (a: bigint, b: bigint): bigint => (a + b > maxUint64 ? maxUint64 : a + b)

const isUint64 = (v: unknown): v is bigint => typeof v === 'bigint' && v >= 0n && v <= maxUint64
const uint64Accepted = 'a uint64 as a bigint, 0n to 2n ** 64n - 1n'

function checkUint64(argument: string, value: unknown): bigint {
  if (!isUint64(value)) throw new InvalidArgumentError({ argument, value, accepted: uint64Accepted })
  return value
}
/**
 * A header field that viem leaves as the node's hex quantity (`hexutil.Uint64`, `hexutil.Big`:
 * `0x` and no leading zeros) because it does not know it, or a bigint; null when absent.
 */
function headerQuantity(argument: string, value: unknown): bigint | null {
  if (value == null) return null
  if (typeof value === 'bigint') return value
  if (typeof value === 'string' && /^0x(0|[1-9a-f][\da-f]*)$/i.test(value)) return BigInt(value)
  throw new InvalidArgumentError({
    argument,
    value,
    accepted: "a bigint, or the node's hex quantity (0x and hex digits, no leading zeros)",
  })
}
function checkNonNegative(argument: string, value: unknown, accepted: string): bigint {
  if (typeof value !== 'bigint' || value < 0n) throw new InvalidArgumentError({ argument, value, accepted })
  return value
}

// ---------------------------------------------------------------------------------------------
// Shared parameter types

/**
 * Which Subnet-EVM code to follow.
 *
 * - `'current'` (the default): Subnet-EVM v0.7.3 and later, now avalanchego `graft/subnet-evm`.
 * - `'pre-v0.7.3'`: subnet-evm v0.6.10 to v0.7.2, `consensus/dummy/dynamic_fees.go` (`CalcBaseFee`,
 *   `calcBlockGasCost`). The two agree on every realistic config; they differ only where:
 *   1. the base fee would exceed 2^256−1: v0.7.3 clamps it to 2^256−1, older code has no upper clamp;
 *   2. the parent is genesis or before SubnetEVM: v0.7.3 returns `big.NewInt(MinBaseFee.Int64())`
 *      (different from `minBaseFee` when it is 2^63 or more), older code `minBaseFee` itself;
 *   3. the base fee change divides by `TargetGas.Uint64()` in v0.7.3, by `TargetGas` itself before
 *      (different when `targetGas` is 2^64 or more);
 *   4. the block gas cost uses `BlockGasCostStep.Uint64()` in v0.7.3, the whole step before
 *      (different when the step is 2^64 or more). Granite does not exist in that code, so
 *      `graniteTimestamp` is ignored.
 *
 * Not modelled: v0.6.0–v0.6.9 also overwrote the shared constant `common.Big1` when a decrease
 * of 1 was multiplied by the elapsed windows (subnet-evm issue #1342, fixed by PR #1343), which
 * corrupted every later computation in the process; these functions never mutate anything.
 */
export type FeeAlgorithm = 'current' | 'pre-v0.7.3'

/**
 * The network upgrade times the fee rules depend on (unix seconds): Go's `IsSubnetEVM(t)` and
 * `IsGranite(t)` are `timestamp != nil && timestamp <= t`. A `ChainConfig` from
 * `eth_getChainConfig` fits as is. Where a function makes `upgrades` optional and it is
 * omitted, SubnetEVM counts as active from time 0 (true of every Subnet-EVM chain today).
 */
export type FeeUpgrades = {
  [K in keyof Pick<NetworkUpgradeTimestamps, 'subnetEVMTimestamp' | 'graniteTimestamp'>]?: bigint | null
}

/**
 * The fields of the parent header the fee rules read, named as in the node's JSON
 * (`eth_getBlockByNumber`), as bigints. Which are needed depends on the function; each says.
 * A viem block can be passed as it is: the two fields viem does not know and so leaves as the
 * node's hex quantity (`timestampMilliseconds`, `blockGasCost`) are read from that too.
 */
export type FeeParentHeader = {
  /** `header.Number`; 0 is genesis. */
  number: bigint
  /** `header.Time`, unix seconds. */
  timestamp: bigint
  /**
   * `timestampMilliseconds` (Granite headers), a bigint or the node's hex quantity; when absent,
   * `timestamp × 1000` (Go's `HeaderTimeMilliseconds`).
   */
  timestampMilliseconds?: bigint | Hex | null
  /** `header.GasUsed`. */
  gasUsed: bigint
  /** `header.GasLimit`; read only before SubnetEVM. */
  gasLimit?: bigint | null
  /** `header.BaseFee`; needed for a non-genesis SubnetEVM parent. */
  baseFeePerGas?: bigint | null
  /**
   * `blockGasCost`, a bigint or the node's hex quantity; absent (nil) on a pre-SubnetEVM parent
   * and on a genesis read back without Etna active at genesis.
   */
  blockGasCost?: bigint | Hex | null
  /** `header.Extra`; its first 80 bytes are the fee window of a non-genesis SubnetEVM parent. */
  extraData?: `0x${string}` | Uint8Array | null
}

/**
 * The child block's time: `timestamp` (header.Time, seconds), `timestampMilliseconds` (Granite's
 * header field), or both (then `timestamp` must be `timestampMilliseconds / 1000`, as VerifyTime
 * requires). The base fee reads the milliseconds, as Go's `BaseFee(…, timeMS)` does; the fee
 * window and the block gas cost read the seconds.
 */
export type FeeChildTime =
  | { timestamp: bigint; timestampMilliseconds?: bigint | null }
  | { timestamp?: undefined; timestampMilliseconds: bigint }

/** `0x` then an even number of hex digits. */
type Hex = `0x${string}`

// ---------------------------------------------------------------------------------------------
// The fee window (plugin/evm/upgrade/subnetevm/window.go)

/** Seconds of gas usage the fee window tracks (`subnetevm.WindowLen`). */
export const feeWindowLength = 10
/** Bytes of the encoded fee window, the prefix of `header.Extra` from SubnetEVM on (`subnetevm.WindowSize`). */
export const feeWindowSize = 80

/**
 * The fee window: 10 uint64 slots of gas used per second, oldest first; index 9 is the current
 * second (`subnetevm.Window`).
 */
export type FeeWindow = readonly bigint[]

function checkWindow(argument: string, window: unknown): FeeWindow {
  if (!Array.isArray(window) || window.length !== feeWindowLength || !window.every(isUint64))
    throw new InvalidArgumentError({ argument, value: window, accepted: `an array of ${feeWindowLength} uint64 bigints` })
  return window
}

function bytesOf(argument: string, data: unknown): Uint8Array {
  if (data instanceof Uint8Array) return data
  if (data == null) return new Uint8Array(0)
  if (typeof data !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(data))
    throw new InvalidArgumentError({ argument, value: data, accepted: 'a 0x-prefixed hex string of whole bytes, or a Uint8Array' })
  const out = new Uint8Array((data.length - 2) / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(data.slice(2 + 2 * i, 4 + 2 * i), 16)
  return out
}

/**
 * Reads the fee window from a header's `extraData`: the first 80 bytes as 10 big-endian uint64s
 * (`subnetevm.ParseWindow`). Bytes past 80 (Durango's predicate results) are ignored.
 *
 * @throws {InvalidArgumentError} when there are fewer than 80 bytes (`ErrWindowInsufficientLength`).
 * @example
 * import { encodeFeeWindow, parseFeeWindow } from 'subnet-rpc/fees'
 * const extra = encodeFeeWindow([0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 21_000n, 50_000n])
 * parseFeeWindow(extra)[9] // 50000n
 */
export function parseFeeWindow(extraData: Hex | Uint8Array): FeeWindow {
  const bytes = bytesOf('extraData', extraData)
  if (bytes.length < feeWindowSize)
    throw new InvalidArgumentError({
      argument: 'extraData',
      value: extraData,
      accepted: `at least ${feeWindowSize} bytes (subnetevm.ParseWindow: insufficient length for window: expected at least ${feeWindowSize} bytes but got ${bytes.length} bytes)`,
    })
  const window: bigint[] = []
  for (let i = 0; i < feeWindowLength; i++) {
    let v = 0n
    for (let j = 0; j < 8; j++) v = (v << 8n) | BigInt(bytes[i * 8 + j]!)
    window.push(v)
  }
  return window
}

/**
 * Encodes a fee window as the node stores it in `header.Extra`: 80 bytes, 10 big-endian uint64s,
 * oldest first (`subnetevm.Window.Bytes`).
 *
 * @example
 * import { encodeFeeWindow } from 'subnet-rpc/fees'
 * encodeFeeWindow([0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 1n]).length // 162
 */
export function encodeFeeWindow(window: FeeWindow): Hex {
  checkWindow('window', window)
  return `0x${window.map((v) => v.toString(16).padStart(16, '0')).join('')}`
}

/**
 * Adds gas to the newest slot, saturating at 2^64−1 (`subnetevm.Window.Add`).
 *
 * @example
 * import { addToFeeWindow } from 'subnet-rpc/fees'
 * addToFeeWindow([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n], 5n)[9] // 15n
 */
export function addToFeeWindow(window: FeeWindow, ...amounts: bigint[]): FeeWindow {
  checkWindow('window', window)
  for (const [i, a] of amounts.entries()) checkUint64(`amounts[${i}]`, a)
  const out = [...window]
  // window.go `add` stops at the first overflow and returns MaxUint64; since every term is
  // non-negative, that is min(true sum, MaxUint64).
  out[feeWindowLength - 1] = amounts.reduce(saturatingAdd, out[feeWindowLength - 1]!)
  return out
}

/**
 * Drops the oldest `seconds` slots and appends as many empty ones; 10 or more clears the
 * window (`subnetevm.Window.Shift`).
 *
 * @example
 * import { shiftFeeWindow } from 'subnet-rpc/fees'
 * shiftFeeWindow([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n], 8n) // [9n, 10n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]
 */
export function shiftFeeWindow(window: FeeWindow, seconds: bigint): FeeWindow {
  checkWindow('window', window)
  checkUint64('seconds', seconds)
  if (seconds >= BigInt(feeWindowLength)) return new Array<bigint>(feeWindowLength).fill(0n)
  const n = Number(seconds)
  return [...window.slice(n), ...new Array<bigint>(n).fill(0n)]
}

/**
 * The gas in the window, saturating at 2^64−1 on overflow (`subnetevm.Window.Sum`).
 *
 * @example
 * import { sumFeeWindow } from 'subnet-rpc/fees'
 * sumFeeWindow([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n]) // 55n
 */
export function sumFeeWindow(window: FeeWindow): bigint {
  checkWindow('window', window)
  return window.reduce(saturatingAdd, 0n)
}

// ---------------------------------------------------------------------------------------------
// Upgrades and times

const forked = (at: bigint | null | undefined, t: bigint): boolean => at != null && at <= t
function checkUpgrades(upgrades: unknown): void {
  if (upgrades == null || typeof upgrades !== 'object')
    throw new InvalidArgumentError({
      argument: 'upgrades',
      value: upgrades,
      accepted: 'an object with subnetEVMTimestamp and graniteTimestamp (a ChainConfig fits)',
    })
}
const isSubnetEVM = (upgrades: FeeUpgrades | undefined, t: bigint): boolean =>
  upgrades === undefined ? true : forked(upgrades.subnetEVMTimestamp, t)

/** Go's max(timeMS, parentMS) in EstimateNextBaseFee (Math.max takes no bigints). */
function later(a: bigint, b: bigint): bigint {
  if (a >= b) return a
  return b
}

/** customtypes.HeaderTimeMilliseconds: TimeMilliseconds, else Time × 1000 in uint64 (which wraps). */
const headerTimeMs = (seconds: bigint, ms: bigint | null | undefined): bigint => (ms != null ? ms : (seconds * 1000n) & maxUint64)

type ChildTimes = { seconds: bigint; ms: bigint }
function childTimes(time: { timestamp?: bigint | undefined; timestampMilliseconds?: bigint | null | undefined }): ChildTimes {
  const { timestamp, timestampMilliseconds: ms } = time
  if (ms != null) {
    checkUint64('timestampMilliseconds', ms)
    if (timestamp !== undefined && checkUint64('timestamp', timestamp) !== ms / 1000n)
      throw new InvalidArgumentError({
        argument: 'timestamp',
        value: timestamp,
        accepted: `timestampMilliseconds / 1000 = ${ms / 1000n}n when both are given (customheader.VerifyTime)`,
      })
    return { seconds: ms / 1000n, ms }
  }
  return { seconds: checkUint64('timestamp', timestamp), ms: headerTimeMs(timestamp!, null) }
}

/** Checks the parent's times and gives its time in ms (`HeaderTimeMilliseconds`). */
function checkParentTime(parent: FeeParentHeader): bigint {
  if (parent === null || typeof parent !== 'object')
    throw new InvalidArgumentError({ argument: 'parent', value: parent, accepted: 'the parent header fields (FeeParentHeader)' })
  checkUint64('parent.timestamp', parent.timestamp)
  const ms = headerQuantity('parent.timestampMilliseconds', parent.timestampMilliseconds)
  return headerTimeMs(parent.timestamp, ms === null ? null : checkUint64('parent.timestampMilliseconds', ms))
}

// ---------------------------------------------------------------------------------------------
// The window of the child (customheader.feeWindow)

/** Parameters of {@link nextFeeWindow}. */
export type NextFeeWindowParameters = {
  /** Reads `number`, `timestamp`, `gasUsed` and, for a non-genesis SubnetEVM parent, `extraData`. */
  parent: FeeParentHeader
  /** The child's `header.Time`, unix seconds. */
  timestamp: bigint
  upgrades?: FeeUpgrades
}

/**
 * The child block's fee window (`customheader.feeWindow`): empty when the parent is genesis or
 * before SubnetEVM; otherwise the parent's window with the parent's `gasUsed` added to the
 * newest slot (saturating), then shifted by the seconds elapsed.
 *
 * @throws {InvalidArgumentError} when the parent's `extraData` is shorter than 80 bytes, or the
 * child's timestamp is before the parent's (`errInvalidTimestamp`).
 * @example
 * import { encodeFeeWindow, nextFeeWindow } from 'subnet-rpc/fees'
 * const parent = { number: 5n, timestamp: 100n, gasUsed: 21_000n, extraData: encodeFeeWindow([0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 7n]) }
 * nextFeeWindow({ parent, timestamp: 101n }) // [0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 21007n, 0n]
 */
export function nextFeeWindow({ parent, timestamp, upgrades }: NextFeeWindowParameters): FeeWindow {
  checkParentTime(parent)
  checkUint64('timestamp', timestamp)
  return feeWindowAt(parent, timestamp, upgrades)
}

const isInitial = (parent: FeeParentHeader, upgrades: FeeUpgrades | undefined): boolean => {
  checkNonNegative('parent.number', parent.number, 'a block number as a non-negative bigint')
  return !isSubnetEVM(upgrades, parent.timestamp) || parent.number === 0n
}

function feeWindowAt(parent: FeeParentHeader, timestamp: bigint, upgrades: FeeUpgrades | undefined): FeeWindow {
  if (isInitial(parent, upgrades)) return new Array<bigint>(feeWindowLength).fill(0n)
  const window = parseFeeWindow(bytesOf('parent.extraData', parent.extraData))
  if (timestamp < parent.timestamp)
    throw new InvalidArgumentError({
      argument: 'timestamp',
      value: timestamp,
      accepted: `at least parent.timestamp = ${parent.timestamp}n (customheader.feeWindow: invalid timestamp: timestamp ${timestamp} prior to parent timestamp ${parent.timestamp})`,
    })
  const gasUsed = checkUint64('parent.gasUsed', parent.gasUsed)
  return shiftFeeWindow(addToFeeWindow(window, gasUsed), timestamp - parent.timestamp)
}

// ---------------------------------------------------------------------------------------------
// The base fee (customheader.BaseFee, baseFeeFromWindow)

/** Parameters of {@link nextBaseFee}, {@link estimateNextBaseFee} and {@link maxNextBaseFee}. */
export type NextBaseFeeParameters = FeeChildTime & {
  /** The fee config in force at the parent (`GetFeeConfigAt(parent)`: `eth_feeConfig` at the parent's block). */
  feeConfig: FeeConfig
  /** Reads `number`, `timestamp`, and for a non-genesis SubnetEVM parent `gasUsed`, `baseFeePerGas` and `extraData`. */
  parent: FeeParentHeader
  /** SubnetEVM activation; omitted: active from 0. */
  upgrades?: FeeUpgrades
  algorithm?: FeeAlgorithm
}

/** The child's base fee and fee window. */
export type NextBaseFee = {
  /** `header.BaseFee` of the child. */
  baseFee: bigint
  /** The child's fee window (`customheader.feeWindow` at the child's `header.Time`). */
  feeWindow: FeeWindow
  /** `encodeFeeWindow(feeWindow)`: the first 80 bytes the child's `extraData` must have (`customheader.ExtraPrefix`). */
  extraPrefix: Hex
}

/** Go's baseFeeFromWindow, after BaseFee's IsSubnetEVM(timestamp) check; `timestamp` in seconds. */
function baseFeeFromWindow(p: NextBaseFeeParameters, timestamp: bigint): bigint {
  const { feeConfig, parent, upgrades } = p
  const legacy = p.algorithm === 'pre-v0.7.3'
  if (isInitial(parent, upgrades)) return legacy ? feeConfig.minBaseFee : goInt64(feeConfig.minBaseFee)

  const window = feeWindowAt(parent, timestamp, upgrades)
  const parentBaseFee = checkNonNegative(
    'parent.baseFeePerGas',
    parent.baseFeePerGas,
    "the parent's base fee as a non-negative bigint (every non-genesis SubnetEVM block has one)",
  )
  const target = goUint64(feeConfig.targetGas)
  const total = sumFeeWindow(window)

  // Exactly on target: unchanged, "for legacy reasons" even outside [minBaseFee, 2^256−1].
  if (total === target) return parentBaseFee

  const divisor = legacy ? feeConfig.targetGas : target
  const change = (gap: bigint): bigint => {
    const num = goDiv(goDiv(gap * parentBaseFee, divisor), feeConfig.baseFeeChangeDenominator)
    return num < 1n ? 1n : num // math.BigMax(num, common.Big1)
  }
  let baseFee: bigint
  if (total > target) {
    baseFee = parentBaseFee + change(total - target)
  } else {
    let delta = change(target - total)
    // One decrease per full window elapsed, when more than one has (windowsElapsed > 1; the
    // older `roll > RollupWindow` then `roll/RollupWindow` is the same rule). A fresh product:
    // the pre-v0.6.10 code multiplied into common.Big1 in place.
    const windowsElapsed = (timestamp - parent.timestamp) / BigInt(feeWindowLength)
    if (windowsElapsed > 1n) delta *= windowsElapsed
    baseFee = parentBaseFee - delta
  }
  // selectBigWithinBounds: the lower bound is tested first.
  if (baseFee < feeConfig.minBaseFee) return feeConfig.minBaseFee
  if (!legacy && baseFee > maxUint256) return maxUint256
  return baseFee
}

function baseFeeAtMs(p: NextBaseFeeParameters, ms: bigint): bigint | null {
  const seconds = ms / 1000n
  return isSubnetEVM(p.upgrades, seconds) ? baseFeeFromWindow(p, seconds) : null
}

/**
 * The base fee and fee window of the block built on `parent` at the given time, as the node
 * computes and verifies them (`customheader.BaseFee`, `ExtraPrefix`):
 *
 * - child before SubnetEVM: `null`;
 * - parent genesis or before SubnetEVM: `minBaseFee` (Go: `big.NewInt(MinBaseFee.Int64())`), empty window;
 * - otherwise, with `total` the gas in the child's window and `target = targetGas`:
 *   `total == target` keeps the parent's base fee, even outside the bounds; above target it rises by
 *   `max(1, (total − target) · parentBaseFee / target / baseFeeChangeDenominator)`; below, it falls by
 *   `max(1, (target − total) · parentBaseFee / target / baseFeeChangeDenominator)`, times the number
 *   of whole 10-second windows elapsed when that is 2 or more; then it is clamped to
 *   `[minBaseFee, 2^256 − 1]`.
 *
 * The time used is `timestampMilliseconds / 1000` (Granite headers; the window stays in whole
 * seconds), or `timestamp`. Overloaded: without `upgrades` the result is never `null`.
 *
 * @throws {InvalidArgumentError} on a parent `extraData` shorter than 80 bytes, a child time
 * before the parent's, or a value out of its Go type's range.
 * @example
 * import { encodeFeeWindow, nextBaseFee } from 'subnet-rpc/fees'
 * const feeConfig = {
 *   gasLimit: 8_000_000n, targetBlockRate: 2n, minBaseFee: 25_000_000_000n, targetGas: 15_000_000n,
 *   baseFeeChangeDenominator: 36n, minBlockGasCost: 0n, maxBlockGasCost: 1_000_000n, blockGasCostStep: 200_000n,
 * }
 * const parent = {
 *   number: 1n, timestamp: 100n, gasUsed: 0n, baseFeePerGas: 30_000_000_000n,
 *   extraData: encodeFeeWindow([0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]),
 * }
 * nextBaseFee({ feeConfig, parent, timestamp: 102n }).baseFee // 29_166_666_667n
 */
export function nextBaseFee(parameters: NextBaseFeeParameters & { upgrades?: undefined }): NextBaseFee
export function nextBaseFee(parameters: NextBaseFeeParameters): NextBaseFee | null
export function nextBaseFee(parameters: NextBaseFeeParameters): NextBaseFee | null {
  const { seconds, ms } = childTimes(parameters)
  // Before SubnetEVM, BaseFee returns nil without reading the parent.
  if (!isSubnetEVM(parameters.upgrades, ms / 1000n)) return null
  checkParentTime(parameters.parent)
  const baseFee = baseFeeAtMs(parameters, ms)
  if (baseFee === null) return null
  // ExtraPrefix reads header.Time (seconds); BaseFee reads the milliseconds. They name the same
  // second unless a seconds-only time overflows Go's uint64 Time×1000.
  const feeWindow = feeWindowAt(parameters.parent, seconds, parameters.upgrades)
  return { baseFee, feeWindow, extraPrefix: encodeFeeWindow(feeWindow) }
}

/**
 * The base fee of a block built on `parent` at the given time, where a time before the parent's
 * counts as the parent's (`customheader.EstimateNextBaseFee`). For estimates only: a block
 * built later may have a lower base fee; {@link maxNextBaseFee} gives the highest possible one.
 * Overloaded: without `upgrades` the result is never `null`.
 *
 * @example
 * import { encodeFeeWindow, estimateNextBaseFee } from 'subnet-rpc/fees'
 * const feeConfig = {
 *   gasLimit: 8_000_000n, targetBlockRate: 2n, minBaseFee: 25_000_000_000n, targetGas: 15_000_000n,
 *   baseFeeChangeDenominator: 36n, minBlockGasCost: 0n, maxBlockGasCost: 1_000_000n, blockGasCostStep: 200_000n,
 * }
 * const parent = {
 *   number: 1n, timestamp: 100n, gasUsed: 30_000_000n, baseFeePerGas: 30_000_000_000n,
 *   extraData: encodeFeeWindow([0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]),
 * }
 * estimateNextBaseFee({ feeConfig, parent, timestamp: 90n }) // 30_833_333_333n
 */
export function estimateNextBaseFee(parameters: NextBaseFeeParameters & { upgrades?: undefined }): bigint
export function estimateNextBaseFee(parameters: NextBaseFeeParameters): bigint | null
export function estimateNextBaseFee(parameters: NextBaseFeeParameters): bigint | null {
  const parentMs = checkParentTime(parameters.parent)
  const { ms } = childTimes(parameters)
  return baseFeeAtMs(parameters, later(ms, parentMs))
}

/**
 * The highest base fee any block built on `parent` at or after the given time can have: a fee
 * cap of at least this is never too low for the next block, whenever it is built. Exact: the
 * base fee depends on the elapsed whole seconds, and from 10 s on (window empty) it can only
 * fall, so this evaluates each second from the given time (not before the parent's) to 10 s
 * after the parent, and the SubnetEVM activation second if later. It is usually the base fee at
 * the given time, but not always: a parent whose gas was exactly on target keeps its base fee
 * even below a raised `minBaseFee`, while a later block is clamped up to it.
 * `null` when no such block is past SubnetEVM. Overloaded: without `upgrades`, never `null`.
 *
 * @example
 * import { encodeFeeWindow, maxNextBaseFee } from 'subnet-rpc/fees'
 * const feeConfig = {
 *   gasLimit: 8_000_000n, targetBlockRate: 2n, minBaseFee: 25_000_000_000n, targetGas: 15_000_000n,
 *   baseFeeChangeDenominator: 36n, minBlockGasCost: 0n, maxBlockGasCost: 1_000_000n, blockGasCostStep: 200_000n,
 * }
 * const parent = {
 *   number: 1n, timestamp: 100n, gasUsed: 30_000_000n, baseFeePerGas: 30_000_000_000n,
 *   extraData: encodeFeeWindow([0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]),
 * }
 * maxNextBaseFee({ feeConfig, parent, timestamp: 100n }) // 30_833_333_333n
 *
 * @example
 * // The head block as viem gives it, and the fee config in force: the fee cap no next block can refuse.
 * import { createPublicClient, http } from 'viem'
 * import { maxNextBaseFee } from 'subnet-rpc/fees'
 * import { subnetActions } from 'subnet-rpc/viem'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(subnetActions)
 * const [parent, { feeConfig }] = await Promise.all([client.getBlock(), client.feeConfig()])
 * const baseFeeCap = maxNextBaseFee({ feeConfig, parent, timestamp: parent.timestamp + 1n })
 */
export function maxNextBaseFee(parameters: NextBaseFeeParameters & { upgrades?: undefined }): bigint
export function maxNextBaseFee(parameters: NextBaseFeeParameters): bigint | null
export function maxNextBaseFee(parameters: NextBaseFeeParameters): bigint | null {
  const { parent, upgrades } = parameters
  const parentMs = checkParentTime(parent)
  const { ms } = childTimes(parameters)
  const first = later(ms, parentMs) / 1000n
  const windowEnd = parent.timestamp + BigInt(feeWindowLength)
  const last = windowEnd > first ? (windowEnd > maxUint64 ? maxUint64 : windowEnd) : first
  const seconds: bigint[] = []
  for (let s = first; s <= last; s++) seconds.push(s)
  const activation = upgrades?.subnetEVMTimestamp
  if (activation != null && activation > last && activation <= maxUint64) seconds.push(activation)
  let best: bigint | null = null
  for (const s of seconds) {
    const fee = isSubnetEVM(upgrades, s) ? baseFeeFromWindow(parameters, s) : null
    if (fee !== null && (best === null || fee > best)) best = fee
  }
  return best
}

// ---------------------------------------------------------------------------------------------
// The block gas cost (customheader.BlockGasCost, blockgascost.BlockGasCost)

/** Parameters of {@link blockGasCostWithStep}. */
export type BlockGasCostWithStepParameters = {
  feeConfig: FeeConfig
  /** The parent's `blockGasCost`; `null`/absent gives `minBlockGasCost` (the first SubnetEVM block). */
  parentCost: bigint | null | undefined
  /** Gas added or removed per second off `targetBlockRate`; a uint64 (any size with `'pre-v0.7.3'`). */
  step: bigint
  /** Seconds since the parent. */
  timeElapsed: bigint
  algorithm?: FeeAlgorithm
}

/**
 * The block gas cost from the parent's, a step and the seconds elapsed
 * (`customheader.BlockGasCostWithStep` and `blockgascost.BlockGasCost`):
 * `parentCost + step × (targetBlockRate − timeElapsed)` when at or under the target rate,
 * `parentCost − step × (timeElapsed − targetBlockRate)` over it, in uint64 with Go's saturation
 * (an overflowing product or sum gives `maxBlockGasCost`, an underflow `minBlockGasCost`), then
 * clamped to `[minBlockGasCost, maxBlockGasCost]`. No parent cost: `minBlockGasCost`.
 *
 * @example
 * import { blockGasCostWithStep } from 'subnet-rpc/fees'
 * const feeConfig = {
 *   gasLimit: 8_000_000n, targetBlockRate: 2n, minBaseFee: 25_000_000_000n, targetGas: 15_000_000n,
 *   baseFeeChangeDenominator: 36n, minBlockGasCost: 0n, maxBlockGasCost: 1_000_000n, blockGasCostStep: 200_000n,
 * }
 * blockGasCostWithStep({ feeConfig, parentCost: 1_000_000n, step: 50_000n, timeElapsed: 12n }) // 500_000n
 */
export function blockGasCostWithStep({ feeConfig, parentCost, step, timeElapsed, algorithm }: BlockGasCostWithStepParameters): bigint {
  checkUint64('timeElapsed', timeElapsed)
  const rate = checkUint64('feeConfig.targetBlockRate', feeConfig.targetBlockRate)
  if (algorithm === 'pre-v0.7.3') {
    // v0.6.10–v0.7.2 calcBlockGasCost: *big.Int throughout, clamped, MaxUint64 if not a uint64.
    checkNonNegative('step', step, 'a non-negative bigint')
    if (parentCost == null) return feeConfig.minBlockGasCost
    let cost = timeElapsed < rate ? parentCost + step * (rate - timeElapsed) : parentCost - step * (timeElapsed - rate)
    if (cost < feeConfig.minBlockGasCost) cost = feeConfig.minBlockGasCost
    else if (cost > feeConfig.maxBlockGasCost) cost = feeConfig.maxBlockGasCost
    return isUint64(cost) ? cost : maxUint64
  }
  checkUint64('step', step)
  const min = goUint64(feeConfig.minBlockGasCost)
  if (parentCost == null) return min
  const parent = goUint64(parentCost)
  const max = goUint64(feeConfig.maxBlockGasCost)
  const deviation = rate > timeElapsed ? rate - timeElapsed : timeElapsed - rate
  let change = step * deviation
  if (change > maxUint64) change = maxUint64
  let cost: bigint
  if (timeElapsed > rate) {
    cost = parent - change
    if (cost < 0n) cost = min
  } else {
    cost = parent + change
    if (cost > maxUint64) cost = max
  }
  return cost < min ? min : cost > max ? max : cost
}

/** Parameters of {@link blockGasCost}. */
export type BlockGasCostParameters = {
  /** The fee config in force at the parent. */
  feeConfig: FeeConfig
  /** Reads `timestamp` and `blockGasCost`. */
  parent: Pick<FeeParentHeader, 'timestamp' | 'blockGasCost'>
  /** The child's `header.Time`, unix seconds. */
  timestamp: bigint
  /** SubnetEVM and Granite activation: required, since Granite decides the result. */
  upgrades: FeeUpgrades
  algorithm?: FeeAlgorithm
}

/**
 * The child block's `blockGasCost` (`customheader.BlockGasCost`): `null` before SubnetEVM, 0 from
 * Granite on, otherwise {@link blockGasCostWithStep} with `feeConfig.blockGasCostStep` (its low
 * 64 bits, as Go's `Uint64()`) and the seconds since the parent (0 if the child is earlier).
 *
 * @example
 * import { blockGasCost } from 'subnet-rpc/fees'
 * const feeConfig = {
 *   gasLimit: 8_000_000n, targetBlockRate: 2n, minBaseFee: 25_000_000_000n, targetGas: 15_000_000n,
 *   baseFeeChangeDenominator: 36n, minBlockGasCost: 0n, maxBlockGasCost: 1_000_000n, blockGasCostStep: 200_000n,
 * }
 * const parent = { timestamp: 100n, blockGasCost: 0n }
 * blockGasCost({ feeConfig, parent, timestamp: 101n, upgrades: { subnetEVMTimestamp: 0n } }) // 200_000n
 * blockGasCost({ feeConfig, parent, timestamp: 101n, upgrades: { subnetEVMTimestamp: 0n, graniteTimestamp: 0n } }) // 0n
 */
export function blockGasCost({ feeConfig, parent, timestamp, upgrades, algorithm }: BlockGasCostParameters): bigint | null {
  checkUint64('timestamp', timestamp)
  checkUint64('parent.timestamp', parent.timestamp)
  checkUpgrades(upgrades)
  if (!isSubnetEVM(upgrades, timestamp)) return null
  const legacy = algorithm === 'pre-v0.7.3'
  if (!legacy && forked(upgrades?.graniteTimestamp, timestamp)) return 0n
  const timeElapsed = parent.timestamp <= timestamp ? timestamp - parent.timestamp : 0n
  const step = legacy ? feeConfig.blockGasCostStep : goUint64(feeConfig.blockGasCostStep)
  const parentCost = headerQuantity('parent.blockGasCost', parent.blockGasCost)
  return blockGasCostWithStep({ feeConfig, parentCost, step, timeElapsed, algorithm })
}

// ---------------------------------------------------------------------------------------------
// The block fee check (customheader.VerifyBlockFee)

/**
 * What a transaction offers to pay per gas: `gasPrice` (legacy and access-list transactions),
 * or `maxFeePerGas` and `maxPriorityFeePerGas` (EIP-1559), which win when present.
 */
export type FeeBid =
  | { gasPrice: bigint; maxFeePerGas?: undefined; maxPriorityFeePerGas?: undefined }
  | { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; gasPrice?: bigint | undefined }

function bidCaps(tx: FeeBid, i: number | undefined): { feeCap: bigint; tipCap: bigint } {
  const at = i === undefined ? 'transaction' : `transactions[${i}]`
  if (tx.maxFeePerGas !== undefined) {
    return {
      feeCap: checkNonNegative(`${at}.maxFeePerGas`, tx.maxFeePerGas, 'a non-negative bigint'),
      tipCap: checkNonNegative(`${at}.maxPriorityFeePerGas`, tx.maxPriorityFeePerGas, 'a non-negative bigint'),
    }
  }
  const price = checkNonNegative(`${at}.gasPrice`, tx.gasPrice, 'a non-negative bigint (or maxFeePerGas and maxPriorityFeePerGas)')
  return { feeCap: price, tipCap: price }
}

/**
 * A transaction's tip per gas at a base fee: `min(tipCap, feeCap − baseFee)`, where a legacy
 * transaction's caps are both its `gasPrice` (`types.Transaction.EffectiveGasTip`, libevm). Negative
 * when the fee cap is below the base fee (Go returns that value with `ErrGasFeeCapTooLow`).
 * Without a base fee, the tip cap.
 *
 * @example
 * import { effectiveGasTip } from 'subnet-rpc/fees'
 * effectiveGasTip({ maxFeePerGas: 30n, maxPriorityFeePerGas: 2n }, 29n) // 1n
 * effectiveGasTip({ gasPrice: 150n }, 100n) // 50n
 */
export function effectiveGasTip(transaction: FeeBid, baseFee: bigint | null | undefined): bigint {
  const { feeCap, tipCap } = bidCaps(transaction, undefined)
  if (baseFee == null) return tipCap
  const gap = feeCap - baseFee
  // math.BigMin(tipCap, gap)
  if (gap < tipCap) return gap
  return tipCap
}

/** A transaction of the block with its receipt's `gasUsed`. */
export type BlockFeeTransaction = FeeBid & { gasUsed: bigint }

/** Parameters of {@link verifyBlockFee}. */
export type VerifyBlockFeeParameters = {
  /** The block's base fee. */
  baseFee: bigint | null | undefined
  /** The block's required `blockGasCost` ({@link blockGasCost}). */
  blockGasCost: bigint | null | undefined
  /** The block's transactions, each with its receipt's `gasUsed`. */
  transactions?: readonly BlockFeeTransaction[]
  /** Extra wei counted towards the block fee (`extraStateChangeContribution`; the node passes none). */
  extraStateChangeContribution?: bigint | null
}

/**
 * The outcome of {@link verifyBlockFee}: `ok`, or the reason and Go's error text. `blockGas` is
 * the gas the tips buy, when it was computed.
 */
export type VerifyBlockFeeResult =
  | { ok: true; blockGas: bigint | null }
  | {
      ok: false
      reason: 'invalidBaseFee' | 'invalidBlockGasCost' | 'invalidExtraStateChangeContribution' | 'gasFeeCapTooLow' | 'insufficientBlockGas'
      message: string
      blockGas: bigint | null
    }

/**
 * The check the node makes when it builds or accepts a pre-Granite block
 * (`customheader.VerifyBlockFee`): the tips, `Σ effectiveGasTip × gasUsed` (plus any extra
 * contribution), must buy at least `blockGasCost` gas at the base fee:
 * `⌊Σ / baseFee⌋ ≥ blockGasCost`. A required cost of 0 (Granite) always passes, without looking
 * at the transactions.
 *
 * @example
 * import { verifyBlockFee } from 'subnet-rpc/fees'
 * verifyBlockFee({ baseFee: 100n, blockGasCost: 100_000n, transactions: [{ gasPrice: 200n, gasUsed: 100_000n }] })
 * // { ok: true, blockGas: 100000n }
 */
export function verifyBlockFee({
  baseFee,
  blockGasCost: required,
  transactions = [],
  extraStateChangeContribution,
}: VerifyBlockFeeParameters): VerifyBlockFeeResult {
  const fail = (reason: Extract<VerifyBlockFeeResult, { ok: false }>['reason'], message: string, blockGas: bigint | null = null) =>
    ({ ok: false, reason, message, blockGas }) as const
  const shown = (v: bigint | null | undefined) => (v == null ? '<nil>' : String(v))
  if (baseFee == null || baseFee <= 0n) return fail('invalidBaseFee', `invalid base fee: ${shown(baseFee)}`)
  if (required == null || !isUint64(required)) return fail('invalidBlockGasCost', `invalid block gas cost: ${shown(required)}`)
  if (required === 0n) return { ok: true, blockGas: null }
  let total = 0n
  if (extraStateChangeContribution != null) {
    if (extraStateChangeContribution < 0n)
      return fail('invalidExtraStateChangeContribution', `invalid extra state change contribution: ${extraStateChangeContribution}`)
    total += extraStateChangeContribution
  }
  for (const [i, tx] of transactions.entries()) {
    const { feeCap } = bidCaps(tx, i)
    if (feeCap < baseFee) return fail('gasFeeCapTooLow', 'fee cap less than base fee')
    total += effectiveGasTip(tx, baseFee) * checkUint64(`transactions[${i}].gasUsed`, tx.gasUsed)
  }
  const blockGas = goDiv(total, baseFee)
  if (blockGas < required)
    return fail('insufficientBlockGas', `insufficient gas to cover the block cost: expected ${required} but got ${blockGas}`, blockGas)
  return { ok: true, blockGas }
}

// ---------------------------------------------------------------------------------------------
// The gas limit (customheader.GasLimit, VerifyGasLimit)

/** Parameters of {@link gasLimit}. */
export type GasLimitParameters = FeeChildTime & {
  feeConfig: FeeConfig
  /** Reads `gasLimit`, only before SubnetEVM. */
  parent?: Pick<FeeParentHeader, 'gasLimit'>
  /** SubnetEVM activation; omitted: active from 0. */
  upgrades?: FeeUpgrades
}

/**
 * The child block's gas limit (`customheader.GasLimit`, also its gas capacity): from SubnetEVM on,
 * `feeConfig.gasLimit` (its low 64 bits, as Go's `Uint64()`); before, the parent's.
 *
 * @example
 * import { gasLimit } from 'subnet-rpc/fees'
 * const feeConfig = {
 *   gasLimit: 8_000_000n, targetBlockRate: 2n, minBaseFee: 25_000_000_000n, targetGas: 15_000_000n,
 *   baseFeeChangeDenominator: 36n, minBlockGasCost: 0n, maxBlockGasCost: 1_000_000n, blockGasCostStep: 200_000n,
 * }
 * gasLimit({ feeConfig, timestamp: 1_700_000_000n }) // 8_000_000n
 */
export function gasLimit(parameters: GasLimitParameters): bigint {
  const { seconds } = childTimes(parameters)
  if (isSubnetEVM(parameters.upgrades, seconds)) return goUint64(parameters.feeConfig.gasLimit)
  return checkUint64('parent.gasLimit', parameters.parent?.gasLimit)
}

/** Parameters of {@link verifyGasLimit}. */
export type VerifyGasLimitParameters = {
  feeConfig: FeeConfig
  /** Reads `gasLimit`, only before SubnetEVM. */
  parent?: Pick<FeeParentHeader, 'gasLimit'>
  /** The child header's `timestamp` (seconds) and `gasLimit`. */
  header: { timestamp: bigint; gasLimit: bigint }
  /** SubnetEVM activation; omitted: active from 0. */
  upgrades?: FeeUpgrades
}

/**
 * The node's gas limit check (`customheader.VerifyGasLimit`): from SubnetEVM on the header's
 * gas limit must equal `feeConfig.gasLimit` exactly; before, it must lie in [5000, 2^63−1] and
 * differ from the parent's by less than parent/1024. Returns `ok` or Go's error text.
 *
 * @example
 * import { verifyGasLimit } from 'subnet-rpc/fees'
 * const feeConfig = {
 *   gasLimit: 8_000_000n, targetBlockRate: 2n, minBaseFee: 25_000_000_000n, targetGas: 15_000_000n,
 *   baseFeeChangeDenominator: 36n, minBlockGasCost: 0n, maxBlockGasCost: 1_000_000n, blockGasCostStep: 200_000n,
 * }
 * verifyGasLimit({ feeConfig, header: { timestamp: 1n, gasLimit: 8_000_001n } }).ok // false
 */
export function verifyGasLimit({
  feeConfig,
  parent,
  header,
  upgrades,
}: VerifyGasLimitParameters): { ok: true } | { ok: false; message: string } {
  const limit = checkUint64('header.gasLimit', header.gasLimit)
  if (isSubnetEVM(upgrades, checkUint64('header.timestamp', header.timestamp))) {
    const expected = goUint64(feeConfig.gasLimit)
    return limit === expected
      ? { ok: true }
      : { ok: false, message: `invalid gas limit: expected to be ${expected} in Subnet-EVM, but found ${limit}` }
  }
  // libevm params: MinGasLimit, MaxGasLimit, GasLimitBoundDivisor.
  const minGasLimit = 5000n
  const maxGasLimit = (1n << 63n) - 1n
  if (limit < minGasLimit || limit > maxGasLimit)
    return { ok: false, message: `invalid gas limit: ${limit} not in range [${minGasLimit}, ${maxGasLimit}]` }
  const parentLimit = checkUint64('parent.gasLimit', parent?.gasLimit)
  const diff = parentLimit > limit ? parentLimit - limit : limit - parentLimit
  const bound = parentLimit / 1024n
  return diff >= bound ? { ok: false, message: `invalid gas limit: have ${limit}, want ${parentLimit} += ${bound}` } : { ok: true }
}

// ---------------------------------------------------------------------------------------------
// The header's time (customheader.VerifyTime)

/** A header's time fields as the node's JSON has them: bigints, or the node's hex quantities for the Granite ones. */
export type HeaderTime = {
  /** `header.Time`, unix seconds. */
  timestamp: bigint
  /** Granite's `timestampMilliseconds`; absent (nil) before Granite. */
  timestampMilliseconds?: bigint | Hex | null
  /** Granite's `minDelayExcess` (ACP-226); absent (nil) before Granite. */
  minDelayExcess?: bigint | Hex | null
}

/** Parameters of {@link verifyHeaderTime}. */
export type VerifyHeaderTimeParameters = {
  parent: HeaderTime
  header: HeaderTime
  /** Granite activation (`graniteTimestamp`); omitted or null: not scheduled. */
  upgrades?: Pick<FeeUpgrades, 'graniteTimestamp'>
  /**
   * The verifier's clock in unix milliseconds: a header more than 10 s past it is refused
   * (`MaxFutureBlockTime`). Omitted: that check is skipped.
   */
  now?: bigint
}

/** The outcome of {@link verifyHeaderTime}: `ok`, or the reason (Go's error variable) and Go's error text. */
export type VerifyHeaderTimeResult =
  | { ok: true }
  | {
      ok: false
      reason:
        | 'blockTooOld'
        | 'blockTooFarInFuture'
        | 'timeMillisecondsBeforeGranite'
        | 'timeMillisecondsRequired'
        | 'timeMillisecondsMismatched'
        | 'minDelayNotMet'
      message: string
    }

/** `customheader.MaxFutureBlockTime` in milliseconds. */
const maxFutureBlockTimeMs = 10_000n

/**
 * The node's check of a header's time against its parent's (`customheader.VerifyTime`): never
 * before the parent (in milliseconds; the same time is allowed), at most 10 s past the verifier's
 * clock; from Granite, `timestampMilliseconds` present and `timestamp` its whole seconds, and at
 * least the parent's ACP-226 minimum delay (`delay(parent.minDelayExcess)` ms) after the parent,
 * unless the parent has no `minDelayExcess` (the first Granite block); before Granite, no
 * `timestampMilliseconds`. Returns `ok` or Go's error text.
 *
 * @example
 * import { verifyHeaderTime } from 'subnet-rpc/fees'
 * const parent = { timestamp: 100n, timestampMilliseconds: 100_000n, minDelayExcess: 7_970_124n }
 * const header = { timestamp: 101n, timestampMilliseconds: 101_000n, minDelayExcess: 7_970_124n }
 * verifyHeaderTime({ parent, header, upgrades: { graniteTimestamp: 0n } })
 * // { ok: false, reason: 'minDelayNotMet', message: 'minimum block delay not met: actual delay 1000ms < required 2000ms' }
 */
export function verifyHeaderTime({ parent, header, upgrades, now }: VerifyHeaderTimeParameters): VerifyHeaderTimeResult {
  const fail = (reason: Extract<VerifyHeaderTimeResult, { ok: false }>['reason'], message: string) =>
    ({ ok: false, reason, message }) as const
  const headerSeconds = checkUint64('header.timestamp', header.timestamp)
  const headerMs = headerQuantity('header.timestampMilliseconds', header.timestampMilliseconds)
  const parentMs = headerQuantity('parent.timestampMilliseconds', parent.timestampMilliseconds)
  const headerTime = headerTimeMs(headerSeconds, headerMs)
  const parentTime = headerTimeMs(checkUint64('parent.timestamp', parent.timestamp), parentMs)
  if (headerTime < parentTime) return fail('blockTooOld', `block timestamp is too old: ${headerTime} < parent ${parentTime}`)
  if (now !== undefined && headerTime > now + maxFutureBlockTimeMs)
    return fail('blockTooFarInFuture', `block timestamp is too far in the future: ${headerTime} > allowed ${now + maxFutureBlockTimeMs}`)
  if (!forked(upgrades?.graniteTimestamp, headerSeconds))
    return headerMs === null
      ? { ok: true }
      : fail('timeMillisecondsBeforeGranite', 'TimeMilliseconds should be nil before Granite activation')
  if (headerMs === null) return fail('timeMillisecondsRequired', 'TimeMilliseconds is required after Granite activation')
  if (headerSeconds !== headerMs / 1000n)
    return fail(
      'timeMillisecondsMismatched',
      `TimeMilliseconds does not match header.Time: header.Time (${headerSeconds}) != TimeMilliseconds/1000 = (${headerMs / 1000n})`,
    )
  const parentExcess = headerQuantity('parent.minDelayExcess', parent.minDelayExcess)
  if (parentExcess === null) return { ok: true }
  const required = delayOf(parentExcess)
  const actual = headerTime - parentTime
  return actual < required
    ? fail('minDelayNotMet', `minimum block delay not met: actual delay ${actual}ms < required ${required}ms`)
    : { ok: true }
}

// ---------------------------------------------------------------------------------------------
// Everything a block builder needs

/** Parameters of {@link nextBlockFees}. */
export type NextBlockFeesParameters = NextBaseFeeParameters & {
  /** SubnetEVM and Granite activation: required, since Granite decides the block gas cost. */
  upgrades: FeeUpgrades
}

/** The fee fields of the next block's header. */
export type NextBlockFees = {
  /** `null` before SubnetEVM. */
  baseFee: bigint | null
  /** `null` before SubnetEVM. */
  feeWindow: FeeWindow | null
  /** The first 80 bytes of `extraData`; `null` before SubnetEVM. */
  extraPrefix: Hex | null
  gasLimit: bigint
  /** `null` before SubnetEVM, 0 from Granite on. */
  blockGasCost: bigint | null
}

/**
 * The base fee, fee window, gas limit and block gas cost of the block built on `parent` at the
 * given time, in one call, as a block builder (the devnet) needs them; the node then checks the
 * block with {@link verifyBlockFee} against `blockGasCost`.
 *
 * @example
 * import { encodeFeeWindow, nextBlockFees } from 'subnet-rpc/fees'
 * const feeConfig = {
 *   gasLimit: 8_000_000n, targetBlockRate: 2n, minBaseFee: 25_000_000_000n, targetGas: 15_000_000n,
 *   baseFeeChangeDenominator: 36n, minBlockGasCost: 0n, maxBlockGasCost: 1_000_000n, blockGasCostStep: 200_000n,
 * }
 * const parent = {
 *   number: 1n, timestamp: 100n, gasUsed: 0n, baseFeePerGas: 30_000_000_000n, blockGasCost: 0n,
 *   extraData: encodeFeeWindow([0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]),
 * }
 * const fees = nextBlockFees({ feeConfig, parent, timestamp: 102n, upgrades: { subnetEVMTimestamp: 0n } })
 * fees.blockGasCost // 0n
 */
export function nextBlockFees(parameters: NextBlockFeesParameters): NextBlockFees {
  const { feeConfig, parent, upgrades, algorithm } = parameters
  checkUpgrades(upgrades)
  const next = nextBaseFee(parameters)
  const { seconds } = childTimes(parameters)
  return {
    baseFee: next?.baseFee ?? null,
    feeWindow: next?.feeWindow ?? null,
    extraPrefix: next?.extraPrefix ?? null,
    gasLimit: gasLimit({ ...parameters, timestamp: seconds, timestampMilliseconds: parameters.timestampMilliseconds ?? null }),
    blockGasCost: blockGasCost({ feeConfig, parent, timestamp: seconds, upgrades, ...(algorithm ? { algorithm } : {}) }),
  }
}
