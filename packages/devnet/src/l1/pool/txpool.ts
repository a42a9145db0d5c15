/**
 * What a node's transaction pool does with a send before a block takes it, and what it shows of the
 * transactions it keeps (the rows of ../rpc/methods.ts for `eth_sendRawTransaction`, `eth_sendTransaction`,
 * `eth_fillTransaction`, and the pool's part of `eth_getTransactionByHash` / `eth_getTransactionCount`):
 *
 * - `eth_sendTransaction` and `eth_fillTransaction` fill fees and gas as a node does (internal/ethapi
 *   transaction_args.go `setDefaults`, ./fillTransaction.ts): the estimate is the devnet's
 *   own `eth_estimateGas`, so its refusals are theirs;
 * - before the pool (internal/ethapi/api.go `SubmitTransaction`): a fee (`gasPrice × gas`, a dynamic-fee
 *   transaction's fee cap as its price) over the chain config's `rpc-tx-fee-cap` is refused (`tx fee (X ether) exceeds
 *   the configured cap (Y ether)`, ./txFeeCap.ts), then an unprotected raw transaction the chain config does not allow;
 * - a sender without a role on a running Tx Allow List is refused: `cannot issue transaction from
 *   non-allow listed address: <sender>` (core/txpool/validation.go, plugin/evm/vmerrors);
 * - a transaction over 128 KiB of encoding (raw, or the one anvil signs for `eth_sendTransaction`) is refused before
 *   anything else of the pool's: `oversized data: transaction size <N>, limit 131072` (core/txpool/validation.go);
 * - a fee cap under the fee config's `minBaseFee` is refused: `transaction underpriced: address <sender>
 *   have gas fee cap (X) < pool minimum fee cap (Y)` (core/txpool/validation.go); one over it but under
 *   the next block's base fee waits in ./pendingPool.ts;
 * - a send with the nonce of one in the pool replaces it only with fee and tip caps 10% over its
 *   (`replacement transaction underpriced`, ./replacement.ts);
 * - an admitted send enters anvil's pool and the block builder (../block/builder.ts) mines it with the
 *   others that arrived meanwhile;
 * - a contract creation sent by an origin without a role on a running Contract Deployer Allow List is
 *   accepted and mined failed with all its gas used, as the node's block processing fails it
 *   (params/hooks_libevm.go `CanCreateContract`): the addresses its creations would take hold one byte
 *   of code while it is mined (an address collision fails them the same way in anvil, EIP-684);
 * - with blocks built at once (the default pacing), the answer goes out once the transaction is mined, so
 *   the precompiles are in step with its block.
 */
import { type Admission, argsOf, type CallOutcome, type ChainCall, nodeErrorOutcome as nodeError } from '../rpc/envelope.js'
import { poolMinimum } from '../block/blockFees.js'
import type { L1 } from '../context.js'
import { type Args, fillDefaults, fillTransaction } from './fillTransaction.js'
import { innerCreationTargets } from './innerCreates.js'
import { checksumAddress } from 'subnet-rpc/internal'
import { createAddress, gasPriceAndGas, unprotectedTransaction } from './rawTx.js'
import { txFeeRefusal } from './txFeeCap.js'
import { decodeRawTransactionOffThread } from './senderRecovery.js'
import { replaces } from './replacement.js'
import { lacksRole } from '../precompiles/modules/allowList.js'
import { intrinsicGas } from '../block/nodeGas.js'
import { inputOf, warpSimulation } from '../warp/simulation.js'
import { contractDeployerAllowList } from '../precompiles/modules/contractDeployerAllowList.js'
import { txAllowList } from '../precompiles/modules/txAllowList.js'

/** `txpool_inspect`'s answer: per sender (lower-case), its transactions in anvil's pool by nonce (decimal). */
type PoolInspect = { pending?: Record<string, Record<string, unknown>>; queued?: Record<string, Record<string, unknown>> }

/**
 * The sender's next nonce as the node's pool gives it: `TxPool.Nonce` → legacypool `Nonce`, which is `pendingNonces`,
 * set by `promoteTx` to the nonce after each transaction promoted to pending. `promoteExecutables` promotes by nonce
 * alone (`list.Ready(pendingNonces.get(addr))`: the run from the state's nonce without a gap), whatever the fee cap, so
 * a transaction waiting here for the base fee (./pendingPool.ts) is pending there, and one queued behind a gap is not
 * counted. The node's one pool is anvil's and the devnet's together: from anvil's pending count (`counted`: the mined
 * count and anvil's ready run), each nonce held in either pool counts, up to the first gap. Where no send of the sender
 * waits here, anvil's count is the node's and anvil is not asked again.
 */
