/** How a value appears in an error message, for arguments and replies alike. */

/**
 * `-1n`, `1.5`, `NaN`, `Invalid Date`, `"x"`, `["a"]`, `nothing` for undefined; cut at 40
 * characters. Bigints nested in objects are written as strings (as viem's `stringify` does).
 */
export function show(v: unknown): string {
  const text =
    v === undefined
      ? 'nothing'
      : typeof v === 'bigint'
        ? `${v}n`
        : v instanceof Date || typeof v === 'number'
          ? String(v)
          : (JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? String(x) : x)) ?? String(v))
  return text.length > 40 ? `${text.slice(0, 40)}...` : text
}
