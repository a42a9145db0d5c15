/**
 * Blocks that follow the L1's fee config, as a node builds them (`plugin/evm/customheader`):
 * before anvil mines a block the devnet computes its base fee with Subnet-EVM's windowed
 * algorithm (`nextBaseFee` in src/core/fees/baseFee.ts, the one implementation clients use too) from the
 * parent header, its fee window and the fee config in force at the parent (`GetFeeConfigAt`:
 * the Fee Manager's state there, else the chain config), and sets it with
 * `anvil_setNextBlockBaseFeePerGas`; the block gas limit is the fee config's `gasLimit`
 * (`VerifyGasLimit`), set with `evm_setBlockGasLimit`; the block's time is the devnet's clock's
 * (./clock.ts), pinned with `evm_setNextBlockTimestamp`, so the base fee is computed for the time it gets.
 *
 * anvil writes no fee window into `extraData`: the devnet keeps each block's window (by hash)
 * and serves it as the block's `extraData`, the 80 bytes a node's header starts with.
 *
 * Fees go where Subnet-EVM sends them: the block's coinbase is `GetCoinbaseAt(parent)`
 * (consensus/dummy `verifyCoinbase`): the Reward Manager's stored reward address while it is
 * active, else the chain config's `allowFeeRecipients`, and when fee recipients are allowed the
 * node's `feeRecipient` (unset: the blackhole address, plugin/evm/vm.go); the coinbase gets the
 * whole fee, gas used × price (core/state_transition.go), where anvil pays it only the tip and
 * burns the base fee: the devnet adds the base fee part to the coinbase after each block. Gas used is
 * the node's, without refunds (./nodeGas.ts): in the fee window, and in what the sender pays and the
 * coinbase gets.
 */
import { delayOf, desiredDelayExcess, initialDelayExcess } from 'subnet-rpc/internal'
import {
  blockGasCost,
  encodeFeeWindow,
  type FeeWindow,
  nextBaseFee,
  nextFeeWindow,
  verifyBlockFee,
  verifyHeaderTime,
} from 'subnet-rpc/fees'
import type { ChainSpec } from 'subnet-rpc/config'
import { blackhole, coinbaseOf, rewardAddressSlot, rewardManager } from '../precompiles/modules/rewardManager.js'
import type { WarpPredicateService } from '../warp/warpPredicates.js'
import type { AnvilClient } from '../anvilClient.js'
import type { FeeManagerState } from './feeManager.js'
import { NodeGas } from './nodeGas.js'
import { activePrecompileConfig } from 'subnet-rpc/config'
import { TipOracle } from './tipOracle.js'
import { Clock } from './clock.js'

/** The fields that place a block in time. */
type TimedHeader = { hash: string; parentHash: string; timestamp: bigint }

/** The header fields the fee rules read, as anvil reports them. */
type Header = {
  number: bigint
  hash: string
  parentHash: string
  timestamp: bigint
  gasUsed: bigint
  gasLimit: bigint
  baseFeePerGas: bigint
}

export type RawHeader = {
  number: string
  hash: string
  parentHash: string
  timestamp: string
  gasUsed: string
  gasLimit: string
  baseFeePerGas?: string
}

const toHeader = (raw: RawHeader): Header => ({
  number: BigInt(raw.number),
  hash: raw.hash,
  parentHash: raw.parentHash,
  timestamp: BigInt(raw.timestamp),
  gasUsed: BigInt(raw.gasUsed),
  gasLimit: BigInt(raw.gasLimit),
  baseFeePerGas: BigInt(raw.baseFeePerGas ?? '0x0'),
})

const hex = (v: bigint) => `0x${v.toString(16)}`
const maxUint64 = 1n << 64n

/** What {@link BlockFees.snapshot} keeps. */
export type BlockFeesSnapshot = {
  creditFrom: bigint
  windows: [hash: string, window: FeeWindow][]
  gasCosts: [hash: string, cost: bigint | null][]
  times: [hash: string, ms: bigint][]
}

export class BlockFees {
  /** Each block's fee window, by hash (reverts keep old entries harmlessly: hashes differ). */
  private readonly windows = new Map<string, FeeWindow>()
  private readonly upgrades: { subnetEVMTimestamp: bigint | null; graniteTimestamp: bigint | null }

