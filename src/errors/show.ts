/** How a value appears in an error message, for arguments and replies alike. */
import { stringify } from 'viem'

/**
 * `-1n`, `1.5`, `NaN`, `Invalid Date`, `"x"`, `["a"]`, `nothing` for undefined; cut at 40
 * characters. viem's stringify writes bigints nested in objects as strings.
 */
export function show(v: unknown): string {
  const text =
    v === undefined ? 'nothing' : typeof v === 'bigint' ? `${v}n` : v instanceof Date || typeof v === 'number' ? String(v) : (stringify(v) ?? String(v))
  return text.length > 40 ? `${text.slice(0, 40)}...` : text
}
