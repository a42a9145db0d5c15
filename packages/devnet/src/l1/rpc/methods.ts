/**
 * The L1 endpoint's methods, one row each: everything the devnet does with a method is in its row, and
 * ./executor.ts runs the rows. A method without a row is forwarded to anvil as it is (`rowOf` gives the
 * rules by name a row would repeat: `eth_get*` reads, block tags, `*_subscribe` over HTTP).
 *
 * A row's stages, in the order the executor runs them:
 * 1. `args`: the node's argument decoding (./forwardedArgs.ts); an RpcError answers the call.
 *    `refuse`: a refusal that needs the chain (the log range limit, ./logRange.ts).
 * 2. `local`: the devnet answers itself (./localMethods.ts); else the call is forwarded to anvil, with its
 *    block tags as `tags` says.
 * 3. `reads`: a call without it may change state: it goes to anvil alone, in its place, with the
 *    precompiles brought in step with the head before and after it. With it the call changes nothing and
 *    consecutive ones share an anvil batch; `'state'` reads are answered at a head the precompiles are in
 *    step with (../block/miner.ts `settle`), `'chain'` ones read nothing a precompile writes.
 * 4. `admit`: what runs before a state-changing call reaches anvil: the node's txpool admission
 *    (../pool/txpool.ts), a block prepared before anvil mines (../block/miner.ts); it may answer instead of anvil.
 * 5. The reply: `atParent` answers a state read at a block the devnet changed the state after
 *    (../precompiles/parentState.ts), `shape` writes a non-null result in the node's shape and gas
 *    (./nodeReplies.ts, ../block/nodeGas.ts), `reply` adjusts what is left (the precompiles, the pool), and
 *    `execution` writes the failed execution anvil answered as the node's error (./execution.ts).
 */
import { parseJson } from 'subnet-rpc'
import { goJson } from 'subnet-rpc/internal'
import {
  admitAnvilMine,
  admitEvmMine,
  admitIntervalMining,
  admitSetAutomine,
  admitNextBlockTimestamp,
  increaseTime,
  forgetPooled,
  revertClock,
  setNextBlockTimestamp,
  setTime,
} from '../block/mineMethods.js'
import type { L1 } from '../context.js'
import { admitFill, admitRawSend, admitUnsignedSend, poolNonce, waitingTransaction } from '../pool/txpool.js'
import { txpoolMethods } from '../pool/txpoolApi.js'
import { signTransaction, signTransactionArgs } from '../pool/signTransaction.js'
import {
  balanceAtParent,
  codeAtParent,
  nonceAtParent,
  type ParentRead,
  simulationAtParent,
  storageAtParent,
} from '../precompiles/parentState.js'
import { withoutMintReserve } from '../precompiles/modules/nativeMinter.js'
import { precompileCallErrors, precompileCode } from '../precompiles/rpc.js'
import { warpSimulation } from '../warp/simulation.js'
import { type Admission, argsOf, type CallOutcome, type ChainCall, RpcError } from './envelope.js'
import { nodeExecutionError } from './execution.js'
import { type Check, checked, feeStyles, oneHash, rawTransaction, simulation, values } from './forwardedArgs.js'
import { type LocalMethod, localMethods } from './localMethods.js'
import { rpcLog, rpcReceipt, rpcTransaction } from './nodeReplies.js'
import { addressArg, blockNumberArg, blockNumberOrHashArg, hashArg, stringArg, uintJson } from './params.js'
import { unsubscribe } from './unsubscribe.js'
import { relayerMessages } from '../../relayer/rpc.js'

/**
 * How block tags go to anvil. A node answers `accepted`, `finalized` and `safe` with its last accepted
 * block, as `latest` (graft/evm/rpc/types.go `BlockNumber.IsAccepted`, eth/api_backend.go
 * `HeaderByNumber`: blocks are final once accepted), where anvil knows no `accepted` and puts `finalized`
 * and `safe` behind its head: `'accepted'` sends them as `latest`. `'pending'` sends `pending` as `latest`
 * too: it is one of them (`IsAccepted`) for the reads of a block by number (a node has no pending block,
 * `BlockByNumber`) and the reads and simulations of state (`StateAndHeaderByNumberOrHash`), where anvil
 * would read its pending block (its waiting transactions, the next block's time); elsewhere it stays (a
 * node's `eth_getTransactionCount` counts its pool there). `'simulation'` is `'pending'`, and an absent or
 * null block is `latest`, as a node's `Call`, `EstimateGas` and `CreateAccessList` take it, where anvil's
 * `eth_estimateGas` would take its pending block (whose time can be past an upgrade the head is not).
 * Only for methods whose params hold block tags and otherwise only hex and addresses (no free text).
 */
