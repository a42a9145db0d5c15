/**
 * A minimal JSON-RPC client for the devnet's calls to anvil: its own requests and the calls it
 * forwards. One keep-alive connection pool over node:http: every forwarded call pays this hop,
 * and undici's `fetch` costs about 0.3 ms more per request than a plain keep-alive request.
 */
import { Agent, request } from 'node:http'
import { parseJson } from 'subnet-rpc'
import { findMember, scanFirstValue } from '../wire/goScanner.js'
import type { CallOutcome } from './rpc/envelope.js'

/** One call's reply as anvil wrote it: its id's, result's and error's JSON texts (undefined where absent). */
export type RawReply = { id?: string; result?: string; error?: string }

/** How anvil writes a successful reply to a single call with id 0: the result follows, then `}`. */
const resultOfCall0 = '{"jsonrpc":"2.0","id":0,"result":'

/** A reply object's members as texts, read without re-encoding (a forwarded result keeps anvil's bytes). */
export function splitReply(text: string): RawReply | undefined {
  // anvil's serializer writes the members in this order and no space: the result is the rest (scanned otherwise).
  if (text.startsWith(resultOfCall0) && text.endsWith('}')) return { id: '0', result: text.slice(resultOfCall0.length, -1) }
  const scan = scanFirstValue(text)
  if (!scan.ok || scan.kind !== 'object') return undefined
  const raw = (name: string) => {
    const m = findMember(scan.members, name)
    return m ? text.slice(m.value.start, m.value.end) : undefined
  }
  return { id: raw('id'), result: raw('result'), error: raw('error') }
}

/** A batch reply's replies by id (empty where the text is no array). */
export function splitBatchReply(text: string): Map<string, RawReply> {
  const byId = new Map<string, RawReply>()
  const scan = scanFirstValue(text)
  if (scan.ok && scan.kind === 'array') {
    for (const span of scan.elements) {
      const reply = splitReply(text.slice(span.start, span.end))
      if (reply?.id !== undefined) byId.set(reply.id, reply)
    }
  }
  return byId
}

/** A read waiting for the next batch: its call's text without the id, and who waits for its reply. */
type QueuedRead = { method: string; params: string; resolve: (reply: RawReply | undefined) => void; reject: (e: Error) => void }

export type Block = { number: bigint; hash: string; parentHash: string; timestamp: bigint }

export class AnvilClient {
  private nextId = 1
  // Idle keep-alive sockets are unref'd by the agent, so they never hold the process open.
  private readonly agent = new Agent({ keepAlive: true })
  constructor(readonly url: string) {}

