/**
 * Timing discipline shared by the benchmarks: variants interleaved round by round in a fresh
 * random order (each round runs every variant once, as one timed batch of `batch` operations),
 * ratios paired within a round (so drift and load from other processes hit both sides of a
 * ratio alike), medians with a distribution-free 95% confidence interval, and a stop rule:
 * more rounds until every ratio of interest is resolved, within a round and time bound.
 */

/** Fisher–Yates, in place. */
export function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    ;[xs[i], xs[j]] = [xs[j]!, xs[i]!]
  }
  return xs
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  const m = s.length >> 1
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2
}

export type Estimate = { median: number; lo: number; hi: number; n: number }

/**
 * The median of `xs` with a 95% confidence interval from order statistics (the ranks
 * n/2 ± 1.96·√n/2 of the sorted sample: no assumption about the distribution's shape).
 */
export function medianCI(xs: readonly number[]): Estimate {
  const s = [...xs].sort((a, b) => a - b)
  const n = s.length
  const half = 0.98 * Math.sqrt(n)
  // 1-based ranks ⌊n/2 − 0.98√n⌋ and ⌈1 + n/2 + 0.98√n⌉, as 0-based indexes.
  const lo = Math.max(0, Math.floor(n / 2 - half) - 1)
  const hi = Math.min(n - 1, Math.ceil(1 + n / 2 + half) - 1)
  return { median: median(s), lo: s[lo]!, hi: s[hi]!, n }
}

/** Per-round ratios `a[i] / b[i]` of two variants timed in the same rounds. */
export function paired(a: readonly number[], b: readonly number[]): number[] {
  return a.map((x, i) => x / b[i]!)
}

/**
 * The ratio of mean times `Σa / Σb` over the same rounds, with a 95% percentile-bootstrap
 * interval (rounds resampled in pairs). Unlike the median, it carries the tail: GC pauses
 * and stalls that an operation's allocations cause land in its mean.
 */
export function meanRatioCI(a: readonly number[], b: readonly number[], resamples = 400): Estimate {
  const n = a.length
  const sum = (xs: readonly number[]) => xs.reduce((s, x) => s + x, 0)
  const boot: number[] = []
  for (let r = 0; r < resamples; r++) {
    let sa = 0
    let sb = 0
    for (let i = 0; i < n; i++) {
      const j = Math.floor(Math.random() * n)
      sa += a[j]!
      sb += b[j]!
    }
    boot.push(sa / sb)
  }
  boot.sort((x, y) => x - y)
  return { median: sum(a) / sum(b), lo: boot[Math.floor(0.025 * resamples)]!, hi: boot[Math.ceil(0.975 * resamples) - 1]!, n }
}

/**
 * Whether a ratio estimate is precise enough to report: its 95% interval is narrower
 * (each side) than a tenth of the difference from 1 it reports, or than half a percent
 * (a ratio that close to 1 is "at the floor" for any target here).
 */
export function resolved(e: Estimate): boolean {
  const halfWidth = Math.max(e.median - e.lo, e.hi - e.median)
  return halfWidth <= Math.max(0.005 * e.median, 0.1 * Math.abs(e.median - 1))
}

export type Plan = {
  /** Operations per variant per round (one timed batch). */
  batch: number
  /** Rounds before the stop rule is first consulted. */
  minRounds: number
  maxRounds: number
  /** Wall-clock bound for the rounds (warm-up excluded). */
  maxMs: number
  /** The ratios that must be resolved before stopping, as [numerator, denominator] variant names. */
  ratios: readonly (readonly [string, string])[]
  /** Warm-up per variant before round 1: this many operations, or 300 ms, whichever ends first. */
  warmup: number
  /** Rounds go on at least this long (ms), so they sample more than one moment of a shared machine. */
  minMs?: number
}

export type Samples = { times: Record<string, number[]>; rounds: number; ms: number; stoppedBy: 'resolved' | 'rounds' | 'time' }

function allResolved(times: Record<string, number[]>, ratios: Plan['ratios']): boolean {
  return ratios.every(([a, b]) => resolved(medianCI(paired(times[a]!, times[b]!))))
}

