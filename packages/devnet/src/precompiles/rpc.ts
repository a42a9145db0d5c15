/**
 * What a node answers differently once the precompiles run (../../../docs/devnet.md):
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
 *   to deploy a contract` (params/hooks_libevm.go `CanCreateContract`);
 * - `eth_sendRawTransaction` / `eth_sendTransaction` from a sender without a role on a running Tx
 *   Allow List: `cannot issue transaction from non-allow listed address: <sender>`
 *   (core/txpool/validation.go, plugin/evm/vmerrors). `eth_call` and `eth_estimateGas` skip this
 *   check, as they do on a node (`SkipAccountChecks`);
 * - `eth_fillTransaction`, and `eth_sendTransaction` without a gas limit, fill fees and gas as a node
 *   does (internal/ethapi transaction_args.go `setDefaults`, ./fillTransaction.ts): the estimate is the
 *   devnet's own `eth_estimateGas`, so its refusals above are theirs;
 * - a top-level contract creation sent by such an origin is accepted and mined failed with all its gas
 *   used, as the node's block processing fails it (`CanCreateContract`); a creation inside a
 *   transaction, `eth_call` or `eth_estimateGas` by such an origin fails as a node fails it: the
 *   creating contract sees a zero address and loses the gas it gave (./innerCreates.ts);
 * - blocks follow the fee config (../chain/blockFees.ts): before each call that mines (a send,
 *   `evm_mine`, `anvil_mine`) the next block's base fee, gas limit and time are set, and a block's
 *   `extraData` is its fee window; a raw transaction whose fee cap is under the fee config's
 *   `minBaseFee` is refused as the pool refuses it: `transaction underpriced: address <sender> have
 *   gas fee cap (X) < pool minimum fee cap (Y)` (core/txpool/validation.go).
 */
import { parseJson } from 'subnet-rpc'
import { rpcLog, rpcReceipt, rpcTransaction } from '../chain/nodeReplies.js'
import { goJson } from 'subnet-rpc/internal'
import type { AnvilClient } from '../chain/anvilClient.js'
import { type BlockFees, poolMinimum } from '../chain/blockFees.js'
import type { CallOutcome, ChainCall } from '../chain/envelope.js'
import type { ForwardHooks, InterceptStep } from '../chain/executor.js'
import { type Args, fillDefaults, fillTransaction } from './fillTransaction.js'
import type { PendingPool } from './pendingPool.js'
import { blockedOverrides, innerCreationTargets, type StateOverrides } from './innerCreates.js'
import { checksumAddress, createAddress, decodeRawTransaction } from './rawTx.js'
import { mintReserve, roleSlot, type PrecompileRuntime } from './runtime.js'

type Json = Record<string, unknown>
const each = (shape: (x: Json) => unknown) => (v: unknown) =>
  Array.isArray(v) ? v.map((x) => (typeof x === 'object' && x !== null ? shape(x as Json) : x)) : v
/** Reads whose transactions, receipts and logs a node writes in its own shapes (../chain/nodeReplies.ts). */
const nodeShapes: Record<string, (result: unknown) => unknown> = {
  eth_getTransactionByHash: (v) => rpcTransaction(v as Json),
  eth_getTransactionByBlockHashAndIndex: (v) => rpcTransaction(v as Json),
  eth_getTransactionByBlockNumberAndIndex: (v) => rpcTransaction(v as Json),
  eth_getTransactionReceipt: (v) => rpcReceipt(v as Json),
  eth_getBlockReceipts: each(rpcReceipt),
  eth_getLogs: each(rpcLog),
  eth_getFilterLogs: each(rpcLog),
  // A log filter's changes are logs; a block or pending-transaction filter's are hashes, left as they are.
  eth_getFilterChanges: each(rpcLog),
}

