/**
 * `eth_feeConfig`'s source: the Fee Manager precompile's own state (`GetFeeConfigAt`,
 * `graft/subnet-evm/core/blockchain_reader.go`):
 * - before SubnetEVM: the default fee config;
 * - Fee Manager not enabled at the block's time: the genesis fee config, `lastChangedAt` 0;
 * - enabled: the fee config and last-changed block stored at the precompile's address in the
 *   block's state (`feemanager.GetStoredFeeConfig`, `GetFeeConfigLastChangedAt`), which the
 *   stand-in contract writes on `setFeeConfig` and the devnet writes on activation
 *   (../precompiles/modules/feeManager.ts). A disable wipes that storage, so each enabled period starts afresh.
 */
import { feeConfigKeys } from 'subnet-rpc'
import { feeManagerAddress } from 'subnet-rpc'
import { defaultFeeConfig } from 'subnet-rpc/config'
import type { ChainSpec, FeeConfigSpec, PrecompileConfig } from 'subnet-rpc/config'
import { feeConfigSlots } from '../precompiles/modules/feeManager.js'
import type { PrecompileRuntime } from '../precompiles/runtime.js'
import type { AnvilClient, Block } from '../anvilClient.js'
import { activePrecompileConfig } from 'subnet-rpc/config'

const uint64Mask = (1n << 64n) - 1n

/**
 * The Fee Manager's stored words (the fee config's slots, then last-changed-at) through a chain's blocks, as a
 * state dir keeps them: the words of each block where they change, up to `to`. anvil keeps no state of the
 * blocks before a state dump it has loaded, so `eth_feeConfig` at one of them is answered from here.
 */
export type FeeHistory = { to: bigint; changes: [number: bigint, words: bigint[]][] }

/** Reads per batch when the history is brought up to date: anvil answers a batch of this size in well under a second. */
const historyBatch = 900

export class FeeManagerState {
  /** The history recorded so far (./feeManager.ts `FeeHistory`): before the first record, none. */
  private history: FeeHistory = { to: -1n, changes: [] }
  /** Blocks at or below this number are not in anvil's state: the chain was loaded from a dump at it. */
  private loadedAt = -1n

  /**
   * Brings the history up to block `to` (inclusive), reading the Fee Manager's slots of each block not yet
   * recorded while it is enabled at the block's time, and gives it. Blocks already in it are not read again.
   */
  async recordHistory(to: bigint): Promise<FeeHistory> {
    const from = this.history.to + 1n
    const blocks: { number: bigint; timestamp: bigint }[] = []
    for (let n = from; n <= to; n += BigInt(historyBatch)) {
      const numbers: bigint[] = []
      for (let m = n; m <= to && m < n + BigInt(historyBatch); m++) numbers.push(m)
      const headers = await this.anvil.batch<{ timestamp: string } | null>(
        numbers.map((m) => ['eth_getBlockByNumber', [`0x${m.toString(16)}`, false]]),
      )
      numbers.forEach((m, i) => {
        if (headers[i]) blocks.push({ number: m, timestamp: BigInt(headers[i]!.timestamp) })
      })
    }
    const enabled = blocks.filter((b) => this.enabledAt(b.timestamp) !== undefined && b.number > this.loadedAt)
    const reads = enabled.flatMap((b) =>
      feeConfigSlots.map((slot) => ['eth_getStorageAt', [feeManagerAddress, slot, `0x${b.number.toString(16)}`]] as [string, unknown[]]),
    )
    const words: bigint[] = []
    for (let i = 0; i < reads.length; i += historyBatch)
      words.push(...(await this.anvil.batch<string>(reads.slice(i, i + historyBatch))).map((w) => BigInt(w)))
    const byNumber = new Map(enabled.map((b, i) => [b.number, words.slice(i * feeConfigSlots.length, (i + 1) * feeConfigSlots.length)]))
    const zeros = feeConfigSlots.map(() => 0n)
    for (const b of blocks) {
      const w = byNumber.get(b.number) ?? zeros
      const last = this.history.changes.at(-1)?.[1] ?? zeros
      if (w.some((x, i) => x !== last[i])) this.history.changes.push([b.number, w])
    }
    if (blocks.length > 0) this.history.to = blocks.at(-1)!.number
    return this.history
  }

  /** Takes back a history on a chain anvil loaded from a dump at block `loadedAt`. */
  restoreHistory(history: FeeHistory, loadedAt: bigint): void {
    this.history = history
    this.loadedAt = loadedAt
  }

  /** The stored words at block `number` from the history, where anvil has no state of that block. */
  private wordsFromHistory(number: bigint): bigint[] | undefined {
    if (number >= this.loadedAt || number > this.history.to) return undefined
    let found: bigint[] | undefined
    for (const [n, w] of this.history.changes) {
      if (n > number) break
      found = w
    }
    return found ?? feeConfigSlots.map(() => 0n)
  }

  constructor(
    private readonly spec: ChainSpec,
    private readonly anvil: AnvilClient,
    readonly precompiles: PrecompileRuntime,
  ) {}

  /** The Fee Manager config in force at `timestamp`, if it is enabled then. */
  enabledAt(timestamp: bigint): PrecompileConfig | undefined {
    const c = activePrecompileConfig(this.spec, 'feeManagerConfig', timestamp)
    return c && !c.disable ? c : undefined
  }

  /** `GetFeeConfigAt(header)` for `block`. */
  async at(block: Block): Promise<{ feeConfig: FeeConfigSpec; lastChangedAt: bigint | undefined }> {
    const nu = this.spec.networkUpgrades.subnetEVMTimestamp
    if (nu === undefined || nu > block.timestamp) return { feeConfig: defaultFeeConfig, lastChangedAt: undefined }
    const active = this.enabledAt(block.timestamp)
    if (!active) return { feeConfig: this.spec.feeConfig, lastChangedAt: 0n }
    const words =
      this.wordsFromHistory(block.number) ??
      (await Promise.all(
        feeConfigSlots.map(async (slot) => BigInt(await this.precompiles.parents.storageAt(feeManagerAddress, slot, block.number))),
      ))
    if (words[0] === 0n) {
      // No stored config in this block's state: the activating block itself, which anvil mined
      // before the devnet could install the precompile. Configure stores this config at it.
      const activation = (await this.anvil.firstBlockAtOrAfter(active.timestamp!, block)) ?? 0n
      return { feeConfig: active.initialFeeConfig ?? this.spec.feeConfig, lastChangedAt: activation }
    }
    const feeConfig: FeeConfigSpec = {}
    feeConfigKeys.forEach((key, i) => {
      // GetStoredFeeConfig reads targetBlockRate with big.Int.Uint64.
      feeConfig[key] = key === 'targetBlockRate' ? words[i]! & uint64Mask : words[i]!
    })
    return { feeConfig, lastChangedAt: words[8]! }
  }
}
