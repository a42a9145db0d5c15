/**
 * The devnet's clock (packages/devnet/src/l1/block/clock.ts), with a wall clock the test moves: each block is
 * stamped when built (customheader `GetNextTimestamp`), never before its parent, on Granite no sooner than the
 * parent's minimum delay; time moves shift it as anvil's do.
 */
import { describe, expect, it } from 'vitest'
import { Clock } from '../../packages/devnet/src/l1/block/clock.js'

function clockAt(ms: number) {
  const wall = { ms }
  return { wall, clock: new Clock(() => wall.ms) }
}
const preGranite = (ms: bigint) => ({ ms, hasMs: false, minDelay: undefined })
const granite = (ms: bigint, minDelay = 2000n) => ({ ms, hasMs: true, minDelay })

describe('Clock', () => {
  it('stamps a block with the wall clock, whatever the parent (genesis at 0) says', () => {
    const { clock } = clockAt(1_800_000_000_123)
    expect(clock.nextBlockTime(preGranite(0n))).toBe(1_800_000_000_123n)
    expect(clock.nextBlockTime(granite(0n))).toBe(1_800_000_000_123n)
  })

  it("before Granite, a block built in its parent's second (or before it) takes the parent's time", () => {
    const { clock } = clockAt(1_000_700)
    expect(clock.nextBlockTime(preGranite(1_000_000n))).toBe(1_000_000n)
    expect(clock.nextBlockTime(preGranite(1_005_000n))).toBe(1_005_000n)
  })

  it('on Granite, a burst runs ahead of the wall clock by the minimum delay, then the wall clock takes over', () => {
    const { wall, clock } = clockAt(1_000_000)
    let parent = 1_000_000n
    for (let i = 0; i < 3; i++) parent = clock.nextBlockTime(granite(parent))
    expect(parent).toBe(1_006_000n)
    wall.ms = 1_010_000
    expect(clock.nextBlockTime(granite(parent))).toBe(1_010_000n)
  })

  it('a given time is kept (never before the parent) and, once its block is mined, sets the clock', () => {
    const { wall, clock } = clockAt(1_000_000)
    expect(clock.nextBlockTime(granite(1_000_000n), 1_100n)).toBe(1_100_000n)
    expect(clock.nextBlockTime(granite(1_200_000n), 1_100n)).toBe(1_200_000n)
    clock.pinNext(1_300n)
    expect(clock.given()).toBe(1_300n)
    expect(clock.nextBlockTime(granite(1_000_000n))).toBe(1_300_000n)
    clock.mined(1_300_000n, true)
    expect(clock.given()).toBeUndefined()
    wall.ms += 5_000
    expect(clock.now()).toBe(1_305_000n)
  })

  it("evm_increaseTime counts from the chain's time when the head is ahead of the clock; evm_setTime sets it", () => {
    const { clock } = clockAt(1_000_000)
    clock.increase(10n, 900_000n)
    expect(clock.now()).toBe(1_010_000n)
    clock.increase(10n, 1_030_000n)
    expect(clock.now()).toBe(1_040_000n)
    clock.set(5n)
    expect(clock.now()).toBe(5_000n)
  })

  it('evm_revert undoes the time moves: the wall clock again, or the head while it is ahead', () => {
    const { clock } = clockAt(1_000_000)
    clock.increase(3600n, 0n)
    clock.revert(990_000n)
    expect(clock.now()).toBe(1_000_000n)
    clock.revert(1_004_000n)
    expect(clock.now()).toBe(1_004_000n)
  })
})
