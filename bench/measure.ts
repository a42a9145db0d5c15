/** Timing helpers: per-operation times over repeated rounds, medians, tables. */

/** Milliseconds per call of `fn`, one figure per round (after a warm-up). */
export function timePerOp(fn: () => unknown, rounds = 9, minMs = 60): number[] {
  for (let i = 0; i < 50; i++) fn()
  const out: number[] = []
  for (let r = 0; r < rounds; r++) {
    let n = 0
    const t0 = performance.now()
    let t = t0
    while (t - t0 < minMs) {
      for (let i = 0; i < 10; i++) fn()
      n += 10
      t = performance.now()
    }
    out.push((t - t0) / n)
  }
  return out
}

/** Milliseconds per call of an async `fn`, run sequentially, one figure per round. */
export async function timePerCall(fn: () => Promise<unknown>, rounds = 7, calls = 300): Promise<number[]> {
  for (let i = 0; i < 50; i++) await fn()
  const out: number[] = []
  for (let r = 0; r < rounds; r++) {
    const t0 = performance.now()
    for (let i = 0; i < calls; i++) await fn()
    out.push((performance.now() - t0) / calls)
  }
  return out
}

export function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

export function table(title: string, rows: Record<string, Record<string, unknown>>) {
  console.log(`\n${title}`)
  console.table(rows)
}
