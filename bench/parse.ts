/**
 * Parsing and decoding cost against `JSON.parse` of the same body: the shared decoders (the
 * method tables' `decode`: shape checks and conversions, as every adapter runs them) and the
 * lossless parse (`parseJson`), on the recorded bodies of fixtures.ts: a 254-byte fee config,
 * a 619-byte active-rules reply, a 325-byte node version, a 2 KB and a 20 KB chain config
 * (2 and 50 precompile upgrades), and `info.peers` with 200 (77 KB) and 1,000 peers (386 KB);
 * then fee config, large chain config and 1,000 peers again with integers above 2^53.
 *
 * Target: the decoder within 25% of JSON.parse, read as (JSON.parse + decode) / JSON.parse
 * ≤ 1.25, i.e. decode / JSON.parse ≤ 0.25; both ratios are printed, each measured directly
 * (`JSON.parse + decode` as one operation; `decode` alone on an already parsed result).
 * With integers above 2^53 JSON.parse rounds them and the decoders reject the result, so
 * there the lossless `parseJson + decode` is set against JSON.parse.
 *
 * Same discipline as bench:calls: every round runs each variant once (one timed batch,
 * sized so JSON.parse's batch takes about 0.2 ms) in a fresh random order; ratios paired
 * within rounds; medians with 95% intervals, and the ratio of mean times (which carries
 * the GC pauses that allocations cause); rounds until the ratios are resolved, bounded.
 *
 *   npm run bench:parse
 *   BENCH_SECONDS=30 MAX_ROUNDS=20000 ONLY=peers npm run bench:parse
 */
import { parseJson } from '../src/index.js'
import * as infoTable from '../src/core/methods/info.js'
import * as subnetTable from '../src/core/methods/subnet.js'
import { fixtures } from './fixtures.js'
import { envNumber, fmt, interleaveSync, medianCI, meanRatioCI, paired, printTable, resolved, sink, verdict, type Plan } from './measure.js'

const maxRounds = envNumber('MAX_ROUNDS', 20_000)
const secondsPerBody = envNumber('BENCH_SECONDS', 25)
const batchMs = envNumber('BATCH_MS', 0.2)
const only = process.env.ONLY
const target = 1.25

type Decode = (raw: unknown) => unknown
type Case = { name: string; body: string; decode: Decode; longIntegers: boolean }
const plain = fixtures({ longIntegers: false })
const long = fixtures({ longIntegers: true })
const feeConfig = subnetTable.feeConfig.decode as Decode
const chainConfig = subnetTable.getChainConfig.decode as Decode
const rules = subnetTable.getActiveRulesAt.decode as Decode
const nodeVersion = infoTable.getNodeVersion.decode as Decode
const peers = infoTable.peers.decode as Decode
const cases: Case[] = [
  { name: 'fee config', body: plain.feeConfig, decode: feeConfig, longIntegers: false },
  { name: 'active rules', body: plain.getActiveRulesAt, decode: rules, longIntegers: false },
  { name: 'node version', body: plain.getNodeVersion, decode: nodeVersion, longIntegers: false },
  { name: 'chain config, 2 upgrades', body: plain.getChainConfig, decode: chainConfig, longIntegers: false },
  { name: 'chain config, 50 upgrades', body: plain.getChainConfigLarge, decode: chainConfig, longIntegers: false },
  { name: 'peers, 200', body: plain.peers200, decode: peers, longIntegers: false },
  { name: 'peers, 1,000', body: plain.peersLarge, decode: peers, longIntegers: false },
  { name: 'fee config, long ints', body: long.feeConfig, decode: feeConfig, longIntegers: true },
  { name: 'chain config, 50 upgrades, long ints', body: long.getChainConfigLarge, decode: chainConfig, longIntegers: true },
  { name: 'peers, 1,000, long ints', body: long.peersLarge, decode: peers, longIntegers: true },
]

