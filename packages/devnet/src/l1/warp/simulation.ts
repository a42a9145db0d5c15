/**
 * Simulations (`eth_call`, `eth_estimateGas`) with Warp predicates in their access list.
 */
import type { L1 } from '../context.js'
import { intrinsicGas } from '../block/nodeGas.js'
import { argsOf, type CallOutcome, type ChainCall, nodeErrorOutcome } from '../rpc/envelope.js'
import { type AccessList, plainAccessListGas, warpAddress } from './predicates.js'

/** The node's RPC gas cap (plugin/evm/config/default_config.go `RPCGasCap`): a call's gas when it names none, and its cap. */
const rpcGasCap = 50_000_000n

/**
 * `eth_call` / `eth_estimateGas` whose access list holds Warp tuples (the rows' `refuse` stage, ../rpc/methods.ts, and the
 * sends' estimate, ../pool/txpool.ts): a predicate that does not parse is refused with `PredicateGas`'s text (`eth_call`'s
 * wrapped as `DoCall` wraps a failed message: `err: … (supplied gas N)`); else the call runs with the predicates
 * staged as valid through a state override on the stand-in's code, and an estimate counts the predicate gas in place
 * of the access-list price. Undefined for any other call, which goes its usual way.
 */
export async function warpSimulation(call: ChainCall, l1: L1): Promise<CallOutcome | undefined> {
  const service = l1.warpPredicates
  if (!service) return undefined
  const [tx, tag, overrides, ...rest] = argsOf(call)
  const t = tx as { from?: unknown; gas?: unknown; accessList?: unknown } | null | undefined
  if (typeof t !== 'object' || t === null || !Array.isArray(t.accessList)) return undefined
  const accessList = t.accessList as AccessList
  if (!accessList.every((e) => typeof e?.address === 'string' && Array.isArray(e.storageKeys))) return undefined
  if (!accessList.some((e) => e.address.toLowerCase() === warpAddress)) return undefined
  const head = await l1.anvil.latest()
  const parsed = service.parse(accessList, head.timestamp)
  if (!parsed) return undefined
  if ('error' in parsed) {
    if (call.method !== 'eth_call') return nodeErrorOutcome(parsed.error)
    const given = typeof t.gas === 'string' && /^0x[0-9a-fA-F]+$/.test(t.gas) ? BigInt(t.gas) : rpcGasCap
    return nodeErrorOutcome(`err: ${parsed.error} (supplied gas ${given < rpcGasCap ? given : rpcGasCap})`)
  }
  const from = typeof t.from === 'string' ? t.from : `0x${'0'.repeat(40)}`
  const user = typeof overrides === 'object' && overrides !== null ? (overrides as Record<string, Record<string, unknown>>) : {}
  const own = Object.keys(user).find((k) => k.toLowerCase() === warpAddress)
  const merged = { ...user, [own ?? warpAddress]: { ...(own ? user[own] : {}), code: service.simulationCode(from, parsed.predicates) } }
  const block = typeof tag === 'string' && /^(accepted|finalized|safe|pending)$/.test(tag) ? 'latest' : (tag ?? 'latest')
  // anvil takes the access-list price where the node takes the predicate gas: the call goes to anvil with that much
  // less gas, so that its execution gets what the node's would (a node refuses less than its intrinsic gas).
  const extra = parsed.accessListGas - plainAccessListGas(accessList)
  const given = typeof t.gas === 'string' && /^0x[0-9a-fA-F]+$/.test(t.gas) ? BigInt(t.gas) : undefined
  if (given !== undefined && given < intrinsicGas({ ...(t as { to?: string }), input: inputOf(t), accessList }) + extra) {
    const needed = intrinsicGas({ ...(t as { to?: string }), input: inputOf(t), accessList }) + extra
    return nodeErrorOutcome(
      call.method === 'eth_call'
        ? `err: intrinsic gas too low: have ${given}, want ${needed} (supplied gas ${given})`
        : `gas required exceeds allowance (${given})`,
    )
  }
  const sent = given === undefined ? tx : { ...t, gas: `0x${(given - extra).toString(16)}` }
  const params = [sent, block, merged, ...rest]
  const outcome = await l1.answer({ ...call, params: JSON.stringify(params) }, await l1.anvil.outcome(call.method, params))
  if (call.method !== 'eth_estimateGas' || !('result' in outcome)) return outcome
  return { result: JSON.stringify(`0x${(BigInt(JSON.parse(outcome.result) as string) + extra).toString(16)}`) }
}

/** A call's or a message's data: `input`, else `data`. */
export function inputOf(args: object): string {
  const { input, data } = args as { input?: unknown; data?: unknown }
  return typeof input === 'string' ? input : typeof data === 'string' ? data : '0x'
}
