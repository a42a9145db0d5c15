/**
 * What the Warp side reads of the devnet's network: the P-Chain facts a node validating several L1s
 * knows (which subnet a blockchain belongs to, the subnet's current validator set with BLS keys).
 *
 * @example
 * ```ts
 * import type { WarpNetwork } from "./types.js";
 * declare const network: WarpNetwork;
 * declare const blockchainID: Uint8Array;
 * const subnetID = network.subnetOf(blockchainID);
 * const set = subnetID === undefined ? [] : network.validators(subnetID);
 * ```
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
 * ```ts
 * import type { WarpNetwork } from "./types.js";
 * declare const network: WarpNetwork;
 * const id: number = network.networkID;
 * ```
 */
export interface WarpNetwork {
  readonly networkID: number
  /** The P-Chain's GetSubnetID: the subnet of a blockchain this node knows, undefined otherwise. */
  subnetOf(blockchainID: Uint8Array): Uint8Array | undefined
  /** The subnet's current validator set (canonical order is the Warp side's job). */
  validators(subnetID: Uint8Array): readonly NetworkValidator[]
}