export type TagRule = 'accepted' | 'pending' | 'simulation'

/** A reply stage: the call's outcome, its parsed arguments, the devnet, the call. */
type Reply = (outcome: CallOutcome, args: unknown[], l1: L1, call: ChainCall) => CallOutcome | Promise<CallOutcome>

/** What the devnet does with one method (the stages are described at the top of this file). */
export type MethodRow = {
  /** The node's argument decoding. */
  args?: Check
  /** A refusal that needs the chain, in the call's turn. */
  refuse?: (call: ChainCall, l1: L1) => Promise<CallOutcome | undefined> | undefined
  /** The devnet's own answer; without it the call goes to anvil. */
  local?: LocalMethod
  /** How its block tags go to anvil. */
  tags?: TagRule
  /** Changes no state: `'chain'` reads nothing a precompile writes, `'state'` does. */
  reads?: 'chain' | 'state'
  /** Before a state-changing call reaches anvil. */
  admit?: (call: ChainCall, l1: L1) => Promise<Admission | undefined>
  /**
   * Its admission reads only, and runs out of the call's turn, concurrently with others' (a send's checks: a node's
   * pool checks against its head too); what must be in the turn is the admission's `inTurn`.
   */
  admitsOutOfTurn?: true
  /** Its answer at a block the devnet changed the state after. */
  atParent?: ParentRead
  /** A non-null result in the node's shape. */
  shape?: (result: unknown, l1: L1) => unknown
  /** An adjustment of the answer. */
  reply?: Reply
  /** Last: a failed execution's error as the node's. */
  execution?: Reply
}

type Json = Record<string, unknown>
type Shape = (x: Json, l1: L1) => unknown
const one = (shape: Shape) => (v: unknown, l1: L1) => shape(v as Json, l1)
const each = (shape: Shape) => (v: unknown, l1: L1) =>
  Array.isArray(v) ? Promise.all(v.map((x) => (typeof x === 'object' && x !== null ? shape(x as Json, l1) : x))) : v
/** A receipt with the node's fields and gas. */
const nodeReceipt: Shape = (receipt, l1) => rpcReceipt(receipt, l1.blockFees.gas)

/** A local answer the devnet gives without a look at the precompiles. */
const own = (local: LocalMethod): MethodRow => ({ local, reads: 'chain' })
/** A local answer read from state the precompiles write: they are brought in step with the head first. */
const ownState = (local: LocalMethod): MethodRow => ({ local, reads: 'state' })
/** A forwarded read of chain data no precompile writes. */
const chainRead: MethodRow = { reads: 'chain' }
/** A read by transaction or block hash (`common.Hash`) of what no precompile writes. */
const byHash: MethodRow = { args: oneHash, tags: 'accepted', reads: 'chain' }
/** A read of a block by number (./forwardedArgs.ts `values`). */
const byNumber = (args: Check, reads: MethodRow['reads'] = 'state'): MethodRow => ({ args, tags: 'pending', reads })
/** A read of a block by hash. */
const byBlockHash = (args: Check): MethodRow => ({ args, tags: 'accepted', reads: 'state' })

