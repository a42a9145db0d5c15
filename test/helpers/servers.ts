/**
 * Servers and providers the adapter tests share: a recording proxy in front of the devnet,
 * a tiny fake node for replies the devnet never sends, and an EIP-1193 object backed by a
 * URL. All servers listen on 127.0.0.1 only.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http'
import { connect, type AddressInfo } from 'node:net'
import type { Duplex } from 'node:stream'
import { afterAll, beforeAll } from 'vitest'
import { parseJson } from '../../src/core/json/parse.js'

export const BIG = 9_007_199_254_740_993n

/** A fee config with minBaseFee 2^53 + 1, as raw JSON text (the number unquoted, as a node sends it). */
export const bigFeeJson =
  '{"gasLimit":8000000,"targetBlockRate":2,"minBaseFee":9007199254740993,"targetGas":15000000,"baseFeeChangeDenominator":36,"minBlockGasCost":0,"maxBlockGasCost":1000000,"blockGasCostStep":200000}'

/** One connected peer whose `upgradeTime` is 2^53 + 1: an Info value that must stay exact. */
export const bigPeer = {
  nodeID: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
  ip: '127.0.0.1:9653',
  publicIP: '127.0.0.1:9653',
  version: 'avalanchego/1.14.2',
  upgradeTime: BIG,
  weight: 1n,
  observedUptime: 100,
  trackedSubnets: [],
  supportedACPs: [],
  objectedACPs: [],
  benched: [],
  lastSentAgo: 1,
  lastReceivedAgo: 1,
}

/** anvil's first dev account, the FeeManager admin of the built-in L1. */
export const DEV_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

export type Recorded = {
  method: string
  /** Path and query exactly as received. */
  url: string
  headers: IncomingHttpHeaders
  /** Raw body text. */
  body: string
  /** The body parsed (undefined when empty or not JSON). */
  json: unknown
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

function tryJson(text: string): unknown {
  try {
    return text === '' ? undefined : JSON.parse(text)
  } catch {
    return undefined
  }
}

async function listen(server: Server): Promise<{ port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.address() as AddressInfo).port
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

export type Recorder = {
  /** `http://127.0.0.1:<port>` */
  url: string
  port: number
  requests: Recorded[]
  /** Requests whose path is `…/ext/info`. */
  info(): Recorded[]
  /** Requests whose path is `…/ext/bc/…`. */
  chain(): Recorded[]
  clear(): void
  close(): Promise<void>
}

/**
 * A recording proxy: records method, URL, headers and body of each request, then posts the
 * body with fetch to the devnet (`target()` is its base URL) at the same path minus any
 * prefix before `/ext/` and minus the query, and answers with the devnet's status and body.
 */
export async function startRecorder(target: () => string, webSocketTarget?: () => string): Promise<Recorder> {
  const requests: Recorded[] = []
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req)
      const url = req.url ?? '/'
      requests.push({ method: req.method ?? '', url, headers: req.headers, body, json: tryJson(body) })
      const path = url.replace(/\?.*$/, '')
      const ext = path.indexOf('/ext/')
      try {
        const reply = await fetch(target() + (ext === -1 ? path : path.slice(ext)), {
          method: req.method,
          headers: { 'content-type': req.headers['content-type'] ?? 'application/json' },
          body: req.method === 'GET' || req.method === 'HEAD' ? undefined : body,
        })
        const text = await reply.text()
        res.writeHead(reply.status, { 'content-type': reply.headers.get('content-type') ?? 'application/json' })
        res.end(text)
      } catch (e) {
        res.writeHead(502, { 'content-type': 'text/plain' })
        res.end(String(e))
      }
    })()
  })
  // WebSocket upgrades, recorded too, are piped byte for byte to `webSocketTarget` (anvil's ws, at its root path).
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    requests.push({ method: 'UPGRADE', url: req.url ?? '/', headers: req.headers, body: '', json: undefined })
    if (!webSocketTarget) return void socket.destroy()
    const to = new URL(webSocketTarget())
    const upstream = connect(Number(to.port), to.hostname, () => {
      const headers = Object.entries(req.headers).map(([k, v]) => `${k}: ${k === 'host' ? to.host : String(v)}`)
      upstream.write(`GET / HTTP/1.1\r\n${headers.join('\r\n')}\r\n\r\n`)
      upstream.write(head)
      socket.pipe(upstream).pipe(socket)
    })
    upstream.on('error', () => socket.destroy())
    socket.on('error', () => upstream.destroy())
    sockets.add(socket).add(upstream)
  })
  const sockets = new Set<Duplex>()
  const { port, close: closeServer } = await listen(server)
  const close = async () => {
    for (const s of sockets) s.destroy()
    await closeServer()
  }
  const pathOf = (r: Recorded) => r.url.replace(/\?.*$/, '')
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    info: () => requests.filter((r) => pathOf(r).endsWith('/ext/info')),
    chain: () => requests.filter((r) => pathOf(r).includes('/ext/bc/')),
    clear: () => void requests.splice(0),
    close,
  }
}

