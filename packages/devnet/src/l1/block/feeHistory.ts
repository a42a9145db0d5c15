/**
 * `eth_feeHistory` as Subnet-EVM answers it (internal/ethapi/api.go `FeeHistory`, eth/gasprice/feehistory.go
 * `Oracle.FeeHistory` and `resolveBlockRange`), which differs from geth's and anvil's:
 *
 * - `baseFeePerGas` has one entry per block of the range, not one more for the next block, and there are no
 *   blob fields; the keys are `oldestBlock`, `reward` (only with percentiles), `baseFeePerGas`, `gasUsedRatio`;
 * - `pending` means the range ends at the last accepted block, one block shorter; `latest`, `accepted`,
 *   `finalized` and `safe` end it there too; a block past the head is `request beyond head block`;
 * - at most 2,048 blocks (`DefaultMaxCallBlockHistory`), never before genesis, and no further back than 25,000
 *   blocks behind the head (`DefaultMaxBlockHistory`);
 * - percentiles: at most 100, each in [0, 100], strictly increasing, else `invalid reward percentile: …`.
 *
 * The blocks' base fees, gas used ratios and tip percentiles are anvil's for the same blocks (its headers carry the
 * base fees the devnet set, ./blockFees.ts, and it ranks tips as the node's `processPercentiles` does).
 */
import { goJsonTypeName, scanFirstValue } from '../../wire/goScanner.js'
import type { AnvilClient } from '../anvilClient.js'
import { RpcError } from '../rpc/envelope.js'
import { decodeBlockNumber, positionalArgs } from '../rpc/params.js'

const maxCallBlockHistory = 2048n
const maxBlockHistory = 25_000n
const maxQueryLimit = 100

/** `math.HexOrDecimal64`'s UnmarshalJSON: a quoted or bare `0x…` or decimal integer. */
function hexOrDecimal64(raw: string): bigint {
  const text = raw.length > 1 && raw[0] === '"' ? raw.slice(1, -1) : raw
  const invalid = () => new Error(`invalid hex or decimal integer ${JSON.stringify(text)}`)
  const hex = text.startsWith('0x') || text.startsWith('0X')
  const digits = hex ? text.slice(2) : text
  if (text !== '' && !(hex ? /^[0-9a-fA-F]+$/ : /^\d+$/).test(digits)) throw invalid()
  const n = text === '' ? 0n : BigInt(hex ? `0x${digits}` : digits)
  if (n >= 1n << 64n) throw invalid()
  return n
}

/** `[]float64`. */
function percentiles(raw: string): number[] {
  const type = goJsonTypeName(raw)
  if (type !== 'array') throw new Error(`json: cannot unmarshal ${type} into Go value of type []float64`)
  const scan = scanFirstValue(raw)
  if (!scan.ok) throw new Error(scan.message)
  return scan.elements.map((span) => {
    const element = raw.slice(span.start, span.end)
    const t = goJsonTypeName(element)
    if (t !== 'number' && t !== 'null') throw new Error(`json: cannot unmarshal ${t} into Go value of type float64`)
    return t === 'null' ? 0 : Number(element)
  })
}

/** Go's `%f`: six decimals. */
const f = (x: number) => x.toFixed(6)

const invalidPercentile = (detail: string) => new RpcError(-32000, `invalid reward percentile: ${detail}`)

export type FeeHistory = { oldestBlock: string; reward?: string[][]; baseFeePerGas?: string[]; gasUsedRatio: number[] | null }

/** The node's `eth_feeHistory` for raw `params`. */
export async function feeHistory(anvil: AnvilClient, params: string | undefined): Promise<FeeHistory> {
  const [count, last, ranks] = positionalArgs<[bigint, ReturnType<typeof decodeBlockNumber>, number[]]>(
    params,
    [hexOrDecimal64, decodeBlockNumber, percentiles],
    2,
  )
  const none: FeeHistory = { oldestBlock: '0x0', gasUsedRatio: null }
  let blocks = count!
  if (blocks < 1n) return none
  const wanted = ranks ?? []
  if (wanted.length > maxQueryLimit) throw invalidPercentile(`over the query limit ${maxQueryLimit}`)
  if (blocks > maxCallBlockHistory) blocks = maxCallBlockHistory
  wanted.forEach((p, i) => {
    if (p < 0 || p > 100) throw invalidPercentile(f(p))
    if (i > 0 && p <= wanted[i - 1]!) throw invalidPercentile(`#${i - 1}:${f(wanted[i - 1]!)} >= #${i}:${f(p)}`)
  })
  // resolveBlockRange
  let tag = 'tag' in last! ? last.tag : undefined
  if (tag === 'pending') {
    tag = 'latest'
    blocks--
  }
  if (blocks === 0n) return none
  const head = BigInt(await anvil.request<string>('eth_blockNumber', []))
  let lastBlock: bigint
  if (tag === undefined || tag === 'earliest') {
    lastBlock = tag === 'earliest' ? 0n : (last as { number: bigint }).number
    const depth = maxBlockHistory - 1n
    if (head > depth && head - depth > lastBlock)
      throw new RpcError(-32000, `request beyond historical limit: requested ${lastBlock}, head ${head}`)
    if (lastBlock > head) throw new RpcError(-32000, `request beyond head block: requested ${lastBlock}, head ${head}`)
  } else lastBlock = head
  if (blocks > lastBlock + 1n) blocks = lastBlock + 1n
  const oldest = lastBlock + 1n - blocks
  if (head - oldest > maxBlockHistory - 1n) blocks -= head - oldest - (maxBlockHistory - 1n)
  const hex = (n: bigint) => `0x${n.toString(16)}`
  const answer = await anvil.request<{ baseFeePerGas: string[]; gasUsedRatio: number[]; reward?: string[][] }>('eth_feeHistory', [
    hex(blocks),
    hex(lastBlock),
    wanted,
  ])
  const n = Number(blocks)
  return {
    oldestBlock: hex(lastBlock + 1n - blocks),
    // omitempty: no percentiles, no `reward`.
    reward: wanted.length > 0 && n > 0 ? (answer.reward ?? []).slice(0, n) : undefined,
    baseFeePerGas: answer.baseFeePerGas.slice(0, n),
    gasUsedRatio: answer.gasUsedRatio.slice(0, n),
  }
}
