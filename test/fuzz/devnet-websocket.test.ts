/**
 * The devnet's WebSocket endpoint takes 2,000 random and mutated frames (fixed seed): every reply is one JSON value
 * and a newline, a connection ends only after the -32700 of a frame that is not JSON (or, without a reply, after an
 * empty or cut-off one), and the devnet answers as before afterwards. Subscriptions made on the way are ended with
 * their connection.
 */
import fc from 'fast-check'
import { expect, it } from 'vitest'
import WebSocket from 'ws'
import { rpc, useSharedDevnet } from '../helpers/devnet.js'

const devnet = useSharedDevnet()
const total = Number(process.env.FUZZ_FRAMES ?? 2_000)
const seed = Number(process.env.FUZZ_SEED ?? 515151)

const json = fc.jsonValue({ maxDepth: 3 })
const method = fc.constantFrom(
  'eth_subscribe',
  'eth_unsubscribe',
  'foo_subscribe',
  'eth_chainId',
  'eth_feeConfig',
  'eth_getActiveRulesAt',
  'eth_getLogs',
  'eth_nope',
  '',
)
const subscribeParams = fc.oneof(
  fc.tuple(fc.constantFrom('newHeads', 'logs', 'newPendingTransactions', 'newAcceptedTransactions', 'x'), json),
  fc.tuple(
    fc.constant('logs'),
    fc.record({ address: json, topics: json, fromBlock: json, toBlock: json, blockHash: json }, { requiredKeys: [] }),
  ),
  fc.array(json, { maxLength: 3 }),
  json,
)
const call = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('1.0')),
    id: fc.oneof(fc.integer(), fc.string({ maxLength: 6 }), fc.constant(null)),
    method,
    params: subscribeParams,
  },
  { requiredKeys: [] },
)
const frame = fc.oneof(
  { weight: 6, arbitrary: call.map((c) => JSON.stringify(c)) },
  { weight: 2, arbitrary: fc.array(call, { maxLength: 4 }).map((b) => JSON.stringify(b)) },
  { weight: 1, arbitrary: json.map((v) => JSON.stringify(v) ?? '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: call.map((c) => JSON.stringify(c).slice(0, -2)) },
  { weight: 1, arbitrary: call.map((c) => `${JSON.stringify(c)} trailing`) },
)

type Connection = { ws: WebSocket; frames: string[]; closed: boolean; wake: () => void }

async function connect(url: string): Promise<Connection> {
  const ws = new WebSocket(url)
  const c: Connection = { ws, frames: [], closed: false, wake: () => {} }
  ws.on('message', (d: Buffer) => {
    c.frames.push(d.toString('utf8'))
    c.wake()
  })
  ws.on('close', () => {
    c.closed = true
    c.wake()
  })
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve())
    ws.once('error', reject)
  })
  return c
}

/** Waits until `done` holds, the connection closed, or 5 s passed. */
async function until(c: Connection, done: () => boolean): Promise<void> {
  const deadline = Date.now() + 5_000
  while (!done() && !c.closed && Date.now() < deadline)
    await new Promise<void>((resolve) => {
      c.wake = resolve
      setTimeout(resolve, 50)
    })
}

it(`answers ${total} random frames as a node would, and stays up`, { timeout: 120_000 }, async () => {
  const frames = fc.sample(frame, { numRuns: total, seed })
  let c = await connect(devnet().wsUrl)
  let closes = 0
  for (const [i, text] of frames.entries()) {
    const start = c.frames.length
    c.ws.send(text)
    // Messages are answered in order: the sentinel's reply comes after whatever this frame gets.
    const sentinel = `"sentinel-${i}"`
    c.ws.send(`{"jsonrpc":"2.0","id":${sentinel},"method":"eth_chainId"}`)
    await until(c, () => c.frames.slice(start).some((f) => f.includes(sentinel)))
    const replies = c.frames.slice(start).filter((f) => !f.includes('"eth_subscription"'))
    for (const reply of replies) {
      expect(reply.endsWith('\n'), text).toBe(true)
      const value = JSON.parse(reply) as { jsonrpc?: string } | { jsonrpc?: string }[]
      for (const message of Array.isArray(value) ? value : [value]) expect(message.jsonrpc, text).toBe('2.0')
    }
    if (c.closed) {
      closes++
      // Closed by this frame: only a -32700 may have come first, and the sentinel was never read.
      expect(
        replies.every((r) => r.includes('"code":-32700')),
        text,
      ).toBe(true)
      c = await connect(devnet().wsUrl)
    } else expect(replies.at(-1), text).toBe(`{"jsonrpc":"2.0","id":${sentinel},"result":"0x1869f"}\n`)
  }
  c.ws.terminate()
  console.log(`websocket fuzz: ${total} frames, ${closes} connections ended by a frame that was not JSON`)
  expect(closes).toBeGreaterThan(0)
  expect(JSON.parse((await rpc(devnet().rpcUrl, 'eth_chainId', '[]')).body).result).toBe('0x1869f')
})
