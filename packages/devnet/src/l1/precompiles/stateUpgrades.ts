/**
 * `stateUpgrades` of upgrade.json applied to anvil's state, as a node applies them
 * (graft/subnet-evm/core/state_processor_ext.go `ApplyUpgrades` → `applyStateUpgrades`, after the
 * precompile activations of the same block; stateupgrade/state_upgrade.go `Configure` /
 * `upgradeAccount`):
 *
 * - an upgrade runs in the block whose transition from its parent's time reaches `blockTimestamp`
 *   (`IsForkTransition`: parent < t ≤ block), before that block's transactions. The genesis never runs
 *   one (core/genesis.go applies precompile activations only), so an upgrade at or before the genesis
 *   time never runs;
 * - per account: `balanceChange` is added as a uint256 (`uint256.FromBig` of a negative change is its
 *   two's complement and `AddBalance` wraps, so balance + change mod 2^256: a change below the balance
 *   wraps round); `code` (when not empty) replaces the code, and a nonce of 0 becomes 1 under EIP-158;
 *   each `storage` slot is set (a zero value clears it);
 * - the state is finalised with EIP-158's `deleteEmptyObjects`: an account the upgrade touched that is
 *   left with nonce 0, balance 0 and no code is deleted, its storage with it.
 *
 * The devnet applies an upgrade right before anvil mines the first block whose timestamp reaches it
 * (./runtime.ts `prepareBlock`), so that block's transactions see it; reads at the parent block are
 * answered from the values recorded before (./parentState.ts). A block mined without the devnet gets it
 * right after, at the next sync. Each upgrade runs once per chain history: the block it was applied after
 * is kept, and when a sync finds that block gone from the chain (`evm_revert`, `anvil_reset`, …), or
 * back at the head with the block prepared on it mined and taken back, the upgrade runs again once the
 * chain reaches its time. The hash alone would not tell: a block re-mined through the devnet after
 * `evm_revert` at the same time has the same hash. What tells is the sync that runs after every
 * state-changing call the devnet forwards, which sees the reverted head without the block.
 */
import type { AnvilClient, Block } from '../anvilClient.js'
import type { ChainSpec } from 'subnet-rpc/config'
import type { ParentStates } from './parentState.js'

/** One account of an upgrade, as chainSpec.ts reads it: code lower-case hex, storage slot → value, balanceChange `%#x` text. */
type UpgradeAccount = { code?: string; storage?: Map<string, string>; balanceChange?: string }

const two256 = 1n << 256n
const zeroWord = `0x${'0'.repeat(64)}`
const hex = (v: bigint) => `0x${v.toString(16)}`
/** `HexOrDecimal256` text as chainSpec.ts writes it: `0x…` or `-0x…`. */
const signedHex = (t: string) => (t.startsWith('-') ? -BigInt(t.slice(1)) : BigInt(t))

export class StateUpgrades {
  /**
   * By upgrade index: the block it was applied after (or, for one at or before the genesis time, the genesis
   * block, where it is settled as never running). Trusted only while that block is in anvil's chain.
   */
  private readonly settled = new Map<number, { number: bigint; hash: string; prepared?: boolean }>()
  /** The head at which every entry of `settled` was last known to be in the chain. */
  private checkedAt: string | undefined

  constructor(
    private readonly spec: ChainSpec,
    private readonly anvil: AnvilClient,
    /** Writes through it, so reads at the block before an upgrade see the state from before (./parentState.ts). */
    private readonly state: ParentStates,
  ) {}

  /** The upgrades applied and the block each was applied after, for a state dir (../persist.ts). */
  snapshot(): [index: number, at: { number: bigint; hash: string; prepared?: boolean }][] {
    return [...this.settled]
  }

  /** Takes back a {@link snapshot}: a restarted chain does not run an upgrade twice. */
  restore(entries: [index: number, at: { number: bigint; hash: string; prepared?: boolean }][]): void {
    for (const [i, at] of entries) this.settled.set(i, at)
  }

