/**
 * The JSON-RPC layer of the node's gorilla endpoints (`/ext/info`, `/ext/health`, an L1's
 * `/ext/bc/<id>/validators`): gorilla/rpc v2 `json2` behind avalanchego's `lowercase` codec
 * (`api/server`, `utils/json/codec.go`), for a service registered under a name (`info`,
 * `health`, `validators`). Everything here is HTTP 200 except the 405/415 checks.
 */
import { goCompact, goJson, RawJson } from 'subnet-rpc/internal'
import { goIsUpper, goQuote, goToUpper } from './goFormat.js'
import { findMember, goJsonTypeName, goStringValue, scanFirstValue, type Member } from './goScanner.js'
import { type HttpReply, textReply } from '../http/types.js'

/** A method failure; `message` goes out verbatim with code -32000 and `data: null`. */
export class NodeMethodError extends Error {}

/** avalanchego replaces every params decoding error with this one text. */
export const unmarshalArgumentMessage =
  "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls"

/** Params that do not decode into the method's args struct (no method was invoked). */
export class ParamsError extends Error {
  constructor() {
    super(unmarshalArgumentMessage)
  }
}

export type ServiceHandler = (params: string | undefined) => unknown | Promise<unknown>
export type Service = ReadonlyMap<string, ServiceHandler>

const jsonHeaders = { 'content-type': 'application/json; charset=utf-8' }

/** gorilla strips everything from the first ';' and lower-cases the rest, no trimming. */
export function gorillaContentTypeOk(header: string | undefined): boolean {
  if (header === undefined) return false
  const semi = header.indexOf(';')
  const media = (semi === -1 ? header : header.slice(0, semi)).toLowerCase()
  return media === 'application/json'
}

type Request = { jsonrpc: string; method: string; params: string | undefined; id: string | undefined }

/** Serves one POST body for the gorilla service registered as `name`. */
export async function serveService(
  name: string,
  service: Service,
  httpMethod: string,
  contentType: string | undefined,
  body: string,
): Promise<HttpReply> {
  if (httpMethod !== 'POST') return textReply(405, `rpc: POST method required, received ${httpMethod}`)
  if (!gorillaContentTypeOk(contentType)) {
    // The message shows the type as sent (cut at ';'); only the lookup lower-cases it.
    const shown = contentType === undefined ? '' : contentType.split(';')[0]!
    return textReply(415, `rpc: unrecognized Content-Type: ${shown}`)
  }

  const decoded = decodeRequest(body)
  const req = decoded.request
  if (decoded.parseError !== undefined) return errorReply(req, -32700, decoded.parseError, requestData(req))
  // A notification (no id, or id null) runs but gets no body: gorilla stays silent.
  const silent = req.id === undefined || req.id === 'null'
  if (req.jsonrpc !== '2.0') return silent ? emptyReply() : errorReply(req, -32600, 'jsonrpc must be 2.0', requestData(req))

  const resolved = resolveMethod(name, service, req.method)
  if (typeof resolved === 'string') return silent ? emptyReply() : errorReply(req, -32000, resolved, null)

  let result: unknown
  try {
    result = await resolved(req.params)
  } catch (e) {
    if (e instanceof ParamsError) return silent ? emptyReply() : errorReply(req, -32000, e.message, null)
    // The method ran, so gorilla has set nosniff, even when it then writes nothing (notification).
    if (silent) return emptyReply(true)
    const message = e instanceof NodeMethodError ? e.message : `internal error: ${(e as Error).message}`
    return errorReply(req, -32000, message, null, true)
  }
  if (silent) return emptyReply(true)
  const text = `{"jsonrpc":"2.0","result":${goJson(result)},"id":${goCompact(req.id!)}}\n`
  return { status: 200, headers: { ...jsonHeaders, 'x-content-type-options': 'nosniff' }, body: text }
}

function emptyReply(invoked = false): HttpReply {
  return { status: 200, headers: invoked ? { 'x-content-type-options': 'nosniff' } : {}, body: '' }
}

