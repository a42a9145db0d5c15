/**
 * The fault suite: for each way a node or the network can misbehave, the chain methods
 * (`feeConfig`, `getChainConfig`) and the Info methods (`getNodeVersion`, `peers`) are
 * called through viem (`http` and `subnetHttp`, with `subnetActions()` and `infoActions()`)
 * and through ethers (`SubnetProvider`, its `info`, and `InfoClient`), and each call must
 * raise the error documented in docs/errors.md, within the configured timeout (times the
 * attempts, for viem's retries) plus a margin, with at most retryCount + 1 requests, and
 * without an unhandled rejection. Loopback only.
 *
 * `FAULT_FIGURES=1 npx vitest run test/fault` prints the time to error and the request count
 * of every call.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { FetchRequest, isError } from 'ethers'
import { createPublicClient, http, HttpRequestError, ResponseBodyTooLargeError, TimeoutError } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NodeRpcError, ResponseShapeError, SubnetRpcError } from '../../src/errors/index.js'
import { InfoClient, SubnetProvider } from '../../src/ethers/index.js'
import { infoActions, subnetActions, subnetHttp } from '../../src/viem/index.js'
import { bootstrappingText, faults, startFaultServer, type Fault, type FaultServer } from './server.js'

/** The client settings under test. */
const T = 300 // timeout, ms
const R = 2 // viem retryCount
const D = 10 // viem retryDelay, ms (viem waits D·2^i before retry i+1)

type ViemOutcome = 'shape' | 'http' | 'timeout' | 'tooLarge' | 'node' | 'value'
type EthersOutcome = 'shape' | 'server' | 'timeout' | 'socket' | 'value'

type Case = {
  /** What viem raises (for both `http` and `subnetHttp`), and whether viem retries it. */
  viem: ViemOutcome
  viemRetries: boolean
  ethers: EthersOutcome
  /** The HTTP status of `http` / `server` outcomes. */
  status?: number
  /** The status of ethers' SERVER_ERROR when it differs from `status`. */
  ethersStatus?: number
  /** The `path` of a ResponseShapeError. */
  path?: { viem?: string; ethers?: string }
  /** Requests ethers sends (default 1: ethers retries only a 429). */
  ethersRequests?: number
  /** The socket error code of an ethers `socket` outcome. */
  code?: string
  /** Settings that differ from T and R for this fault. */
  timeout?: number
  /** The ethers clients' timeout, when it differs from `timeout`. */
  ethersTimeout?: number
  retryCount?: number
  /** Run the calls one after another (20 MiB bodies) instead of all at once. */
  sequential?: boolean
}

/**
 * A 20 MiB reply, with or without a content-length. viem stops reading at its 10 MiB limit; ethers has no limit: it
 * reads, parses and rejects the shape. ethers' Node fetch (utils/geturl.js) grows the body by copying all of it on
 * every chunk, so reading 20 MiB takes 1.2–9.4 s of CPU here (11.1 s once in a full test run, past a 10 s timeout):
 * its timeout leaves room for that.
 */
const hugeReply: Case = {
  viem: 'tooLarge',
  viemRetries: true,
  ethers: 'shape',
  path: { ethers: '$' },
  timeout: 10_000,
  ethersTimeout: 30_000,
  sequential: true,
}

