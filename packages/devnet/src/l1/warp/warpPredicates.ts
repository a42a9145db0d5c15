/**
 * Warp predicates on the devnet, as a node handles a transaction whose access list carries signed Warp
 * messages for the Warp precompile:
 *
 * - intrinsic gas: each Warp tuple costs its predicate gas instead of the access-list price
 *   (graft/evm/precompileconfig/predicate.go `AccessListGasWithPredicates`, warp/config.go `PredicateGas`), and
 *   a predicate that does not parse refuses the transaction with `PredicateGas`'s text, in the pool
 *   (core/txpool/validation.go) and in `eth_call` / `eth_estimateGas` (core/state_transition.go);
 * - verification when the block is built (core/predicate_check.go `CheckTxPredicates`, warp/config.go
 *   `VerifyPredicate`): network ID, the source chain's subnet, its canonical validator set, the signers' weight
 *   against the quorum, the aggregate signature; a failing predicate sets its bit in the transaction's results,
 *   and `getVerifiedWarpMessage(index)` then answers `valid = false` (contract_warp_handler.go);
 * - the block's results (vms/evm/predicate/results.go `BlockResults.Bytes`) after the fee window in the header's
 *   extra data from Durango (miner/worker.go `commit`).
 *
 * Predicaters exist only while Warp is enabled (params/config_libevm.go): before, a tuple for its address is an
 * ordinary access-list entry.
 */
import {
  encodeUnsignedWarpMessage,
  parseSignedWarpMessage,
  parseWarpPayload,
  type SignedWarpMessage,
  signerIndices,
  signersBitset,
  unpackPredicate,
  verifyWarpWeight,
  type WarpPayload,
  warpPredicateGas,
  warpPredicateGasConfig,
} from 'subnet-rpc/warp'
import { precompileAddresses } from 'subnet-rpc'
import { activePrecompileConfig, type ChainSpec, type PrecompileConfig } from 'subnet-rpc/config'
import type { PrecompileRuntime } from '../precompiles/runtime.js'
import type { AnvilClient } from '../anvilClient.js'
import { type CallOutcome, type ChainCall, nodeErrorOutcome } from '../rpc/envelope.js'
import { answerOf, argsOf, type L1 } from '../rpc/methods.js'
import { intrinsicGas } from '../block/nodeGas.js'
import { requireBls } from '../../anvil.js'
import { SIGNATURE_DST } from '../../identity.js'
import type { WarpNetwork } from '../../network/types.js'
import { canonicalSet, type WarpSigner, warpQuorumDenominator } from './warpSigner.js'

type Hex = `0x${string}`

/** The Warp precompile's address, lower case. */
export const warpAddress = precompileAddresses.warpConfig.toLowerCase()

type AccessList = readonly { address: string; storageKeys: readonly string[] }[]

/** One Warp predicate of a transaction: its chunks, its gas, and the signed message it carries. */
export type TxPredicate = { chunks: Hex[]; gas: bigint; message: SignedWarpMessage; payload: WarpPayload }

/** A transaction's Warp predicates, in access-list order (the index `getVerifiedWarpMessage` takes), or the node's refusal. */
export type TxPredicates = { predicates: TxPredicate[]; accessListGas: bigint } | { error: string }

/**
 * The Warp predicates of an access list under Warp's rules at the block (`isGranite` picks the gas table),
 * with the intrinsic gas of the whole list as the node computes it; `{ error }` with `PredicateGas`'s text
 * when one does not parse.
 */
export function txPredicates(accessList: AccessList | undefined, isGranite: boolean): TxPredicates {
  const gasConfig = warpPredicateGasConfig(isGranite)
  const predicates: TxPredicate[] = []
  let accessListGas = 0n
  for (const tuple of accessList ?? []) {
    if (tuple.address.toLowerCase() !== warpAddress) {
      accessListGas += tupleGas(tuple)
      continue
    }
    const chunks = tuple.storageKeys.map((k) => k.toLowerCase() as Hex)
    let gas: bigint
    try {
      gas = warpPredicateGas(chunks, gasConfig)
    } catch (e) {
      return { error: (e as { reason?: string; message: string }).reason ?? (e as Error).message }
    }
    accessListGas += gas
    const message = parseSignedWarpMessage(unpackPredicate(chunks))
    predicates.push({ chunks, gas, message, payload: parseWarpPayload(message.payload) })
  }
  return { predicates, accessListGas }
}

