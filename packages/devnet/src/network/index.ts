/**
 * The network one devnet node sees: the L1s it validates (blockchain → subnet, as the P-Chain's
 * `GetSubnetID` answers), each subnet's validator set with BLS keys and weights, and the peers a
 * node tracking those subnets connects to.
 *
 * A node tracking a subnet connects to that subnet's validators (avalanchego `network/ip_tracker.go`:
 * `OnValidatorAdded` tracks a validator of the primary network or of a tracked subnet), so every other
 * validator of an L1 is one of the node's peers. A node has one BLS key whatever it validates: the
 * devnet node's is its identity's (../identity.ts), another validator's is derived from the seed and its
 * NodeID, so the same seed always gives the same keys.
 */
import { sha256 } from '@noble/hashes/sha256'
import { bytesToHex, concatBytes, utf8ToBytes } from '@noble/hashes/utils'
import { decodeCb58, InvalidArgumentError } from 'subnet-rpc'
import { defaultPeer, peerHandshake, type NodeConfig, type PeerConfig } from '../config/node.js'
import { blsKeyGen, blsPublicKey, derivePeerNodeIds } from '../identity.js'
import { type DevnetValidator, validationIDOf } from '../validators/service.js'
import type { NetworkValidator, WarpNetwork } from './types.js'

export type { NetworkValidator, WarpNetwork } from './types.js'

/** One validator of an L1 as `startDevnet` takes it: its weight, and whether it is the devnet node itself. */
export type ValidatorInput = {
  /** The validator's weight on the L1 (a uint64, more than 0). */
  weight: bigint | number
  /** True for the devnet node itself (at most one per L1); it signs with the node's BLS key. */
  thisNode?: boolean
}

/**
 * An L1's validator set: a count (this node and `count - 1` others, each of weight
 * {@link defaultValidatorWeight}) or each validator's weight.
 */
export type ValidatorsOption = number | readonly ValidatorInput[]

/** The weight of each validator of a set given by its count. */
export const defaultValidatorWeight = 1_000_000n
/** How many validators an L1 of `l1s` has when its `validators` are not given: this node and 4 others. */
export const defaultValidatorCount = 5

const maxUint64 = (1n << 64n) - 1n
const validatorBlsTag = utf8ToBytes('subnet-rpc/devnet/validator-bls/v1:')

/** One planned validator: its weight and whether it is this node. */
type PlannedValidator = { weight: bigint; thisNode: boolean }

/**
 * Checks an L1's `validators` option and gives the set it asks for. The total weight must fit a
 * uint64, as the P-Chain's validator manager (and Warp's `GetCanonicalValidatorSet`) requires.
 */
export function planValidators(option: ValidatorsOption | undefined, argument: string): PlannedValidator[] {
  const bad = (value: unknown, accepted: string) => new InvalidArgumentError({ argument, value, accepted })
  const count = option ?? defaultValidatorCount
  if (typeof count === 'number') {
    if (!Number.isSafeInteger(count) || count < 1 || count > 1000)
      throw bad(option, 'a count from 1 to 1000, or a list of { weight, thisNode? }')
    return Array.from({ length: count }, (_, i) => ({ weight: defaultValidatorWeight, thisNode: i === 0 }))
  }
  if (!Array.isArray(count) || count.length === 0 || count.length > 1000)
    throw bad(option, 'a count from 1 to 1000, or a non-empty list of { weight, thisNode? }')
  const list = count as readonly ValidatorInput[]
  const planned = list.map((v, i) => {
    const w = v?.weight
    const weight = typeof w === 'bigint' ? w : typeof w === 'number' && Number.isSafeInteger(w) ? BigInt(w) : undefined
    if (weight === undefined || weight < 1n || weight > maxUint64)
      throw new InvalidArgumentError({ argument: `${argument}[${i}].weight`, value: w, accepted: 'an integer from 1 to 2^64-1' })
    if (v.thisNode !== undefined && typeof v.thisNode !== 'boolean')
      throw new InvalidArgumentError({ argument: `${argument}[${i}].thisNode`, value: v.thisNode, accepted: 'true or false' })
    return { weight, thisNode: v.thisNode === true }
  })
  if (planned.filter((v) => v.thisNode).length > 1) throw bad(option, 'at most one validator with thisNode: true')
  if (planned.reduce((s, v) => s + v.weight, 0n) > maxUint64) throw bad(option, 'weights whose sum fits a uint64')
  return planned
}

/** The NodeIDs other validators take, in order: the default peers that track the L1s, then more derived ones. */
function otherValidatorIDs(seed: string, count: number): { nodeID: string; index: number }[] {
  // The default node config's peers 0, 1, 4 and 5 track the L1s (../config/node.ts); 2 and 3 do not.
  const order = [0, 1, 4, 5]
  for (let i = 6; order.length < count; i++) order.push(i)
  const ids = derivePeerNodeIds(seed, Math.max(...order) + 1)
  return order.slice(0, count).map((index) => ({ nodeID: ids[index]!, index }))
}

/** One L1 the node validates, as the network holds it. */
export type NetworkL1 = { blockchainID: string; subnetID: string; validators: DevnetValidator[] }

