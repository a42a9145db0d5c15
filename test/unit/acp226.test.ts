/**
 * ACP-226's delay excess (src/core/acp226.ts) against the values of avalanchego's
 * `vms/evm/acp226` tests: each excess's delay, and the smallest excess for each delay.
 */
import { describe, expect, it } from 'vitest'
import { delayOf, desiredDelayExcess, initialDelayExcess } from '../../src/core/acp226.js'

const maxUint64 = (1n << 64n) - 1n
const maxDelayExcess = 46_516_320n

// [excess, delay in ms, whether the excess is the smallest with that delay]
const vectors: [bigint, bigint, boolean][] = [
  [0n, 1n, true],
  [726_820n, 2n, true],
  [200n, 1n, false],
  [4_828_872n, 100n, true],
  [6_516_490n, 500n, true],
  [7_243_307n, 1_000n, true],
  [initialDelayExcess, 2_000n, true],
  [8_930_925n, 5_000n, true],
  [9_657_742n, 10_000n, true],
  [11_536_538n, 60_000n, true],
  [13_224_156n, 300_000n, true],
  [45_789_502n, 9_223_368_741_047_657_702n, true],
  [maxDelayExcess - 1n, 18_446_728_723_565_431_225n, true],
  [maxDelayExcess, maxUint64, true],
  [maxUint64, maxUint64, false],
]

describe('ACP-226 delay excess', () => {
  it.each(vectors)('excess %s is a delay of %s ms', (excess, delay) => {
    expect(delayOf(excess)).toBe(delay)
  })

  it.each(vectors.filter(([, , smallest]) => smallest))('excess %s is the smallest with a delay of %s ms', (excess, delay) => {
    expect(desiredDelayExcess(delay)).toBe(excess)
  })

  it('the initial excess is the 2,000 ms a genesis may not exceed', () => {
    expect(delayOf(initialDelayExcess)).toBe(2_000n)
    expect(delayOf(initialDelayExcess - 1n)).toBe(1_999n)
  })
})
