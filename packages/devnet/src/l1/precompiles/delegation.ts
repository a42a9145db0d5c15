/**
 * DELEGATECALL and CALLCODE into a precompile before Granite. A node's stateful precompile
 * (params/hooks_libevm.go `makePrecompile`) checks the incoming call type first: from Granite such a call reverts
 * with no gas left (the stand-ins do that themselves, packages/devnet/contracts/standins/Precompile.sol); before Granite,
 * in a block whose time is at or after `InvalidateDelegateUnix`, the precompile runs as usual but calls
 * `env.InvalidateExecution("precompile cannot be called with <DELEGATECALL|CALLCODE>")`, and the transaction is void:
 * core/state_transition.go `TransitionDb` reverts to its snapshot and returns the error, so
 * - `eth_call` answers `err: <text> (supplied gas N)` (internal/ethapi/api.go `doCall`) and `eth_estimateGas`
 *   `failed with N gas: <text>` (eth/gasestimator `run`, at its highest limit, where it fails first);
 * - the miner skips the transaction and the sender's later ones (miner/worker.go `commitTransactions`, the default
 *   case: `txs.Pop()`), which stay in the pool: it is tried again at each block, and never mined while it makes such a
 *   call (from Granite it is mined, its inner call reverting).
 *
 * The stand-ins cannot void a transaction, so the devnet finds such calls in a call trace (`debug_traceCall`,
 * callTracer), only for blocks in that window: a chain without one (Granite before 2025-08-02, as on a local network,
 * whose upgrades are all active from 2020, or before its genesis) pays nothing.
 */
import type { ChainSpec } from 'subnet-rpc/config'
import type { AnvilClient } from '../anvilClient.js'

/** params/hooks_libevm.go `InvalidateDelegateUnix`: 2025-08-02T04:00:00Z, one constant for every network. */
export const invalidateDelegateUnix = 1_754_107_200n

/** Whether a block at `time` (seconds) voids a transaction that DELEGATECALLs or CALLCODEs a precompile. */
export function invalidatesDelegation(spec: ChainSpec, time: bigint): boolean {
  const granite = spec.networkUpgrades.graniteTimestamp
  return time >= invalidateDelegateUnix && (granite === undefined || time < granite)
}

/**
 * Whether any block of the chain can be in that window: Granite unscheduled, or after both `InvalidateDelegateUnix`
 * and the genesis time (no block is older than its genesis).
 */
export function hasDelegationWindow(spec: ChainSpec, genesisTimestamp: bigint): boolean {
  const granite = spec.networkUpgrades.graniteTimestamp
  return granite === undefined || (granite > invalidateDelegateUnix && granite > genesisTimestamp)
}

type Frame = { type?: string; to?: string; calls?: Frame[] }

/**
 * The call type of the last DELEGATECALL or CALLCODE into a precompile (`isPrecompile`) in a callTracer frame tree,
 * in execution order (`InvalidateExecution` keeps the last error it is given), or undefined.
 */
export function delegatedCallType(frame: Frame, isPrecompile: (address: string) => boolean): string | undefined {
  let found: string | undefined
  for (const sub of frame.calls ?? []) {
    if ((sub.type === 'DELEGATECALL' || sub.type === 'CALLCODE') && sub.to && isPrecompile(sub.to)) found = sub.type
    found = delegatedCallType(sub, isPrecompile) ?? found
  }
  return found
}

/** The node's error text for a voided execution. */
export const invalidationText = (callType: string) => `precompile cannot be called with ${callType}`

/**
 * Traces `call` at `block` (with the caller's state and block overrides) and returns the node's error text when it makes
 * a DELEGATECALL or CALLCODE into a precompile; undefined when it makes none or anvil cannot trace it.
 */
export async function invalidation(
  anvil: AnvilClient,
  call: object,
  block: unknown,
  isPrecompile: (address: string) => boolean,
  overrides?: unknown,
  blockOverrides?: unknown,
): Promise<string | undefined> {
  const options = {
    tracer: 'callTracer',
    ...(overrides ? { stateOverrides: overrides } : {}),
    ...(blockOverrides ? { blockOverrides } : {}),
  }
  const reply = await anvil.raw<Frame>('debug_traceCall', [call, block ?? 'latest', options])
  const type = reply.result ? delegatedCallType(reply.result, isPrecompile) : undefined
  return type && invalidationText(type)
}
