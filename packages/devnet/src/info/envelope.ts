/** The Info endpoint's JSON-RPC layer: the node's gorilla service `info` (`api/info/service.go`). */
import type { HttpReply } from '../http/types.js'
import { serveService, type Service, type ServiceHandler } from '../wire/gorilla.js'

export { NodeMethodError, ParamsError } from '../wire/gorilla.js'
export type InfoHandler = ServiceHandler
export type InfoService = Service

/** Serves one POST body on `/ext/info`. */
export function serveInfo(service: InfoService, httpMethod: string, contentType: string | undefined, body: string): Promise<HttpReply> {
  return serveService('info', service, httpMethod, contentType, body)
}