/** The access-list price anvil charged for the same list (EIP-2930: 2,400 per tuple, 1,900 per key). */
export function plainAccessListGas(accessList: AccessList | undefined): bigint {
  return (accessList ?? []).reduce((gas, tuple) => gas + tupleGas(tuple), 0n)
}

/** One access-list tuple's price (`TxAccessListAddressGas`, `TxAccessListStorageKeyGas`). */
const tupleGas = (tuple: AccessList[number]) => 2400n + 1900n * BigInt(tuple.storageKeys.length)

/** What `VerifyPredicate` reads: the network, this chain's subnet, Warp's config at the block. */
export type VerifyContext = {
  network: WarpNetwork
  /** This chain's subnet (`snowCtx.SubnetID`). */
  subnetID: Uint8Array
  /** `quorumNumerator` of the Warp config in force (0: `WarpDefaultQuorumNumerator`, 67). */
  quorumNumerator: bigint
  requirePrimaryNetworkSigners: boolean
}

const isZero = (b: Uint8Array) => b.every((x) => x === 0)
const bytesOf = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/^0x/, ''), 'hex'))

/**
 * `VerifyPredicate`: undefined when the message verifies, else the reason (the node only keeps the bit). The
 * source chain's subnet from the P-Chain (`GetSubnetID`, an unknown chain fails); a primary-network source is
 * checked against this chain's own subnet unless `requirePrimaryNetworkSigners` (the P-Chain always); then
 * `BitSetSignature.Verify`.
 */
export function verifyPredicate(message: SignedWarpMessage, ctx: VerifyContext): string | undefined {
  const sourceChainID = bytesOf(message.sourceChainID)
  let subnetID = ctx.network.subnetOf(sourceChainID)
  if (!subnetID) return 'cannot retrieve validator set: unknown blockchain'
  if (isZero(subnetID) && (!ctx.requirePrimaryNetworkSigners || isZero(sourceChainID))) subnetID = ctx.subnetID
  const set = canonicalSet(ctx.network, subnetID)
  if (set.validators.length === 0) return 'cannot retrieve validator set: source subnet not found'
  // BitSetSignature.Verify
  if (message.networkID !== ctx.network.networkID) return 'wrong networkID'
  let signers: number[]
  try {
    signers = signerIndices(message.signature.signers)
  } catch {
    return 'bitset is invalid'
  }
  if (signers.some((i) => i >= set.validators.length)) return 'unknown validator'
  const chosen = signers.map((i) => set.validators[i]!)
  const weight = chosen.reduce((s, v) => s + v.weight, 0n)
  const quorum = ctx.quorumNumerator === 0n ? 67n : ctx.quorumNumerator
  try {
    verifyWarpWeight(weight, set.totalWeight, quorum, warpQuorumDenominator)
  } catch (e) {
    return (e as { reason?: string }).reason ?? 'signature weight is insufficient'
  }
  const bls = requireBls()
  try {
    if (chosen.length === 0) return 'no public keys'
    const publicKey = bls.aggregatePublicKeys(chosen.map((v) => v.publicKey))
    const unsigned = bytesOf(encodeUnsignedWarpMessage(message))
    if (!bls.verify(bytesOf(message.signature.signature), unsigned, publicKey, { DST: SIGNATURE_DST })) return 'invalid signature'
  } catch {
    return 'failed to parse signature'
  }
  return undefined
}

/** The failed predicates' bitset (`set.Bits.Bytes()`, as a signers bitset is written). */
export function resultBits(failed: readonly number[]): Uint8Array {
  return bytesOf(signersBitset(failed))
}

/**
 * `BlockResults.Bytes()`: codec version 0, then the map of transaction hash → (precompile address → bitset), each
 * map's keys sorted by their bytes as avalanchego's linear codec writes maps. Transactions without predicates are
 * not in it; a block without any encodes as the empty map (6 bytes).
 */
export function blockResultsBytes(results: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const entries = [...results.entries()].map(([hash, bits]) => ({ key: bytesOf(hash), bits })).sort((a, b) => compare(a.key, b.key))
  const parts: number[] = [0, 0, ...u32(entries.length)]
  const warp = bytesOf(warpAddress)
  for (const { key, bits } of entries) parts.push(...key, ...u32(1), ...warp, ...u32(bits.length), ...bits)
  return Uint8Array.from(parts)
}

const u32 = (v: number) => [v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]
function compare(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!
  return 0
}

