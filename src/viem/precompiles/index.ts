/**
 * `subnet-rpc/viem/precompiles`: viem actions that read and administer an L1's stateful
 * precompiles (allow lists, Fee Manager, Native Minter, Reward Manager, Warp), standalone and as
 * the `precompileActions` / `precompileWalletActions` decorators. Its own entry, so apps that use
 * only `subnetActions` or `infoActions` bundle none of it.
 */
export * from './read.js'
export * from './write.js'
export * from './watch.js'
export * from './fees.js'
export * from './decorators.js'
