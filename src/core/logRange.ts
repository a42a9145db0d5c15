/**
 * Reading logs from a node that limits the block range of `eth_getLogs`. avalanchego's EVMs
 * (subnet-evm and coreth, `eth/filters/filter.go` `Filter.Logs`) refuse a range whose resolved
 * `end - begin` is at least the chain config's `api-max-blocks-per-request` (`MaxBlocksPerRequest`,
 * 0 = no limit) with -32000 `requested too many blocks from <begin> to <end>, maximum is set to <max>`:
 * a request may cover at most `max` blocks. Library-neutral, shared by the viem and ethers adapters.
 */
import { InvalidArgumentError } from '../errors/argument.js'
import { findRpcFailure } from './methods/call.js'

const refusal = /requested too many blocks .*, maximum is set to (\d+)/

/**
 * The maximum (blocks per request) of the node's range refusal, from its message or from any
 * error that carries its JSON-RPC error (viem's and ethers' included); `undefined` for anything
 * else. A maximum of 0 is no limit (the node never refuses then), so it is not read as one.
 */
export function logRangeMaximum(error: unknown): bigint | undefined {
  const m = refusal.exec(typeof error === 'string' ? error : (findRpcFailure(error)?.message ?? ''))
  const maximum = m ? BigInt(m[1]!) : 0n
  return maximum > 0n ? maximum : undefined
}

/** `maxBlockRange` when given: a bigint of at least 1, or `InvalidArgumentError` (checked before any request). */
export function checkMaxBlockRange(value: unknown): bigint | undefined {
  if (value === undefined || (typeof value === 'bigint' && value > 0n)) return value
  throw new InvalidArgumentError({ argument: 'maxBlockRange', value, accepted: 'a bigint ≥ 1n' })
}

/**
 * The last block of the chunk that starts at `fromBlock`: `maxBlocks` blocks at most (the node
 * accepts `end - begin < max`), never past `toBlock`; `toBlock` itself without `maxBlocks`.
 */
export function logChunkEnd(fromBlock: bigint, toBlock: bigint, maxBlocks?: bigint): bigint {
  return maxBlocks === undefined || toBlock - fromBlock < maxBlocks ? toBlock : fromBlock + maxBlocks - 1n
}

/** `fromBlock`..`toBlock` in order, in chunks of at most `maxBlocks` blocks: the requests a node with that maximum accepts. */
export function logRangeChunks(fromBlock: bigint, toBlock: bigint, maxBlocks: bigint): { fromBlock: bigint; toBlock: bigint }[] {
  if (!(maxBlocks > 0n)) checkMaxBlockRange(maxBlocks)
  const chunks: { fromBlock: bigint; toBlock: bigint }[] = []
  for (let start = fromBlock; start <= toBlock; start = chunks[chunks.length - 1]!.toBlock + 1n)
    chunks.push({ fromBlock: start, toBlock: logChunkEnd(start, toBlock, maxBlocks) })
  return chunks
}

/**
 * The logs of `fromBlock`..`toBlock`, read with `read` in block order: in one request, or from the
 * start in chunks of `maxBlockRange` blocks (`logChunkEnd`). When the node refuses a chunk as too
 * long, that chunk and the rest are read in chunks of the maximum its message gives. Any other
 * error, and a refusal of a chunk no longer than the maximum it names, is thrown as it is.
 */
export async function readLogRange<T>(
  read: (fromBlock: bigint, toBlock: bigint) => Promise<readonly T[]>,
  fromBlock: bigint,
  toBlock: bigint,
  maxBlockRange?: bigint,
): Promise<T[]> {
  const out: T[] = []
  for (let start = fromBlock, size = maxBlockRange; ; ) {
    // A reversed range is one request too: the node answers it.
    const end = logChunkEnd(start, toBlock, size)
    try {
      for (const log of await read(start, end)) out.push(log)
    } catch (e) {
      // The node refuses only chunks longer than its maximum: each retry is shorter, so this ends.
      const maximum = logRangeMaximum(e)
      if (!maximum || maximum > end - start) throw e
      size = maximum
      continue
    }
    if (end >= toBlock) return out
    start = end + 1n
  }
}
