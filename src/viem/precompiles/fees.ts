/**
 * A fee estimate for Avalanche L1s. A wallet's generic estimate (viem's `estimateFeesPerGas`:
 * the head's base fee × 1.2 + tip) misses what an L1's fee config does: a `minBaseFee` raised by
 * the Fee Manager applies from the next block and the pool refuses any fee cap below it at once
 * (`transaction underpriced`; subnet-evm issue #228), and Subnet-EVM's base fee follows a 10 s
 * window, not EIP-1559's per-block rule.
 */
import type { Client, EstimateMaxPriorityFeePerGasErrorType, GetBlockErrorType } from 'viem'
import { estimateMaxPriorityFeePerGas, getBlock } from 'viem/actions'
import { getAction } from 'viem/utils'
import { checkBaseFeeMultiplier, headerMilliseconds, l1FeesPerGas } from '../../core/precompiles/admin.js'
import type { InvalidArgumentErrorType } from '../../errors/argument.js'
import type { ResponseShapeErrorType } from '../../errors/response.js'
import { type FeeConfigErrorType, feeConfig } from '../actions/subnet.js'

export type EstimateL1FeesPerGasParameters = {
  /** Headroom on the next block's highest base fee for later blocks, as viem's `baseFeeMultiplier` (default 1.2). */
  baseFeeMultiplier?: number | undefined
}
export type EstimateL1FeesPerGasReturnType = {
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  /** The highest base fee the next block can have (`maxNextBaseFee` over the head and the fee config in force). */
  nextBaseFee: bigint
  /** The `minBaseFee` of the fee config that governs the next block: the pool's minimum fee cap. */
  minBaseFee: bigint
}
/** A bad `baseFeeMultiplier`, the three reads' errors, or a head whose `timestampMilliseconds` is not a hex quantity. */
export type EstimateL1FeesPerGasErrorType =
  | InvalidArgumentErrorType
  | GetBlockErrorType
  | FeeConfigErrorType
  | EstimateMaxPriorityFeePerGasErrorType
  | ResponseShapeErrorType

/**
 * EIP-1559 fees for the next block of an L1: `maxFeePerGas` is at least the highest base fee the
 * next block can have (Subnet-EVM's windowed algorithm from `subnet-rpc`'s `maxNextBaseFee`, over
 * the head and the fee config in force, read with `eth_feeConfig`) times `baseFeeMultiplier`,
 * never below that config's `minBaseFee`, plus the node's suggested tip. Three requests, in
 * parallel: the head, `eth_feeConfig`, `eth_maxPriorityFeePerGas`.
 *
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { estimateL1FeesPerGas } from 'subnet-rpc/viem/precompiles'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { maxFeePerGas, maxPriorityFeePerGas, minBaseFee } = await estimateL1FeesPerGas(client)
 */
export async function estimateL1FeesPerGas(
  client: Client,
  parameters: EstimateL1FeesPerGasParameters = {},
): Promise<EstimateL1FeesPerGasReturnType> {
  const baseFeeMultiplier = checkBaseFeeMultiplier(parameters.baseFeeMultiplier ?? 1.2)
  const [head, fees, maxPriorityFeePerGas] = await Promise.all([
    getAction(client, getBlock, 'getBlock')({ blockTag: 'latest' }),
    feeConfig(client, { blockTag: 'latest' }),
    getAction(client, estimateMaxPriorityFeePerGas, 'estimateMaxPriorityFeePerGas')({ chain: null }),
  ])
  // viem formats the fields it knows; a Granite header's timestampMilliseconds stays the node's hex.
  const timestampMilliseconds = headerMilliseconds(
    'eth_getBlockByNumber',
    (head as { timestampMilliseconds?: unknown }).timestampMilliseconds,
  )
  return l1FeesPerGas({ head: { ...head, timestampMilliseconds }, feeConfig: fees.feeConfig, maxPriorityFeePerGas, baseFeeMultiplier })
}
