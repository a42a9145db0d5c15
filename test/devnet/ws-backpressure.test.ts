/**
 * WebSocket back-pressure (issue 33): a client that stops reading is disconnected instead of having every
 * notification queued for it, and the other clients keep being served. Bounds here are generous (a shared
 * two-core machine); the figures are bench/ws-backpressure.ts's (`npm run bench:ws`).
 */
import { randomBytes } from 'node:crypto'
import { connect, type Socket } from 'node:net'
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startHttpServer } from '../../packages/devnet/src/http/server.js'
import { webSocketEndpoint } from '../../packages/devnet/src/l1/pubsub/websocket.js'
import { useDevnet } from '../helpers/devnet.js'

const devnet = useDevnet({ seed: 'ws-backpressure' })

/** A client frame (masked, as RFC 6455 requires of clients). */
function frame(text: string): Buffer {
  const payload = Buffer.from(text)
  const mask = randomBytes(4)
  const len = payload.length
  const head = len < 126 ? Buffer.from([0x81, 0x80 | len]) : Buffer.from([0x81, 0x80 | 126, len >> 8, len & 0xff])
  for (let i = 0; i < len; i++) payload[i]! ^= mask[i % 4]!
  return Buffer.concat([head, mask, payload])
}

/** A raw WebSocket client that sends `messages`, reads `replies` answers, then stops reading. */
async function stopsReading(wsUrl: string, messages: string[], replies: number): Promise<Socket> {
  const { hostname, port, pathname } = new URL(wsUrl)
  const socket = connect(Number(port), hostname)
  await new Promise((r) => socket.once('connect', r))
  socket.write(
    `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  )
  let seen = 0
  await new Promise<void>((resolve) => {
    socket.on('data', (d: Buffer) => {
      seen += d.toString('latin1').split('"result":').length - 1
      if (seen >= replies) resolve()
    })
    for (const m of messages) socket.write(frame(m))
  })
  socket.removeAllListeners('data')
  socket.pause()
  return socket
}

/** Reads what the kernel holds for a paused socket: resolves with the bytes and whether the server hung up. */
function drain(socket: Socket, ms: number): Promise<{ closed: boolean; bytes: number }> {
  let bytes = 0
  return new Promise((resolve) => {
    socket.on('data', (d: Buffer) => (bytes += d.length))
    socket.once('close', () => resolve({ closed: true, bytes }))
    socket.resume()
    setTimeout(() => resolve({ closed: false, bytes }), ms)
  })
}

async function call(method: string, params: unknown[] = []) {
  const res = await fetch(devnet().rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await res.json()) as { result?: unknown }
}

describe('a client that stops reading', () => {
  it('with 500 newHeads subscriptions: disconnected within 40 blocks, RSS bounded, others served', { timeout: 90_000 }, async () => {
    const subs = 500
    const subscribe = Array.from({ length: subs }, (_, i) => `{"jsonrpc":"2.0","id":${i},"method":"eth_subscribe","params":["newHeads"]}`)
    const bad = await stopsReading(devnet().wsUrl, subscribe, subs)
    const rssBefore = process.memoryUsage().rss
    let peak = rssBefore
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)

    // Another client that reads: it sees every head.
    const good = new WebSocket(devnet().wsUrl)
    await new Promise((r) => good.once('open', r))
    const heads: string[] = []
    good.on('message', (d: Buffer) => {
      const m = JSON.parse(d.toString()) as { params?: { result: { number: string } } }
      if (m.params) heads.push(m.params.result.number)
    })
    good.send('{"jsonrpc":"2.0","id":1,"method":"eth_subscribe","params":["newHeads"]}')
    await new Promise((r) => good.once('message', r))

    // 40 blocks (20,000 notifications for the stalled client, some 36 MB), and an HTTP call after each.
    const latencies: number[] = []
    for (let i = 0; i < 40; i++) {
      await call('evm_mine')
      const t0 = performance.now()
      expect((await call('eth_blockNumber')).result).toMatch(/^0x/)
      latencies.push(performance.now() - t0)
    }
    await new Promise((r) => setTimeout(r, 300))
    clearInterval(sampler)

    const { closed, bytes } = await drain(bad, 10_000)
    expect(closed, 'the devnet hung up on the client that stopped reading').toBe(true)
    // It was sent what its kernel buffers took, not all 36 MB.
    expect(bytes).toBeLessThan(30 * 1024 * 1024)
    expect(peak - rssBefore, 'RSS rise').toBeLessThan(150 * 1024 * 1024)
    expect(Math.max(...latencies), 'the slowest HTTP call meanwhile (ms)').toBeLessThan(2_000)
    expect(heads).toHaveLength(40)
    good.close()
  })
})

describe('the write deadline', () => {
  it("a message not written within the deadline ends the connection (the node's 10 s; 300 ms here)", { timeout: 30_000 }, async () => {
    // The endpoint alone, its notifications 64 KiB each: one every 20 ms once the first reply is written.
    const big = `"${'x'.repeat(64 * 1024)}"`
    const drops: string[] = []
    const endpoint = webSocketEndpoint(
      new Set(['/ws']),
      (send) => {
        let timer: NodeJS.Timeout | undefined
        return {
          execute: async (calls) => calls.map(() => ({ result: 'true' })),
          afterReply: () => {
            timer ??= setInterval(() => send(big), 20)
          },
          close: () => clearInterval(timer),
        }
      },
      { writeTimeoutMs: 300, maxQueuedBytes: 1024 * 1024 * 1024, onDrop: (reason) => drops.push(reason) },
    )
    const http = await startHttpServer({ port: 0, nodeID: 'NodeID-test', routes: [endpoint.http], upgrades: [endpoint.upgrade] })
    try {
      const socket = await stopsReading(`ws://127.0.0.1:${http.port}/ws`, ['{"jsonrpc":"2.0","id":1,"method":"x"}'], 1)
      const until = Date.now() + 20_000
      while (drops.length === 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 50))
      expect(drops).toEqual(['a message was not written within 0.3 s'])
      expect((await drain(socket, 10_000)).closed).toBe(true)
    } finally {
      endpoint.close()
      await http.close()
    }
  })
})
