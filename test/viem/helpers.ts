/**
 * Helpers of the viem adapter tests: a recording proxy in front of the devnet, a small
 * fake node for replies the devnet never sends, and an EIP-1193 provider backed by a URL.
 * All servers listen on 127.0.0.1 only.
 */
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll } from 'vitest'
import { parseJson } from '../../src/core/json/parse.js'

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
  /** Forgets what was recorded so far. */
  clear(): void
  close(): Promise<void>
}

/**
 * A proxy that records each request, then forwards it to `target()` (the devnet's base
 * URL) with any path prefix before `/ext/` and the query removed, and relays the reply.
 */
export async function startRecorder(target: () => string): Promise<Recorder> {
  const requests: Recorded[] = []
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req)
      const url = req.url ?? '/'
      requests.push({ method: req.method ?? '', url, headers: req.headers, body, json: tryJson(body) })
      const path = url.replace(/\?.*$/, '')
      const ext = path.indexOf('/ext/')
      const forwardPath = ext === -1 ? path : path.slice(ext)
      try {
        const reply = await fetch(target() + forwardPath, {
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
  const { port, close } = await listen(server)
  return { url: `http://127.0.0.1:${port}`, port, requests, clear: () => void requests.splice(0), close }
}

/** Starts a recorder for the enclosing test file. */
export function useRecorder(target: () => string): () => Recorder {
  let rec: Recorder | undefined
  beforeAll(async () => {
    rec = await startRecorder(target)
  })
  afterAll(async () => {
    await rec?.close()
  })
  return () => {
    if (!rec) throw new Error('recorder not started')
    return rec
  }
}

export type FakeReply = { result: unknown } | { error: { code: number; message: string; data?: unknown } } | { raw: string }

export type FakeNode = {
  url: string
  requests: Recorded[]
  /** What the node answers for a method (by request). */
  answer: (method: string, reply: FakeReply) => void
  close(): Promise<void>
}

/**
 * A tiny JSON-RPC server on every path: each method answers what `answer` set, so
 * replies of any shape can go over a real HTTP round trip. Unknown methods get -32601.
 */
export async function startFakeNode(): Promise<FakeNode> {
  const requests: Recorded[] = []
  const replies = new Map<string, FakeReply>()
  const server = createServer((req, res) => {
    void (async () => {
      const body = await readBody(req)
      const json = tryJson(body) as { id?: unknown; method?: string } | undefined
      requests.push({ method: req.method ?? '', url: req.url ?? '/', headers: req.headers, body, json })
      const id = JSON.stringify(json?.id ?? null)
      const reply = replies.get(json?.method ?? '')
      let text: string
      if (!reply) text = `{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"the method ${json?.method} does not exist/is not available"}}`
      else if ('raw' in reply) text = `{"jsonrpc":"2.0","id":${id},"result":${reply.raw}}`
      else if ('result' in reply) text = `{"jsonrpc":"2.0","id":${id},"result":${JSON.stringify(reply.result)}}`
      else text = `{"jsonrpc":"2.0","id":${id},"error":${JSON.stringify(reply.error)}}`
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(text)
    })()
  })
  const { port, close } = await listen(server)
  return { url: `http://127.0.0.1:${port}`, requests, answer: (m, r) => void replies.set(m, r), close }
}

/** The JSON-RPC error object a provider throws, as EIP-1193 describes it. */
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
  request: (args: { method: string; params?: unknown }) => Promise<unknown>
  /** Every request made so far. */
  calls: { method: string; params?: unknown }[]
}

/**
 * An EIP-1193 provider that posts each request to `url` and parses the body with
 * `parse` (default `JSON.parse`, as wallets and most providers do).
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

/** Calls `method` on `url` with raw fetch and returns the `result` (lossless parse), or throws the error object. */
export async function rawResult(url: string, method: string, params?: unknown): Promise<any> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) }),
  })
  const reply = parseJson(await res.text()) as { result?: unknown; error?: unknown }
  if (reply.error) throw Object.assign(new Error('rpc error'), { rpc: reply.error })
  return reply.result
}

/** Sends a JSON-RPC call with raw params text and returns the parsed reply. */
export async function rawCall(url: string, method: string, paramsText?: string): Promise<{ result?: any; error?: { code: number; message: string } }> {
  const p = paramsText === undefined ? '' : `,"params":${paramsText}`
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: `{"jsonrpc":"2.0","id":1,"method":${JSON.stringify(method)}${p}}` })
  return parseJson(await res.text()) as { result?: any; error?: { code: number; message: string } }
}

/** Every JSON number in `v` as bigint, recursively (the chain side: all its integers are uint64 or *big.Int). */
export function numbersToBigint(v: unknown): any {
  if (typeof v === 'number') return BigInt(v)
  if (Array.isArray(v)) return v.map(numbersToBigint)
  if (v && typeof v === 'object' && !(v instanceof Date) && typeof v !== 'bigint') {
    const out: Record<string, unknown> = {}
    for (const [k, x] of Object.entries(v)) out[k] = numbersToBigint(x)
    return out
  }
  return v
}

/** Expected result of each Info action, computed from the devnet's raw reply by the wire rules of spec §2. */
export const expectedInfo = {
  acps: (raw: any) => ({
    acps: Object.fromEntries(
      Object.entries(raw.acps as Record<string, any>).map(([k, v]) => [
        k,
        { ...v, supportWeight: BigInt(v.supportWeight), objectWeight: BigInt(v.objectWeight), abstainWeight: BigInt(v.abstainWeight) },
      ]),
    ),
  }),
  getNodeVersion: (raw: any) => ({ ...raw, rpcProtocolVersion: Number(raw.rpcProtocolVersion) }),
  getTxFee: (raw: any) => Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, BigInt(v as string)])),
  peers: (raw: any) => ({
    numPeers: Number(raw.numPeers),
    peers: (raw.peers as any[]).map((p) => ({
      ...p,
      upgradeTime: BigInt(p.upgradeTime),
      lastSent: new Date(p.lastSent),
      lastReceived: new Date(p.lastReceived),
      observedUptime: Number(p.observedUptime),
      supportedACPs: p.supportedACPs.map(Number),
      objectedACPs: p.objectedACPs.map(Number),
    })),
  }),
  upgrades: (raw: any) =>
    Object.fromEntries(
      Object.entries(raw).map(([k, v]) => [
        k,
        k.endsWith('Time') ? new Date(v as string) : k === 'apricotPhase4MinPChainHeight' || k === 'graniteEpochDuration' ? BigInt(v as number) : v,
      ]),
    ),
  uptime: (raw: any) => ({ rewardingStakePercentage: Number(raw.rewardingStakePercentage), weightedAveragePercentage: Number(raw.weightedAveragePercentage) }),
}
