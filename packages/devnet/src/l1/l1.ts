/**
 * One L1 of the devnet: its own anvil (own port, the genesis's chain ID), its precompiles, fee state,
 * pool, miner and clock, and the executor that answers its `/ext/bc/<id>/rpc` and `/ws`. `startDevnet`
 * starts one per L1 the node validates (../start.ts).
 */
import type { ChainFiles, ChainSpec } from 'subnet-rpc/config'
import { decodeCb58 } from 'subnet-rpc'
import { type AnvilProcess, spawnAnvil } from '../anvil.js'
import type { AnvilWatch } from '../anvilGuard.js'
import { AnvilClient } from './anvilClient.js'
import { BlockFees } from './block/blockFees.js'
import { ChainEvents } from './pubsub/chainEvents.js'
import { createExecutor } from './rpc/executor.js'
import { FeeManagerState } from './block/feeManager.js'
import { LogRanges } from './rpc/logRange.js'
import type { CallExecutor } from './rpc/envelope.js'
import type { L1Parts } from './context.js'
import { Miner } from './block/miner.js'
import { BlockBuilder, type BlockPacing } from './block/builder.js'
import { Turns } from './block/turns.js'
import { VoidedSends } from './block/voidedSends.js'
import { BlockSizeLimit } from './block/sizeLimit.js'
import { HeldBlockers } from './pool/heldBlockers.js'
import type { NodeConfig } from '../config/node.js'
import type { DevnetChainConfig } from '../config/chainConfig.js'
import { subnetEvmVmID } from '../config/node.js'
import type { WarpNetwork } from '../network/types.js'
import { WarpPredicateService } from './warp/warpPredicates.js'
import { PendingPool } from './pool/pendingPool.js'
import { PrecompileRuntime } from './precompiles/runtime.js'
import { type L1Snapshot, restoreL1, snapshotL1 } from './persist.js'
import type { RelayerLink } from '../relayer/records.js'

/** What an L1 is started from: its IDs and chain files, checked before anything starts. */
export type L1Plan = {
  alias: string
  blockchainID: string
  subnetID: string
  files: ChainFiles
  /** The chain config's `api-max-blocks-per-request` (0 or less: no limit). */
  maxBlocksPerRequest: number
  /** Port for its anvil (default: a free port). */
  anvilPort?: number
  /** The L1's chain config (config.json), the keys the devnet acts on. */
  chainConfig: DevnetChainConfig
  /** The state to resume from (a state dir's), else the chain starts at its genesis. */
  restore?: L1Snapshot
}

/** A running L1. */
export type L1Instance = {
  plan: L1Plan
  anvil: AnvilClient
  anvilUrl: string
  /** anvil's last lines and its end, if it ends on its own (../anvilGuard.ts). */
  anvilWatch: AnvilWatch
  /** Its anvil process: the last lines it printed, and whether it exits on its own. */
  anvilProcess: AnvilProcess
  /** The executor behind the L1's RPC endpoint. */
  execute: CallExecutor
  /** anvil's head and pool events, for the WebSocket endpoint's subscriptions. */
  events: ChainEvents
  /** The last accepted block (height, hash), from anvil. */
  lastAccepted(): Promise<{ height: bigint; hash: `0x${string}` }>
  /** The node's clock as the L1's blocks are stamped with it (./block/clock.ts), unix milliseconds. */
  now(): bigint
  /** The L1's state now, as a state dir keeps it (./persist.ts). */
  snapshot(): Promise<L1Snapshot>
  /** Where its endpoint finds the devnet's relayer (`devnet_relayerMessages`); set when one starts. */
  relayer: RelayerLink
  /** Stops the miner, the event feed and anvil. */
  stop(): Promise<void>
}

/** What every L1 of a node shares: the anvil binary, the network, the node and its Warp view, the block pacing. */
export type L1Context = { binary: string; networkID: number; node: NodeConfig; network: WarpNetwork; blockPacing?: BlockPacing }

