/**
 * Every method's decoder, fed real node replies (made by the devnet's encoders) that are
 * randomly mutated (fixed seed): it returns a value or throws ResponseShapeError /
 * PrecisionError, never anything else, never pollutes prototypes, and unmutated replies
 * always decode. Raise FUZZ_RUNS for a longer run (scripts/fuzz-long.sh).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import * as infoMethods from '../../src/core/methods/info.js'
import * as subnetMethods from '../../src/core/methods/subnet.js'
import type { MethodSpec } from '../../src/core/methods/spec.js'
import { markUnsafeIntegers, parseJson, revive } from '../../src/core/json/parse.js'
import { PrecisionError, ResponseShapeError } from '../../src/errors/index.js'
import { resolveNodeConfig } from '../../packages/devnet/src/config/node.js'
import { createInfoService } from '../../packages/devnet/src/info/service.js'
import { goJson } from '../../src/core/json/goJson.js'
import { fixtures } from '../../bench/fixtures.js'

const runs = Number(process.env.FUZZ_RUNS ?? 300)
const seed = Number(process.env.FUZZ_SEED ?? 20261121)

/** Real replies, as the three parse paths deliver them: lossless, marked + JSON.parse, plain JSON.parse. */
function replies(): [MethodSpec<never, unknown>, string][] {
  const f = fixtures({ longIntegers: true })
  const node = resolveNodeConfig({ seed: 'fuzz', networkID: 12345 }, 'x')
  const info = createInfoService(node, { resolve: () => 'id', isBootstrapped: () => true })
  const out: [MethodSpec<never, unknown>, string][] = [
    [subnetMethods.feeConfig as never, f.feeConfig],
    [subnetMethods.getChainConfig as never, f.getChainConfigLarge],
    [subnetMethods.getActiveRulesAt as never, f.getActiveRulesAt],
    [
      subnetMethods.getActivePrecompilesAt as never,
      `{"result":${goJson((JSON.parse(markUnsafeIntegers(f.getChainConfig)) as { result: Record<string, unknown> }).result.warpConfig ? { warpConfig: { blockTimestamp: 1, quorumNumerator: 67, requirePrimaryNetworkSigners: false } } : {})}}`,
    ],
    [infoMethods.peers as never, f.peers200],
  ]
  const infoSpecs: Record<string, MethodSpec<never, unknown>> = {
    acps: infoMethods.acps as never,
    getNodeID: infoMethods.getNodeID as never,
    getNodeVersion: infoMethods.getNodeVersion as never,
    getTxFee: infoMethods.getTxFee as never,
    getVMs: infoMethods.getVMs as never,
    upgrades: infoMethods.upgrades as never,
    uptime: infoMethods.uptime as never,
    getNetworkID: infoMethods.getNetworkID as never,
    getNetworkName: infoMethods.getNetworkName as never,
    getNodeIP: infoMethods.getNodeIP as never,
  }
  for (const [name, spec] of Object.entries(infoSpecs)) out.push([spec, `{"result":${goJson(info.get(name)!(undefined))}}`])
  out.push([infoMethods.isBootstrapped as never, '{"result":{"isBootstrapped":true}}'])
  out.push([infoMethods.getBlockchainID as never, '{"result":{"blockchainID":"11111111111111111111111111111111LpoYY"}}'])
  return out
}

const parsers: [string, (text: string) => unknown][] = [
  ['lossless', (t) => (parseJson(t) as { result: unknown }).result],
  // subnetHttp's path: viem's JSON.parse of the marked text, then revive.
  ['marked', (t) => (revive(JSON.parse(markUnsafeIntegers(t))) as { result: unknown }).result],
]

type Path = (string | number)[]
function paths(v: unknown, at: Path = [], out: Path[] = []): Path[] {
  out.push(at)
  if (Array.isArray(v))
    v.forEach((x, i) => {
      paths(x, [...at, i], out)
    })
  else if (v && typeof v === 'object') for (const k of Object.keys(v)) paths((v as Record<string, unknown>)[k], [...at, k], out)
  return out
}

function mutate(root: unknown, path: Path, kind: number, value: unknown): unknown {
  const clone = structuredClone(root)
  if (path.length === 0) return value
  let parent = clone as Record<string | number, unknown>
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  if (kind === 0) parent[last] = value
  else if (kind === 1 && !Array.isArray(parent)) delete parent[last]
  else if (kind === 2 && typeof parent === 'object' && !Array.isArray(parent))
    Object.defineProperty(parent, '__proto__', { value: { polluted: true }, enumerable: true, configurable: true, writable: true })
  else if (kind === 3) parent[last] = { constructor: { prototype: { polluted: true } }, toString: 5, valueOf: null }
  else parent[last] = JSON.parse(`${'['.repeat(60)}1${']'.repeat(60)}`)
  return clone
}

const junk = fc.oneof(
  fc.jsonValue({ maxDepth: 2 }),
  fc.constantFrom(null, true, '', 'NaN', -1, 1.5, 2 ** 53, 1e300, '18446744073709551616', '0x', '__proto__'),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
)

describe('decoders under mutation', () => {
  for (const [spec, text] of replies()) {
    for (const [parserName, parse] of parsers) {
      it(`${spec.method} (${parserName} parse): unmutated decodes; mutated decodes or throws a typed error`, () => {
        const raw = parse(text)
        expect(() => spec.decode(raw)).not.toThrow()
        const all = paths(raw)
        fc.assert(
          fc.property(fc.nat(all.length - 1), fc.nat(4), junk, (i, kind, value) => {
            const mutated = mutate(raw, all[i]!, kind, value)
            try {
              spec.decode(mutated)
            } catch (e) {
              if (!(e instanceof ResponseShapeError || e instanceof PrecisionError)) throw e
              if (e instanceof ResponseShapeError) expect(e.path.startsWith('$')).toBe(true)
            }
            expect(({} as Record<string, unknown>).polluted).toBeUndefined()
            expect(Object.hasOwn(Object.prototype, 'polluted')).toBe(false)
          }),
          { seed, numRuns: runs },
        )
      })
    }
  }
})
