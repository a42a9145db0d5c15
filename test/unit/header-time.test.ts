/**
 * `verifyHeaderTime`, the node's `customheader.VerifyTime` (plugin/evm/customheader/time.go): each rule and
 * Go's error text.
 */
import { describe, expect, it } from 'vitest'
import { verifyHeaderTime } from '../../src/fees.js'
import { delayOf, initialDelayExcess } from '../../src/internal.js'

const granite = { graniteTimestamp: 1_000n }
const graniteParent = { timestamp: 2_000n, timestampMilliseconds: 2_000_500n, minDelayExcess: initialDelayExcess }
const at = (ms: bigint) => ({ timestamp: ms / 1000n, timestampMilliseconds: ms, minDelayExcess: initialDelayExcess })

describe('customheader.VerifyTime', () => {
  it('before Granite: the same second as the parent is allowed, an earlier one is too old, milliseconds are refused', () => {
    const parent = { timestamp: 100n }
    expect(verifyHeaderTime({ parent, header: { timestamp: 100n }, upgrades: granite })).toEqual({ ok: true })
    expect(verifyHeaderTime({ parent, header: { timestamp: 99n }, upgrades: granite })).toEqual({
      ok: false,
      reason: 'blockTooOld',
      message: 'block timestamp is too old: 99000 < parent 100000',
    })
    expect(verifyHeaderTime({ parent, header: { timestamp: 101n, timestampMilliseconds: 101_000n }, upgrades: granite })).toEqual({
      ok: false,
      reason: 'timeMillisecondsBeforeGranite',
      message: 'TimeMilliseconds should be nil before Granite activation',
    })
    // Granite never scheduled: the same.
    expect(verifyHeaderTime({ parent, header: { timestamp: 101n } }).ok).toBe(true)
  })

  it('at most MaxFutureBlockTime (10 s) past the clock, when a clock is given', () => {
    const parent = { timestamp: 100n }
    expect(verifyHeaderTime({ parent, header: { timestamp: 110n }, now: 100_000n }).ok).toBe(true)
    expect(verifyHeaderTime({ parent, header: { timestamp: 111n }, now: 100_000n })).toEqual({
      ok: false,
      reason: 'blockTooFarInFuture',
      message: 'block timestamp is too far in the future: 111000 > allowed 110000',
    })
  })

  it('from Granite: milliseconds required and matching the seconds', () => {
    expect(verifyHeaderTime({ parent: graniteParent, header: { timestamp: 2_010n }, upgrades: granite })).toMatchObject({
      reason: 'timeMillisecondsRequired',
      message: 'TimeMilliseconds is required after Granite activation',
    })
    expect(
      verifyHeaderTime({ parent: graniteParent, header: { timestamp: 2_011n, timestampMilliseconds: 2_010_000n }, upgrades: granite }),
    ).toMatchObject({
      reason: 'timeMillisecondsMismatched',
      message: 'TimeMilliseconds does not match header.Time: header.Time (2011) != TimeMilliseconds/1000 = (2010)',
    })
  })

  it("from Granite: at least the parent's minimum delay after it, in milliseconds", () => {
    expect(delayOf(initialDelayExcess)).toBe(2000n)
    expect(verifyHeaderTime({ parent: graniteParent, header: at(2_002_500n), upgrades: granite })).toEqual({ ok: true })
    expect(verifyHeaderTime({ parent: graniteParent, header: at(2_002_499n), upgrades: granite })).toEqual({
      ok: false,
      reason: 'minDelayNotMet',
      message: 'minimum block delay not met: actual delay 1999ms < required 2000ms',
    })
    // The node's hex quantities are read too.
    const hex = (v: bigint) => `0x${v.toString(16)}` as const
    const parent = { timestamp: 2_000n, timestampMilliseconds: hex(2_000_500n), minDelayExcess: hex(initialDelayExcess) }
    expect(verifyHeaderTime({ parent, header: { timestamp: 2_001n, timestampMilliseconds: hex(2_001_000n) }, upgrades: granite }).ok).toBe(
      false,
    )
  })

  it('the first Granite block: its parent has no minimum delay excess, so no delay is required', () => {
    const parent = { timestamp: 999n }
    expect(verifyHeaderTime({ parent, header: at(1_000_000n), upgrades: granite })).toEqual({ ok: true })
    expect(verifyHeaderTime({ parent, header: at(998_999n), upgrades: { graniteTimestamp: 0n } }).ok).toBe(false)
  })
})
