/** Decoders of the Info API replies (spec §2), shared by the viem and ethers adapters. */
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
  count,
  date,
  hex,
  nullable,
  object,
  optional,
  percentage,
  record,
  required,
  string,
  uint32,
  unsigned,
  type Decoder,
} from '../decode/kit.js'

const acpKey = { check: (k: string) => /^(0|[1-9]\d{0,9})$/.test(k) && Number(k) <= 0xffffffff, expected: 'an ACP number' }

export const decodeAcps: Decoder<AcpsReturnType> = object(
  {
    acps: required(
      record(
        object(
          {
            supportWeight: required(unsigned),
            supporters: required(array(string)),
            objectWeight: required(unsigned),
            objectors: required(array(string)),
            abstainWeight: required(unsigned),
          },
          'keep',
        ),
        acpKey,
      ),
    ),
  },
  'keep',
)

export const decodeIsBootstrapped: Decoder<{ isBootstrapped: boolean }> = object({ isBootstrapped: required(boolean) })
export const decodeBlockchainID: Decoder<{ blockchainID: string }> = object({ blockchainID: required(string) })
export const decodeNetworkID: Decoder<{ networkID: number }> = object({ networkID: required(uint32) })
export const decodeNetworkName: Decoder<{ networkName: string }> = object({ networkName: required(string) })
export const decodeNodeIP: Decoder<{ ip: string }> = object({ ip: required(string) })

export const decodeNodeID: Decoder<GetNodeIDReturnType> = object({
  nodeID: required(string),
  nodePOP: required(nullable(object({ publicKey: required(hex), proofOfPossession: required(hex) }))),
})

export const decodeNodeVersion: Decoder<GetNodeVersionReturnType> = object({
  version: required(string),
  databaseVersion: required(string),
  rpcProtocolVersion: optional(uint32),
  gitCommit: required(string),
  vmVersions: required(record(string)),
})

const fee = required(unsigned)
export const decodeTxFee: Decoder<GetTxFeeReturnType> = object(
  {
    txFee: fee,
    createAssetTxFee: fee,
    createSubnetTxFee: fee,
    transformSubnetTxFee: fee,
    createBlockchainTxFee: fee,
    addPrimaryNetworkValidatorFee: fee,
    addPrimaryNetworkDelegatorFee: fee,
    addSubnetValidatorFee: fee,
    addSubnetDelegatorFee: fee,
    creationTxFee: optional(unsigned),
  },
  // New fee fields are uint64 strings too.
  () => unsigned,
)

export const decodeVMs: Decoder<GetVMsReturnType> = object({
  vms: required(record(array(string))),
  fxs: optional(record(string)),
})

const acpList = optional(array(uint32))
const decodePeer: Decoder<Peer> = object({
  ip: required(string),
  publicIP: optional(string),
  nodeID: required(string),
  version: required(string),
  upgradeTime: optional(unsigned),
  lastSent: required(date),
  lastReceived: required(date),
  observedUptime: required(uint32),
  observedSubnetUptimes: optional(record(uint32)),
  trackedSubnets: required(array(string)),
  supportedACPs: acpList,
  objectedACPs: acpList,
  benched: required(array(string)),
})

export const decodePeers: Decoder<PeersReturnType> = object({ numPeers: required(count), peers: required(array(decodePeer)) })

const upgradeTime = required(date)
export const decodeUpgrades: Decoder<UpgradesReturnType> = object(
  {
    apricotPhase1Time: upgradeTime,
    apricotPhase2Time: upgradeTime,
    apricotPhase3Time: upgradeTime,
    apricotPhase4Time: upgradeTime,
    apricotPhase4MinPChainHeight: required(unsigned),
    apricotPhase5Time: upgradeTime,
    apricotPhasePre6Time: upgradeTime,
    apricotPhase6Time: upgradeTime,
    apricotPhasePost6Time: upgradeTime,
    banffTime: upgradeTime,
    cortinaTime: upgradeTime,
    cortinaXChainStopVertexID: required(string),
    durangoTime: upgradeTime,
    etnaTime: optional(date),
    fortunaTime: optional(date),
    graniteTime: optional(date),
    graniteEpochDuration: optional(unsigned),
    heliconTime: optional(date),
  },
  // Upgrades added later follow the `<name>Time` pattern.
  (key) => (key.endsWith('Time') ? date : undefined),
)

export const decodeUptime: Decoder<UptimeReturnType> = object({
  rewardingStakePercentage: required(percentage),
  weightedAveragePercentage: required(percentage),
})