function errorReply(req: Request, code: number, message: string, data: unknown, invoked = false): HttpReply {
  const error = { code, message, data }
  // The echoed id is a json.RawMessage, which Go's encoder compacts and HTML-escapes.
  const text = `{"jsonrpc":"2.0","error":${goJson(error)},"id":${req.id === undefined ? 'null' : goCompact(req.id)}}\n`
  const headers: Record<string, string> = invoked ? { ...jsonHeaders, 'x-content-type-options': 'nosniff' } : { ...jsonHeaders }
  return { status: 200, headers, body: text }
}

/** The partly filled `serverRequest` gorilla echoes as `data` of -32700 and -32600. */
function requestData(req: Request) {
  return {
    jsonrpc: req.jsonrpc,
    method: req.method,
    params: req.params === undefined ? null : new RawJson(goCompact(req.params)),
    id: req.id === undefined ? null : new RawJson(goCompact(req.id)),
  }
}

/**
 * `json.NewDecoder(body).Decode(&serverRequest)`: syntax errors and type mismatches are
 * -32700. Go keeps decoding after a type mismatch, so the other fields are still filled.
 */
function decodeRequest(body: string): { request: Request; parseError?: string } {
  const request: Request = { jsonrpc: '', method: '', params: undefined, id: undefined }
  const scan = scanFirstValue(body)
  if (!scan.ok) return { request, parseError: scan.message }
  if (scan.kind !== 'object') {
    const raw = body.slice(scan.value.start, scan.value.end)
    const type = goJsonTypeName(raw)
    // Decoding `null` into a pointer is a no-op, not an error.
    if (type === 'null') return { request }
    return { request, parseError: `json: cannot unmarshal ${type} into Go value of type json2.serverRequest` }
  }
  let parseError: string | undefined
  const raw = (m: Member | undefined) => (m ? body.slice(m.value.start, m.value.end) : undefined)
  // Members in document order, as Go stores them: a later key overrides an earlier one, a
  // null leaves the field as it is, and the first type mismatch is the error reported.
  for (const member of scan.members) {
    const field = (['jsonrpc', 'method'] as const).find((f) => f === member.key.toLowerCase())
    if (field === undefined) continue
    const text = raw(member)!
    const type = goJsonTypeName(text)
    if (type === 'null') continue
    if (type === 'string') request[field] = goStringValue(text)
    else parseError ??= `json: cannot unmarshal ${type} into Go struct field serverRequest.${field} of type string`
  }
  const params = raw(findMember(scan.members, 'params'))
  const id = raw(findMember(scan.members, 'id'))
  // A JSON null decodes a *json.RawMessage to nil.
  request.params = params === 'null' ? undefined : params
  request.id = id === 'null' ? undefined : id
  if (id === 'null') request.id = 'null'
  return parseError === undefined ? { request } : { request, parseError }
}

/**
 * avalanchego's `lowercase.Method` then gorilla's service map: split on the first dot,
 * upper-case the first rune after it, and look up `Service.Method`.
 */
function resolveMethod(serviceName: string, service: Service, method: string): ServiceHandler | string {
  // gorilla formats the name with %q (strconv.Quote), not as JSON.
  const dot = method.indexOf('.')
  if (dot === -1) return `rpc: service/method request ill-formed: ${goQuote(method)}`
  const name = method.slice(dot + 1)
  const first = name.codePointAt(0)
  let upper = name
  if (first !== undefined) {
    const ch = String.fromCodePoint(first)
    if (goIsUpper(ch)) return 'method must start with a non-uppercase letter'
    upper = goToUpper(ch) + name.slice(ch.length)
  }
  const full = `${method.slice(0, dot)}.${upper}`
  if (full.split('.').length !== 2) return `rpc: service/method request ill-formed: ${goQuote(full)}`
  if (method.slice(0, dot) !== serviceName) return `rpc: can't find service ${goQuote(full)}`
  // Go looks up the upper-cased name, so e.g. a dotless 'ı' reaches info.IsBootstrapped.
  for (const [key, handler] of service) if (key.charAt(0).toUpperCase() + key.slice(1) === upper) return handler
  return `rpc: can't find method ${goQuote(full)}`
}
