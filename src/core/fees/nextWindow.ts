/** The child block's fee window, from its parent's (`plugin/evm/customheader/dynamic_fee_windower.go`, `feeWindow`). */
import { InvalidArgumentError } from '../../errors/argument.js'
import { checkNonNegative, checkUint64 } from './goNumbers.js'
import { checkParentTime, isSubnetEVM } from './times.js'
import type { FeeParentHeader, FeeUpgrades } from './types.js'
import { addToFeeWindow, bytesOf, type FeeWindow, feeWindowLength, parseFeeWindow, shiftFeeWindow } from './window.js'

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

export const isInitial = (parent: FeeParentHeader, upgrades: FeeUpgrades | undefined): boolean => {
  checkNonNegative('parent.number', parent.number, 'a block number as a non-negative bigint')
  return !isSubnetEVM(upgrades, parent.timestamp) || parent.number === 0n
}

export function feeWindowAt(parent: FeeParentHeader, timestamp: bigint, upgrades: FeeUpgrades | undefined): FeeWindow {
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
