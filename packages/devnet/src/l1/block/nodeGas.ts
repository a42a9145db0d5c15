/**
 * The node's gas for mined transactions: Subnet-EVM gives no refunds (core/state_transition.go
 * `refundGas` applies the refund counter only when `!IsSubnetEVM`), so a transaction's gas used is all the
 * gas it spent, and the block's gas used their sum; anvil applies EIP-3529's (up to a fifth of the gas
 * used) and has no setting that turns them off. The devnet finds each mined transaction's refund: its
 * gas before the refund is its intrinsic gas (core/state_transition.go `IntrinsicGas`) plus what its top
 * call frame spent (anvil's `trace_block`: a frame's `gasUsed` is counted before refunds), and what its
 * receipt reports under that was refunded.
 *
 * A precompile stand-in whose own work costs more than the node's fixed gas (a role written to a fresh slot, a
 * mint to a new account, Warp's getters before Granite: packages/devnet/contracts/standins/Precompile.sol `_simulatedExcess`) names the
 * node's cost in a sub-call of its frame to the identity precompile (`SIMULATED_RESULT`, then the cost): the frame's
 * gas used less that cost is gas a node does not charge, taken off too. Receipts, blocks, the fee window and the
 * fees charged (./blockFees.ts `creditFees`) then use the node's figures. Warp predicates count the same way: a
 * node's intrinsic gas takes their predicate gas where anvil took the access-list price (`extraIntrinsic`,
 * ../warp/warpPredicates.ts), and the difference is added as a refund is.
 */
import { precompileConstants } from '../precompiles/artifacts/contracts.js'
import type { AnvilClient } from '../anvilClient.js'

/**
 * A mined transaction's gas as the node's against anvil's receipt: `refund` is the node's gas used less anvil's
 * (the refund anvil gave, less what stand-ins spent beyond the node's fixed gas; negative when that is more), and
 * `cumulative` the same summed over the block's transactions up to it.
 */
export type TxRefund = { refund: bigint; cumulative: bigint }

/** A block's corrections: by transaction hash, and in all; `charges`: wei each sender owes the coinbase (negative: is owed). */
export type BlockRefunds = { total: bigint; byTx: Map<string, TxRefund>; charges: { from: string; wei: bigint }[] }

/** A mined transaction's fields the node's gas needs. */
export type Tx = {
  hash: string
  from: string
  to?: string | null
  input: string
  accessList?: readonly { address: string; storageKeys: readonly string[] }[]
  /** The envelope's type (0 legacy, 1 EIP-2930, 2 EIP-1559, 3 blob, 4 EIP-7702), where known. */
  type?: number
}
type Receipt = { transactionHash: string; gasUsed: string; effectiveGasPrice: string }
type Trace = {
  transactionHash: string
  traceAddress: number[]
  action: { to?: string; input?: string }
  result: { gasUsed: string } | null
}

const identity = '0x0000000000000000000000000000000000000004'
/** A stand-in's note of the node's cost: `SIMULATED_RESULT`, then the cost, as one call's input. */
const costNote = `0x${precompileConstants.Precompile.SIMULATED_RESULT.slice(2)}`

/**
 * The gas the stand-ins' frames of one transaction spent beyond the node's fixed gas: each frame of a stand-in
 * (`isStandIn`) that returned and noted the node's cost in a sub-call.
 */
export function standInExcess(frames: Trace[], isStandIn: (address: string) => boolean): bigint {
  const byPath = new Map(frames.map((f) => [f.traceAddress.join(','), f]))
  let excess = 0n
  for (const note of frames) {
    const input = note.action.to === identity ? note.action.input : undefined
    if (input?.length !== 130 || !input.startsWith(costNote) || !note.result) continue
    const frame = byPath.get(note.traceAddress.slice(0, -1).join(','))
    if (!frame?.result || !frame.action.to || !isStandIn(frame.action.to)) continue
    const over = BigInt(frame.result.gasUsed) - BigInt(`0x${input.slice(66)}`)
    if (over > 0n) excess += over
  }
  return excess
}

const none: BlockRefunds = { total: 0n, byTx: new Map(), charges: [] }

