/**
 * The node's RPC fee cap (graft/subnet-evm/internal/ethapi/api.go `checkTxFee`, run by `SubmitTransaction` for
 * `eth_sendRawTransaction` and `eth_sendTransaction` before the unprotected check and the pool): a transaction whose
 * `gasPrice × gas` (a dynamic-fee one's fee cap as its gas price) is over the chain config's `rpc-tx-fee-cap` ether is
 * refused, a cap of 0 being none. The fee is computed as Go computes it, so that a fee at the cap's edge is answered as
 * the node answers it: `big.Float` division at the operands' precision (at least 64 bits), rounded to a float64, both
 * to nearest even, and printed with `%.2f` (the exact binary value rounded half to even).
 */

const ether = 10n ** 18n

/** `x` rounded to the nearest integer, a tie to the even one: `x` is `num / den` (den > 0, num >= 0). */
function roundHalfEven(num: bigint, den: bigint): bigint {
  const q = num / den
  const twice = 2n * (num % den)
  return twice > den || (twice === den && (q & 1n) === 1n) ? q + 1n : q
}

/**
 * `gasPrice × gas / 1e18` as `checkTxFee` computes it: `new(big.Float).Quo` of the product and 1e18, at the larger of
 * the product's bit length and 64 bits, then `Float64()`.
 *
 * @example
 * feeInEther(25_000_000_000n, 21_000n) // 0.000525
 */
export function feeInEther(gasPrice: bigint, gas: bigint): number {
  const fee = gasPrice * gas
  if (fee === 0n) return 0
  const precision = Math.max(fee.toString(2).length, 64)
  // The quotient's `precision` leading bits: m = fee / (1e18 × 2^e), with 2^(precision-1) <= m < 2^precision.
  let e = fee.toString(2).length - ether.toString(2).length - precision
  const scaled = (exp: number): [bigint, bigint] => (exp >= 0 ? [fee, ether << BigInt(exp)] : [fee << BigInt(-exp), ether])
  for (;;) {
    const [num, den] = scaled(e)
    const q = num / den
    if (q >= 1n << BigInt(precision)) e++
    else if (q < 1n << BigInt(precision - 1)) e--
    else break
  }
  let m = roundHalfEven(...scaled(e))
  // Then to float64's 53 bits, again to nearest even (`Float64`): a second rounding, as Go's.
  const shift = BigInt(m.toString(2).length - 53)
  m = roundHalfEven(m, 1n << shift)
  return Number(m) * 2 ** (e + Number(shift))
}

/** A finite float64 as its sign and `mantissa × 2^exp`, exactly. */
function binary(x: number): { negative: boolean; mantissa: bigint; exp: number } {
  const view = new DataView(new ArrayBuffer(8))
  view.setFloat64(0, x)
  const bits = view.getBigUint64(0)
  const biased = Number((bits >> 52n) & 0x7ffn)
  const fraction = bits & ((1n << 52n) - 1n)
  return {
    negative: bits >> 63n === 1n,
    mantissa: biased === 0 ? fraction : fraction | (1n << 52n),
    exp: (biased === 0 ? 1 : biased) - 1075,
  }
}

/** The wei under a positive cap (its exact value × 1e18, floored), by cap: the last one asked for. */
let capInWei: { cap: number; wei: bigint } | undefined

/**
 * The most wei of fee that is surely within `cap` (positive): at most the cap exactly, so its quotient, however
 * rounded, is not over the cap (a float64); a send's check is then one multiplication and one comparison.
 */
function weiWithin(cap: number): bigint {
  if (capInWei?.cap !== cap) {
    const { mantissa, exp } = binary(cap)
    capInWei = { cap, wei: exp >= 0 ? (mantissa * ether) << BigInt(exp) : (mantissa * ether) >> BigInt(-exp) }
  }
  return capInWei.wei
}

/**
 * A float64 as Go's `%.2f` prints it: its exact binary value rounded to hundredths, a tie to the even one
 * (strconv `bigFtoa`, `shouldRoundUp`); never exponent notation.
 *
 * @example
 * goFixed2(0.125) // '0.12' (JavaScript's toFixed gives '0.13')
 */
export function goFixed2(x: number): string {
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : x < 0 ? '-Inf' : 'NaN'
  const { negative, mantissa, exp } = binary(x)
  const cents = exp >= 0 ? (mantissa * 100n) << BigInt(exp) : roundHalfEven(mantissa * 100n, 1n << BigInt(-exp))
  return `${negative ? '-' : ''}${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`
}

/**
 * `checkTxFee`'s refusal of a transaction with `gasPrice` (a dynamic-fee one's fee cap) and `gas` under `cap` ether
 * (the chain config's `rpc-tx-fee-cap`), or undefined where it is within the cap (or the cap is 0: none).
 *
 * @example
 * txFeeRefusal(2_000_000_000_000n, 100_000n, 0.1) // 'tx fee (0.20 ether) exceeds the configured cap (0.10 ether)'
 */
export function txFeeRefusal(gasPrice: bigint, gas: bigint, cap: number): string | undefined {
  if (cap === 0 || (cap > 0 && gasPrice * gas <= weiWithin(cap))) return undefined
  const fee = feeInEther(gasPrice, gas)
  return fee > cap ? `tx fee (${goFixed2(fee)} ether) exceeds the configured cap (${goFixed2(cap)} ether)` : undefined
}