async function nodeNonce({ anvil, pool }: L1, sender: string, counted?: bigint): Promise<bigint> {
  const waiting = pool.waitingNonces(sender)
  if (waiting.size === 0) return counted ?? BigInt(await anvil.request<string>('eth_getTransactionCount', [sender, 'pending']))
  const [count, inspect] =
    counted === undefined
      ? await anvil.batch<unknown>([
          ['eth_getTransactionCount', [sender, 'pending']],
          ['txpool_inspect', []],
        ])
      : [counted, await anvil.request<PoolInspect>('txpool_inspect')]
  const inAnvil = new Set<bigint>()
  const { pending, queued } = inspect as PoolInspect
  for (const bySender of [pending, queued])
    for (const [address, byNonce] of Object.entries(bySender ?? {}))
      if (address.toLowerCase() === sender.toLowerCase())
        for (const key of Object.keys(byNonce)) if (/^\d+$/.test(key)) inAnvil.add(BigInt(key))
  let next = BigInt(count as string | bigint)
  while (waiting.has(next) || inAnvil.has(next)) next++
  return next
}

/**
 * Unsigned transaction arguments without a nonce, from a sender with transactions waiting in the devnet's
 * pool: with the node's pending nonce (`nodeNonce`; `setDefaults` takes `GetPoolNonce`), which anvil's own count misses.
 */
async function withPoolNonce(l1: L1, given: unknown): Promise<unknown> {
  if (typeof given !== 'object' || given === null) return given
  const { from, nonce } = given as { from?: unknown; nonce?: unknown }
  if (nonce !== undefined || typeof from !== 'string' || l1.pool.waitingNonces(from).size === 0) return given
  return { ...given, nonce: `0x${(await nodeNonce(l1, from)).toString(16)}` }
}

/** `eth_estimateGas` of `args` at the head, answered as the devnet answers it. */
function estimator(l1: L1) {
  return async (args: Args): Promise<CallOutcome> => {
    const asked = [args, 'latest']
    const call: ChainCall = { id: undefined, method: 'eth_estimateGas', params: JSON.stringify(asked) }
    return (await warpSimulation(call, l1)) ?? l1.answer(call, await l1.anvil.outcome('eth_estimateGas', asked))
  }
}

/** `eth_fillTransaction`: fees and gas filled as the node's `setDefaults` does; undefined where anvil's answer stands. */
export async function admitFill(call: ChainCall, l1: L1): Promise<Admission | undefined> {
  const [given, ...rest] = argsOf(call)
  const outcome = await fillTransaction(l1.anvil, [await withPoolNonce(l1, given), ...rest], estimator(l1), () =>
    l1.blockFees.tips.suggestTip(),
  )
  return outcome ? { outcome } : undefined
}

type Send = { sender: string; nonce: bigint | undefined; feeCap?: bigint; tipCap?: bigint; create: boolean; message: object }

/** A send's signed form for the pending pool, with its nonce; undefined where it has none. */
type Sign = (tx: Send) => Promise<{ raw: string; nonce: bigint } | undefined>

/** The largest transaction the node's pool takes (core/txpool/legacypool `txMaxSize`: 4 × `txSlotSize`, 32 KiB). */
const txMaxSize = 4 * 32 * 1024

/**
 * core/txpool/validation.go ValidateTransaction: the size (`tx.Size()`, the encoding's) before any costly check;
 * undefined where the transaction is within the limit.
 */
const sizeRefusal = (size: number): CallOutcome | undefined =>
  size > txMaxSize ? nodeError(`oversized data: transaction size ${size}, limit ${txMaxSize}`) : undefined

/**
 * The most bytes a signed transaction's encoding holds besides its input and its access list's entries. The node's
 * pool takes types 0 to 2 (legacypool `validateTxBasics`); a type-2 one is the largest: its type byte (1), the list's
 * prefix (5, for any payload under 4 GiB), chain ID, tip cap, fee cap and value (33 each, as uint256), nonce and gas
 * (9 each, uint64), `to` (21), the input's and access list's prefixes (5 each), y parity (1), r and s (33 each).
 */
const encodingOverhead = 1 + 5 + 4 * 33 + 2 * 9 + 21 + 2 * 5 + 1 + 2 * 33

