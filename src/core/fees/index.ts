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
 *
 * One module per concern: `window.ts` (the window's encoding), `nextWindow.ts`, `baseFee.ts`,
 * `blockGasCost.ts`, `blockFee.ts` (the block fee check), `gasLimit.ts`, `headerTime.ts` and
 * `nextBlockFees.ts`, over `types.ts` (the shared parameters), `times.ts` (upgrades and header
 * times) and `goNumbers.ts` (Go's number semantics). This index re-exports the public surface only.
 */
export {
  type BlockFeeTransaction,
  effectiveGasTip,
  type FeeBid,
  type VerifyBlockFeeParameters,
  type VerifyBlockFeeResult,
  verifyBlockFee,
} from './blockFee.js'
export {
  type BlockGasCostParameters,
  type BlockGasCostWithStepParameters,
  blockGasCost,
  blockGasCostWithStep,
} from './blockGasCost.js'
export {
  estimateNextBaseFee,
  maxNextBaseFee,
  type NextBaseFee,
  type NextBaseFeeParameters,
  nextBaseFee,
} from './baseFee.js'
export { type GasLimitParameters, gasLimit, type VerifyGasLimitParameters, verifyGasLimit } from './gasLimit.js'
export { type HeaderTime, type VerifyHeaderTimeParameters, type VerifyHeaderTimeResult, verifyHeaderTime } from './headerTime.js'
export { type NextBlockFees, type NextBlockFeesParameters, nextBlockFees } from './nextBlockFees.js'
export { type NextFeeWindowParameters, nextFeeWindow } from './nextWindow.js'
export type { FeeAlgorithm, FeeChildTime, FeeParentHeader, FeeUpgrades } from './types.js'
export {
  addToFeeWindow,
  encodeFeeWindow,
  type FeeWindow,
  feeWindowLength,
  feeWindowSize,
  parseFeeWindow,
  shiftFeeWindow,
  sumFeeWindow,
} from './window.js'
