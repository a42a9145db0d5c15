/**
 * Replacements in the node's pool (core/txpool/legacypool list.go `Add`): a transaction with the nonce of
 * one the pool holds replaces it only with a fee cap and a tip cap both higher than the old ones and at
 * least `PriceBump` percent (10, the default `txpool.Config`) over them; else the send is refused with
 * `replacement transaction underpriced` (`ErrReplaceUnderpriced`). anvil replaces on any higher price, so the
 * devnet keeps the caps of the sends it put in anvil's pool, by sender and nonce.
 */

/** `txpool.DefaultConfig.PriceBump`: the least raise, in percent, of a replacement's fee and tip caps. */
export const priceBump = 10n

type Caps = { feeCap: bigint; tipCap: bigint }

/** Whether `next` may replace `old` in the pool (list.go `Add`). */
export function replaces(old: Caps, next: Caps): boolean {
  if (old.feeCap >= next.feeCap || old.tipCap >= next.tipCap) return false
  return next.feeCap >= (old.feeCap * (100n + priceBump)) / 100n && next.tipCap >= (old.tipCap * (100n + priceBump)) / 100n
}

/** The caps of the sends in anvil's pool, by sender and nonce. */
export class PooledCaps {
  private readonly bySender = new Map<string, Map<bigint, Caps>>()

  /** The caps of the send the pool holds at `nonce` (entries under `mined`, the sender's mined count, are forgotten). */
  at(sender: string, nonce: bigint, mined: bigint): Caps | undefined {
    const nonces = this.bySender.get(sender.toLowerCase())
    if (!nonces) return undefined
    for (const n of nonces.keys()) if (n < mined) nonces.delete(n)
    if (nonces.size === 0) this.bySender.delete(sender.toLowerCase())
    return nonces.get(nonce)
  }

  /** The nonce after the sender's sends the devnet put in the pool, or undefined when it put none. */
  next(sender: string): bigint | undefined {
    const nonces = this.bySender.get(sender.toLowerCase())
    let next: bigint | undefined
    for (const n of nonces?.keys() ?? []) if (next === undefined || n + 1n > next) next = n + 1n
    return next
  }

  /**
   * Forgets every send: anvil's pool was emptied or the chain moved back under it (`evm_revert`,
   * `anvil_reset`, `anvil_loadState`, `anvil_dropAllTransactions`), so a nonce it held may be sent anew.
   */
  clear(): void {
    this.bySender.clear()
  }

  /** The caps recorded at `nonce`, as they are (nothing forgotten). */
  peek(sender: string, nonce: bigint): Caps | undefined {
    return this.bySender.get(sender.toLowerCase())?.get(nonce)
  }

  /** Puts back what `peek` gave before a send that anvil then refused was recorded (undefined: nothing). */
  restore(sender: string, nonce: bigint, caps: Caps | undefined): void {
    if (caps) this.set(sender, nonce, caps)
    else this.bySender.get(sender.toLowerCase())?.delete(nonce)
  }

  /** Whether some nonce from `from` up to `to` (excluded) has no send recorded: a send at `to` waits behind it. */
  gapBelow(sender: string, from: bigint, to: bigint): boolean {
    let recorded = 0n
    for (const n of this.bySender.get(sender.toLowerCase())?.keys() ?? []) if (n >= from && n < to) recorded++
    return recorded < to - from
  }

  /** A send entered the pool. */
  set(sender: string, nonce: bigint, caps: Caps): void {
    const key = sender.toLowerCase()
    const nonces = this.bySender.get(key) ?? new Map<bigint, Caps>()
    this.bySender.set(key, nonces)
    // A sender's entries are forgotten as their nonces are mined (`at`); a burst that is never read back stays bounded.
    if (nonces.size >= 4096) nonces.clear()
    nonces.set(nonce, caps)
  }
}
