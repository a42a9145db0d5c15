/**
 * The pre-Granite block gas cost (`plugin/evm/customheader/block_gas_cost.go` `BlockGasCost`,
 * `plugin/evm/blockgascost/cost.go`).
 */
import type { FeeConfig } from '../types/subnet.js'
import { checkNonNegative, checkUint64, goUint64, headerQuantity, isUint64, maxUint64 } from './goNumbers.js'
import { checkUpgrades, forked, isSubnetEVM } from './times.js'
import type { FeeAlgorithm, FeeParentHeader, FeeUpgrades } from './types.js'

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