/**
 * The validator set of an L1 from its plan: this node where a validator says so, the others taking
 * the NodeIDs of {@link otherValidatorIDs} in order. The validation IDs are derived as the Validators
 * API's (../validators/service.ts `validationIDOf`).
 */
export function l1ValidatorSet(
  planned: readonly PlannedValidator[],
  ctx: { seed: string; node: NodeConfig; subnetID: string; startTime: number },
): DevnetValidator[] {
  const others = otherValidatorIDs(ctx.seed, planned.filter((v) => !v.thisNode).length)
  let next = 0
  return planned.map((v) => {
    const nodeID = v.thisNode ? ctx.node.identity.nodeID : others[next++]!.nodeID
    const peer = ctx.node.peers.find((p) => p.nodeID === nodeID)
    return {
      validationID: validationIDOf(ctx.subnetID, nodeID),
      nodeID,
      weight: v.weight,
      startTimestamp: BigInt(ctx.startTime),
      observedUptime: peer?.observedUptime ?? 100,
      isConnected: true,
    }
  })
}

/**
 * The node's peers once it tracks the L1s' subnets: every other validator of an L1 is connected and
 * tracks that subnet. Validators that are not among the configured peers join them as L1-only
 * validators (no primary-network stake), with the addresses and timings a default peer of their index has.
 */
export function peersWithValidators(node: NodeConfig, seed: string, l1s: readonly NetworkL1[]): PeerConfig[] {
  const peers = node.peers.map((p) => ({ ...p, trackedSubnets: [...p.trackedSubnets] }))
  const pool = otherValidatorIDs(seed, Math.max(0, ...l1s.map((l1) => l1.validators.length)))
  for (const l1 of l1s)
    for (const v of l1.validators) {
      if (v.nodeID === node.identity.nodeID) continue
      let peer = peers.find((p) => p.nodeID === v.nodeID)
      if (!peer) {
        const index = pool.find((o) => o.nodeID === v.nodeID)?.index ?? peers.length
        peer = defaultPeer(v.nodeID, index, {
          version: node.version,
          upgradeTime: peerHandshake(node.release, node.release, node.networkID).upgradeTime,
          weight: 0n,
        })
        peers.push(peer)
      }
      if (!peer.trackedSubnets.includes(l1.subnetID)) peer.trackedSubnets.push(l1.subnetID)
    }
  return peers
}

const hex = (bytes: Uint8Array) => bytesToHex(bytes)

/**
 * The devnet's {@link WarpNetwork}: the L1s' blockchain → subnet map and each subnet's validators with
 * their BLS keys. `validators()` gives them in the order the devnet lists them (this node where its
 * set puts it); the Warp side sorts them canonically.
 */
export class DevnetNetwork implements WarpNetwork {
  readonly networkID: number
  readonly #subnets = new Map<string, Uint8Array>()
  readonly #sets = new Map<string, readonly NetworkValidator[]>()

  /**
   * @example
   * declare const node: import('../config/node.js').NodeConfig
   * const network = new DevnetNetwork(12345, 'seed', node, [])
   * network.subnetOf(new Uint8Array(32)) // undefined
   */
  constructor(networkID: number, seed: string, node: NodeConfig, l1s: readonly NetworkL1[], primaryChains: readonly string[] = []) {
    this.networkID = networkID
    // The primary network's chains (P, X, C) are on the primary network, whose ID is 32 zero bytes.
    for (const chain of primaryChains) this.#subnets.set(hex(decodeCb58(chain)), new Uint8Array(32))
    const keys = new Map<string, { secretKey: Uint8Array; publicKey: Uint8Array }>()
    const keyOf = (nodeID: string) => {
      let key = keys.get(nodeID)
      if (!key) {
        const secretKey =
          nodeID === node.identity.nodeID
            ? node.identity.blsSecretKey
            : blsKeyGen(sha256(concatBytes(validatorBlsTag, utf8ToBytes(`${seed}:${nodeID}`))))
        key = { secretKey, publicKey: blsPublicKey(secretKey) }
        keys.set(nodeID, key)
      }
      return key
    }
    for (const l1 of l1s) {
      const subnet = decodeCb58(l1.subnetID)
      this.#subnets.set(hex(decodeCb58(l1.blockchainID)), subnet)
      this.#sets.set(
        hex(subnet),
        l1.validators.map((v) => ({
          nodeID: v.nodeID,
          weight: v.weight,
          ...keyOf(v.nodeID),
          thisNode: v.nodeID === node.identity.nodeID,
        })),
      )
    }
  }

  /** The P-Chain's GetSubnetID: the subnet of a blockchain this node knows, undefined otherwise. */
  subnetOf(blockchainID: Uint8Array): Uint8Array | undefined {
    const subnet = this.#subnets.get(hex(blockchainID))
    return subnet && Uint8Array.from(subnet)
  }

  /** The subnet's current validator set; empty for a subnet the node does not know (the primary network's included). */
  validators(subnetID: Uint8Array): readonly NetworkValidator[] {
    return this.#sets.get(hex(subnetID)) ?? []
  }
}