/** The documented outcome of each fault (docs/errors.md, "Faults and the errors they raise"). */
const cases: Record<Fault | 'refused', Case> = {
  truncated: { viem: 'shape', viemRetries: true, ethers: 'shape', path: { viem: '$', ethers: '$' } },
  html502: { viem: 'http', viemRetries: true, ethers: 'server', status: 502 },
  bootstrapping503: { viem: 'http', viemRetries: true, ethers: 'server', status: 503 },
  retryAfter503: { viem: 'http', viemRetries: true, ethers: 'server', status: 503, retryCount: 1 },
  notFound404: { viem: 'http', viemRetries: false, ethers: 'server', status: 404 },
  tooLarge413: { viem: 'http', viemRetries: true, ethers: 'server', status: 413 },
  unsupported415: { viem: 'http', viemRetries: false, ethers: 'server', status: 415 },
  // ethers' FetchRequest retries a 429 itself, up to 12 attempts, reading Retry-After as milliseconds;
  // then it escalates to its own status 599.
  tooMany429: { viem: 'http', viemRetries: true, ethers: 'server', status: 429, ethersStatus: 599, ethersRequests: 12, retryCount: 1 },
  empty200: { viem: 'shape', viemRetries: true, ethers: 'shape', path: { viem: '$', ethers: '$' } },
  slow: { viem: 'timeout', viemRetries: true, ethers: 'timeout' },
  stall: { viem: 'timeout', viemRetries: true, ethers: 'timeout' },
  drip: { viem: 'timeout', viemRetries: true, ethers: 'timeout' },
  reset: { viem: 'http', viemRetries: true, ethers: 'socket', code: 'ECONNRESET' },
  refused: { viem: 'http', viemRetries: true, ethers: 'socket', code: 'ECONNREFUSED' },
  // viem does not compare ids of single requests: the reply is taken as the answer.
  wrongId: { viem: 'value', viemRetries: false, ethers: 'shape', path: { ethers: '$.id' } },
  // viem reads `error` first and never exposes `result`: the node's error wins.
  resultAndError: { viem: 'node', viemRetries: false, ethers: 'shape', path: { ethers: '$' } },
  array: { viem: 'shape', viemRetries: false, ethers: 'shape', path: { viem: '$', ethers: '$' } },
  huge: hugeReply,
  hugeChunked: hugeReply,
}

type Method = 'feeConfig' | 'getChainConfig' | 'getNodeVersion' | 'peers'
type Call = { adapter: 'viem' | 'ethers'; client: string; method: Method; tag: string; run: () => Promise<unknown>; done?: () => void }

/** Every call of the matrix for one fault: 8 through viem, 6 through ethers. */
function calls(url: (tag: string) => string, c: Case): Call[] {
  const timeout = c.timeout ?? T
  const retryCount = c.retryCount ?? R
  const out: Call[] = []
  for (const [client, make] of [
    ['viem http', http],
    ['viem subnetHttp', subnetHttp],
  ] as const) {
    for (const method of ['feeConfig', 'getChainConfig', 'getNodeVersion', 'peers'] as const) {
      const tag = `${client.replace(' ', '-')}-${method}`
      const viem = createPublicClient({ transport: make(url(tag), { timeout, retryCount, retryDelay: D }) })
        .extend(subnetActions())
        .extend(infoActions())
      out.push({ adapter: 'viem', client, method, tag, run: () => viem[method]() })
    }
  }
  const request = (tag: string) => {
    const req = new FetchRequest(url(tag))
    req.timeout = c.ethersTimeout ?? timeout
    return req
  }
  for (const method of ['feeConfig', 'getChainConfig', 'getNodeVersion', 'peers'] as const) {
    const tag = `ethers-SubnetProvider-${method}`
    const provider = new SubnetProvider(request(tag), undefined, { staticNetwork: true })
    const run = () => (method === 'feeConfig' || method === 'getChainConfig' ? provider[method]() : provider.info[method]())
    const client = method === 'feeConfig' || method === 'getChainConfig' ? 'ethers SubnetProvider' : 'ethers provider.info'
    out.push({ adapter: 'ethers', client, method, tag, run, done: () => provider.destroy() })
  }
  for (const method of ['getNodeVersion', 'peers'] as const) {
    const tag = `ethers-InfoClient-${method}`
    const info = new InfoClient(request(tag))
    out.push({ adapter: 'ethers', client: 'ethers InfoClient', method, tag, run: () => info[method]() })
  }
  return out
}

