/**
 * JSON text with `bigint` written as a bare integer, the way Go writes `*big.Int`
 * and `uint64`. Used to build requests (a uint64 timestamp must be a JSON number)
 * and by the devnet to write replies.
 *
 * @example
 * stringifyJson({ minBaseFee: 9007199254740993n }) // '{"minBaseFee":9007199254740993}'
 */
export function stringifyJson(value: unknown): string {
  return hasBigInt(value) ? writeValue(value) : JSON.stringify(value)
}

function hasBigInt(value: unknown): boolean {
  if (typeof value === 'bigint') return true
  if (value === null || typeof value !== 'object') return false
  if (Array.isArray(value)) return value.some(hasBigInt)
  for (const key in value) if (hasBigInt((value as Record<string, unknown>)[key])) return true
  return false
}

function writeValue(value: unknown): string {
  if (typeof value === 'bigint') return value.toString()
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null'
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : writeValue(v))).join(',')}]`
  const parts: string[] = []
  for (const key of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[key]
    if (v === undefined || typeof v === 'function') continue
    parts.push(`${JSON.stringify(key)}:${writeValue(v)}`)
  }
  return `{${parts.join(',')}}`
}
