/** The node's check of a header's time against its parent's (`plugin/evm/customheader/time.go` `VerifyTime`). */
import { delayOf } from '../acp226.js'
import { checkUint64, headerQuantity } from './goNumbers.js'
import { forked, headerTimeMs } from './times.js'
import type { FeeUpgrades, Hex } from './types.js'

/** A header's time fields as the node's JSON has them: bigints, or the node's hex quantities for the Granite ones. */
export type HeaderTime = {
  /** `header.Time`, unix seconds. */
  timestamp: bigint
  /** Granite's `timestampMilliseconds`; absent (nil) before Granite. */
  timestampMilliseconds?: bigint | Hex | null
  /** Granite's `minDelayExcess` (ACP-226); absent (nil) before Granite. */
  minDelayExcess?: bigint | Hex | null
}

/** Parameters of {@link verifyHeaderTime}. */
export type VerifyHeaderTimeParameters = {
  parent: HeaderTime
  header: HeaderTime
  /** Granite activation (`graniteTimestamp`); omitted or null: not scheduled. */
  upgrades?: Pick<FeeUpgrades, 'graniteTimestamp'>
  /**
   * The verifier's clock in unix milliseconds: a header more than 10 s past it is refused
   * (`MaxFutureBlockTime`). Omitted: that check is skipped.
   */
  now?: bigint
}

/** The outcome of {@link verifyHeaderTime}: `ok`, or the reason (Go's error variable) and Go's error text. */
export type VerifyHeaderTimeResult =
  | { ok: true }
  | {
      ok: false
      reason:
        | 'blockTooOld'
        | 'blockTooFarInFuture'
        | 'timeMillisecondsBeforeGranite'
        | 'timeMillisecondsRequired'
        | 'timeMillisecondsMismatched'
        | 'minDelayNotMet'
      message: string
    }

/** `customheader.MaxFutureBlockTime` in milliseconds. */
const maxFutureBlockTimeMs = 10_000n

/**
 * The node's check of a header's time against its parent's (`customheader.VerifyTime`): never
 * before the parent (in milliseconds; the same time is allowed), at most 10 s past the verifier's
 * clock; from Granite, `timestampMilliseconds` present and `timestamp` its whole seconds, and at
 * least the parent's ACP-226 minimum delay (`delay(parent.minDelayExcess)` ms) after the parent,
 * unless the parent has no `minDelayExcess` (the first Granite block); before Granite, no
 * `timestampMilliseconds`. Returns `ok` or Go's error text.
 *
 * @example
 * import { verifyHeaderTime } from 'subnet-rpc/fees'
 * const parent = { timestamp: 100n, timestampMilliseconds: 100_000n, minDelayExcess: 7_970_124n }
 * const header = { timestamp: 101n, timestampMilliseconds: 101_000n, minDelayExcess: 7_970_124n }
 * verifyHeaderTime({ parent, header, upgrades: { graniteTimestamp: 0n } })
 * // { ok: false, reason: 'minDelayNotMet', message: 'minimum block delay not met: actual delay 1000ms < required 2000ms' }
 */
export function verifyHeaderTime({ parent, header, upgrades, now }: VerifyHeaderTimeParameters): VerifyHeaderTimeResult {
  const fail = (reason: Extract<VerifyHeaderTimeResult, { ok: false }>['reason'], message: string) =>
    ({ ok: false, reason, message }) as const
  const headerSeconds = checkUint64('header.timestamp', header.timestamp)
  const headerMs = headerQuantity('header.timestampMilliseconds', header.timestampMilliseconds)
  const parentMs = headerQuantity('parent.timestampMilliseconds', parent.timestampMilliseconds)
  const headerTime = headerTimeMs(headerSeconds, headerMs)
  const parentTime = headerTimeMs(checkUint64('parent.timestamp', parent.timestamp), parentMs)
  if (headerTime < parentTime) return fail('blockTooOld', `block timestamp is too old: ${headerTime} < parent ${parentTime}`)
  if (now !== undefined && headerTime > now + maxFutureBlockTimeMs)
    return fail('blockTooFarInFuture', `block timestamp is too far in the future: ${headerTime} > allowed ${now + maxFutureBlockTimeMs}`)
  if (!forked(upgrades?.graniteTimestamp, headerSeconds))
    return headerMs === null
      ? { ok: true }
      : fail('timeMillisecondsBeforeGranite', 'TimeMilliseconds should be nil before Granite activation')
  if (headerMs === null) return fail('timeMillisecondsRequired', 'TimeMilliseconds is required after Granite activation')
  if (headerSeconds !== headerMs / 1000n)
    return fail(
      'timeMillisecondsMismatched',
      `TimeMilliseconds does not match header.Time: header.Time (${headerSeconds}) != TimeMilliseconds/1000 = (${headerMs / 1000n})`,
    )
  const parentExcess = headerQuantity('parent.minDelayExcess', parent.minDelayExcess)
  if (parentExcess === null) return { ok: true }
  const required = delayOf(parentExcess)
  const actual = headerTime - parentTime
  return actual < required
    ? fail('minDelayNotMet', `minimum block delay not met: actual delay ${actual}ms < required ${required}ms`)
    : { ok: true }
}
