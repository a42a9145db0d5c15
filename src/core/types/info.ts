/**
 * Result types of the Info API (`/ext/info`), as subnet-rpc returns them: uint64 values
 * as `bigint` whatever their wire form, uint32 counts and percentages as `number`,
 * RFC 3339 times as `Date`. Fields that some node versions add or omit are optional.
 */

/** A BLS public key and proof of possession, 0x-prefixed hex. */
export type ProofOfPossession = { publicKey: `0x${string}`; proofOfPossession: `0x${string}` }

/** Votes for one ACP among the primary network's validators. */
export type AcpVotes = {
  supportWeight: bigint
  /** NodeIDs, sorted. */
  supporters: string[]
  objectWeight: bigint
  objectors: string[]
  abstainWeight: bigint
}

/** `info.acps`: keyed by ACP number. */
export type AcpsReturnType = { acps: Record<number, AcpVotes> }

export type GetNodeIDReturnType = { nodeID: string; nodePOP: ProofOfPossession | null }

export type GetNodeVersionReturnType = {
  /** e.g. `avalanchego/1.14.2` (`avalanche/…` before v1.10.18). */
  version: string
  databaseVersion: string
  /** Absent before v1.9.2. */
  rpcProtocolVersion?: number
  gitCommit: string
  /** VM primary alias → version. */
  vmVersions: Record<string, string>
}

/** `info.getTxFee` (deprecated: nodes since v1.12.2 return a static table), in nAVAX. */
export type GetTxFeeReturnType = {
  txFee: bigint
  createAssetTxFee: bigint
  createSubnetTxFee: bigint
  transformSubnetTxFee: bigint
  createBlockchainTxFee: bigint
  addPrimaryNetworkValidatorFee: bigint
  addPrimaryNetworkDelegatorFee: bigint
  addSubnetValidatorFee: bigint
  addSubnetDelegatorFee: bigint
  /** Removed in v1.9.8. */
  creationTxFee?: bigint
}

export type GetVMsReturnType = {
  /** VM ID → aliases. */
  vms: Record<string, string[]>
  /** Fx ID → name; since v1.10.19 (before, fxs were listed in `vms`). */
  fxs?: Record<string, string>
}

export type Peer = {
  ip: string
  /** The IP the peer claims; `""` when unknown (omitted by nodes before v1.11.8). */
  publicIP?: string
  nodeID: string
  version: string
  /** Unix seconds of the peer's announced upgrade (v1.14.1+). */
  upgradeTime?: bigint
  lastSent: Date
  lastReceived: Date
  /** Percent, 0–100. */
  observedUptime: number
  /** Subnet ID → percent; v1.9.4–v1.11.11 only. */
  observedSubnetUptimes?: Record<string, number>
  trackedSubnets: string[]
  /** v1.10.18+. */
  supportedACPs?: number[]
  objectedACPs?: number[]
  /** Chains the peer is benched on: primary aliases (chain IDs before v1.10.16). */
  benched: string[]
}

export type PeersReturnType = { numPeers: number; peers: Peer[] }

/** `info.upgrades` (v1.11.11+): the network's upgrade schedule. Later upgrades are optional. */
export type UpgradesReturnType = {
  apricotPhase1Time: Date
  apricotPhase2Time: Date
  apricotPhase3Time: Date
  apricotPhase4Time: Date
  apricotPhase4MinPChainHeight: bigint
  apricotPhase5Time: Date
  apricotPhasePre6Time: Date
  apricotPhase6Time: Date
  apricotPhasePost6Time: Date
  banffTime: Date
  cortinaTime: Date
  cortinaXChainStopVertexID: string
  durangoTime: Date
  etnaTime?: Date
  fortunaTime?: Date
  graniteTime?: Date
  /** Nanoseconds (v1.14.0+). */
  graniteEpochDuration?: bigint
  heliconTime?: Date
  /** Upgrades added by newer nodes, `<name>Time` as Date. */
  [upgrade: `${string}Time`]: Date | undefined
}

export type UptimeReturnType = {
  /** Percent with 4 decimals on the wire, e.g. 99.1234. */
  rewardingStakePercentage: number
  weightedAveragePercentage: number
}

/** `info.isBootstrapped`'s argument. */
export type IsBootstrappedParameters = {
  /** A chain alias (`'P'`, `'X'`, `'C'`, an L1 alias) or blockchain ID. */
  chain: string
}

/** `info.getBlockchainID`'s argument. */
export type GetBlockchainIDParameters = {
  /** A chain alias (`'P'`, `'X'`, `'C'`, an L1 alias). */
  alias: string
}

/** `info.peers`'s argument (optional): none means every connected peer. */
export type PeersParameters = {
  /** Only these peers (unknown or disconnected IDs are left out); default: all. */
  nodeIDs?: readonly string[] | undefined
}

/** `info.uptime`'s argument (optional). */
export type UptimeParameters = {
  /** Sent when given; nodes since v1.11.12 ignore it and report the primary network. */
  subnetID?: string | undefined
}