  /** The next block whose fees are still to be credited in full to its coinbase. */
  private creditFrom = 1n
  /** The coinbase last set on anvil. */
  private coinbase: string | undefined
  /** The node's tip suggestion (`eth_maxPriorityFeePerGas`). */
  readonly tips: TipOracle
  /** The node's gas used by mined transactions and blocks. */
  readonly gas: NodeGas
  /** The clock the blocks are stamped with. */
  readonly clock = new Clock()
  /** Each block's time in milliseconds where it is not a whole second (Granite), by hash. */
  private readonly times = new Map<string, bigint>()
  /** The time in milliseconds the devnet last pinned for a child of each block, by the parent's hash. */
  private readonly plannedTimes = new Map<string, bigint>()

  constructor(
    private readonly spec: ChainSpec,
    private readonly anvil: AnvilClient,
    private readonly fees: FeeManagerState,
    private readonly genesisTimestamp: bigint,
    /** The node's `feeRecipient`: where fees go when fee recipients are allowed (a node's default: the blackhole). */
    private readonly feeRecipient: string = blackhole,
  ) {
    this.tips = new TipOracle(anvil)
    this.gas = new NodeGas(anvil, (address) => fees.precompiles.keyAt(address) !== undefined)
    this.upgrades = {
      subnetEVMTimestamp: spec.networkUpgrades.subnetEVMTimestamp ?? null,
      graniteTimestamp: spec.networkUpgrades.graniteTimestamp ?? null,
    }
  }

  /**
   * What a restart from a state dir needs back (../persist.ts): the blocks whose fees are credited, and what is
   * known of each block that anvil cannot give again once it has loaded a state dump (it keeps no state of old
   * blocks to trace or read at): fee windows, block gas costs, times in milliseconds.
   */
  snapshot(): BlockFeesSnapshot {
    return {
      creditFrom: this.creditFrom,
      windows: [...this.windows],
      gasCosts: [...this.gasCosts],
      times: [...this.times],
    }
  }

  /** Takes back a {@link snapshot}, before the first settlement. */
  restore(s: BlockFeesSnapshot): void {
    this.creditFrom = s.creditFrom
    for (const [hash, window] of s.windows) this.windows.set(hash, window)
    for (const [hash, cost] of s.gasCosts) this.gasCosts.set(hash, cost)
    for (const [hash, ms] of s.times) this.times.set(hash, ms)
  }

  private async header(tag: string): Promise<Header> {
    const method = tag.length === 66 ? 'eth_getBlockByHash' : 'eth_getBlockByNumber'
    const raw = await this.anvil.request<RawHeader & { transactions: unknown[] }>(method, [tag, false])
    return { ...toHeader(raw), gasUsed: await this.gas.gasUsedOf(raw) }
  }

  /** The fee window a block's header carries (`extraData[0:80]`), computed from its ancestors where not yet known. */
  async windowOf(block: Header): Promise<FeeWindow> {
    const known = this.windows.get(block.hash)
    if (known) return known
    // Walk back to a block whose window is known (or genesis, whose window is empty), then forward.
    const chain: Header[] = [block]
    while (chain[0]!.number > 0n && !this.windows.has(chain[0]!.parentHash)) chain.unshift(await this.header(chain[0]!.parentHash))
    let window: FeeWindow = chain[0]!.number === 0n ? new Array<bigint>(10).fill(0n) : this.windows.get(chain[0]!.parentHash)!
    let parent: Header | undefined = chain[0]!.number === 0n ? undefined : await this.header(chain[0]!.parentHash)
    for (const h of chain) {
      if (parent) window = nextFeeWindow({ parent: this.feeParent(parent, window), timestamp: h.timestamp, upgrades: this.upgrades })
      this.windows.set(h.hash, window)
      parent = h
    }
    return window
  }

  private feeParent(h: Header, window: FeeWindow) {
    return {
      number: h.number,
      timestamp: h.timestamp,
      timestampMilliseconds: this.graniteFieldsOf(h)?.timestampMilliseconds ?? null,
      gasUsed: h.gasUsed,
      gasLimit: h.gasLimit,
      baseFeePerGas: h.baseFeePerGas,
      extraData: encodeFeeWindow(window),
    }
  }

  /**
   * The ACP-226 fields a node's header has from Granite (core/genesis.go `toBlock`, miner/worker.go
   * `commitNewWork`, customheader `MinDelayExcess`), undefined before it: the time in milliseconds, and
   * the min delay excess, which a node without a
   * `min-delay-target` carries from block to block: the genesis's (`DesiredDelayExcess(initialMinDelayMS)`,
   * else `InitialDelayExcess`) when Granite is active at genesis, else `InitialDelayExcess` from the first
   * Granite block on.
   */
  graniteFieldsOf(block: TimedHeader): { timestampMilliseconds: bigint; minDelayExcess: bigint } | undefined {
    const granite = this.upgrades.graniteTimestamp
    if (granite === null || block.timestamp < granite) return undefined
    const fromGenesis = granite <= this.genesisTimestamp && this.spec.initialMinDelayMS
    return {
      timestampMilliseconds: this.timeOf(block),
      minDelayExcess: fromGenesis ? desiredDelayExcess(fromGenesis) : initialDelayExcess,
    }
  }

