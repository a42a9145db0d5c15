/**
 * Reading logs from a node that limits `eth_getLogs` ranges (src/core/logRange.ts): the node's
 * refusal read back (`Filter.Logs` in subnet-evm's `eth/filters/filter.go`: refused when
 * `end - begin >= max`, text `requested too many blocks from %d to %d, maximum is set to %d`),
 * the chunks planned, and the reads against a stand-in that refuses by that rule.
 */
import { describe, expect, it } from 'vitest'
import { checkMaxBlockRange, logChunkEnd, logRangeChunks, logRangeMaximum, readLogRange } from '../../src/core/logRange.js'
import { InvalidArgumentError } from '../../src/errors/argument.js'

const text = (from: bigint, to: bigint, max: bigint) => `requested too many blocks from ${from} to ${to}, maximum is set to ${max}`

/** A node's log reads with `api-max-blocks-per-request` = `max` (0: none): one log per block, the requests recorded. */
function node(max: bigint) {
  const requests: [bigint, bigint][] = []
  const read = async (from: bigint, to: bigint) => {
    requests.push([from, to])
    if (max > 0n && to - from >= max)
      throw Object.assign(new Error('RPC Request failed.'), { cause: { code: -32000, message: text(from, to, max) } })
    const logs: bigint[] = []
    for (let n = from; n <= to; n++) logs.push(n)
    return logs
  }
  return { read, requests }
}
const blocks = (from: bigint, to: bigint) => Array.from({ length: Number(to - from + 1n) }, (_, i) => from + BigInt(i))

describe('logRangeMaximum', () => {
  it('reads the maximum from the node’s text', () => {
    expect(logRangeMaximum(text(0n, 10n, 3n))).toBe(3n)
    expect(logRangeMaximum(text(5n, 2053n, 2048n))).toBe(2048n)
  })

  it('finds it in errors as viem and ethers chain them, and as an EIP-1193 provider throws it', () => {
    const reply = { code: -32000, message: text(1n, 9n, 4n) }
    const viem = Object.assign(new Error('Missing or invalid parameters.'), {
      cause: Object.assign(new Error('RPC Request failed.'), { code: -32000, cause: reply }),
    })
    const ethers = Object.assign(new Error('could not coalesce error'), { code: 'UNKNOWN_ERROR', error: reply })
    const eip1193 = Object.assign(new Error(reply.message), reply)
    for (const e of [viem, ethers, eip1193]) expect(logRangeMaximum(e)).toBe(4n)
  })

  it('is undefined for any other error, and for a maximum of 0 (no limit)', () => {
    expect(logRangeMaximum('invalid block range params')).toBeUndefined()
    expect(logRangeMaximum({ code: -32000, message: 'requested to block 9 after last accepted block 5' })).toBeUndefined()
    expect(logRangeMaximum(new Error('fetch failed'))).toBeUndefined()
    expect(logRangeMaximum(undefined)).toBeUndefined()
    expect(logRangeMaximum(text(0n, 10n, 0n))).toBeUndefined()
  })
})

describe('logRangeChunks', () => {
  it('covers the range in order, each chunk at most maxBlocks blocks (end - begin < max, as the node accepts)', () => {
    expect(logRangeChunks(0n, 10n, 3n)).toEqual([
      { fromBlock: 0n, toBlock: 2n },
      { fromBlock: 3n, toBlock: 5n },
      { fromBlock: 6n, toBlock: 8n },
      { fromBlock: 9n, toBlock: 10n },
    ])
    expect(logRangeChunks(7n, 9n, 3n)).toEqual([{ fromBlock: 7n, toBlock: 9n }])
    expect(logRangeChunks(7n, 7n, 1n)).toEqual([{ fromBlock: 7n, toBlock: 7n }])
    expect(logRangeChunks(4n, 6n, 1n).map((c) => c.fromBlock)).toEqual([4n, 5n, 6n])
    expect(logRangeChunks(5n, 4n, 3n)).toEqual([])
    for (const chunk of logRangeChunks(100n, 10_000n, 2048n)) expect(chunk.toBlock - chunk.fromBlock).toBeLessThan(2048n)
  })

  it('refuses a size below 1 block', () => {
    expect(() => logRangeChunks(0n, 10n, 0n)).toThrow(InvalidArgumentError)
  })

  it('logChunkEnd: the last block of one chunk; without a size, the end of the range', () => {
    expect(logChunkEnd(0n, 10n, 3n)).toBe(2n)
    expect(logChunkEnd(9n, 10n, 3n)).toBe(10n)
    expect(logChunkEnd(0n, 10n)).toBe(10n)
  })
})

