/**
 * What the relayer keeps of each message, and how an L1's endpoint reaches it (`devnet_relayerMessages`, ./rpc.ts):
 * types only and their JSON, so that the L1 context can name the link without importing the relayer.
 */
type Hex = `0x${string}`

/** One relayed message, as `devnet_relayerMessages` lists it. */
export type RelayedMessage = {
  messageID: Hex
  /** `pending` (being delivered), `delivered`, `failed` (no more attempts) or `skipped` (not this relayer's to deliver). */
  status: 'pending' | 'delivered' | 'failed' | 'skipped'
  source: string
  sourceBlockchainID: string
  destination?: string
  destinationBlockchainID: string
  messenger: Hex
  messageNonce: bigint
  originSenderAddress: Hex
  destinationAddress: Hex
  requiredGasLimit: bigint
  warpMessageID: Hex
  sourceTxHash: Hex
  sourceBlockNumber: bigint
  attempts: number
  /** Why the last attempt failed, or why the message was skipped. */
  error?: string
  destinationTxHash?: Hex
  destinationBlockNumber?: bigint
  /** Teleporter's execution of the message on the destination: `MessageExecuted` or `MessageExecutionFailed`. */
  execution?: 'succeeded' | 'failed' | 'none'
  /** The receiver's revert text when its execution failed (replayed with `requiredGasLimit`). */
  executionError?: string
  /** Unix ms: when the relayer saw the message, and when its delivery was mined. */
  seenAt: number
  deliveredAt?: number
  /** Source block accepted to destination receipt, in ms (the source block's timestamp is in seconds: from when the relayer saw it). */
  latencyMs?: number
}

/** The relayer as an L1's endpoint reads it (./relayer.ts `Relayer`). */
export type RelayerView = { readonly address: string; readonly rewardAddress: string; messages(): RelayedMessage[] }

/** Where an L1's executor finds the devnet's relayer: set once the relayer starts, after the L1s. */
export type RelayerLink = { current?: RelayerView }

/** A record as JSON, the node's way: quantities as 0x-hex. */
export function relayedMessageJson(m: RelayedMessage): Record<string, unknown> {
  const q = (v: bigint | undefined) => (v === undefined ? undefined : `0x${v.toString(16)}`)
  return {
    ...m,
    messageNonce: q(m.messageNonce),
    requiredGasLimit: q(m.requiredGasLimit),
    sourceBlockNumber: q(m.sourceBlockNumber),
    destinationBlockNumber: q(m.destinationBlockNumber),
  }
}
