import { describe, expect, it } from 'vitest'
import { isTaggedInteger, markUnsafeIntegers, parseJson, taggedInteger } from '../../src/core/json/parse.js'
import { stringifyJson } from '../../src/core/json/stringify.js'

describe('parseJson', () => {
  it('keeps integers above 2^53 exact as bigint', () => {
    expect(parseJson('{"minBaseFee":9007199254740993,"x":[18446744073709551616,-9007199254740993]}')).toEqual({
      minBaseFee: 9007199254740993n,
      x: [18446744073709551616n, -9007199254740993n],
    })
  })
  it('leaves safe integers, floats and exponents as numbers', () => {
    expect(parseJson('[9007199254740991,1234567890123456.5,1e300,0.1,-0]')).toEqual([9007199254740991, 1234567890123456.5, 1e300, 0.1, -0])
  })
  it('does not touch digits inside strings, escaped quotes included', () => {
    expect(parseJson('{"a":"12345678901234567890","b":"x\\"99999999999999999","c":99999999999999999}')).toEqual({
      a: '12345678901234567890',
      b: 'x"99999999999999999',
      c: 99999999999999999n,
    })
  })
  it('returns exactly what JSON.parse returns on bodies without long digit runs', () => {
    const body = '{"jsonrpc":"2.0","id":1,"result":{"gasLimit":8000000,"ok":true,"s":"é\\u2028"}}'
    expect(parseJson(body)).toEqual(JSON.parse(body))
  })
  it('rejects malformed JSON with a SyntaxError', () => {
    expect(() => parseJson('{"a":12345678901234567890')).toThrow(SyntaxError)
    expect(() => parseJson('')).toThrow(SyntaxError)
  })
  it('cannot be fooled by a look-alike string', () => {
    expect(parseJson('{"a":"\\u0000bigint:0:123"}')).toEqual({ a: '\u0000bigint:0:123' })
  })
})

describe('markUnsafeIntegers', () => {
  it('turns unsafe integers into tagged strings that survive a plain JSON.parse', () => {
    const parsed = JSON.parse(markUnsafeIntegers('{"v":9007199254740993,"w":5}')) as { v: string; w: number }
    expect(isTaggedInteger(parsed.v)).toBe(true)
    expect(taggedInteger(parsed.v)).toBe(9007199254740993n)
    expect(parsed.w).toBe(5)
  })
  it('returns the same text when there is nothing to mark', () => {
    const text = '{"v":"12345678901234567"}'
    expect(markUnsafeIntegers(text)).toBe(text)
  })
})

describe('stringifyJson', () => {
  it('writes bigint as bare integers', () => {
    expect(stringifyJson({ a: 9007199254740993n, b: [1n, 'x'], c: undefined })).toBe('{"a":9007199254740993,"b":[1,"x"]}')
  })
  it('is JSON.stringify without bigint', () => {
    expect(stringifyJson({ a: 1, b: 'x' })).toBe('{"a":1,"b":"x"}')
  })
})

describe('parseJson with long digit runs inside strings', () => {
  it('marks only integers outside strings, even when a string looks like a value', () => {
    const text =
      '{"s":"a:12345678901234567890,b","t":["x\\"y",9007199254740993],"u":"[99999999999999999]","v":99999999999999999,"w":"\\\\"}'
    const value = parseJson(text) as Record<string, unknown>
    expect(value.s).toBe('a:12345678901234567890,b')
    expect(value.t).toEqual(['x"y', 9007199254740993n])
    expect(value.u).toBe('[99999999999999999]')
    expect(value.v).toBe(99999999999999999n)
    expect(value.w).toBe('\\')
  })
  it('marks the same in markUnsafeIntegers', () => {
    const text = '{"s":"x,12345678901234567890","v":[1,12345678901234567890]}'
    const parsed = JSON.parse(markUnsafeIntegers(text)) as { s: string; v: [number, string] }
    expect(parsed.s).toBe('x,12345678901234567890')
    expect(taggedInteger(parsed.v[1])).toBe(12345678901234567890n)
  })
})
