/**
 * WebSocket back-pressure (issue 33): a client that never reads, with 1,000 `newHeads` subscriptions, while
 * 150 blocks are mined. The devnet runs as its own process (the command line from source), so its RSS is its
 * own (/proc/<pid>/status). Prints:
 * - the devnet's RSS before, at its peak, and after the client left; whether and when the client was cut off;
 * - other clients' latency meanwhile: HTTP calls (p50, p99, max) and a reading WebSocket client's heads;
 * - what 1,000 subscriptions cost per block: the delay from a block's mining to its 1,000th notification on a
 *   client that reads, against one subscription.
 *
 *   npm run bench:ws
 *   SUBS=2000 BLOCKS=300 PACE_MS=50 npm run bench:ws
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { connect, type Socket } from 'node:net'
import { randomBytes } from 'node:crypto'
import WebSocket from 'ws'
import { rpcCall } from './rpc.js'

const subs = Number(process.env.SUBS ?? 1000)
const blocks = Number(process.env.BLOCKS ?? 150)
/** A block every this many ms while the never-reading client is there (a node makes one every 2 s or so). */
const pace = Number(process.env.PACE_MS ?? 100)

const devnet = spawn(process.execPath, ['--import', 'tsx', 'packages/devnet/src/bin.ts', '--port', '0', '--seed', 'bench-ws'], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
const out = await new Promise<string>((resolve, reject) => {
  let text = ''
  devnet.stdout.on('data', (d: Buffer) => {
    text += d.toString()
    if (text.includes('Press Ctrl-C')) resolve(text)
  })
  devnet.on('exit', () => reject(new Error(`devnet exited: ${text}`)))
})
const url = /node +(\S+)/.exec(out)![1]!
const rpcUrl = `${url}/ext/bc/devnet/rpc`
const wsUrl = /L1 ws +(\S+)/.exec(out)![1]!
/** The size of one newHeads notification as the devnet writes it (a frame's header included), measured. */
let notificationBytes = 0
const rssMb = () => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${devnet.pid}/status`, 'utf8'))![1]) / 1024

const call = (method: string, params: unknown[] = []) => rpcCall(rpcUrl, method, params)

/** A client frame (masked, as RFC 6455 requires of clients) holding `text`. */
function frame(text: string): Buffer {
  const payload = Buffer.from(text)
  const mask = randomBytes(4)
  const len = payload.length
  const head = len < 126 ? Buffer.from([0x81, 0x80 | len]) : Buffer.from([0x81, 0x80 | 126, len >> 8, len & 0xff])
  for (let i = 0; i < len; i++) payload[i]! ^= mask[i % 4]!
  return Buffer.concat([head, mask, payload])
}

/** A raw client that subscribes `n` times, reads the replies, then never reads again. */
async function neverReader(n: number): Promise<Socket> {
  const { hostname, port, pathname } = new URL(wsUrl)
  const socket = connect(Number(port), hostname)
  await new Promise((r) => socket.once('connect', r))
  socket.write(
    `GET ${pathname} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
      `Sec-WebSocket-Key: ${randomBytes(16).toString('base64')}\r\nSec-WebSocket-Version: 13\r\n\r\n`,
  )
  let seen = ''
  let replies = 0
  await new Promise<void>((resolve) => {
    socket.on('data', (d: Buffer) => {
      seen = (seen + d.toString('latin1')).slice(-200_000)
      replies += d.toString('latin1').split('"result":"0x').length - 1
      if (replies >= n) resolve()
    })
    for (let i = 0; i < n; i++) socket.write(frame(`{"jsonrpc":"2.0","id":${i},"method":"eth_subscribe","params":["newHeads"]}`))
  })
  socket.removeAllListeners('data')
  socket.pause()
  return socket
}

