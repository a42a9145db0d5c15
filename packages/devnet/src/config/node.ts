/**
 * The simulated node behind `/ext/info`: identity, version, peers, ACP votes, uptime.
 * Defaults describe a realistic validator of one avalanchego release (a node profile: a row of
 * subnet-rpc's `nodeReleaseTable`, the latest unless another is chosen) on a local network.
 */
import { sha256 } from '@noble/hashes/sha256'
import { encodeCb58 } from 'subnet-rpc'
import { latestNodeRelease, nodeReleaseTable, upgradeSchedule, type NodeRelease } from 'subnet-rpc/config'
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
  /** The avalanchego release the node runs (its profile): the schedule `info.upgrades` reports. */
  release: NodeRelease
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
  /** ACPs the node counts votes for (`constants.CurrentACPs`): none in v1.14.2, eight in v1.15.0-fuji. */
  currentACPs: number[]
  /** Total primary-network weight, for `abstainWeight`. */
  totalWeight: bigint
  /** The node's own uptime, or null when it is not a validator. */
  uptime: { rewardingStakePercentage: number; weightedAveragePercentage: number } | null
  peers: PeerConfig[]
}

export type NodeConfigInput = Partial<Omit<NodeConfig, 'identity' | 'release'>> & { seed?: string }

export const subnetEvmVmID = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy'

/** A deterministic 32-byte ID in CB58, for the devnet's L1 blockchain and subnet. */
export function derivedID(seed: string, purpose: string): string {
  return encodeCb58(sha256(new TextEncoder().encode(`subnet-rpc/devnet/${purpose}:${seed}`)))
}

/**
 * What a peer running release `runs` announces in its handshake on `networkID`: the time of its release's handshake
 * upgrade and its scheduled ACPs. A release without a row (1.14.1) announces as `profile` does.
 */
export function peerHandshake(
  runs: string,
  profile: NodeRelease,
  networkID: number,
): { upgradeTime: bigint; scheduled: readonly number[] } {
  const known = runs in nodeReleaseTable ? (runs as NodeRelease) : profile
  const time = upgradeSchedule(networkID, known)[`${nodeReleaseTable[known].handshakeUpgrade}Time` as 'graniteTime']
  return { upgradeTime: BigInt(Math.floor(new Date(time).getTime() / 1000)), scheduled: nodeReleaseTable[known].scheduledACPs }
}

/**
 * A connected peer as the default node config describes peer `i`: its address (127.0.0.1, port 9653 + 2i), a
 * primary-network stake of 2,000,000 AVAX × (i + 1), full uptime, messages 1 + i and 2 + i seconds ago, running
 * `version` and announcing `upgradeTime` (both required: they follow the node's profile); `p` overrides the rest.
 */
