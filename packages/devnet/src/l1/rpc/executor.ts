/**
 * The L1 endpoint's pipeline: each call runs through the stages of its row (./methods.ts): argument
 * checks, a local answer or anvil's, block tags, the precompiles in step with the head, admission, the
 * reply. Forwarded results and errors pass through byte for byte where no stage changes them; anvil's
 * "method not found" is the node's text, since a node names the method.
 */
import { findMember, scanFirstValue } from '../../wire/goScanner.js'
import { type RawReply, splitBatchReply, splitReply } from '../anvilClient.js'
import { goJson } from 'subnet-rpc/internal'
import { type Admission, RpcError, type CallExecutor, type CallOutcome, type ChainCall } from './envelope.js'
import type { L1, L1Parts } from '../context.js'
import { answerOf, type MethodRow, rowOf, type TagRule } from './methods.js'
import type { LocalMethod } from './localMethods.js'

const methodNotFound = (method: string): CallOutcome => ({
  error: { code: -32601, message: `the method ${method} does not exist/is not available` },
})

function toOutcome(method: string, reply: RawReply | undefined): CallOutcome {
  if (!reply) return { error: { code: -32603, message: 'devnet: anvil sent an unreadable reply' } }
  if (reply.error !== undefined && reply.error !== 'null') {
    const scan = scanFirstValue(reply.error)
    const code = scan.ok ? findMember(scan.members, 'code') : undefined
    if (scan.ok && code && reply.error.slice(code.value.start, code.value.end) === '-32601') return methodNotFound(method)
    return { rawError: reply.error }
  }
  return { result: reply.result ?? 'null' }
}

/** The params as they go to anvil: block tags as the row's `tags` says (./methods.ts `TagRule`). */
function paramsForAnvil(tags: TagRule | undefined, params: string): string {
  const given = tags === 'simulation' ? latestByDefault(params) : params
  if (tags === undefined || !given.includes('"')) return given
  return given.replace(tags === 'accepted' ? /"(?:accepted|finalized|safe)"/g : /"(?:accepted|finalized|safe|pending)"/g, '"latest"')
}

/** A simulation's params with an absent or null block argument as `"latest"` (the arguments were checked before). */
function latestByDefault(params: string): string {
  // The common case, a block given as "latest" last: two arguments or more, the block among them.
  if (params.endsWith(',"latest"]')) return params
  const scan = scanFirstValue(params)
  if (!scan.ok || scan.kind !== 'array' || scan.elements.length === 0) return params
  const [args, block] = scan.elements
  if (block === undefined) return `${params.slice(0, args!.end)},"latest"${params.slice(args!.end)}`
  if (params.slice(block.start, block.end) === 'null') return `${params.slice(0, block.start)}"latest"${params.slice(block.end)}`
  return params
}

const crashed: CallOutcome = { error: { code: -32603, message: 'method handler crashed' } }

/** An RpcError as the node's error answer; anything else thrown is a crashed handler. */
function errorOutcome(e: unknown): CallOutcome {
  return e instanceof RpcError ? { error: { code: e.code, message: e.message } } : crashed
}

/** Method names as JSON strings, kept for the names calls use (a few dozen; cleared past 256). */
const methodTexts = new Map<string, string>()
function methodText(method: string): string {
  let text = methodTexts.get(method)
  if (text === undefined) {
    if (methodTexts.size >= 256) methodTexts.clear()
    text = goJson(method)
    methodTexts.set(method, text)
  }
  return text
}

/** Runs the L1 endpoint's calls through their rows (./methods.ts). */
export function createExecutor(parts: L1Parts): CallExecutor {
  const executor = new L1Executor(parts)
  return (calls) => executor.run(calls)
}

/** A call's answer where anvil could not be asked. */
const unreachable = (e: Error): CallOutcome => ({ error: { code: -32000, message: `devnet: anvil is not reachable: ${e.message}` } })