/** Reads whose answer no precompile install or removal changes (blocks, receipts, fees, node facts). */
const precompileFree = new Set([
  'eth_chainId',
  'eth_blockNumber',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_blobBaseFee',
  'eth_feeHistory',
  'eth_syncing',
  'eth_protocolVersion',
  'net_version',
  'net_listening',
  'net_peerCount',
  'web3_clientVersion',
  'web3_sha3',
  'eth_getTransactionByHash',
  'eth_getTransactionReceipt',
  'eth_getBlockTransactionCountByNumber',
  'eth_getBlockTransactionCountByHash',
])

/** Reads of account state at a block, which ./parentState.ts may answer. */
const stateReads = new Set(['eth_getBalance', 'eth_getTransactionCount', 'eth_getCode', 'eth_getStorageAt', 'eth_call', 'eth_estimateGas'])

const nativeMinterAddress = '0x0200000000000000000000000000000000000001'

const nodeError = (message: string): CallOutcome => ({ error: { code: -32000, message } })
const zeroAddress = '0x0000000000000000000000000000000000000000'

function params(call: ChainCall): unknown[] {
  if (call.params === undefined) return []
  try {
    const p = parseJson(call.params)
    return Array.isArray(p) ? p : []
  } catch {
    return []
  }
}

/**
 * `SIMULATION_SLOT` of contracts/Precompile.sol, keccak256("subnet-rpc.devnet.simulation"): set (to 1)
 * only through state overrides, it makes a stand-in's failure revert with the node's text instead of
 * ending with INVALID, when the transaction's origin calls the precompile straight.
 */
export const simulationSlot = '0xb36ffc132d76388878e84b0001d62de353d9eb7999ef17fa4ffef2f5894be395'
const flagSet = `0x${'1'.padStart(64, '0')}`

/**
 * The caller's state overrides (may be undefined) with the simulation flag set at `address`: in the
 * account's `state` when the caller replaces its whole storage (geth refuses `state` and `stateDiff`
 * together), else added to its `stateDiff`. Everything else the caller gave stays as given.
 */
export function withSimulationFlag(overrides: StateOverrides | undefined, address: string): StateOverrides {
  const out: StateOverrides = { ...overrides }
  const a = address.toLowerCase()
  const key = Object.keys(out).find((k) => k.toLowerCase() === a) ?? a
  const account: Record<string, unknown> = { ...out[key] }
  const field = typeof account.state === 'object' && account.state !== null ? 'state' : 'stateDiff'
  const slots = typeof account[field] === 'object' && account[field] !== null ? (account[field] as Record<string, unknown>) : {}
  const own = Object.keys(slots).find((k) => /^0x[0-9a-fA-F]{1,64}$/.test(k) && BigInt(k) === BigInt(simulationSlot))
  account[field] = { ...slots, [own ?? simulationSlot]: flagSet }
  out[key] = account
  return out
}

/** The text of an `Error(string)` revert payload. */
export function revertText(data: unknown): string | undefined {
  if (typeof data !== 'string' || !data.startsWith('0x08c379a0') || data.length < 10 + 128) return undefined
  const body = Buffer.from(data.slice(10), 'hex')
  const offset = Number(BigInt(`0x${body.subarray(0, 32).toString('hex')}`))
  const length = Number(BigInt(`0x${body.subarray(offset, offset + 32).toString('hex')}`))
  return body.subarray(offset + 32, offset + 32 + length).toString('utf8')
}

