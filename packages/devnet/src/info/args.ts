/**
 * Decodes Info params into an args struct the way avalanchego does (gorilla/rpc v2 `json2` `ReadRequest`):
 * `json.Unmarshal(params, &args)`, and when that fails, the by-position form
 * `[args, ...]`. Any failure is the single "couldn't unmarshal an argument" error.
 */
import { goJsonTypeName, goStringValue, scanFirstValue } from '../wire/goScanner.js'
import { ParamsError } from './envelope.js'

/** Decodes one field value from raw JSON, or returns `fail` (or `keep`: leave the field as it is). */
export type FieldDecoder<T> = (raw: string) => T | typeof fail | typeof keep
export const fail: unique symbol = Symbol('fail')
export const keep: unique symbol = Symbol('keep')

type Fields = Record<string, FieldDecoder<unknown>>
type Decoded<F extends Fields> = { [K in keyof F]?: Exclude<ReturnType<F[K]>, typeof fail | typeof keep> }

/** A Go `string` field: a JSON string, or null (which leaves an earlier value unchanged). */
export const stringField: FieldDecoder<string> = (raw) => {
  const type = goJsonTypeName(raw)
  if (type === 'null') return keep
  return type === 'string' ? goStringValue(raw) : fail
}

/** A Go slice field (null sets it to nil); elements decode with `element`, which gives a value for null. */
export function sliceField<T>(element: (raw: string) => T | typeof fail): FieldDecoder<T[] | undefined> {
  return (raw) => {
    const type = goJsonTypeName(raw)
    if (type === 'null') return undefined
    if (type !== 'array') return fail
    const scan = scanFirstValue(raw)
    if (!scan.ok) return fail
    const out: T[] = []
    for (const span of scan.elements) {
      const value = element(raw.slice(span.start, span.end))
      if (value === fail) return fail
      out.push(value)
    }
    return out
  }
}

function decodeObject<F extends Fields>(raw: string, fields: F): Decoded<F> | typeof fail {
  const type = goJsonTypeName(raw)
  if (type === 'null') return {}
  if (type !== 'object') return fail
  const scan = scanFirstValue(raw)
  if (!scan.ok) return fail
  const out: Decoded<F> = {}
  let failed = false
  for (const member of scan.members) {
    const lower = member.key.toLowerCase()
    const name = Object.keys(fields).find((f) => f === member.key) ?? Object.keys(fields).find((f) => f.toLowerCase() === lower)
    if (name === undefined) continue
    const value = fields[name]!(raw.slice(member.value.start, member.value.end))
    if (value === fail) failed = true
    else if (value !== keep) (out as Record<string, unknown>)[name] = value
  }
  return failed ? fail : out
}

/** Decodes `params` (raw JSON, or undefined when absent or null) into `fields`. */
export function decodeInfoArgs<F extends Fields>(params: string | undefined, fields: F): Decoded<F> {
  if (params === undefined) return {}
  const direct = decodeObject(params, fields)
  if (direct !== fail) return direct
  if (goJsonTypeName(params) === 'array') {
    const scan = scanFirstValue(params)
    if (scan.ok) {
      const first = scan.elements[0]
      if (first === undefined) return {}
      const positional = decodeObject(params.slice(first.start, first.end), fields)
      if (positional !== fail) return positional
    }
  }
  throw new ParamsError()
}
