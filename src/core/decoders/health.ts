/** Decoders of the Health API replies (`api/health/service.go` `APIReply`, `result.go` `Result`). */
import type { HealthCheckResult, HealthReturnType } from '../types/health.js'
import { bigInt, boolean, date, object, optional, record, string, type Decoder } from '../decode/kit.js'

type WireResult = Omit<HealthCheckResult, 'contiguousFailures' | 'timeOfFirstFailure'> & {
  contiguousFailures?: bigint
  timeOfFirstFailure?: Date
}

const wireResult = object<WireResult>({
  // `Details interface{}`: any JSON, kept as parsed.
  message: optional((v) => v),
  error: optional(string),
  // `time.Time` with omitempty is still written (a struct is never empty to encoding/json).
  timestamp: date,
  // `time.Duration` and `int64`: bare JSON integers, possibly negative.
  duration: bigInt,
  contiguousFailures: optional(bigInt),
  timeOfFirstFailure: optional(date),
})

/** A `Result`, with the omitted `contiguousFailures` and `timeOfFirstFailure` as `0n` and `null`. */
export const decodeHealthCheck: Decoder<HealthCheckResult> = (v) => {
  const r = wireResult(v)
  r.contiguousFailures ??= 0n
  ;(r as HealthCheckResult).timeOfFirstFailure = r.timeOfFirstFailure ?? null
  return r as HealthCheckResult
}

export const decodeHealth: Decoder<HealthReturnType> = object({ checks: record(decodeHealthCheck), healthy: boolean })
