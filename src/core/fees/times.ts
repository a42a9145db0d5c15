/**
 * The upgrade checks (Go's `IsSubnetEVM`, `IsGranite`) and the header times the fee rules read:
 * seconds and Granite's milliseconds (`customtypes.HeaderTimeMilliseconds`).
 */
import { InvalidArgumentError } from '../../errors/argument.js'
import { checkUint64, headerQuantity, maxUint64 } from './goNumbers.js'
import type { FeeParentHeader, FeeUpgrades } from './types.js'

export const forked = (at: bigint | null | undefined, t: bigint): boolean => at != null && at <= t
export function checkUpgrades(upgrades: unknown): void {
  if (upgrades == null || typeof upgrades !== 'object')
    throw new InvalidArgumentError({
      argument: 'upgrades',
      value: upgrades,
      accepted: 'an object with subnetEVMTimestamp and graniteTimestamp (a ChainConfig fits)',
    })
}
export const isSubnetEVM = (upgrades: FeeUpgrades | undefined, t: bigint): boolean =>
  upgrades === undefined ? true : forked(upgrades.subnetEVMTimestamp, t)

/** Go's max(timeMS, parentMS) in EstimateNextBaseFee (Math.max takes no bigints). */
export function later(a: bigint, b: bigint): bigint {
  if (a >= b) return a
  return b
}

/** customtypes.HeaderTimeMilliseconds: TimeMilliseconds, else Time × 1000 in uint64 (which wraps). */
export const headerTimeMs = (seconds: bigint, ms: bigint | null | undefined): bigint => (ms != null ? ms : (seconds * 1000n) & maxUint64)

export type ChildTimes = { seconds: bigint; ms: bigint }
export function childTimes(time: { timestamp?: bigint | undefined; timestampMilliseconds?: bigint | null | undefined }): ChildTimes {
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
export function checkParentTime(parent: FeeParentHeader): bigint {
  if (parent === null || typeof parent !== 'object')
    throw new InvalidArgumentError({ argument: 'parent', value: parent, accepted: 'the parent header fields (FeeParentHeader)' })
  checkUint64('parent.timestamp', parent.timestamp)
  const ms = headerQuantity('parent.timestampMilliseconds', parent.timestampMilliseconds)
  return headerTimeMs(parent.timestamp, ms === null ? null : checkUint64('parent.timestampMilliseconds', ms))
}
