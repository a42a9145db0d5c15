/**
 * The Health API as standalone viem actions (tree-shakeable), each over the core table entry
 * of the same name. Requests go to the node's `/ext/health`, derived from the client's
 * transport as the Info API's URL is (or the one `healthActions({ url })` set for it).
 */
import * as table from '../../core/methods/health.js'
import type { ArgsOf, ResultOf } from '../../core/methods/spec.js'
import type { EndpointActionErrorType } from '../types/actions.js'
import { endpointAction, healthEndpoint } from '../utils/endpoint.js'

const healthAction = /* @__PURE__ */ endpointAction(healthEndpoint)

type T = typeof table

/**
 * Every health check the node registered, or those with the given tags (`health.health`).
 * An unhealthy node answers too: `healthy` is false and the failing checks have `error`.
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { health } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { healthy, checks } = await health(client)
 */
export const health = /* @__PURE__ */ healthAction(table.health)
export type HealthParameters = ArgsOf<T['health']>
export type HealthReturnType = ResultOf<T['health']>
export type HealthErrorType = EndpointActionErrorType<T['health']>

/**
 * Whether the node is ready: its readiness checks (`bootstrapped`) (`health.readiness`).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { readiness } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { healthy } = await readiness(client)
 */
export const readiness = /* @__PURE__ */ healthAction(table.readiness)
export type ReadinessParameters = ArgsOf<T['readiness']>
export type ReadinessReturnType = ResultOf<T['readiness']>
export type ReadinessErrorType = EndpointActionErrorType<T['readiness']>

/**
 * Whether the node is alive: its liveness checks, none on current nodes (`health.liveness`).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { liveness } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { healthy } = await liveness(client)
 */
export const liveness = /* @__PURE__ */ healthAction(table.liveness)
export type LivenessParameters = ArgsOf<T['liveness']>
export type LivenessReturnType = ResultOf<T['liveness']>
export type LivenessErrorType = EndpointActionErrorType<T['liveness']>
