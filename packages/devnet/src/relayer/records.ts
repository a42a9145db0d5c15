/**
 * What the relayer keeps of each message, and how an L1's endpoint reaches it (`devnet_relayerMessages`, ./rpc.ts):
 * types only and their JSON, so that the L1 context can name the link without importing the relayer.
 */
import type { RelayerMessage } from 'subnet-rpc/warp'

/**
 * One relayed message, as `devnet_relayerMessages` lists it: the shape subnet-rpc's clients decode (`RelayerMessage`
 * of `subnet-rpc/warp`), so the listing and its decoder cannot drift apart.
 */
export type RelayedMessage = RelayerMessage

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
