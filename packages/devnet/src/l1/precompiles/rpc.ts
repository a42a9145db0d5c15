/**
 * What a node answers differently once the precompiles run (../../../docs/devnet.md); each function is
 * a reply stage of a row of ../rpc/methods.ts:
 *
 * - `eth_getCode` of a running precompile is `0x01` (ApplyPrecompileActivations writes that code);
 * - a precompile's error reached straight from `eth_call` / `eth_estimateGas` is the node's Go
 *   error, code -32000 and its text, no data (eth/gasestimator, internal/ethapi `DoCall`). The
 *   stand-ins end every failure with INVALID, all gas used, as a node's precompile error uses it in a
 *   mined transaction; when such a simulation fails, the devnet asks anvil again with the stand-ins'
 *   simulation flag set through a state override (`withSimulationFlag`), under which a failure
 *   reached straight from the origin reverts with the node's text as `Error(string)`;
 * - a top-level contract creation simulated by `eth_call` / `eth_estimateGas` from an origin
 *   without a role on a running Contract Deployer Allow List: `tx.origin <origin> is not authorized
 *   to deploy a contract` (params/hooks_libevm.go `CanCreateContract`); a creation inside the call by
 *   such an origin fails as a node fails it: the creating contract sees a zero address and loses the
 *   gas it gave (../pool/innerCreates.ts);
 * - before Granite, from `InvalidateDelegateUnix`, a call that DELEGATECALLs or CALLCODEs a precompile: the node's
 *   `precompile cannot be called with …` (./delegation.ts).
 *
 * The sends' refusals (Tx Allow List, the pool minimum) and the deployer list's mined failures are
 * the pool's (../pool/txpool.ts).
 */
import { parseJson } from 'subnet-rpc'
import { type CallOutcome, nodeErrorOutcome as nodeError } from '../rpc/envelope.js'
import type { L1 } from '../context.js'
import { blockedOverrides, innerCreationTargets } from '../pool/innerCreates.js'
import type { StateOverrides } from './parentState.js'
import { checksumAddress } from 'subnet-rpc/internal'
import { precompileConstants } from './artifacts/contracts.js'
import { lacksRole } from './modules/allowList.js'
import { contractDeployerAllowList } from './modules/contractDeployerAllowList.js'
import { modules } from './modules/index.js'
import { hasDelegationWindow, invalidatesDelegation, invalidation } from './delegation.js'

const zeroAddress = '0x0000000000000000000000000000000000000000'

/**
 * `SIMULATION_SLOT` of packages/devnet/contracts/standins/Precompile.sol: set only through state overrides, it makes a stand-in's
 * failure revert with the node's text instead of ending with INVALID, when the transaction's origin calls
 * the precompile straight. Its value less one is the gas the caller's call gave the precompile (the whole
 * range when the caller named no gas): the devnet asks with `SIMULATION_GAS` more, so that the stand-in can
 * build the text where the node's fixed cost suffices, and judges out of gas against the caller's gas.
 */
export const simulationSlot = precompileConstants.Precompile.SIMULATION_SLOT
const unlimited = (1n << 256n) - 1n
const simulationGas = BigInt(precompileConstants.Precompile.SIMULATION_GAS)

/**
 * The caller's state overrides (may be undefined) with the simulation flag set at `address`: in the
 * account's `state` when the caller replaces its whole storage (geth refuses `state` and `stateDiff`
 * together), else added to its `stateDiff`. Everything else the caller gave stays as given. `given`:
 * the gas the caller's call gives the precompile, when it names one.
 */
export function withSimulationFlag(overrides: StateOverrides | undefined, address: string, given?: bigint): StateOverrides {
  const out: StateOverrides = { ...overrides }
  const a = address.toLowerCase()
  const key = Object.keys(out).find((k) => k.toLowerCase() === a) ?? a
  const account: Record<string, unknown> = { ...out[key] }
  const field = typeof account.state === 'object' && account.state !== null ? 'state' : 'stateDiff'
  const slots = typeof account[field] === 'object' && account[field] !== null ? (account[field] as Record<string, unknown>) : {}
  const own = Object.keys(slots).find((k) => /^0x[0-9a-fA-F]{1,64}$/.test(k) && BigInt(k) === BigInt(simulationSlot))
  const flag = given === undefined ? unlimited : given + 1n
  account[field] = { ...slots, [own ?? simulationSlot]: `0x${flag.toString(16).padStart(64, '0')}` }
  out[key] = account
  return out
}

/**
 * The intrinsic gas of a call (core/state_transition.go `IntrinsicGas`: 21,000, 4 per zero byte of data and 16 per
 * other, 2,400 per access-list address and 1,900 per key).
 */
function intrinsicGas(tx: { data?: unknown; input?: unknown; accessList?: unknown }): bigint {
  const data = typeof tx.input === 'string' ? tx.input : typeof tx.data === 'string' ? tx.data : '0x'
  let gas = 21_000n
  for (let i = 2; i + 1 < data.length; i += 2) gas += data.slice(i, i + 2) === '00' ? 4n : 16n
  if (Array.isArray(tx.accessList))
    for (const entry of tx.accessList as { storageKeys?: unknown[] }[])
      gas += 2_400n + 1_900n * BigInt(Array.isArray(entry?.storageKeys) ? entry.storageKeys.length : 0)
  return gas
}