// ---- what the stand-in reads (packages/devnet/contracts/standins/WarpMessenger.sol `_stagedPredicate`): words, written here ----

const wordOf = (v: bigint) => v.toString(16).padStart(64, '0')
const bare = (hex: string) => hex.replace(/^0x/, '').toLowerCase()
/** `bytes` in ABI: its length, then the bytes padded to whole words. */
const abiBytes = (hex: string) => {
  const b = bare(hex)
  return wordOf(BigInt(b.length / 2)) + b.padEnd(Math.ceil(b.length / 64) * 64, '0')
}
/** An ABI tuple of static words (`{ word }`) and dynamic parts (`{ tail }`, written after the heads). */
function abiTuple(items: ({ word: string } | { tail: string })[]): string {
  let head = ''
  let tail = ''
  const headSize = items.length * 32
  for (const item of items) {
    if ('word' in item) head += item.word
    else {
      head += wordOf(BigInt(headSize + tail.length / 2))
      tail += item.tail
    }
  }
  return head + tail
}
/** `T[]` of dynamic items. */

/** `getVerifiedWarpMessage`'s and `getVerifiedWarpBlockHash`'s answers for one valid predicate (contract_warp_handler.go). */
function getterAnswers(p: TxPredicate): { errors: number; message: string; blockHash: string } {
  const chain = bare(p.message.sourceChainID)
  if (p.payload.type === 'addressedCall') {
    // PackGetVerifiedWarpMessageOutput(WarpMessage{SourceChainID, OriginSenderAddress, Payload}, true)
    const sender = bare(p.payload.sourceAddress).slice(-40).padStart(64, '0')
    const message = abiTuple([
      { tail: abiTuple([{ word: chain }, { word: sender }, { tail: abiBytes(p.payload.payload) }]) },
      { word: wordOf(1n) },
    ])
    const text = Buffer.from('cannot unpack block hash payload: wrong payload type: *payload.AddressedCall').toString('hex')
    return { errors: 2, message, blockHash: text }
  }
  const blockHash = chain + bare(p.payload.hash) + wordOf(1n)
  return {
    errors: 1,
    message: Buffer.from('cannot unpack addressed payload: wrong payload type: *payload.Hash').toString('hex'),
    blockHash,
  }
}

/** One transaction's predicates as staged: its origin, the key that finds it, each predicate with its result. */
export type StagedTx = { origin: string; key: Hex; predicates: { predicate: TxPredicate; valid: boolean }[] }

/** The stand-in's code trailer: the staged predicates (none: an empty blob), their length, the chain's IDs. */
export function warpCodeTrailer(
  ids: { blockchainID: string; networkID: number },
  staged?: { blockNumber: bigint; txs: StagedTx[] },
): string {
  let blob = ''
  if (staged && staged.txs.length > 0) {
    // Word offsets from the staging's start (packages/devnet/contracts/standins/WarpMessenger.sol `_stagedPredicate`): the header, the tables,
    // then the outputs' bytes, each padded to whole words.
    const n = staged.txs.length
    let tables = ''
    let data = ''
    const tablesStart = 64 + 96 * n
    const dataStart = tablesStart + staged.txs.reduce((size, tx) => size + 32 + 160 * tx.predicates.length, 0)
    const put = (hex: string) => {
      const b = bare(hex)
      const at = dataStart + data.length / 2
      data += b.padEnd(Math.ceil(b.length / 64) * 64, '0')
      return wordOf(BigInt(at)) + wordOf(BigInt(b.length / 2))
    }
    let head = wordOf(staged.blockNumber) + wordOf(BigInt(n))
    for (const tx of staged.txs) {
      head += bare(tx.origin).padStart(64, '0') + bare(tx.key) + wordOf(BigInt(tablesStart + tables.length / 2))
      tables += wordOf(BigInt(tx.predicates.length))
      for (const { predicate, valid } of tx.predicates) {
        const answers = getterAnswers(predicate)
        const header = (BigInt(predicate.chunks.length) << 16n) | (BigInt(answers.errors) << 8n) | (valid ? 1n : 0n)
        tables += wordOf(header) + put(answers.message) + put(answers.blockHash)
      }
    }
    blob = head + tables + data
  }
  return blob + wordOf(BigInt(blob.length / 2)) + bare(ids.blockchainID) + ids.networkID.toString(16).padStart(8, '0')
}

