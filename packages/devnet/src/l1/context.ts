/**
 * The L1 as the method rows' stages see it (./rpc/methods.ts): its parts, and `answer`, through which a stage
 * re-enters the pipeline (a send's estimate, a Warp simulation) without importing it. Only types live here, and
 * the parts it names import nothing of the stages: components (the miner, the pool, the precompile runtime, the
 * Warp service) never see an L1; the stages that adapt them to the rows do.
 */
import type { ChainSpec } from 'subnet-rpc/config'
import type { DevnetChainConfig } from '../config/chainConfig.js'
import type { AnvilClient } from './anvilClient.js'
import type { BlockFees } from './block/blockFees.js'
import type { FeeManagerState } from './block/feeManager.js'
import type { Miner } from './block/miner.js'
import type { BlockBuilder } from './block/builder.js'
import type { Turns } from './block/turns.js'
import type { HeldBlockers } from './pool/heldBlockers.js'
import type { PendingPool } from './pool/pendingPool.js'
import type { PrecompileRuntime } from './precompiles/runtime.js'
import type { ChainEvents } from './pubsub/chainEvents.js'
import type { CallOutcome, ChainCall } from './rpc/envelope.js'
import type { LogRanges } from './rpc/logRange.js'
import type { WarpPredicateService } from './warp/warpPredicates.js'
import type { WarpSigner } from './warp/warpSigner.js'
import type { RelayerLink } from '../relayer/records.js'

/** The parts of one L1 the rows work with. */
export type L1Parts = {
  readonly spec: ChainSpec
  readonly anvil: AnvilClient
  readonly fees: FeeManagerState
  readonly blockFees: BlockFees
  readonly miner: Miner
  /** The block builder: mines the pool's sends as a node's builder does (./block/builder.ts). */
  readonly builder: BlockBuilder
  /** The turns that state-changing calls and the builder's blocks take (./block/turns.ts). */
  readonly turns: Turns
  readonly precompiles: PrecompileRuntime
  readonly pool: PendingPool
  readonly blockers: HeldBlockers
  readonly warp?: WarpSigner
  /** Warp predicates: parsed, verified and staged (./warp/warpPredicates.ts). */
  readonly warpPredicates?: WarpPredicateService
  /** The `api-max-blocks-per-request` limit, when there is one. */
  readonly logRanges?: LogRanges
  /** anvil's heads, so that state reads know when a block came (./rpc/executor.ts). */
  readonly events?: ChainEvents
  /** The L1's chain config (config.json), the keys the devnet acts on. */
  readonly chainConfig: DevnetChainConfig
  /** The VM's version, as `info.getNodeVersion` reports it for Subnet-EVM (`web3_clientVersion`). */
  readonly clientVersion: string
  /** The devnet's relayer, once started (`devnet_relayerMessages`, ../relayer/). */
  readonly relayer?: RelayerLink
}

/** An L1 as a stage gets it: its parts, and the reply stages of a call's row run on an answer. */
export type L1 = L1Parts & {
  /** Runs `call`'s reply stages (its row's) on `outcome`, as the pipeline does for an answer of anvil's. */
  readonly answer: (call: ChainCall, outcome: CallOutcome) => Promise<CallOutcome>
}
