/**
 * The Health API as standalone viem actions (tree-shakeable), each over the core table entry
 * of the same name. Requests go to the node's `/ext/health`, derived from the client's
 * transport as the Info API's URL is (or the one `healthActions({ url })` set for it).
 */
import type { Client } from 'viem'
import { callMethod, type Send } from '../../core/methods/call.js'
import { deriveHealthUrl } from '../../core/url.js'
import * as table from '../../core/methods/health.js'
import type { ArgsOf, MethodSpec, ResultOf } from '../../core/methods/spec.js'
import type { InfoActionErrorType, StandaloneAction } from '../types/actions.js'
import { endpointRequesterOf, type Endpoint } from '../utils/infoClient.js'

/** The Health API endpoint, for the decorator and the standalone actions alike. */
export const healthEndpoint: Endpoint = { derive: deriveHealthUrl, api: 'Health API', decorator: 'healthActions' }

const healthAction = <S extends MethodSpec<never, unknown>>(spec: S): StandaloneAction<S, Client> =>
  ((client: Client, parameters?: ArgsOf<S>) =>
    callMethod(spec, parameters as never, endpointRequesterOf(healthEndpoint, client).request as Send)) as StandaloneAction<S, Client>

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
export type HealthErrorType = InfoActionErrorType<T['health']>

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
export type ReadinessErrorType = InfoActionErrorType<T['readiness']>

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
export type LivenessErrorType = InfoActionErrorType<T['liveness']>