  /**
   * A block's time in milliseconds (`HeaderTimeMilliseconds`): the one the devnet pinned it at, else its
   * whole second (a block mined at a time given in seconds, or not by the devnet).
   */
  timeOf(block: TimedHeader): bigint {
    const known = this.times.get(block.hash)
    if (known !== undefined) return known
    const planned = this.plannedTimes.get(block.parentHash)
    if (planned !== undefined && planned / 1000n === block.timestamp) {
      this.times.set(block.hash, planned)
      return planned
    }
    return block.timestamp * 1000n
  }

  /** Each block's `blockGasCost` (null: none in its header), by hash. */
  private readonly gasCosts = new Map<string, bigint | null>()

  /**
   * The `blockGasCost` a node's header of `block` holds (customheader `BlockGasCost`, from its parent's
   * and the seconds between them; 0 from Granite), computed from its ancestors where not yet known. The
   * genesis has one (0) only when Etna is active at its time (core/genesis.go `toBlock`).
   */
  blockGasCostOf(raw: RawHeader): Promise<bigint | null> {
    return this.gasCostOf(toHeader(raw))
  }

  private async gasCostOf(block: Header): Promise<bigint | null> {
    const known = this.gasCosts.get(block.hash)
    if (known !== undefined) return known
    const chain: Header[] = [block]
    while (chain[0]!.number > 0n && !this.gasCosts.has(chain[0]!.parentHash)) chain.unshift(await this.header(chain[0]!.parentHash))
    let parent: Header
    if (chain[0]!.number === 0n) {
      parent = chain.shift()!
      const etna = this.spec.networkUpgrades.etnaTimestamp
      this.gasCosts.set(parent.hash, etna !== undefined && etna <= parent.timestamp ? 0n : null)
    } else parent = await this.header(chain[0]!.parentHash)
    for (const h of chain) {
      const { feeConfig } = await this.fees.at(parent)
      const cost = blockGasCost({
        feeConfig: feeConfig as Parameters<typeof blockGasCost>[0]['feeConfig'],
        parent: { timestamp: parent.timestamp, blockGasCost: this.gasCosts.get(parent.hash) ?? null },
        timestamp: h.timestamp,
        upgrades: this.upgrades,
      })
      this.gasCosts.set(h.hash, cost)
      parent = h
    }
    return this.gasCosts.get(block.hash)!
  }

  /**
   * A time a client gives the next block (seconds), refused when a node would refuse the block for it: on
   * Granite, sooner than the head's minimum delay (customheader `VerifyTime`). Its text, else undefined
   * (an earlier time than the head's is anvil's to refuse).
   */
  async refusedTime(seconds: bigint): Promise<string | undefined> {
    const head = await this.header('latest')
    const parent = { timestamp: head.timestamp, ...this.graniteFieldsOf(head) }
    const granite = this.upgrades.graniteTimestamp !== null && this.upgrades.graniteTimestamp <= seconds
    const header = { timestamp: seconds, timestampMilliseconds: granite ? seconds * 1000n : null }
    const check = verifyHeaderTime({ parent, header, upgrades: this.upgrades })
    return !check.ok && check.reason === 'minDelayNotMet' ? check.message : undefined
  }

  /** The head's time in milliseconds. */
  async headTime(): Promise<bigint> {
    return this.timeOf(await this.header('latest'))
  }

  /** Warp's predicates, whose results follow the fee window from Durango (../warp/warpPredicates.ts). */
  private predicates: WarpPredicateService | undefined

  /** Counts Warp predicates in the node's gas and the block's extra data. */
  usePredicates(predicates: WarpPredicateService): void {
    this.predicates = predicates
    this.gas.extraIntrinsic = (tx, timestamp) => predicates.extraIntrinsic(tx.accessList, timestamp)
  }

  /**
   * `extraData` as a node's header has it: the block's fee window, then from Durango the block's predicate
   * results (miner/worker.go `commit`).
   */
  async extraDataOf(raw: RawHeader & { transactions?: unknown[] }): Promise<string> {
    const window = encodeFeeWindow(await this.windowOf(toHeader(raw)))
    const results = await this.predicates?.resultsOf({ ...raw, number: BigInt(raw.number), timestamp: BigInt(raw.timestamp) })
    return results ? window + Buffer.from(results).toString('hex') : window
  }

