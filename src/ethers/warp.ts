/**
 * Avalanche Warp Messaging for ethers v6: the Warp API's reads over any provider of the SOURCE chain (ethers'
 * `send` or EIP-1193's `request`), and `deliverWarpMessage` with any `Signer` of the destination chain. The same
 * core as `subnet-rpc/viem/warp` (the table in src/core/methods/warp.ts, delivery in src/core/warp/deliver.ts).
 */
import { JsonRpcProvider, type Signer } from 'ethers'
import * as table from '../core/methods/warp.js'
import type { WarpAggregateOptions } from '../core/methods/warp.js'
import type { SignedWarpMessage, UnsignedWarpMessage } from '../core/warp/codec.js'
import { type WarpDeliveryParameters, type WarpLog, callWarp, deliverWarp } from '../core/warp/deliver.js'
import {
  callRelayerMessages,
  type RelayerMessages,
  type RelayerMessagesFilter,
  type TeleporterDelivery,
  type TeleporterDeliveryParameters,
  waitForDelivery,
} from '../core/warp/relayer.js'
import { InfoEndpointError } from '../errors/argument.js'
import { InfoClient } from './info.js'
import { type AnyProvider, sendVia } from './request.js'

type Hex = `0x${string}`

/**
 * The unsigned message a `sendWarpMessage` sent (`warp_getMessage`), by ID (CB58, or the log's 0x-hex topic).
 * @example
 * import { JsonRpcProvider } from 'ethers'
 * import { getWarpMessage } from 'subnet-rpc/ethers'
 *
 * declare const messageID: string // CB58, or the SendWarpMessage log's topic 2
 * const source = new JsonRpcProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const message = await getWarpMessage(source, messageID)
 */
export function getWarpMessage(provider: AnyProvider, messageID: string): Promise<UnsignedWarpMessage> {
  return callWarp(table.getWarpMessage, { messageID }, sendVia(provider))
}

/**
 * The node's own BLS signature of a message (`warp_getMessageSignature`).
 * @example
 * import { JsonRpcProvider } from 'ethers'
 * import { getWarpMessageSignature } from 'subnet-rpc/ethers'
 *
 * declare const messageID: string // CB58, or the SendWarpMessage log's topic 2
 * const source = new JsonRpcProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const signature = await getWarpMessageSignature(source, messageID)
 */
export function getWarpMessageSignature(provider: AnyProvider, messageID: string): Promise<Hex> {
  return callWarp(table.getWarpMessageSignature, { messageID }, sendVia(provider))
}

/**
 * The node's own BLS signature of an accepted block's hash message (`warp_getBlockSignature`); the block ID is
 * its hash.
 * @example
 * import { JsonRpcProvider } from 'ethers'
 * import { getWarpBlockSignature } from 'subnet-rpc/ethers'
 *
 * const source = new JsonRpcProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const block = await source.getBlock('latest')
 * const signature = await getWarpBlockSignature(source, block!.hash!)
 */
export function getWarpBlockSignature(provider: AnyProvider, blockID: string): Promise<Hex> {
  return callWarp(table.getWarpBlockSignature, { blockID }, sendVia(provider))
}

/**
 * The message signed by the source subnet's validators, aggregated by the node (`warp_getMessageAggregateSignature`).
 * @example
 * import { JsonRpcProvider } from 'ethers'
 * import { getWarpMessageAggregateSignature } from 'subnet-rpc/ethers'
 *
 * declare const messageID: string // CB58, or the SendWarpMessage log's topic 2
 * const source = new JsonRpcProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const signed = await getWarpMessageAggregateSignature(source, messageID, { quorumNum: 67 })
 */
export function getWarpMessageAggregateSignature(
  provider: AnyProvider,
  messageID: string,
  options: WarpAggregateOptions = {},
): Promise<SignedWarpMessage> {
  return callWarp(table.getWarpMessageAggregateSignature, { ...options, messageID }, sendVia(provider))
}

/**
 * An accepted block's hash message signed by the source subnet's validators (`warp_getBlockAggregateSignature`).
 * @example
 * import { JsonRpcProvider } from 'ethers'
 * import { getWarpBlockAggregateSignature } from 'subnet-rpc/ethers'
 *
 * declare const blockID: string // an accepted block's hash on the source chain
 * const source = new JsonRpcProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const signed = await getWarpBlockAggregateSignature(source, blockID)
 */
