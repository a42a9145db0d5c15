/**
 * A small decoder kit: every decoder checks the shape it receives and converts it, and
 * a mismatch throws `ResponseShapeError` with the method and the JSON path of the first
 * mismatch.
 *
 * The path costs nothing on success: a mismatch is thrown as a plain record, each
 * container on the way up adds its key, and `decodeResult` turns it into the error. Every
 * byte here ships in every app that uses a decorator, so the kit is written for minified
 * size: one factory per family of checks, fields required unless marked.
 */
import { show } from '../../errors/show.js'
import { PrecisionError, ResponseShapeError } from '../../errors/response.js'

/** Checks and converts one value; `optional` marks a field that may be absent. */
export type Decoder<T> = ((value: unknown) => T) & { optional?: true }

/**
 * A mismatch on its way up to `decodeResult`, its JSON path growing at each container
 * (`.peers`, `[3]`, `["a b"]`); no `expected` means an integer rounded by JSON.parse.
 */
type Mismatch = { path: string; value: unknown; expected?: string }

export function mismatch(expected: string | undefined, value: unknown): never {
  throw { path: '', value, expected } satisfies Mismatch
}

/** Runs `d` on `v`, the value at `key` of the container being decoded. */
function at<T>(d: Decoder<T>, v: unknown, key: string | number): T {
  try {
    return d(v)
  } catch (e) {
    const m = e as Mismatch
    // `.name` for identifier keys; array indexes and other keys in brackets: `[3]`, `["a b"]`.
    if (m.path != null) m.path = (/^[a-z_]\w*$/i.test(key as string) ? `.${key}` : `[${JSON.stringify(key)}]`) + m.path
    throw e
  }
}

/** A decoder that accepts what `ok` accepts, as is. */
const check =
  <T>(ok: (v: unknown) => boolean, expected: string): Decoder<T> =>
  (v) =>
    ok(v) ? (v as T) : mismatch(expected, v)

export const isAddress = (v: unknown) => typeof v === 'string' && /^0x[\da-f]{40}$/i.test(v)
/** A libevm `common.Hash` (`common/types.go`, `UnmarshalText`): `0x` and exactly 64 hex digits. */
export const isHash = (v: unknown) => typeof v === 'string' && /^0x[\da-f]{64}$/i.test(v)

export const string = /* @__PURE__ */ check<string>((v) => typeof v === 'string', 'a string')
export const boolean = /* @__PURE__ */ check<boolean>((v) => typeof v === 'boolean', 'a boolean')
/** A 20-byte hex address (`0x` + 40 hex digits). */
export const address = /* @__PURE__ */ check<`0x${string}`>(isAddress, 'an address')
/** A 0x-prefixed hex string. */
export const hex = /* @__PURE__ */ check<`0x${string}`>((v) => typeof v === 'string' && /^0x[\da-f]*$/i.test(v), 'hex')
/** A 32-byte hash (`common.Hash`). */
export const hash = /* @__PURE__ */ check<`0x${string}`>(isHash, 'a 32-byte hash')

const decimal = /^(0|[1-9]\d*)$/

/**
 * A Go `*big.Int` as `bigint`: a bare JSON integer of any size and sign, as
 * `big.Int.MarshalJSON` writes it (exact when safe; a bigint from a lossless parse). A quoted
 * string is refused, as `big.Int.UnmarshalJSON` refuses it.
 */
export const bigInt: Decoder<bigint> = (v) =>
  typeof v === 'bigint'
    ? v
    : Number.isSafeInteger(v)
      ? BigInt(v as number)
      : // An unsafe integer that arrived as a number was already rounded: a precision error, not a shape error.
        mismatch(Number.isInteger(v) ? undefined : 'an integer', v)

/** A Go `uint64` (encoding/json: a bare JSON integer from 0 to 2^64-1). */
export const uint64: Decoder<bigint> = (v) => {
  const n = bigInt(v)
  return n < 0n || n >> 64n ? mismatch('a uint64', v) : n
}

/** An integer bare or as a quoted decimal string, of any size and sign. */
export const bigint: Decoder<bigint> = (v) => bigInt(typeof v === 'string' && /^(0|-?[1-9]\d*)$/.test(v) ? BigInt(v) : v)

/** avalanchego's `json.Uint64` (`utils/json/uint64.go`): a uint64 it writes quoted, and also reads bare. */
export const unsigned: Decoder<bigint> = (v) => uint64(typeof v === 'string' && decimal.test(v) ? BigInt(v) : v)