/** The fields of `eth_sendTransaction` arguments whose encoding {@link encodingOverhead} bounds. */
const boundedFields = new Set([
  'from',
  'to',
  'gas',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'value',
  'nonce',
  'chainId',
  'type',
])

/**
 * A bound of the encoding of the transaction signed for `args`, or undefined where it has fields the bound does not
 * know (an authorization list, blobs: the size is measured). An access list entry is at most 31 bytes (its list's and
 * its keys list's prefixes, 5 each, the address, 21) and 33 a key; the input is counted from its hex digits.
 *
 * @example
 * encodingBound({ from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', data: '0x00' }) // 256: 254 and the data's 2 digits
 */
export function encodingBound(args: Args): number | undefined {
  let bytes = encodingOverhead
  for (const [field, value] of Object.entries(args)) {
    if (value === undefined || value === null || field === 'data' || field === 'input') continue
    if (field === 'accessList' && Array.isArray(value)) {
      for (const entry of value as { storageKeys?: unknown }[]) {
        const keys = entry?.storageKeys ?? []
        if (!Array.isArray(keys)) return undefined
        bytes += 31 + 33 * keys.length
      }
    } else if (!boundedFields.has(field)) return undefined
  }
  // setDefaults refuses a `data` and an `input` that differ: the larger counts.
  const hexBytes = (v: unknown) => (v === undefined || v === null ? 0 : typeof v === 'string' ? Math.ceil(v.length / 2) : Number.NaN)
  const input = Math.max(hexBytes(args.data), hexBytes(args.input))
  return Number.isNaN(input) ? undefined : bytes + input
}

/**
 * The refusal of an `eth_sendTransaction` whose signed transaction is over the pool's limit: the node's wallet signs it
 * (internal/ethapi/api.go `SendTransaction`) and `SubmitTransaction` hands it to the pool, which measures its encoding.
 * Only a send whose bound (`encodingBound`) is over the limit is signed by anvil to be measured (its signature is the
 * node's: both sign as RFC 6979 says); one anvil cannot sign for (an impersonated account) is left to anvil's answer.
 */
async function unsignedSizeRefusal({ anvil }: L1, args: Args): Promise<CallOutcome | undefined> {
  const bound = encodingBound(args)
  if (bound !== undefined && bound <= txMaxSize) return undefined
  const signed = await anvil.raw<string>('eth_signTransaction', [args])
  return typeof signed.result === 'string' ? sizeRefusal((signed.result.length - 2) / 2) : undefined
}

/**
 * The RPC fee cap's refusal of filled `eth_sendTransaction` arguments: `SendTransaction` signs them, then
 * `SubmitTransaction` runs `checkTxFee` before the pool's checks. The transaction `toTransaction` builds has
 * `maxFeePerGas` as its gas price where it is set (a dynamic-fee one), else `gasPrice`.
 */
function argsFeeRefusal(l1: L1, args: Args): CallOutcome | undefined {
  const quantity = (v: unknown) => (typeof v === 'string' && /^0x[0-9a-fA-F]+$/.test(v) ? BigInt(v) : undefined)
  const price = quantity(args.maxFeePerGas) ?? quantity(args.gasPrice)
  const gas = quantity(args.gas)
  const refusal = price !== undefined && gas !== undefined ? txFeeRefusal(price, gas, l1.chainConfig.rpcTxFeeCap) : undefined
  return refusal ? nodeError(refusal) : undefined
}

