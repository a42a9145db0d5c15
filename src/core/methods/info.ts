/**
 * The Info API's table (`/ext/info`, `api/info/service.go`): one entry per method, named as
 * the action that calls it. Adapters build their actions, types and docs index from this
 * module, so a new method is one entry here (plus its decoder, result type and docs page).
 * Params are one object, as gorilla/rpc's json2 codec reads them.
 */
import * as d from '../decoders/info.js'
import { encodeId, encodeNodeIds, requireText } from '../encode.js'
import type {
  AcpsReturnType,
  GetBlockchainIDParameters,
  GetNodeIDReturnType,
  GetNodeVersionReturnType,
  GetTxFeeReturnType,
  GetVMsReturnType,
  IsBootstrappedParameters,
  PeersParameters,
  PeersReturnType,
  UpgradesReturnType,
  UptimeParameters,
  UptimeReturnType,
} from '../types/info.js'
import { methodSpec, type MethodFamily } from './spec.js'

// Params as one object (gorilla/rpc's json2). An EVM chain's URL given for this API answers -32601 (nodeError,
// src/errors/node.ts); gorilla's own `rpc: can't find method` (an older node) is no wrong endpoint, so no `api` here.
const info: MethodFamily = {
  noParams: () => ({}),
  evm: "an EVM chain, not the node's Info API: use the node's URL (…/ext/info)",
}

const chainAlias = 'a chain alias (P, X, C) or blockchain ID'

/** The ACPs this node's validators vote on, with their weights (`info.acps`). */
export const acps = methodSpec<undefined, AcpsReturnType>('info.acps', info, d.decodeAcps)

/** Whether a chain has finished bootstrapping (`info.isBootstrapped`). */
export const isBootstrapped = methodSpec<IsBootstrappedParameters, boolean>('info.isBootstrapped', info, d.decodeIsBootstrapped, (a) => ({
  chain: requireText('chain', a?.chain, chainAlias),
}))

/** The blockchain ID behind an alias (`info.getBlockchainID`). */
export const getBlockchainID = methodSpec<GetBlockchainIDParameters, string>('info.getBlockchainID', info, d.decodeBlockchainID, (a) => ({
  alias: requireText('alias', a?.alias, chainAlias),
}))

/** The network ID: 1 mainnet, 5 Fuji, others local (`info.getNetworkID`). */
export const getNetworkID = methodSpec<undefined, number>('info.getNetworkID', info, d.decodeNetworkID)

/** The network's name: `mainnet`, `fuji`, `local` or `network-<id>` (`info.getNetworkName`). */
export const getNetworkName = methodSpec<undefined, string>('info.getNetworkName', info, d.decodeNetworkName)

/** The node's ID and its BLS public key with proof of possession (`info.getNodeID`). */
export const getNodeID = methodSpec<undefined, GetNodeIDReturnType>('info.getNodeID', info, d.decodeNodeID)

/** The IP and port the node announces (`info.getNodeIP`). */
export const getNodeIP = methodSpec<undefined, string>('info.getNodeIP', info, d.decodeNodeIP)

/** The node's version, database and RPC protocol versions and its VMs' versions (`info.getNodeVersion`). */
export const getNodeVersion = methodSpec<undefined, GetNodeVersionReturnType>('info.getNodeVersion', info, d.decodeNodeVersion)

/**
 * The primary network's transaction fees in nAVAX (`info.getTxFee`).
 * @deprecated Nodes since v1.12.2 answer with a static table.
 */
export const getTxFee = methodSpec<undefined, GetTxFeeReturnType>('info.getTxFee', info, d.decodeTxFee)

/** The VMs installed on the node with their aliases, and its Fxs (`info.getVMs`). */
export const getVMs = methodSpec<undefined, GetVMsReturnType>('info.getVMs', info, d.decodeVMs)

/** The node's connected peers, or only the given NodeIDs (`info.peers`). */
// Optional params are left out when not given, as the node's own clients do.
export const peers = methodSpec<PeersParameters, PeersReturnType>('info.peers', info, d.decodePeers, (a) => ({
  nodeIDs: encodeNodeIds(a?.nodeIDs),
}))

/** The network's upgrade schedule (`info.upgrades`, v1.11.11+). */
export const upgrades = methodSpec<undefined, UpgradesReturnType>('info.upgrades', info, d.decodeUpgrades)

/** This node's uptime as the primary network's validators see it (`info.uptime`). */
export const uptime = methodSpec<UptimeParameters, UptimeReturnType>('info.uptime', info, d.decodeUptime, (a) => ({
  subnetID: encodeId('subnetID', a?.subnetID),
}))