const rows: Record<string, MethodRow> = {
  // The Subnet-EVM extras (internal/ethapi/api_extra.go), fee answers and the node's block shapes (./localMethods.ts).
  eth_feeConfig: ownState(localMethods.eth_feeConfig),
  eth_getChainConfig: own(localMethods.eth_getChainConfig),
  eth_getActiveRulesAt: own(localMethods.eth_getActiveRulesAt),
  eth_getActivePrecompilesAt: own(localMethods.eth_getActivePrecompilesAt),
  eth_feeHistory: own(localMethods.eth_feeHistory),
  eth_baseFee: own(localMethods.eth_baseFee),
  eth_gasPrice: own(localMethods.eth_gasPrice),
  eth_maxPriorityFeePerGas: own(localMethods.eth_maxPriorityFeePerGas),
  eth_getBlockByNumber: own(localMethods.eth_getBlockByNumber),
  eth_getBlockByHash: own(localMethods.eth_getBlockByHash),
  eth_getHeaderByNumber: own(localMethods.eth_getHeaderByNumber),
  eth_getHeaderByHash: own(localMethods.eth_getHeaderByHash),
  rpc_modules: own(localMethods.rpc_modules),
  warp_getMessage: ownState(localMethods.warp_getMessage),
  warp_getMessageSignature: ownState(localMethods.warp_getMessageSignature),
  warp_getBlockSignature: own(localMethods.warp_getBlockSignature),
  warp_getMessageAggregateSignature: ownState(localMethods.warp_getMessageAggregateSignature),
  warp_getBlockAggregateSignature: own(localMethods.warp_getBlockAggregateSignature),
  devnet_setFeeConfig: { local: localMethods.devnet_setFeeConfig },
  devnet_relayerMessages: own(relayerMessages),

  // Node facts the node answers from its config, without a look at the chain (./localMethods.ts).
  eth_chainId: own(localMethods.eth_chainId),
  net_version: own(localMethods.net_version),
  net_listening: own(localMethods.net_listening),
  net_peerCount: own(localMethods.net_peerCount),
  web3_clientVersion: own(localMethods.web3_clientVersion),

  // Chain data, forwarded.
  eth_blockNumber: chainRead,
  eth_blobBaseFee: chainRead,
  eth_syncing: chainRead,
  eth_protocolVersion: chainRead,
  web3_sha3: chainRead,

  // Transactions and receipts.
  eth_getTransactionByHash: { ...byHash, shape: one(rpcTransaction), reply: waitingTransaction },
  eth_getRawTransactionByHash: { args: oneHash, tags: 'accepted', reads: 'state' },
  eth_getTransactionReceipt: { ...byHash, shape: one(nodeReceipt) },
  eth_getBlockReceipts: { tags: 'accepted', reads: 'state', shape: each(nodeReceipt) },
  eth_getBlockTransactionCountByHash: byHash,
  eth_getBlockTransactionCountByNumber: byNumber(values([blockNumberArg]), 'chain'),
  eth_getUncleCountByBlockNumber: byNumber(values([blockNumberArg])),
  eth_getTransactionByBlockNumberAndIndex: { ...byNumber(values([blockNumberArg, uintJson])), shape: one(rpcTransaction) },
  eth_getRawTransactionByBlockNumberAndIndex: byNumber(values([blockNumberArg, uintJson])),
  eth_getUncleByBlockNumberAndIndex: byNumber(values([blockNumberArg, uintJson])),
  eth_getTransactionByBlockHashAndIndex: { ...byBlockHash(values([hashArg, uintJson])), shape: one(rpcTransaction) },
  eth_getRawTransactionByBlockHashAndIndex: byBlockHash(values([hashArg, uintJson])),
  eth_getUncleByBlockHashAndIndex: byBlockHash(values([hashArg, uintJson])),
  eth_getUncleCountByBlockHash: byBlockHash(values([hashArg])),

  // State at a block (eth/api_backend.go `StateAndHeaderByNumberOrHash`).
  eth_getBalance: {
    args: checked([addressArg, blockNumberOrHashArg]),
    tags: 'pending',
    reads: 'state',
    atParent: balanceAtParent,
    reply: withoutMintReserve,
  },
  eth_getTransactionCount: {
    args: checked([addressArg, blockNumberOrHashArg]),
    tags: 'accepted',
    reads: 'state',
    atParent: nonceAtParent,
    reply: poolNonce,
  },
  eth_getCode: {
    args: checked([addressArg, blockNumberOrHashArg]),
    tags: 'pending',
    reads: 'state',
    atParent: codeAtParent,
    reply: precompileCode,
  },
  eth_getStorageAt: {
    args: checked([addressArg, stringArg, blockNumberOrHashArg]),
    tags: 'pending',
    reads: 'state',
    atParent: storageAtParent,
  },
  eth_getProof: { tags: 'pending', reads: 'state' },
  // anvil's own (reth's) account read: a node has no such method (internal/ethapi), and forwarded it would show a
  // stand-in's code and the Native Minter's reserve. forge's fork backend asks it first, then falls back to
  // eth_getBalance / eth_getTransactionCount / eth_getCode as against a node.
  eth_getAccountInfo: {
    reads: 'state',
    local: () => {
      throw new RpcError(-32601, 'the method eth_getAccountInfo does not exist/is not available')
    },
  },
  // Call(args, blockNrOrHash, overrides, blockOverrides); EstimateGas(args, blockNrOrHash, overrides);
  // CreateAccessList(args, blockNrOrHash).
  eth_call: {
    args: simulation(2),
    refuse: warpSimulation,
    tags: 'simulation',
    reads: 'state',
    atParent: simulationAtParent,
    execution: nodeExecutionError,
    reply: precompileCallErrors,
  },
  eth_estimateGas: {
    args: simulation(1),
    refuse: warpSimulation,
    tags: 'simulation',
    reads: 'state',
    atParent: simulationAtParent,
    execution: nodeExecutionError,
    reply: precompileCallErrors,
  },
  eth_createAccessList: { args: simulation(0), tags: 'simulation' },
  debug_traceCall: { args: feeStyles, tags: 'pending' },

  // Logs and filters.
  eth_getLogs: {
    refuse: (call, l1) => l1.logRanges?.logsRefusal(call),
    tags: 'accepted',
    reads: 'state',
    shape: each(rpcLog),
  },
  eth_getFilterLogs: {
    refuse: (call, l1) => l1.logRanges?.filterLogsRefusal(call),
    tags: 'accepted',
    shape: each(rpcLog),
  },
  // A log filter's changes are logs; a block or pending-transaction filter's are hashes, left as they are.
  eth_getFilterChanges: { tags: 'accepted', shape: each(rpcLog) },
  eth_newFilter: {
    tags: 'accepted',
    reply: (outcome, _, l1, call) => {
      l1.logRanges?.remember(call, outcome)
      return outcome
    },
  },
  eth_uninstallFilter: {
    reply: (outcome, _, l1, call) => {
      l1.logRanges?.forget(call, outcome)
      return outcome
    },
  },

  // The node's pool as its `txpool` namespace shows it: anvil's and the devnet's together (../pool/txpoolApi.ts).
  txpool_status: own(txpoolMethods.txpool_status),
  txpool_content: own(txpoolMethods.txpool_content),
  txpool_contentFrom: own(txpoolMethods.txpool_contentFrom),
  txpool_inspect: own(txpoolMethods.txpool_inspect),

  // Transactions in: the node's pool (../pool/txpool.ts), and the mining controls (../block/miner.ts).
  eth_sendRawTransaction: { args: rawTransaction, admit: admitRawSend, admitsOutOfTurn: true },
  eth_sendTransaction: { admit: admitUnsignedSend, admitsOutOfTurn: true },
  eth_fillTransaction: { admit: admitFill },
  // The node's refusals and fee cap before its wallet (anvil) signs, and its `{raw, tx}` answer (../pool/signTransaction.ts);
  // signing reads no state.
  eth_signTransaction: { args: signTransactionArgs, local: signTransaction, reads: 'chain' },
  evm_mine: { admit: admitEvmMine },
  // The block builder's automine (../block/builder.ts); anvil's own stays off.
  evm_setAutomine: { admit: admitSetAutomine },
  anvil_setAutomine: { admit: admitSetAutomine },
  anvil_getAutomine: own((_, { builder }) => builder.automining),
  evm_setIntervalMining: { admit: admitIntervalMining },
  anvil_setIntervalMining: { admit: admitIntervalMining },
  anvil_mine: { admit: admitAnvilMine },
  // anvil's time moves, which the devnet's clock follows (../block/clock.ts).
  evm_increaseTime: { reply: increaseTime },
  anvil_increaseTime: { reply: increaseTime },
  evm_setTime: { reply: setTime },
  anvil_setTime: { reply: setTime },
  evm_setNextBlockTimestamp: { admit: admitNextBlockTimestamp, reply: setNextBlockTimestamp },
  evm_revert: { reply: revertClock },
  anvil_reset: { reply: forgetPooled },
  anvil_loadState: { reply: forgetPooled },
  anvil_dropAllTransactions: { reply: forgetPooled },
  anvil_setNextBlockTimestamp: { admit: admitNextBlockTimestamp, reply: setNextBlockTimestamp },
}