/** Sends `calls` to anvil in one request (one batch when several) and splits its reply by call. */
async function forwardTo(anvil: L1Parts['anvil'], calls: ChainCall[]): Promise<CallOutcome[]> {
  const body = calls.map(
    (c, i) =>
      `{"jsonrpc":"2.0","id":${i},"method":${methodText(c.method)}${c.params === undefined ? '' : `,"params":${paramsForAnvil(rowOf(c.method).tags, c.params)}`}}`,
  )
  let text: string
  try {
    text = await anvil.post(calls.length === 1 ? body[0]! : `[${body.join(',')}]`)
  } catch (e) {
    return calls.map(() => unreachable(e as Error))
  }
  if (calls.length === 1) return [toOutcome(calls[0]!.method, splitReply(text))]
  const byId = splitBatchReply(text)
  return calls.map((c, i) => toOutcome(c.method, byId.get(String(i))))
}

/** A send waiting for its turn: its call, its admission's steps, and who waits for its answer. */
type Queued = {
  call: ChainCall
  step: Extract<Admission, { call?: ChainCall }> | undefined
  resolve: (sent: Sent) => void
  reject: (e: unknown) => void
}

/** A send's answer, and its wait (out of the turn) for the block that takes it. */
type Sent = { outcome: CallOutcome; wait?: () => Promise<void> }

/**
 * The most sends in one anvil batch (see `sendGroup`): a burst's in one request (anvil takes 200 sends in about
 * 42 ms as one batch, 47-60 ms as batches of 30), the request's size bounded.
 */
const batchLimit = 256

/** Reads that anvil answers from one lookup, which `forwardRead` sends together. */
const pointReads = new Set([
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getBalance',
  'eth_getCode',
  'eth_getStorageAt',
  'eth_getBlockByNumber',
  'eth_getBlockByHash',
  'eth_blockNumber',
])

const headCall: ChainCall = { id: undefined, method: 'eth_getBlockByNumber', params: '["latest",false]' }

/** The pipeline of one L1: its calls, their rows' stages, and what it knows of the head between calls. */
class L1Executor {
  private readonly l1: L1
  // Heads anvil announced (../pubsub/chainEvents.ts), and how many of them the precompiles were last seen in step
  // with; state-changing calls under way. While no head came and none is under way, a state read needs no
  // look at the head: every block comes from a call that brings the precompiles in step after it (or, from
  // a client of anvil's own URL, is announced; until its announcement lands such a block is not seen).
  private heads = 0
  private inStepAt = -1
  private changing = 0
  /**
   * Arguments the node's decoding accepted, by method and params text (a check depends on nothing else): a client
   * that polls the same call is decoded once. Short texts only, at most 512, all forgotten when full.
   */
  private readonly accepted = new Set<string>()

  constructor(parts: L1Parts) {
    const l1: L1 = { ...parts, answer: (call, outcome) => answerOf(call, outcome, l1) }
    this.l1 = l1
    l1.events?.onBlock(() => this.heads++)
  }

  private forward(calls: ChainCall[]): Promise<CallOutcome[]> {
    return forwardTo(this.l1.anvil, calls)
  }

  /**
   * Reads, in one anvil batch with the point reads of the other calls that came in the same turn of the event loop
   * (../anvilClient.ts `read`: the receipts a burst's clients poll go in one request instead of one each). A group
   * with a call that may take long (logs, traces, simulations) goes on its own, so that no point read waits for it.
   */
  private forwardRead(calls: ChainCall[]): Promise<CallOutcome[]> {
    if (!calls.every((c) => pointReads.has(c.method))) return this.forward(calls)
    const { anvil } = this.l1
    return Promise.all(
      calls.map((c) =>
        anvil.read(c.method, paramsForAnvil(rowOf(c.method).tags, c.params ?? '[]')).then(
          (reply) => toOutcome(c.method, reply),
          (e: Error) => unreachable(e),
        ),
      ),
    )
  }

  /** The devnet in step with the head block: settled (../block/miner.ts), the blockers of mined sends freed. */
  private async inStep(): Promise<void> {
    await this.l1.blockers.releaseMined()
    await this.l1.miner.settle()
  }

