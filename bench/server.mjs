/**
 * A minimal loopback JSON-RPC server for the per-call benchmark: it answers each method
 * with a fixed, real-shaped body, so its own time per request is constant. Runs in a
 * worker thread, so its work does not share the clients' event loop.
 */
import { createServer } from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

const bodies = workerData
const byMethod = new Map(Object.entries(bodies).map(([m, b]) => [m, Buffer.from(b)]))
const methodPattern = /"method"\s*:\s*"([^"]+)"/

const server = createServer((req, res) => {
  const chunks = []
  req.on('data', (c) => chunks.push(c))
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString()
    const method = methodPattern.exec(text)?.[1] ?? ''
    // Echo the request id so every client accepts the reply.
    const id = /"id"\s*:\s*("[^"]*"|\d+)/.exec(text)?.[1] ?? '1'
    const body = byMethod.get(method)
    const out = body ? Buffer.from(body.toString().replace('"id":1', `"id":${id}`)) : Buffer.from(`{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"the method ${method} does not exist/is not available"}}`)
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': out.length })
    res.end(out)
  })
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port))
parentPort.on('message', (m) => {
  if (m === 'close') server.close(() => process.exit(0))
})