/** Starts an L1's anvil from its genesis and builds its executor. On failure, nothing of it is left running. */
export async function startL1(plan: L1Plan, ctx: L1Context): Promise<L1Instance> {
  const { files } = plan
  const anvilProc = await spawnAnvil({
    binary: ctx.binary,
    chainId: files.spec.chainId,
    gasLimit: files.gasLimit,
    // The genesis header's base fee: a genesis with SubnetEVM active at 0 takes the fee config's minimum
    // (core/genesis.go), where anvil's uint64 base fee can hold it.
    blockBaseFeePerGas: genesisBaseFee(files.spec),
    port: plan.anvilPort,
    timestamp: Number(files.genesisTimestamp),
  })
  try {
    const anvil = new AnvilClient(anvilProc.url)
    await seedAnvil(anvil, plan)
    return runningL1(plan, anvilProc, await startParts(plan, ctx, anvil, anvilProc.url))
  } catch (e) {
    await anvilProc.stop()
    throw e
  }
}

/** A new anvil set to the L1's genesis: its clock on the wall clock, and its accounts (a resumed chain has them in its dump). */
async function seedAnvil(anvil: AnvilClient, plan: L1Plan): Promise<void> {
  const { files } = plan
  // anvil counts time from the genesis timestamp; a node's builder stamps blocks with its clock
  // (./block/clock.ts), so anvil's own clock (its pending block, blocks mined on its URL) reads the wall clock too.
  // By an offset: evm_setTime would also raise the least time anvil lets the devnet give the next block.
  const behind = BigInt(Math.floor(Date.now() / 1000)) - files.genesisTimestamp
  if (behind > 0n) await anvil.request('evm_increaseTime', [`0x${behind.toString(16)}`])
  // A resumed chain has its accounts in the dump.
  for (const a of plan.restore ? [] : files.alloc) {
    await anvil.request('anvil_setBalance', [a.address, `0x${a.balance.toString(16)}`])
    if (a.code) await anvil.request('anvil_setCode', [a.address, a.code])
    if (a.nonce !== undefined) await anvil.request('anvil_setNonce', [a.address, `0x${a.nonce.toString(16)}`])
    for (const [slot, value] of a.storage ?? []) await anvil.request('anvil_setStorageAt', [a.address, slot, value])
  }
}

/** The parts an L1's executor is made of, and the executor: what {@link runningL1} wraps. */
type StartedParts = L1Parts & { events: ChainEvents; relayer: RelayerLink; execute: CallExecutor }

/**
 * The L1's parts over its seeded anvil, in dependency order: the chain's parts ({@link chainParts}), its resumed
 * state, the block builder (anvil's automine off), anvil's events, and the executor behind its endpoint.
 */
