/**
 * The JSON-RPC envelope around a method's result, checked the same way by every adapter
 * that sees the reply body: one object (not an array) for one request, the request's `id`,
 * and either `result` or a well-formed `error`, never both.
 */
import { parseJson } from '../json/parse.js'
import type { RpcFailure } from '../../errors/node.js'
import { ResponseShapeError } from '../../errors/response.js'

/** The error for a 2xx reply whose body is not JSON (empty, truncated, an HTML page…). */
export function notJson(method: string, cause?: Error): ResponseShapeError {
  return new ResponseShapeError({ method, path: '$', expected: 'JSON', received: 'other text', cause })
}

/** `url` without credentials (`user:password@`), as viem's errors show a URL. */
export function withoutCredentials(url: string): string {
  try {
    const u = new URL(url)
    if (!u.username && !u.password) return url
    u.username = u.password = ''
    return u.href
  } catch {
    return url
  }
}

/**
 * The node's JSON-RPC error in a reply, as an EIP-1193 provider throws one (an `Error` with the
 * node's `code`, `message` and `data`), so that callMethod maps it to `NodeRpcError` or
 * `MethodNotFoundError` as it maps what a host library throws (core/methods/call.ts). The
 * endpoint that answered is its `URL:` meta line, credentials removed, as on viem's errors.
 */
function replyError({ code, message, data }: RpcFailure, url: string | undefined): Error {
  const metaMessages = url === undefined ? undefined : [`URL: ${withoutCredentials(url)}`]
  return Object.assign(new Error(message), { name: 'JsonRpcError', code, data, metaMessages })
}

/**
 * The `result` of a reply to one request with id `id`. The node's error (whose id may be null)
 * is thrown as a host library would throw it, with `url()`, the endpoint that answered (asked
 * only then), for its `URL:` line: callMethod maps it to `NodeRpcError` or `MethodNotFoundError`.
 * A malformed envelope or another request's reply throws `ResponseShapeError`.
 */
export function replyResult(method: string, body: unknown, id: unknown, url?: () => string | undefined): unknown {
  const shape = (path: string, expected: string, received: string) => new ResponseShapeError({ method, path, expected, received })
  const wrongId = (got: unknown) => shape('$.id', `the request's id ${JSON.stringify(id)}`, JSON.stringify(got) ?? 'nothing')
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw shape('$', 'one JSON-RPC response object', Array.isArray(body) ? 'an array' : String(body))
  const reply = body as { id?: unknown; result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } | null }
  const error = reply.error
  if (error !== undefined && error !== null) {
    // JSON-RPC 1.0 style `"result": null` beside an error is still just an error.
    if (reply.result !== undefined && reply.result !== null) throw shape('$', 'either result or error', 'both')
    if (typeof error.code !== 'number' || typeof error.message !== 'string')
      throw shape('$.error', 'an error with code and message', JSON.stringify(error))
    // A node that could not read the request answers with id null (e.g. -32700).
    if (reply.id !== id && reply.id !== null) throw wrongId(reply.id)
    throw replyError(error as RpcFailure, url?.())
  }
  if (reply.id !== id) throw wrongId(reply.id)
  return reply.result
}

/** Parses a reply body losslessly and returns its checked `result` (see {@link replyResult}). */
export function parseReply(method: string, text: string, id: unknown, url?: () => string | undefined): unknown {
  let body: unknown
  try {
    body = parseJson(text)
  } catch (e) {
    throw notJson(method, e as Error)
  }
  return replyResult(method, body, id, url)
}
