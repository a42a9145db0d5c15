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
import { activePrecompileConfig, type ChainSpec, type PrecompileConfig } from 'subnet-rpc/config'
import type { AnvilClient } from '../anvilClient.js'
import type { PrecompileRuntime } from '../precompiles/runtime.js'
import { anyBlock, type StagedTx, warpCodeTrailer, withKeys } from './codeTrailer.js'
import {
  type AccessList,
  blockResultsBytes,
  plainAccessListGas,
  resultBits,
  type TxPredicate,
  type TxPredicates,
  txPredicates,
  verifyPredicate,
  warpAddress,
} from './predicates.js'
import type { WarpSigner } from './warpSigner.js'

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
