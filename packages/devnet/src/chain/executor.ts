/**
 * Runs calls on the L1 endpoint: the Subnet-EVM extras and devnet controls locally,
 * `*_subscribe` refused as over HTTP, and everything else forwarded to anvil.
 * Forwarded results and errors pass through byte for byte; only anvil's "method not
 * found" is rewritten to the node's text, since a node names the method.
 */
import { findMember, goJsonTypeName, goStringValue, scanFirstValue } from '../wire/goScanner.js'
import { goJson } from 'subnet-rpc/internal'
import type { AnvilClient } from './anvilClient.js'
import { RpcError, type CallExecutor, type CallOutcome, type ChainCall } from './envelope.js'

/** A locally served method: takes raw params, returns a value for `goJson`. */
export type LocalMethod = (params: string | undefined) => unknown | Promise<unknown>

const methodNotFound = (method: string): CallOutcome => ({
  error: { code: -32601, message: `the method ${method} does not exist/is not available` },
})

function splitReply(text: string): { id?: string; result?: string; error?: string } | undefined {
  const scan = scanFirstValue(text)
  if (!scan.ok || scan.kind !== 'object') return undefined
  const raw = (name: string) => {
    const m = findMember(scan.members, name)
    return m ? text.slice(m.value.start, m.value.end) : undefined
  }
  return { id: raw('id'), result: raw('result'), error: raw('error') }
}

function toOutcome(method: string, reply: { result?: string; error?: string } | undefined): CallOutcome {
  if (!reply) return { error: { code: -32603, message: 'devnet: anvil sent an unreadable reply' } }
  if (reply.error !== undefined && reply.error !== 'null') {
    const scan = scanFirstValue(reply.error)
    const code = scan.ok ? findMember(scan.members, 'code') : undefined
    if (scan.ok && code && reply.error.slice(code.value.start, code.value.end) === '-32601') return methodNotFound(method)
    return { rawError: reply.error }
  }
  return { result: reply.result ?? 'null' }
}

/**
 * A node answers `accepted`, `finalized` and `safe` with its last accepted block, as `latest`
 * (graft/evm/rpc/types.go `BlockNumber.IsAccepted`, eth/api_backend.go `HeaderByNumber`: blocks are
 * final once accepted). anvil knows no `accepted` and puts `finalized` and `safe` blocks behind its
 * head, so these tags go to anvil as `latest`. `pending` is one of them too (`IsAccepted`), for the
 * reads of a block by number and the reads and simulations of state, where anvil would read its
 * pending block (its waiting transactions, the next block's time); it stays for the rest (a node's
 * `eth_getTransactionCount` counts its pool there).
 */
export function acceptedTagsAsLatest(method: string, params: string): string {
  if (!takesBlockTag(method) || !params.includes('"')) return params
  const pendingToo = blockByNumber.has(method) || stateAtBlock.has(method)
  return params.replace(pendingToo ? /"(?:accepted|finalized|safe|pending)"/g : /"(?:accepted|finalized|safe)"/g, '"latest"')
}

/** The reads and simulations of state at a block (`StateAndHeaderByNumberOrHash`), but `eth_getTransactionCount`. */
const stateAtBlock = new Set([
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getProof',
  'debug_traceCall',
])

/**
 * The simulations take the latest block when their block argument is absent or null, as a node's do
 * (internal/ethapi `Call`, `EstimateGas`, `CreateAccessList`); anvil would take its pending block for
 * `eth_estimateGas`, whose time can be a later second than the head's (and so past an upgrade the
 * head is not). So they go to anvil with `"latest"` there. (The arguments were checked before.)
 */
export function latestByDefault(method: string, params: string): string {
  if (method !== 'eth_call' && method !== 'eth_estimateGas' && method !== 'eth_createAccessList') return params
  const scan = scanFirstValue(params)
  if (!scan.ok || scan.kind !== 'array' || scan.elements.length === 0) return params
  const [args, block] = scan.elements
  if (block === undefined) return `${params.slice(0, args!.end)},"latest"${params.slice(args!.end)}`
  if (params.slice(block.start, block.end) === 'null') return `${params.slice(0, block.start)}"latest"${params.slice(block.end)}`
  return params
}

/**
 * Methods that read a block by number, for which `pending` is the last accepted block too: a node has no
 * pending block (eth/api_backend.go `BlockByNumber`), where anvil's holds its waiting transactions.
 * (`eth_getBlockByNumber` and `eth_getHeaderByNumber` are the devnet's own, ./service.ts.)
 */
