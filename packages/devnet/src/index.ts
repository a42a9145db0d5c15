/**
 * `subnet-rpc-devnet`: a local Avalanche L1 node stand-in for tests and development (Node only).
 * Starting one needs the optional peer dependencies `@foundry-rs/anvil` (or another anvil),
 * `@viem/anvil` and `@noble/curves`, loaded only then: importing this module does not.
 * @packageDocumentation
 */
export { startDevnet, type Devnet, type DevnetL1, type DevnetL1Options, type DevnetOptions, type DevnetStatus } from './start.js'
export type { NetworkValidator, ValidatorInput, ValidatorsOption, WarpNetwork } from './network/index.js'
export { AnvilNotFoundError, AnvilStartError, anvilOutputLines, DevnetDependencyError, devnetPackages, findAnvilBinary } from './anvil.js'
export { defaultGenesis, defaultUpgrade, defaultAdmin, scheduleOffsets } from './config/defaults.js'
export { createNodeIdentity, verifyProofOfPossession, type NodeIdentity } from './identity.js'
export type { NodeConfigInput, PeerConfig } from './config/node.js'
export { devnetCommand } from './cli.js'
