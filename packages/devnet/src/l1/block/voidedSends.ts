/**
 * Sends a node's miner skips at every block because their execution is void: before Granite, from
 * `InvalidateDelegateUnix`, a transaction that DELEGATECALLs or CALLCODEs a precompile (../precompiles/delegation.ts).
 * miner/worker.go `commitTransactions` skips it and the sender's later transactions (`txs.Pop()`), and they stay in
 * the pool, tried again at each block.
 *
 * anvil would mine it, so before each block in that window the builder (./builder.ts) traces the sends in anvil's pool
 * and takes such a send out (`anvil_dropTransaction`, which drops the sender's later ones too: they go back in, behind
 * the gap, where anvil's pool keeps them as the node's does). The devnet still shows it as pending (../pool/pendingPool.ts
 * `keep`), and before each later block traces it again: once it no longer voids (Granite active, or a state that makes
 * no such call) it goes back into anvil's pool; once its nonce is taken, it is forgotten.
 *
 * Each send is traced on the head's state, alone: exact where a block takes one send (a send-and-wait loop); a send
 * whose call depends on another of the same block (a contract deployed in it) is traced without that one.
 */
import type { ChainSpec } from 'subnet-rpc/config'
import type { AnvilClient } from '../anvilClient.js'
import type { PendingPool } from '../pool/pendingPool.js'
import { delegatedCallType, hasDelegationWindow, invalidatesDelegation } from '../precompiles/delegation.js'
import { modules } from '../precompiles/modules/index.js'
import type { PrecompileRuntime } from '../precompiles/runtime.js'

/** A transaction as anvil's `txpool_content` lists it. */
type PoolTx = {
  hash: string
  from: string
  to?: string | null
  nonce: string
  gas: string
  value?: string
  input?: string
  accessList?: unknown
}

type Kept = {
  hash: string
  raw: string
  sender: string
  nonce: bigint
  call: object
  /** The sender's sends queued behind it, shown in its pending nonce (../pool/pendingPool.ts `keep`). */
  behind: Set<string>
}

type Frame = { type?: string; to?: string; calls?: Frame[] }

/** `txpool_content`'s `pending` or `queued`: by sender, then by nonce. */
type Pool = Record<string, Record<string, PoolTx>>

/** The message fields `debug_traceCall` runs (no fees: the control flow is what matters, not the balance). */
const callOf = (tx: PoolTx) => ({
  from: tx.from,
  ...(tx.to ? { to: tx.to } : {}),
  gas: tx.gas,
  value: tx.value ?? '0x0',
  input: tx.input ?? '0x',
  ...(Array.isArray(tx.accessList) ? { accessList: tx.accessList } : {}),
})

export class VoidedSends {
  private readonly kept = new Map<string, Kept>()

  constructor(
    private readonly anvil: AnvilClient,
    private readonly spec: ChainSpec,
    private readonly precompiles: Pick<PrecompileRuntime, 'keyAt' | 'isRunning' | 'genesisTimestamp'>,
    private readonly pool: PendingPool,
    /** Keeps the pool's next announcements of these hashes from subscribers (../pubsub/chainEvents.ts `mute`). */
    private readonly mute: (hashes: string[]) => void = () => undefined,
  ) {}

  /** Whether a block needs a look: the chain has blocks in the window and runs a precompile, or a send is kept out. */
  get watching(): boolean {
    return this.kept.size > 0 || (hasDelegationWindow(this.spec, this.precompiles.genesisTimestamp) && this.anyRunning())
  }

