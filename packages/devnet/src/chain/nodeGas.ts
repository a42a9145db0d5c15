/**
 * The node's gas for mined transactions: Subnet-EVM gives no refunds (core/state_transition.go
 * `refundGas` applies the refund counter only when `!IsSubnetEVM`), so a transaction's gas used is all the
 * gas it spent, and the block's gas used their sum; anvil applies EIP-3529's (up to a fifth of the gas
 * used) and has no setting that turns them off. The devnet finds each mined transaction's refund: its
 * gas before the refund is its intrinsic gas (core/state_transition.go `IntrinsicGas`) plus what its top
 * call frame spent (anvil's `trace_block`: a frame's `gasUsed` is counted before refunds), and what its
 * receipt reports under that was refunded. Receipts, blocks, the fee window and the fees charged
 * (./blockFees.ts `creditFees`) then use the node's figures. Warp predicates count the same way: a node's
 * intrinsic gas takes their predicate gas where anvil took the access-list price (`extraIntrinsic`,
 * ./warpPredicates.ts), the difference is added as a refund is.
 */
import type { AnvilClient } from './anvilClient.js'

/** A mined transaction's refund, and the refunds of the block's transactions up to it. */
export type TxRefund = { refund: bigint; cumulative: bigint }

/** A block's refunds: by transaction hash, and in all. */
export type BlockRefunds = { total: bigint; byTx: Map<string, TxRefund>; charges: { from: string; wei: bigint }[] }

type Tx = {
  hash: string
  from: string
  to?: string | null
  input: string
  accessList?: readonly { address: string; storageKeys: readonly string[] }[]
}
type Receipt = { transactionHash: string; gasUsed: string; effectiveGasPrice: string }
type Trace = { transactionHash: string; traceAddress: number[]; result: { gasUsed: string } | null }

const none: BlockRefunds = { total: 0n, byTx: new Map(), charges: [] }

/** `IntrinsicGas` under the rules anvil runs (Cancun: Istanbul calldata prices, Shanghai's init code words). */
export function intrinsicGas(tx: Pick<Tx, 'to' | 'input' | 'accessList'>): bigint {
  const create = tx.to === null || tx.to === undefined
  const data = tx.input.startsWith('0x') ? tx.input.slice(2) : tx.input
  let gas = create ? 53000n : 21000n
  for (let i = 0; i < data.length; i += 2) gas += data[i] === '0' && data[i + 1] === '0' ? 4n : 16n
  if (create) gas += 2n * BigInt(Math.ceil(data.length / 64))
  for (const entry of tx.accessList ?? []) gas += 2400n + 1900n * BigInt(entry.storageKeys.length)
  return gas
}

export class NodeGas {
  /** Each block's refunds, by hash (a block's refunds never change). */
  private readonly blocks = new Map<string, Promise<BlockRefunds>>()
  /**
   * The node's intrinsic gas above anvil's for a transaction of a block at `timestamp`: Warp's predicate gas in
   * place of the access-list price (./warpPredicates.ts). It counts as a refund would: gas used, and charged.
   */
  extraIntrinsic: ((tx: Pick<Tx, 'accessList'>, timestamp: bigint) => bigint) | undefined

  constructor(private readonly anvil: AnvilClient) {}

  /** The refunds anvil gave in `block` (no look at anvil for a block without transactions). */
  refundsOf(block: { hash: string; number: string | bigint; transactions?: unknown[] }): Promise<BlockRefunds> {
    if (Array.isArray(block.transactions) && block.transactions.length === 0) return Promise.resolve(none)
    let known = this.blocks.get(block.hash)
    if (!known) {
      known = this.find(block.hash, BigInt(block.number))
      this.blocks.set(block.hash, known)
      known.catch(() => this.blocks.delete(block.hash))
    }
    return known
  }

  /** The gas a node's header of `block` reports used. */
  async gasUsedOf(block: { hash: string; number: string | bigint; gasUsed: string | bigint; transactions?: unknown[] }): Promise<bigint> {
    return BigInt(block.gasUsed) + (await this.refundsOf(block)).total
  }

  private async find(hash: string, number: bigint): Promise<BlockRefunds> {
    const [block, receipts, traces] = await this.anvil.batch<unknown>([
      ['eth_getBlockByHash', [hash, true]],
      ['eth_getBlockReceipts', [hash]],
      ['trace_block', [`0x${number.toString(16)}`]],
    ])
    const txs = (block as { transactions: Tx[] } | null)?.transactions ?? []
    const timestamp = BigInt((block as { timestamp?: string } | null)?.timestamp ?? 0)
    if (txs.length === 0) return none
    const roots = new Map<string, Trace>()
    for (const t of traces as Trace[]) if (t.traceAddress.length === 0) roots.set(t.transactionHash, t)
    const byReceipt = new Map((receipts as Receipt[]).map((r) => [r.transactionHash, r]))
    const out: BlockRefunds = { total: 0n, byTx: new Map(), charges: [] }
    for (const tx of txs) {
      const receipt = byReceipt.get(tx.hash)
      const root = roots.get(tx.hash)
      if (!receipt || !root) throw new Error(`devnet: no receipt or trace of ${tx.hash} in block ${hash}`)
      // A halted frame has no result and spent all its gas: nothing refunded.
      const spent = root.result ? intrinsicGas(tx) + BigInt(root.result.gasUsed) : 0n
      const refunded = spent > BigInt(receipt.gasUsed) ? spent - BigInt(receipt.gasUsed) : 0n
      // A halted transaction used its whole gas limit on both.
      const refund = refunded + (root.result ? (this.extraIntrinsic?.(tx, timestamp) ?? 0n) : 0n)
      out.total += refund
      out.byTx.set(tx.hash, { refund, cumulative: out.total })
      if (refund > 0n) out.charges.push({ from: tx.from, wei: refund * BigInt(receipt.effectiveGasPrice) })
    }
    return out
  }
}