const blockByNumber = new Set([
  'eth_getBlockTransactionCountByNumber',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getRawTransactionByBlockNumberAndIndex',
  'eth_getUncleByBlockNumberAndIndex',
  'eth_getUncleCountByBlockNumber',
])

/** Methods whose params hold block tags and otherwise only hex and addresses (not free text a signature covers). */
const blockTagMethods = new Set([
  'eth_call',
  'eth_estimateGas',
  'eth_createAccessList',
  'eth_feeHistory',
  'eth_newFilter',
  'debug_traceCall',
])
const takesBlockTag = (method: string) =>
  method.startsWith('eth_get') || method.startsWith('debug_traceBlock') || blockTagMethods.has(method)

/**
 * Where the devnet steps into forwarded calls (the precompiles, ../precompiles/rpc.ts): `before`
 * runs before each forwarded call or run of reads, `intercept` may answer a state-changing call
 * instead of anvil, `adjust` may rewrite anvil's answer.
 */
export type ForwardHooks = {
  before(calls: readonly ChainCall[]): Promise<void>
  /**
   * Whether `before` would have work for these reads, and then whether the head block anvil
   * reported (in the same anvil batch as the reads) leaves nothing to do: a run of reads costs one
   * anvil round trip while no new block came, and is asked again after `before` when one did.
   */
  readsNeedHead(calls: readonly ChainCall[]): boolean
  isCurrent(headHash: string): boolean
  intercept(call: ChainCall): Promise<InterceptStep | undefined>
  adjust(call: ChainCall, outcome: CallOutcome): Promise<CallOutcome>
}

/**
 * What `intercept` decides for a state-changing call: an `outcome` answers instead of anvil; else
 * anvil is asked `call` (the call itself unless given: a send with the node's defaults filled in),
 * and `after` runs once anvil answered.
 */
export type InterceptStep = { outcome?: CallOutcome; call?: ChainCall; after?: (outcome: CallOutcome) => Promise<void> }

export function createExecutor(opts: {
  anvil: AnvilClient
  local: ReadonlyMap<string, LocalMethod>
  hooks?: ForwardHooks
  /** The node's argument decoding of forwarded methods (./forwardedArgs.ts): an RpcError answers the call. */
  argChecks?: ReadonlyMap<string, (params: string | undefined) => void>
}): CallExecutor {
  const hooks = opts.hooks
  async function forward(calls: ChainCall[]): Promise<CallOutcome[]> {
    const body = calls.map(
      (c, i) =>
        `{"jsonrpc":"2.0","id":${i},"method":${goJson(c.method)}${c.params === undefined ? '' : `,"params":${acceptedTagsAsLatest(c.method, latestByDefault(c.method, c.params))}`}}`,
    )
    let text: string
    try {
      text = await opts.anvil.post(calls.length === 1 ? body[0]! : `[${body.join(',')}]`)
    } catch (e) {
      const message = `devnet: anvil is not reachable: ${(e as Error).message}`
      return calls.map(() => ({ error: { code: -32000, message } }))
    }
    if (calls.length === 1) return [toOutcome(calls[0]!.method, splitReply(text))]
    const scan = scanFirstValue(text)
    const byId = new Map<string, { result?: string; error?: string }>()
    if (scan.ok && scan.kind === 'array') {
      for (const span of scan.elements) {
        const reply = splitReply(text.slice(span.start, span.end))
        if (reply?.id !== undefined) byId.set(reply.id, reply)
      }
    }
    return calls.map((c, i) => toOutcome(c.method, byId.get(String(i))))
  }

  const headCall: ChainCall = { id: undefined, method: 'eth_getBlockByNumber', params: '["latest",false]' }

  /** Reads, with the precompiles in step with the head block they are answered at. */
  async function forwardReads(group: ChainCall[]): Promise<CallOutcome[]> {
    if (!hooks?.readsNeedHead(group)) return forward(group)
    const [head, ...answers] = await forward([headCall, ...group])
    if (head && 'result' in head && hooks.isCurrent(headHash(head.result))) return answers
    await hooks.before(group)
    return forward(group)
  }

  /** The node's answer to a forwarded call whose arguments it would not decode, or undefined. */
  function argumentError(call: ChainCall): CallOutcome | undefined {
    try {
      opts.argChecks?.get(call.method)?.(call.params)
      return undefined
    } catch (e) {
      if (e instanceof RpcError) return { error: { code: e.code, message: e.message } }
      return { error: { code: -32603, message: 'method handler crashed' } }
    }
  }

  async function runLocal(call: ChainCall, method: LocalMethod): Promise<CallOutcome> {
    try {
      return { result: goJson(await method(call.params)) }
    } catch (e) {
      if (e instanceof RpcError) return { error: { code: e.code, message: e.message } }
      return { error: { code: -32603, message: 'method handler crashed' } }
    }
  }

  async function forwardOne(call: ChainCall): Promise<CallOutcome> {
    if (!hooks) return (await forward([call]))[0]!
    await hooks.before([call])
    const step = await hooks.intercept(call)
    if (step?.outcome) return step.outcome
    const answer = (await forward([step?.call ?? call]))[0]!
    await step?.after?.(answer)
    const outcome = await hooks.adjust(call, answer)
    // A call that may have mined a block brings the precompiles up to date before its answer goes out.
    await hooks.before([call])
    return outcome
  }

  // Calls run in order, as geth runs a batch. anvil runs the calls of one of its batches
  // concurrently, so only consecutive read-only calls share an anvil batch; anything that
  // may change state (`evm_mine`, a transaction, ...) is sent on its own, in its place.
  return async (calls) => {
    const outcomes: CallOutcome[] = new Array(calls.length)
    let reads: number[] = []
    const flush = async () => {
      if (reads.length === 0) return
      const indexes = reads
      reads = []
      const group = indexes.map((i) => calls[i]!)
      const answers = await forwardReads(group)
      for (let k = 0; k < indexes.length; k++) {
        const i = indexes[k]!
        outcomes[i] = hooks ? await hooks.adjust(calls[i]!, answers[k]!) : answers[k]!
      }
    }
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i]!
      const refused = argumentError(call)
      if (refused) {
        outcomes[i] = refused
        continue
      }
      const local = opts.local.get(call.method)
      if (!local && !call.method.endsWith('_subscribe') && !call.method.endsWith('_unsubscribe') && isReadOnly(call.method)) {
        reads.push(i)
        continue
      }
      await flush()
      if (local) outcomes[i] = await runLocal(call, local)
      else if (call.method.endsWith('_subscribe')) outcomes[i] = { error: { code: -32601, message: 'notifications not supported' } }
      else if (call.method.endsWith('_unsubscribe')) outcomes[i] = unsubscribe(call.params)
      else outcomes[i] = await forwardOne(call)
    }
    await flush()
    return outcomes
  }
}

