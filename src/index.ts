/**
 * `subnet-rpc`: shared result types, errors, names and wire helpers for the Avalanche Info
 * API and the Subnet-EVM `eth_*` extras. Browser-safe; needs neither viem nor ethers.
 * The node's fee rules are `subnet-rpc/fees`, its chain-config rules `subnet-rpc/config`;
 * the adapters are `subnet-rpc/viem` and `subnet-rpc/ethers`.
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
  allowListAbi,
  deployerAllowListAbi,
  feeManagerAbi,
  gasPriceManagerAbi,
  nativeMinterAbi,
  precompileAbis,
  rewardManagerAbi,
  txAllowListAbi,
  warpMessengerAbi,
  type WarpBlockHash,
  type WarpMessage,
} from './core/precompiles/abis.js'
export {
  deployerAllowListAddress,
  feeManagerAddress,
  nativeMinterAddress,
  precompileAddresses,
  precompileKeyOf,
  rewardManagerAddress,
  txAllowListAddress,
  warpMessengerAddress,
  type PrecompileAddress,
} from './core/precompiles/addresses.js'
export {
  allowListRoleFromNumber,
  allowListRoles,
  allowListRoleString,
  allowListRoleToNumber,
  type AllowListRole,
  type AllowListRoleLike,
  type AllowListRoleNumber,
  type AllowListRoleString,
} from './core/precompiles/roles.js'
export {
  allowListPrecompileKeys,
  blackholeAddress,
  feeConfigProblem,
  type AllowListMember,
  type AllowListMembers,
  type AllowListPrecompileKey,
} from './core/precompiles/admin.js'
export * from './core/rules/index.js'
export type * from './core/types/health.js'
export type * from './core/types/validators.js'
export type * from './core/types/proposervm.js'
export { fetchHealth, healthGetUrl, type FetchHealthOptions, type HealthKind } from './core/health.js'
