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
