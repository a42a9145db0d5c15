/**
 * The simulated node behind `/ext/info`: identity, version, peers, ACP votes, uptime.
 * Defaults describe a realistic avalanchego v1.14.2 validator on a local network.
 */
import { sha256 } from '@noble/hashes/sha256'
import { encodeCb58 } from 'subnet-rpc'
import { idFromString } from 'subnet-rpc/internal'
import { createNodeIdentity, derivePeerNodeIds, type NodeIdentity } from '../identity.js'

/** One connected peer, as `info.peers` reports it. */
export type PeerConfig = {
  nodeID: string
  ip: string
  /** The IP the peer claims; `""` when unknown. */
  publicIP: string
  version: string
  /** Unix seconds of the upgrade the peer's handshake announced. */
  upgradeTime: bigint
  /** Primary-network stake; 0 for a non-validator (its ACP votes do not count). */
  weight: bigint
  observedUptime: number
  trackedSubnets: string[]
  supportedACPs: number[]
  objectedACPs: number[]
  /** Primary aliases of the chains the peer is benched on. */
  benched: string[]
  /** Seconds since the last message sent to / received from the peer. */
  lastSentAgo: number
  lastReceivedAgo: number
}

export type NodeConfig = {
  identity: NodeIdentity
  networkID: number
  version: string
  databaseVersion: string
  rpcProtocolVersion: number
  gitCommit: string
  /** VM primary alias → version, as `getNodeVersion.vmVersions`. */
  vmVersions: Record<string, string>
  /** VM ID → aliases, as `getVMs.vms` (the alias equal to the ID is never listed). */
  vms: Record<string, string[]>
  ip: string
  txFee: bigint
  createAssetTxFee: bigint
  /** ACPs the node counts votes for (`constants.CurrentACPs`); v1.14.2 has none. */
  currentACPs: number[]
  /** Total primary-network weight, for `abstainWeight`. */
  totalWeight: bigint
  /** The node's own uptime, or null when it is not a validator. */
  uptime: { rewardingStakePercentage: number; weightedAveragePercentage: number } | null
  peers: PeerConfig[]
}

export type NodeConfigInput = Partial<Omit<NodeConfig, 'identity'>> & { seed?: string }

export const subnetEvmVmID = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy'

/** A deterministic 32-byte ID in CB58, for the devnet's L1 blockchain and subnet. */
export function derivedID(seed: string, purpose: string): string {
  return encodeCb58(sha256(new TextEncoder().encode(`subnet-rpc/devnet/${purpose}:${seed}`)))
}

/** Unix seconds of Granite, the upgrade a default peer's handshake announces. */
const granite = 1_763_568_000n

/**
 * A connected peer as the default node config describes peer `i`: its address (127.0.0.1, port
 * 9653 + 2i), avalanchego v1.14.2 announcing Granite, a primary-network stake of 2,000,000 AVAX × (i + 1),
 * full uptime, messages 1 + i and 2 + i seconds ago; `p` overrides any of it.
 */
export function defaultPeer(nodeID: string, i: number, p: Partial<PeerConfig> = {}): PeerConfig {
  return {
    nodeID,
    ip: `127.0.0.1:${9653 + 2 * i}`,
    publicIP: `127.0.0.1:${9653 + 2 * i}`,
    version: 'avalanchego/1.14.2',
    upgradeTime: granite,
    weight: 2_000_000_000_000n * BigInt(i + 1),
    observedUptime: 100,
    trackedSubnets: [],
    supportedACPs: [],
    objectedACPs: [],
    benched: [],
    lastSentAgo: 1 + i,
    lastReceivedAgo: 2 + i,
    ...p,
  }
}

/**
 * Fills every node setting not given, deterministically from `seed`. The default peers 0, 1, 4 and 5
 * track the subnets of the L1s (`l1SubnetIDs`, one or several).
 */
export function resolveNodeConfig(input: NodeConfigInput, l1SubnetIDs: string | readonly string[]): NodeConfig {
  const seed = input.seed ?? 'subnet-rpc-devnet'
  const identity = createNodeIdentity(seed)
  const peerIDs = derivePeerNodeIds(seed, 6)
  const otherSubnet = derivedID(seed, 'other-subnet')
  const l1Subnets = typeof l1SubnetIDs === 'string' ? [l1SubnetIDs] : [...l1SubnetIDs]
  const peer = (i: number, p: Partial<PeerConfig>): PeerConfig => defaultPeer(peerIDs[i]!, i, p)
  const defaults: Omit<NodeConfig, 'identity'> = {
    networkID: 12345,
    version: 'avalanchego/1.14.2',
    databaseVersion: 'v1.4.5',
    rpcProtocolVersion: 45,
    gitCommit: '6e5acf909c7a16b991142d6b3979bac5699bdb68',
    vmVersions: { avm: 'avalanchego/1.14.2', evm: 'v1.14.2', platform: 'avalanchego/1.14.2', [subnetEvmVmID]: 'v0.8.0' },
    vms: {
      jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq: ['avm'],
      mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6: ['evm'],
      rWhpuQPF1kb72esV2momhMuTYGkEb1oL29pt2EBXWmSy4kxnT: ['platform'],
      [subnetEvmVmID]: [],
    },
    ip: '127.0.0.1:9651',
    txFee: 1_000_000n,
    // The node's own defaults: 0.01 AVAX to create an asset on mainnet and Fuji, 0.001 elsewhere.
    createAssetTxFee: input.networkID === 1 || input.networkID === 5 ? 10_000_000n : 1_000_000n,
    currentACPs: [77, 181, 204, 226],
    totalWeight: 161_147_778_098_286_584n,
    uptime: { rewardingStakePercentage: 100, weightedAveragePercentage: 99.4821 },
    peers: [
      peer(0, { trackedSubnets: [...l1Subnets], supportedACPs: [181, 204, 77], objectedACPs: [226] }),
      peer(1, { trackedSubnets: [...l1Subnets, otherSubnet], supportedACPs: [181, 226], benched: ['C'] }),
      peer(2, { trackedSubnets: [otherSubnet], objectedACPs: [181, 204], observedUptime: 87 }),
      peer(3, { publicIP: '', weight: 0n, supportedACPs: [77], version: 'avalanchego/1.14.1', upgradeTime: granite }),
      peer(4, { ip: '[::1]:9661', publicIP: '[::1]:9661', trackedSubnets: [...l1Subnets], benched: ['P', 'X'], observedUptime: 96 }),
      peer(5, { trackedSubnets: [...l1Subnets], supportedACPs: [77, 181, 204, 226] }),
    ],
  }
  const { seed: _seed, ...rest } = input
  return { identity, ...defaults, ...stripUndefined(rest) }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}

export { idFromString }
