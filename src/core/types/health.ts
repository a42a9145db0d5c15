/**
 * Result types of the Health API (`/ext/health`, avalanchego `api/health`), as subnet-rpc
 * returns them. Check names are whatever the node registers (`network`, `router`,
 * `database`, `diskspace`, `bls`, `bootstrapped`, one per chain alias or ID, …): never a
 * fixed list.
 */

/**
 * One check's last result (`api/health/result.go` `Result`). The node omits `message`,
 * `error`, `contiguousFailures` (when 0) and `timeOfFirstFailure` (when nil); the last two
 * are filled in here as `0n` and `null`.
 */
export type HealthCheckResult = {
  /** The check's details, any JSON (`Details`, written as `message`); absent when nil. */
  message?: unknown
  /** Why the check failed; absent when it passed. A check not yet run has `"not yet run"`. */
  error?: string
  /** When the check last ran (the zero time `0001-01-01T00:00:00Z` when it never has). */
  timestamp: Date
  /** How long the check took, in nanoseconds (Go `time.Duration`). */
  duration: bigint
  /** How many times in a row the check has failed (Go `int64`); `0n` when it passes. */
  contiguousFailures: bigint
  /** When the current run of failures began; `null` when the check passes. */
  timeOfFirstFailure: Date | null
}

/** `health.health`, `health.readiness`, `health.liveness` and their GET forms (`APIReply`). */
export type HealthReturnType = {
  /** Check name → its last result. */
  checks: Record<string, HealthCheckResult>
  /** Whether every reported check passed (a GET answers 503 when not). */
  healthy: boolean
}

/** The Health API's argument (optional, v1.10.0+): none means every check. */
export type HealthParameters = {
  /**
   * Only checks with one of these tags (a subnet ID, or `application`), plus every
   * `application` check, which the node always adds. A filtered result can be healthy while
   * the node is not.
   */
  tags?: readonly string[] | undefined
}
