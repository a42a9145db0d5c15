/**
 * Result types of the ProposerVM API every Snowman++ chain serves since avalanchego v1.14.0
 * (`/ext/bc/<blockchainID>/proposervm`, `vms/proposervm/service.go` `jsonrpcService`).
 */

/**
 * The epoch (ACP-181) a child of the node's preferred block would be in (`GetEpochResponse`,
 * each an `avajson.Uint64`, a quoted decimal on the wire). All three are 0 before Granite.
 */
export type ProposerVMEpoch = {
  /** The epoch's number, counted from 1 at Granite's first epoch. */
  number: bigint
  /** Unix seconds: the timestamp of the block that sealed the previous epoch (the first one: its parent's). */
  startTime: bigint
  /** The P-Chain height the epoch's blocks verify against: that of the block that sealed the previous epoch. */
  pChainHeight: bigint
}
