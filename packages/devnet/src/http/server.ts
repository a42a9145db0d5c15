/**
 * The devnet's HTTP front: routes like avalanchego's API server and writes replies.
 * Every response carries the `node-id` header, as a node's do, and passes the node's
 * CORS layer and allowed-hosts filter first (./access.ts).
 */
import { createServer, STATUS_CODES, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { cors, defaultAllowedHosts, defaultAllowedOrigins, hostFilter, invalidHost } from './access.js'
import type { HttpReply } from './types.js'

/** A request as routes see it: the body (cut at `maxBodyBytes`) and its real size. */
export type Route = (req: IncomingMessage, body: string, bodyBytes: number) => Promise<HttpReply | undefined>

/**
 * A WebSocket handshake (an HTTP upgrade request) for a route that serves WebSockets: true
 * when it took the socket. Any other upgrade request is answered by the HTTP routes as a
 * plain request would be, as Go's net/http does (it has no separate path for upgrades).
 */
export type UpgradeRoute = (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean

/** How much of a request body is read at most; the rest is dropped as Go's LimitReader would. */
export const maxBodyBytes = 5 * 1024 * 1024

/** A request URL's path, without its query. */
export function pathOf(url: string | undefined): string {
  const q = (url ?? '/').indexOf('?')
  return q === -1 ? (url ?? '/') : (url ?? '/').slice(0, q)
}

/** Reads the body, keeping at most `maxBodyBytes` (memory stays bounded) but counting all of it. */
function readBody(req: IncomingMessage): Promise<{ body: string; bytes: number }> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let kept = 0
    let bytes = 0
    req.on('data', (chunk: Buffer) => {
      bytes += chunk.length
      if (kept >= maxBodyBytes) return
      const room = maxBodyBytes - kept
      chunks.push(chunk.length > room ? chunk.subarray(0, room) : chunk)
      kept += Math.min(chunk.length, room)
    })
    req.on('end', () => resolve({ body: Buffer.concat(chunks).toString('utf8'), bytes }))
    req.on('error', reject)
  })
}

const internalError = (e: unknown): HttpReply => ({
  status: 500,
  headers: { 'content-type': 'text/plain; charset=utf-8' },
  body: `devnet internal error: ${(e as Error).message}\n`,
})

const notFound: HttpReply = {
  status: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  body: '404 page not found\n',
}

/** A preflight as rs/cors answers it when `OptionsPassthrough` is off: 200, no body, its own headers only. */
const preflightReply: HttpReply = { status: 200, headers: {}, body: '' }

/**
 * Writes `reply` after the `front` headers, as `setHeader` would keep them (a later one of the same name replaces an
 * earlier one in its place), handed to `writeHead` at once: the same bytes, without a header map on the response.
 */
function writeReply(res: ServerResponse, front: [string, string | string[]][], reply: HttpReply): void {
  const headers = new Map<string, [string, string | string[]]>()
  const set = (name: string, value: string | string[]) => headers.set(name.toLowerCase(), [name, value])
  for (const [k, v] of front) set(k, v)
  for (const k in reply.headers) set(k, reply.headers[k]!)
  set('content-length', String(Buffer.byteLength(reply.body)))
  const flat: (string | string[])[] = []
  for (const [k, v] of headers.values()) flat.push(k, v)
  res.writeHead(reply.status, flat as string[])
  res.end(reply.body)
}

/** Answers an upgrade request no WebSocket endpoint took with `reply` as plain HTTP, then closes the connection. */
function endUpgrade(socket: Duplex, front: [string, string | string[]][], reply: HttpReply): void {
  const headers: [string, string | string[]][] = [
    ...front,
    ...Object.entries(reply.headers),
    ['content-length', String(Buffer.byteLength(reply.body))],
    ['connection', 'close'],
  ]
  const lines = headers.flatMap(([k, v]) => (Array.isArray(v) ? v : [v]).map((one) => `${k}: ${one}\r\n`))
  socket.end(`HTTP/1.1 ${reply.status} ${STATUS_CODES[reply.status]}\r\n${lines.join('')}\r\n${reply.body}`)
}

/**
 * Starts an HTTP server on 127.0.0.1 that dispatches to `routes` in order, and WebSocket handshakes to `upgrades`.
 * `allowedOrigins` and `allowedHosts` are the node's `--http-allowed-origins` and `--http-allowed-hosts`.
 */
export async function startHttpServer(opts: {
  port: number
  nodeID: string
  routes: Route[]
  upgrades?: UpgradeRoute[]
  allowedOrigins?: readonly string[]
  allowedHosts?: readonly string[]
}): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    void handle(req, res)
  })
  const corsLayer = cors(opts.allowedOrigins ?? defaultAllowedOrigins)
  const hostAllowed = hostFilter(opts.allowedHosts ?? defaultAllowedHosts)
  /** The headers every reply to `req` starts with, as `wrapHandler` sets them before the router runs. */
  const frontHeaders = (req: IncomingMessage): [string, string | string[]][] => [
    ['node-id', opts.nodeID],
    ...corsLayer.headers(req.method, req.headers),
  ]
  /** The reply to `req`: rs/cors answers preflights, the host filter refuses a host, else the routes (404 when none serves it). */
  async function replyTo(req: IncomingMessage, body: string, bytes: number): Promise<HttpReply> {
    if (corsLayer.isPreflight(req.method, req.headers)) return preflightReply
    if (!hostAllowed(req.headers.host)) return invalidHost
    try {
      for (const route of opts.routes) {
        const r = await route(req, body, bytes)
        if (r) return r
      }
      return notFound
    } catch (e) {
      return internalError(e)
    }
  }
  async function handle(req: IncomingMessage, res: ServerResponse) {
    let reply: HttpReply
    try {
      const { body, bytes } = await readBody(req)
      reply = await replyTo(req, body, bytes)
    } catch (e) {
      reply = internalError(e)
    }
    if (!res.destroyed) writeReply(res, frontHeaders(req), reply)
  }
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    // The host filter stands before the router, WebSocket endpoints included.
    if (hostAllowed(req.headers.host)) for (const route of opts.upgrades ?? []) if (route(req, socket, head)) return
    // Not a WebSocket endpoint: the HTTP routes answer (an upgrade request has no body), then the connection closes.
    void replyTo(req, '', 0).then((reply) => endUpgrade(socket, frontHeaders(req), reply))
  })
  server.keepAliveTimeout = 5_000
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(opts.port, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  return {
    server,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      }),
  }
}
