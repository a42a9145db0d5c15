/**
 * The miner's walk by size (packages/devnet/src/l1/block/sizeLimit.ts `leftOverBySize`, miner/worker.go
 * `commitTransactions`): in the block's order, a send past the target leaves the block with its sender's later ones,
 * and other senders' sends that still fit go on counting; and the size bound taken from a send's gas.
 */
import { describe, expect, it } from 'vitest'
import { leftOverBySize, type SizedTx, sizeBound, targetTxsSize } from '../../packages/devnet/src/l1/block/sizeLimit.js'

const tx = (sender: string, nonce: number, size: number): SizedTx => ({ hash: `${sender}-${nonce}`, sender, nonce: BigInt(nonce), size })
const hashes = (left: SizedTx[]) => left.map((t) => t.hash)

describe('leftOverBySize', () => {
  it('is 1,800 KiB', () => {
    expect(targetTxsSize).toBe(1_843_200)
  })

  it('leaves nothing out while the sends fit, whatever their count', () => {
    expect(leftOverBySize(Array.from({ length: 500 }, (_, i) => tx(`s${i % 10}`, Math.floor(i / 10), 3_000)))).toEqual([])
    expect(leftOverBySize([tx('a', 0, 900_000), tx('b', 0, 943_200)])).toEqual([])
  })

  it('leaves out the first send past the target with its sender, and fits a smaller send of another', () => {
    const left = leftOverBySize([tx('a', 0, 1_000_000), tx('b', 0, 900_000), tx('b', 1, 10), tx('c', 0, 800_000), tx('d', 0, 100_000)])
    // a fits; b's first would pass the target: b is out, its nonce 1 with it; c's 800,000 fits; d's 100,000 passes it.
    expect(hashes(left)).toEqual(['b-0', 'd-0'])
  })

  it("counts a sender's sends before the one past the target", () => {
    expect(hashes(leftOverBySize([tx('a', 0, 600), tx('b', 0, 300), tx('a', 1, 500), tx('b', 1, 10)], 1_000))).toEqual(['a-1'])
  })
})

describe('sizeBound', () => {
  it('bounds a send from its gas: 300 bytes and a quarter of the gas over 21,000', () => {
    expect(sizeBound(21_000n)).toBe(300n)
    expect(sizeBound(20_000n)).toBe(300n)
    // 120,000 zero bytes of calldata cost 480,000 gas.
    expect(sizeBound(501_000n)).toBe(120_300n)
  })
})
