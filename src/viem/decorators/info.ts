import type { Client } from 'viem'
import type * as table from '../../core/methods/info.js'
import type { ActionsOf } from '../../core/methods/spec.js'
import * as actions from '../actions/info.js'
import { endpointActions, infoEndpoint, type EndpointActionsOptions } from '../utils/endpoint.js'

/** `infoActions`' options: the node's URL (any of them) or a transport to `/ext/info`. */
export type InfoActionsOptions = EndpointActionsOptions

/** The Info API actions a client gets from `infoActions`, typed and documented from the core table. */
export type InfoActions = ActionsOf<typeof table>

/**
 * Adds the node's Info API to a viem client. Requests go to `/ext/info` of the same node,
 * derived from the client's transport (http, a fallback of http, or webSocket) with its
 * fetch settings, timeout and retries; batching is always off. Pass `{ url }` or
 * `{ transport }` for other transports (a wallet's EIP-1193, or another node). Use it
 * called (`extend(infoActions())`, `extend(infoActions({ url }))`) or not (`extend(infoActions)`).
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { infoActions, subnetActions, subnetHttp } from 'subnet-rpc/viem'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 *   .extend(subnetActions)
 *   .extend(infoActions)
 * const { version } = await client.getNodeVersion()
 */
export function infoActions(options?: InfoActionsOptions): (client: Client) => InfoActions
export function infoActions(client: Client): InfoActions
export function infoActions(arg?: InfoActionsOptions | Client): InfoActions | ((client: Client) => InfoActions) {
  // The transport is derived on the first request, not here: a client whose Info URL cannot be derived
  // still gets its chain actions, and Info actions check their arguments first and reject (never throw).
  // Each action is its standalone twin (one missing from actions/info.ts is a compile error here).
  return endpointActions<typeof table, InfoActionsOptions>(infoEndpoint, actions, arg)
}
