/**
 * The stages of anvil's mining and time methods in the method table (../rpc/methods.ts): `evm_mine`,
 * `anvil_mine`, the time moves and `evm_revert`, each made on the devnet's clock and block fees as well.
 */
import type { L1 } from '../context.js'
import { type Admission, argsOf, type CallOutcome, type ChainCall } from '../rpc/envelope.js'
import type { BlockFees } from './blockFees.js'
import type { Clock } from './clock.js'

/**
 * `evm_mine(timestamp?)`: its block prepared at that time (refused, on Granite, sooner than the head's minimum
 * delay), which anvil then mines at; the object form ({ timestamp, blocks }) is left to anvil.
 */
export async function admitEvmMine(call: ChainCall, { miner, blockFees }: L1): Promise<Admission | undefined> {
  const [time] = argsOf(call)
  const given = time === undefined || time === null ? undefined : secondsOf(time)
  // The object form ({ timestamp, blocks }) and what anvil refuses are anvil's.
  if (time !== undefined && time !== null && given === undefined) return undefined
  const refused = given !== undefined && (await blockFees.refusedTime(given))
  if (refused) return { outcome: timestampError(refused) }
  await miner.prepare(given)
  // The prepared time is pinned: a timestamp argument would override it.
  return { call: { ...call, params: '[]' } }
}

/** `anvil_mine(blocks?, interval?)`: one block at a time, each prepared and settled; answered by the devnet. */
export async function admitAnvilMine(call: ChainCall, { anvil, miner, blockFees }: L1): Promise<Admission> {
  const [count, interval] = argsOf(call)
  const n = count === undefined || count === null ? 1n : BigInt(count as string | number)
  const step = interval === undefined || interval === null ? undefined : BigInt(interval as string | number)
  let time: bigint | undefined
  for (let i = 0n; i < n; i++) {
    const refused = time !== undefined && (await blockFees.refusedTime(time))
    if (refused) return { outcome: timestampError(refused) }
    await miner.mine(time)
    if (step !== undefined) time = BigInt((await anvil.latest()).timestamp) + step
  }
  return { outcome: { result: 'null' } }
}

/** A time move of anvil's, made on the devnet's clock too once anvil has taken it (./clock.ts). */
const timeMove =
  (move: (clock: Clock, seconds: bigint, blockFees: BlockFees) => void | Promise<void>) =>
  async (outcome: CallOutcome, [seconds]: unknown[], { blockFees }: L1): Promise<CallOutcome> => {
    const s = secondsOf(seconds)
    if ('result' in outcome && s !== undefined) await move(blockFees.clock, s, blockFees)
    return outcome
  }

/** `evm_increaseTime` / `anvil_increaseTime`. */
export const increaseTime = timeMove(async (clock, seconds, blockFees) => clock.increase(seconds, await blockFees.headTime()))
/** `evm_setTime` / `anvil_setTime`. */
export const setTime = timeMove((clock, seconds) => clock.set(seconds))
/** `evm_setNextBlockTimestamp` / `anvil_setNextBlockTimestamp`. */
export const setNextBlockTimestamp = timeMove((clock, seconds) => clock.pinNext(seconds))

/** `evm_revert`: once anvil has reverted, the clock follows (./clock.ts `revert`). */
export async function revertClock(outcome: CallOutcome, _: unknown[], { blockFees, pool }: L1): Promise<CallOutcome> {
  if ('result' in outcome && outcome.result === 'true') {
    blockFees.clock.revert(await blockFees.headTime())
    // The reverted blocks' sends are gone, not pooled: their nonces may be sent again (../pool/replacement.ts).
    pool.pooled.clear()
  }
  return outcome
}

/** `anvil_reset`, `anvil_loadState`, `anvil_dropAllTransactions`: anvil's pool no longer holds the devnet's sends. */
export function forgetPooled(outcome: CallOutcome, _: unknown[], { pool }: L1): CallOutcome {
  if ('result' in outcome) pool.pooled.clear()
  return outcome
}

/** A time refused for the next block: anvil's code for a timestamp it refuses, the node's reason. */
const timestampError = (message: string): CallOutcome => ({ error: { code: -32602, message: `Timestamp error: ${message}` } })

/** `evm_setNextBlockTimestamp(seconds)`: refused as the block would be (`BlockFees.refusedTime`). */
export async function admitNextBlockTimestamp(call: ChainCall, { blockFees }: L1): Promise<Admission | undefined> {
  const time = secondsOf(argsOf(call)[0])
  if (time === undefined) return undefined
  const refused = await blockFees.refusedTime(time)
  return refused ? { outcome: timestampError(refused) } : undefined
}

/** A time argument in seconds (a number or a hex or decimal string); undefined for anything else, which anvil answers. */
function secondsOf(v: unknown): bigint | undefined {
  if (typeof v === 'number' && Number.isSafeInteger(v)) return BigInt(v)
  if (typeof v === 'string' && /^(0x[0-9a-fA-F]+|\d+)$/.test(v)) return BigInt(v)
  return undefined
}

/**
 * `evm_setAutomine(on)` / `anvil_setAutomine(on)`: the builder's automine (./builder.ts), anvil's own staying
 * off. anvil is asked to turn it off, which also ends its interval mining, as turning automine on does on anvil.
 */
export async function admitSetAutomine(call: ChainCall, { builder }: L1): Promise<Admission | undefined> {
  const [on] = argsOf(call)
  if (typeof on !== 'boolean') return undefined
  return {
    call: { ...call, params: '[false]' },
    after: async (outcome) => {
      if ('result' in outcome) builder.setAutomine(on)
    },
  }
}

/** `evm_setIntervalMining` / `anvil_setIntervalMining`: anvil's interval mining (or none) replaces automine, as on anvil. */
export async function admitIntervalMining(_call: ChainCall, { builder }: L1): Promise<Admission> {
  return {
    after: async (outcome) => {
      if ('result' in outcome) builder.setAutomine(false)
    },
  }
}
