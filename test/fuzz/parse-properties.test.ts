/** Properties of the lossless parse (fixed seed; FUZZ_RUNS raises the count). */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { markUnsafeIntegers, parseJson, revive } from '../../src/core/json/parse.js'
import { stringifyJson } from '../../src/core/json/stringify.js'

const runs = Number(process.env.FUZZ_RUNS ?? 1000)
const seed = Number(process.env.FUZZ_SEED ?? 7)

const big = fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }).filter((n) => n > 2n ** 53n || n < -(2n ** 53n))
const value: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  v: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    // Not -0: JSON has no negative zero to write (JSON.stringify and stringifyJson write 0; a test below says so).
    fc
      .jsonValue({ maxDepth: 0 })
      .filter((x) => typeof x !== 'number' || ((!Number.isInteger(x) || Number.isSafeInteger(x)) && !Object.is(x, -0))),
    big,
    fc.string().map((s) => `${s}12345678901234567890${s}`),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie('v'), { maxKeys: 4 }),
  ),
})).v

describe('parseJson properties', () => {
  it('equals JSON.parse on any JSON text without unsafe integers', () => {
    const exact = (v: unknown): boolean =>
      typeof v === 'number'
        ? !Number.isInteger(v) || Number.isSafeInteger(v)
        : Array.isArray(v)
          ? v.every(exact)
          : v && typeof v === 'object'
            ? Object.values(v).every(exact)
            : true
    fc.assert(
      fc.property(fc.jsonValue().filter(exact), (v) => {
        const text = JSON.stringify(v)
        expect(parseJson(text)).toEqual(JSON.parse(text))
      }),
      { seed, numRuns: runs },
    )
  })
  it('round-trips bigints beyond 2^53 through stringifyJson, also via the subnetHttp path (markUnsafeIntegers, JSON.parse, revive)', () => {
    fc.assert(
      fc.property(value, (v) => {
        const text = stringifyJson(v)
        expect(parseJson(text)).toEqual(v)
        expect(revive(JSON.parse(markUnsafeIntegers(text)))).toEqual(v)
      }),
      { seed, numRuns: runs },
    )
  })
  it('writes -0 as JSON.stringify does (0), so it reads back as 0', () => {
    expect(stringifyJson([-0, { a: -0 }])).toBe(JSON.stringify([-0, { a: -0 }]))
    expect(Object.is(parseJson(stringifyJson(-0)), 0)).toBe(true)
  })
  it('throws only SyntaxError on arbitrary text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.jsonValue().map((v) => JSON.stringify(v).slice(1)),
        ),
        (text) => {
          try {
            parseJson(text)
          } catch (e) {
            expect(e).toBeInstanceOf(SyntaxError)
          }
        },
      ),
      { seed, numRuns: runs },
    )
  })
})
