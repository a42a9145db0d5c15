/**
 * The mining controls (`evm_mine`, `anvil_mine`): each block they mine is prepared first as a node
 * builds it (./blockFees.ts `prepareNextBlock`: time, base fee, gas limit, coinbase, activations).
 */
import type { ChainCall } from './envelope.js'
import { argsOf, type L1 } from './methods.js'
import type { Admission } from './txpool.js'

/** `evm_mine(timestamp?)` mines at that time; its object form ({ timestamp, blocks }) is left to anvil. */
export async function admitEvmMine(call: ChainCall, { blockFees }: L1): Promise<Admission | undefined> {
  const [time] = argsOf(call)
  if (time === undefined || time === null || typeof time === 'number' || typeof time === 'string')
    await blockFees.prepareNextBlock(time === undefined || time === null ? undefined : BigInt(time))
  return undefined
}

/** `anvil_mine(blocks?, interval?)`: one block at a time, each prepared first; answered by the devnet. */
export async function admitAnvilMine(call: ChainCall, { anvil, blockFees, precompiles }: L1): Promise<Admission> {
  const [count, interval] = argsOf(call)
  const n = count === undefined || count === null ? 1n : BigInt(count as string | number)
  const step = interval === undefined || interval === null ? undefined : BigInt(interval as string | number)
  let time: bigint | undefined
  for (let i = 0n; i < n; i++) {
    await blockFees.prepareNextBlock(time)
    await anvil.request('evm_mine', [])
    await precompiles.sync()
    if (step !== undefined) time = BigInt((await anvil.latest()).timestamp) + step
  }
  return { outcome: { result: 'null' } }
}