/** `eth_sendRawTransaction` through the node's pool (see the top of this file). */
export async function admitRawSend(call: ChainCall, l1: L1): Promise<Admission> {
  const [raw] = argsOf(call)
  // internal/ethapi/api.go SubmitTransaction: the RPC fee cap first (checkTxFee), arithmetic on the decoded fields.
  const priced = typeof raw === 'string' ? gasPriceAndGas(raw) : undefined
  const overCap = priced && txFeeRefusal(priced.gasPrice, priced.gas, l1.chainConfig.rpcTxFeeCap)
  if (overCap) return { outcome: nodeError(overCap) }
  // Then the replay protection, before the pool, unless the chain config allows it
  // (eth/api_backend.go UnprotectedAllowed: `allow-unprotected-txs`, or the hash in `allow-unprotected-tx-hashes`).
  const unprotected = typeof raw === 'string' ? unprotectedTransaction(raw) : undefined
  if (unprotected && !l1.chainConfig.allowUnprotectedTxs && !l1.chainConfig.allowUnprotectedTxHashes.has(unprotected.hash))
    return { outcome: nodeError('only replay-protected (EIP-155) transactions allowed over RPC') }
  const tx = typeof raw === 'string' ? await decodeRawTransactionOffThread(raw) : undefined
  const oversized = tx && typeof raw === 'string' ? sizeRefusal((raw.length - 2) / 2) : undefined
  if (oversized) return { outcome: oversized }
  const admission = await admitToPool(call, tx, l1, async ({ nonce }) =>
    typeof raw === 'string' && nonce !== undefined ? { raw, nonce } : undefined,
  )
  if (!tx || 'outcome' in admission) return admission
  // The block that takes it reads its fields from here (../block/nodeGas.ts `remember`).
  const { after } = admission
  const { to, input, accessList } = tx.message
  return {
    ...admission,
    after: async (outcome) => {
      if ('result' in outcome) {
        const hash = JSON.parse(outcome.result) as unknown
        if (typeof hash === 'string') l1.blockFees.gas.remember({ hash, from: tx.sender, to: to ?? null, input, accessList, type: tx.type })
      }
      await after?.(outcome)
    },
  }
}

/**
 * `eth_sendTransaction` through the node's pool: `SendTransaction` fills the defaults first (`setDefaults`),
 * so its estimate's error is the send's, and anvil is sent the filled arguments. For the pending pool anvil
 * signs it (its dev accounts; an impersonated one cannot be signed for, and is left to anvil's answer).
 */
export async function admitUnsignedSend(call: ChainCall, l1: L1): Promise<Admission> {
  const [given, ...rest] = argsOf(call)
  const filled = await fillDefaults(l1.anvil, await withPoolNonce(l1, given), estimator(l1), () => l1.blockFees.tips.suggestTip())
  if (filled && 'error' in filled) return { outcome: filled.error }
  const overCap = filled ? argsFeeRefusal(l1, filled.args) : undefined
  if (overCap) return { outcome: overCap }
  const oversized = filled ? await unsignedSizeRefusal(l1, filled.args) : undefined
  if (oversized) return { outcome: oversized }
  const sent = filled ? { ...call, params: JSON.stringify([filled.args, ...rest]) } : call
  return admitToPool(sent, unsignedSend(filled?.args ?? given), l1, async (tx) => {
    const nonce = tx.nonce ?? (await nodeNonce(l1, tx.sender))
    const signed = await l1.anvil.raw<string>('eth_signTransaction', [
      { ...((JSON.parse(sent.params!) as unknown[])[0] as object), nonce: `0x${nonce.toString(16)}` },
    ])
    return typeof signed.result === 'string' ? { raw: signed.result, nonce } : undefined
  })
}

/**
 * How a send goes on once anvil's pool took it (its answer a hash): the builder is told (../block/builder.ts),
 * and with blocks built at once, the answer waits (out of the send's turn, up to 5 s) for the block that takes
 * it, so that the precompiles are in step with its block when the answer goes out. A send with a nonce gap
 * waits in the pool's queue and is answered at once, as with automine off.
 */
function toBlock(l1: L1, bid: { feeCap: bigint; tipCap: bigint } | undefined, queued: boolean) {
  return async (outcome: CallOutcome): Promise<void> => {
    const hash = 'result' in outcome ? (JSON.parse(outcome.result) as unknown) : undefined
    if (typeof hash !== 'string') return
    const { builder } = l1
    const waits = !queued && builder.automining && builder.pacing === 'instant'
    const included = waits ? builder.included(hash, 5000) : undefined
    builder.notify(bid)
    await included
  }
}