async function startParts(plan: L1Plan, ctx: L1Context, anvil: AnvilClient, anvilUrl: string): Promise<StartedParts> {
  // A waiting transaction goes in as a client's would, through the L1 endpoint's own checks.
  const chain = chainParts(plan, ctx, anvil, async (raw) => {
    await execute([{ id: '1', method: 'eth_sendRawTransaction', params: JSON.stringify([raw]) }])
  })
  const { miner, blockFees, precompiles, fees } = chain
  if (plan.restore) await restoreL1({ anvil, blockFees, precompiles, fees }, plan.restore)
  // The precompiles enabled at genesis are in place before the first request.
  await miner.settle()
  // anvil's automine off: the devnet's builder mines what enters anvil's pool (./block/builder.ts).
  await anvil.request('evm_setAutomine', [false])
  const blockers = new HeldBlockers(anvil)
  const turns = new Turns()
  // anvil's head and pool events: for the WebSocket endpoint's subscriptions, and so that state reads know
  // when a block came without asking (./rpc/executor.ts). If they cannot be had, reads ask each time.
  const events = new ChainEvents(anvilUrl)
  await events.ready().catch(() => undefined)
  const mute = (hashes: string[]) => events.mute(hashes)
  const voided = new VoidedSends(anvil, plan.files.spec, precompiles, chain.pool, mute)
  const sizeLimit = new BlockSizeLimit(anvil, chain.pool, mute)
  const builder = new BlockBuilder(anvil, miner, blockFees, turns, ctx.blockPacing, () => blockers.releaseMined(), voided, sizeLimit)
  // A send on anvil's own URL is built into a block too; a block mined there answers the sends it took.
  events.onTransaction(() => builder.notify())
  events.onBlock(() => void builder.headMoved().catch(() => undefined))
  const parts = {
    spec: plan.files.spec,
    anvil,
    ...chain,
    builder,
    turns,
    blockers,
    logRanges: plan.maxBlocksPerRequest > 0 ? new LogRanges(anvil, plan.maxBlocksPerRequest) : undefined,
    events,
    chainConfig: plan.chainConfig,
    clientVersion: ctx.node.vmVersions[subnetEvmVmID]!,
    relayer: {},
  }
  const execute = createExecutor(parts)
  return { ...parts, execute }
}

/** The chain's own parts: precompiles, fee state, block fees, pool, Warp and its predicates, and the miner. */
function chainParts(plan: L1Plan, ctx: L1Context, anvil: AnvilClient, submit: (raw: string) => Promise<void>) {
  const { files, blockchainID } = plan
  const { networkID, node } = ctx
  const precompiles = new PrecompileRuntime(
    files.spec,
    anvil,
    { blockchainID: `0x${Buffer.from(decodeCb58(blockchainID)).toString('hex')}`, networkID },
    files.genesisTimestamp,
  )
  const fees = new FeeManagerState(files.spec, anvil, precompiles)
  const blockFees = new BlockFees(files.spec, anvil, fees, files.genesisTimestamp)
  const pool = new PendingPool()
  const warp = { networkID, blockchainID: decodeCb58(blockchainID), secretKey: node.identity.blsSecretKey, network: ctx.network }
  // Warp predicates: staged before each block, charged in the node's gas, their results in the header.
  const warpPredicates = new WarpPredicateService(files.spec, anvil, precompiles, warp)
  blockFees.usePredicates(warpPredicates)
  const miner = new Miner(anvil, blockFees, precompiles, pool, submit, warpPredicates)
  return { precompiles, fees, blockFees, pool, warp, warpPredicates, miner }
}

/** The running L1 over its started parts; its `stop` stops the builder, miner and events, then anvil, once. */
function runningL1(plan: L1Plan, anvilProc: AnvilProcess, parts: StartedParts): L1Instance {
  const { anvil, miner, blockFees, precompiles, fees, builder, events } = parts
  let stopping: Promise<void> | undefined
  return {
    plan,
    anvil,
    anvilUrl: anvilProc.url,
    anvilWatch: anvilProc.watch,
    anvilProcess: anvilProc,
    execute: parts.execute,
    events,
    relayer: parts.relayer,
    lastAccepted: async () => {
      const block = await anvil.request<{ number: string; hash: `0x${string}` }>('eth_getBlockByNumber', ['latest', false])
      return { height: BigInt(block.number), hash: block.hash }
    },
    now: () => blockFees.clock.now(),
    snapshot: () => snapshotL1({ anvil, miner, blockFees, precompiles, fees }),
    stop: () => {
      builder.close()
      miner.close()
      events.close()
      stopping ??= anvilProc.stop().then(() => anvil.close())
      return stopping
    },
  }
}

function genesisBaseFee(spec: ChainSpec): bigint | undefined {
  const fee = spec.networkUpgrades.subnetEVMTimestamp === 0n ? spec.feeConfig.minBaseFee : undefined
  return fee !== undefined && fee < 1n << 64n ? fee : undefined
}
