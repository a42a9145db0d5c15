/**
 * Parsing and decoding cost: the lossless parse (`parseJson`) against `JSON.parse`, and the
 * shared decoders (shape check and conversion) against the parse itself, on a 300-byte fee
 * config, a 20 KB chain config with 50 precompile upgrades, and a 400 KB `peers` reply, with
 * and without integers above 2^53. Medians over rounds; ratios from the same run.
 *
 *   npm run bench:parse
 */
import { parseJson } from '../src/core/json/parse.js'
import { feeConfigMethod, getChainConfigMethod } from '../src/core/methods/subnet.js'
import { peersMethod } from '../src/core/methods/info.js'
import { fixtures } from './fixtures.js'
import { median, table, timePerOp } from './measure.js'

type Row = Record<string, string | number>
const rows: Record<string, Row> = {}

for (const longIntegers of [false, true]) {
  const f = fixtures({ longIntegers })
  const cases = [
    { name: 'fee config', body: f.feeConfig, decode: feeConfigMethod.result },
    { name: 'chain config, 50 upgrades', body: f.getChainConfigLarge, decode: getChainConfigMethod.result },
    { name: 'peers', body: f.peersLarge, decode: peersMethod.result },
  ]
  for (const c of cases) {
    const native = median(timePerOp(() => JSON.parse(c.body)))
    const lossless = median(timePerOp(() => parseJson(c.body)))
    const parsed = (parseJson(c.body) as { result: unknown }).result
    const decode = median(timePerOp(() => c.decode(parsed)))
    rows[`${c.name}${longIntegers ? ', long ints' : ''}`] = {
      bytes: c.body.length,
      'JSON.parse µs': +(native * 1e3).toFixed(2),
      'parseJson µs': +(lossless * 1e3).toFixed(2),
      'parse ratio': +(lossless / native).toFixed(2),
      'parse target': longIntegers ? '≤ 3' : '≤ 1.3',
      'decode µs': +(decode * 1e3).toFixed(2),
      'decode/parse': +(decode / lossless).toFixed(2),
    }
  }
}
table('parsing and decoding (median per operation)', rows)
