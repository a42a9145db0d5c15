/**
 * Typed reads from parsed genesis / upgrade JSON, failing with the file and the JSON
 * path of the offending entry, so a bad file is refused at start with a usable message.
 */

import { ChainConfigError } from '../../errors/config.js'

export type Where = { file: string; path: string }

export const at = (w: Where, key: string | number): Where => ({
  file: w.file,
  path: typeof key === 'number' ? `${w.path}[${key}]` : w.path ? `${w.path}.${key}` : key,
})

export function fail(w: Where, message: string): never {
  throw new ChainConfigError(`${w.file}: ${w.path || '(top level)'}: ${message}`)
}

const typeOf = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v === 'bigint' ? 'number' : typeof v)

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

export function readObject(v: unknown, w: Where): Record<string, unknown> {
  if (!isObject(v)) fail(w, `expected an object, got ${typeOf(v)}`)
  return v
}

export function readArray(v: unknown, w: Where): unknown[] {
  if (!Array.isArray(v)) fail(w, `expected an array, got ${typeOf(v)}`)
  return v
}

export function readBool(v: unknown, w: Where): boolean {
  if (typeof v !== 'boolean') fail(w, `expected true or false, got ${typeOf(v)}`)
  return v
}

/** A `*big.Int` field: a bare JSON integer of any size (Go rejects quoted strings here). */
export function readBigInt(v: unknown, w: Where): bigint {
  if (typeof v === 'bigint') return v
  if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v)
  fail(w, `expected a JSON integer, got ${typeOf(v) === 'number' ? String(v) : typeOf(v)}`)
}

const maxUint64 = (1n << 64n) - 1n

/** A `uint64` field: a bare non-negative JSON integer below 2^64. */
export function readUint64(v: unknown, w: Where): bigint {
  const n = readBigInt(v, w)
  if (n < 0n || n > maxUint64) fail(w, `expected an unsigned 64-bit integer, got ${n}`)
  return n
}

const addressPattern = /^0x[0-9a-fA-F]{40}$/

/** A `common.Address`: 0x and 40 hex digits; written back lower-case as Go does. */
export function readAddress(v: unknown, w: Where): `0x${string}` {
  if (typeof v !== 'string' || !addressPattern.test(v)) fail(w, `expected an address (0x and 40 hex digits), got ${JSON.stringify(v)}`)
  return v.toLowerCase() as `0x${string}`
}

/**
 * A libevm `*math.HexOrDecimal256` (`common/math/big.go`): `UnmarshalJSON` strips the quotes
 * of a string (a bare number goes through as its text), then `ParseBig256` reads `""` as 0,
 * `0x`/`0X` and hex digits, or decimal digits, either with an optional sign (`big.Int.SetString`),
 * leading zeros allowed; more than 256 bits is refused. The sign is checked by the field's own
 * rules (an initial mint must be positive, a balance change may be negative).
 */
export function readHexOrDecimal256(v: unknown, w: Where): bigint {
  let text: string
  if (typeof v === 'string') text = v
  else if (typeof v === 'bigint' || (typeof v === 'number' && Number.isInteger(v))) text = BigInt(v).toString()
  else fail(w, `invalid hex or decimal integer ${JSON.stringify(typeof v === 'number' ? String(v) : v)}`)
  const hex = /^0[xX]/.test(text)
  const m = (hex ? /^([+-]?)([0-9a-fA-F]+)$/ : /^([+-]?)([0-9]+)$/).exec(hex ? text.slice(2) : text)
  if (text !== '' && !m) fail(w, `invalid hex or decimal integer ${JSON.stringify(text)}`)
  const abs = m ? BigInt(hex ? `0x${m[2]}` : m[2]!) : 0n
  if (abs >> 256n) fail(w, `invalid hex or decimal integer ${JSON.stringify(text)}`)
  return m?.[1] === '-' ? -abs : abs
}

/** How `HexOrDecimal256.MarshalText` writes `n`: `fmt.Sprintf("%#x")`, so `0x0`, `0x…`, `-0x…`. */
export function hexOrDecimal256Text(n: bigint): string {
  return n < 0n ? `-0x${(-n).toString(16)}` : `0x${n.toString(16)}`
}