/** `blockNumber` of a staging that holds in any block (an `eth_call`'s state override): `type(uint256).max`. */
export const anyBlock = (1n << 256n) - 1n

/** Picks, for each transaction, a key of its Warp tuples no other staged transaction of its origin holds (else its first). */
export function withKeys(txs: { origin: string; predicates: StagedTx['predicates'] }[]): StagedTx[] {
  return txs.map((tx, i) => {
    const others = new Set(
      txs
        .filter((o, j) => j !== i && o.origin.toLowerCase() === tx.origin.toLowerCase())
        .flatMap((o) => o.predicates.flatMap((p) => p.predicate.chunks)),
    )
    const chunks = tx.predicates.flatMap((p) => p.predicate.chunks)
    return { ...tx, origin: tx.origin.toLowerCase(), key: chunks.find((c) => !others.has(c)) ?? chunks[0]! }
  })
}

type Block = { hash: string; number: bigint; timestamp: bigint }
type MinedTx = { hash: string; accessList?: AccessList }

/**
 * A chain's Warp predicates: parsed for the pool and the simulations, verified and staged in the stand-in's code
 * before each block the devnet mines (../block/miner.ts `prepare`), and the results of each mined block for its header.
 */
export class WarpPredicateService {
  /** Sent transactions with Warp predicates not mined yet: the next block may take them. */
  private readonly waiting: { origin: string; accessList: AccessList; hash?: string }[] = []
  /** Verification results, by the predicate's chunks and the block's Warp config (a pure function of them). */
  private readonly verified = new Map<string, boolean>()
  private readonly results = new Map<string, Promise<Uint8Array>>()
  /** Whether the stand-in's code holds a staging. */
  private staged = false

  constructor(
    private readonly spec: ChainSpec,
    private readonly anvil: AnvilClient,
    private readonly precompiles: PrecompileRuntime,
    private readonly signer: WarpSigner | undefined,
  ) {}

  /** Warp's config in force at `timestamp`, if enabled. */
  private config(timestamp: bigint): PrecompileConfig | undefined {
    const c = activePrecompileConfig(this.spec, 'warpConfig', timestamp)
    return c && !c.disable ? c : undefined
  }

  private reached(key: 'durangoTimestamp' | 'graniteTimestamp', timestamp: bigint): boolean {
    const t = this.spec.networkUpgrades[key]
    return t !== undefined && t !== null && t <= timestamp
  }

  /** The Warp predicates of an access list in a block at `timestamp`; undefined when Warp is off or no tuple is Warp's. */
  parse(accessList: AccessList | undefined, timestamp: bigint): TxPredicates | undefined {
    if (!accessList?.some((t) => t.address.toLowerCase() === warpAddress) || !this.config(timestamp)) return undefined
    return txPredicates(accessList, this.reached('graniteTimestamp', timestamp))
  }

  /** The node's intrinsic gas above anvil's for an access list: predicate gas in place of the access-list price. */
  extraIntrinsic(accessList: AccessList | undefined, timestamp: bigint): bigint {
    const parsed = this.parse(accessList, timestamp)
    return parsed && 'predicates' in parsed ? parsed.accessListGas - plainAccessListGas(accessList) : 0n
  }

  /** `VerifyPredicate` of one predicate under the Warp config at `timestamp` (false without a network). */
  verify(predicate: TxPredicate, timestamp: bigint): boolean {
    const config = this.config(timestamp)
    const network = this.signer?.network
    const subnetID = network && this.signer && network.subnetOf(this.signer.blockchainID)
    if (!config || !network || !subnetID) return false
    const quorumNumerator = BigInt((config.json.quorumNumerator as number | undefined) ?? 0)
    const requirePrimaryNetworkSigners = config.json.requirePrimaryNetworkSigners === true
    const key = `${predicate.chunks.join('')}:${quorumNumerator}:${requirePrimaryNetworkSigners}`
    let ok = this.verified.get(key)
    if (ok === undefined) {
      ok = verifyPredicate(predicate.message, { network, subnetID, quorumNumerator, requirePrimaryNetworkSigners }) === undefined
      this.verified.set(key, ok)
    }
    return ok
  }

  /** A send with Warp predicates, admitted: the next block the devnet mines stages it until it is mined or dropped. */
  expect(origin: string, accessList: AccessList): { hash?: string } {
    const entry: { origin: string; accessList: AccessList; hash?: string } = { origin: origin.toLowerCase(), accessList }
    this.waiting.push(entry)
    return entry
  }

