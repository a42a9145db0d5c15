/** Decoders of the Info API replies (`api/info/service.go`), shared by the viem and ethers adapters. */
import type {
  AcpsReturnType,
  GetNodeIDReturnType,
  GetNodeVersionReturnType,
  GetTxFeeReturnType,
  GetVMsReturnType,
  Peer,
  PeersReturnType,
  UpgradesReturnType,
  UptimeReturnType,
} from '../types/info.js'
import {
  array,
  boolean,
  date,
  field,
  hex,
  nullable,
  object,
  optional,
  percentage,
  record,
  string,
  uint32,
  unsigned,
  type Decoder,
} from '../decode/kit.js'

// A uint32 in canonical decimal: `>>> 0` wraps anything else, so the text would differ.
const isAcpNumber = (k: string) => `${+k >>> 0}` === k

export const decodeAcps: Decoder<AcpsReturnType> = object({
  acps: record(
    object({
      supportWeight: unsigned,
      supporters: array(string),
      objectWeight: unsigned,
      objectors: array(string),
      abstainWeight: unsigned,
    }),
    isAcpNumber,
    'an ACP number',
  ),
})

export const decodeIsBootstrapped = field('isBootstrapped', boolean)
export const decodeBlockchainID = field('blockchainID', string)
export const decodeNetworkID = field('networkID', uint32)
export const decodeNetworkName = field('networkName', string)
export const decodeNodeIP = field('ip', string)

export const decodeNodeID: Decoder<GetNodeIDReturnType> = object({
  nodeID: string,
  nodePOP: nullable(object({ publicKey: hex, proofOfPossession: hex })),
})

export const decodeNodeVersion: Decoder<GetNodeVersionReturnType> = object({
  version: string,
  databaseVersion: string,
  rpcProtocolVersion: optional(uint32),
  gitCommit: string,
  vmVersions: record(string),
})

export const decodeTxFee: Decoder<GetTxFeeReturnType> = object(
  {
    txFee: unsigned,
    createAssetTxFee: unsigned,
    createSubnetTxFee: unsigned,
    transformSubnetTxFee: unsigned,
    createBlockchainTxFee: unsigned,
    addPrimaryNetworkValidatorFee: unsigned,
    addPrimaryNetworkDelegatorFee: unsigned,
    addSubnetValidatorFee: unsigned,
    addSubnetDelegatorFee: unsigned,
    creationTxFee: optional(unsigned),
  },
  // New fee fields are uint64 strings too.
  () => unsigned,
)

export const decodeVMs: Decoder<GetVMsReturnType> = object({
  vms: record(array(string)),
  fxs: optional(record(string)),
})

const acpList = optional(array(uint32))
const decodePeer: Decoder<Peer> = object({
  ip: string,
  publicIP: optional(string),
  nodeID: string,
  version: string,
  upgradeTime: optional(unsigned),
  lastSent: date,
  lastReceived: date,
  observedUptime: uint32,
  observedSubnetUptimes: optional(record(uint32)),
  trackedSubnets: array(string),
  supportedACPs: acpList,
  objectedACPs: acpList,
  benched: array(string),
})

export const decodePeers: Decoder<PeersReturnType> = object({ numPeers: uint32, peers: array(decodePeer) })

export const decodeUpgrades: Decoder<UpgradesReturnType> = object(
  {
    apricotPhase1Time: date,
    apricotPhase2Time: date,
    apricotPhase3Time: date,
    apricotPhase4Time: date,
    apricotPhase4MinPChainHeight: unsigned,
    apricotPhase5Time: date,
    apricotPhasePre6Time: date,
    apricotPhase6Time: date,
    apricotPhasePost6Time: date,
    banffTime: date,
    cortinaTime: date,
    cortinaXChainStopVertexID: string,
    durangoTime: date,
  },
  // What older nodes lack, in the node's order: etnaTime, fortunaTime, graniteTime,
  // graniteEpochDuration, heliconTime, and the `<name>Time` of upgrades added later.
  (key) => (key.endsWith('Time') ? date : key === 'graniteEpochDuration' ? unsigned : undefined),
)

export const decodeUptime: Decoder<UptimeReturnType> = object({
  rewardingStakePercentage: percentage,
  weightedAveragePercentage: percentage,
})
