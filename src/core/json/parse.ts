/**
 * Lossless JSON parsing: integers beyond Number.MAX_SAFE_INTEGER become `bigint`,
 * everything else is exactly what `JSON.parse` gives.
 *
 * The common case costs one `JSON.parse` and one walk over the numbers of the result
 * (about +10%): only when that walk finds an integer `JSON.parse` could not hold exactly
 * is the text parsed again with those integers marked.
 */

// Unsafe integers are smuggled through JSON.parse as strings carrying this per-process
// random tag, so a server cannot forge one by sending a look-alike string.
const tagBody = `bigint:${randomTag()}:`
/** The tag as a parsed string starts with a NUL character... */
const tag = `\u0000${tagBody}`
/** ...which JSON text must spell as an escape. */
const tagInJson = `\\u0000${tagBody}`

function randomTag(): string {
  const bytes = new Uint8Array(12)
  globalThis.crypto.getRandomValues(bytes)
  let out = ''
  for (const b of bytes) out += b.toString(16).padStart(2, '0')
  return out
}

/**
 * True for the strings `markUnsafeIntegers` puts in place of unsafe integers. They survive
 * any `JSON.parse`, which is how `subnetHttp` keeps precision through viem's own body
 * parse; `revive` then turns them into bigints before any decoder sees them.
 */
export function isTaggedInteger(value: unknown): boolean {
  return typeof value === 'string' && value.charCodeAt(0) === 0 && value.startsWith(tag)
}

/** The exact bigint behind a tagged string. */
export function taggedInteger(value: string): bigint {
  return BigInt(value.slice(tag.length))
}

/** Whether a parsed value holds an integer JSON.parse may have rounded. */
function hasInexactInteger(v: unknown): boolean {
  if (typeof v === 'number') return Number.isInteger(v) && !Number.isSafeInteger(v)
  if (typeof v !== 'object' || v === null) return false
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) if (hasInexactInteger(v[i])) return true
    return false
  }
  for (const k in v) if (hasInexactInteger((v as Record<string, unknown>)[k])) return true
  return false
}

/** Replaces tagged strings by bigints, in place (the value comes fresh from JSON.parse). */
export function revive(v: unknown): unknown {
  if (typeof v === 'string') return isTaggedInteger(v) ? taggedInteger(v) : v
  if (typeof v !== 'object' || v === null) return v
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) v[i] = revive(v[i])
    return v
  }
  const o = v as Record<string, unknown>
  for (const k in o) {
    const x = o[k]
    if (typeof x === 'object' || typeof x === 'string') o[k] = revive(x)
  }
  return v
}

/**
 * Parses JSON text, keeping integers above 2^53 exact as `bigint`.
 *
 * @throws SyntaxError, as `JSON.parse` does, when the text is not JSON.
 * @example
 * parseJson('{"minBaseFee":9007199254740993}') // { minBaseFee: 9007199254740993n }
 */
export function parseJson(text: string): unknown {
  const value: unknown = JSON.parse(text)
  if (!hasInexactInteger(value)) return value
  // Optimistic: mark candidates without checking for strings. A candidate inside a string
  // always breaks the JSON (the tag closes the string and its `\u0000` lands outside), so
  // a SyntaxError means: mark again, this time skipping candidates inside strings.
  const quick = markUnsafeIntegersIn(text, false)
  if (quick === undefined) return value
  try {
    return revive(JSON.parse(quick))
  } catch {
    const careful = markUnsafeIntegersIn(text, true)
    return careful === undefined ? value : revive(JSON.parse(careful))
  }
}

// An integer literal of 16 or more digits in value position (after ':', ',', '[' or at the
// start of the text): the
// shortest text that can hold an unsafe integer (2^53 has 16 digits).
const longIntegerValue = /(?:^|[:,[])\s*-?\d{16}/
const longIntegerValues = /(?:^|[:,[])\s*(-?\d{16,})(?![\d.eE])/g

/**
 * Rewrites JSON text so that every integer literal beyond 2^53 becomes a tagged string
 * that any `JSON.parse` keeps exact. Text without such integers is returned as is.
 */
export function markUnsafeIntegers(text: string): string {
  if (!longIntegerValue.test(text)) return text
  return markUnsafeIntegersIn(text, true) ?? text
}

/**
 * Marks the unsafe integer literals outside strings; undefined when there is none.
 * Candidates come from a regex; a candidate inside a string (odd number of unescaped
 * quotes before it) is left alone.
 */
function markUnsafeIntegersIn(text: string, skipStrings: boolean): string | undefined {
  const parts: string[] = []
  let copied = 0
  let quoteFrom = 0
  let inString = false
  longIntegerValues.lastIndex = 0
  for (let m = longIntegerValues.exec(text); m !== null; m = longIntegerValues.exec(text)) {
    const digits = m[1]!
    const at = m.index + m[0].length - digits.length
    // Advance the quote parity up to the candidate.
    for (let q = skipStrings ? text.indexOf('"', quoteFrom) : -1; q !== -1 && q < at; q = text.indexOf('"', quoteFrom)) {
      let backslashes = 0
      while (text.charCodeAt(q - 1 - backslashes) === 92) backslashes++
      if (backslashes % 2 === 0) inString = !inString
      quoteFrom = q + 1
    }
    if (inString || Number.isSafeInteger(Number(digits))) continue
    parts.push(text.slice(copied, at), `"${tagInJson}${digits}"`)
    copied = at + digits.length
  }
  if (parts.length === 0) return undefined
  parts.push(text.slice(copied))
  return parts.join('')
}