  /**
   * Applies the upgrades the chain up to `latest` has reached and this chain history has not yet had;
   * with `next`, also those the block about to be mined on `latest` reaches (before its transactions).
   * `preparing`: whether a block prepared on `latest` is still to be mined.
   */
  async sync(latest: Block, next?: { number: bigint; timestamp: bigint }, preparing = next !== undefined): Promise<void> {
    const upgrades = this.spec.upgrades.stateUpgrades
    if (upgrades.length === 0) return
    await this.dropLeftBlocks(latest, preparing)
    const time = next?.timestamp ?? latest.timestamp
    let genesis: Block | undefined
    for (let i = 0; i < upgrades.length; i++) {
      const t = upgrades[i]!.timestamp
      if (t === undefined || t > time || this.settled.has(i)) continue
      genesis ??= await this.anvil.blockByNumber(0n)
      if (!genesis) return
      if (t <= genesis.timestamp) {
        this.settled.set(i, { number: 0n, hash: genesis.hash })
        continue
      }
      await this.apply(i, latest, next?.number)
      this.settled.set(i, { number: latest.number, hash: latest.hash, prepared: next !== undefined })
    }
  }

  /**
   * Forgets the upgrades whose block is no longer in the chain (the state has gone back to before them).
   * One applied for a block prepared on `latest` is gone as well when that block is not about to be
   * mined (`preparing`) any more: it was mined, and the chain went back to its parent since.
   */
  private async dropLeftBlocks(latest: Block, preparing: boolean) {
    for (const [i, s] of this.settled) if (s.prepared && s.hash === latest.hash && !preparing) this.settled.delete(i)
    if (this.settled.size > 0 && latest.hash !== this.checkedAt && latest.parentHash !== this.checkedAt) {
      const entries = [...this.settled]
      const blocks = await this.anvil.batch<{ hash: string } | null>(
        entries.map(([, s]) => ['eth_getBlockByNumber', [hex(s.number), false]] as [string, unknown[]]),
      )
      entries.forEach(([i, s], k) => {
        if (blocks[k]?.hash !== s.hash) this.settled.delete(i)
      })
    }
    this.checkedAt = latest.hash
  }

  /** `stateupgrade.Configure` of upgrade `i`, then `Finalise(true)`'s removal of the empty accounts it touched. */
  private async apply(i: number, latest: Block, blockNumber: bigint | undefined) {
    const upgrade = this.spec.upgrades.stateUpgrades[i]!
    const accounts = upgrade.json.accounts as Map<string, UpgradeAccount> | null
    // An entry with no field changes nothing: an existing account is left alone, a new one is created empty
    // and deleted again by Finalise.
    const entries = [...(accounts ?? [])].filter(
      ([, a]) => a.code !== undefined || a.storage !== undefined || a.balanceChange !== undefined,
    )
    if (entries.length === 0) return
    const eip158 = await this.isEIP158(upgrade.timestamp!, latest, blockNumber)
    const state = await this.anvil.batch<string>(
      entries.flatMap(([address]) => [
        ['eth_getBalance', [address, 'latest']],
        ['eth_getTransactionCount', [address, 'latest']],
        ['eth_getCode', [address, 'latest']],
      ]) as [string, unknown[]][],
    )
    for (let k = 0; k < entries.length; k++) {
      const [address, a] = entries[k]!
      const before = { balance: BigInt(state[3 * k]!), nonce: BigInt(state[3 * k + 1]!), code: state[3 * k + 2]! }
      let { balance, nonce, code } = before
      if (a.balanceChange !== undefined) balance = (((balance + signedHex(a.balanceChange)) % two256) + two256) % two256
      if (a.code !== undefined) {
        if (eip158 && nonce === 0n) nonce = 1n
        code = a.code
      }
      const deleted = eip158 && nonce === 0n && balance === 0n && code === '0x'
      if (balance !== before.balance) await this.state.write('anvil_setBalance', [address, hex(balance)])
      if (nonce !== before.nonce) await this.state.write('anvil_setNonce', [address, hex(nonce)])
      if (a.code !== undefined) await this.state.write('anvil_setCode', [address, a.code])
      for (const [slot, value] of a.storage ?? []) await this.state.write('anvil_setStorageAt', [address, slot, deleted ? zeroWord : value])
    }
  }

  /** `IsEIP158` at the block that runs the upgrade (`blockNumber`, else the first at or after its time). */
  private async isEIP158(t: bigint, latest: Block, blockNumber: bigint | undefined): Promise<boolean> {
    const fork = this.spec.eth.eip158Block
    if (typeof fork !== 'bigint') return false
    if (fork === 0n) return true
    const block = blockNumber ?? (await this.anvil.firstBlockAtOrAfter(t, latest)) ?? latest.number
    return fork <= block
  }
}
