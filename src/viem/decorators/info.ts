import type { Client } from 'viem'
import type * as table from '../../core/methods/info.js'
import type { ActionsOf } from '../../core/methods/spec.js'
import * as actions from '../actions/info.js'
import { setInfoRequester, type InfoActionsOptions } from '../utils/infoClient.js'

export type { InfoActionsOptions }

/** The Info API actions a client gets from `infoActions`, typed and documented from the core table. */
export type InfoActions = ActionsOf<typeof table>

type Name = keyof typeof table
/** The standalone action of each table entry: one missing from actions/info.ts is a compile error here. */
const standalone: { [K in Name]: (client: Client, parameters: never) => Promise<unknown> } = actions

function infoActionsFor(client: Client, options?: InfoActionsOptions): InfoActions {
  // The transport is derived on the first request, not here: a client whose Info URL cannot be derived
  // still gets its chain actions, and Info actions check their arguments first and reject (never throw).
  setInfoRequester(client, options)
  // Each action is its standalone twin, which uses the Info requester just made for this client.
  const entries = (Object.keys(standalone) as Name[]).map((name) => [name, (parameters: never) => standalone[name](client, parameters)])
  return Object.fromEntries(entries) as InfoActions
}

const isClient = (value: unknown): value is Client => typeof (value as Client | undefined)?.request === 'function'

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
  if (isClient(arg)) return infoActionsFor(arg)
  return (client: Client) => infoActionsFor(client, arg)
}