/** A client that reads: `n` newHeads subscriptions; resolves each block's `n`th notification time. */
async function reader(n: number) {
  const ws = new WebSocket(wsUrl)
  await new Promise((r) => ws.once('open', r))
  const counts = new Map<string, number>()
  const full = new Map<string, number>()
  let replies = 0
  let ready: () => void
  const subscribed = new Promise<void>((r) => (ready = r))
  ws.on('message', (data: Buffer) => {
    const m = JSON.parse(data.toString()) as { id?: number; params?: { result: { number: string } } }
    if (m.id !== undefined) {
      if (++replies === n) ready()
      return
    }
    notificationBytes = data.length + 4
    const number = m.params!.result.number
    const c = (counts.get(number) ?? 0) + 1
    counts.set(number, c)
    if (c === n) full.set(number, performance.now())
  })
  for (let i = 0; i < n; i++) ws.send(`{"jsonrpc":"2.0","id":${i},"method":"eth_subscribe","params":["newHeads"]}`)
  await subscribed
  return { ws, full }
}

/** Mines `count` blocks one after the other; each block's number and when its mining call was sent. */
async function mine(count: number, paceMs = 0): Promise<Map<string, number>> {
  const mined = new Map<string, number>()
  for (let i = 0; i < count; i++) {
    if (paceMs > 0) await new Promise((r) => setTimeout(r, paceMs))
    const t0 = performance.now()
    await call('evm_mine')
    mined.set((await call('eth_blockNumber')) as string, t0)
  }
  return mined
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN
}
const delays = async (n: number, count: number) => {
  const r = await reader(n)
  const mined = await mine(count)
  await new Promise((res) => setTimeout(res, 500))
  r.ws.close()
  return [...mined].flatMap(([num, t]) => (r.full.has(num) ? [r.full.get(num)! - t] : []))
}

// Warm up (JIT, the first reads), then what 1 and `subs` subscriptions cost a block on a client that reads.
await delays(1, 10)
const one = await delays(1, 20)
const many = await delays(subs, 20)
await new Promise((r) => setTimeout(r, 2_000))
const baseline = rssMb()

// The never-reading client, other clients meanwhile, and the blocks.
const bad = await neverReader(subs)
let peak = rssMb()
const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 50)
let running = true
const httpLatencies: number[] = []
const httpClient = (async () => {
  while (running) {
    const t0 = performance.now()
    await call('eth_getBalance', ['0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC', 'latest'])
    httpLatencies.push(performance.now() - t0)
    await new Promise((r) => setTimeout(r, 20))
  }
})()
const good = await reader(1)
const mined = await mine(blocks, pace)
const headDelays = [...mined].flatMap(([num, t]) => (good.full.has(num) ? [good.full.get(num)! - t] : []))
running = false
await httpClient
good.ws.close()
clearInterval(sampler)
// A paused socket sees no close: it reads again, takes what the kernel holds, and sees whether the devnet hung up.
let received = 0
const hungUp = await new Promise<boolean>((resolve) => {
  bad.on('data', (d: Buffer) => (received += d.length))
  bad.once('close', () => resolve(true))
  bad.resume()
  setTimeout(() => resolve(false), 10_000)
})
bad.destroy()
await new Promise((r) => setTimeout(r, 5_000))
const after = rssMb()
devnet.kill('SIGINT')

const f = (x: number) => Math.round(x * 10) / 10
console.table({
  [`never-reading client, ${subs} newHeads, ${blocks} blocks`]: {
    'RSS before (MB)': f(baseline),
    'RSS peak (MB)': f(peak),
    'RSS rise (MB)': f(peak - baseline),
    'RSS 5 s after it left (MB)': f(after),
    'disconnected by the devnet': hungUp,
    'MB it had been sent': f(received / 1024 / 1024),
    'blocks of notifications': f(received / notificationBytes / subs),
  },
})
console.table({
  'other clients meanwhile (ms)': {
    'HTTP calls': httpLatencies.length,
    'HTTP p50': f(pct(httpLatencies, 50)),
    'HTTP p99': f(pct(httpLatencies, 99)),
    'HTTP max': f(Math.max(...httpLatencies)),
    'heads seen': headDelays.length,
    'head p50': f(pct(headDelays, 50)),
    'head p99': f(pct(headDelays, 99)),
  },
})
console.table({
  'mined → last notification on a reading client (ms)': {
    '1 subscription p50': f(pct(one, 50)),
    [`${subs} subscriptions p50`]: f(pct(many, 50)),
    [`${subs} subscriptions p99`]: f(pct(many, 99)),
    'added per block (p50)': f(pct(many, 50) - pct(one, 50)),
  },
})