  /**
   * Sets the time, base fee, gas limit and coinbase of the next block anvil mines, as `plan` has them
   * (./miner.ts `prepare`).
   */
  async setNextBlock({ parent, timestamp, timestampMs, given, feeConfig, next }: NextBlockPlan): Promise<void> {
    this.clock.mined(timestampMs, given)
    this.plannedTimes.set(parent.hash, timestampMs)
    const calls: [string, unknown[]][] = [['evm_setNextBlockTimestamp', [hex(timestamp)]]]
    // anvil's header holds a uint64 base fee: a higher one (only a fee config built to reach it) stays anvil's own.
    if (next && next.baseFee < maxUint64) {
      calls.push(['anvil_setNextBlockBaseFeePerGas', [hex(next.baseFee)]])
      this.pinned = { parent: parent.hash, baseFee: next.baseFee }
    }
    if (feeConfig.gasLimit !== undefined && feeConfig.gasLimit !== parent.gasLimit)
      calls.push(['evm_setBlockGasLimit', [hex(feeConfig.gasLimit)]])
    const coinbase = await this.coinbaseAt(parent)
    if (coinbase !== this.coinbase) calls.push(['anvil_setCoinbase', [coinbase]])
    for (const [method, params] of calls) await this.anvil.request(method, params)
    this.coinbase = coinbase
  }

  /** The base fee last pinned for anvil's next block, and the parent it was pinned on. */
  private pinned: { parent: string; baseFee: bigint } | undefined

  /**
   * Pins anvil's next base fee to the one of `plan` (anvil checks a send's fee cap against it), once per parent
   * and value: the sends of a burst share it.
   */
  async pinBaseFee({ parent, next }: NextBlockPlan): Promise<void> {
    if (!next || next.baseFee >= maxUint64) return
    if (this.pinned?.parent === parent.hash && this.pinned.baseFee === next.baseFee) return
    await this.anvil.request('anvil_setNextBlockBaseFeePerGas', [hex(next.baseFee)])
    this.pinned = { parent: parent.hash, baseFee: next.baseFee }
  }

  /** `GetCoinbaseAt(parent)`: the reward address in force for the block after `parent`. */
  private async coinbaseAt(parent: Header): Promise<string> {
    const manager = activePrecompileConfig(this.spec, rewardManager.configKey, parent.timestamp)
    if (!manager || manager.disable) return this.spec.allowFeeRecipients ? this.feeRecipient : blackhole
    return coinbaseOf(
      await this.fees.precompiles.parents.storageAt(rewardManager.address, rewardAddressSlot, parent.number),
      this.feeRecipient,
    )
  }

  /**
   * Charges each new block's fees as a node does: its coinbase gets the base fee part of its fees (gas
   * used × base fee), which anvil burned, and the difference between the node's gas used and anvil's (the
   * refund, less what a stand-in spent beyond the node's fixed gas) is charged to each sender and paid to the
   * coinbase, or given back (./nodeGas.ts). Once per block; an `evm_revert` below a credited block takes its credit
   * back with the state.
   */
  async creditFees(latest: { number: bigint }): Promise<void> {
    if (latest.number < this.creditFrom - 1n) this.creditFrom = latest.number + 1n
    for (; this.creditFrom <= latest.number; this.creditFrom++) {
      const block = await this.anvil.request<RawHeader & { miner: string; transactions: unknown[] }>('eth_getBlockByNumber', [
        hex(this.creditFrom),
        false,
      ])
      const { charges } = await this.gas.refundsOf(block)
      const changes = new Map<string, bigint>([[block.miner.toLowerCase(), BigInt(block.gasUsed) * BigInt(block.baseFeePerGas ?? '0x0')]])
      for (const { from, wei } of charges) {
        changes.set(from.toLowerCase(), (changes.get(from.toLowerCase()) ?? 0n) - wei)
        changes.set(block.miner.toLowerCase(), changes.get(block.miner.toLowerCase())! + wei)
      }
      for (const [account, change] of changes) {
        if (change === 0n) continue
        const balance = BigInt(await this.anvil.request<string>('eth_getBalance', [account, 'latest']))
        // A sender who spent the refund later in the block (a node would not have paid it) stops at zero.
        await this.anvil.request('anvil_setBalance', [account, hex(balance + change > 0n ? balance + change : 0n)])
      }
    }
  }

