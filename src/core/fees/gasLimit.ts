/** The gas limit a block must have, and the node's check of it (`plugin/evm/customheader/gas_limit.go`). */
import type { FeeConfig } from '../types/subnet.js'
import { checkUint64, goUint64 } from './goNumbers.js'
import { childTimes, isSubnetEVM } from './times.js'
import type { FeeChildTime, FeeParentHeader, FeeUpgrades } from './types.js'

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
