/**
 * The Health API's table (`/ext/health`, avalanchego `api/health/service.go`): one entry per
 * method, named as the action that calls it. Params are one object (`APIArgs`, `{ tags }`),
 * as gorilla/rpc's json2 codec reads them. The JSON-RPC form always answers 200 with the
 * result; the GET form (`../health.ts`) answers 503 when unhealthy.
 */
import * as d from '../decoders/health.js'
import { InvalidArgumentError } from '../../errors/argument.js'
import type { HealthParameters, HealthReturnType } from '../types/health.js'
import { methodSpec, type MethodFamily } from './spec.js'

// Params as one object (gorilla/rpc's json2). An EVM chain's URL given for this API answers -32601 (nodeError,
// src/errors/node.ts); gorilla's own `rpc: can't find method` (an older node) is no wrong endpoint, so no `api` here.
const healthApi: MethodFamily = {
  noParams: () => ({}),
  evm: "an EVM chain, not the node's Health API: use the node's URL (…/ext/health)",
}

/** `{ tags }` when tags are given (a list of strings), else `{}`, as the node's own client sends. */
const encodeTags = (a: HealthParameters | undefined) => {
  const tags = a?.tags
  if (tags !== undefined && !(Array.isArray(tags) && tags.every((t) => typeof t === 'string')))
    throw new InvalidArgumentError({ argument: 'tags', value: tags, accepted: 'an array of strings (subnet IDs or "application")' })
  return { tags }
}

/** Every check the node registered, or those with the given tags (`health.health`). */
export const health = methodSpec<HealthParameters, HealthReturnType>('health.health', healthApi, d.decodeHealth, encodeTags)

/** Whether the node is ready to serve: the readiness checks, `bootstrapped` (`health.readiness`). */
export const readiness = methodSpec<HealthParameters, HealthReturnType>('health.readiness', healthApi, d.decodeHealth, encodeTags)

/** Whether the node is alive: the liveness checks, none on current nodes (`health.liveness`). */
export const liveness = methodSpec<HealthParameters, HealthReturnType>('health.liveness', healthApi, d.decodeHealth, encodeTags)
