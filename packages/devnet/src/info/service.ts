/**
 * The 13 methods of `/ext/info` (avalanchego `api/info/service.go`), answered from the
 * devnet's node model with the node's encodings (`utils/json`): uint64/uint32 as quoted
 * strings, 4-decimal percentages, sorted sets that are never null.
 */
import { goMap } from 'subnet-rpc/internal'
import { formatFloat4, formatRfc3339 } from '../wire/goFormat.js'
import { networkName, txFeeTable } from 'subnet-rpc/config'
import type { NodeConfig, PeerConfig } from '../config/node.js'
import { upgradeScheduleJson } from 'subnet-rpc/config'
import { parseNodeId } from 'subnet-rpc'
import { decodeInfoArgs, fail, sliceField, stringField } from './args.js'
import { NodeMethodError, type InfoHandler } from './envelope.js'

/** What the Info service needs to know about the node's chains. */
export type ChainDirectory = {
  /** Alias or ID → blockchain ID, for every chain the node knows. */
  resolve(aliasOrID: string): string | undefined
  /** Whether the chain with this ID is running normally. */
  isBootstrapped(blockchainID: string): boolean
}

const uint = (n: bigint | number) => String(n)

/** Go's `set.Set` marshalling: elements sorted by their marshalled bytes. */
function sortedSet<T extends string | number>(items: Iterable<T>): T[] {
  const unique = [...new Set(items)]
  return unique.sort((a, b) => {
    const x = typeof a === 'string' ? JSON.stringify(a) : String(a)
    const y = typeof b === 'string' ? JSON.stringify(b) : String(b)
    return x < y ? -1 : x > y ? 1 : 0
  })
}

const noArgs = (params: string | undefined) => decodeInfoArgs(params, {})

/**
 * ids.NodeID.UnmarshalJSON: null is the zero ID; anything but a valid quoted ID fails. It
 * parses the raw bytes between the quotes, so a JSON escape inside is not decoded.
 */
const nodeIdField = (raw: string) => {
  if (raw === 'null') return 'NodeID-111111111111111111116DBWJs'
  if (raw.charCodeAt(0) !== 34) return fail
  const s = raw.slice(1, -1)
  try {
    parseNodeId(s)
    return s
  } catch {
    return fail
  }
}

function peerJson(p: PeerConfig, now: number) {
  return {
    ip: p.ip,
    publicIP: p.publicIP,
    nodeID: p.nodeID,
    version: p.version,
    upgradeTime: p.upgradeTime,
    // time.Unix(x, 0) marshals in the node's local zone, at second precision.
    lastSent: formatRfc3339(new Date((Math.floor(now / 1000) - p.lastSentAgo) * 1000), 'local'),
    lastReceived: formatRfc3339(new Date((Math.floor(now / 1000) - p.lastReceivedAgo) * 1000), 'local'),
    observedUptime: uint(p.observedUptime),
    trackedSubnets: sortedSet(p.trackedSubnets),
    supportedACPs: sortedSet(p.supportedACPs),
    objectedACPs: sortedSet(p.objectedACPs),
    benched: p.benched,
  }
}

/** The feature extensions every node registers (node/node.go `initVMs`): ID and name. */
const fxs: [string, string][] = [
  ['spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ', 'secp256k1fx'],
  ['qd2U4HDWUvMrVUeTcCHp6xH3Qpnn1XbU5MDdnBoiifFqvgXwT', 'nftfx'],
  ['rXJsCSEYXg2TehWxCEEGj6JU2PWKTkd6cBdNLjoe2SpsKD9cy', 'propertyfx'],
]

