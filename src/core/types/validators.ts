/**
 * Result types of Subnet-EVM's Validators API (`/ext/bc/<blockchainID>/validators`,
 * `graft/subnet-evm/plugin/evm/service.go` `GetCurrentValidators`, the `CurrentValidator`
 * struct of `plugin/evm/client/client.go`).
 */

/** One validator of the L1, as the node serving the request sees it. */
export type CurrentValidator = {
  /** The L1 validation ID (the `AddSubnetValidatorTx` ID for a legacy subnet), CB58. */
  validationID: string
  nodeID: string
  /** Go `uint64`, a bare JSON number on the wire: exact only with a lossless parse. */
  weight: bigint
  /** Unix seconds (Go `uint64`). */
  startTimestamp: bigint
  /** Always true for a subnet validator; false for an L1 validator whose balance ran out. */
  isActive: boolean
  isL1Validator: boolean
  /** Whether the validator is connected to the node that answered (not to the network). */
  isConnected: boolean
  /**
   * Percent (0–100), a Go `float32`: the uptime the answering node has observed since the
   * validator's start, its LOCAL view (`uptimeTracker.GetUptime`), not a network-wide figure.
   * Nodes report 100 when no time has elapsed yet.
   */
  uptimePercentage: number
  /** Seconds the answering node has seen the validator up (Go `uint64`). */
  uptimeSeconds: bigint
}

/** `validators.getCurrentValidators`'s argument (optional): none means every validator. */
export type GetCurrentValidatorsParameters = {
  /**
   * Only these validators. Subnet-EVM v0.8+ (avalanchego's graft) leaves unknown NodeIDs
   * out; v0.6.12–v0.7.x fail the whole call with `couldn't find validator with node ID …`.
   */
  nodeIDs?: readonly string[] | undefined
}