  /** POSTs a JSON-RPC body (a call or a batch) and resolves with the reply's text. */
  post(body: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const req = request(this.url, { method: 'POST', agent: this.agent, headers: { 'content-type': 'application/json' } }, (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
        res.on('error', reject)
      })
      req.on('error', reject)
      req.end(body)
    })
  }

  /** Closes the idle connections (the devnet's stop). */
  close(): void {
    this.agent.destroy()
  }

  async request<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const text = await this.post(JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }))
    const body = parseJson(text) as { result?: T; error?: { message: string } }
    if (body.error) throw new Error(`anvil ${method}: ${body.error.message}`)
    return body.result as T
  }

  /** Several requests in one JSON-RPC batch (read-only ones: anvil runs a batch's calls concurrently); results in order. */
  async batch<T = unknown>(calls: [method: string, params: unknown[]][]): Promise<T[]> {
    const first = this.nextId
    this.nextId += calls.length
    const text = await this.post(JSON.stringify(calls.map(([method, params], i) => ({ jsonrpc: '2.0', id: first + i, method, params }))))
    const replies = parseJson(text) as { id: number; result?: T; error?: { message: string } }[]
    const byId = new Map(replies.map((r) => [Number(r.id), r]))
    return calls.map(([method], i) => {
      const r = byId.get(first + i)
      if (!r || r.error) throw new Error(`anvil ${method}: ${r?.error?.message ?? 'no reply'}`)
      return r.result as T
    })
  }

  /** Reads waiting for the next batch, in the order asked. */
  private queued: QueuedRead[] = []
  /** The parsed reads of the next batch, by call, which callers of `shared` meanwhile share. */
  private sharedReads = new Map<string, Promise<unknown>>()

  /**
   * A read-only call (`params` its JSON text) sent with the other reads asked for in the same turn of the event
   * loop, in one batch: the receipts a burst's clients poll and the nonces its sends read go in one request
   * instead of one each. Sent after it is asked for, so it reads no older state than a request of its own.
   * Resolves with its reply's texts (undefined where anvil's reply has none for it); rejects where anvil is not
   * reachable.
   */
  read(method: string, params: string): Promise<RawReply | undefined> {
    return new Promise((resolve, reject) => {
      if (this.queued.length === 0) setImmediate(() => void this.flushReads())
      this.queued.push({ method, params, resolve, reject })
    })
  }

  /**
   * `read`, parsed, each distinct call once in its batch (the sends of a burst ask for their senders' nonces
   * together); its error is thrown as `request`'s.
   */
  shared<T = unknown>(method: string, params: unknown[]): Promise<T> {
    const key = JSON.stringify([method, params])
    let read = this.sharedReads.get(key)
    if (!read) {
      read = this.read(method, JSON.stringify(params)).then((reply) => {
        if (!reply || (reply.error !== undefined && reply.error !== 'null')) {
          const message = reply?.error ? (parseJson(reply.error) as { message?: string }).message : 'no reply'
          throw new Error(`anvil ${method}: ${message}`)
        }
        return parseJson(reply.result ?? 'null')
      })
      this.sharedReads.set(key, read)
    }
    return read as Promise<T>
  }

  private async flushReads(): Promise<void> {
    const reads = this.queued
    this.queued = []
    this.sharedReads = new Map()
    const call = (r: QueuedRead, id: number) => `{"jsonrpc":"2.0","id":${id},"method":${JSON.stringify(r.method)},"params":${r.params}}`
    let text: string
    try {
      text = await this.post(reads.length === 1 ? call(reads[0]!, 0) : `[${reads.map(call).join(',')}]`)
    } catch (e) {
      for (const r of reads) r.reject(e as Error)
      return
    }
    if (reads.length === 1) reads[0]!.resolve(splitReply(text))
    else {
      const byId = splitBatchReply(text)
      for (let i = 0; i < reads.length; i++) reads[i]!.resolve(byId.get(String(i)))
    }
  }

  /**
   * The receipt of `hash`, waiting up to `ms` for it: anvil answers a send before its automine has
   * mined the transaction. Undefined when it is not mined by then (automine off, or a slow anvil).
   */
  async receipt<T = { status: string; blockNumber: string; blockHash: string }>(hash: string, ms = 5000): Promise<T | undefined> {
    const deadline = Date.now() + ms
    for (;;) {
      const r = await this.request<T | null>('eth_getTransactionReceipt', [hash])
      if (r) return r
      if (Date.now() >= deadline) return undefined
      await new Promise((resolve) => setTimeout(resolve, 5))
    }
  }

  /** The reply as it is: a JSON-RPC error comes back instead of being thrown. */
  async raw<T = unknown>(
    method: string,
    params: unknown[] = [],
  ): Promise<{ result?: T; error?: { code: number; message: string; data?: unknown } }> {
    const text = await this.post(JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }))
    return parseJson(text) as { result?: T; error?: { code: number; message: string; data?: unknown } }
  }

  /** The reply as a call's outcome, re-encoded (for the devnet's own asks of anvil; forwarded calls keep anvil's bytes). */
  async outcome(method: string, params: unknown[]): Promise<CallOutcome> {
    const reply = await this.raw(method, params)
    return reply.error ? { rawError: JSON.stringify(reply.error) } : { result: JSON.stringify(reply.result ?? null) }
  }

  private static toBlock(raw: { number: string; hash: string; parentHash: string; timestamp: string } | null): Block | undefined {
    if (!raw) return undefined
    return { number: BigInt(raw.number), hash: raw.hash, parentHash: raw.parentHash, timestamp: BigInt(raw.timestamp) }
  }

  async blockByNumber(n: bigint | 'latest'): Promise<Block | undefined> {
    const tag = n === 'latest' ? n : `0x${n.toString(16)}`
    return AnvilClient.toBlock(await this.request('eth_getBlockByNumber', [tag, false]))
  }

  async blockByHash(hash: string): Promise<Block | undefined> {
    return AnvilClient.toBlock(await this.request('eth_getBlockByHash', [hash, false]))
  }

  async latest(): Promise<Block> {
    const b = await this.blockByNumber('latest')
    if (!b) throw new Error('anvil has no latest block')
    return b
  }

  /** The first block with timestamp ≥ t, by binary search (timestamps never decrease). */
  async firstBlockAtOrAfter(t: bigint, upTo: Block): Promise<bigint | undefined> {
    if (upTo.timestamp < t) return undefined
    // Most activations are at genesis: one look at block 0 settles them.
    const genesis = await this.blockByNumber(0n)
    if (genesis && genesis.timestamp >= t) return 0n
    let lo = 1n
    let hi = upTo.number
    while (lo < hi) {
      const mid = (lo + hi) / 2n
      const b = await this.blockByNumber(mid)
      if (b && b.timestamp >= t) hi = mid
      else lo = mid + 1n
    }
    return lo
  }
}
