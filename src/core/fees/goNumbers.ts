/**
 * Go's number semantics, which the fee rules keep, and the argument checks built on them: uint64
 * sums saturate where Go saturates, `*big.Int` division is Euclidean, and config values Go reads
 * with `(*big.Int).Uint64()` / `Int64()` are truncated to their low 64 bits as Go does.
 */
import { InvalidArgumentError } from '../../errors/argument.js'

const two64 = 1n << 64n
export const maxUint64 = two64 - 1n
// dynamic_fee_windower.go: maxUint256, the upper clamp of the base fee (v0.7.3+).
export const maxUint256 = (1n << 256n) - 1n

const abs = (x: bigint): bigint => (x < 0n ? -x : x)
/** `(*big.Int).Uint64()`: the low 64 bits of |x| (math/big `low64(x.abs)`). */
export const goUint64 = (x: bigint): bigint => abs(x) & maxUint64
/** `(*big.Int).Int64()`: the low 64 bits of |x| as an int64, negated (with int64 wrap) when x < 0. */
export const goInt64 = (x: bigint): bigint => {
  const v = BigInt.asIntN(64, abs(x) & maxUint64)
  return x < 0n ? BigInt.asIntN(64, -v) : v
}
/** `(*big.Int).Div`: Euclidean division (the remainder is never negative). Throws a RangeError on 0, where Go panics. */
export const goDiv = (x: bigint, y: bigint): bigint => {
  const q = x / y
  return x % y < 0n ? (y > 0n ? q - 1n : q + 1n) : q
}
/** uint64 addition that saturates at 2^64−1 (window.go `add`, via `safemath.SafeAdd`). */
export const saturatingAdd = (a: bigint, b: bigint): bigint => (a + b > maxUint64 ? maxUint64 : a + b)

export const isUint64 = (v: unknown): v is bigint => typeof v === 'bigint' && v >= 0n && v <= maxUint64
const uint64Accepted = 'a uint64 as a bigint, 0n to 2n ** 64n - 1n'

export function checkUint64(argument: string, value: unknown): bigint {
  if (!isUint64(value)) throw new InvalidArgumentError({ argument, value, accepted: uint64Accepted })
  return value
}
/**
 * A header field that viem leaves as the node's hex quantity (`hexutil.Uint64`, `hexutil.Big`:
 * `0x` and no leading zeros) because it does not know it, or a bigint; null when absent.
 */
export function headerQuantity(argument: string, value: unknown): bigint | null {
  if (value == null) return null
  if (typeof value === 'bigint') return value
  if (typeof value === 'string' && /^0x(0|[1-9a-f][\da-f]*)$/i.test(value)) return BigInt(value)
  throw new InvalidArgumentError({
    argument,
    value,
    accepted: "a bigint, or the node's hex quantity (0x and hex digits, no leading zeros)",
  })
}
export function checkNonNegative(argument: string, value: unknown, accepted: string): bigint {
  if (typeof value !== 'bigint' || value < 0n) throw new InvalidArgumentError({ argument, value, accepted })
  return value
}
