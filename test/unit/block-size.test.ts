/**
 * The miner's walk by size (packages/devnet/src/l1/block/sizeLimit.ts `leftOverBySize`, miner/worker.go
 * `commitTransactions`): by effective tip across senders, each sender's by nonce; a send past the target leaves the
 * block with the sender's later ones, and smaller sends of others still fit.
 */
import { describe, expect, it } from 'vitest'
import { leftOverBySize, type SizedTx, targetTxsSize } from '../../packages/devnet/src/l1/block/sizeLimit.js'

const tx = (sender: string, nonce: number, size: number, tip = 1n): SizedTx => ({
  hash: `${sender}-${nonce}`,
  sender,
  nonce: BigInt(nonce),
  size,
  tip,
})
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
    const left = leftOverBySize(
      [tx('a', 0, 1_000_000, 3n), tx('b', 0, 900_000, 2n), tx('b', 1, 10, 2n), tx('c', 0, 800_000, 1n)],
      1_843_200,
    )
    // a (tip 3) fits; b's first (tip 2) would pass the target: b is out, its nonce 1 with it; c's 800,000 fits.
    expect(hashes(left)).toEqual(['b-0'])
  })

  it('walks by tip across senders and by nonce within one', () => {
    // b's second send pays most, but waits for b's first; a's send goes first and fills the block.
    const left = leftOverBySize([tx('b', 1, 600, 9n), tx('b', 0, 600, 1n), tx('a', 0, 1_000, 5n)], 1_500)
    expect(hashes(left)).toEqual(['b-0'])
  })

  it('keeps the pool order among equal tips', () => {
    expect(hashes(leftOverBySize([tx('x', 0, 800), tx('y', 0, 800)], 1_000))).toEqual(['y-0'])
    expect(hashes(leftOverBySize([tx('y', 0, 800), tx('x', 0, 800)], 1_000))).toEqual(['x-0'])
  })
})