export function defaultPeer(nodeID: string, i: number, p: Partial<PeerConfig> & Pick<PeerConfig, 'version' | 'upgradeTime'>): PeerConfig {
  return {
    nodeID,
    ip: `127.0.0.1:${9653 + 2 * i}`,
    publicIP: `127.0.0.1:${9653 + 2 * i}`,
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

/** `a.b.c` ≥ `x.y.z`. */
function atLeast(version: string, minimum: string): boolean {
  const [a, b] = [version, minimum].map((v) => v.split('.').map(Number))
  for (let i = 0; i < 3; i++) if (a![i]! !== b![i]!) return a![i]! > b![i]!
  return true
}

/**
 * Fills every node setting not given, deterministically from `seed`, as a node of `release` reports
 * them (`nodeReleaseTable`): version strings, protocol, commit, VM versions, current ACPs, and peers
 * whose handshakes carry their own release's upgrade time and scheduled ACPs.
 */
export function resolveNodeConfig(
  input: NodeConfigInput,
  l1SubnetIDs: string | readonly string[],
  release: NodeRelease = latestNodeRelease,
  now: number = Date.now(),
): NodeConfig {
  const l1Subnets = typeof l1SubnetIDs === 'string' ? [l1SubnetIDs] : [...l1SubnetIDs]
  const seed = input.seed ?? 'subnet-rpc-devnet'
  const networkID = input.networkID ?? 12345
  const identity = createNodeIdentity(seed)
  const peerIDs = derivePeerNodeIds(seed, 6)
  const otherSubnet = derivedID(seed, 'other-subnet')
  const row = nodeReleaseTable[release]
  // What a peer of a release announces: the time of its handshake upgrade on this network, its scheduled ACPs.
  // A release without a row (1.14.1) announces as the profile's release does (Granite, no scheduled ACPs, as 1.14.2).
  const handshake = (r: string) => peerHandshake(r, release, networkID)
  // The one peer on the previous release is connected while the node accepts it (network/peer: before the
  // handshake upgrade the previous minimum holds, after it `MinimumCompatibleVersion`); else it has upgraded too.
  const ownUpgrade = handshake(release).upgradeTime
  const older = now / 1000 < Number(ownUpgrade) || atLeast(row.previousRelease, row.minimumCompatible) ? row.previousRelease : release
  const peer = (i: number, runs: string, p: Partial<PeerConfig> & { also?: number[] }): PeerConfig => {
    const { also = [], ...rest } = p
    const { upgradeTime, scheduled } = handshake(runs)
    return defaultPeer(peerIDs[i]!, i, {
      // A release's row names the version it reports (v1.15.0-fuji reports 1.15.0); a release without one, its number.
      version: `avalanchego/${runs in nodeReleaseTable ? nodeReleaseTable[runs as NodeRelease].version : runs}`,
      upgradeTime,
      // config/config.go: the scheduled ACPs are supported implicitly, besides those a peer is told to support.
      supportedACPs: [...scheduled, ...also],
      ...rest,
    })
  }
  const defaults: Omit<NodeConfig, 'identity' | 'release'> = {
    networkID,
    version: `avalanchego/${row.version}`,
    databaseVersion: row.databaseVersion,
    rpcProtocolVersion: row.rpcProtocolVersion,
    gitCommit: row.gitCommit,
    // avm and platform: version.Current.String(); the C-Chain and Subnet-EVM: version.Current.Semantic().
    vmVersions: {
      avm: `avalanchego/${row.version}`,
      evm: `v${row.version}`,
      platform: `avalanchego/${row.version}`,
      [subnetEvmVmID]: `v${row.version}`,
    },
    vms: {
      jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq: ['avm'],
      mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6: ['evm'],
      rWhpuQPF1kb72esV2momhMuTYGkEb1oL29pt2EBXWmSy4kxnT: ['platform'],
      [subnetEvmVmID]: [],
    },
    ip: '127.0.0.1:9651',
    txFee: 1_000_000n,
    // The node's own defaults: 0.01 AVAX to create an asset on mainnet and Fuji, 0.001 elsewhere.
    createAssetTxFee: networkID === 1 || networkID === 5 ? 10_000_000n : 1_000_000n,
    currentACPs: [...row.currentACPs],
    totalWeight: 161_147_778_098_286_584n,
    uptime: { rewardingStakePercentage: 100, weightedAveragePercentage: 99.4821 },
    // Opinions on the ACPs that are current but not scheduled since v1.15.0-fuji (224, 247); a node counts only its
    // own current ACPs (peer.go), so a v1.14.2 node shows none.
    peers: [
      peer(0, release, { trackedSubnets: [...l1Subnets], also: [224], objectedACPs: [247] }),
      peer(1, release, { trackedSubnets: [...l1Subnets, otherSubnet], also: [224, 247], benched: ['C'] }),
      peer(2, release, { trackedSubnets: [otherSubnet], objectedACPs: [224], observedUptime: 87 }),
      peer(3, older, { publicIP: '', weight: 0n, also: [224] }),
      peer(4, release, {
        ip: '[::1]:9661',
        publicIP: '[::1]:9661',
        trackedSubnets: [...l1Subnets],
        benched: ['P', 'X'],
        observedUptime: 96,
      }),
      peer(5, release, { trackedSubnets: [...l1Subnets], also: [247] }),
    ],
  }
  const { seed: _seed, ...rest } = input
  return { identity, release, ...defaults, ...stripUndefined(rest) }
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>
}

export { idFromString }