/** The pool's checks of a send `tx` (undefined: one it cannot read, left to anvil), which goes to anvil as `sent`. */
async function admitToPool(sent: ChainCall, tx: Send | undefined, l1: L1, sign: Sign): Promise<Admission> {
  // long: the pool's refusals in the node's order (core/txpool/validation.go), each reading the one before
  const { anvil, blockFees, pool, blockers } = l1
  if (!tx) return { call: sent, wait: toBlock(l1, undefined, false) }
  if (await lacksRole(l1, txAllowList, tx.sender))
    return { outcome: nodeError(`cannot issue transaction from non-allow listed address: ${checksumAddress(tx.sender)}`) }
  const bid = tx.feeCap !== undefined && tx.tipCap !== undefined ? { feeCap: tx.feeCap, tipCap: tx.tipCap } : undefined
  const plan = await blockFees.planForPool(bid)
  // IntrinsicGas with Warp's predicate gas (core/txpool/validation.go), at the head's rules.
  const accessList = (tx.message as { accessList?: AccessList }).accessList
  const predicates = l1.warpPredicates?.parse(accessList, plan.parent.timestamp)
  if (predicates && 'error' in predicates) return { outcome: nodeError(predicates.error) }
  if (predicates && accessList) {
    const gas = (tx.message as { gas?: unknown }).gas
    const limit = typeof gas === 'string' && /^0x[0-9a-fA-F]+$/.test(gas) ? BigInt(gas) : undefined
    const needed =
      intrinsicGas({ ...(tx.message as { to?: string }), input: inputOf(tx.message), accessList: [] }) + predicates.accessListGas
    if (limit !== undefined && limit < needed)
      return {
        outcome: nodeError(`intrinsic gas too low: address ${checksumAddress(tx.sender)} tx gas (${limit}), minimum needed ${needed}`),
      }
  }
  const feeCap = tx.feeCap
  if (feeCap !== undefined) {
    const minimum = poolMinimum(plan)
    if (feeCap < minimum)
      return {
        outcome: nodeError(
          `transaction underpriced: address ${checksumAddress(tx.sender)} have gas fee cap (${feeCap}) < pool minimum fee cap (${minimum})`,
        ),
      }
  }
  // Over the pool minimum but under the next block's base fee: the node's pool keeps it (./pendingPool.ts).
  if (feeCap !== undefined && pool.waits(feeCap, plan)) {
    const signed = await sign(tx)
    if (signed) {
      tx = { ...tx, nonce: signed.nonce }
      const hash = pool.hold(signed.raw, { sender: tx.sender, nonce: signed.nonce, feeCap })
      if (hash) {
        l1.miner.watchPool()
        return { outcome: { result: JSON.stringify(hash) } }
      }
    }
  }
  // A send with Warp predicates is staged in the stand-in before the block that may take it (../warp/warpPredicates.ts).
  const expected = predicates && accessList ? l1.warpPredicates?.expect(tx.sender, accessList) : undefined
  const { nonce, sender } = tx
  // The send is recorded as pooled in its turn, before anvil answers, so that the sends after it in the same anvil
  // batch (../rpc/executor.ts) count it; anvil's refusal puts back what the record replaced.
  let replaced: { caps: ReturnType<typeof pool.pooled.peek> } | undefined
  const track = (after: ((outcome: CallOutcome) => Promise<void>) | undefined) => async (outcome: CallOutcome) => {
    if ('result' in outcome) {
      if (expected) expected.hash = JSON.parse(outcome.result) as string
    } else {
      if (replaced && nonce !== undefined) pool.pooled.restore(sender, nonce, replaced.caps)
      if (expected) l1.warpPredicates?.drop(expected)
    }
    await after?.(outcome)
  }
  // The sender's mined and pooled counts, read with the other checks; in the send's turn the sends the devnet put in
  // anvil's pool meanwhile count too: a nonce under the pooled count replaces a pooled send, one over it is queued.
  // anvil checks the fee cap against the base fee it would give its next block: the one a node's block built now has.
  // The sends of a burst being checked read them in one anvil batch (`shared`), each sender's once.
  const counts =
    nonce === undefined
      ? undefined
      : ((
          await Promise.all([
            anvil.shared<string>('eth_getTransactionCount', [sender, 'latest']),
            anvil.shared<string>('eth_getTransactionCount', [sender, 'pending']),
          ])
        ).map(BigInt) as [bigint, bigint])
  let queued = false
  /** The sender's pooled count as anvil gave it, when the send is not queued. */
  let behind: bigint | undefined
  let blocked: string[] = []
  const inTurn = async (): Promise<CallOutcome | undefined> => {
    if (nonce !== undefined && counts) {
      const [mined, pending] = counts
      const local = pool.pooled.next(sender)
      const pooled = local !== undefined && local > pending ? local : pending
      const old = nonce >= mined && nonce < pooled ? pool.pooled.at(sender, nonce, mined) : undefined
      // A refusal is checked against the sender's mined count of now (a block may have taken the old send meanwhile).
      if (
        old &&
        bid &&
        !replaces(old, bid) &&
        nonce >= BigInt(await anvil.request<string>('eth_getTransactionCount', [sender, 'latest']))
      ) {
        if (expected) l1.warpPredicates?.drop(expected)
        return nodeError('replacement transaction underpriced')
      }
      queued = nonce > pooled
      if (!queued) behind = pending
    }
    if (feeCap !== undefined) await blockFees.pinBaseFee(plan)
    for (const target of blocked) await anvil.request('anvil_setCode', [target, '0xfe'])
    if (nonce !== undefined && bid) {
      replaced = { caps: pool.pooled.peek(sender, nonce) }
      pool.pooled.set(sender, nonce, bid)
    }
    return undefined
  }
  // A send before it in the same anvil batch that anvil refused leaves a gap: then it is queued, as one by one.
  const wait = (outcome: CallOutcome) =>
    toBlock(l1, bid, queued || (behind !== undefined && nonce !== undefined && pool.pooled.gapBelow(sender, behind, nonce)))(outcome)
  // Sends that pin the same base fee (and set no code) may share an anvil batch, one per sender and nonce.
  const shares =
    nonce !== undefined && feeCap !== undefined
      ? { slot: `${sender.toLowerCase()}:${nonce}`, state: `${plan.parent.hash}:${plan.next?.baseFee}` }
      : undefined
  if (!(await lacksRole(l1, contractDeployerAllowList, tx.sender))) return { call: sent, inTurn, after: track(undefined), wait, shares }
  // The pool accepts the transaction and the block fails each creation (CanCreateContract): the address
  // each creation would take holds one byte of code until the block that takes it is mined, a top-level
  // creation's from the sender's nonce, inner ones' from a trace (./innerCreates.ts).
  let targets: string[]
  if (tx.create) {
    const next = tx.nonce ?? BigInt(await anvil.request<string>('eth_getTransactionCount', [tx.sender, 'pending']))
    targets = [createAddress(tx.sender.toLowerCase(), next)]
  } else targets = await innerCreationTargets(anvil, { ...tx.message, from: tx.sender }, 'pending')
  if (targets.length === 0) return { call: sent, inTurn, after: track(undefined), wait, shares }
  const codes = await anvil.batch<string>(targets.map((t) => ['eth_getCode', [t, 'latest']]))
  blocked = targets.filter((_, i) => codes[i] === '0x')
  return {
    call: sent,
    inTurn,
    after: track(async (outcome) => {
      // Held until a block takes the send (../block/builder.ts frees them after each block, ../rpc/executor.ts before each call).
      if ('result' in outcome) blockers.hold(JSON.parse(outcome.result) as string, blocked)
      else await blockers.free(blocked)
    }),
    wait,
  }
}

