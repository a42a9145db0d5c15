/** A minimal JSON-RPC client for the devnet's own calls to anvil. */
import { parseJson } from '../../core/json/parse.js'

export type Block = { number: bigint; hash: string; timestamp: bigint }

export class AnvilClient {
  private nextId = 1
  constructor(readonly url: string) {}

  async request<T = unknown>(method: string, params: unknown[] = []): Promise<T> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }),
    })
    const body = parseJson(await res.text()) as { result?: T; error?: { message: string } }
    if (body.error) throw new Error(`anvil ${method}: ${body.error.message}`)
    return body.result as T
  }

  /** Several requests in one JSON-RPC batch (read-only ones: anvil runs a batch's calls concurrently); results in order. */
  async batch<T = unknown>(calls: [method: string, params: unknown[]][]): Promise<T[]> {
    const first = this.nextId
    this.nextId += calls.length
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(calls.map(([method, params], i) => ({ jsonrpc: '2.0', id: first + i, method, params }))),
    })
    const replies = parseJson(await res.text()) as { id: number; result?: T; error?: { message: string } }[]
    const byId = new Map(replies.map((r) => [Number(r.id), r]))
    return calls.map(([method], i) => {
      const r = byId.get(first + i)
      if (!r || r.error) throw new Error(`anvil ${method}: ${r?.error?.message ?? 'no reply'}`)
      return r.result as T
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
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: this.nextId++, method, params }),
    })
    return parseJson(await res.text()) as { result?: T; error?: { code: number; message: string; data?: unknown } }
  }

  private static toBlock(raw: { number: string; hash: string; timestamp: string } | null): Block | undefined {
    if (!raw) return undefined
    return { number: BigInt(raw.number), hash: raw.hash, timestamp: BigInt(raw.timestamp) }
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
