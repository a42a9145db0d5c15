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
export * from './core/fees.js'
export * from './core/precompiles/index.js'
export * from './core/rules/index.js'
export type * from './core/types/health.js'
export type * from './core/types/validators.js'
export { fetchHealth, healthGetUrl, healthFromGet, type FetchHealthOptions, type HealthKind } from './core/health.js'