/** The gas a call gives the code it calls: its gas limit less the intrinsic gas; undefined when it names none. */
function gasGiven(tx: { gas?: unknown }, intrinsic: bigint): bigint | undefined {
  if (typeof tx.gas !== 'string' && typeof tx.gas !== 'number') return undefined
  try {
    const gas = BigInt(tx.gas)
    return gas >= intrinsic ? gas - intrinsic : undefined
  } catch {
    return undefined
  }
}

const simulatedResult = precompileConstants.Precompile.SIMULATED_RESULT.slice(2)

/** The text of an `Error(string)` revert payload. */
export function revertText(data: unknown): string | undefined {
  if (typeof data !== 'string' || !data.startsWith('0x08c379a0') || data.length < 10 + 128) return undefined
  const body = Buffer.from(data.slice(10), 'hex')
  const offset = Number(BigInt(`0x${body.subarray(0, 32).toString('hex')}`))
  const length = Number(BigInt(`0x${body.subarray(offset, offset + 32).toString('hex')}`))
  return body.subarray(offset + 32, offset + 32 + length).toString('utf8')
}

/** `eth_getCode`: a running stand-in's code is `0x01`, the code ApplyPrecompileActivations writes. */
export function precompileCode(outcome: CallOutcome, [address]: unknown[], l1: L1): CallOutcome {
  if (!('result' in outcome) || typeof address !== 'string') return outcome
  const key = l1.precompiles.keyAt(address)
  return key && outcome.result === `"${l1.precompiles.code(key)}"` ? { result: '"0x01"' } : outcome
}

/**
 * `eth_call` / `eth_estimateGas`: the node's refusal of a creation by an origin without a deployer role,
 * creations inside the call failed as on a node, and a stand-in's failure as the node's -32000 text.
 */
export function precompileCallErrors(
  outcome: CallOutcome,
  args: unknown[],
  l1: L1,
  call: { method: string },
): CallOutcome | Promise<CallOutcome> {
  // Before Granite, from InvalidateDelegateUnix, a DELEGATECALL or CALLCODE into a precompile voids the call
  // (./delegation.ts); only a chain that has such blocks and runs a precompile looks.
  if (hasDelegationWindow(l1.spec, l1.precompiles.genesisTimestamp) && modules.some((m) => l1.precompiles.isRunning(m.configKey)))
    return voidedDelegation(args, l1, call.method).then((voided) => voided ?? otherCallErrors(outcome, args, l1, call))
  return otherCallErrors(outcome, args, l1, call)
}

function otherCallErrors(outcome: CallOutcome, args: unknown[], l1: L1, call: { method: string }): CallOutcome | Promise<CallOutcome> {
  // The common case, at once and without a look at any role: a successful call while no deployer list runs.
  if (!('rawError' in outcome) && !l1.precompiles.isRunning(contractDeployerAllowList.configKey)) return outcome
  return callErrors(outcome, args, l1, call)
}

/** The node's RPC gas cap (plugin/evm/config/default_config.go `RPCGasCap`): a call's gas when it names none, and its cap. */
const rpcGasCap = 50_000_000n

const quantity = (v: unknown): bigint | undefined => (typeof v === 'string' && /^0x[0-9a-fA-F]+$/.test(v) ? BigInt(v) : undefined)

/**
 * `eth_call` / `eth_estimateGas` of a call that DELEGATECALLs or CALLCODEs a precompile in a block between
 * `InvalidateDelegateUnix` and Granite: the node's error (./delegation.ts), else undefined. The block's time is the
 * asked block's (`eth_call`'s block overrides may give another), as the node's block context takes the header's.
 */
