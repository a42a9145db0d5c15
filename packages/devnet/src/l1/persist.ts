/**
 * One L1 as a state dir keeps it (../state/stateDir.ts): anvil's own state dump (`anvil_dumpState`: accounts,
 * blocks, transactions and receipts; gzip, hex) and what the devnet knows beside it that the chain cannot give
 * back once reloaded: the precompiles' logs taken, Warp messages and state upgrades applied, the fees credited,
 * and each block's fee window, block gas cost, time in milliseconds and node gas (anvil keeps no state of old
 * blocks after a load, so none of them could be traced or read at again). Not the pool's transactions (anvil's pool
 * and ./pool/pendingPool.ts): a node keeps none across a restart (plugin/evm/vm.go `Initialize` sets
 * `TxPool.Journal = ""`; core/txpool/legacypool `New` opens a journal only with one).
 */
import type { AnvilClient } from './anvilClient.js'
import type { BlockFees, BlockFeesSnapshot } from './block/blockFees.js'
import type { FeeHistory, FeeManagerState } from './block/feeManager.js'
import type { Miner } from './block/miner.js'
import type { BlockRefunds } from './block/nodeGas.js'
import type { PrecompileRuntime, PrecompilesSnapshot } from './precompiles/runtime.js'

/** An L1's state, as a state dir holds it. */
export type L1Snapshot = {
  /** The head the snapshot was taken at. */
  head: { number: bigint; hash: string; timestamp: bigint }
  /** `anvil_dumpState`'s answer. */
  anvil: string
  blockFees: BlockFeesSnapshot
  refunds: [hash: string, refunds: BlockRefunds][]
  precompiles: PrecompilesSnapshot
  /** The Fee Manager's stored fee config through the chain (`eth_feeConfig` at an old block). */
  feeHistory: FeeHistory
}

type Parts = { anvil: AnvilClient; miner: Miner; blockFees: BlockFees; precompiles: PrecompileRuntime; fees: FeeManagerState }

/**
 * Takes the L1's state between two blocks of the devnet's (`Miner.exclusive`): the devnet's part first, then
 * anvil's, so that anvil's chain is never behind what the devnet has done to it (fees credited, upgrades
 * applied); a block mined by a send meanwhile is one the devnet settles after a restart.
 */
export function snapshotL1({ anvil, miner, blockFees, precompiles, fees }: Parts): Promise<L1Snapshot> {
  return miner.exclusive(async () => {
    const feeState = blockFees.snapshot()
    const runtime = precompiles.snapshot()
    const refunds = await blockFees.gas.snapshot()
    const head = await anvil.latest()
    const dump = await anvil.request<string>('anvil_dumpState', [])
    // Up to the head after the dump, which holds every block in it.
    const feeHistory = await fees.recordHistory((await anvil.latest()).number)
    return {
      head: { number: head.number, hash: head.hash, timestamp: head.timestamp },
      anvil: dump,
      blockFees: feeState,
      refunds,
      precompiles: runtime,
      feeHistory,
    }
  })
}

/** Loads a snapshot into a fresh anvil and the devnet's parts of the L1, before its first settlement. */
export async function restoreL1({ anvil, blockFees, precompiles, fees }: Omit<Parts, 'miner'>, snapshot: L1Snapshot): Promise<void> {
  const loaded = await anvil.request<boolean>('anvil_loadState', [snapshot.anvil])
  if (loaded !== true) throw new Error('devnet: anvil did not load the state dump of the state dir')
  fees.restoreHistory(snapshot.feeHistory, (await anvil.latest()).number)
  blockFees.restore(snapshot.blockFees)
  blockFees.gas.restore(snapshot.refunds)
  await precompiles.restore(snapshot.precompiles, await anvil.latest())
}