/** The error (or value) a call settles with, and how long it took. */
async function settle(call: Call): Promise<{ error?: any; value?: unknown; ms: number }> {
  const start = performance.now()
  try {
    const value = await call.run()
    return { value, ms: performance.now() - start }
  } catch (error) {
    return { error, ms: performance.now() - start }
  } finally {
    call.done?.()
  }
}

function expectShape(e: any, method: string, path: string | undefined) {
  expect(e).toBeInstanceOf(ResponseShapeError)
  expect(e).toBeInstanceOf(SubnetRpcError)
  expect(e.method).toBe(method)
  if (path) expect(e.path).toBe(path)
}

const wire: Record<Method, string> = {
  feeConfig: 'eth_feeConfig',
  getChainConfig: 'eth_getChainConfig',
  getNodeVersion: 'info.getNodeVersion',
  peers: 'info.peers',
}

function expectViem(fault: string, c: Case, call: Call, r: { error?: any; value?: unknown }) {
  const e = r.error
  switch (c.viem) {
    case 'value':
      expect(e, `${call.tag} should resolve`).toBeUndefined()
      expect(r.value).toBeTypeOf('object')
      return
    case 'shape':
      expectShape(e, wire[call.method], c.path?.viem)
      // A body that is not JSON: viem's own error is kept as the cause.
      if (fault === 'truncated' || fault === 'empty200') expect(e.cause).toBeInstanceOf(HttpRequestError)
      return
    case 'http':
      expect(e).toBeInstanceOf(HttpRequestError)
      expect(e).not.toBeInstanceOf(SubnetRpcError)
      expect(e.status).toBe(c.status)
      if (c.status === 503) expect(e.details).toContain('not done bootstrapping')
      return
    case 'timeout':
      expect(e).toBeInstanceOf(TimeoutError)
      return
    case 'tooLarge':
      expect(e).toBeInstanceOf(ResponseBodyTooLargeError)
      return
    case 'node':
      expect(e).toBeInstanceOf(NodeRpcError)
      expect(e.code).toBe(-32000)
      expect(e.nodeMessage).toBe('boom')
      return
  }
}

function expectEthers(c: Case, call: Call, r: { error?: any; value?: unknown }) {
  const e = r.error
  switch (c.ethers) {
    case 'value':
      expect(e).toBeUndefined()
      return
    case 'shape':
      expectShape(e, wire[call.method], c.path?.ethers)
      return
    case 'server':
      expect(isError(e, 'SERVER_ERROR'), String(e)).toBe(true)
      expect(e).not.toBeInstanceOf(SubnetRpcError)
      expect(e.response.statusCode).toBe(c.ethersStatus ?? c.status)
      if (c.status === 503) expect(e.info.responseBody).toBe(bootstrappingText)
      return
    case 'timeout':
      expect(isError(e, 'TIMEOUT'), String(e)).toBe(true)
      return
    case 'socket':
      // ethers passes Node's socket error on as it is (JsonRpcProvider does the same).
      expect(e).toBeInstanceOf(Error)
      expect(e).not.toBeInstanceOf(SubnetRpcError)
      expect(e.code).toBe(c.code)
      return
  }
}

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown) => void unhandled.push(reason)
const figures: { fault: string; client: string; method: string; ms: number; requests: number | string; outcome: string }[] = []

let server: FaultServer
/** A URL nothing listens on: a port that was just released. */
let refusedBase: string

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled)
  server = await startFaultServer()
  server.slowMs = 4 * T * (R + 1)
  server.dripMs = Math.floor(T / 6)
  server.retryAfterS = 1
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  refusedBase = `http://127.0.0.1:${(probe.address() as AddressInfo).port}`
  await new Promise<void>((resolve) => probe.close(() => resolve()))
})

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled)
  await server?.close()
  if (process.env.FAULT_FIGURES) {
    const rows = figures.map((f) => `| ${f.fault} | ${f.client} | ${f.method} | ${f.outcome} | ${f.ms.toFixed(0)} | ${f.requests} |`)
    console.log(['| fault | client | method | outcome | ms | requests |', '|---|---|---|---|---|---|', ...rows].join('\n'))
  }
})