type AccessList = { address: string; storageKeys: string[] }[]

/** An `eth_sendTransaction`'s arguments as the pool sees them: sender, nonce, fee cap; undefined without a sender. */
function unsignedSend(args: unknown): Send | undefined {
  const t = args as { from?: unknown; to?: unknown } | undefined
  if (typeof t?.from !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(t.from)) return undefined
  const quantity = (v: unknown) => (typeof v === 'string' && /^0x[0-9a-fA-F]+$/.test(v) ? BigInt(v) : undefined)
  const { nonce, gasPrice, maxFeePerGas, maxPriorityFeePerGas, ...message } = t as Record<string, unknown>
  return {
    sender: t.from,
    nonce: quantity(nonce),
    feeCap: quantity(maxFeePerGas) ?? quantity(gasPrice),
    tipCap: quantity(maxPriorityFeePerGas) ?? quantity(gasPrice),
    create: t.to === undefined || t.to === null,
    message,
  }
}

/** `eth_getTransactionByHash`: a transaction waiting in the devnet's pool is pending, as in the node's. */
export function waitingTransaction(outcome: CallOutcome, [hash]: unknown[], { pool }: L1): CallOutcome {
  if (!('result' in outcome) || outcome.result !== 'null') return outcome
  const waiting = typeof hash === 'string' ? pool.transaction(hash) : undefined
  return waiting ? { result: JSON.stringify(waiting) } : outcome
}

/** `eth_getTransactionCount(sender, "pending")`: the node's pool nonce (`nodeNonce`), anvil's count where none waits here. */
export async function poolNonce(outcome: CallOutcome, [address, block]: unknown[], l1: L1): Promise<CallOutcome> {
  if (!('result' in outcome) || block !== 'pending' || typeof address !== 'string') return outcome
  const counted = BigInt(JSON.parse(outcome.result) as string)
  const next = await nodeNonce(l1, address, counted)
  return next === counted ? outcome : { result: JSON.stringify(`0x${next.toString(16)}`) }
}