/** Forwarded as it is, alone: it may change state. */
const forwarded: MethodRow = {}
/** Forwarded alone, block tags as `latest`. */
const acceptedTags: MethodRow = { tags: 'accepted' }
/** A read of state at a block. */
const stateRead: MethodRow = { tags: 'accepted', reads: 'state' }
/** Over HTTP a subscription cannot be made (the WebSocket endpoint answers it before, ../pubsub/subscriptions.ts). */
const subscribeOverHttp: MethodRow = {
  reads: 'chain',
  local: () => {
    throw new RpcError(-32601, 'notifications not supported')
  },
}
/** The server's built-in `*_unsubscribe`: over HTTP no subscription exists to cancel. */
const unsubscribeOverHttp: MethodRow = {
  reads: 'chain',
  local: (params) => {
    const outcome = unsubscribe(params)
    if ('error' in outcome) throw new RpcError(outcome.error.code, outcome.error.message)
    return true
  },
}

/**
 * The row of `method`. Methods without one: `*_subscribe` and `*_unsubscribe` as over HTTP; other
 * `eth_get*` are reads (but `eth_getFilter*`, which advance the filter), and they and `debug_traceBlock*`
 * take block tags; the rest is forwarded as it is.
 */
export function rowOf(method: string): MethodRow {
  if (Object.hasOwn(rows, method)) return rows[method]!
  if (method.endsWith('_subscribe')) return subscribeOverHttp
  if (method.endsWith('_unsubscribe')) return unsubscribeOverHttp
  if (method.startsWith('eth_get')) return method.startsWith('eth_getFilter') ? acceptedTags : stateRead
  if (method.startsWith('debug_traceBlock')) return acceptedTags
  return forwarded
}

