/**
 * The state of a block the devnet changed anvil's state after.
 *
 * A node applies a block's precompile activations and state upgrades at the start of that block
 * (graft/subnet-evm/core/state_processor_ext.go `ApplyUpgrades`), so the state at its parent is
 * untouched. The devnet makes those changes with `anvil_set*` right before anvil mines the block
 * (./runtime.ts `prepareBlock`), and anvil counts changes made while a block is the head as that
 * block's state. So the devnet records, per parent block, the value each field it changed had
 * before, and answers state reads at that block (`eth_getBalance`, `eth_getTransactionCount`,
 * `eth_getCode`, `eth_getStorageAt`, and `eth_call` / `eth_estimateGas` through state overrides) with
 * the values from before.
 */
import type { AnvilClient, Block } from '../anvilClient.js'
import type { CallOutcome } from '../rpc/envelope.js'

/** A call's state overrides, by address (`eth_call`'s third argument). */
export type StateOverrides = Record<string, { code?: string } & Record<string, unknown>>

/** The values an account had at the parent block, for the fields changed after it (0x-hex, as anvil reports them). */
type AccountBefore = { balance?: string; nonce?: string; code?: string; storage: Map<string, string> }

export type StateWrite = 'anvil_setBalance' | 'anvil_setNonce' | 'anvil_setCode' | 'anvil_setStorageAt'

const word = (slot: string) => `0x${BigInt(slot).toString(16).padStart(64, '0')}`

export class ParentStates {
  /** By block number: the block's hash and what was changed after it, with the values from before. */
  private readonly blocks = new Map<bigint, { hash: string; accounts: Map<string, AccountBefore> }>()
  private recording: { number: bigint; accounts: Map<string, AccountBefore> } | undefined
  /** The head at the last `follow`: what `latest` and the other tags read. */
  private head: Block | undefined

  constructor(
    private readonly anvil: AnvilClient,
    /** Whether `code` is a precompile stand-in's, which `eth_getCode` shows as `0x01`. */
    private readonly isStandIn: (code: string) => boolean,
  ) {}

  /** Follows the head: forgets the blocks a revert or reset took out of the chain. */
  follow(latest: Block): void {
    const previous = this.head
    this.head = latest
    if (!previous || latest.number >= previous.number) {
      const same = this.blocks.get(latest.number)
      if (same && same.hash !== latest.hash) this.blocks.delete(latest.number)
      return
    }
    for (const n of this.blocks.keys()) if (n >= latest.number) this.blocks.delete(n)
  }

  /** Records the writes until `stop` as changes made after `parent`, the head. */
  record(parent: Block): void {
    let entry = this.blocks.get(parent.number)
    if (!entry || entry.hash !== parent.hash) {
      entry = { hash: parent.hash, accounts: new Map() }
      this.blocks.set(parent.number, entry)
    }
    this.recording = { number: parent.number, accounts: entry.accounts }
  }

  /** Ends the recording; a block after which nothing changed keeps no entry. */
  stop(): void {
    if (this.recording?.accounts.size === 0) this.blocks.delete(this.recording.number)
    this.recording = undefined
  }

  /** Whether no block has changes recorded: reads need no look at their block then. */
  get isEmpty(): boolean {
    return this.blocks.size === 0
  }

  /** Writes through to anvil; while recording, the field's value before the first write is kept. */
  async write(method: StateWrite, params: [address: string, ...values: string[]]): Promise<void> {
    const accounts = this.recording?.accounts
    if (accounts) {
      const address = params[0].toLowerCase()
      let before = accounts.get(address)
      if (!before) {
        before = { storage: new Map() }
        accounts.set(address, before)
      }
      const read = <T>(m: string, p: unknown[]) => this.anvil.request<T>(m, p)
      if (method === 'anvil_setBalance') before.balance ??= await read<string>('eth_getBalance', [address, 'latest'])
      else if (method === 'anvil_setNonce') before.nonce ??= await read<string>('eth_getTransactionCount', [address, 'latest'])
      else if (method === 'anvil_setCode') before.code ??= await read<string>('eth_getCode', [address, 'latest'])
      else {
        const slot = word(params[1]!)
        if (!before.storage.has(slot)) before.storage.set(slot, await read<string>('eth_getStorageAt', [address, slot, 'latest']))
      }
    }
    await this.anvil.request(method, params)
  }

  /** A storage word at block `number` as a node has it there (for the devnet's own reads). */
  async storageAt(address: string, slot: string, number: bigint): Promise<string> {
    const before = this.blocks.get(number)?.accounts.get(address.toLowerCase())?.storage.get(word(slot))
    return before ?? this.anvil.request<string>('eth_getStorageAt', [address, slot, `0x${number.toString(16)}`])
  }

