/** The node's pool replacement rule (core/txpool/legacypool list.go `Add`, PriceBump 10). */
import { describe, expect, it } from 'vitest'
import { PooledCaps, replaces } from '../../packages/devnet/src/l1/pool/replacement.js'

describe('replaces', () => {
  const old = { feeCap: 100n, tipCap: 10n }
  it('needs both caps at least 10% over the old ones', () => {
    expect(replaces(old, { feeCap: 110n, tipCap: 11n })).toBe(true)
    expect(replaces(old, { feeCap: 109n, tipCap: 11n })).toBe(false)
    expect(replaces(old, { feeCap: 200n, tipCap: 10n })).toBe(false)
  })
  it('needs both strictly higher where 10% rounds down to nothing (wei-level caps)', () => {
    expect(replaces({ feeCap: 5n, tipCap: 1n }, { feeCap: 5n, tipCap: 2n })).toBe(false)
    expect(replaces({ feeCap: 5n, tipCap: 1n }, { feeCap: 6n, tipCap: 2n })).toBe(true)
  })
})

describe('PooledCaps', () => {
  it('keeps caps by sender and nonce, forgets mined nonces, and knows the nonce after the pooled ones', () => {
    const caps = new PooledCaps()
    caps.set('0xAbC', 3n, { feeCap: 1n, tipCap: 1n })
    caps.set('0xabc', 4n, { feeCap: 2n, tipCap: 2n })
    expect(caps.next('0xABC')).toBe(5n)
    expect(caps.at('0xabc', 4n, 0n)).toEqual({ feeCap: 2n, tipCap: 2n })
    expect(caps.at('0xabc', 3n, 4n)).toBeUndefined()
    expect(caps.next('0xabc')).toBe(5n)
    expect(caps.next('0xdef')).toBeUndefined()
  })
})