/**
 * A libevm `*math.HexOrDecimal256` (`common/math/big.go`) as an exact `bigint`. The node
 * writes it with `MarshalText`, `fmt.Sprintf("%#x")`: a quoted hex string, `"0x0"` for zero
 * and `"-0x…"` when negative (a state upgrade's `balanceChange` may be). Quoted decimals,
 * which `UnmarshalText` also reads, are accepted too; Go refuses more than 256 bits.
 */
export const hexOrDecimal256: Decoder<bigint> = (v) => {
  const m = typeof v === 'string' && /^(-?)(0x[\da-f]+|\d+)$/i.exec(v)
  const n = m ? BigInt(m[2]!) : 0n
  return m && !(n >> 256n) ? (m[1] ? -n : n) : mismatch('a 256-bit hex or decimal integer', v)
}

/**
 * A json.Uint32 (and small uint64 counts such as `numPeers`) as `number`, bare or quoted.
 */
export const uint32: Decoder<number> = (v) => {
  const n = typeof v === 'string' && decimal.test(v) ? +v : v
  // `>>> 0` keeps a number only if it is an integer from 0 to 2^32-1.
  return typeof n === 'number' && n >>> 0 === n ? n : mismatch('a uint32', v)
}

/** A json.Float64 percentage (`utils/json/float64.go`): always a decimal string on the wire, such as "99.0000". */
export const percentage: Decoder<number> = (v) => (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? +v : mismatch('a percentage', v))

/** An RFC 3339 time as `Date`. */
export const date: Decoder<Date> = (v) => {
  const d = new Date(typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v) ? v : NaN)
  return Number.isNaN(d.getTime()) ? mismatch('an RFC 3339 time', v) : d
}

/** Marks a field that may be absent (left out of the result when it is). */
export const optional = <T>(d: Decoder<T>): Decoder<T> => Object.assign((v: unknown) => d(v), { optional: true as const })

export const array =
  <T>(d: Decoder<T>): Decoder<T[]> =>
  (v) =>
    Array.isArray(v) ? v.map((x, i) => at(d, x, i)) : mismatch('an array', v)

export const nullable =
  <T>(d: Decoder<T>): Decoder<T | null> =>
  (v) =>
    v === null ? null : d(v)

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * An object with known fields (in this order; required unless `optional`, and a missing
 * one is a mismatch of its own decoder). Other keys are kept as they are, or decoded with
 * the decoder `rest` gives for the key.
 */
export const object = <T>(fields: Record<string, Decoder<unknown>>, rest?: (key: string) => Decoder<unknown> | undefined): Decoder<T> => {
  // The known fields as a list, made once: the decoder runs once per object of every reply.
  const known = Object.entries(fields)
  return (v) => {
    if (!isPlainObject(v)) return mismatch('an object', v)
    let out: Record<string, unknown> = {}
    let found = 0
    for (const [k, d] of known) {
      const value = v[k]
      if (value !== undefined) found++
      if (value !== undefined || !d.optional) out[k] = at(d, value, k)
    }
    // Other keys, kept or decoded with `rest`; skipped when every key of `v` was a known one.
    const keys = Object.keys(v)
    if (keys.length > found)
      for (const k of keys)
        if (!Object.hasOwn(fields, k)) {
          const d = rest?.(k)
          const value = d ? at(d, v[k], k) : v[k]
          // Assigning `__proto__` would set the prototype; a computed key in a literal makes it an own property.
          if (k === '__proto__') out = { ...out, [k]: value }
          else out[k] = value
        }
    return out as T
  }
}

/**
 * A string-keyed map (`vms`, `precompiles`, …) whose values decode with `d`; safe for any
 * key. With `key`, each key must pass it, else the mismatch names `expected`.
 */
export const record = <T>(d: Decoder<T>, key?: (k: string) => boolean, expected?: string): Decoder<Record<string, T>> =>
  object({}, (k) => (!key || key(k) ? d : () => mismatch(`a key that is ${expected}`, k)))

/** The one field of a reply that matters, e.g. `5` of `{ "networkID": 5 }`. */
export const field = <T>(key: string, d: Decoder<T>): Decoder<T> => {
  const whole = object<Record<string, T>>({ [key]: d })
  return (v) => whole(v)[key]!
}

/** Decodes a method's whole result; a mismatch becomes `ResponseShapeError` or `PrecisionError`. */
export function decodeResult<T>(d: Decoder<T>, method: string, value: unknown): T {
  try {
    return d(value)
  } catch (e) {
    const { path, value: v, expected } = e as Mismatch
    if (path == null) throw e
    throw expected
      ? new ResponseShapeError({ method, path: `$${path}`, expected, received: show(v) })
      : new PrecisionError({ method, path: `$${path}`, value: v as number })
  }
}
