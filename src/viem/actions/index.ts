/**
 * `subnet-rpc/viem/actions`: the standalone viem actions of subnet-rpc, tree-shakeable.
 * @packageDocumentation
 */
export * from './subnet.js'
export * from './info.js'
