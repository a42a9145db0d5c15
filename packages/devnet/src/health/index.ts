/**
 * The devnet's `/ext/health` routes, as avalanchego's node adds them (`node/node.go`
 * `initHealthAPI`, `api/health/handler.go`):
 * - `/ext/health`: GET → the bare report of every check (`?tag=` repeated filters), 200 when
 *   healthy and 503 when not; any other method → the `health` JSON-RPC service (POST).
 * - `/ext/health/health`, `/ext/health/readiness`, `/ext/health/liveness`: the bare report
 *   of that kind for any method (`NewGetHandler` does not look at it).
 */
import type { IncomingMessage } from 'node:http'
import type { HttpReply } from '../http/types.js'
import { goJson } from 'subnet-rpc/internal'
import { serveService } from '../wire/gorilla.js'
import { createHealthService, healthReport, type HealthKind, type HealthState } from './service.js'

export type { HealthState }

const getPaths: Record<string, HealthKind> = {
  '/ext/health/health': 'health',
  '/ext/health/readiness': 'readiness',
  '/ext/health/liveness': 'liveness',
}

/** `NewGetHandler`: `Content-Type: application/json`, 503 when unhealthy, the APIReply by json.Encoder (a trailing newline). */
async function getReply(state: HealthState, kind: HealthKind, url: URL): Promise<HttpReply> {
  const report = await healthReport(state, kind, url.searchParams.getAll('tag'))
  return { status: report.healthy ? 200 : 503, headers: { 'content-type': 'application/json' }, body: `${goJson(report)}\n` }
}

/** The route for `/ext/health` and its GET sub-paths; undefined for other paths. */
export function healthRoute(state: HealthState) {
  const service = createHealthService(state)
  return async (req: IncomingMessage, body: string): Promise<HttpReply | undefined> => {
    const url = new URL(req.url ?? '/', 'http://node')
    const kind = getPaths[url.pathname]
    if (kind) return getReply(state, kind, url)
    if (url.pathname !== '/ext/health') return undefined
    if (req.method === 'GET') return getReply(state, 'health', url)
    return serveService('health', service, req.method ?? 'GET', req.headers['content-type'], body)
  }
}
