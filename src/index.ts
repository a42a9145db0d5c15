/**
 * `subnet-rpc`: shared result types, errors and wire helpers for the Avalanche Info API
 * and the Subnet-EVM `eth_*` extras. Browser-safe.
 * @packageDocumentation
 */
export type * from './core/types/info.js'
export type * from './core/types/subnet.js'
export type { Timestamp, BlockSelector, BlockTag } from './core/encode.js'
export * from './errors/index.js'
export { parseJson } from './core/json/parse.js'
export { stringifyJson } from './core/json/stringify.js'
export { decodeCb58, encodeCb58, encodeNodeId, isNodeId, parseNodeId } from './core/cb58.js'
export * as infoMethods from './core/methods/info.js'
export * as subnetMethods from './core/methods/subnet.js'
export type { MethodSpec } from './core/methods/spec.js'
