/**
 * The ProposerVM API on the devnet (`/ext/bc/<id>/proposervm`), answering as avalanchego's
 * `vms/proposervm/service.go` `jsonrpcService` does (v1.14.0+), over the L1's blocks as the
 * proposervm would have wrapped them:
 *
 * - The L1's genesis is a pre-fork block (the inner genesis; P-Chain height 0, no epoch). A child is
 *   pre-fork while its parent's time is before ApricotPhase4 (`preForkBlock.buildChild`), else post-fork.
 * - A post-fork block's P-Chain height is `selectChildPChainHeight` at its time, with the parent's height
 *   as the minimum (`ApricotPhase4MinPChainHeight` for a pre-fork parent) (`vm.go`).
 * - Its epoch: none for the first post-fork block (`verifyPostForkChild`: `errEpochNotZero`), else
 *   `acp181.NewEpoch` of its parent (`vms/proposervm/acp181/epoch.go`).
 * - A block's proposervm timestamp is the L1 block's (seconds): both are stamped with the builder's clock.
 *
 * The devnet's P-Chain: its blocks are those that made the network (for each L1 a `CreateSubnetTx`, a
 * `CreateChainTx` and a `ConvertSubnetToL1Tx`, one block each), accepted before the node started; it
 * accepts none after. So its recently-accepted window is empty and `GetMinimumHeight` is its last accepted
 * height (`vms/platformvm/validators/manager.go`), the same at every time.
 */
import { upgradeSchedule, type NodeRelease } from 'subnet-rpc/config'
import { decodeInfoArgs } from '../info/args.js'
import type { ServiceHandler } from '../wire/gorilla.js'

/** An epoch (`block.Epoch`): all zero for none. */
export type Epoch = { number: bigint; startTime: bigint; pChainHeight: bigint }

const noEpoch: Epoch = { number: 0n, startTime: 0n, pChainHeight: 0n }

/** What the proposervm reads of the network's `upgrade.Config`: times in unix seconds, the epoch duration in ns. */
export type ProposerRules = {
  apricotPhase4Time: bigint
  apricotPhase4MinPChainHeight: bigint
  graniteTime: bigint
  graniteEpochDuration: bigint
}

/** The network's rules for a node of `release` (`upgrade.GetConfig(networkID)`). */
export function proposerRules(networkID: number, release: NodeRelease): ProposerRules {
  const s = upgradeSchedule(networkID, release)
  const seconds = (t: string) => BigInt(Math.floor(new Date(t).getTime() / 1000))
  return {
    apricotPhase4Time: seconds(s.apricotPhase4Time),
    apricotPhase4MinPChainHeight: s.apricotPhase4MinPChainHeight,
    graniteTime: seconds(s.graniteTime),
    graniteEpochDuration: s.graniteEpochDuration,
  }
}

/**
 * `acp181.NewEpoch`: the epoch of a child at `childTime` of a parent at `parentTime` (seconds) with
 * `parentPChainHeight` and `parentEpoch`.
 */
export function newEpoch(
  rules: ProposerRules,
  parentPChainHeight: bigint,
  parentEpoch: Epoch,
  parentTime: bigint,
  childTime: bigint,
): Epoch {
  if (childTime < rules.graniteTime) return noEpoch
  // The parent had no epoch: the child is the first block of the initial epoch.
  if (parentEpoch.number === 0n && parentEpoch.startTime === 0n && parentEpoch.pChainHeight === 0n)
    return { number: 1n, startTime: parentTime, pChainHeight: parentPChainHeight }
  // Issued before its epoch's end (start + duration, in ns), the parent did not seal it.
  if (parentTime * 1_000_000_000n < parentEpoch.startTime * 1_000_000_000n + rules.graniteEpochDuration) return parentEpoch
  return { number: parentEpoch.number + 1n, startTime: parentTime, pChainHeight: parentPChainHeight }
}

/** Fuji's override of `selectChildPChainHeight` for L1s: until 2025-03-07 17:00 UTC and P-Chain height 200041. */
const fujiOverrideUntil = { time: 1_741_366_800n, height: 200_041n }

/**
 * `VM.selectChildPChainHeight` at `now` (seconds): the P-Chain's minimum height, at least `min`; on Fuji
 * before the override's end, `min` itself (an L1 is never on the primary network).
 */
export function selectChildPChainHeight(networkID: number, minimumHeight: bigint, now: bigint, min: bigint): bigint {
  if (networkID === 5 && now < fujiOverrideUntil.time && min < fujiOverrideUntil.height) return min
  return minimumHeight > min ? minimumHeight : min
}

/** The P-Chain height of the devnet's P-Chain (see the module's comment): three blocks per L1. */
export const devnetPChainHeight = (l1Count: number): bigint => BigInt(3 * l1Count)

/** One L1 block as the proposervm holds it. */
type Wrapped = { number: bigint; hash: string; time: bigint; postFork: boolean; pChainHeight: bigint; epoch: Epoch }

type RawBlock = { number: string; hash: string; parentHash: string; timestamp: string }

