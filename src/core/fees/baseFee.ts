/**
 * The base fee of the next block (`plugin/evm/customheader/base_fee.go` `BaseFee`,
 * `EstimateNextBaseFee`; `dynamic_fee_windower.go` `baseFeeFromWindow`), and the highest it can be.
 */
import type { FeeConfig } from '../types/subnet.js'
import { checkNonNegative, goDiv, goInt64, goUint64, maxUint64, maxUint256 } from './goNumbers.js'
import { feeWindowAt, isInitial } from './nextWindow.js'
import { checkParentTime, childTimes, isSubnetEVM, later } from './times.js'
import type { FeeAlgorithm, FeeChildTime, FeeParentHeader, FeeUpgrades, Hex } from './types.js'
import { encodeFeeWindow, type FeeWindow, feeWindowLength, sumFeeWindow } from './window.js'

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
export function baseFeeFromWindow(p: NextBaseFeeParameters, timestamp: bigint): bigint {
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
