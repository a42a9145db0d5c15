/**
 * ACP-226, the dynamic minimum block delay of Granite (avalanchego `vms/evm/acp226`): a
 * header's `minDelayExcess` stands for a delay of `M · e^(excess / D)` milliseconds, with
 * `e^x` approximated as `gas.CalculatePrice` (`vms/components/gas`) does.
 */

/** `MinDelayMilliseconds` (M). */
const minDelayMilliseconds = 1n
/** `ConversionRate` (D). */
const conversionRate = 1n << 20n
/** `maxDelayExcess`: `ConversionRate · ln(MaxUint64 / MinDelayMilliseconds) + 1`. */
const maxDelayExcess = 46_516_320n
const maxUint64 = (1n << 64n) - 1n

/** `InitialDelayExcess`: about 2,000 ms, the excess of the first Granite header unless a genesis says otherwise. */
export const initialDelayExcess = 7_970_124n

/**
 * `DelayExcess.Delay`: the minimum block delay in milliseconds an excess stands for, by
 * `gas.CalculatePrice(M, excess, D)` (a Taylor series in integers, capped at MaxUint64):
 * `delayOf(initialDelayExcess)` is 2,000.
 */
export function delayOf(excess: bigint): bigint {
  let output = 0n
  let accumulator = minDelayMilliseconds * conversionRate
  const maxOutput = conversionRate * maxUint64
  for (let i = 1n; accumulator > 0n; i++) {
    output += accumulator
    if (output >= maxOutput) return maxUint64
    accumulator = (accumulator * excess) / conversionRate / i
  }
  return output / conversionRate
}

/**
 * `DesiredDelayExcess`: the smallest excess whose delay is at least `delayMs` (Go's
 * `sort.Search` over `[0, maxDelayExcess)`, which answers `maxDelayExcess` when none is):
 * `desiredDelayExcess(2000n)` is `initialDelayExcess`.
 */
export function desiredDelayExcess(delayMs: bigint): bigint {
  let low = 0n
  let high = maxDelayExcess
  while (low < high) {
    const middle = (low + high) / 2n
    if (delayOf(middle) >= delayMs) high = middle
    else low = middle + 1n
  }
  return low
}
