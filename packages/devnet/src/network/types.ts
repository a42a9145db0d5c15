/**
 * What the Warp side reads of the devnet's network: the P-Chain facts a node validating several L1s
 * knows (which subnet a blockchain belongs to, the subnet's current validator set with BLS keys).
 *
 * @example
 * import { startDevnet } from 'subnet-rpc-devnet'
 *
 * const devnet = await startDevnet()
 * // The default L1's validators: this node first, then the peers that track its subnet.
 * for (const v of devnet.l1s[0]!.validators) console.log(v.nodeID, v.weight, v.thisNode, v.publicKey.length)
 * await devnet.stop()
 */
export type NetworkValidator = {
  nodeID: string
  weight: bigint
  /** 48-byte compressed BLS public key. */
  publicKey: Uint8Array
  /** 32-byte BLS secret key (big-endian scalar). */
  secretKey: Uint8Array
  /** True for the validator this devnet node is. */
  thisNode: boolean
}

/**
 * The network one devnet node sees: its network ID, the subnet of each blockchain it knows, and each
 * subnet's current validator set.
 *
 * @example
 * import { startDevnet } from 'subnet-rpc-devnet'
 * import { decodeCb58 } from 'subnet-rpc'
 *
 * const devnet = await startDevnet()
 * const subnet = devnet.network.subnetOf(decodeCb58(devnet.blockchainID)) // the L1's subnet ID, as bytes
 * const validators = subnet ? devnet.network.validators(subnet) : [] // NodeID, weight, BLS keys of each
 * await devnet.stop()
 */
export interface WarpNetwork {
  readonly networkID: number
  /** The P-Chain's GetSubnetID: the subnet of a blockchain this node knows, undefined otherwise. */
  subnetOf(blockchainID: Uint8Array): Uint8Array | undefined
  /** The subnet's current validator set (canonical order is the Warp side's job). */
  validators(subnetID: Uint8Array): readonly NetworkValidator[]
}