  /**
   * Reads, in one anvil batch. `'state'` reads are answered at a head the precompiles are in step with:
   * with no head announced since they last were, as they are; else with the head block in the same batch,
   * and when it is not the one they are in step with, after bringing them in step.
   */
  private async forwardReads(group: ChainCall[]): Promise<CallOutcome[]> {
    const { miner, events } = this.l1
    if (group.every((c) => rowOf(c.method).reads === 'chain')) return this.forwardRead(group)
    if (this.inStepAt === this.heads && this.changing === 0 && miner.idle && events?.listening) return this.forwardRead(group)
    const seen = this.heads
    const [head, ...answers] = await this.forwardRead([headCall, ...group])
    if (head && 'result' in head && miner.isSettledAt(headHash(head.result))) {
      if (this.changing === 0) this.inStepAt = seen
      return answers
    }
    await this.inStep()
    return this.forward(group)
  }

  private async runLocal(call: ChainCall, local: LocalMethod, row: MethodRow): Promise<CallOutcome> {
    try {
      if (row.reads !== 'chain') await this.inStep()
      return { result: goJson(await local(call.params, this.l1)) }
    } catch (e) {
      return errorOutcome(e)
    }
  }

  /**
   * A call that may change state: in its turn (../block/turns.ts), which it shares with the blocks the builder
   * mines, its admission first, the precompiles in step before and after. A send is checked out of its turn
   * (so that the sends of a burst are checked side by side), takes its turn with the sends queued behind it
   * (`sendInTurn`), then waits out of its turn for the block that takes it (../block/builder.ts), so that the
   * sends arriving meanwhile join that block.
   */
  private async forwardAlone(call: ChainCall, row: MethodRow): Promise<CallOutcome> {
    const { l1 } = this
    if (row.admitsOutOfTurn) {
      // The builder's next block waits for it to be in anvil's pool (../block/builder.ts).
      const admitted = l1.builder.startAdmission()
      let sent: Sent
      try {
        await l1.miner.settle()
        const early = await row.admit?.(call, l1)
        if (early && 'outcome' in early) return early.outcome
        sent = await this.sendInTurn(call, early)
      } finally {
        admitted()
      }
      if (sent.wait) await sent.wait()
      return sent.outcome
    }
    let wait: (() => Promise<void>) | undefined
    const outcome = await l1.turns.run(async () => {
      await this.inStep()
      const step = await row.admit?.(call, l1)
      if (step && 'outcome' in step) return step.outcome
      const refused = await step?.inTurn?.()
      if (refused) return refused
      const answer = (await this.forward([step?.call ?? call]))[0]!
      await step?.after?.(answer)
      if (step?.wait) wait = () => step.wait!(answer)
      const answered = await answerOf(call, answer, l1)
      // A call that may have mined a block brings the precompiles up to date before its answer goes out.
      await this.inStep()
      return answered
    })
    await wait?.()
    return outcome
  }

  /** Sends checked out of their turn, waiting for the turn they will share; open while that turn is the last queued. */
  private sends: { queued: Queued[]; at: number } | undefined

  /**
   * A checked send's turn: it joins the sends already waiting for a turn when no other step was queued since,
   * else queues a turn of its own (the order of the turns stays the order their steps were queued in).
   */
  private sendInTurn(call: ChainCall, step: Extract<Admission, { call?: ChainCall }> | undefined): Promise<Sent> {
    const { turns } = this.l1
    return new Promise<Sent>((resolve, reject) => {
      const queued: Queued = { call, step, resolve, reject }
      const open = this.sends
      if (open && open.at === turns.queued) {
        open.queued.push(queued)
        return
      }
      const group = { queued: [queued], at: 0 }
      this.sends = group
      turns
        .run(() => {
          if (this.sends === group) this.sends = undefined
          return this.sendGroup(group.queued)
        })
        .catch((e: unknown) => {
          for (const q of group.queued) q.reject(e)
        })
      group.at = turns.queued
    })
  }