  /**
   * Before the block at `time` (seconds) is mined: the kept sends that no longer void go back into anvil's pool, and
   * the sends in it that void are taken out. Returns the hashes taken out now.
   */
  async screen(time: bigint): Promise<string[]> {
    const window = invalidatesDelegation(this.spec, time) && this.anyRunning()
    await this.retry(window)
    if (!window && this.kept.size === 0) return []
    const content = await this.anvil.request<{ pending?: Pool; queued?: Pool }>('txpool_content', [])
    this.countBehind(content.queued ?? {})
    if (!window) return []
    const txs = Object.values(content.pending ?? {}).flatMap((bySender) => Object.values(bySender))
    const voids = await Promise.all(txs.map((tx) => this.voids(callOf(tx))))
    // Per sender, the lowest nonce that voids: the miner skips it and every later one of the sender.
    const first = new Map<string, PoolTx>()
    txs.forEach((tx, i) => {
      const sender = tx.from.toLowerCase()
      const seen = first.get(sender)
      if (voids[i] && (!seen || BigInt(tx.nonce) < BigInt(seen.nonce))) first.set(sender, tx)
    })
    const out: string[] = []
    for (const [sender, tx] of first) {
      const later = txs.filter((t) => t.from.toLowerCase() === sender && BigInt(t.nonce) > BigInt(tx.nonce))
      const raws = await this.anvil.batch<string>([tx, ...later].map((t) => ['eth_getRawTransactionByHash', [t.hash]]))
      await this.anvil.request('anvil_dropTransaction', [tx.hash])
      this.mute(later.map((t) => t.hash))
      for (const raw of raws.slice(1)) await this.anvil.raw('eth_sendRawTransaction', [raw])
      const hash = tx.hash.toLowerCase()
      const kept = { hash, raw: raws[0] as string, sender, nonce: BigInt(tx.nonce), call: callOf(tx), behind: new Set<string>() }
      this.kept.set(hash, kept)
      this.pool.keep({ ...kept, feeCap: 0n })
      for (const [i, t] of later.entries()) this.keepBehind(kept, t, raws[i + 1] as string)
      out.push(hash)
    }
    return out
  }

  /** The kept sends: forgotten once their nonce is taken, back into anvil's pool once they no longer void. */
  private async retry(window: boolean): Promise<void> {
    for (const kept of [...this.kept.values()]) {
      const mined = BigInt(await this.anvil.request<string>('eth_getTransactionCount', [kept.sender, 'latest']))
      if (mined <= kept.nonce && window && (await this.voids(kept.call))) continue
      this.kept.delete(kept.hash)
      this.pool.release(kept.hash)
      for (const hash of kept.behind) this.pool.release(hash)
      if (mined > kept.nonce) continue
      this.mute([kept.hash])
      await this.anvil.raw('eth_sendRawTransaction', [kept.raw])
    }
  }

  /**
   * The sends queued in anvil's pool right behind a kept one (nonces following on from it): a node's pool has them
   * pending behind it, so they count in the sender's pending nonce.
   */
  private countBehind(queued: Pool): void {
    for (const kept of this.kept.values()) {
      const own = Object.entries(queued).find(([sender]) => sender.toLowerCase() === kept.sender)?.[1] ?? {}
      const byNonce = new Map(Object.values(own).map((t) => [BigInt(t.nonce), t]))
      for (let n = kept.nonce + 1n; byNonce.has(n); n++) this.keepBehind(kept, byNonce.get(n) as PoolTx, '0x')
    }
  }

  private keepBehind(kept: Kept, tx: PoolTx, raw: string): void {
    const hash = tx.hash.toLowerCase()
    kept.behind.add(hash)
    this.pool.keep({ hash, raw, sender: kept.sender, nonce: BigInt(tx.nonce), feeCap: 0n })
  }

  /** Whether `call` DELEGATECALLs or CALLCODEs a running precompile, traced on the head's state. */
  private async voids(call: object): Promise<boolean> {
    const reply = await this.anvil.raw<Frame>('debug_traceCall', [call, 'latest', { tracer: 'callTracer' }])
    return reply.result !== undefined && delegatedCallType(reply.result, (a) => this.precompiles.keyAt(a) !== undefined) !== undefined
  }

  private anyRunning(): boolean {
    return modules.some((m) => this.precompiles.isRunning(m.configKey))
  }
}
