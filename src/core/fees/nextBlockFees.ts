/** Everything a block builder needs for the next header's fee fields, in one call. */
import { type NextBaseFeeParameters, nextBaseFee } from './baseFee.js'
import { blockGasCost } from './blockGasCost.js'
import { gasLimit } from './gasLimit.js'
import { checkUpgrades, childTimes } from './times.js'
import type { FeeUpgrades, Hex } from './types.js'
import type { FeeWindow } from './window.js'

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
