/**
 * Lossless JSON parsing: integers beyond Number.MAX_SAFE_INTEGER become `bigint`,
 * everything else is exactly what `JSON.parse` gives.
 *
 * Bodies without a run of 16 digits (the common case) go straight to `JSON.parse`;
 * the pre-check is one native regex test, so they cost almost nothing extra.
 */

// A run of 16 digits is the shortest text that can hold an unsafe integer (2^53 has 16).
const longDigitRun = /\d{16}/

// Unsafe integers are smuggled through JSON.parse as strings carrying this per-process
// random tag, so a server cannot forge one by sending a look-alike string.
const tagBody = `bigint:${randomTag()}:`
/** The tag as a parsed string starts with a NUL character... */
const tag = `\u0000${tagBody}`
/** ...which JSON text must spell as an escape. */
const tagInJson = `\\u0000${tagBody}`

/**
 * True for the strings `markUnsafeIntegers` puts in place of unsafe integers; decoders
 * turn them back into bigint with `taggedInteger`. They survive any `JSON.parse`, which
 * is how `subnetHttp` keeps precision through viem's own body parse.
 */
export function isTaggedInteger(value: unknown): boolean {
  return typeof value === 'string' && value.charCodeAt(0) === 0 && value.startsWith(tag)
}

/** The exact bigint behind a tagged string. */
export function taggedInteger(value: string): bigint {
  return BigInt(value.slice(tag.length))
}

function randomTag(): string {
  const bytes = new Uint8Array(12)
  globalThis.crypto.getRandomValues(bytes)
  let out = ''
  for (const b of bytes) out += b.toString(16).padStart(2, '0')
  return out
}

function revive(_key: string, value: unknown): unknown {
  return isTaggedInteger(value) ? taggedInteger(value as string) : value
}

/**
 * Parses JSON text, keeping integers above 2^53 exact as `bigint`.
 *
 * @throws SyntaxError, as `JSON.parse` does, when the text is not JSON.
 * @example
 * parseJson('{"minBaseFee":9007199254740993}') // { minBaseFee: 9007199254740993n }
 */
export function parseJson(text: string): unknown {
  if (!longDigitRun.test(text)) return JSON.parse(text)
  const marked = markUnsafeIntegersIn(text)
  return marked === undefined ? JSON.parse(text) : JSON.parse(marked, revive)
}

/**
 * Rewrites JSON text so that every integer literal beyond 2^53 becomes a tagged string
 * that any `JSON.parse` keeps exact. Text without such integers is returned as is.
 */
export function markUnsafeIntegers(text: string): string {
  if (!longDigitRun.test(text)) return text
  return markUnsafeIntegersIn(text) ?? text
}

/** True when `digits` (an optional '-' then digits) is outside the safe integer range. */
function isUnsafeInteger(token: string): boolean {
  const digits = token.charCodeAt(0) === 45 /* - */ ? token.length - 1 : token.length
  if (digits < 16) return false
  return !Number.isSafeInteger(Number(token))
}

/**
 * Rewrites every unsafe integer literal outside strings as a tagged string.
 * Returns undefined when there is none (the long digit run was inside a string).
 * Malformed text is left for JSON.parse to reject with its own message.
 */
function markUnsafeIntegersIn(text: string): string | undefined {
  let out: string[] | undefined
  let copiedTo = 0
  const n = text.length
  let i = 0
  while (i < n) {
    const c = text.charCodeAt(i)
    if (c === 34 /* " */) {
      i++
      while (i < n) {
        const d = text.charCodeAt(i)
        if (d === 92 /* \ */) i += 2
        else if (d === 34) break
        else i++
      }
      i++
      continue
    }
    if (c === 45 || (c >= 48 && c <= 57)) {
      const start = i
      i++
      let integer = true
      while (i < n) {
        const d = text.charCodeAt(i)
        if (d >= 48 && d <= 57) i++
        else if (d === 46 || d === 101 || d === 69 || d === 43 || d === 45) {
          integer = false
          i++
        } else break
      }
      if (integer) {
        const token = text.slice(start, i)
        if (isUnsafeInteger(token)) {
          out ??= []
          out.push(text.slice(copiedTo, start), `"${tagInJson}${token}"`)
          copiedTo = i
        }
      }
      continue
    }
    i++
  }
  if (!out) return undefined
  out.push(text.slice(copiedTo))
  return out.join('')
}
