import type { Client } from 'viem'
import type * as table from '../../core/methods/health.js'
import type { ActionsOf } from '../../core/methods/spec.js'
import * as actions from '../actions/health.js'
import { endpointActions, healthEndpoint, type EndpointActionsOptions } from '../utils/endpoint.js'

/** `healthActions`' options: the node's URL (any of them) or a transport to `/ext/health`. */
export type HealthActionsOptions = EndpointActionsOptions

/** The Health API actions a client gets from `healthActions`, typed and documented from the core table. */
export type HealthActions = ActionsOf<typeof table>

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
  return endpointActions<typeof table, HealthActionsOptions>(healthEndpoint, actions, arg)
}