/** A call's arguments, parsed (none when they are not an array). */

/**
 * `argsOf(call)`, parsed when a stage first reads it (an index, `length`, destructuring): a successful
 * `eth_call` or an ordinary balance passes its stages without a look at its arguments.
 */
function lazyArgs(call: ChainCall): unknown[] {
  return new Proxy(Object.assign([], { [lazyCall]: call }), lazyHandler)
}

const lazyCall = Symbol('call')
const lazyParsed = Symbol('parsed')
type LazyTarget = unknown[] & { [lazyCall]?: ChainCall; [lazyParsed]?: unknown[] }
/** The parsed arguments behind a `lazyArgs` target, parsed once. */
const parsedArgs = (target: LazyTarget): unknown[] => {
  target[lazyParsed] ??= argsOf(target[lazyCall]!)
  return target[lazyParsed]
}
// One handler for every call's arguments: no closures made per call.
const lazyHandler: ProxyHandler<LazyTarget> = {
  get: (target, key) => Reflect.get(parsedArgs(target), key),
  has: (target, key) => Reflect.has(parsedArgs(target), key),
  ownKeys: (target) => Reflect.ownKeys(parsedArgs(target)),
  getOwnPropertyDescriptor: (target, key) => Reflect.getOwnPropertyDescriptor(parsedArgs(target), key),
}

/** The reply stages of `call`'s row run on anvil's `answer`: the answer the devnet gives. */
export async function answerOf(call: ChainCall, answer: CallOutcome, l1: L1): Promise<CallOutcome> {
  const row = rowOf(call.method)
  const parents = l1.precompiles.parents
  // Parsed only when a stage reads them: most forwarded answers pass through untouched.
  const atParent = row.atParent && !parents.isEmpty ? row.atParent : undefined
  const args = atParent || row.reply || row.execution ? lazyArgs(call) : []
  let outcome = (atParent && (await atParent(parents, call.method, args))) || answer
  if (row.shape && 'result' in outcome && outcome.result !== 'null')
    outcome = { result: goJson(await row.shape(parseJson(outcome.result), l1)) }
  if (row.reply) {
    // Most reply stages answer at once: awaited only when one returns a promise.
    const replied = row.reply(outcome, args, l1, call)
    outcome = replied instanceof Promise ? await replied : replied
  }
  return row.execution ? row.execution(outcome, args, l1, call) : outcome
}