  /**
   * The sends of one turn, in the order they came: each one's last checks (`inTurn`), then anvil has them in
   * JSON-RPC batches of the sends that declare they may share one (`shares`): at most `batchLimit`, one per
   * sender and nonce (a replacement goes after what it replaces, in a later batch), with one pinned base fee.
   * anvil runs a batch's calls concurrently (anvil-server `handle_request`: `join_all`, which polls up to 30
   * futures in order, more through `FuturesOrdered`), so nothing here needs their order: each sender and nonce
   * is there once, anvil's pool orders a sender's nonces itself, and sends that came together have no order
   * among senders (a node's pool too takes concurrent sends in whatever order they reach it).
   */
  private async sendGroup(queued: Queued[]): Promise<void> {
    const { l1 } = this
    try {
      await l1.blockers.releaseMined()
    } catch (e) {
      for (const q of queued) q.reject(e)
      return
    }
    let batch: Queued[] = []
    let state: string | undefined
    const slots = new Set<string>()
    const forwardBatch = async () => {
      if (batch.length === 0) return
      const members = batch
      batch = []
      slots.clear()
      const answers = await this.forward(members.map((q) => q.step?.call ?? q.call))
      for (let i = 0; i < members.length; i++) {
        const { call, step, resolve, reject } = members[i]!
        const answer = answers[i]!
        try {
          await step?.after?.(answer)
          resolve({ outcome: await answerOf(call, answer, l1), wait: step?.wait && (() => step.wait!(answer)) })
        } catch (e) {
          reject(e)
        }
      }
    }
    for (const q of queued) {
      const shares = q.step?.shares
      if (batch.length > 0 && (!shares || shares.state !== state || slots.has(shares.slot) || batch.length >= batchLimit))
        await forwardBatch()
      try {
        const refused = await q.step?.inTurn?.()
        if (refused) {
          q.resolve({ outcome: refused })
          continue
        }
      } catch (e) {
        q.reject(e)
        continue
      }
      batch.push(q)
      if (!shares) await forwardBatch()
      else {
        state = shares.state
        slots.add(shares.slot)
      }
    }
    await forwardBatch()
  }

  /** Runs a call that may change state, counted, so that reads meanwhile look at the head. */
  private async whileChanging(run: () => Promise<CallOutcome>): Promise<CallOutcome> {
    this.changing++
    try {
      return await run()
    } finally {
      this.changing--
    }
  }

  /** The node's refusal of the call's arguments, or undefined (a promise only where the row has a `refuse` stage). */
  private refusal(call: ChainCall, row: MethodRow): CallOutcome | undefined | Promise<CallOutcome | undefined> {
    if (row.args) {
      const key = call.params !== undefined && call.params.length <= 1024 ? `${call.method} ${call.params}` : undefined
      if (key === undefined || !this.accepted.has(key)) {
        try {
          row.args(call.params)
        } catch (e) {
          return errorOutcome(e)
        }
        if (key !== undefined) {
          if (this.accepted.size >= 512) this.accepted.clear()
          this.accepted.add(key)
        }
      }
    }
    return row.refuse?.(call, this.l1)
  }

  // Calls run in order, as geth runs a batch. anvil runs the calls of one of its batches
  // concurrently, so only consecutive read-only calls share an anvil batch; anything that
  // may change state (`evm_mine`, a transaction, ...) is sent on its own, in its place.
  async run(calls: ChainCall[]): Promise<CallOutcome[]> {
    const outcomes: CallOutcome[] = new Array(calls.length)
    let reads: number[] = []
    const flush = async () => {
      if (reads.length === 0) return
      const indexes = reads
      reads = []
      const answers = await this.forwardReads(indexes.map((i) => calls[i]!))
      for (let k = 0; k < indexes.length; k++) outcomes[indexes[k]!] = await answerOf(calls[indexes[k]!]!, answers[k]!, this.l1)
    }
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i]!
      const row = rowOf(call.method)
      const refusing = this.refusal(call, row)
      const refused = refusing instanceof Promise ? await refusing : refusing
      if (refused) {
        outcomes[i] = refused
        continue
      }
      if (!row.local && row.reads) {
        reads.push(i)
        continue
      }
      await flush()
      const { local } = row
      const run = local ? () => this.runLocal(call, local, row) : () => this.forwardAlone(call, row)
      outcomes[i] = row.reads ? await run() : await this.whileChanging(run)
    }
    await flush()
    return outcomes
  }
}

/** The `hash` of a block reply's raw result (empty when it is not a block), unquoted. */
function headHash(result: string): string {
  const scan = scanFirstValue(result)
  const member = scan.ok && scan.kind === 'object' ? findMember(scan.members, 'hash') : undefined
  return member ? result.slice(member.value.start + 1, member.value.end - 1) : ''
}