export function getWarpBlockAggregateSignature(
  provider: AnyProvider,
  blockID: string,
  options: WarpAggregateOptions = {},
): Promise<SignedWarpMessage> {
  return callWarp(table.getWarpBlockAggregateSignature, { ...options, blockID }, sendVia(provider))
}

/** `deliverWarpMessage`'s parameters for ethers. */
export type DeliverWarpMessageEthersParameters = WarpDeliveryParameters & {
  /** A provider of the SOURCE chain (its `/ext/bc/<id>/rpc`): the receipt and the aggregate signatures come from it. */
  source: AnyProvider
}

/**
 * Delivers the Warp messages a source transaction sent (or one message by ID) to the destination chain with
 * `signer`: aggregate signatures from the source node, the network (and, with `validators`, the weight) checked,
 * then the destination call with the signed messages as predicates first in its access list
 * (`getVerifiedWarpMessage(i)` is the i-th). Resolves with the destination transaction's hash. The destination's
 * network ID comes from its node's Info API (derived from the signer's `JsonRpcProvider` URL) unless
 * `destinationNetworkID` is given.
 * @example
 * import { Interface, JsonRpcProvider, Wallet } from 'ethers'
 * import { deliverWarpMessage } from 'subnet-rpc/ethers'
 *
 * declare const sendHash: `0x${string}`, receiver: `0x${string}`
 * const source = new JsonRpcProvider('http://127.0.0.1:9650/ext/bc/a/rpc')
 * const signer = new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', new JsonRpcProvider('http://127.0.0.1:9650/ext/bc/b/rpc'))
 * const data = new Interface(['function receive(uint32 index)']).encodeFunctionData('receive', [0]) as `0x${string}`
 * const hash = await deliverWarpMessage(signer, { source, hash: sendHash, to: receiver, data })
 */
export async function deliverWarpMessage(signer: Signer, parameters: DeliverWarpMessageEthersParameters): Promise<Hex> {
  const source = sendVia(parameters.source)
  return deliverWarp(
    {
      source,
      sourceLogs: async (hash) =>
        ((await source({ method: 'eth_getTransactionReceipt', params: [hash] })) as { logs: WarpLog[] } | null)?.logs ?? null,
      destinationNetworkID: () => {
        const provider = signer.provider
        if (!(provider instanceof JsonRpcProvider))
          throw new InfoEndpointError(
            'deliverWarpMessage: the Info API cannot be derived from the signer’s provider (not a JsonRpcProvider); pass destinationNetworkID.',
          )
        return new InfoClient(provider._getConnection().url).getNetworkID()
      },
      send: async ({ to, data, value, gas, accessList }) =>
        (await signer.sendTransaction({ type: 2, to, data, value, gasLimit: gas, accessList: accessList.map((e) => ({ ...e })) }))
          .hash as Hex,
    },
    parameters,
  )
}

/**
 * Waits until a Teleporter message is delivered on the destination chain of `provider` (its
 * `ReceiveCrossChainMessage` log) and tells whether Teleporter executed it; a relayer delivers it (on the devnet,
 * `--relay`). Throws `TeleporterDeliveryTimeoutError` after `timeout` ms (default 30 s).
 * @example
 * import { JsonRpcProvider } from 'ethers'
 * import { waitForTeleporterDelivery } from 'subnet-rpc/ethers'
 *
 * declare const messageID: `0x${string}` // teleporterMessageIDsOfLogs(sourceReceipt.logs)[0]
 * const destination = new JsonRpcProvider('http://127.0.0.1:9650/ext/bc/b/rpc')
 * const { transactionHash, execution } = await waitForTeleporterDelivery(destination, { messageID })
 */
export function waitForTeleporterDelivery(provider: AnyProvider, parameters: TeleporterDeliveryParameters): Promise<TeleporterDelivery> {
  return waitForDelivery(sendVia(provider), parameters)
}

/**
 * The devnet relayer's messages (`devnet_relayerMessages` on any L1 endpoint of a devnet started with `--relay`):
 * delivered, pending, failed (with the reason) and skipped, oldest first.
 * @example
 * import { JsonRpcProvider } from 'ethers'
 * import { getRelayerMessages } from 'subnet-rpc/ethers'
 *
 * declare const l1Url: string // an L1 of a devnet started with --relay
 * const provider = new JsonRpcProvider(l1Url)
 * const { messages } = await getRelayerMessages(provider, { status: 'delivered' })
 */
export function getRelayerMessages(provider: AnyProvider, filter?: RelayerMessagesFilter): Promise<RelayerMessages> {
  return callRelayerMessages(sendVia(provider), filter)
}
