/**
 * What the plugin adds to Hardhat's types: the `subnet` field of an HTTP network's config (user and resolved), and the
 * devnet a connection started (`connection.subnetDevnet`). The viem and ethers helpers are declared in
 * ./viem/type-extensions.ts and ./ethers/type-extensions.ts.
 */
import type { Devnet } from 'subnet-rpc-devnet'

/** The devnet a connection started: its URLs and IDs (what `startDevnet` returns, without `stop`, `failed` and the chain spec). */
export type SubnetDevnetInfo = Omit<Devnet, 'stop' | 'chainSpec' | 'failed'>

/**
 * `networks.<name>.subnet` of an HTTP network: the network is an Avalanche L1 (Subnet-EVM). With `devnet`, the plugin
 * starts a local devnet (subnet-rpc-devnet) on the network's `url` each time a connection to it is opened, and stops it
 * when the connection is closed or the process exits.
 */
export interface SubnetUserConfig {
  devnet?: SubnetDevnetUserConfig
}

/** The devnet of an L1 network: the chain files and IDs it starts with. Paths are relative to the project root. */
export interface SubnetDevnetUserConfig {
  /** Subnet-EVM genesis file (default: the devnet's built-in L1, see subnet-rpc-devnet). */
  genesis?: string
  /** Subnet-EVM `upgrade.json` (precompile activations and network upgrades by timestamp). */
  upgrade?: string
  /** Seed of the node identity and the L1's IDs: same seed, same blockchain ID (default `subnet-rpc-devnet`). */
  seed?: string
  /** Network ID the node reports and whose upgrade schedule applies (default 12345, "local"). */
  networkID?: number
  /**
   * A directory that keeps the devnet's chain, IDs and state across connections (the devnet's `stateDir`): each
   * connection resumes where the last one stopped, after the node's checks of a changed genesis or upgrade.json.
   */
  stateDir?: string
  /** The L1's chain config, the `config.json` a node reads for it (`allow-unprotected-txs`, …): a file. */
  chainConfig?: string
  /**
   * A relayer inside the devnet that delivers Teleporter (ICM) messages, as icm-relayer (subnet-rpc's docs/icm.md):
   * `true`, or the message contracts it watches (default Teleporter's address), its private key and reward address.
   */
  relayer?: boolean | SubnetDevnetRelayerConfig
}

/** The devnet relayer's settings in a Hardhat config (those of `startDevnet`'s `relayer` that a config file can hold). */
export interface SubnetDevnetRelayerConfig {
  messengers?: string[]
  privateKey?: string
  rewardAddress?: string
}

/** `networks.<name>.subnet`, resolved. */
export interface SubnetConfig {
  devnet?: SubnetDevnetConfig
}

/** The devnet's settings, resolved: absolute paths, and the port and alias read from the network's `url`. */
export interface SubnetDevnetConfig {
  genesis?: string
  upgrade?: string
  seed?: string
  networkID?: number
  /** Absolute. */
  stateDir?: string
  /** Absolute. */
  chainConfig?: string
  relayer?: boolean | SubnetDevnetRelayerConfig
  /** The port of `url` (0: a free port for each connection). */
  port: number
  /** The alias of `url`'s `/ext/bc/<alias>/rpc`. */
  alias: string
}

declare module 'hardhat/types/config' {
  interface HttpNetworkUserConfig {
    /** This network is an Avalanche L1; `devnet` starts a local one on `url` when a connection opens (subnet-rpc-hardhat). */
    subnet?: SubnetUserConfig
  }
  interface HttpNetworkConfig {
    subnet?: SubnetConfig
  }
}

declare module 'hardhat/types/network' {
  interface NetworkConnection<ChainTypeT extends ChainType | string = DefaultChainType> {
    /** The devnet this connection started (a network with `subnet.devnet`), else undefined (subnet-rpc-hardhat). */
    subnetDevnet: SubnetDevnetInfo | undefined
  }
}
