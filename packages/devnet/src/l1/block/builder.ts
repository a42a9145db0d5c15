/**
 * The block builder, shaped like a node's (plugin/evm/block_builder.go, miner/worker.go `commitNewWork`).
 * anvil's own automine is off: an admitted send only enters anvil's pool, and the builder mines the
 * pool's ready transactions in one block with `evm_mine` (./miner.ts `mine`: the block prepared, mined,
 * settled once). anvil's pool hands them over by price, each sender's in nonce order, the first come first
 * among equals, a sender with a nonce gap waiting (the node's queue); its price is the fee cap, where the node's
 * `transactionsByPriceAndNonce` ranks by effective tip at the block's base fee: the orders differ only where
 * fee caps and tips rank senders differently. Its block takes transactions while their gas limit fits the gas
 * left (`commitTransactions`), leaving the rest for the next block, which the builder mines right after; and, as the
 * miner does, no more than its target size of transactions (./sizeLimit.ts: anvil fills by gas alone, so the sends past
 * it leave anvil's pool while the block is mined). Before Granite, from `InvalidateDelegateUnix`, a send whose execution
 * the node voids is kept out of every block (./voidedSends.ts).
 *
 * When a block is built:
 * - `instant` pacing (the default): as soon as the pool has a ready transaction and no other step holds
 *   the turn (./turns.ts). Sends that arrive while a block is being built wait for the next, so a burst
 *   shares blocks; the block's time is the node's (./clock.ts: at least the parent's minimum delay after
 *   it, the wall clock when later), so the chain's time runs ahead of the clock by one minimum delay at
 *   most per block built, and a send-and-wait loop is answered without waiting out the delay.
 * - `node` pacing: as a node, not before the time the next block may have (`minNextBlockTime`: the
 *   parent's time plus its ACP-226 minimum delay from Granite), in wall time. Sends are answered once
 *   admitted, as a node answers them.
 *
 * The client's view of anvil's automine (`evm_setAutomine`, `anvil_getAutomine`) is the builder's: with
 * it off, blocks come only from `evm_mine` and its kin, as on anvil.
 */
import type { AnvilClient } from '../anvilClient.js'
import type { BlockFees } from './blockFees.js'
import type { Miner } from './miner.js'
import type { Turns } from './turns.js'
import type { BlockSizeLimit } from './sizeLimit.js'
import type { VoidedSends } from './voidedSends.js'

/**
 * How the devnet paces blocks: `'instant'` (the default: sends mined at once, those arriving meanwhile sharing the
 * next block, node block times without waiting) or `'node'` (in wall time, at most one block per minimum delay, as a
 * node builds them).
 * @example
 * import { startDevnet, type BlockPacing } from 'subnet-rpc-devnet'
 * const pacing: BlockPacing = 'node'
 * const devnet = await startDevnet({ blockPacing: pacing })
 * await devnet.stop()
 */
export type BlockPacing = 'instant' | 'node'

/** The paces a devnet accepts, for option checks. */
export const blockPacings: readonly BlockPacing[] = ['instant', 'node']

/** The longest a block waits for the admissions of sends under way (a steady stream of sends still gets blocks). */
const coalesceMs = 1000

/** A send's fee and tip caps. */
type Bid = { feeCap: bigint; tipCap: bigint }

type Waiter = { resolve: (mined: boolean) => void; timer: ReturnType<typeof setTimeout> }

export class BlockBuilder {
  /** Whether sends are mined without a client's `evm_mine`: anvil's automine as clients see it. */
  private automine = true
  private running = false
  /** A send arrived since the loop last looked at the pool. */
  private dirty = false
  private closed = false
  /** The highest bid of the sends since the last block: the block's time is chosen so that its tips pay its block gas cost. */
  private bid: Bid | undefined
  private readonly waiters = new Map<string, Waiter[]>()
  /** Sends being admitted (checked, not yet in anvil's pool), and who waits for none to be. */
  private admitting = 0
  private admitted: (() => void)[] = []

  constructor(
    private readonly anvil: AnvilClient,
    private readonly miner: Miner,
    private readonly blockFees: BlockFees,
    private readonly turns: Turns,
    readonly pacing: BlockPacing = 'instant',
    /** Runs after each block, in its turn (the creation blockers of mined sends freed). */
    private readonly afterBlock: () => Promise<void> = async () => undefined,
    /** The sends every block skips (./voidedSends.ts), kept out of anvil's pool before each block. */
    private readonly voided?: VoidedSends,
    /** The miner's target block size (./sizeLimit.ts): the sends past it wait for the next block. */
    private readonly sizeLimit?: BlockSizeLimit,
  ) {}

  /** anvil's automine as clients see it. */
  get automining(): boolean {
    return this.automine
  }

  /** `evm_setAutomine(on)`: on, the pool's ready transactions are mined. */
  setAutomine(on: boolean): void {
    this.automine = on
    if (on) this.notify()
  }

  /** A send entered anvil's pool (`bid`: its fee and tip caps, when it has them): a block is built when the pacing allows. */
  notify(bid?: Bid): void {
    if (bid && (!this.bid || bid.tipCap > this.bid.tipCap)) this.bid = bid
    this.dirty = true
    if (!this.automine || this.closed || this.running) return
    this.running = true
    void this.loop()
  }

