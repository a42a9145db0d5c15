/**
 * Delivering Warp messages with viem: core's `deliverWarp` over a source client and a destination wallet client.
 */
import type { Account, Address, Chain, Client, Hash, SendTransactionErrorType, Transport } from 'viem'
import { getTransactionReceipt, sendTransaction } from 'viem/actions'
import { getAction } from 'viem/utils'
import type { Send } from '../../core/methods/call.js'
import { type WarpDeliveryParameters, deliverWarp } from '../../core/warp/deliver.js'
import type { InvalidArgumentErrorType, InfoEndpointErrorType } from '../../errors/argument.js'
import type { NodeRpcErrorType } from '../../errors/node.js'
import type { WarpMessageNotFoundErrorType, WarpNetworkErrorType, WarpQuorumErrorType, WarpWeightErrorType } from '../../errors/warp.js'
import { getNetworkID } from '../actions/info.js'

export type DeliverWarpMessageParameters = WarpDeliveryParameters & {
  /** A client of the SOURCE chain (its `/ext/bc/<id>/rpc`): the receipt and the aggregate signatures come from it. */
  source: Client
  /** The destination sender; default: the wallet client's account. */
  account?: Account | Address | undefined
  chain?: Chain | null | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
}
export type DeliverWarpMessageReturnType = Hash
export type DeliverWarpMessageErrorType =
  | InvalidArgumentErrorType
  | WarpMessageNotFoundErrorType
  | WarpNetworkErrorType
  | WarpQuorumErrorType
  | WarpWeightErrorType
  | InfoEndpointErrorType
  | NodeRpcErrorType
  | SendTransactionErrorType

/**
 * Delivers the Warp messages a source transaction sent (each `SendWarpMessage` log, in order), or one message by
 * ID, to the destination chain: each message's aggregate signature from the source node, the network (and, with
 * `validators`, the weight) checked, then the destination call sent with the signed messages as predicates first
 * in its access list, so that `getVerifiedWarpMessage(i)` reads the i-th. Resolves with the destination
 * transaction's hash.
 * @example
 * import { createPublicClient, createWalletClient, encodeFunctionData, http, parseAbi } from 'viem'
 * import { privateKeyToAccount } from 'viem/accounts'
 * import { deliverWarpMessage } from 'subnet-rpc/viem/warp'
 *
 * declare const sendHash: `0x${string}`, receiver: `0x${string}`
 * const source = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/a/rpc') })
 * const destination = createWalletClient({
 *   account: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
 *   transport: http('http://127.0.0.1:9650/ext/bc/b/rpc'),
 * })
 * const hash = await deliverWarpMessage(destination, {
 *   source,
 *   hash: sendHash,
 *   to: receiver,
 *   data: encodeFunctionData({ abi: parseAbi(['function receive(uint32 index)']), args: [0] }),
 * })
 */
export async function deliverWarpMessage<chain extends Chain | undefined, account extends Account | undefined>(
  client: Client<Transport, chain, account>,
  parameters: DeliverWarpMessageParameters,
): Promise<DeliverWarpMessageReturnType> {
  // Without a chain on the client or in the call, the chain ID is the node's (viem's `chain: null`).
  const { source, account = client.account, chain = client.chain ?? null, maxFeePerGas, maxPriorityFeePerGas } = parameters
  return deliverWarp(
    {
      source: source.request as Send,
      sourceLogs: (hash) =>
        getAction(
          source,
          getTransactionReceipt,
          'getTransactionReceipt',
        )({ hash }).then(
          (r) => r.logs,
          (e: Error) => {
            if (e.name === 'TransactionReceiptNotFoundError') return null
            throw e
          },
        ),
      destinationNetworkID: () => getNetworkID(client),
      send: (tx) =>
        getAction(
          client,
          sendTransaction,
          'sendTransaction',
        )({ ...tx, account, chain, maxFeePerGas, maxPriorityFeePerGas } as Parameters<typeof sendTransaction>[1]),
    },
    parameters,
  )
}