/** The most sent transactions `NodeGas` keeps while they wait for their block. */
const rememberedLimit = 8192

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
   * place of the access-list price (../warp/warpPredicates.ts). It counts as a refund would: gas used, and charged.
   */
  extraIntrinsic: ((tx: Pick<Tx, 'accessList'>, timestamp: bigint) => bigint) | undefined

  constructor(
    private readonly anvil: AnvilClient,
    /** Whether an address holds a precompile stand-in. */
    private readonly isStandIn: (address: string) => boolean = () => false,
  ) {}

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

  /** The refunds of the blocks looked at so far, settled ones only, for a state dir (../persist.ts). */
  async snapshot(): Promise<[hash: string, refunds: BlockRefunds][]> {
    const settled = await Promise.all(
      [...this.blocks].map(([hash, p]) =>
        p.then(
          (r) => [hash, r] as [string, BlockRefunds],
          () => undefined,
        ),
      ),
    )
    return settled.filter((e) => e !== undefined)
  }

  /** Takes back refunds a snapshot kept: blocks anvil can no longer trace once it has loaded a state dump. */
  restore(entries: [hash: string, refunds: BlockRefunds][]): void {
    for (const [hash, refunds] of entries) this.blocks.set(hash, Promise.resolve(refunds))
  }

  /** The gas a node's header of `block` reports used. */
  async gasUsedOf(block: { hash: string; number: string | bigint; gasUsed: string | bigint; transactions?: unknown[] }): Promise<bigint> {
    return BigInt(block.gasUsed) + (await this.refundsOf(block)).total
  }

  /**
   * The transactions the devnet sent, by hash (`remember`): their block is read without its transactions' bodies,
   * which anvil writes out at about 0.2 ms each (a block of a burst of 200: some 40 ms). A hash names its
   * transaction's content, so what is kept is what anvil would give. Each is forgotten once its block is read; at
   * most `rememberedLimit`, all forgotten when full.
   */
  private readonly sent = new Map<string, Tx>()

  /** A transaction the devnet sent to anvil, so that the block that takes it need not be read in full. */
  remember(tx: Tx): void {
    if (this.sent.size >= rememberedLimit) this.sent.clear()
    this.sent.set(tx.hash.toLowerCase(), tx)
  }

  private async find(hash: string, number: bigint): Promise<BlockRefunds> {
    const block = await this.anvil.request<{ transactions: string[]; timestamp: string } | null>('eth_getBlockByHash', [hash, false])
    const hashes = block?.transactions ?? []
    const timestamp = BigInt(block?.timestamp ?? 0)
    if (hashes.length === 0) return none
    const known = hashes.map((h) => this.sent.get(h.toLowerCase()))
    const sent = known.every((tx) => tx !== undefined) ? known : undefined
    if (sent && (await this.runsNoCode(sent, number))) {
      for (const h of hashes) this.sent.delete(h.toLowerCase())
      return none
    }
    const [receipts, traces] = await this.anvil.batch<unknown>([
      ['eth_getBlockReceipts', [hash]],
      ['trace_block', [`0x${number.toString(16)}`]],
    ])
    const txs = sent ?? (await this.anvil.request<{ transactions: Tx[] } | null>('eth_getBlockByHash', [hash, true]))?.transactions ?? []
    for (const h of hashes) this.sent.delete(h.toLowerCase())
    const framesOf = new Map<string, Trace[]>()
    for (const t of traces as Trace[]) {
      const frames = framesOf.get(t.transactionHash)
      if (frames) frames.push(t)
      else framesOf.set(t.transactionHash, [t])
    }
    const byReceipt = new Map((receipts as Receipt[]).map((r) => [r.transactionHash, r]))
    const out: BlockRefunds = { total: 0n, byTx: new Map(), charges: [] }
    for (const tx of txs) {
      const receipt = byReceipt.get(tx.hash)
      const frames = framesOf.get(tx.hash) ?? []
      const root = frames.find((f) => f.traceAddress.length === 0)
      if (!receipt || !root) throw new Error(`devnet: no receipt or trace of ${tx.hash} in block ${hash}`)
      // A halted frame has no result and spent all its gas: nothing refunded, nothing to take off.
      const anvilGas = BigInt(receipt.gasUsed)
      const spent = root.result ? intrinsicGas(tx) + BigInt(root.result.gasUsed) - standInExcess(frames, this.isStandIn) : anvilGas
      // Warp predicate gas above the access-list price; a halted transaction used its whole gas limit on both.
      const refund = spent - anvilGas + (root.result ? (this.extraIntrinsic?.(tx, timestamp) ?? 0n) : 0n)
      out.total += refund
      out.byTx.set(tx.hash, { refund, cumulative: out.total })
      if (refund !== 0n) out.charges.push({ from: tx.from, wei: refund * BigInt(receipt.effectiveGasPrice) })
    }
    return out
  }

  /**
   * Whether none of a block's transactions (all of them sent through the devnet) runs code: each is a call of an
   * account without code at the parent's state, with no access list and no authorization list (EIP-7702 sets code
   * and refunds part of its intrinsic gas). Then none has a refund or a stand-in frame, and its gas is its intrinsic
   * gas on both: the block needs no receipts or traces (for a burst of 200 transfers, some 10 ms of anvil's work
   * and of parsing). Code cannot appear during such a block: only a creation or an authorization puts it there.
   */
  private async runsNoCode(txs: Tx[], number: bigint): Promise<boolean> {
    const targets = new Set<string>()
    for (const tx of txs) {
      if (!tx.to || tx.type === undefined || tx.type > 2 || (tx.accessList?.length ?? 0) > 0) return false
      targets.add(tx.to.toLowerCase())
    }
    if (number === 0n) return false
    const parent = `0x${(number - 1n).toString(16)}`
    const codes = await this.anvil.batch<string>([...targets].map((to) => ['eth_getCode', [to, parent]]))
    return codes.every((code) => code === '0x')
  }
}
