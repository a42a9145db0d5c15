/**
 * Typed reads from parsed genesis / upgrade JSON, failing with the file and the JSON
 * path of the offending entry, so a bad file is refused at start with a usable message.
 */

/** A genesis or upgrade file the node would refuse; the message names file and entry. */
export class DevnetConfigError extends Error {
  override name = 'DevnetConfigError'
}

export type Where = { file: string; path: string }

export const at = (w: Where, key: string | number): Where => ({
  file: w.file,
  path: typeof key === 'number' ? `${w.path}[${key}]` : w.path ? `${w.path}.${key}` : key,
})

export function fail(w: Where, message: string): never {
  throw new DevnetConfigError(`${w.file}: ${w.path || '(top level)'}: ${message}`)
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

/** `math.HexOrDecimal256`: a decimal or 0x string, or a bare number; kept as bigint. */
export function readHexOrDecimal256(v: unknown, w: Where): bigint {
  let n: bigint
  if (typeof v === 'bigint') n = v
  else if (typeof v === 'number' && Number.isInteger(v)) n = BigInt(v)
  else if (typeof v === 'string' && /^(0[xX][0-9a-fA-F]+|\d+)$/.test(v)) n = BigInt(v)
  else fail(w, `expected a decimal or 0x-prefixed hex amount, got ${JSON.stringify(typeof v === 'bigint' ? String(v) : v)}`)
  if (n < 0n || n >= 1n << 256n) fail(w, `amount out of the 256-bit range: ${n}`)
  return n
}
