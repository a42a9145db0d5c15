/** The 13 Info API methods (`/ext/info`, params as an object). */
import * as d from '../decoders/info.js'
import { encodeId, encodeNodeIds, requireText } from '../encode.js'
import { spec } from './spec.js'

const chainAlias = 'a chain alias (P, X, C) or blockchain ID'

export const acpsMethod = spec('info.acps', d.decodeAcps)
export const isBootstrappedMethod = spec('info.isBootstrapped', d.decodeIsBootstrapped, (a: { chain: string }) => ({
  chain: requireText('chain', a?.chain, chainAlias),
}))
export const getBlockchainIDMethod = spec('info.getBlockchainID', d.decodeBlockchainID, (a: { alias: string }) => ({
  alias: requireText('alias', a?.alias, chainAlias),
}))
export const getNetworkIDMethod = spec('info.getNetworkID', d.decodeNetworkID)
export const getNetworkNameMethod = spec('info.getNetworkName', d.decodeNetworkName)
export const getNodeIDMethod = spec('info.getNodeID', d.decodeNodeID)
export const getNodeIPMethod = spec('info.getNodeIP', d.decodeNodeIP)
export const getNodeVersionMethod = spec('info.getNodeVersion', d.decodeNodeVersion)
export const getTxFeeMethod = spec('info.getTxFee', d.decodeTxFee)
export const getVMsMethod = spec('info.getVMs', d.decodeVMs)
// Optional params are left out when not given, as the node's own clients do.
export const peersMethod = spec('info.peers', d.decodePeers, (a: { nodeIDs?: readonly string[] } | undefined) => ({ nodeIDs: encodeNodeIds(a?.nodeIDs) }))
export const upgradesMethod = spec('info.upgrades', d.decodeUpgrades)
export const uptimeMethod = spec('info.uptime', d.decodeUptime, (a: { subnetID?: string } | undefined) => ({ subnetID: encodeId('subnetID', a?.subnetID) }))

/** All of them, in the API's order. */
export const all = [
  acpsMethod,
  isBootstrappedMethod,
  getBlockchainIDMethod,
  getNetworkIDMethod,
  getNetworkNameMethod,
  getNodeIDMethod,
  getNodeIPMethod,
  getNodeVersionMethod,
  getTxFeeMethod,
  getVMsMethod,
  peersMethod,
  upgradesMethod,
  uptimeMethod,
]
