/**
 * The block size a node's miner fills up to: miner/worker.go `commitTransactions` skips a transaction that would take
 * the block's transactions past `targetTxsSize` (1,800 KiB of their encoded size, `tx.Size()`), and with it the rest
 * of its sender's (`txs.Pop()`), and goes on with the other senders' (a smaller one may still fit). What it skips waits
 * in the pool for the next block.
 *
 * anvil fills a block by gas alone, so before a block of two or more sends the builder (./builder.ts) bounds their
 * sizes from their gas limits (`txpool_inspect`, about 1 ms for 200 sends: calldata costs at least 4 gas a byte, so a
 * send is at most 300 bytes plus a quarter of its gas over 21,000). Only where that bound passes the target does it
 * look at the block anvil would mine (its pending block: anvil's pick by gas, in its order) and the sends' encoded
 * forms; while they pass the target, it walks them in that order and takes out of anvil's pool
 * (`anvil_dropTransaction`, which takes the sender's later ones too) the first send of each sender that would pass it,
 * then looks again (anvil may then fit others by gas). They go back in, in nonce order, once the block is mined.
 * Meanwhile the devnet shows them as pending (../pool/pendingPool.ts `keep`), and their second entry into anvil's
 * pool is not announced again (../pubsub/chainEvents.ts `mute`).
 *
 * anvil's order ranks by fee cap where the miner ranks by effective tip (./builder.ts): where they differ, the send
 * left out can be another sender's than on a node.
 */
import type { AnvilClient } from '../anvilClient.js'
import type { PendingPool } from '../pool/pendingPool.js'

/** miner/worker.go `targetTxsSize`: 1,800 KiB. */
export const targetTxsSize = 1800 * 1024

/** A send as the walk sees it: its hash, sender, nonce and encoded size. */
export type SizedTx = { hash: string; sender: string; nonce: bigint; size: number }

/**
 * The sends the miner leaves for a later block by size, from a block's sends in its order: for each sender, the first
 * that would take the block past `target` (its later ones go with it); the others' still count while they fit.
 */
export function leftOverBySize(txs: readonly SizedTx[], target = targetTxsSize): SizedTx[] {
  const out = new Set<string>()
  const left: SizedTx[] = []
  let size = 0
  for (const tx of txs) {
    if (out.has(tx.sender)) continue
    if (size + tx.size > target) {
      out.add(tx.sender)
      left.push(tx)
    } else size += tx.size
  }
  return left
}

/**
 * An upper bound of the encoded size of a send of `gas`: calldata costs at least 4 gas a byte (an access list's
 * entries more), and the rest of a transaction (type, list header, chain ID, nonce, fee caps, gas, to, value, headers,
 * signature) takes under 300 bytes.
 */
export const sizeBound = (gas: bigint): bigint => 300n + (gas > 21_000n ? (gas - 21_000n) / 4n : 0n)

/** `txpool_inspect`'s summary of a send: `<to>: <value> wei + <gas> gas × <price> wei`. */
const gasOf = (summary: string): bigint => {
  const m = / \+ (\d+) gas /.exec(summary)
  return m?.[1] ? BigInt(m[1]) : 30_000_000n
}

/** A send as anvil's `txpool_content` lists it. */
type PoolTx = { hash: string; from: string; nonce: string }

/** Sends taken out of anvil's pool for the block being built: each sender's raw transactions from the first one out. */
export type LeftOver = { raws: { hash: string; raw: string }[] }[]

export class BlockSizeLimit {
  constructor(
    private readonly anvil: AnvilClient,
    private readonly pool: PendingPool,
    /** Keeps the pool's next announcements of these hashes from subscribers (../pubsub/chainEvents.ts `mute`). */
    private readonly mute: (hashes: string[]) => void = () => undefined,
  ) {}

  /** Before a block on a pool of `pending` ready sends: takes out of anvil's pool those the node's miner would leave for a later block by size. */
  async leaveOut(pending: bigint): Promise<LeftOver> {
    // One send alone is the pool's to refuse when too large (core/txpool/legacypool: 128 KiB at most).
    if (pending < 2n) return []
    const inspect = await this.anvil.request<{ pending?: Record<string, Record<string, string>> }>('txpool_inspect', [])
    let bound = 0n
    for (const bySender of Object.values(inspect.pending ?? {}))
      for (const summary of Object.values(bySender)) bound += sizeBound(gasOf(summary))
    if (bound <= BigInt(targetTxsSize)) return []
    const left: LeftOver = []
    // The pool's sends by hash, read once the block is found over the target (about 40 ms for 200 sends).
    let content: Map<string, PoolTx> | undefined
    // Each look takes at least one send out; a pool holds a few thousand at most.
    for (let look = 0; look < 10_000; look++) {
      const block = await this.anvil.request<{ transactions: string[] }>('eth_getBlockByNumber', ['pending', false])
      const hashes = block.transactions.map((h) => h.toLowerCase())
      if (hashes.length < 2) break
      const raws = await this.anvil.batch<string>(hashes.map((h) => ['eth_getRawTransactionByHash', [h]]))
      const sizes = raws.map((raw) => (raw.length - 2) / 2)
      if (sizes.reduce((a, b) => a + b, 0) <= targetTxsSize) break
      content ??= await this.poolContent()
      const known = content
      const sized = hashes.flatMap((hash, i) => {
        const tx = known.get(hash)
        return tx ? [{ hash, sender: tx.from.toLowerCase(), nonce: BigInt(tx.nonce), size: sizes[i] as number }] : []
      })
      const over = leftOverBySize(sized)
      if (over.length === 0) break
      for (const first of over) left.push(await this.takeOut(first, known))
    }
    return left
  }

  private async poolContent(): Promise<Map<string, PoolTx>> {
    const content = await this.anvil.request<{ pending?: Record<string, Record<string, PoolTx>> }>('txpool_content', [])
    const out = new Map<string, PoolTx>()
    for (const bySender of Object.values(content.pending ?? {}))
      for (const tx of Object.values(bySender)) out.set(tx.hash.toLowerCase(), tx)
    return out
  }

  /** Takes `first` and its sender's later sends out of anvil's pool, shown as pending meanwhile. */
  private async takeOut(first: SizedTx, content: Map<string, PoolTx>): Promise<LeftOver[number]> {
    const own = [...content.values()]
      .filter((tx) => tx.from.toLowerCase() === first.sender && BigInt(tx.nonce) >= first.nonce)
      .sort((a, b) => (BigInt(a.nonce) < BigInt(b.nonce) ? -1 : 1))
    const raws = await this.anvil.batch<string>(own.map((tx) => ['eth_getRawTransactionByHash', [tx.hash]]))
    await this.anvil.request('anvil_dropTransaction', [first.hash])
    const out = own.map((tx, i) => ({ hash: tx.hash.toLowerCase(), raw: raws[i] as string, nonce: BigInt(tx.nonce) }))
    for (const tx of out) {
      this.pool.keep({ hash: tx.hash, raw: tx.raw, sender: first.sender, nonce: tx.nonce, feeCap: 0n })
      content.delete(tx.hash)
    }
    return { raws: out.map(({ hash, raw }) => ({ hash, raw })) }
  }

  /** Once the block is mined: the sends taken out go back into anvil's pool, each sender's in nonce order. */
  async putBack(left: LeftOver): Promise<void> {
    for (const { raws } of left) {
      this.mute(raws.map((r) => r.hash))
      for (const { hash, raw } of raws) {
        await this.anvil.raw('eth_sendRawTransaction', [raw])
        this.pool.release(hash)
      }
    }
  }
}
