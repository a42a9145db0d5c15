/**
 * The `txpool_*` methods as a node answers them (graft/subnet-evm internal/ethapi/api.go `TxPoolAPI`: `Status`,
 * `Content`, `ContentFrom`, `Inspect`; a node serves them when its `eth-apis` holds `internal-tx-pool`). The node's one
 * pool is anvil's and the devnet's together (./pendingPool.ts: sends held for the base fee, sends the block builder
 * keeps out of anvil's): legacypool `promoteExecutables` promotes by nonce alone, so a send waiting here is pending, and
 * so are the sends anvil queued behind it once it closes their gap. Where anvil's own answers differ in shape, these
 * follow the node's: senders keyed by `common.Address.Hex()` (EIP-55 checksum, where anvil writes lower case), Go's
 * sorted map keys, `RPCTransaction`'s fields, and `txpool_contentFrom`, which anvil does not have.
 */
import { checksumAddress, goMap } from 'subnet-rpc/internal'
import type { L1 } from '../context.js'
import { rpcTransaction } from '../rpc/nodeReplies.js'
import { addressArg, positionalArgs } from '../rpc/params.js'
import { pendingTransactionJson } from './rawTx.js'

/** A pooled transaction as `RPCTransaction` writes it (the fields `Inspect` reads are hex quantities). */
type PoolTx = Record<string, unknown> & { to?: string | null; value?: string; gas?: string; gasPrice?: string }
/** anvil's `txpool_content` half: by sender (lower case), then by nonce (decimal). */
type AnvilPool = Record<string, Record<string, Record<string, unknown>>>
/** One half of the node's pool: by sender (lower case), then by nonce. */
type Half = Map<string, Map<bigint, PoolTx>>

/**
 * The node's pool: anvil's `txpool_content`, and for each sender with a send waiting here, its sends of both pools
 * re-split as legacypool does: pending the run of nonces from the state's nonce without a gap, queued the rest.
 * A waiting send whose nonce anvil's pool also holds gives way to anvil's (that one is mined first, and the node's pool
 * drops a send whose nonce is taken); one under the state's nonce is left out for the same reason.
 */
async function nodePool({ anvil, pool }: L1): Promise<{ pending: Half; queued: Half }> {
  const content = await anvil.request<{ pending?: AnvilPool; queued?: AnvilPool }>('txpool_content', [])
  const half = (from: AnvilPool | undefined): Half =>
    new Map(
      Object.entries(from ?? {}).map(([sender, byNonce]) => [
        sender.toLowerCase(),
        new Map(Object.entries(byNonce).map(([nonce, tx]) => [BigInt(nonce), Object.fromEntries(rpcTransaction(tx)) as PoolTx])),
      ]),
    )
  const pending = half(content.pending)
  const queued = half(content.queued)
  const waiting = pool.waiting()
  if (waiting.length === 0) return { pending, queued }
  const senders = [...new Set(waiting.map((h) => h.sender))]
  const mined = (await anvil.batch<string>(senders.map((s) => ['eth_getTransactionCount', [s, 'latest']]))).map(BigInt)
  for (const [i, sender] of senders.entries()) {
    const all = new Map([...(pending.get(sender) ?? []), ...(queued.get(sender) ?? [])])
    for (const h of waiting) {
      if (h.sender !== sender || h.nonce < mined[i]! || all.has(h.nonce)) continue
      const json = pendingTransactionJson(h.raw)
      if (json) all.set(h.nonce, json as PoolTx)
    }
    const ready = new Map<bigint, PoolTx>()
    for (let n = mined[i]!; all.has(n); n++) {
      ready.set(n, all.get(n)!)
      all.delete(n)
    }
    for (const [into, txs] of [
      [pending, ready],
      [queued, all],
    ] as const)
      if (txs.size > 0) into.set(sender, txs)
      else into.delete(sender)
  }
  return { pending, queued }
}

/** A sender's transactions by nonce, as `fmt.Sprintf("%d", tx.Nonce())` keys a Go map. */
const byNonce = <V>(txs: Map<bigint, PoolTx> | undefined, write: (tx: PoolTx) => V) =>
  goMap([...(txs ?? [])].map(([nonce, tx]) => [nonce.toString(), write(tx)] as const))

/** A half of the pool by `account.Hex()`, then by nonce. */
const bySender = <V>(half: Half, write: (tx: PoolTx) => V) =>
  goMap([...half].map(([sender, txs]) => [checksumAddress(sender), byNonce(txs, write)] as const))

/** A quantity's decimal digits, as `%v` writes a `*big.Int` or a `uint64`. */
const decimal = (v: unknown) => BigInt(typeof v === 'string' ? v : 0).toString()

/**
 * `Inspect`'s line for a transaction: `<to>: <value> wei + <gas> gas × <gasPrice> wei` (`to` as `Hex()`, EIP-55), or
 * `contract creation: …`; the price is `tx.GasPrice()`, a dynamic-fee transaction's fee cap, which a pending
 * transaction's `gasPrice` field also is (`newRPCTransaction` without a block).
 */
function inspectLine(tx: PoolTx): string {
  const cost = `${decimal(tx.value)} wei + ${decimal(tx.gas)} gas × ${decimal(tx.gasPrice)} wei`
  return typeof tx.to === 'string' ? `${checksumAddress(tx.to)}: ${cost}` : `contract creation: ${cost}`
}

const count = (half: Half) => [...half.values()].reduce((n, txs) => n + txs.size, 0)

/** The devnet's answers of the `txpool` namespace, by method; ../rpc/methods.ts gives each its row. */
export const txpoolMethods = {
  /** `Status`: `{ pending, queued }` as `hexutil.Uint` (legacypool `stats`: the transactions in each half). */
  txpool_status: async (_params: string | undefined, l1: L1) => {
    const { pending, queued } = await nodePool(l1)
    return goMap([
      ['pending', `0x${count(pending).toString(16)}`],
      ['queued', `0x${count(queued).toString(16)}`],
    ])
  },
  /** `Content`: both halves, each by sender and nonce, transactions as `NewRPCTransaction` writes them. */
  txpool_content: async (_params: string | undefined, l1: L1) => {
    const { pending, queued } = await nodePool(l1)
    return goMap([
      ['pending', bySender(pending, (tx) => tx)],
      ['queued', bySender(queued, (tx) => tx)],
    ])
  },
  /** `ContentFrom(addr)`: one sender's halves by nonce, each present (empty) where the sender has none. */
  txpool_contentFrom: async (params: string | undefined, l1: L1) => {
    const [address] = positionalArgs<[string]>(params, [addressArg], 1)
    const sender = address!.toLowerCase()
    const { pending, queued } = await nodePool(l1)
    return goMap([
      ['pending', byNonce(pending.get(sender), (tx) => tx)],
      ['queued', byNonce(queued.get(sender), (tx) => tx)],
    ])
  },
  /** `Inspect`: `Content`'s layout with each transaction as its one-line summary. */
  txpool_inspect: async (_params: string | undefined, l1: L1) => {
    const { pending, queued } = await nodePool(l1)
    return goMap([
      ['pending', bySender(pending, inspectLine)],
      ['queued', bySender(queued, inspectLine)],
    ])
  },
}
