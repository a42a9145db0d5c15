/**
 * Writes JSON the way Go's `encoding/json` does for the values the node emits:
 * object keys in the order given, `bigint` as bare integers (`*big.Int`, `uint64`),
 * and the HTML-safe escaping Go applies by default (`<`, `>`, `&`, U+2028, U+2029).
 */

/** Already-encoded JSON text spliced in verbatim (an echoed `id`, a reply from anvil). */
export class RawJson {
  constructor(readonly text: string) {}
}

const htmlUnsafe = /[<>&\u2028\u2029]/g
const htmlEscapes: Record<string, string> = {
  '<': '\\u003c',
  '>': '\\u003e',
  '&': '\\u0026',
  '\u2028': '\\u2028',
  '\u2029': '\\u2029',
}

function goString(s: string): string {
  const json = JSON.stringify(s)
  return htmlUnsafe.test(json) ? json.replace(htmlUnsafe, (c) => htmlEscapes[c]!) : json
}

/** Encodes `value` as Go would marshal the equivalent struct or map. */
export function goJson(value: unknown): string {
  if (value === null || value === undefined) return 'null'
  switch (typeof value) {
    case 'string':
      return goString(value)
    case 'bigint':
      return value.toString()
    case 'number':
      if (!Number.isFinite(value)) throw new Error(`cannot encode ${value}`)
      return JSON.stringify(value)
    case 'boolean':
      return value ? 'true' : 'false'
  }
  if (value instanceof RawJson) return value.text
  if (value instanceof Map) {
    const parts: string[] = []
    for (const [k, v] of value) parts.push(`${goString(String(k))}:${goJson(v)}`)
    return `{${parts.join(',')}}`
  }
  if (Array.isArray(value)) return `[${value.map(goJson).join(',')}]`
  let out = '{'
  let first = true
  for (const key of Object.keys(value as object)) {
    const v = (value as Record<string, unknown>)[key]
    if (v === undefined) continue
    out += `${first ? '' : ','}${goString(key)}:${goJson(v)}`
    first = false
  }
  return `${out}}`
}

/**
 * A Go map as `encoding/json` writes it: keys sorted as strings. Integer keys sort
 * lexically too (`"103"` before `"23"`), which a plain JS object would not do.
 */
export function goMap<V>(entries: Iterable<readonly [string | number, V]>): Map<string, V> {
  const list = [...entries].map(([k, v]) => [String(k), v] as const)
  list.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  return new Map(list)
}

/**
 * What Go's encoder writes for a `json.RawMessage` (an echoed `id` or `params`): the text
 * is compacted (whitespace outside strings dropped) and, as `json.Encoder` escapes HTML by
 * default, `<`, `>`, `&`, U+2028 and U+2029 become `\u003c`… even inside strings.
 * `raw` must be valid JSON.
 */
export function goCompact(raw: string): string {
  let out = ''
  let inString = false
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!
    if (inString) {
      if (c === '\\') {
        out += c + raw[++i]!
        continue
      }
      if (c === '"') inString = false
    } else if (c === '"') {
      inString = true
    } else if (c === ' ' || c === '\t' || c === '\n' || c === '\r') {
      continue
    }
    out += htmlEscapes[c] ?? c
  }
  return out
}