/** Builds the method table served at `/ext/info`. */
export function createInfoService(node: NodeConfig, chains: ChainDirectory): Map<string, InfoHandler> {
  const current = new Set(node.currentACPs)
  const handlers: Record<string, InfoHandler> = {
    acps: (params) => {
      noArgs(params)
      return { acps: goMap(node.currentACPs.map((acp) => [acp, acpVotes(node, acp)] as const)) }
    },
    isBootstrapped: (params) => {
      const { chain } = decodeInfoArgs(params, { chain: stringField })
      if (!chain) throw new NodeMethodError("argument 'chain' not given")
      const id = chains.resolve(chain)
      if (id === undefined) throw new NodeMethodError(`there is no chain with alias/ID '${chain}'`)
      return { isBootstrapped: chains.isBootstrapped(id) }
    },
    getBlockchainID: (params) => {
      const { alias = '' } = decodeInfoArgs(params, { alias: stringField })
      const id = chains.resolve(alias)
      if (id === undefined) throw new NodeMethodError(`there is no ID with alias: ${alias}`)
      return { blockchainID: id }
    },
    getNetworkID: (params) => {
      noArgs(params)
      return { networkID: uint(node.networkID) }
    },
    getNetworkName: (params) => {
      noArgs(params)
      return { networkName: networkName(node.networkID) }
    },
    getNodeID: (params) => {
      noArgs(params)
      const { nodeID, publicKey, proofOfPossession } = node.identity
      return { nodeID, nodePOP: { publicKey, proofOfPossession } }
    },
    getNodeIP: (params) => {
      noArgs(params)
      return { ip: node.ip }
    },
    getNodeVersion: (params) => {
      noArgs(params)
      return {
        version: node.version,
        databaseVersion: node.databaseVersion,
        rpcProtocolVersion: uint(node.rpcProtocolVersion),
        gitCommit: node.gitCommit,
        vmVersions: goMap(Object.entries(node.vmVersions)),
      }
    },
    getTxFee: (params) => {
      noArgs(params)
      const table = txFeeTable(node.networkID, node.txFee, node.createAssetTxFee)
      return Object.fromEntries(Object.entries(table).map(([k, v]) => [k, uint(v)]))
    },
    getVMs: (params) => {
      noArgs(params)
      return {
        vms: goMap(Object.entries(node.vms)),
        fxs: goMap(fxs),
      }
    },
    peers: (params) => {
      const { nodeIDs } = decodeInfoArgs(params, { nodeIDs: sliceField(nodeIdField) })
      return peersReply(node, nodeIDs, current)
    },
    upgrades: (params) => {
      noArgs(params)
      return upgradeScheduleJson(node.networkID, node.release)
    },
    uptime: (params) => {
      noArgs(params)
      if (!node.uptime) throw new NodeMethodError("couldn't get node uptime: node is not a validator")
      return {
        rewardingStakePercentage: formatFloat4(node.uptime.rewardingStakePercentage),
        weightedAveragePercentage: formatFloat4(node.uptime.weightedAveragePercentage),
      }
    },
  }
  return new Map(Object.entries(handlers))
}

/** One current ACP's tally over the weighted peers (info/service.go `Acps`). */
function acpVotes(node: NodeConfig, acp: number) {
  let support = 0n
  let object = 0n
  const supporters: string[] = []
  const objectors: string[] = []
  for (const p of node.peers) {
    if (p.weight === 0n) continue
    if (p.supportedACPs.includes(acp)) {
      support += p.weight
      supporters.push(p.nodeID)
    }
    if (p.objectedACPs.includes(acp)) {
      object += p.weight
      objectors.push(p.nodeID)
    }
  }
  return {
    supportWeight: uint(support),
    supporters: sortedSet(supporters),
    objectWeight: uint(object),
    objectors: sortedSet(objectors),
    abstainWeight: uint(node.totalWeight - support - object),
  }
}

/**
 * `info.peers`: network.PeerInfo, where no IDs means every peer; otherwise peerSet.Info walks the requested IDs in
 * order, skipping unconnected ones and repeating duplicates.
 */
function peersReply(node: NodeConfig, nodeIDs: readonly string[] | undefined, current: Set<number>) {
  const chosen = nodeIDs && nodeIDs.length > 0 ? nodeIDs.flatMap((id) => node.peers.filter((p) => p.nodeID === id).slice(0, 1)) : node.peers
  const now = Date.now()
  const peers = chosen.map((p) => peerJson(filterAcps(p, current), now))
  return { numPeers: uint(peers.length), peers }
}

/** The handshake drops ACPs the node does not consider current (peer.go). */
function filterAcps(p: PeerConfig, current: Set<number>): PeerConfig {
  return { ...p, supportedACPs: p.supportedACPs.filter((a) => current.has(a)), objectedACPs: p.objectedACPs.filter((a) => current.has(a)) }
}