describe.each([...faults, 'refused' as const])('fault: %s', (fault) => {
  const c = cases[fault]
  // The huge replies: six ethers reads of 20 MiB one after another.
  it(`viem and ethers raise the documented error, in time, with bounded retries`, {
    timeout: c.ethersTimeout ? 240_000 : 60_000,
  }, async () => {
    const timeout = c.timeout ?? T
    const retryCount = c.retryCount ?? R
    const url = (tag: string) => (fault === 'refused' ? `${refusedBase}/refused/${tag}/ext/bc/C/rpc` : server.rpcUrl(fault, tag))
    const all = calls(url, c)
    const results = c.sequential ? [] : await Promise.all(all.map(settle))
    if (c.sequential) for (const call of all) results.push(await settle(call))

    for (const [i, call] of all.entries()) {
      const r = results[i]!
      const requests = fault === 'refused' ? 'n/a' : server.count(fault, call.tag)
      figures.push({
        fault,
        client: call.client,
        method: call.method,
        ms: r.ms,
        requests,
        outcome: r.error ? String(r.error.name === 'Error' ? r.error.code : r.error.name) : 'value',
      })
      const where = `${fault} / ${call.tag}`
      if (call.adapter === 'viem') {
        expectViem(fault, c, call, r)
        const attempts = c.viemRetries ? retryCount + 1 : 1
        // viem's backoff between attempts: D·2^i, or what a Retry-After header asks for.
        const waits =
          fault === 'retryAfter503' || fault === 'tooMany429' ? retryCount * server.retryAfterS * 1000 : D * (2 ** retryCount - 1)
        // "In time" is the error itself: a slow, stalled or trickling reply would have ended in a value or
        // a shape error, not the timeout; no upper bound on the clock, which a loaded machine stretches (bench/ has the figures).
        if (fault !== 'refused') expect(requests, `${where}: requests`).toBe(attempts)
        if (c.viem === 'timeout') expect(r.ms, `${where}: waited every attempt`).toBeGreaterThanOrEqual(attempts * timeout - 5)
        if (fault === 'retryAfter503' || fault === 'tooMany429')
          expect(r.ms, `${where}: honoured Retry-After`).toBeGreaterThanOrEqual(waits - 5)
      } else {
        expectEthers(c, call, r)
        if (fault !== 'refused') expect(requests, `${where}: requests`).toBe(c.ethersRequests ?? 1)
        const ethersTimeout = c.ethersTimeout ?? timeout
        if (c.ethers === 'timeout') expect(r.ms, `${where}: waited the timeout`).toBeGreaterThanOrEqual(ethersTimeout - 5)
      }
    }
  })
})

describe('SubnetProvider’s deadline covers the standard ethers methods too', () => {
  it('getBlockNumber over a trickling body: TIMEOUT after the request timeout, not after the whole body', { timeout: 10_000 }, async () => {
    const req = new FetchRequest(server.rpcUrl('drip', 'ethers-standard'))
    req.timeout = T
    // With the network given, ethers sends eth_blockNumber alone (no eth_chainId batched with it).
    const provider = new SubnetProvider(req, 99999, { staticNetwork: true })
    const start = performance.now()
    const e: any = await provider.getBlockNumber().catch((x: unknown) => x)
    const ms = performance.now() - start
    provider.destroy()
    // TIMEOUT, not the block number the whole body would have given: the deadline fired while it trickled in.
    expect(isError(e, 'TIMEOUT'), String(e)).toBe(true)
    expect(ms).toBeGreaterThanOrEqual(T - 5)
    expect(server.count('drip', 'ethers-standard')).toBe(1)
  })
})

describe('after every fault', () => {
  it('no unhandled rejection escaped, even once the server has closed the connections left open', { timeout: 10_000 }, async () => {
    await server.close()
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(unhandled).toEqual([])
  })
})