/** Starts a recorder for the enclosing test file. */
export function useRecorder(target: () => string, webSocketTarget?: () => string): () => Recorder {
  let rec: Recorder | undefined
  beforeAll(async () => {
    rec = await startRecorder(target, webSocketTarget)
  })
  afterAll(async () => {
    await rec?.close()
  })
  return () => {
    if (!rec) throw new Error('recorder not started')
    return rec
  }
}

export type FakeReply =
  | { result: unknown }
  | { error: { code: number; message: string; data?: unknown } }
  | { rawResult: string }
  | { body: string; status?: number }

export type FakeNode = {
  url: string
  requests: Recorded[]
  /** What the server answers for a method. */
  answer(method: string, reply: FakeReply): void
  close(): Promise<void>
}

/**
 * A tiny JSON-RPC server on every path. `eth_chainId` answers 99999 unless set; other
 * methods answer what `answer` set, or the node's -32601. Batches are answered element-wise.
 */
export async function startFakeNode(): Promise<FakeNode> {
  const requests: Recorded[] = []
  const replies = new Map<string, FakeReply>([['eth_chainId', { result: '0x1869f' }]])
  const one = (call: { id?: unknown; method?: string } | undefined): { text: string; status: number } => {
    const id = JSON.stringify(call?.id ?? null)
    const reply = replies.get(call?.method ?? '')
    if (!reply)
      return {
        status: 200,
        text: `{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"the method ${call?.method} does not exist/is not available"}}`,
      }
    if ('body' in reply) return { status: reply.status ?? 200, text: reply.body }
    if ('rawResult' in reply) return { status: 200, text: `{"jsonrpc":"2.0","id":${id},"result":${reply.rawResult}}` }
    if ('result' in reply) return { status: 200, text: `{"jsonrpc":"2.0","id":${id},"result":${JSON.stringify(reply.result)}}` }
    return { status: 200, text: `{"jsonrpc":"2.0","id":${id},"error":${JSON.stringify(reply.error)}}` }
  }
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req)
      const json = tryJson(body) as any
      requests.push({ method: req.method ?? '', url: req.url ?? '/', headers: req.headers, body, json })
      let out: { text: string; status: number }
      if (Array.isArray(json)) out = { status: 200, text: `[${json.map((c) => one(c).text).join(',')}]` }
      else out = one(json)
      res.writeHead(out.status, { 'content-type': 'application/json' })
      res.end(out.text)
    })()
  })
  const { port, close } = await listen(server)
  return { url: `http://127.0.0.1:${port}`, requests, answer: (m, r) => void replies.set(m, r), close }
}

/** Starts a fake node for the enclosing test file. */
export function useFakeNode(): () => FakeNode {
  let node: FakeNode | undefined
  beforeAll(async () => {
    node = await startFakeNode()
  })
  afterAll(async () => {
    await node?.close()
  })
  return () => {
    if (!node) throw new Error('fake node not started')
    return node
  }
}

/** The error an EIP-1193 provider throws (`code`, `message`, `data`). */
export class ProviderRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

export type Eip1193 = {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  /** Every request made so far. */
  calls: { method: string; params?: unknown }[]
}

/**
 * A small EIP-1193 object: each `request({ method, params })` is POSTed to `url()` with
 * fetch and the body parsed with `JSON.parse` (as wallets do) unless another parse is given.
 */
export function eip1193(url: () => string, parse: (text: string) => unknown = JSON.parse): Eip1193 {
  const calls: Eip1193['calls'] = []
  let id = 0
  return {
    calls,
    async request({ method, params }) {
      calls.push({ method, params })
      const res = await fetch(url(), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params: params ?? [] }),
      })
      const reply = parse(await res.text()) as { result?: unknown; error?: { code: number; message: string; data?: unknown } }
      if (reply.error) throw new ProviderRpcError(reply.error.code, reply.error.message, reply.error.data)
      return reply.result
    },
  }
}

/** Sends a JSON-RPC call with raw params text and returns the reply, parsed losslessly. */
export async function rawCall(
  url: string,
  method: string,
  paramsText?: string,
): Promise<{ result?: any; error?: { code: number; message: string } }> {
  const p = paramsText === undefined ? '' : `,"params":${paramsText}`
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: `{"jsonrpc":"2.0","id":1,"method":${JSON.stringify(method)}${p}}`,
  })
  return parseJson(await res.text()) as { result?: any; error?: { code: number; message: string } }
}

/** The `result` of a call (params as a value), or throws with the node's error. */
export async function rawResult(url: string, method: string, params?: unknown): Promise<any> {
  const r = await rawCall(url, method, params === undefined ? undefined : JSON.stringify(params))
  if (r.error) throw Object.assign(new Error(`rpc error ${r.error.code}: ${r.error.message}`), { rpc: r.error })
  return r.result
}

/** Every JSON number in `v` as bigint, recursively (every integer on the chain side is a uint64 or *big.Int). */
export function numbersToBigint(v: unknown): any {
  if (typeof v === 'number') return BigInt(v)
  if (Array.isArray(v)) return v.map(numbersToBigint)
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, numbersToBigint(x)]))
  return v
}

/** What `p` rejects with (fails the test when it resolves). */
export async function rejection(p: Promise<unknown>): Promise<any> {
  return p.then(
    (v) => {
      throw new Error(`expected a rejection, got ${String(v)}`)
    },
    (e: unknown) => e,
  )
}
