/**
 * One L1 of the devnet: its own anvil (own port, the genesis's chain ID), its precompiles, fee state,
 * pool, miner and clock, and the executor that answers its `/ext/bc/<id>/rpc` and `/ws`. `startDevnet`
 * starts one per L1 the node validates (./start.ts).
 */
import type { ChainFiles, ChainSpec } from 'subnet-rpc/config'
import { decodeCb58 } from 'subnet-rpc'
import { spawnAnvil, type AnvilProcess } from './anvil.js'
import { AnvilClient } from './chain/anvilClient.js'
import { BlockFees } from './chain/blockFees.js'
import { ChainEvents } from './chain/chainEvents.js'
import { createExecutor } from './chain/executor.js'
import { FeeManagerState } from './chain/feeManager.js'
import { LogRanges } from './chain/logRange.js'
import type { CallExecutor } from './chain/envelope.js'
import { Miner } from './chain/miner.js'
import { HeldBlockers } from './chain/txpool.js'
import type { NodeConfig } from './config/node.js'
import { subnetEvmVmID } from './config/node.js'
import type { WarpNetwork } from './network/types.js'
import { WarpPredicateService } from './chain/warpPredicates.js'
import { PendingPool } from './precompiles/pendingPool.js'
import { PrecompileRuntime } from './precompiles/runtime.js'

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
}

/** A running L1. */
export type L1Instance = {
  plan: L1Plan
  anvil: AnvilClient
  anvilUrl: string
  /** Its anvil process: the last lines it printed, and whether it exits on its own. */
  anvilProcess: AnvilProcess
  /** The executor behind the L1's RPC endpoint. */
  execute: CallExecutor
  /** anvil's head and pool events, for the WebSocket endpoint's subscriptions. */
  events: ChainEvents
  /** The last accepted block (height, hash), from anvil. */
  lastAccepted(): Promise<{ height: bigint; hash: `0x${string}` }>
  /** Stops the miner, the event feed and anvil. */
  stop(): Promise<void>
}

/** What every L1 of a node shares: the anvil binary, the network, the node and its Warp view. */
export type L1Context = { binary: string; networkID: number; node: NodeConfig; network: WarpNetwork }

/** Starts an L1's anvil from its genesis and builds its executor. On failure, nothing of it is left running. */
export async function startL1(plan: L1Plan, ctx: L1Context): Promise<L1Instance> {
  const { files, blockchainID } = plan
  const { networkID, node } = ctx
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
    // anvil counts time from the genesis timestamp; a node's builder stamps blocks with its clock
    // (./chain/clock.ts), so anvil's own clock (its pending block, blocks mined on its URL) reads the wall clock too.
    // By an offset: evm_setTime would also raise the least time anvil lets the devnet give the next block.
    const behind = BigInt(Math.floor(Date.now() / 1000)) - files.genesisTimestamp
    if (behind > 0n) await anvil.request('evm_increaseTime', [`0x${behind.toString(16)}`])
    for (const a of files.alloc) {
      await anvil.request('anvil_setBalance', [a.address, `0x${a.balance.toString(16)}`])
      if (a.code) await anvil.request('anvil_setCode', [a.address, a.code])
      if (a.nonce !== undefined) await anvil.request('anvil_setNonce', [a.address, `0x${a.nonce.toString(16)}`])
      for (const [slot, value] of a.storage ?? []) await anvil.request('anvil_setStorageAt', [a.address, slot, value])
    }

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
    // A waiting transaction goes in as a client's would, through the L1 endpoint's own checks.
    const miner = new Miner(
      anvil,
      blockFees,
      precompiles,
      pool,
      async (raw) => {
        await execute([{ id: '1', method: 'eth_sendRawTransaction', params: JSON.stringify([raw]) }])
      },
      warpPredicates,
    )
    // The precompiles enabled at genesis are in place before the first request.
    await miner.settle()
    // anvil's head and pool events: for the WebSocket endpoint's subscriptions, and so that state reads know
    // when a block came without asking (./chain/executor.ts). If they cannot be had, reads ask each time.
    const events = new ChainEvents(anvilProc.url)
    await events.ready().catch(() => undefined)
    const execute = createExecutor({
      spec: files.spec,
      anvil,
      fees,
      blockFees,
      miner,
      precompiles,
      pool,
      blockers: new HeldBlockers(anvil),
      warp,
      warpPredicates,
      logRanges: plan.maxBlocksPerRequest > 0 ? new LogRanges(anvil, plan.maxBlocksPerRequest) : undefined,
      events,
      clientVersion: node.vmVersions[subnetEvmVmID]!,
    })
    let stopping: Promise<void> | undefined
    return {
      plan,
      anvil,
      anvilUrl: anvilProc.url,
      anvilProcess: anvilProc,
      execute,
      events,
      lastAccepted: async () => {
        const block = await anvil.request<{ number: string; hash: `0x${string}` }>('eth_getBlockByNumber', ['latest', false])
        return { height: BigInt(block.number), hash: block.hash }
      },
      stop: () => {
        miner.close()
        events.close()
        stopping ??= anvilProc.stop().then(() => anvil.close())
        return stopping
      },
    }
  } catch (e) {
    await anvilProc.stop()
    throw e
  }
}

function genesisBaseFee(spec: ChainSpec): bigint | undefined {
  const fee = spec.networkUpgrades.subnetEVMTimestamp === 0n ? spec.feeConfig.minBaseFee : undefined
  return fee !== undefined && fee < 1n << 64n ? fee : undefined
}