async function voidedDelegation(args: unknown[], l1: L1, method: string): Promise<CallOutcome | undefined> {
  const [tx, tag, overrides, blockOverrides] = args as [Record<string, unknown> | undefined, ...unknown[]]
  // A creation too: its init code may make such a call.
  if (typeof tx !== 'object' || tx === null) return undefined
  const { anvil, precompiles, spec } = l1
  const block = typeof tag === 'string' && /^(accepted|finalized|safe|pending)$/.test(tag) ? 'latest' : (tag ?? 'latest')
  const header = await anvil.raw<{ timestamp: string; gasLimit: string } | null>(
    typeof block === 'object' && block !== null && 'blockHash' in block ? 'eth_getBlockByHash' : 'eth_getBlockByNumber',
    [
      typeof block === 'object' && block !== null
        ? ((block as Record<string, unknown>).blockHash ?? (block as Record<string, unknown>).blockNumber)
        : block,
      false,
    ],
  )
  if (!header.result) return undefined
  const eachBlock = method === 'eth_call' && typeof blockOverrides === 'object' && blockOverrides !== null ? blockOverrides : undefined
  const time = quantity((eachBlock as { time?: unknown } | undefined)?.time) ?? BigInt(header.result.timestamp)
  if (!invalidatesDelegation(spec, time)) return undefined
  const text = await invalidation(anvil, tx, block, (a) => precompiles.keyAt(a) !== undefined, overrides ?? undefined, eachBlock)
  if (!text) return undefined
  const given = quantity(tx.gas)
  // internal/ethapi `doCall`: the message's gas is the call's, else the RPC gas cap, and at most that cap.
  if (method === 'eth_call') return nodeError(`err: ${text} (supplied gas ${given !== undefined && given < rpcGasCap ? given : rpcGasCap})`)
  // eth/gasestimator `Estimate`: the first run, at the highest limit (the call's gas from 21,000, else the block's
  // gas limit; at most what the balance pays at the fee cap, and the RPC gas cap), is where it fails.
  let hi = given !== undefined && given >= 21_000n ? given : BigInt(header.result.gasLimit)
  const feeCap = quantity(tx.maxFeePerGas) ?? quantity(tx.gasPrice) ?? 0n
  if (feeCap > 0n && typeof tx.from === 'string') {
    const balance = BigInt(await anvil.request<string>('eth_getBalance', [tx.from, block]))
    const allowance = (balance - (quantity(tx.value) ?? 0n)) / feeCap
    if (allowance >= 0n && allowance < 1n << 64n && hi > allowance) hi = allowance
  }
  if (hi > rpcGasCap) hi = rpcGasCap
  return nodeError(`failed with ${hi} gas: ${text}`)
}

async function callErrors(outcome: CallOutcome, args: unknown[], l1: L1, { method }: { method: string }): Promise<CallOutcome> {
  const [tx, tag, overrides, blockOverrides] = args as [
    { to?: unknown; from?: unknown; gas?: unknown; data?: unknown; input?: unknown; accessList?: unknown } | undefined,
    ...unknown[],
  ]
  if (typeof tx !== 'object' || tx === null) return outcome
  const { anvil, precompiles } = l1
  // Asked again at the block the first answer came from (./methods.ts: absent, null and the
  // accepted tags, `pending` included, are the latest block).
  const block = typeof tag === 'string' && /^(accepted|finalized|safe|pending)$/.test(tag) ? 'latest' : (tag ?? 'latest')
  const from = typeof tx.from === 'string' ? tx.from : zeroAddress
  const userOverrides = typeof overrides === 'object' && overrides !== null ? (overrides as StateOverrides) : undefined
  const rest = method === 'eth_call' && blockOverrides !== undefined ? [blockOverrides] : []
  if (await lacksRole(l1, contractDeployerAllowList, from)) {
    if (tx.to === undefined || tx.to === null) return nodeError(`tx.origin ${checksumAddress(from)} is not authorized to deploy a contract`)
    // Creations inside the call fail as on a node (../pool/innerCreates.ts): asked again with their addresses blocked.
    const targets = await innerCreationTargets(anvil, tx, block, userOverrides, method === 'eth_call' ? blockOverrides : undefined)
    if (targets.length > 0) return anvil.outcome(method, [tx, block, blockedOverrides(userOverrides, targets), ...rest])
  } else if (tx.to === undefined || tx.to === null) return outcome
  if (typeof tx.to !== 'string' || !precompiles.keyAt(tx.to) || !('rawError' in outcome)) return outcome
  // A failed call straight to a stand-in ended with INVALID, or ran out of gas building its refusal's text or doing
  // work dearer than the node's fixed cost: asked again as a simulation with more gas, a refusal reverts with the
  // node's text and dearer work with its result and the node's cost (packages/devnet/contracts/standins/Precompile.sol `_fail`,
  // `_simulatedExcess`), both judged against the gas the caller gave. A successful estimate stays the stand-in's
  // own need, which a mined transaction has to meet. Through the parent state when the first answer came from there.
  const intrinsic = intrinsicGas(tx)
  const given = gasGiven(tx, intrinsic)
  const simulated = given === undefined ? tx : { ...tx, gas: `0x${(BigInt(tx.gas as string) + simulationGas).toString(16)}` }
  const asked = [simulated, block, withSimulationFlag(userOverrides, tx.to, given), ...rest]
  const again = (await precompiles.parents.simulate(method, asked)) ?? (await anvil.outcome(method, asked))
  if (!('rawError' in again)) return outcome
  let data: unknown
  try {
    data = (parseJson(again.rawError) as { data?: unknown }).data
  } catch {
    return outcome
  }
  if (typeof data === 'string' && data.slice(2, 66) === simulatedResult) {
    if (method === 'eth_estimateGas')
      return { result: JSON.stringify(`0x${(intrinsic + BigInt(`0x${data.slice(66, 130)}`)).toString(16)}`) }
    return { result: JSON.stringify(`0x${data.slice(130)}`) }
  }
  const text = revertText(data)
  if (text !== undefined) return nodeError(text)
  // Given less gas than the node deducts before that refusal, the stand-in runs out of gas as the node does.
  return /OutOfGas/.test(again.rawError) ? again : outcome
}
