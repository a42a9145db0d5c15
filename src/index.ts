/**
 * `subnet-rpc`: shared types, errors and wire helpers for the Avalanche Info API and
 * the Subnet-EVM `eth_*` extras. Browser-safe.
 * @packageDocumentation
 */
export { parseJson } from './core/json/parse.js'
export { stringifyJson } from './core/json/stringify.js'
export { decodeCb58, encodeCb58, encodeNodeId, isNodeId, parseNodeId } from './core/cb58.js'
