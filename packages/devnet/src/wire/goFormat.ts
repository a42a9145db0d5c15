/** Go's value formats for the Info API (`utils/json`, `time.Time`). */

/**
 * `strconv.FormatFloat(f, 'f', 4, 64)`, as `json.Float64` writes uptime percentages.
 * `toFixed` rounds exact ties up; Go rounds them to even. The only doubles that tie at
 * four decimals are odd multiples of 1/32, so that case is fixed up by hand.
 */
export function formatFloat4(x: number): string {
  if (Number.isNaN(x)) return 'NaN'
  const fixed = x.toFixed(4)
  const scaled = x * 32
  if (!Number.isInteger(scaled) || scaled % 2 === 0) return fixed
  const last = fixed.charCodeAt(fixed.length - 1) - 48
  if (last % 2 === 0) return fixed
  // toFixed took the odd neighbour above (in magnitude); Go takes the even one below.
  const step = x < 0 ? 0.0001 : -0.0001
  return (x + step / 2).toFixed(4)
}

/**
 * `time.Time` marshalled by Go: RFC 3339, nanoseconds only when non-zero (here: ms),
 * `Z` for UTC or the numeric offset of the zone the value is in.
 */
export function formatRfc3339(date: Date, zone: 'utc' | 'local' = 'utc'): string {
  const offsetMin = zone === 'utc' ? 0 : -date.getTimezoneOffset()
  const shifted = new Date(date.getTime() + offsetMin * 60_000)
  const iso = shifted.toISOString() // YYYY-MM-DDTHH:MM:SS.mmmZ in the shifted clock
  const ms = shifted.getUTCMilliseconds()
  const base = iso.slice(0, 19) + (ms ? `.${String(ms).padStart(3, '0').replace(/0+$/, '')}` : '')
  if (offsetMin === 0) return `${base}Z`
  const sign = offsetMin < 0 ? '-' : '+'
  const abs = Math.abs(offsetMin)
  return `${base}${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`
}

/** Go's `unicode.IsPrint`: categories L, M, N, P, S and the ASCII space. */
const goPrintable = /^[\p{L}\p{M}\p{N}\p{P}\p{S} ]$/u
const goShortEscapes: Record<string, string> = {
  '\x07': '\\a',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
  '"': '\\"',
  '\\': '\\\\',
}

/**
 * `strconv.Quote` / `fmt`'s `%q`: printable runes as they are, `\a \b \f \n \r \t \v`,
 * other bytes below 0x20 and DEL as `\xNN`, other non-printable runes as `\uNNNN` or
 * `\UNNNNNNNN` (lower-case hex). A lone surrogate counts as U+FFFD, as Go holds no such rune.
 */
export function goQuote(s: string): string {
  let out = '"'
  for (const ch of s) {
    const cp = ch.codePointAt(0)!
    const short = goShortEscapes[ch]
    if (short !== undefined) out += short
    else if (cp >= 0xd800 && cp <= 0xdfff) out += '\uFFFD'
    else if (goPrintable.test(ch)) out += ch
    else if (cp < 0x20 || cp === 0x7f) out += `\\x${cp.toString(16).padStart(2, '0')}`
    else if (cp < 0x10000) out += `\\u${cp.toString(16).padStart(4, '0')}`
    else out += `\\U${cp.toString(16).padStart(8, '0')}`
  }
  return `${out}"`
}

/** Go's `unicode.IsUpper` (category Lu) for one code point. */
export function goIsUpper(ch: string): boolean {
  return /^\p{Lu}$/u.test(ch)
}

/**
 * Go's `unicode.ToUpper` for one code point. JS applies full case mapping (`ß` → `SS`);
 * Go applies only the one-rune mapping, so a multi-rune result leaves the rune as it is.
 */
export function goToUpper(ch: string): string {
  const upper = ch.toUpperCase()
  return [...upper].length === 1 ? upper : ch
}
