/**
 * A minimal loopback JSON-RPC server for the per-call benchmark: it answers each method
 * with a fixed, recorded body (the request's id spliced in), so its own time per request is
 * constant and the same for every client. Listens on 127.0.0.1 only. Runs in a worker
 * thread, so its work does not share the clients' event loop.
 */
import { createServer } from 'node:http'
import { parentPort, workerData } from 'node:worker_threads'

const envelopeHead = '{"jsonrpc":"2.0","id":1,'

// Each body split around its id, once: `{"jsonrpc":"2.0","id":` + id + `,"result":…}`.
const byMethod = new Map(
  Object.entries(workerData).map(([method, body]) => {
    if (!body.startsWith(envelopeHead)) throw new Error(`bench body for ${method} does not start with ${envelopeHead}`)
    return [method, { head: Buffer.from('{"jsonrpc":"2.0","id":'), tail: Buffer.from(body.slice(envelopeHead.length - 1)) }]
  }),
)
const methodPattern = /"method"\s*:\s*"([^"]+)"/
const idPattern = /"id"\s*:\s*("[^"]*"|\d+)/

const server = createServer((req, res) => {
  const chunks = []
  req.on('data', (c) => chunks.push(c))
  req.on('end', () => {
    const text = Buffer.concat(chunks).toString()
    const method = methodPattern.exec(text)?.[1] ?? ''
    // Echo the request id so every client accepts the reply.
    const id = idPattern.exec(text)?.[1] ?? '1'
    const body = byMethod.get(method)
    const out = body
      ? Buffer.concat([body.head, Buffer.from(id), body.tail])
      : Buffer.from(`{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"the method ${method} does not exist/is not available"}}`)
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': out.length })
    res.end(out)
  })
})
server.keepAliveTimeout = 60_000
server.listen(0, '127.0.0.1', () => parentPort.postMessage(server.address().port))
parentPort.on('message', (m) => {
  if (m === 'close') server.close(() => process.exit(0))
})