  /** A send that anvil refused. */
  drop(entry: { hash?: string }): void {
    const i = this.waiting.indexOf(entry as (typeof this.waiting)[number])
    if (i >= 0) this.waiting.splice(i, 1)
  }

  /**
   * Before a block at `timestamp` is mined as number `blockNumber`: each waiting send's predicates verified
   * (`CheckTxPredicates`) and staged in the stand-in's code; a staging no longer needed is taken out.
   */
  async stage(blockNumber: bigint, timestamp: bigint): Promise<void> {
    if (!this.precompiles.isRunning('warpConfig')) return
    if (this.waiting.length > 0) {
      const receipts = await this.anvil.batch<unknown>(
        this.waiting.map((w) => ['eth_getTransactionReceipt', [w.hash ?? `0x${'0'.repeat(64)}`]]),
      )
      for (let i = this.waiting.length - 1; i >= 0; i--) if (receipts[i]) this.waiting.splice(i, 1)
    }
    const txs: { origin: string; predicates: StagedTx['predicates'] }[] = []
    for (const w of this.waiting) {
      const parsed = this.parse(w.accessList, timestamp)
      if (!parsed || !('predicates' in parsed)) continue
      txs.push({
        origin: w.origin,
        predicates: parsed.predicates.map((predicate) => ({ predicate, valid: this.verify(predicate, timestamp) })),
      })
    }
    if (txs.length === 0 && !this.staged) return
    this.staged = txs.length > 0
    await this.precompiles.stageCode('warpConfig', warpCodeTrailer(this.precompiles.warp, { blockNumber, txs: withKeys(txs) }))
  }

  /**
   * The stand-in's code for a simulation (`eth_call`, `eth_estimateGas`) from `origin` with these predicates: a node
   * runs a call with no results for it, so every predicate that parses reads as valid.
   */
  simulationCode(origin: string, predicates: TxPredicate[]): string {
    const txs = withKeys([{ origin, predicates: predicates.map((predicate) => ({ predicate, valid: true })) }])
    return this.precompiles.codeWith('warpConfig', warpCodeTrailer(this.precompiles.warp, { blockNumber: anyBlock, txs }))
  }

  /**
   * The predicate results a node writes after the fee window in a Durango block's extra data (miner/worker.go
   * `commit`), undefined before Durango: every transaction with Warp predicates, with the bits of those that failed.
   */
  resultsOf(block: Block & { transactions?: unknown[] }): Promise<Uint8Array> | undefined {
    if (!this.reached('durangoTimestamp', block.timestamp)) return undefined
    let known = this.results.get(block.hash)
    if (!known) {
      known = this.findResults(block)
      this.results.set(block.hash, known)
      known.catch(() => this.results.delete(block.hash))
    }
    return known
  }

  private async findResults(block: Block & { transactions?: unknown[] }): Promise<Uint8Array> {
    const out = new Map<string, Uint8Array>()
    if (!this.config(block.timestamp) || (Array.isArray(block.transactions) && block.transactions.length === 0))
      return blockResultsBytes(out)
    // A block read with its transactions holds their access lists; else one look at anvil.
    const given = block.transactions?.every((t) => typeof t === 'object' && t !== null) ? (block.transactions as MinedTx[]) : undefined
    const txs =
      given ?? (await this.anvil.request<{ transactions: MinedTx[] } | null>('eth_getBlockByHash', [block.hash, true]))?.transactions ?? []
    for (const tx of txs) {
      const parsed = this.parse(tx.accessList, block.timestamp)
      if (!parsed || !('predicates' in parsed)) continue
      const failed = parsed.predicates.flatMap((p, i) => (this.verify(p, block.timestamp) ? [] : [i]))
      out.set(tx.hash, resultBits(failed))
    }
    return blockResultsBytes(out)
  }
}

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
  const outcome = await answerOf({ ...call, params: JSON.stringify(params) }, await l1.anvil.outcome(call.method, params), l1)
  if (call.method !== 'eth_estimateGas' || !('result' in outcome)) return outcome
  return { result: JSON.stringify(`0x${(BigInt(JSON.parse(outcome.result) as string) + extra).toString(16)}`) }
}

/** A call's or a message's data: `input`, else `data`. */
export function inputOf(args: object): string {
  const { input, data } = args as { input?: unknown; data?: unknown }
  return typeof input === 'string' ? input : typeof data === 'string' ? data : '0x'
}