describe('checkMaxBlockRange', () => {
  it('takes a bigint of at least 1n, or nothing', () => {
    expect(checkMaxBlockRange(1n)).toBe(1n)
    expect(checkMaxBlockRange(2048n)).toBe(2048n)
    expect(checkMaxBlockRange(undefined)).toBeUndefined()
  })

  it.each([0n, -1n, 3, '3', null])('refuses %s with InvalidArgumentError', (value) => {
    const e = (() => {
      try {
        checkMaxBlockRange(value)
      } catch (e) {
        return e
      }
    })()
    expect(e).toBeInstanceOf(InvalidArgumentError)
    expect((e as InvalidArgumentError).argument).toBe('maxBlockRange')
  })
})

describe('readLogRange against a node that refuses by Filter.Logs’ rule', () => {
  it('one request where the node has no limit', async () => {
    const { read, requests } = node(0n)
    expect(await readLogRange(read, 0n, 10n)).toEqual(blocks(0n, 10n))
    expect(requests).toEqual([[0n, 10n]])
  })

  it('refused once, then chunks of the maximum the node named, in order', async () => {
    const { read, requests } = node(3n)
    expect(await readLogRange(read, 0n, 10n)).toEqual(blocks(0n, 10n))
    expect(requests).toEqual([
      [0n, 10n],
      [0n, 2n],
      [3n, 5n],
      [6n, 8n],
      [9n, 10n],
    ])
  })

  it('maxBlockRange: chunks from the start, no refusal when it is within the node’s maximum', async () => {
    const { read, requests } = node(3n)
    expect(await readLogRange(read, 2n, 8n, 2n)).toEqual(blocks(2n, 8n))
    expect(requests).toEqual([
      [2n, 3n],
      [4n, 5n],
      [6n, 7n],
      [8n, 8n],
    ])
  })

  it('maxBlockRange above the node’s maximum: the refused chunk and the rest in chunks of the node’s', async () => {
    const { read, requests } = node(3n)
    expect(await readLogRange(read, 0n, 9n, 5n)).toEqual(blocks(0n, 9n))
    expect(requests).toEqual([
      [0n, 4n],
      [0n, 2n],
      [3n, 5n],
      [6n, 8n],
      [9n, 9n],
    ])
  })

  it('a range within the maximum: one request, whatever the limit', async () => {
    const { read, requests } = node(3n)
    expect(await readLogRange(read, 4n, 6n)).toEqual(blocks(4n, 6n))
    expect(requests).toEqual([[4n, 6n]])
  })

  it('a reversed range is one request, for the node to answer', async () => {
    const { read, requests } = node(3n)
    expect(await readLogRange(read, 6n, 4n)).toEqual([])
    expect(requests).toEqual([[6n, 4n]])
  })

  it('any other error is thrown as it is, and so is a refusal that no shorter range would avoid', async () => {
    const other = new Error('fetch failed')
    await expect(readLogRange(() => Promise.reject(other), 0n, 10n)).rejects.toBe(other)
    // A refusal naming a maximum the refused range is within: retrying would repeat it.
    const odd = { code: -32000, message: text(0n, 2n, 3n) }
    let calls = 0
    const read = () => {
      calls++
      return Promise.reject(odd)
    }
    await expect(readLogRange(read, 0n, 2n)).rejects.toBe(odd)
    expect(calls).toBe(1)
  })
})
