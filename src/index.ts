/**
 * `subnet-rpc`: shared result types, errors, names and wire helpers for the Avalanche Info
 * API and the Subnet-EVM `eth_*` extras. Browser-safe; needs neither viem nor ethers.
 * @packageDocumentation
 */
export type * from './core/types/info.js'
export type * from './core/types/subnet.js'
export type { Timestamp, BlockSelector, BlockTag } from './core/encode.js'
export type { AtTimestamp } from './core/methods/subnet.js'
export * from './errors/index.js'
export { parseJson } from './core/json/parse.js'
export { stringifyJson } from './core/json/stringify.js'
export { decodeCb58, encodeCb58, encodeNodeId, isNodeId, parseNodeId } from './core/cb58.js'
export {
  feeConfigKeys,
  networkUpgradeNames,
  precompileKeys,
  precompiles,
  type FeeConfigKey,
  type NetworkUpgradeKey,
  type NetworkUpgradeName,
  type NetworkUpgradeRule,
  type PrecompileKey,
} from './core/names.js'
export {
  addToFeeWindow,
  blockGasCost,
  blockGasCostWithStep,
  effectiveGasTip,
  encodeFeeWindow,
  estimateNextBaseFee,
  feeWindowLength,
  feeWindowSize,
  gasLimit,
  maxNextBaseFee,
  nextBaseFee,
  nextBlockFees,
  nextFeeWindow,
  parseFeeWindow,
  shiftFeeWindow,
  sumFeeWindow,
  verifyBlockFee,
  verifyGasLimit,
  type BlockFeeTransaction,
  type BlockGasCostParameters,
  type BlockGasCostWithStepParameters,
  type FeeAlgorithm,
  type FeeBid,
  type FeeChildTime,
  type FeeParentHeader,
  type FeeUpgrades,
  type FeeWindow,
  type GasLimitParameters,
  type NextBaseFee,
  type NextBaseFeeParameters,
  type NextBlockFees,
  type NextBlockFeesParameters,
  type NextFeeWindowParameters,
  type VerifyBlockFeeParameters,
  type VerifyBlockFeeResult,
  type VerifyGasLimitParameters,
} from './core/fees.js'
export {
  allowListAbi,
  deployerAllowListAbi,
  feeManagerAbi,
  nativeMinterAbi,
  precompileAbis,
  rewardManagerAbi,
  txAllowListAbi,
  warpMessengerAbi,
  deployerAllowListAddress,
  feeManagerAddress,
  nativeMinterAddress,
  precompileAddresses,
  precompileKeyOf,
  rewardManagerAddress,
  txAllowListAddress,
  warpMessengerAddress,
  allowListRoleFromNumber,
  allowListRoleIsEnabled,
  allowListRoles,
  allowListRoleSetters,
  allowListRoleString,
  allowListRoleToNumber,
  canModifyAllowListRole,
  type AllowListRole,
  type AllowListRoleLike,
  type AllowListRoleNumber,
  type AllowListRoleString,
  type PrecompileAddress,
  type WarpBlockHash,
  type WarpMessage,
} from './core/precompiles/index.js'
export {
  activeRulesAt,
  checkCompatible,
  upgradeTimeline,
  unscheduledTimestamp,
  type CompatResult,
  type ConfigCompatError,
  type TimelineEvent,
} from './core/rules/index.js'
export type * from './core/types/health.js'
export type * from './core/types/validators.js'
export { fetchHealth, healthGetUrl, healthFromGet, type FetchHealthOptions, type HealthKind } from './core/health.js'
