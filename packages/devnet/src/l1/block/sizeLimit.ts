/**
 * The block size a node's miner fills up to: miner/worker.go `commitTransactions` skips a transaction that would take
 * the block's transactions past `targetTxsSize` (1,800 KiB of their encoded size, `tx.Size()`), and with it the rest
 * of its sender's (`txs.Pop()`), and goes on with the other senders' (a smaller one may still fit). What it skips waits
 * in the pool for the next block.
 *
 * anvil fills a block by gas alone, so before a block the builder (./builder.ts) looks at the sizes of the sends in
 * anvil's pool, walks them in the miner's order (each sender's by nonce, the senders' next ones by effective tip at the
 * block's base fee, the pool's order among equals), and takes out of anvil's pool (`anvil_dropTransaction`, which takes
 * the sender's later ones too) the first send of each sender that would pass the target; they go back in, in nonce
 * order, once the block is mined. Meanwhile the devnet shows them as pending (../pool/pendingPool.ts `keep`), and their
 * second entry into anvil's pool is not announced again (../pubsub/chainEvents.ts `mute`).
 *
 * The walk counts every send it passes toward the size, where the miner counts only those it executed: a send anvil
 * leaves out by gas still counts, so a block can end under the target where the node's would take one more send;
 * never over it. The common case costs one `txpool_content` per block of two or more sends (a sum of their input
 * lengths bounds their sizes from above; the encoded forms are read only when that bound passes the target).
 */
import type { AnvilClient } from '../anvilClient.js'
import type { PendingPool } from '../pool/pendingPool.js'

/** miner/worker.go `targetTxsSize`: 1,800 KiB. */
export const targetTxsSize = 1800 * 1024

/** A send as the walk sees it: its sender, nonce, encoded size and effective tip at the block's base fee. */
export type SizedTx = { hash: string; sender: string; nonce: bigint; size: number; tip: bigint }

/**
 * The sends the miner leaves for a later block by size: for each sender, the first of its sends (in `txs`, given in the
 * pool's order) that would take the block past `target`; the sender's later ones go with it.
 */
export function leftOverBySize(txs: readonly SizedTx[], target = targetTxsSize): SizedTx[] {
  const bySender = new Map<string, SizedTx[]>()
  for (const tx of txs) {
    const own = bySender.get(tx.sender)
    if (own) own.push(tx)
    else bySender.set(tx.sender, [tx])
  }
  for (const own of bySender.values()) own.sort((a, b) => (a.nonce < b.nonce ? -1 : a.nonce > b.nonce ? 1 : 0))
  // The senders in the pool's order: the first listed wins among equal tips.
  const queues = [...bySender.values()]
  const left: SizedTx[] = []
  let size = 0
  for (;;) {
    let best: SizedTx[] | undefined
    for (const queue of queues) {
      const head = queue[0]
      if (head && (!best?.[0] || head.tip > best[0].tip)) best = queue
    }
    const tx = best?.shift()
    if (!best || !tx) return left
    if (size + tx.size > target) {
      left.push(tx)
      best.length = 0
    } else size += tx.size
  }
}

/** A transaction as anvil's `txpool_content` lists it. */
type PoolTx = {
  hash: string
  from: string
  nonce: string
  input?: string
  accessList?: { storageKeys?: unknown[] }[]
  gasPrice?: string
  maxFeePerGas?: string
  maxPriorityFeePerGas?: string
}

/**
 * An upper bound of a transaction's encoded size from its fields: its input, its access list (an address 21 bytes and
 * a key 33 with their list headers), and 300 for the rest (type, the list header, chain ID, nonce, fee caps, gas, to,
 * value, the input's header and the signature take at most 290).
 */
function sizeBound(tx: PoolTx): number {
  let size = 300 + Math.ceil(((tx.input ?? '0x').length - 2) / 2)
  for (const entry of tx.accessList ?? []) size += 30 + 33 * (entry.storageKeys?.length ?? 0)
  return size
}

/** The effective tip a send pays in a block of `baseFee` (`EffectiveGasTip`; undefined before a base fee). */
function tipOf(tx: PoolTx, baseFee: bigint | undefined): bigint {
  const feeCap = BigInt(tx.maxFeePerGas ?? tx.gasPrice ?? '0x0')
  const tipCap = BigInt(tx.maxPriorityFeePerGas ?? tx.gasPrice ?? '0x0')
  if (baseFee === undefined) return tipCap
  return feeCap - baseFee < tipCap ? feeCap - baseFee : tipCap
}

/** Sends taken out of anvil's pool for the block being built: each sender's raw transactions from the first one out. */
export type LeftOver = { raws: { hash: string; raw: string }[] }[]

export class BlockSizeLimit {
  constructor(
    private readonly anvil: AnvilClient,
    private readonly pool: PendingPool,
    /** Keeps the pool's next announcements of these hashes from subscribers (../pubsub/chainEvents.ts `mute`). */
    private readonly mute: (hashes: string[]) => void = () => undefined,
  ) {}

  /**
   * Before a block on a pool of `pending` ready sends: takes out of anvil's pool those the node's miner would leave for a
   * later block by size. `baseFee`: the block's, for the miner's order.
   */
  async leaveOut(pending: bigint, baseFee: () => Promise<bigint | undefined>): Promise<LeftOver> {
    // One send alone is the pool's to refuse when too large (core/txpool/legacypool: 128 KiB at most).
    if (pending < 2n) return []
    const content = await this.anvil.request<{ pending?: Record<string, Record<string, PoolTx>> }>('txpool_content', [])
    const txs = Object.values(content.pending ?? {}).flatMap((bySender) => Object.values(bySender))
    let bound = 0
    for (const tx of txs) bound += sizeBound(tx)
    if (bound <= targetTxsSize) return []
    const raws = await this.anvil.batch<string>(txs.map((tx) => ['eth_getRawTransactionByHash', [tx.hash]]))
    const fee = await baseFee()
    const sized = txs.map((tx, i) => ({
      hash: tx.hash.toLowerCase(),
      sender: tx.from.toLowerCase(),
      nonce: BigInt(tx.nonce),
      raw: raws[i] as string,
      size: ((raws[i] as string).length - 2) / 2,
      tip: tipOf(tx, fee),
    }))
    const left: LeftOver = []
    for (const first of leftOverBySize(sized)) {
      const own = sized.filter((tx) => tx.sender === first.sender && tx.nonce >= first.nonce).sort((a, b) => (a.nonce < b.nonce ? -1 : 1))
      await this.anvil.request('anvil_dropTransaction', [first.hash])
      for (const tx of own) this.pool.keep({ hash: tx.hash, raw: tx.raw, sender: tx.sender, nonce: tx.nonce, feeCap: 0n })
      left.push({ raws: own.map(({ hash, raw }) => ({ hash, raw })) })
    }
    return left
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
