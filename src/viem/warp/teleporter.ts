/**
 * Teleporter (ICM) on viem: the wait for a message's delivery on its destination, and the devnet relayer's
 * listing (`devnet_relayerMessages`). The codec, ABI and message IDs are `subnet-rpc/warp`.
 */
import type { Send } from '../../core/methods/call.js'
import {
  callRelayerMessages,
  type RelayerMessages,
  type RelayerMessagesFilter,
  type TeleporterDelivery,
  type TeleporterDeliveryParameters,
  waitForDelivery,
} from '../../core/warp/relayer.js'
import type { Requester } from '../utils/request.js'

/**
 * Waits until a Teleporter message is delivered on the destination chain of `client` (its
 * `ReceiveCrossChainMessage` log), and tells whether Teleporter executed it. Nothing is delivered here: a relayer
 * does it (on the devnet, `--relay`). Throws `TeleporterDeliveryTimeoutError` after `timeout` ms (default 30 s).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { waitForTeleporterDelivery } from 'subnet-rpc/viem/warp'
 *
 * declare const messageID: `0x${string}` // teleporterMessageIDsOfLogs(sourceReceipt.logs)[0]
 * const destination = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/b/rpc') })
 * const { transactionHash, execution } = await waitForTeleporterDelivery(destination, { messageID })
 */
export function waitForTeleporterDelivery(client: Requester, parameters: TeleporterDeliveryParameters): Promise<TeleporterDelivery> {
  return waitForDelivery(client.request as Send, parameters)
}

/**
 * The devnet relayer's messages (`devnet_relayerMessages`, any L1 endpoint of a devnet started with `--relay`):
 * delivered, pending, failed (with the reason) and skipped, oldest first, with the relayer's address.
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getRelayerMessages } from 'subnet-rpc/viem/warp'
 *
 * declare const l1Url: string // an L1 of a devnet started with --relay
 * const client = createPublicClient({ transport: http(l1Url) })
 * const { messages } = await getRelayerMessages(client, { status: 'failed' })
 * for (const m of messages) console.log(m.messageID, m.error)
 */
export function getRelayerMessages(client: Requester, filter?: RelayerMessagesFilter): Promise<RelayerMessages> {
  return callRelayerMessages(client.request as Send, filter)
}