/** What the service reads of the L1: its blocks (anvil's), the node's clock (ms) and the network. */
export type ProposerChainSource = {
  /** `eth_getBlockByNumber` of anvil for each number or tag, without transactions, in one batch. */
  blocks(tags: string[]): Promise<(RawBlock | null)[]>
  /** The node's clock, unix milliseconds. */
  now(): bigint
  networkID: number
  rules: ProposerRules
  /** `GetMinimumHeight` of the P-Chain. */
  minimumHeight: bigint
}

const hex = (n: bigint) => `0x${n.toString(16)}`

/**
 * The L1's chain as the proposervm wraps it, walked from genesis once and then from the last block
 * seen; a head that does not descend from it (`evm_revert`) is walked again from genesis.
 */
export class ProposerChain {
  #last: Wrapped | undefined
  #walking: Promise<Wrapped> | undefined

  constructor(private readonly source: ProposerChainSource) {}

  /** The child of `parent` (the wrapping of block `raw`). */
  #child(parent: Wrapped, raw: RawBlock): Wrapped {
    const { rules, networkID, minimumHeight } = this.source
    const time = BigInt(raw.timestamp)
    const base = { number: BigInt(raw.number), hash: raw.hash, time }
    if (!parent.postFork && parent.time < rules.apricotPhase4Time) return { ...base, postFork: false, pChainHeight: 0n, epoch: noEpoch }
    const min = parent.postFork ? parent.pChainHeight : rules.apricotPhase4MinPChainHeight
    const pChainHeight = selectChildPChainHeight(networkID, minimumHeight, time, min)
    const epoch = parent.postFork ? newEpoch(rules, parent.pChainHeight, parent.epoch, parent.time, time) : noEpoch
    return { ...base, postFork: true, pChainHeight, epoch }
  }

  async #walk(): Promise<Wrapped> {
    const [head] = (await this.source.blocks(['latest'])) as [RawBlock]
    const headNumber = BigInt(head.number)
    let at = this.#last && this.#last.number <= headNumber ? this.#last : undefined
    if (at?.hash === head.hash) return at
    if (!at) {
      const [genesis] = (await this.source.blocks(['0x0'])) as [RawBlock]
      at = { number: 0n, hash: genesis.hash, time: BigInt(genesis.timestamp), postFork: false, pChainHeight: 0n, epoch: noEpoch }
    }
    while (at.number < headNumber) {
      const count = headNumber - at.number > 256n ? 256n : headNumber - at.number
      const numbers = Array.from({ length: Number(count) }, (_, i) => hex(at!.number + 1n + BigInt(i)))
      for (const raw of await this.source.blocks(numbers)) {
        // Gone, or not the child of the block walked last: the chain was reverted meanwhile; walk again.
        if (raw?.parentHash !== at.hash) return this.#restart()
        at = this.#child(at, raw)
      }
    }
    if (at.hash !== head.hash) return this.#restart()
    this.#last = at
    return at
  }

  #restart(): Promise<Wrapped> {
    this.#last = undefined
    return this.#walk()
  }

  /** The preferred block (the devnet's head: its blocks are accepted once mined), walked to. One walk at a time. */
  preferred(): Promise<Wrapped> {
    const walk = (this.#walking ?? Promise.resolve()).catch(() => undefined).then(() => this.#walk())
    this.#walking = walk
    return walk
  }

  /** `getProposedHeight`: `selectChildPChainHeight` of the preferred block, now. */
  async proposedHeight(): Promise<bigint> {
    const blk = await this.preferred()
    const min = blk.postFork ? blk.pChainHeight : this.source.rules.apricotPhase4MinPChainHeight
    return selectChildPChainHeight(this.source.networkID, this.source.minimumHeight, this.source.now() / 1000n, min)
  }

  /** `getCurrentEpoch`: `NewEpoch` of the preferred block for a child built now (never before the preferred block's time). */
  async currentEpoch(): Promise<Epoch> {
    const blk = await this.preferred()
    const now = this.source.now() / 1000n
    return newEpoch(this.source.rules, blk.pChainHeight, blk.epoch, blk.time, now < blk.time ? blk.time : now)
  }
}

/** avalanchego's `json.Uint64`: a quoted decimal. */
const uint64 = (n: bigint) => n.toString()

/** The `proposervm` service's methods (`*struct{}` args: any object, or none). */
export function createProposerVMService(chain: ProposerChain): Map<string, ServiceHandler> {
  return new Map<string, ServiceHandler>([
    [
      'getProposedHeight',
      async (params) => {
        decodeInfoArgs(params, {})
        return { height: uint64(await chain.proposedHeight()) }
      },
    ],
    [
      'getCurrentEpoch',
      async (params) => {
        decodeInfoArgs(params, {})
        const epoch = await chain.currentEpoch()
        return { number: uint64(epoch.number), startTime: uint64(epoch.startTime), pChainHeight: uint64(epoch.pChainHeight) }
      },
    ],
  ])
}
