/**
 * `subnet-rpc-devnet`: a local Avalanche L1 node stand-in for tests and development (Node only).
 * Starting one needs the optional peer dependencies `@foundry-rs/anvil` (or another anvil),
 * `@viem/anvil` and `@noble/curves`, loaded only then: importing this module does not.
 * @packageDocumentation
 */
export { startDevnet, type Devnet, type DevnetL1, type DevnetL1Options, type DevnetOptions, type DevnetStatus } from './start.js'
export type { NetworkValidator, ValidatorInput, ValidatorsOption, WarpNetwork } from './network/index.js'
export type { RelayedMessage } from './relayer/records.js'
export type { RelayerOptions, RelayerSourceOptions } from './relayer/relayer.js'
export { AnvilNotFoundError, AnvilStartError, anvilOutputLines, DevnetDependencyError, devnetPackages, findAnvilBinary } from './anvil.js'
export { defaultGenesis, defaultUpgrade, defaultAdmin, scheduleOffsets } from './config/defaults.js'
export { createNodeIdentity, verifyProofOfPossession, type NodeIdentity } from './identity.js'
export type { NodeConfigInput, PeerConfig } from './config/node.js'
export type { BlockPacing } from './l1/block/builder.js'
export { devnetCommand } from './cli.js'
export type { DevnetFailure } from './faults.js'
export type { AnvilExit } from './anvilGuard.js'