/** Runs async variants interleaved (see the module comment); times are ms per operation. */
export async function interleave(variants: Record<string, () => Promise<unknown>>, plan: Plan): Promise<Samples> {
  const names = Object.keys(variants)
  for (const name of names) {
    const until = performance.now() + 300
    for (let i = 0; i < plan.warmup && performance.now() < until; i++) await variants[name]!()
  }
  const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]))
  const t0 = performance.now()
  let rounds = 0
  for (;;) {
    for (const name of shuffle([...names])) {
      const fn = variants[name]!
      const start = performance.now()
      for (let i = 0; i < plan.batch; i++) await fn()
      times[name]!.push((performance.now() - start) / plan.batch)
    }
    rounds++
    const stop = stopReason(times, rounds, performance.now() - t0, plan)
    if (stop) return { times, rounds, ms: performance.now() - t0, stoppedBy: stop }
  }
}

/** Runs synchronous variants interleaved; times are ms per operation. */
export function interleaveSync(variants: Record<string, () => unknown>, plan: Plan): Samples {
  const names = Object.keys(variants)
  for (const name of names) {
    const until = performance.now() + 300
    for (let i = 0; i < plan.warmup && performance.now() < until; i++) sink = variants[name]!()
  }
  const times: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]))
  const t0 = performance.now()
  let rounds = 0
  for (;;) {
    for (const name of shuffle([...names])) {
      const fn = variants[name]!
      const start = performance.now()
      for (let i = 0; i < plan.batch; i++) sink = fn()
      times[name]!.push((performance.now() - start) / plan.batch)
    }
    rounds++
    const stop = stopReason(times, rounds, performance.now() - t0, plan)
    if (stop) return { times, rounds, ms: performance.now() - t0, stoppedBy: stop }
  }
}

/** Keeps results alive so no operation can be optimized away. */
export let sink: unknown

function stopReason(times: Record<string, number[]>, rounds: number, ms: number, plan: Plan): Samples['stoppedBy'] | undefined {
  if (rounds >= plan.maxRounds) return 'rounds'
  if (ms >= plan.maxMs) return 'time'
  // The check sorts every ratio series: every 10 rounds is plenty.
  if (rounds >= plan.minRounds && ms >= (plan.minMs ?? 0) && rounds % 10 === 0 && allResolved(times, plan.ratios)) return 'resolved'
  return undefined
}

/** A number from the environment, or the default. */
export function envNumber(name: string, fallback: number): number {
  const v = Number(process.env[name])
  return Number.isFinite(v) && v > 0 ? v : fallback
}

export const fmt = {
  us: (ms: number) => (ms * 1e3 >= 100 ? (ms * 1e3).toFixed(0) : (ms * 1e3).toFixed(ms * 1e3 >= 10 ? 1 : 2)),
  ratio: (x: number) => x.toFixed(3),
  ci: (e: Estimate) => `${e.lo.toFixed(3)}–${e.hi.toFixed(3)}`,
  pm: (e: Estimate) => `±${(Math.max(e.median - e.lo, e.hi - e.median) * 100).toFixed(1)}%`,
}

/** A plain-text table (aligned columns), easier to paste into docs than console.table. */
export function printTable(title: string, rows: Record<string, string | number>[]) {
  console.log(`\n${title}`)
  if (rows.length === 0) return
  const cols = Object.keys(rows[0]!)
  const cells = rows.map((r) => cols.map((c) => String(r[c] ?? '')))
  const widths = cols.map((c, i) => Math.max(c.length, ...cells.map((r) => r[i]!.length)))
  const line = (xs: string[]) => `| ${xs.map((x, i) => x.padEnd(widths[i]!)).join(' | ')} |`
  console.log(line(cols))
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`)
  for (const r of cells) console.log(line(r))
}

/** Verdict of an estimate against an upper bound: met only if the whole interval is under it. */
export function verdict(e: Estimate, target: number): string {
  return e.hi <= target ? 'met' : e.lo > target ? 'MISSED' : 'on the line'
}
