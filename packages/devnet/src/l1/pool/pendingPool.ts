/**
 * Transactions a node's pool keeps until the base fee falls to their fee cap. Subnet-EVM's pool
 * refuses only a fee cap under the fee config's `minBaseFee` (core/txpool/validation.go); one
 * between that and the next block's base fee waits, pending, and the block builder includes it
 * once the base fee of a block built then is no more than its fee cap (miner/worker.go: a
 * transaction under the base fee is skipped), which happens as time passes without busy blocks.
 * anvil refuses such a raw transaction (`max fee per gas less than block base fee`), so the
 * devnet keeps it here, answers with its hash, shows it as pending (`eth_getTransactionByHash`,
 * the sender's `pending` nonce); the miner (../block/miner.ts) hands it to anvil through the devnet's own
 * endpoint as soon as the base fee of a block built now (`BlockFees.estimateBaseFee`) reaches its fee cap.
 */
import type { NextBlockPlan } from '../block/blockFees.js'
import { pendingTransactionJson } from './rawTx.js'
import { PooledCaps } from './replacement.js'

/** A transaction waiting: its raw form, hash, sender, nonce and fee cap. */
export type Held = { raw: string; hash: string; sender: string; nonce: bigint; feeCap: bigint }

export class PendingPool {
  private readonly held: Held[] = []
  /**
   * Transactions the block builder keeps out of anvil's pool while every block would skip them (../block/voidedSends.ts):
   * pending as in the node's pool, never handed on from here.
   */
  private readonly kept = new Map<string, Held>()
  /** The fee and tip caps of the sends in anvil's pool, for the node's replacement rule (./replacement.ts). */
  readonly pooled = new PooledCaps()

  /** Keeps a signed transaction until the base fee allows it; returns its hash (undefined: an envelope it cannot show). */
  hold(raw: string, tx: { sender: string; nonce: bigint; feeCap: bigint }): string | undefined {
    const hash = pendingTransactionJson(raw)?.hash as string | undefined
    if (!hash) return undefined
    if (!this.held.some((h) => h.hash === hash))
      this.held.push({ raw, hash, nonce: tx.nonce, feeCap: tx.feeCap, sender: tx.sender.toLowerCase() })
    return hash
  }

  /** Whether a transaction would wait: its fee cap is under the planned next block's base fee. */
  waits(feeCap: bigint, plan: NextBlockPlan): boolean {
    return plan.next !== null && feeCap < plan.next.baseFee
  }

  /** A waiting transaction as `eth_getTransactionByHash` shows it, or undefined. */
  transaction(hash: string): Record<string, unknown> | undefined {
    const h = this.held.find((x) => x.hash === hash.toLowerCase()) ?? this.kept.get(hash.toLowerCase())
    return h ? pendingTransactionJson(h.raw) : undefined
  }

  /** The nonces of the sender's transactions waiting here (held or kept); empty when none waits. */
  waitingNonces(sender: string): Set<bigint> {
    const nonces = new Set<bigint>()
    const key = sender.toLowerCase()
    for (const h of this.held) if (h.sender === key) nonces.add(h.nonce)
    for (const h of this.kept.values()) if (h.sender === key) nonces.add(h.nonce)
    return nonces
  }

  /** Shows a transaction the builder keeps out of anvil's pool as pending (`hash` lower-case). */
  keep(h: Held): void {
    this.kept.set(h.hash, h)
  }

  /** Stops showing a kept transaction (back in anvil's pool, or its nonce taken). */
  release(hash: string): void {
    this.kept.delete(hash)
  }

  /** Every transaction waiting here, held or kept: the node's pool shows them (./txpoolApi.ts). */
  waiting(): readonly Held[] {
    return [...this.held, ...this.kept.values()]
  }

  get isEmpty(): boolean {
    return this.held.length === 0
  }

  /** The transactions a block with `baseFee` (undefined: none) takes, lowest nonce first, as the pool hands a sender's over. */
  ready(baseFee: bigint | undefined): readonly Held[] {
    return this.held.filter((h) => baseFee === undefined || h.feeCap >= baseFee).sort((a, b) => (a.nonce < b.nonce ? -1 : 1))
  }

  /** Takes a transaction out, as it goes to a block. */
  remove(h: Held): void {
    this.held.splice(this.held.indexOf(h), 1)
  }
}
