/**
 * The devnet's clock, which stamps each block as a node's builder does (miner/worker.go `commitNewWork`,
 * customheader `GetNextTimestamp`): the time it is built, whatever the genesis timestamp. Before Granite a
 * block built while the clock is not past its parent's second takes its parent's time; from Granite it is
 * stamped in milliseconds, and a node waits out the parent's minimum delay (ACP-226) before it builds,
 * which `VerifyTime` enforces. The devnet never sleeps: it stamps the block at the earliest time the node
 * would accept, so under a burst of blocks the chain's time runs ahead of the wall clock, and later blocks
 * take the wall clock again once it has caught up.
 *
 * The time moves of anvil (`evm_increaseTime`, `evm_setTime`, `evm_setNextBlockTimestamp` and their
 * `anvil_*` names) move this clock too, once anvil has taken them.
 */
export class Clock {
  /** Milliseconds added to the wall clock (`evm_increaseTime`, `evm_setTime`). */
  private offset = 0n
  /** The next block's time in seconds (`evm_setNextBlockTimestamp`), until a block is mined. */
  private pinned: bigint | undefined

  constructor(private readonly wallClock: () => number = Date.now) {}

  /** The clock's time, unix milliseconds. */
  now(): bigint {
    return BigInt(this.wallClock()) + this.offset
  }

  /**
   * `evm_increaseTime(seconds)`, from the chain's time: the head's (`headMs`) when the chain has run ahead of
   * the clock, so that, as on anvil, the next block comes `seconds` after the head at the least.
   */
  increase(seconds: bigint, headMs: bigint): void {
    const now = this.now()
    if (headMs > now) this.offset += headMs - now
    this.offset += seconds * 1000n
  }

  /**
   * `evm_revert` to a head at `headMs`: the time moves since are undone (anvil resets its clock to the head's
   * time), so the clock reads the wall clock again, or the head's time while the head is ahead of it.
   */
  revert(headMs: bigint): void {
    const wall = BigInt(this.wallClock())
    this.offset = headMs > wall ? headMs - wall : 0n
  }

  /** `evm_setTime(seconds)`: the clock reads `seconds` now. */
  set(seconds: bigint): void {
    this.offset = seconds * 1000n - BigInt(this.wallClock())
  }

  /** `evm_setNextBlockTimestamp(seconds)`: the next block's time. */
  pinNext(seconds: bigint): void {
    this.pinned = seconds
  }

  /** The time in seconds a client gave the next block: `time`, else a pinned one. */
  given(time?: bigint): bigint | undefined {
    return time ?? this.pinned
  }

  /** A block is mined at `ms`: a pinned time is used up; a time a client gave sets the clock, as on anvil. */
  mined(ms: bigint, given: boolean): void {
    this.pinned = undefined
    if (given) this.offset = ms - BigInt(this.wallClock())
  }

  /**
   * The next block's time in milliseconds. A time a client gave (`time` in seconds, else a pinned one) is
   * kept, but never before the parent. Else the clock's (`GetNextTimestamp`: the parent's second while the
   * clock is not past it, for a parent without milliseconds), at least `minDelay` ms after the parent
   * (Granite's `VerifyTime`).
   */
  nextBlockTime(parent: { ms: bigint; hasMs: boolean; minDelay: bigint | undefined }, time?: bigint): bigint {
    const given = this.given(time)
    if (given !== undefined) return given * 1000n < parent.ms ? parent.ms : given * 1000n
    const now = this.now()
    if (!parent.hasMs && parent.ms / 1000n >= now / 1000n) return parent.ms
    const earliest = parent.ms + (parent.minDelay ?? 0n)
    return now < earliest ? earliest : now
  }
}