const result = (v: unknown) => (v as { result: unknown }).result

/** Operations per batch so that one batch of JSON.parse takes about `batchMs`. */
function batchFor(body: string): number {
  let n = 0
  const t0 = performance.now()
  while (performance.now() - t0 < 20) {
    JSON.parse(body)
    n++
  }
  return Math.max(1, Math.round((batchMs * n) / (performance.now() - t0)))
}

const rows: Record<string, string | number>[] = []
const parseRows: Record<string, string | number>[] = []
for (const c of cases) {
  if (only && !c.name.includes(only)) continue
  // The decoders run on what the adapter's parse gives: JSON.parse's result for plain http, parseJson's otherwise.
  const parsed = result(parseJson(c.body))
  c.decode(parsed) // throws if the fixture and decoder disagree
  const variants: Record<string, () => unknown> = {
    'JSON.parse': () => JSON.parse(c.body),
    parseJson: () => parseJson(c.body),
    'parseJson + decode': () => c.decode(result(parseJson(c.body))),
    decode: () => c.decode(parsed),
  }
  if (!c.longIntegers) variants['JSON.parse + decode'] = () => c.decode(result(JSON.parse(c.body)))
  const whole = c.longIntegers ? 'parseJson + decode' : 'JSON.parse + decode'
  const plan: Plan = {
    batch: batchFor(c.body),
    minRounds: 200,
    maxRounds,
    maxMs: secondsPerBody * 1000,
    ratios: [
      [whole, 'JSON.parse'],
      ['decode', 'JSON.parse'],
      ['parseJson', 'JSON.parse'],
    ],
    warmup: 2000,
    minMs: 4000,
  }
  const s = interleaveSync(variants, plan)
  console.error(
    `${c.name}: ${s.rounds} rounds × ${plan.batch} ops per variant in ${(s.ms / 1000).toFixed(0)} s (stopped by ${s.stoppedBy})`,
  )
  const t = (name: string) => medianCI(s.times[name]!).median
  const ratio = (a: string) => medianCI(paired(s.times[a]!, s.times['JSON.parse']!))
  const mean = (a: string) => meanRatioCI(s.times[a]!, s.times['JSON.parse']!)
  const total = ratio(whole)
  const dec = ratio('decode')
  const totalMean = mean(whole)
  rows.push({
    body: c.name,
    bytes: c.body.length,
    'JSON.parse µs': fmt.us(t('JSON.parse')),
    'decode µs': fmt.us(t('decode')),
    'decode/parse': fmt.ratio(dec.median),
    '(decode/parse) CI': fmt.ci(dec),
    whole: c.longIntegers ? 'parseJson+decode' : 'JSON.parse+decode',
    '(parse+decode)/parse': fmt.ratio(total.median),
    '95% CI': fmt.ci(total),
    'ratio of means': `${fmt.ratio(totalMean.median)} (${fmt.ci(totalMean)})`,
    resolved: resolved(total) && resolved(dec) ? 'yes' : 'no',
    target: `≤ ${target}`,
    verdict: verdict(total, target),
    rounds: s.rounds,
  })
  const pj = ratio('parseJson')
  parseRows.push({
    body: c.name,
    'JSON.parse µs': fmt.us(t('JSON.parse')),
    'parseJson µs': fmt.us(t('parseJson')),
    'parseJson/JSON.parse': fmt.ratio(pj.median),
    '95% CI': fmt.ci(pj),
    target: c.longIntegers ? '≤ 3' : '≤ 1.3',
    verdict: verdict(pj, c.longIntegers ? 3 : 1.3),
  })
}
void sink

printTable(
  `decoding against JSON.parse (target: (parse + decode) / parse ≤ ${target}, i.e. decode/parse ≤ ${(target - 1).toFixed(2)}; medians of paired per-round ratios, 95% CI)`,
  rows,
)
printTable('lossless parse against JSON.parse (the parse itself, no decoding)', parseRows)