/** The `hash` of a block reply's raw result (empty when it is not a block). */
function headHash(result: string): string {
  const scan = scanFirstValue(result)
  const member = scan.ok && scan.kind === 'object' ? findMember(scan.members, 'hash') : undefined
  return member ? result.slice(member.value.start, member.value.end) : ''
}

const readOnlyMethods = new Set([
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_blobBaseFee',
  'eth_syncing',
  'eth_protocolVersion',
  'net_version',
  'net_listening',
  'net_peerCount',
  'web3_clientVersion',
  'web3_sha3',
])

/** Methods that cannot change anvil's state (filter polls do: they advance the filter). */
function isReadOnly(method: string): boolean {
  return readOnlyMethods.has(method) || (method.startsWith('eth_get') && !method.startsWith('eth_getFilter'))
}

/**
 * The server's built-in `*_unsubscribe` callback, `unsubscribe(ctx, id rpc.ID) (bool, error)`
 * (graft/evm/rpc/handler.go): one required string argument, then `cancel` of that ID (a
 * WebSocket connection's subscriptions); over HTTP no subscription ever exists.
 */
export function unsubscribe(params: string | undefined, cancel: (id: string) => boolean = () => false): CallOutcome {
  const invalid = (message: string): CallOutcome => ({ error: { code: -32602, message } })
  if (params !== undefined && params !== 'null') {
    if (goJsonTypeName(params) !== 'array') return invalid('non-array args')
    const scan = scanFirstValue(params)
    if (!scan.ok) return invalid('non-array args')
    if (scan.elements.length > 1) {
      const first = params.slice(scan.elements[0]!.start, scan.elements[0]!.end)
      const type = goJsonTypeName(first)
      if (type !== 'string' && type !== 'null')
        return invalid(`invalid argument 0: json: cannot unmarshal ${type} into Go value of type rpc.ID`)
      return invalid('too many arguments, want at most 1')
    }
    if (scan.elements.length === 1) {
      const first = params.slice(scan.elements[0]!.start, scan.elements[0]!.end)
      const type = goJsonTypeName(first)
      if (type !== 'string' && type !== 'null')
        return invalid(`invalid argument 0: json: cannot unmarshal ${type} into Go value of type rpc.ID`)
      // rpc.ID is a string: JSON null leaves it empty.
      if (cancel(type === 'string' ? goStringValue(first) : '')) return { result: 'true' }
      return { error: { code: -32000, message: 'subscription not found' } }
    }
  }
  return invalid('missing value for required argument 0')
}
