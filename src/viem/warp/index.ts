/**
 * `subnet-rpc/viem/warp`: Avalanche Warp Messaging for viem. The Warp API's reads on the source chain
 * (`getWarpMessage`, the node's signatures and aggregates), `deliverWarpMessage` to send a source transaction's
 * messages to a destination chain, and the `warpActions` decorator. Its own entry: apps that do not use Warp
 * bundle none of it. The codec, predicates and the TypeScript aggregation are `subnet-rpc/warp`.
 * @packageDocumentation
 */
import type { Client } from 'viem'
import type { ActionsOf } from '../../core/methods/spec.js'
import type * as table from '../../core/methods/warp.js'
import * as actions from './actions.js'

export * from './actions.js'
export * from './deliver.js'
export * from './teleporter.js'

/** The Warp reads a client gets from `warpActions`, typed and documented from the core table. */
export type WarpActions = ActionsOf<typeof table>

function warpActionsFor(client: Client): WarpActions {
  return {
    getWarpMessage: (p) => actions.getWarpMessage(client, p),
    getWarpMessageSignature: (p) => actions.getWarpMessageSignature(client, p),
    getWarpBlockSignature: (p) => actions.getWarpBlockSignature(client, p),
    getWarpMessageAggregateSignature: (p) => actions.getWarpMessageAggregateSignature(client, p),
    getWarpBlockAggregateSignature: (p) => actions.getWarpBlockAggregateSignature(client, p),
  }
}

/**
 * Adds the Warp API's reads to a viem client of the source chain. Use it called or not.
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { warpActions } from 'subnet-rpc/viem/warp'
 *
 * declare const messageID: string // CB58, or the SendWarpMessage log's topic 2
 * const source = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(warpActions)
 * const message = await source.getWarpMessage({ messageID })
 */
export function warpActions(): (client: Client) => WarpActions
export function warpActions(client: Client): WarpActions
export function warpActions(client?: Client): WarpActions | ((client: Client) => WarpActions) {
  return client ? warpActionsFor(client) : warpActionsFor
}