  /** The changes made after the block `tag` reads (a block parameter as the call gave it). */
  private changedAfter(tag: unknown): Map<string, AccountBefore> | undefined {
    if (this.blocks.size === 0) return undefined
    let number: bigint | undefined
    if (tag === undefined || tag === null || tag === 'latest' || tag === 'safe' || tag === 'finalized') number = this.head?.number
    else if (typeof tag === 'string' && /^0x[0-9a-fA-F]+$/.test(tag) && tag.length < 66) number = BigInt(tag)
    else if (typeof tag === 'object') {
      const t = tag as { blockNumber?: unknown; blockHash?: unknown }
      if (typeof t.blockNumber === 'string') return this.changedAfter(t.blockNumber)
      if (typeof t.blockHash === 'string')
        for (const entry of this.blocks.values()) if (entry.hash === t.blockHash.toLowerCase()) return entry.accounts
      return undefined
    } else if (typeof tag === 'string' && tag.length === 66) {
      for (const entry of this.blocks.values()) if (entry.hash === tag.toLowerCase()) return entry.accounts
      return undefined
    }
    return number === undefined ? undefined : this.blocks.get(number)?.accounts
  }

  /** The value of an account field at the block `tag` reads, from before the changes made after it; undefined: unchanged. */
  fieldAt(field: 'balance' | 'nonce' | 'code', account: unknown, tag: unknown): string | undefined {
    if (typeof account !== 'string') return undefined
    const v = this.changedAfter(tag)?.get(account.toLowerCase())?.[field]
    return field === 'code' && v !== undefined && this.isStandIn(v) ? '0x01' : v
  }

  /** A storage word at the block `tag` reads, from before the changes made after it; undefined: unchanged. */
  slotAt(account: unknown, slot: unknown, tag: unknown): string | undefined {
    if (typeof account !== 'string' || typeof slot !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(slot)) return undefined
    return this.changedAfter(tag)?.get(account.toLowerCase())?.storage.get(word(slot))
  }

  /** `method` (eth_call, eth_estimateGas) asked of anvil with the values from before the changes as state overrides. */
  async simulate(method: string, args: unknown[]): Promise<CallOutcome | undefined> {
    const changed = this.changedAfter(args[1])
    if (!changed || changed.size === 0) return undefined
    const overrides = withBefore(args[2] as StateOverrides | undefined, changed)
    return this.anvil.outcome(method, [args[0], args[1] ?? 'latest', overrides, ...args.slice(3)])
  }
}

/**
 * A state read's answer at a block the devnet changed the state after (a row of ../rpc/methods.ts
 * names its own), or undefined where anvil's answer stands. `args` are the call's, parsed.
 */
export type ParentRead = (parents: ParentStates, method: string, args: unknown[]) => Promise<CallOutcome | undefined>

const answered = (v: string | undefined): CallOutcome | undefined => (v === undefined ? undefined : { result: JSON.stringify(v) })
/** `eth_getBalance(account, block)`. */
export const balanceAtParent: ParentRead = async (p, _, [account, block]) => answered(p.fieldAt('balance', account, block))
/** `eth_getTransactionCount(account, block)`. */
export const nonceAtParent: ParentRead = async (p, _, [account, block]) => answered(p.fieldAt('nonce', account, block))
/** `eth_getCode(account, block)`: a stand-in's code is the node's `0x01`. */
export const codeAtParent: ParentRead = async (p, _, [account, block]) => answered(p.fieldAt('code', account, block))
/** `eth_getStorageAt(account, slot, block)`. */
export const storageAtParent: ParentRead = async (p, _, [account, slot, block]) => answered(p.slotAt(account, slot, block))
/** `eth_call` / `eth_estimateGas(args, block, overrides, …)`. */
export const simulationAtParent: ParentRead = (p, method, args) => p.simulate(method, args)

/** The caller's state overrides (which win), with the values from before the changes for the rest. */
function withBefore(overrides: StateOverrides | undefined, changed: Map<string, AccountBefore>): StateOverrides {
  const out: StateOverrides = { ...(typeof overrides === 'object' && overrides !== null ? overrides : {}) }
  for (const [address, before] of changed) {
    const key = Object.keys(out).find((k) => k.toLowerCase() === address) ?? address
    const own = (out[key] ?? {}) as Record<string, unknown>
    const merged: Record<string, unknown> = { ...own }
    if (before.balance !== undefined && own.balance === undefined) merged.balance = before.balance
    if (before.nonce !== undefined && own.nonce === undefined) merged.nonce = before.nonce
    if (before.code !== undefined && own.code === undefined) merged.code = before.code
    if (before.storage.size > 0 && own.state === undefined) {
      const diff = { ...(own.stateDiff as Record<string, string> | undefined) }
      for (const [slot, value] of before.storage) if (!Object.keys(diff).some((s) => word(s) === slot)) diff[slot] = value
      merged.stateDiff = diff
    }
    out[key] = merged
  }
  return out
}
