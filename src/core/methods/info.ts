/** The 13 Info API methods (`/ext/info`, params as an object). */
import * as d from '../decoders/info.js'
import { encodeId, encodeNodeIds, requireText } from '../encode.js'
import { spec } from './spec.js'

const none = () => ({})

export const acpsMethod = spec('info.acps', 'info', none, d.decodeAcps)
export const isBootstrappedMethod = spec(
  'info.isBootstrapped',
  'info',
  (a: { chain: string }) => ({ chain: requireText('chain', a?.chain, "a chain alias ('P', 'X', 'C', an L1 alias) or a blockchain ID") }),
  d.decodeIsBootstrapped,
  (r) => r.isBootstrapped,
)
export const getBlockchainIDMethod = spec(
  'info.getBlockchainID',
  'info',
  (a: { alias: string }) => ({ alias: requireText('alias', a?.alias, "a chain alias such as 'X', 'P', 'C' or an L1 alias") }),
  d.decodeBlockchainID,
  (r) => r.blockchainID,
)
export const getNetworkIDMethod = spec('info.getNetworkID', 'info', none, d.decodeNetworkID, (r) => r.networkID)
export const getNetworkNameMethod = spec('info.getNetworkName', 'info', none, d.decodeNetworkName, (r) => r.networkName)
export const getNodeIDMethod = spec('info.getNodeID', 'info', none, d.decodeNodeID)
export const getNodeIPMethod = spec('info.getNodeIP', 'info', none, d.decodeNodeIP, (r) => r.ip)
export const getNodeVersionMethod = spec('info.getNodeVersion', 'info', none, d.decodeNodeVersion)
export const getTxFeeMethod = spec('info.getTxFee', 'info', none, d.decodeTxFee)
export const getVMsMethod = spec('info.getVMs', 'info', none, d.decodeVMs)
export const peersMethod = spec(
  'info.peers',
  'info',
  (a: { nodeIDs?: readonly string[] } | undefined) => {
    const nodeIDs = encodeNodeIds(a?.nodeIDs)
    return nodeIDs === undefined ? {} : { nodeIDs }
  },
  d.decodePeers,
)
export const upgradesMethod = spec('info.upgrades', 'info', none, d.decodeUpgrades)
export const uptimeMethod = spec(
  'info.uptime',
  'info',
  (a: { subnetID?: string } | undefined) => {
    const subnetID = encodeId('subnetID', a?.subnetID)
    return subnetID === undefined ? {} : { subnetID }
  },
  d.decodeUptime,
)
