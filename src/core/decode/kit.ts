/**
 * A small decoder kit: every decoder checks the shape it receives and converts it, and
 * a mismatch throws `ResponseShapeError` with the method and the JSON path of the first
 * mismatch. Paths are only formatted when something is wrong.
 *
 * Every byte here ships in every app that uses a decorator, so the kit is written for
 * minified size: one factory per family of checks, fields required unless marked.
 */
import { stringify } from 'viem'
import { PrecisionError, ResponseShapeError } from '../../errors/response.js'

/** Where a value sits: the method and the keys from the result root. */
export type Ctx = { method: string; path: (string | number)[] }
/** Checks and converts one value; `optional` marks a field that may be absent. */
export type Decoder<T> = ((value: unknown, ctx: Ctx) => T) & { optional?: true }

function describe(v: unknown): string {
  let text: string
  try {
    // viem's stringify writes bigints (from a lossless parse) as strings.
    text = v === undefined ? 'nothing' : typeof v === 'bigint' ? `${v}` : (stringify(v) ?? String(v))
  } catch {
    text = String(v)
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}

export function mismatch(ctx: Ctx, expected: string, v: unknown): never {
  throw new ResponseShapeError({ method: ctx.method, path: ctx.path, expected, received: describe(v) })
}

/** Runs `d` on `v` one key deeper. */
function at<T>(d: Decoder<T>, v: unknown, ctx: Ctx, key: string | number): T {
  ctx.path.push(key)
  const out = d(v, ctx)
  ctx.path.pop()
  return out
}

/** A decoder that accepts what `ok` accepts, as is. */
const check =
  <T>(ok: (v: unknown) => boolean, expected: string): Decoder<T> =>
  (v, ctx) =>
    ok(v) ? (v as T) : mismatch(ctx, expected, v)

export const isAddress = (v: unknown) => typeof v === 'string' && /^0x[\da-fA-F]{40}$/.test(v)

export const string = check<string>((v) => typeof v === 'string', 'a string')
export const boolean = check<boolean>((v) => typeof v === 'boolean', 'true or false')
/** A 20-byte hex address (`0x` + 40 hex digits). */
export const address = check<`0x${string}`>(isAddress, 'an address')
/** A 0x-prefixed hex string. */
export const hex = check<`0x${string}`>((v) => typeof v === 'string' && /^0x[\da-fA-F]*$/.test(v), 'hex')

const decimal = /^(0|[1-9]\d*)$/

/**
 * An integer the node types as uint64 or `*big.Int`, as `bigint`: a bare JSON number
 * (exact when safe; a bigint from a lossless parse) or a quoted decimal string.
 */
export const bigint: Decoder<bigint> = (v, ctx) => {
  if (typeof v === 'bigint') return v
  if (Number.isSafeInteger(v)) return BigInt(v as number)
  if (Number.isInteger(v)) throw new PrecisionError({ method: ctx.method, path: ctx.path, value: v as number })
  return typeof v === 'string' && decimal.test(v.replace(/^-(?!0$)/, '')) ? BigInt(v) : mismatch(ctx, 'an integer', v)
}

/** A non-negative `bigint` (uint64 and the like). */
export const unsigned: Decoder<bigint> = (v, ctx) => {
  const n = bigint(v, ctx)
  return n < 0n ? mismatch(ctx, 'a non-negative integer', v) : n
}

/** A non-negative integer up to `max` as `number`, bare or quoted (json.Uint32, uint64 counts). */
const small =
  (max: number, expected: string): Decoder<number> =>
  (v, ctx) => {
    const n = typeof v === 'string' && decimal.test(v) ? Number(v) : v
    return Number.isSafeInteger(n) && (n as number) >= 0 && (n as number) <= max ? (n as number) : mismatch(ctx, expected, v)
  }
export const uint32 = small(0xffffffff, 'a uint32')
/** A small count the node sends as a uint64 string (`numPeers`); must be a safe integer. */
export const count = small(Number.MAX_SAFE_INTEGER, 'a count')

/** A json.Float64 percentage, sent as a 4-decimal string such as "99.0000". */
export const percentage: Decoder<number> = (v, ctx) =>
  Number.isFinite(v) ? (v as number) : typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : mismatch(ctx, 'a percentage', v)

/** An RFC 3339 time as `Date`. */
export const date: Decoder<Date> = (v, ctx) => {
  const d = typeof v === 'string' && /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/.test(v) ? new Date(v) : undefined
  return d && !Number.isNaN(d.getTime()) ? d : mismatch(ctx, 'an RFC 3339 time', v)
}

/** Marks a field that may be absent (left out of the result when it is). */
export const optional = <T>(d: Decoder<T>): Decoder<T> => Object.assign((v: unknown, ctx: Ctx) => d(v, ctx), { optional: true as const })

export const array =
  <T>(d: Decoder<T>): Decoder<T[]> =>
  (v, ctx) =>
    Array.isArray(v) ? v.map((x, i) => at(d, x, ctx, i)) : mismatch(ctx, 'an array', v)

export const nullable =
  <T>(d: Decoder<T>): Decoder<T | null> =>
  (v, ctx) =>
    v === null ? null : d(v, ctx)

/** Sets an own property, also for keys such as `__proto__` that plain assignment would not create. */
function setOwn(o: Record<string, unknown>, key: string, value: unknown) {
  if (key === '__proto__') Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true })
  else o[key] = value
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * A string-keyed map (`vms`, `precompiles`, …) whose values decode with `d`; safe for any
 * key. With `key`, each key must pass it, else the mismatch names `expected`.
 */
export const record =
  <T>(d: Decoder<T>, key?: (k: string) => boolean, expected?: string): Decoder<Record<string, T>> =>
  (v, ctx) => {
    if (!isPlainObject(v)) return mismatch(ctx, 'an object', v)
    const out: Record<string, T> = {}
    for (const k of Object.keys(v)) {
      if (key && !key(k)) {
        ctx.path.push(k)
        mismatch(ctx, `a key that is ${expected}`, k)
      }
      setOwn(out, k, at(d, v[k], ctx, k))
    }
    return out
  }

/**
 * An object with known fields (in this order; required unless `optional`), and a rule for
 * the others: `keep` them as they are, decode them with a function of the key, or `drop` them.
 */
export const object =
  <T>(fields: Record<string, Decoder<unknown>>, rest: 'keep' | 'drop' | ((key: string) => Decoder<unknown> | undefined) = 'keep'): Decoder<T> =>
  (v, ctx) => {
    if (!isPlainObject(v)) return mismatch(ctx, 'an object', v)
    const out: Record<string, unknown> = {}
    for (const k in fields) {
      const d = fields[k]!
      if (v[k] === undefined) {
        if (!d.optional) {
          ctx.path.push(k)
          mismatch(ctx, 'a value', undefined)
        }
      } else out[k] = at(d, v[k], ctx, k)
    }
    if (rest !== 'drop')
      for (const k of Object.keys(v))
        if (!Object.hasOwn(fields, k)) {
          const d = rest === 'keep' ? undefined : rest(k)
          setOwn(out, k, d ? at(d, v[k], ctx, k) : v[k])
        }
    return out as T
  }

/** Decodes a method's whole result. */
export function decodeResult<T>(d: Decoder<T>, method: string, value: unknown): T {
  return d(value, { method, path: [] })
}

/** The one field of a reply that matters, e.g. `5` of `{ "networkID": 5 }`; other keys are ignored. */
export const field =
  <T>(key: string, d: Decoder<T>): Decoder<T> =>
  (v, ctx) =>
    object<Record<string, T>>({ [key]: d }, 'drop')(v, ctx)[key]!