  /**
   * A send's admission starts; the function returned ends it, once the send is in anvil's pool or refused. The
   * block waits for the admissions under way (at most `coalesceMs`), so that the sends of a burst share it.
   */
  startAdmission(): () => void {
    this.admitting++
    let ended = false
    return () => {
      if (ended) return
      ended = true
      if (--this.admitting === 0) for (const resolve of this.admitted.splice(0)) resolve()
    }
  }

  /** Resolves once no send is being admitted, or after `ms`. */
  private admissionsDone(ms: number): Promise<void> {
    if (this.admitting === 0) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms)
      this.admitted.push(() => {
        clearTimeout(timer)
        resolve()
      })
    })
  }

  /**
   * Resolves with true once the transaction `hash` is in a block, false when it is not within `ms`
   * (a nonce gap, a fee cap the base fee passed, automine turned off).
   */
  included(hash: string, ms: number): Promise<boolean> {
    return new Promise((resolve) => {
      const waiter: Waiter = {
        resolve,
        timer: setTimeout(() => {
          this.drop(hash, waiter)
          resolve(false)
        }, ms),
      }
      const list = this.waiters.get(hash)
      if (list) list.push(waiter)
      else this.waiters.set(hash, [waiter])
    })
  }

  /** A head came that the builder did not mine (`evm_mine`, interval mining): the sends it took are answered. */
  async headMoved(): Promise<void> {
    if (this.running || this.waiters.size === 0) return
    await this.resolveMined()
  }

  /** Stops building; the sends still waiting are answered. */
  close(): void {
    this.closed = true
    for (const [hash, list] of this.waiters) for (const w of list) this.settleWaiter(hash, w, false)
  }

  private async loop(): Promise<void> {
    try {
      for (;;) {
        if (!this.automine || this.closed) break
        this.dirty = false
        if (this.pacing === 'node') {
          const wait = await this.untilBuildable()
          if (wait > 0n) {
            await new Promise((resolve) => setTimeout(resolve, Number(wait)))
            continue
          }
        }
        // The sends of a burst being checked go into this block: a send-and-wait loop has none under way.
        await this.admissionsDone(coalesceMs)
        const built = await this.turns.run(() => this.buildOne())
        if (built === 'built') continue
        // Nothing ready, or a block that took none of the ready ones (fee caps the base fee passed): wait for a send.
        if (!this.dirty) break
      }
    } catch {
      // anvil stopping, or a failed block: the next send tries again.
    } finally {
      this.running = false
    }
    if (this.waiters.size > 0) await this.resolveMined().catch(() => undefined)
    if (this.dirty && this.automine && !this.closed) this.notify()
  }

  /** Milliseconds until the next block may be built (`minNextBlockTime`, at the devnet's clock). */
  private async untilBuildable(): Promise<bigint> {
    const plan = await this.blockFees.planNextBlock(undefined, this.bid)
    return plan.timestampMs - this.blockFees.clock.now()
  }

  /** One block of the pool's ready transactions, when it has any. */
  private async buildOne(): Promise<'built' | 'idle' | 'stuck'> {
    if (!this.automine || this.closed) return 'idle'
    // Before the pool's count: a kept send may go back in. Those taken out are answered as not mined (their sends
    // wait no more), as a node's pool keeps them pending.
    if (this.voided?.watching) {
      const plan = await this.blockFees.planNextBlock(undefined, this.bid)
      for (const hash of await this.voided.screen(plan.timestamp))
        for (const w of this.waiters.get(hash) ?? []) this.settleWaiter(hash, w, false)
    }
    const status = await this.anvil.request<{ pending: string }>('txpool_status', [])
    if (BigInt(status.pending) === 0n) return 'idle'
    const bid = this.bid
    this.bid = undefined
    const left = this.sizeLimit ? await this.sizeLimit.leaveOut(BigInt(status.pending)) : []
    try {
      await this.miner.mine(undefined, bid)
    } finally {
      if (left.length > 0) await this.sizeLimit?.putBack(left)
    }
    await this.afterBlock()
    const block = await this.anvil.request<{ transactions: string[] }>('eth_getBlockByNumber', ['latest', false])
    for (const hash of block.transactions) this.resolve(hash)
    return block.transactions.length > 0 ? 'built' : 'stuck'
  }

  /** Answers the waiting sends that a block took, whoever mined it. */
  private async resolveMined(): Promise<void> {
    const hashes = [...this.waiters.keys()]
    if (hashes.length === 0) return
    const receipts = await this.anvil.batch<unknown>(hashes.map((h) => ['eth_getTransactionReceipt', [h]]))
    hashes.forEach((h, i) => {
      if (receipts[i]) this.resolve(h)
    })
  }

  private resolve(hash: string): void {
    for (const w of this.waiters.get(hash) ?? []) this.settleWaiter(hash, w, true)
  }

  private settleWaiter(hash: string, w: Waiter, mined: boolean): void {
    clearTimeout(w.timer)
    this.drop(hash, w)
    w.resolve(mined)
  }

  private drop(hash: string, w: Waiter): void {
    const list = this.waiters.get(hash)
    if (!list) return
    list.splice(list.indexOf(w), 1)
    if (list.length === 0) this.waiters.delete(hash)
  }
}
