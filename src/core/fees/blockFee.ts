/** The block fee check: do a block's tips pay its block gas cost (`plugin/evm/customheader/block_gas_cost.go` `VerifyBlockFee`). */
import { checkNonNegative, checkUint64, goDiv, isUint64 } from './goNumbers.js'

/**
 * What a transaction offers to pay per gas: `gasPrice` (legacy and access-list transactions),
 * or `maxFeePerGas` and `maxPriorityFeePerGas` (EIP-1559), which win when present.
 */
export type FeeBid =
  | { gasPrice: bigint; maxFeePerGas?: undefined; maxPriorityFeePerGas?: undefined }
  | { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint; gasPrice?: bigint | undefined }

function bidCaps(tx: FeeBid, i: number | undefined): { feeCap: bigint; tipCap: bigint } {
  const at = i === undefined ? 'transaction' : `transactions[${i}]`
  if (tx.maxFeePerGas !== undefined) {
    return {
      feeCap: checkNonNegative(`${at}.maxFeePerGas`, tx.maxFeePerGas, 'a non-negative bigint'),
      tipCap: checkNonNegative(`${at}.maxPriorityFeePerGas`, tx.maxPriorityFeePerGas, 'a non-negative bigint'),
    }
  }
  const price = checkNonNegative(`${at}.gasPrice`, tx.gasPrice, 'a non-negative bigint (or maxFeePerGas and maxPriorityFeePerGas)')
  return { feeCap: price, tipCap: price }
}

/**
 * A transaction's tip per gas at a base fee: `min(tipCap, feeCap − baseFee)`, where a legacy
 * transaction's caps are both its `gasPrice` (`types.Transaction.EffectiveGasTip`, libevm). Negative
 * when the fee cap is below the base fee (Go returns that value with `ErrGasFeeCapTooLow`).
 * Without a base fee, the tip cap.
 *
 * @example
 * import { effectiveGasTip } from 'subnet-rpc/fees'
 * effectiveGasTip({ maxFeePerGas: 30n, maxPriorityFeePerGas: 2n }, 29n) // 1n
 * effectiveGasTip({ gasPrice: 150n }, 100n) // 50n
 */
export function effectiveGasTip(transaction: FeeBid, baseFee: bigint | null | undefined): bigint {
  const { feeCap, tipCap } = bidCaps(transaction, undefined)
  if (baseFee == null) return tipCap
  const gap = feeCap - baseFee
  // math.BigMin(tipCap, gap)
  if (gap < tipCap) return gap
  return tipCap
}

/** A transaction of the block with its receipt's `gasUsed`. */
export type BlockFeeTransaction = FeeBid & { gasUsed: bigint }

/** Parameters of {@link verifyBlockFee}. */
export type VerifyBlockFeeParameters = {
  /** The block's base fee. */
  baseFee: bigint | null | undefined
  /** The block's required `blockGasCost` ({@link blockGasCost}). */
  blockGasCost: bigint | null | undefined
  /** The block's transactions, each with its receipt's `gasUsed`. */
  transactions?: readonly BlockFeeTransaction[]
  /** Extra wei counted towards the block fee (`extraStateChangeContribution`; the node passes none). */
  extraStateChangeContribution?: bigint | null
}

/**
 * The outcome of {@link verifyBlockFee}: `ok`, or the reason and Go's error text. `blockGas` is
 * the gas the tips buy, when it was computed.
 */
export type VerifyBlockFeeResult =
  | { ok: true; blockGas: bigint | null }
  | {
      ok: false
      reason: 'invalidBaseFee' | 'invalidBlockGasCost' | 'invalidExtraStateChangeContribution' | 'gasFeeCapTooLow' | 'insufficientBlockGas'
      message: string
      blockGas: bigint | null
    }

/**
 * The check the node makes when it builds or accepts a pre-Granite block
 * (`customheader.VerifyBlockFee`): the tips, `Σ effectiveGasTip × gasUsed` (plus any extra
 * contribution), must buy at least `blockGasCost` gas at the base fee:
 * `⌊Σ / baseFee⌋ ≥ blockGasCost`. A required cost of 0 (Granite) always passes, without looking
 * at the transactions.
 *
 * @example
 * import { verifyBlockFee } from 'subnet-rpc/fees'
 * verifyBlockFee({ baseFee: 100n, blockGasCost: 100_000n, transactions: [{ gasPrice: 200n, gasUsed: 100_000n }] })
 * // { ok: true, blockGas: 100000n }
 */
export function verifyBlockFee({
  baseFee,
  blockGasCost: required,
  transactions = [],
  extraStateChangeContribution,
}: VerifyBlockFeeParameters): VerifyBlockFeeResult {
  const fail = (reason: Extract<VerifyBlockFeeResult, { ok: false }>['reason'], message: string, blockGas: bigint | null = null) =>
    ({ ok: false, reason, message, blockGas }) as const
  const shown = (v: bigint | null | undefined) => (v == null ? '<nil>' : String(v))
  if (baseFee == null || baseFee <= 0n) return fail('invalidBaseFee', `invalid base fee: ${shown(baseFee)}`)
  if (required == null || !isUint64(required)) return fail('invalidBlockGasCost', `invalid block gas cost: ${shown(required)}`)
  if (required === 0n) return { ok: true, blockGas: null }
  let total = 0n
  if (extraStateChangeContribution != null) {
    if (extraStateChangeContribution < 0n)
      return fail('invalidExtraStateChangeContribution', `invalid extra state change contribution: ${extraStateChangeContribution}`)
    total += extraStateChangeContribution
  }
  for (const [i, tx] of transactions.entries()) {
    const { feeCap } = bidCaps(tx, i)
    if (feeCap < baseFee) return fail('gasFeeCapTooLow', 'fee cap less than base fee')
    total += effectiveGasTip(tx, baseFee) * checkUint64(`transactions[${i}].gasUsed`, tx.gasUsed)
  }
  const blockGas = goDiv(total, baseFee)
  if (blockGas < required)
    return fail('insufficientBlockGas', `insufficient gas to cover the block cost: expected ${required} but got ${blockGas}`, blockGas)
  return { ok: true, blockGas }
}