export function precompileHooks(runtime: PrecompileRuntime, anvil: AnvilClient, blockFees: BlockFees, pool: PendingPool) {
  const roleOf = async (key: 'txAllowListConfig' | 'contractDeployerAllowListConfig', account: string) => {
    const address =
      key === 'txAllowListConfig' ? '0x0200000000000000000000000000000000000002' : '0x0200000000000000000000000000000000000000'
    return BigInt(await anvil.request<string>('eth_getStorageAt', [address, roleSlot(account), 'latest']))
  }
  const enabled = (role: bigint) => role >= 1n && role <= 3n
  /**
   * anvil answers a send before its automine has mined the transaction. The devnet waits for the
   * receipt (up to 5 s) so that the precompiles are synced with the block when the answer goes out.
   * Returns whether the transaction is mined; with automine off it does not wait.
   */
  const waitMined = async (outcome: CallOutcome): Promise<boolean> => {
    const hash = 'result' in outcome ? (JSON.parse(outcome.result) as unknown) : undefined
    if (typeof hash !== 'string') return false
    const automine = await anvil.raw<boolean>('anvil_getAutomine', [])
    return (await anvil.receipt(hash, automine.result === false ? 0 : 5000)) !== undefined
  }

  const rawOutcome = async (method: string, asked: unknown[]): Promise<CallOutcome> => {
    const reply = await anvil.raw(method, asked)
    return reply.error ? { rawError: JSON.stringify(reply.error) } : { result: JSON.stringify(reply.result ?? null) }
  }

  /** Sends that anvil keeps unmined for now (a nonce gap): their answer does not wait for a receipt. */
  const unmined = new WeakSet<ChainCall>()

  /** Addresses blocked for transactions not mined when they were sent (automine off). */
  const held: { hash: string; blocked: string[] }[] = []
  const free = async (blocked: string[]) => {
    for (const target of blocked) await anvil.request('anvil_setCode', [target, '0x'])
  }
  const releaseMined = async () => {
    for (const entry of [...held]) {
      if ((await anvil.receipt(entry.hash, 0)) === undefined) continue
      held.splice(held.indexOf(entry), 1)
      await free(entry.blocked)
    }
  }

  /** anvil_mine(blocks?, interval?): one block at a time, each with its fees set first. */
  const mineBlocks = async ([count, interval]: unknown[]): Promise<CallOutcome> => {
    const n = count === undefined || count === null ? 1n : BigInt(count as string | number)
    const step = interval === undefined || interval === null ? undefined : BigInt(interval as string | number)
    let time: bigint | undefined
    for (let i = 0n; i < n; i++) {
      await blockFees.prepareNextBlock(time)
      await anvil.request('evm_mine', [])
      await runtime.sync()
      if (step !== undefined) time = BigInt((await anvil.latest()).timestamp) + step
    }
    return { result: 'null' }
  }

  const suggestTip = () => blockFees.tips.suggestTip()
  /**
   * Unsigned transaction arguments without a nonce, from a sender with transactions waiting in the devnet's
   * pool: with the nonce after them, as the node's pool counts them (anvil's own count does not know them).
   */
  const withPoolNonce = async (given: unknown): Promise<unknown> => {
    if (typeof given !== 'object' || given === null) return given
    const { from, nonce } = given as { from?: unknown; nonce?: unknown }
    if (nonce !== undefined || typeof from !== 'string' || pool.nextNonce(from) === undefined) return given
    return { ...given, nonce: `0x${(await pendingNonce(from)).toString(16)}` }
  }
  /** The sender's next nonce, its transactions waiting in the devnet's pool counted. */
  const pendingNonce = async (sender: string) => {
    const counted = BigInt(await anvil.request<string>('eth_getTransactionCount', [sender, 'pending']))
    const waiting = pool.nextNonce(sender)
    return waiting !== undefined && waiting > counted ? waiting : counted
  }
  /** `eth_estimateGas` of `args` at the head, answered as the devnet answers it. */
  const estimate = async (args: Args): Promise<CallOutcome> => {
    const asked = [args, 'latest']
    const estimateCall: ChainCall = { id: undefined, method: 'eth_estimateGas', params: JSON.stringify(asked) }
    return hooks.adjust(estimateCall, await rawOutcome('eth_estimateGas', asked))
  }

  const hooks = {
    /** Syncs the precompiles unless every call reads only chain data they cannot change. */
    before: async (calls: readonly ChainCall[]) => {
      if (held.length > 0) await releaseMined()
      if (calls.every((c) => precompileFree.has(c.method))) return
      await runtime.sync()
    },
    readsNeedHead: (calls: readonly ChainCall[]) => !calls.every((c) => precompileFree.has(c.method)),
    /** `headHash` is the raw JSON string of the head block's hash, as anvil wrote it. */
    isCurrent: (headHash: string) => runtime.isSyncedAt(headHash.slice(1, -1)),

    /** Runs before a state-changing call is forwarded; an outcome here answers it instead of anvil. */
    async intercept(call: ChainCall): Promise<InterceptStep | undefined> {
      if (call.method === 'evm_mine') {
        const [time] = params(call)
        // evm_mine(timestamp) mines at that time; its object form ({ timestamp, blocks }) is left to anvil.
        if (time === undefined || time === null || typeof time === 'number' || typeof time === 'string')
          await blockFees.prepareNextBlock(time === undefined || time === null ? undefined : BigInt(time))
        return undefined
      }
      if (call.method === 'anvil_mine') return { outcome: await mineBlocks(params(call)) }
      if (call.method === 'eth_fillTransaction') {
        const [given, ...rest] = params(call)
        const outcome = await fillTransaction(anvil, [await withPoolNonce(given), ...rest], estimate, suggestTip)
        return outcome ? { outcome } : undefined
      }
      // What goes to anvil: an eth_sendTransaction with the node's fee and gas defaults filled in.
      let sent = call
      const forward = (step: InterceptStep = {}): InterceptStep | undefined =>
        sent === call && !step.after ? undefined : { ...step, call: sent }
      let tx: { sender: string; nonce: bigint | undefined; feeCap?: bigint; create: boolean; message: object } | undefined
      let raw: unknown
      if (call.method === 'eth_sendRawTransaction') {
        raw = params(call)[0]
        tx = typeof raw === 'string' ? decodeRawTransaction(raw) : undefined
      } else if (call.method === 'eth_sendTransaction') {
        // SendTransaction fills the defaults first (setDefaults): its estimate's error is the send's.
        const [given, ...rest] = params(call)
        const filled = await fillDefaults(anvil, await withPoolNonce(given), estimate, suggestTip)
        if (filled && 'error' in filled) return { outcome: filled.error }
        if (filled) sent = { ...call, params: JSON.stringify([filled.args, ...rest]) }
        const t = (filled?.args ?? given) as
          | { from?: unknown; to?: unknown; nonce?: unknown; maxFeePerGas?: unknown; gasPrice?: unknown }
          | undefined
        const quantity = (v: unknown) => (typeof v === 'string' && /^0x[0-9a-fA-F]+$/.test(v) ? BigInt(v) : undefined)
        if (typeof t?.from === 'string' && /^0x[0-9a-fA-F]{40}$/.test(t.from)) {
          const { nonce, gasPrice, maxFeePerGas, maxPriorityFeePerGas, ...message } = t as Record<string, unknown>
          tx = {
            sender: t.from,
            nonce: quantity(nonce),
            feeCap: quantity(maxFeePerGas) ?? quantity(gasPrice),
            create: t.to === undefined || t.to === null,
            message,
          }
        }
      }
      if (!tx) return forward()
      if (runtime.isRunning('txAllowListConfig') && !enabled(await roleOf('txAllowListConfig', tx.sender)))
        return { outcome: nodeError(`cannot issue transaction from non-allow listed address: ${checksumAddress(tx.sender)}`) }
      const plan = await blockFees.planNextBlock()
      if (tx.feeCap !== undefined) {
        const minimum = poolMinimum(plan)
        if (tx.feeCap < minimum)
          return {
            outcome: nodeError(
              `transaction underpriced: address ${checksumAddress(tx.sender)} have gas fee cap (${tx.feeCap}) < pool minimum fee cap (${minimum})`,
            ),
          }
      }
      // Over the pool minimum but under the next block's base fee: the node's pool keeps it (./pendingPool.ts).
      // An eth_sendTransaction is signed by anvil first (its dev accounts; an impersonated one cannot be signed
      // for, and is left to anvil's answer).
      const feeCap = tx.feeCap
      if (feeCap !== undefined && pool.waits(feeCap, plan)) {
        if (call.method === 'eth_sendTransaction') {
          const nonce = tx.nonce ?? (await pendingNonce(tx.sender))
          const signed = await anvil.raw<string>('eth_signTransaction', [
            { ...((JSON.parse(sent.params!) as unknown[])[0] as object), nonce: `0x${nonce.toString(16)}` },
          ])
          if (typeof signed.result === 'string') {
            raw = signed.result
            tx = { ...tx, nonce }
          }
        }
        if (typeof raw === 'string' && tx.nonce !== undefined) {
          const hash = pool.hold(raw, { sender: tx.sender, nonce: tx.nonce, feeCap })
          if (hash) return { outcome: { result: JSON.stringify(hash) } }
        }
      }
      // With automine off, or a nonce past the sender's next, the send only enters anvil's pool: the block
      // that mines it is prepared then.
      const automine = (await anvil.raw<boolean>('anvil_getAutomine', [])).result !== false
      const gap =
        automine &&
        tx.nonce !== undefined &&
        tx.nonce > BigInt(await anvil.request<string>('eth_getTransactionCount', [tx.sender, 'latest']))
      await blockFees.prepareNextBlock(undefined, { mining: automine && !gap, plan })
      if (gap) unmined.add(call)
      if (!runtime.isRunning('contractDeployerAllowListConfig')) return forward()
      if (enabled(await roleOf('contractDeployerAllowListConfig', tx.sender))) return forward()
      // The pool accepts the transaction and the block fails each creation (CanCreateContract in
      // params/hooks_libevm.go). anvil gives the same result for an address collision (EIP-684), so
      // the address each creation would take holds one byte of code while the transaction is mined:
      // a top-level creation's from the sender's nonce, inner ones' from a trace (./innerCreates.ts).
      let targets: string[]
      if (tx.create) {
        const nonce = tx.nonce ?? BigInt(await anvil.request<string>('eth_getTransactionCount', [tx.sender, 'pending']))
        targets = [createAddress(tx.sender.toLowerCase(), nonce)]
      } else targets = await innerCreationTargets(anvil, { ...tx.message, from: tx.sender }, 'pending')
      if (targets.length === 0) return forward()
      const codes = await anvil.batch<string>(targets.map((t) => ['eth_getCode', [t, 'latest']]))
      const blocked = targets.filter((_, i) => codes[i] === '0x')
      for (const target of blocked) await anvil.request('anvil_setCode', [target, '0xfe'])
      return forward({
        after: async (outcome) => {
          // Still pending (automine off): the blockers stay until a later call finds it mined (`before`).
          if ('result' in outcome && !(await waitMined(outcome))) held.push({ hash: JSON.parse(outcome.result) as string, blocked })
          else await free(blocked)
        },
      })
    },

    /** Rewrites anvil's answer where a node answers otherwise. */
    async adjust(call: ChainCall, answer: CallOutcome): Promise<CallOutcome> {
      // A read at the parent of a block whose activations the devnet applied before it: the state from before them.
      const outcome =
        (stateReads.has(call.method) && !runtime.parents.isEmpty && (await runtime.parents.answer(call.method, params(call)))) || answer
      if (call.method === 'eth_sendRawTransaction' || call.method === 'eth_sendTransaction') {
        if (!unmined.has(call)) await waitMined(outcome)
        return outcome
      }
      if (call.method === 'eth_getTransactionByHash' && 'result' in outcome && outcome.result === 'null') {
        const [hash] = params(call)
        const waiting = typeof hash === 'string' ? pool.transaction(hash) : undefined
        return waiting ? { result: JSON.stringify(waiting) } : outcome
      }
      if ('result' in outcome && outcome.result !== 'null') {
        const shape = nodeShapes[call.method]
        if (shape) return { result: goJson(shape(parseJson(outcome.result))) }
      }
      if (call.method === 'eth_getTransactionCount' && 'result' in outcome) {
        const [address, block] = params(call)
        const next = block === 'pending' && typeof address === 'string' ? pool.nextNonce(address) : undefined
        if (next !== undefined && next > BigInt(JSON.parse(outcome.result))) return { result: JSON.stringify(`0x${next.toString(16)}`) }
        return outcome
      }
      if (call.method === 'eth_getBalance' && 'result' in outcome) {
        // The Native Minter's reserve is the stand-in's, not the account's (./runtime.ts `mintReserve`).
        const [address] = params(call)
        const balance =
          typeof address === 'string' && address.toLowerCase() === nativeMinterAddress ? BigInt(JSON.parse(outcome.result)) : 0n
        if (balance >= mintReserve) return { result: JSON.stringify(`0x${(balance - mintReserve).toString(16)}`) }
        return outcome
      }
      if (call.method === 'eth_getCode') {
        const [address] = params(call)
        if ('result' in outcome && typeof address === 'string') {
          const key = runtime.keyAt(address)
          if (key && outcome.result === `"${runtime.code(key)}"`) return { result: '"0x01"' }
        }
        return outcome
      }
      if (call.method !== 'eth_call' && call.method !== 'eth_estimateGas') return outcome
      const [tx, given, overrides, blockOverrides] = params(call) as [{ to?: unknown; from?: unknown } | undefined, ...unknown[]]
      if (typeof tx !== 'object' || tx === null) return outcome
      // Asked again at the block the first answer came from (../chain/executor.ts: absent, null and the
      // accepted tags, `pending` included, are the latest block).
      const block = typeof given === 'string' && /^(accepted|finalized|safe|pending)$/.test(given) ? 'latest' : (given ?? 'latest')
      const from = typeof tx.from === 'string' ? tx.from : zeroAddress
      if (runtime.isRunning('contractDeployerAllowListConfig') && !enabled(await roleOf('contractDeployerAllowListConfig', from))) {
        if (tx.to === undefined || tx.to === null)
          return nodeError(`tx.origin ${checksumAddress(from)} is not authorized to deploy a contract`)
        // Creations inside the call fail as on a node (./innerCreates.ts): asked again with their addresses blocked.
        const userOverrides = typeof overrides === 'object' && overrides !== null ? (overrides as StateOverrides) : undefined
        const targets = await innerCreationTargets(anvil, tx, block, userOverrides, call.method === 'eth_call' ? blockOverrides : undefined)
        if (targets.length > 0) {
          const rest = call.method === 'eth_call' && blockOverrides !== undefined ? [blockOverrides] : []
          const reply = await anvil.raw(call.method, [tx, block, blockedOverrides(userOverrides, targets), ...rest])
          return reply.error ? { rawError: JSON.stringify(reply.error) } : { result: JSON.stringify(reply.result ?? null) }
        }
      } else if (tx.to === undefined || tx.to === null) return outcome
      if (typeof tx.to !== 'string' || !runtime.keyAt(tx.to) || !('rawError' in outcome)) return outcome
      // A failed call straight to a stand-in ended with INVALID: asked again as a simulation, its failure
      // reverts with the node's text. Through the parent state when the first answer came from there.
      const userOverrides = typeof overrides === 'object' && overrides !== null ? (overrides as StateOverrides) : undefined
      const rest = call.method === 'eth_call' && blockOverrides !== undefined ? [blockOverrides] : []
      const asked = [tx, block, withSimulationFlag(userOverrides, tx.to), ...rest]
      const again = (await runtime.parents.answer(call.method, asked)) ?? (await rawOutcome(call.method, asked))
      if (!('rawError' in again)) return outcome
      let data: unknown
      try {
        data = (parseJson(again.rawError) as { data?: unknown }).data
      } catch {
        return outcome
      }
      const text = revertText(data)
      return text === undefined ? outcome : nodeError(text)
    },
  } satisfies ForwardHooks
  return hooks
}

export type PrecompileHooks = ReturnType<typeof precompileHooks>
