/**
 * The block cycle, with one owner. A node builds a block in one go (miner/worker.go `commitNewWork`):
 * the header's time and fees, `ApplyUpgrades` (precompile activations, state upgrades) before the
 * transactions, and once the block is accepted, its fees credited to the coinbase
 * (core/state_transition.go) and its Warp messages kept (warp/backend.go `AddMessage`). anvil mines the
 * block itself, so the devnet does the rest around it:
 *
 * - `prepare`, before anvil mines a block on the head: time, base fee, gas limit and coinbase
 *   (./blockFees.ts), then the activations and state upgrades of that time, with the values they replace
 *   kept as the parent's state (../precompiles/runtime.ts `prepareBlock`, ../precompiles/parentState.ts);
 * - anvil mines: `mine` here (the block builder's, ./builder.ts, or `anvil_mine`'s), a forwarded `evm_mine`;
 * - `settle`, once per new head, whoever mined it (the devnet, a client on anvil's own URL, anvil's
 *   interval mining): the precompiles in step with it (mint top-ups, Warp messages, the schedule;
 *   ../precompiles/runtime.ts `follow`) and the base fee part of its fees to its coinbase.
 *
 * Preparing and settling run one at a time, in order. The transactions waiting in the devnet's pool for the
 * base fee to fall (../pool/pendingPool.ts) go in through the endpoint, as a client's would, once a
 * block built now would take them (miner/worker.go skips a transaction under the block's base fee).
 */
import type { PendingPool } from '../pool/pendingPool.js'
import type { PrecompileRuntime } from '../precompiles/runtime.js'
import type { AnvilClient } from '../anvilClient.js'
import type { BlockFees, NextBlockPlan } from './blockFees.js'
import type { WarpPredicateService } from '../warp/warpPredicates.js'

export class Miner {
  private queue: Promise<void> = Promise.resolve()
  /** Preparations and settlements queued or running. */
  private busy = 0
  /** The head the last settlement was at. */
  private settledHash: string | undefined
  /** While transactions wait in the pool: how often the base fee of a block built now is compared with their fee caps. */
  private poolTimer: ReturnType<typeof setInterval> | undefined
  private includingWaiting = false

  constructor(
    private readonly anvil: AnvilClient,
    private readonly blockFees: BlockFees,
    private readonly precompiles: PrecompileRuntime,
    private readonly pool: PendingPool,
    /** Sends a raw transaction through the devnet's endpoint, with its checks. */
    private readonly submit: (raw: string) => Promise<void>,
    /** Warp's predicates, staged for the block about to be mined (../warp/warpPredicates.ts). */
    private readonly warp?: WarpPredicateService,
  ) {}

  /** Whether no preparation or settlement is queued or running. */
  get idle(): boolean {
    return !this.busy
  }

  /** Whether the last settlement was at the block `hash` and none is under way: nothing to bring in line. */
  isSettledAt(hash: string): boolean {
    return !this.busy && hash === this.settledHash
  }

  /** A settlement queued and not started yet, which callers meanwhile share (a burst of sends asks for one each). */
  private queuedSettle: Promise<void> | undefined

  /** Settles the head if it is new: a look at the head that starts after the call. */
  settle(): Promise<void> {
    this.queuedSettle ??= this.enqueue(() => {
      this.queuedSettle = undefined
      return this.settleNow()
    })
    return this.queuedSettle
  }

  /**
   * Prepares the next block on the head, at `time` when given (`evm_mine`'s timestamp), else at the time
   * anvil gives it; `plan` is the one a send checked its fee cap against. Only for a block mined right
   * after: a time pinned for a block that is not mined would stop the chain's clock until one is.
   */
  async prepare(time?: bigint, plan?: NextBlockPlan): Promise<void> {
    const next = plan ?? (await this.blockFees.planNextBlock(time))
    await this.blockFees.setNextBlock(next)
    // The activations last: the fees and coinbase read the parent's state, which anvil's state then no longer is.
    await this.enqueue(async () => {
      await this.settleNow()
      const latest = await this.anvil.latest()
      if (latest.hash === next.parent.hash) {
        await this.precompiles.prepareBlock(latest, next.timestamp)
        await this.warp?.stage(latest.number + 1n, next.timestamp)
      }
    })
  }

  /**
   * Mines one block on the head: prepared, mined, settled. `bid`: the fee and tip caps of a send it is
   * for, so that before Granite its time is the first its tips pay the block gas cost at (./blockFees.ts `planNextBlock`).
   */
  async mine(time?: bigint, bid?: { feeCap: bigint; tipCap: bigint }): Promise<void> {
    await this.prepare(time, bid && (await this.blockFees.planNextBlock(time, bid)))
    await this.anvil.request('evm_mine', [])
    await this.settle()
  }

  /** Watches the pool until the transactions waiting in it are taken (called when one starts waiting). */
  watchPool(): void {
    this.poolTimer ??= setInterval(() => void this.includeWaiting(), 200)
    this.poolTimer.unref?.()
  }

  /** Stops watching the pool. */
  close(): void {
    if (this.poolTimer) clearInterval(this.poolTimer)
    this.poolTimer = undefined
  }

  private async includeWaiting(): Promise<void> {
    if (this.includingWaiting) return
    this.includingWaiting = true
    try {
      for (const tx of this.pool.ready(await this.blockFees.estimateBaseFee())) {
        this.pool.remove(tx)
        await this.submit(tx.raw)
      }
      if (this.pool.isEmpty) this.close()
    } catch {
      // The next turn tries again (anvil busy, a block being mined).
    } finally {
      this.includingWaiting = false
    }
  }

  /**
   * Runs `work` once the head is settled, with no block prepared or settled meanwhile: what the devnet keeps
   * of the chain (a state dir's snapshot, ../persist.ts) is then in step with it.
   */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    let out: T | undefined
    await this.enqueue(async () => {
      await this.settleNow()
      out = await work()
    })
    return out as T
  }

  private enqueue(work: () => Promise<void>): Promise<void> {
    this.busy++
    const next = this.queue.then(work).finally(() => this.busy--)
    this.queue = next.catch(() => undefined)
    return next
  }

  private async settleNow(): Promise<void> {
    const latest = await this.anvil.latest()
    if (latest.hash === this.settledHash) return
    await this.precompiles.follow(latest)
    await this.blockFees.creditFees(latest)
    this.settledHash = latest.hash
  }
}
