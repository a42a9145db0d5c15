/** The last lines of anvil's output (packages/devnet/src/anvil.ts `OutputTail`), however its chunks cut them. */
import { describe, expect, it } from 'vitest'
import { OutputTail } from '../../packages/devnet/src/anvil.js'

/** The lines a whole text splits into (the last, unfinished one kept), its last `size`. */
const lastLines = (text: string, size: number) => {
  const parts = text.split(/\r?\n/)
  const partial = parts.pop()!
  return (partial === '' ? parts : [...parts, partial]).slice(-size)
}

describe('OutputTail', () => {
  const text = `${Array.from({ length: 250 }, (_, i) => `line ${i}${i % 3 === 0 ? '\r' : ''}\n`).join('')}unfinished \r`
  for (const size of [1, 7, 100, 300])
    it(`keeps the last ${size} lines, chunks cut anywhere (a \\r\\n across two chunks too)`, () => {
      for (const step of [1, 2, 7, 64, text.length]) {
        const tail = new OutputTail(size)
        for (let at = 0; at < text.length; at += step) tail.push(text.slice(at, at + step))
        expect(tail.lines()).toEqual(lastLines(text, size))
      }
    })

  it('keeps nothing but an unfinished line when its size is 0, as before', () => {
    const tail = new OutputTail(0)
    tail.push('a\nb\nc')
    expect(tail.lines()).toEqual(['c'])
  })

  it('starts empty and keeps lines in order before it is full', () => {
    const tail = new OutputTail(5)
    expect(tail.lines()).toEqual([])
    tail.push('Listening on 127.0.0.1:8545\neth_chainId\n')
    expect(tail.lines()).toEqual(['Listening on 127.0.0.1:8545', 'eth_chainId'])
  })
})
