/**
 * When a node voids a DELEGATECALL or CALLCODE into a precompile (packages/devnet/src/l1/precompiles/delegation.ts,
 * params/hooks_libevm.go `makePrecompile`): from `InvalidateDelegateUnix` until Granite; and which call a trace shows.
 */
import { describe, expect, it } from 'vitest'
import {
  delegatedCallType,
  hasDelegationWindow,
  invalidateDelegateUnix,
  invalidatesDelegation,
  invalidationText,
} from '../../packages/devnet/src/l1/precompiles/delegation.js'

const spec = (graniteTimestamp?: bigint) => ({ networkUpgrades: graniteTimestamp === undefined ? {} : { graniteTimestamp } }) as never

describe('the InvalidateDelegateUnix window', () => {
  it('is 2025-08-02T04:00:00Z', () => {
    expect(new Date(Number(invalidateDelegateUnix) * 1000).toISOString()).toBe('2025-08-02T04:00:00.000Z')
  })

  it('runs from InvalidateDelegateUnix to the block before Granite', () => {
    const granite = invalidateDelegateUnix + 100n
    expect(invalidatesDelegation(spec(granite), invalidateDelegateUnix - 1n)).toBe(false)
    expect(invalidatesDelegation(spec(granite), invalidateDelegateUnix)).toBe(true)
    expect(invalidatesDelegation(spec(granite), granite - 1n)).toBe(true)
    expect(invalidatesDelegation(spec(granite), granite)).toBe(false)
    // Granite not scheduled: every block from InvalidateDelegateUnix.
    expect(invalidatesDelegation(spec(), invalidateDelegateUnix + 10n ** 9n)).toBe(true)
  })

  it('does not exist on a chain whose Granite came first (a local network: 2020) or before its genesis', () => {
    const genesis = 1_700_000_000n
    expect(hasDelegationWindow(spec(1_607_144_400n), genesis)).toBe(false)
    expect(hasDelegationWindow(spec(invalidateDelegateUnix), genesis)).toBe(false)
    expect(hasDelegationWindow(spec(invalidateDelegateUnix + 1n), genesis)).toBe(true)
    expect(hasDelegationWindow(spec(), genesis)).toBe(true)
    // Fuji's Granite (2025-10-29) on a chain whose genesis is later: no block before it.
    expect(hasDelegationWindow(spec(1_761_750_000n), 1_761_750_000n)).toBe(false)
    expect(hasDelegationWindow(spec(1_761_750_000n), 1_761_749_999n)).toBe(true)
  })
})

describe('delegatedCallType', () => {
  const minter = '0x0200000000000000000000000000000000000001'
  const isPrecompile = (a: string) => a.toLowerCase() === minter

  it('finds a DELEGATECALL or CALLCODE into a precompile at any depth, the last one in execution order', () => {
    const trace = {
      type: 'CALL',
      calls: [
        { type: 'CALL', to: minter },
        { type: 'CALL', to: '0x01', calls: [{ type: 'CALLCODE', to: minter }] },
        { type: 'DELEGATECALL', to: minter.toUpperCase().replace('0X', '0x') },
      ],
    }
    expect(delegatedCallType(trace, isPrecompile)).toBe('DELEGATECALL')
    expect(
      delegatedCallType({ calls: [{ type: 'DELEGATECALL', to: minter, calls: [{ type: 'CALLCODE', to: minter }] }] }, isPrecompile),
    ).toBe('CALLCODE')
  })

  it('ignores plain calls, static calls and DELEGATECALLs into other code', () => {
    expect(
      delegatedCallType(
        {
          calls: [
            { type: 'CALL', to: minter },
            { type: 'STATICCALL', to: minter },
            { type: 'DELEGATECALL', to: '0x02' },
          ],
        },
        isPrecompile,
      ),
    ).toBeUndefined()
  })

  it("gives the node's text", () => {
    expect(invalidationText('CALLCODE')).toBe('precompile cannot be called with CALLCODE')
  })
})
