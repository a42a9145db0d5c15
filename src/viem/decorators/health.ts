import type { Client } from 'viem'
import type * as table from '../../core/methods/health.js'
import type { ActionsOf } from '../../core/methods/spec.js'
import * as actions from '../actions/health.js'
import { setEndpointRequester, type InfoActionsOptions } from '../utils/infoClient.js'

/** `healthActions`' options: the node's URL (any of them) or a transport to `/ext/health`. */
export type HealthActionsOptions = InfoActionsOptions

/** The Health API actions a client gets from `healthActions`, typed and documented from the core table. */
export type HealthActions = ActionsOf<typeof table>

function healthActionsFor(client: Client, options?: HealthActionsOptions): HealthActions {
  // As infoActions: the transport is derived on the first request, never in `extend`.
  setEndpointRequester(actions.healthEndpoint, client, options)
  return {
    health: (parameters) => actions.health(client, parameters),
    readiness: (parameters) => actions.readiness(client, parameters),
    liveness: (parameters) => actions.liveness(client, parameters),
  }
}

const isClient = (value: unknown): value is Client => typeof (value as Client | undefined)?.request === 'function'

/**
 * Adds the node's Health API (`health`, `readiness`, `liveness`) to a viem client. Requests
 * go to `/ext/health` of the same node, derived from the client's transport as `infoActions`
 * derives `/ext/info` (same fetch settings, timeout and retries; batching off). Pass `{ url }`
 * or `{ transport }` for other transports. Use it called or not. Kept out of `infoActions`
 * so apps that do not use it do not ship it.
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { healthActions, subnetHttp } from 'subnet-rpc/viem'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(healthActions)
 * const { healthy, checks } = await client.health()
 */
export function healthActions(options?: HealthActionsOptions): (client: Client) => HealthActions
export function healthActions(client: Client): HealthActions
export function healthActions(arg?: HealthActionsOptions | Client): HealthActions | ((client: Client) => HealthActions) {
  if (isClient(arg)) return healthActionsFor(arg)
  return (client: Client) => healthActionsFor(client, arg)
}
