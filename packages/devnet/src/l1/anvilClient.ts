/**
 * A minimal JSON-RPC client for the devnet's calls to anvil: its own requests and the calls it
 * forwards. One keep-alive connection pool over node:http: every forwarded call pays this hop,
 * and undici's `fetch` costs about 0.3 ms more per request than a plain keep-alive request.
 */
import { Agent, request } from 'node:http'
import { parseJson } from 'subnet-rpc'
import type { CallOutcome } from './rpc/envelope.js'

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

  /** Reads asked for since the last flush, each distinct call once, with who waits for it. */
  private reads = new Map<string, { method: string; params: unknown[]; waiting: { resolve(v: unknown): void; reject(e: Error): void }[] }>()

  /**
   * A read-only call sent with the others asked for in the same turn of the event loop, in one batch, each
   * distinct call once: the sends of a burst read their senders' nonces in one request instead of one each.
   * Sent after it is asked for, so it reads no older state than a request of its own; its error is thrown as
   * `request`'s.
   */
  shared<T = unknown>(method: string, params: unknown[]): Promise<T> {
    const key = JSON.stringify([method, params])
    return new Promise<T>((resolve, reject) => {
      const read = this.reads.get(key)
      const waiter = { resolve: resolve as (v: unknown) => void, reject }
      if (read) read.waiting.push(waiter)
      else {
        if (this.reads.size === 0) setImmediate(() => void this.flushReads())
        this.reads.set(key, { method, params, waiting: [waiter] })
      }
    })
  }

  private async flushReads(): Promise<void> {
    const reads = [...this.reads.values()]
    this.reads = new Map()
    const first = this.nextId
    this.nextId += reads.length
    let replies: { id: number; result?: unknown; error?: { message: string } }[]
    try {
      const text = await this.post(
        JSON.stringify(reads.map(({ method, params }, i) => ({ jsonrpc: '2.0', id: first + i, method, params }))),
      )
      replies = parseJson(text) as typeof replies
      if (!Array.isArray(replies)) throw new Error(`anvil sent no batch reply: ${text.slice(0, 200)}`)
    } catch (e) {
      for (const read of reads) for (const w of read.waiting) w.reject(e as Error)
      return
    }
    const byId = new Map(replies.map((r) => [Number(r.id), r]))
    reads.forEach(({ method, waiting }, i) => {
      const r = byId.get(first + i)
      for (const w of waiting)
        if (r && !r.error) w.resolve(r.result)
        else w.reject(new Error(`anvil ${method}: ${r?.error?.message ?? 'no reply'}`))
    })
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
