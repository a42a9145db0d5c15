/**
 * A small decoder kit: every decoder checks the shape it receives and converts it, and
 * a mismatch throws `ResponseShapeError` with the method and the JSON path of the first
 * mismatch. Paths are only built when something is wrong.
 */
import { isTaggedInteger, taggedInteger } from '../json/parse.js'
import { PrecisionError, ResponseShapeError } from '../../errors/response.js'

/** Where a value sits: the method and the keys from the result root. */
export type Ctx = { method: string; path: (string | number)[] }
export type Decoder<T> = (value: unknown, ctx: Ctx) => T

export function pathString(path: readonly (string | number)[]): string {
  let out = '$'
  for (const k of path) out += typeof k === 'number' ? `[${k}]` : /^[A-Za-z_$][\w$]*$/.test(k) ? `.${k}` : `[${JSON.stringify(k)}]`
  return out
}

function describe(v: unknown): string {
  if (v === undefined) return 'nothing'
  if (isTaggedInteger(v)) return taggedInteger(v as string).toString()
  // bigint (from the lossless parse) has no JSON form of its own; show it as a number.
  let text: string
  try {
    text = JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? Number.NaN : x)) ?? String(v)
    if (typeof v === 'bigint') text = v.toString()
  } catch {
    text = Object.prototype.toString.call(v)
  }
  return text.length > 40 ? `${text.slice(0, 40)}…` : text
}

export function mismatch(ctx: Ctx, expected: string, v: unknown): never {
  throw new ResponseShapeError({ method: ctx.method, path: pathString(ctx.path), expected, received: describe(v) })
}

/** Runs `d` on `v` one key deeper. */
export function at<T>(d: Decoder<T>, v: unknown, ctx: Ctx, key: string | number): T {
  ctx.path.push(key)
  const out = d(v, ctx)
  ctx.path.pop()
  return out
}

export const string: Decoder<string> = (v, ctx) => (typeof v === 'string' && !isTaggedInteger(v) ? v : mismatch(ctx, 'a string', v))
export const boolean: Decoder<boolean> = (v, ctx) => (typeof v === 'boolean' ? v : mismatch(ctx, 'true or false', v))

const decimal = /^(0|[1-9]\d*)$/

/**
 * An integer the node types as uint64 or `*big.Int`, as `bigint`: a bare JSON number
 * (exact when safe, or carried exactly by the lossless parse) or a quoted decimal string.
 */
export const bigint: Decoder<bigint> = (v, ctx) => {
  if (typeof v === 'number') {
    if (Number.isSafeInteger(v)) return BigInt(v)
    if (Number.isInteger(v)) throw new PrecisionError({ method: ctx.method, path: pathString(ctx.path), value: v })
    return mismatch(ctx, 'an integer', v)
  }
  if (typeof v === 'bigint') return v
  if (typeof v === 'string') {
    if (isTaggedInteger(v)) return taggedInteger(v as string)
    if (decimal.test(v) || (v[0] === '-' && decimal.test(v.slice(1)) && v !== '-0')) return BigInt(v)
  }
  return mismatch(ctx, 'an integer', v)
}

/** A non-negative `bigint` (uint64 and the like). */
export const unsigned: Decoder<bigint> = (v, ctx) => {
  const n = bigint(v, ctx)
  return n >= 0n ? n : mismatch(ctx, 'a non-negative integer', v)
}

/** A uint32-sized count as `number`, quoted (json.Uint32) or bare. */
export const uint32: Decoder<number> = (v, ctx) => {
  const n = typeof v === 'number' && Number.isSafeInteger(v) ? v : typeof v === 'string' && decimal.test(v) && v.length <= 10 ? Number(v) : -1
  return n >= 0 && n <= 0xffffffff ? n : mismatch(ctx, 'a uint32', v)
}

/** A small count the node sends as a uint64 string (`numPeers`); must be a safe integer. */
export const count: Decoder<number> = (v, ctx) => {
  const n = typeof v === 'number' && Number.isSafeInteger(v) ? v : typeof v === 'string' && decimal.test(v) && v.length <= 15 ? Number(v) : -1
  return n >= 0 ? n : mismatch(ctx, 'a count', v)
}

/** A json.Float64 percentage, sent as a 4-decimal string such as "99.0000". */
export const percentage: Decoder<number> = (v, ctx) => {
  if (typeof v === 'number' && Number.isFinite(v)) return v
  if (typeof v === 'string' && /^-?\d+(\.\d+)?$/.test(v)) return Number(v)
  return mismatch(ctx, 'a percentage', v)
}

