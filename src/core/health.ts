/**
 * The Health API's GET form (avalanchego `api/health/handler.go` `NewGetHandler`): `GET
 * /ext/health` (all checks), `/ext/health/health`, `/ext/health/readiness` and
 * `/ext/health/liveness`, each with `?tag=<tag>` repeated. The body is a bare `APIReply`
 * (no JSON-RPC envelope), with status 200 when healthy and 503 when not: a 503 is an
 * answer, returned as the result with `healthy: false`, not an error.
 */
import { decodeResult } from './decode/kit.js'
import { decodeHealth } from './decoders/health.js'
import { parseJson } from './json/parse.js'
import type { HealthReturnType } from './types/health.js'
import { deriveHealthUrl } from './url.js'
import { ResponseShapeError } from '../errors/response.js'
import { InvalidArgumentError } from '../errors/argument.js'
import { show } from '../errors/show.js'

/** Which checks: `health` (all), `readiness` or `liveness`. */
export type HealthKind = 'health' | 'readiness' | 'liveness'

export type FetchHealthOptions = {
  /** Default `health`: every check (`GET /ext/health`). */
  kind?: HealthKind | undefined
  /** Only checks with these tags (plus the `application` ones, which the node always adds). */
  tags?: readonly string[] | undefined
  /** Request settings (headers, signal, …) for `fetch`. */
  init?: RequestInit | undefined
  /** Another `fetch` (default: the global one). */
  fetch?: typeof fetch | undefined
}

const kinds: Record<HealthKind, string> = { health: '', readiness: '/readiness', liveness: '/liveness' }

/**
 * The GET URL of a kind of health check for any URL of the node (base, `/ext/info`, an L1's
 * `/ext/bc/<id>/rpc` …): path prefix, credentials and query kept, one `tag` per tag added.
 *
 * @example
 * import { healthGetUrl } from 'subnet-rpc'
 *
 * healthGetUrl('http://127.0.0.1:9650/ext/bc/C/rpc', { kind: 'readiness', tags: ['application'] })
 * // 'http://127.0.0.1:9650/ext/health/readiness?tag=application'
 */
export function healthGetUrl(nodeUrl: string, options: Pick<FetchHealthOptions, 'kind' | 'tags'> = {}): string {
  const { kind = 'health', tags } = options
  if (!Object.hasOwn(kinds, kind))
    throw new InvalidArgumentError({ argument: 'kind', value: kind, accepted: "'health', 'readiness' or 'liveness'" })
  if (tags !== undefined && !(Array.isArray(tags) && tags.every((t) => typeof t === 'string')))
    throw new InvalidArgumentError({ argument: 'tags', value: tags, accepted: 'an array of strings' })
  const url = new URL(deriveHealthUrl(nodeUrl))
  url.pathname += kinds[kind]
  for (const tag of tags ?? []) url.searchParams.append('tag', tag)
  return url.href
}

/**
 * The result of a GET health request from its status and body: 200 and 503 carry an
 * `APIReply` (503 when a check fails); any other status is not the Health API's answer
 * (404: the API is disabled with `--api-health-enabled=false`) and throws ResponseShapeError.
 */
export function healthFromGet(status: number, body: string, method = 'GET /ext/health'): HealthReturnType {
  const shape = (received: string) =>
    new ResponseShapeError({ method, path: '$', expected: 'HTTP 200 or 503 with a health report', received })
  if (status !== 200 && status !== 503) throw shape(`HTTP ${status}: ${show(body.slice(0, 200))}`)
  let json: unknown
  try {
    json = parseJson(body)
  } catch (e) {
    throw new ResponseShapeError({ method, path: '$', expected: 'JSON', received: 'other text', cause: e as Error })
  }
  const result = decodeResult(decodeHealth, method, json)
  // The status is the node's verdict, the body's `healthy` the same one: a mismatch is not the node's wire format.
  if (result.healthy !== (status === 200)) throw shape(`HTTP ${status} with "healthy": ${result.healthy}`)
  return result
}

/**
 * One GET health request, as load balancers make it: `GET /ext/health[/readiness|/liveness]?tag=…`.
 * Resolves with the report whether the node answered 200 (healthy) or 503 (unhealthy).
 *
 * @example
 * import { fetchHealth } from 'subnet-rpc'
 *
 * const { healthy, checks } = await fetchHealth('http://127.0.0.1:9650', { kind: 'readiness' })
 * console.log(healthy, Object.keys(checks))
 */
export async function fetchHealth(nodeUrl: string, options: FetchHealthOptions = {}): Promise<HealthReturnType> {
  const url = healthGetUrl(nodeUrl, options)
  const res = await (options.fetch ?? fetch)(url, { ...options.init, method: 'GET' })
  return healthFromGet(res.status, await res.text(), `GET ${new URL(url).pathname}`)
}
