/**
 * The devnet's HTTP front: routes like avalanchego's API server and writes replies.
 * Every response carries the `node-id` header, as a node's do.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { HttpReply } from './types.js'

/** A request as routes see it: the body (cut at `maxBodyBytes`) and its real size. */
export type Route = (req: IncomingMessage, body: string, bodyBytes: number) => Promise<HttpReply | undefined>

/** How much of a request body is read at most; the rest is dropped as Go's LimitReader would. */
export const maxBodyBytes = 5 * 1024 * 1024

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

const notFound: HttpReply = {
  status: 404,
  headers: { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' },
  body: '404 page not found\n',
}

/** Starts an HTTP server on 127.0.0.1 that dispatches to `routes` in order. */
export async function startHttpServer(opts: {
  port: number
  nodeID: string
  routes: Route[]
}): Promise<{ server: Server; port: number; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    void handle(req, res)
  })
  async function handle(req: IncomingMessage, res: ServerResponse) {
    let reply: HttpReply
    try {
      const { body, bytes } = await readBody(req)
      reply = notFound
      for (const route of opts.routes) {
        const r = await route(req, body, bytes)
        if (r) {
          reply = r
          break
        }
      }
    } catch (e) {
      reply = {
        status: 500,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body: `devnet internal error: ${(e as Error).message}\n`,
      }
    }
    if (res.destroyed) return
    res.statusCode = reply.status
    res.setHeader('node-id', opts.nodeID)
    for (const [k, v] of Object.entries(reply.headers)) res.setHeader(k, v)
    res.setHeader('content-length', Buffer.byteLength(reply.body))
    res.end(reply.body)
  }
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
