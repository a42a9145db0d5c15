/** The Warp API's arguments, checked before any request: 32-byte IDs and the quorum numerator. */
import { decodeCb58, encodeCb58 } from '../cb58.js'
import { InvalidArgumentError } from '../../errors/argument.js'
import { WarpQuorumError } from '../../errors/warp.js'

/**
 * A 32-byte ID as the node reads it (CB58), from CB58 or from 0x-hex of 32 bytes (a `SendWarpMessage` log's
 * message ID topic, a block hash). Throws InvalidArgumentError for anything else.
 */
export function warpId(argument: string, value: unknown): string {
  if (typeof value === 'string') {
    if (/^0x[\da-fA-F]{64}$/.test(value)) return encodeCb58(Uint8Array.from(value.slice(2).match(/../g)!, (b) => Number.parseInt(b, 16)))
    try {
      if (decodeCb58(value).length === 32) return value
    } catch {}
  }
  throw new InvalidArgumentError({ argument, value, accepted: 'a 32-byte ID in CB58, or 0x and 64 hex digits' })
}

/** `WarpQuorumNumeratorMinimum`, `WarpDefaultQuorumNumerator` and `WarpQuorumDenominator` (precompile/contracts/warp/config.go). */
export const warpQuorum = { minimum: 33n, default: 67n, denominator: 100n } as const

/** A quorum numerator from 33 to 100 (default 67), as a bigint; throws WarpQuorumError before any request. */
export function quorumNumerator(value: unknown): bigint {
  if (value === undefined) return warpQuorum.default
  const n = typeof value === 'bigint' ? value : Number.isSafeInteger(value) ? BigInt(value as number) : -1n
  if (n < warpQuorum.minimum || n > warpQuorum.denominator) throw new WarpQuorumError(value, warpQuorum.denominator)
  return n
}