const rfc3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/

/** An RFC 3339 time as `Date`. */
export const date: Decoder<Date> = (v, ctx) => {
  if (typeof v === 'string' && rfc3339.test(v)) {
    const d = new Date(v)
    if (!Number.isNaN(d.getTime())) return d
  }
  return mismatch(ctx, 'an RFC 3339 time', v)
}

/** A 20-byte hex address (`0x` + 40 hex digits). */
export const address: Decoder<`0x${string}`> = (v, ctx) =>
  typeof v === 'string' && /^0x[0-9a-fA-F]{40}$/.test(v) ? (v as `0x${string}`) : mismatch(ctx, 'an address', v)

/** A 0x-prefixed hex string. */
export const hex: Decoder<`0x${string}`> = (v, ctx) =>
  typeof v === 'string' && /^0x[0-9a-fA-F]*$/.test(v) ? (v as `0x${string}`) : mismatch(ctx, 'hex', v)

export function array<T>(d: Decoder<T>): Decoder<T[]> {
  return (v, ctx) => {
    if (!Array.isArray(v)) return mismatch(ctx, 'an array', v)
    const out = new Array<T>(v.length)
    for (let i = 0; i < v.length; i++) out[i] = at(d, v[i], ctx, i)
    return out
  }
}

export function nullable<T>(d: Decoder<T>): Decoder<T | null> {
  return (v, ctx) => (v === null ? null : d(v, ctx))
}

/** Sets an own property, also for keys such as `__proto__` that plain assignment would not create. */
export function setOwn(o: Record<string, unknown>, key: string, value: unknown) {
  if (key === '__proto__') Object.defineProperty(o, key, { value, enumerable: true, writable: true, configurable: true })
  else o[key] = value
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** A string-keyed map (`vms`, `precompiles`, …) whose values decode with `d`; safe for any key. */
export function record<T>(d: Decoder<T>, key?: { check: (k: string) => boolean; expected: string }): Decoder<Record<string, T>> {
  return (v, ctx) => {
    if (!isPlainObject(v)) return mismatch(ctx, 'an object', v)
    const out: Record<string, T> = {}
    for (const k of Object.keys(v)) {
      if (key && !key.check(k)) {
        ctx.path.push(k)
        mismatch(ctx, `a key that is ${key.expected}`, k)
      }
      setOwn(out, k, at(d, v[k], ctx, k))
    }
    return out
  }
}

type Field = { d: Decoder<unknown>; optional?: boolean }
export const required = <T>(d: Decoder<T>): Field & { d: Decoder<T> } => ({ d })
export const optional = <T>(d: Decoder<T>): Field & { d: Decoder<T>; optional: true } => ({ d, optional: true })

/**
 * An object with known fields (in this order), and a rule for the others: `keep` them
 * as they are, decode them with a function of the key, or `drop` them.
 */
export function object<T>(fields: Record<string, Field>, rest: 'keep' | 'drop' | ((key: string) => Decoder<unknown> | undefined) = 'keep'): Decoder<T> {
  const known = Object.keys(fields)
  const knownSet = new Set(known)
  return (v, ctx) => {
    if (!isPlainObject(v)) return mismatch(ctx, 'an object', v)
    const out: Record<string, unknown> = {}
    for (const k of known) {
      const f = fields[k]!
      const value = v[k]
      if (value === undefined) {
        if (f.optional) continue
        ctx.path.push(k)
        mismatch(ctx, 'a value', undefined)
      }
      out[k] = at(f.d, value, ctx, k)
    }
    if (rest !== 'drop') {
      for (const k of Object.keys(v)) {
        if (knownSet.has(k)) continue
        const d = rest === 'keep' ? undefined : rest(k)
        setOwn(out, k, d ? at(d, v[k], ctx, k) : keepValue(v[k]))
      }
    }
    return out as T
  }
}

/** Unknown values are kept, with tagged integers turned back into bigint. */
function keepValue(v: unknown): unknown {
  if (isTaggedInteger(v)) return taggedInteger(v as string)
  if (Array.isArray(v)) return v.map(keepValue)
  if (isPlainObject(v)) {
    const out: Record<string, unknown> = {}
    for (const k of Object.keys(v)) setOwn(out, k, keepValue(v[k]))
    return out
  }
  return v
}

/** Decodes a method's whole result. */
export function decodeResult<T>(d: Decoder<T>, method: string, value: unknown): T {
  return d(value, { method, path: [] })
}