  /**
   * The next block's parent, time (./clock.ts: the given one in seconds, else the clock's for a block built
   * now; in milliseconds `timestampMs`), governing fee config and base fee (null before SubnetEVM). A send
   * plans once and uses the plan for the pool's checks and the block it prepares, so both see the same base fee.
   */
  planNextBlock(time?: bigint, bid?: Bid): Promise<NextBlockPlanOf> {
    return this.plan(time, bid)
  }

  /**
   * The plan a send's pool checks read (`planNextBlock` for a block built now). The sends of a burst ask at once:
   * those asking while a plan for the same bid is under way share it, as a node's pool checks against one head.
   * Never for a block about to be mined, which plans on the head of its turn.
   */
  planForPool(bid?: Bid): Promise<NextBlockPlanOf> {
    const key = bid ? `${bid.feeCap}:${bid.tipCap}` : ''
    let shared = this.plans.get(key)
    if (!shared) {
      shared = this.plan(undefined, bid).finally(() => this.plans.delete(key))
      this.plans.set(key, shared)
    }
    return shared
  }

  /** Plans under way, by bid, for callers that ask meanwhile. */
  private readonly plans = new Map<string, Promise<NextBlockPlanOf>>()

  private async plan(time?: bigint, bid?: Bid) {
    const parent = await this.header('latest')
    const parentGranite = this.graniteFieldsOf(parent)
    let timestampMs = this.clock.nextBlockTime(
      {
        ms: this.timeOf(parent),
        hasMs: parentGranite !== undefined,
        minDelay: parentGranite && delayOf(parentGranite.minDelayExcess),
      },
      time,
    )
    const { feeConfig } = await this.fees.at(parent)
    const fees = feeConfig as Parameters<typeof nextBaseFee>[0]['feeConfig']
    const feeParent = this.feeParent(parent, await this.windowOf(parent))
    const baseFeeAt = (ms: bigint) => {
      const granite = this.upgrades.graniteTimestamp !== null && this.upgrades.graniteTimestamp <= ms / 1000n
      return nextBaseFee({
        feeConfig: fees,
        parent: feeParent,
        ...(granite ? { timestampMilliseconds: ms } : { timestamp: ms / 1000n }),
        upgrades: this.upgrades,
      })
    }
    let next = baseFeeAt(timestampMs)
    // Before Granite a node builds a block only once its tips pay its block gas cost (customheader.VerifyBlockFee),
    // which falls as time passes: a send is stamped at the first second they do, for the least gas it can use.
    const given = this.clock.given(time) !== undefined
    if (bid && next && !given) {
      const parentCost = await this.gasCostOf(parent)
      const tries = fees.blockGasCostStep > 0n ? fees.maxBlockGasCost / fees.blockGasCostStep + fees.targetBlockRate + 1n : 0n
      for (let i = 0n, ms = timestampMs; i <= tries; i++, ms = (ms / 1000n + 1n) * 1000n) {
        const at = baseFeeAt(ms)!
        const cost = blockGasCost({
          feeConfig: fees,
          parent: { timestamp: parent.timestamp, blockGasCost: parentCost },
          timestamp: ms / 1000n,
          upgrades: this.upgrades,
        })
        const tx = { maxFeePerGas: bid.feeCap, maxPriorityFeePerGas: bid.tipCap, gasUsed: leastGasUsed }
        if (verifyBlockFee({ baseFee: at.baseFee, blockGasCost: cost, transactions: [tx] }).ok) {
          timestampMs = ms
          next = at
          break
        }
      }
    }
    return { parent, timestamp: timestampMs / 1000n, timestampMs, given, feeConfig, next }
  }

  /** `EstimateBaseFee`: the base fee of a block built now on the head (`eth_baseFee`; with the tip, `eth_gasPrice`). */
  async estimateBaseFee(): Promise<bigint | undefined> {
    return (await this.planNextBlock()).next?.baseFee
  }
}

/** A send's fee and tip caps. */
type Bid = { feeCap: bigint; tipCap: bigint }

/** The least gas a transaction uses: its 21,000 intrinsic gas less the largest refund, a fifth (EIP-3529). */
const leastGasUsed = 16_800n

/** What `BlockFees.planNextBlock` gives. */
export type NextBlockPlan = {
  parent: Header
  timestamp: bigint
  timestampMs: bigint
  given: boolean
  feeConfig: Awaited<ReturnType<FeeManagerState['at']>>['feeConfig']
  next: ReturnType<typeof nextBaseFee>
}
type NextBlockPlanOf = NextBlockPlan

/** The pool's minimum fee cap: the `minBaseFee` of the fee config in force for the next block (`legacypool.go` reset). */
export const poolMinimum = (plan: NextBlockPlan): bigint => plan.feeConfig.minBaseFee ?? 0n
