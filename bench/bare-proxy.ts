/**
 * A bare keep-alive forwarding proxy to an anvil, the floor for any forwarder written in Node: a node:http server on
 * 127.0.0.1 that posts each request's body to anvil over the devnet's own keep-alive client (../packages/devnet
 * `AnvilClient`) and returns the reply, nothing else. `inspect` sees each body before it goes (a reference that adds
 * one piece of the devnet's work, such as sender recovery). Used by ./forwarding.ts, ./forwarding-cpu.ts and
 * ./proxy-process.ts.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { AnvilClient } from '../packages/devnet/src/l1/anvilClient.js'

export async function startBareProxy(anvilUrl: string, inspect?: (body: string) => void): Promise<{ url: string; close: () => void }> {
  const upstream = new AnvilClient(anvilUrl)
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      inspect?.(body)
      void upstream.post(body).then((text) => {
        res.setHeader('content-type', 'application/json')
        res.end(text)
      })
    })
  })
  proxy.keepAliveTimeout = 60_000
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => {
      proxy.close()
      upstream.close()
    },
  }
}
