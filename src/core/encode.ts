/**
 * Request arguments, checked before anything is sent: what a node accepts, encoded the
 * way it accepts it (spec §1.5, §3.4). Bad input throws `InvalidArgumentError`.
 */
import { InvalidArgumentError } from '../errors/argument.js'

/** Seconds since the epoch as bigint or number, or a Date. */
export type Timestamp = bigint | number | Date

const timestampAccepted = 'unix seconds (integer, 0 to 2^53-1) or a Date'

/** A timestamp argument as the JSON number a node requires (a string is rejected by nodes). */
export function encodeTimestamp(value: Timestamp | undefined): [] | [number] {
  if (value === undefined) return []
  let seconds: number
  if (value instanceof Date) {
    const ms = value.getTime()
    if (Number.isNaN(ms)) throw new InvalidArgumentError({ argument: 'timestamp', message: 'the Date is invalid', accepted: timestampAccepted })
    seconds = Math.floor(ms / 1000)
  } else if (typeof value === 'bigint') {
    if (value < 0n || value > BigInt(Number.MAX_SAFE_INTEGER))
      throw new InvalidArgumentError({ argument: 'timestamp', message: `${value}n is out of range`, accepted: timestampAccepted })
    seconds = Number(value)
  } else if (typeof value === 'number') {
    if (!Number.isInteger(value)) throw new InvalidArgumentError({ argument: 'timestamp', message: `${value} is not a whole number of seconds`, accepted: timestampAccepted })
    seconds = value
  } else {
    throw new InvalidArgumentError({ argument: 'timestamp', message: `got ${typeof value}`, accepted: timestampAccepted })
  }
  if (seconds < 0 || !Number.isSafeInteger(seconds))
    throw new InvalidArgumentError({ argument: 'timestamp', message: `${seconds} is out of range`, accepted: timestampAccepted })
  return [seconds]
}

export const blockTags = ['latest', 'pending', 'accepted', 'finalized', 'safe', 'earliest'] as const
export type BlockTag = (typeof blockTags)[number]

/** Which block `eth_feeConfig` reads; none means the node's default (its current head). */
export type BlockSelector = { blockNumber?: bigint | number; blockHash?: `0x${string}`; blockTag?: BlockTag }

const maxInt64 = (1n << 63n) - 1n
const hashPattern = /^0x[0-9a-fA-F]{64}$/

/** The `eth_feeConfig` argument: a hex number, a hash or a tag, as the node's BlockNumberOrHash reads it. */
export function encodeBlockSelector(sel: BlockSelector | undefined): [] | [string] {
  if (!sel) return []
  const given = (['blockNumber', 'blockHash', 'blockTag'] as const).filter((k) => sel[k] !== undefined)
  if (given.length > 1)
    throw new InvalidArgumentError({ argument: 'block', message: `${given.join(' and ')} were both given`, accepted: 'one of blockNumber, blockHash, blockTag' })
  if (sel.blockNumber !== undefined) {
    const n = sel.blockNumber
    const ok = typeof n === 'bigint' ? n >= 0n && n <= maxInt64 : typeof n === 'number' && Number.isSafeInteger(n) && n >= 0
    if (!ok)
      throw new InvalidArgumentError({
        argument: 'blockNumber',
        message: `${typeof n === 'bigint' ? `${n}n` : String(n)} is not a block number`,
        accepted: 'an integer from 0 to 2^63-1',
      })
    return [`0x${BigInt(n).toString(16)}`]
  }
  if (sel.blockHash !== undefined) {
    if (typeof sel.blockHash !== 'string' || !hashPattern.test(sel.blockHash))
      throw new InvalidArgumentError({ argument: 'blockHash', message: `${JSON.stringify(sel.blockHash)} is not a block hash`, accepted: '0x and 64 hex digits' })
    return [sel.blockHash]
  }
  if (sel.blockTag !== undefined) {
    if (!(blockTags as readonly string[]).includes(sel.blockTag))
      throw new InvalidArgumentError({ argument: 'blockTag', message: `${JSON.stringify(sel.blockTag)} is not a block tag`, accepted: blockTags.join(', ') })
    return [sel.blockTag]
  }
  return []
}

/** A non-empty string argument (chain alias or ID). */
export function requireText(argument: string, value: unknown, accepted: string): string {
  if (typeof value !== 'string' || value.length === 0)
    throw new InvalidArgumentError({ argument, message: value === '' ? 'it is empty' : `got ${value === null ? 'null' : typeof value}`, accepted })
  return value
}

// The shape of CB58 text for 20-byte (NodeID) and 32-byte IDs with their 4-byte checksum.
// The checksum itself is the node's to verify: checking it here would cost every app a hash.
const nodeIdPattern = /^NodeID-[1-9A-HJ-NP-Za-km-z]{26,34}$/
const idPattern = /^[1-9A-HJ-NP-Za-km-z]{37,50}$/

/** NodeIDs for `info.peers`, each checked for the `NodeID-<cb58>` form. */
export function encodeNodeIds(nodeIDs: readonly string[] | undefined): string[] | undefined {
  if (nodeIDs === undefined) return undefined
  if (!Array.isArray(nodeIDs))
    throw new InvalidArgumentError({ argument: 'nodeIDs', message: `got ${typeof nodeIDs}`, accepted: 'an array of NodeID-… strings' })
  nodeIDs.forEach((id, i) => {
    if (typeof id !== 'string' || !nodeIdPattern.test(id))
      throw new InvalidArgumentError({ argument: `nodeIDs[${i}]`, message: `${JSON.stringify(id)} is not a NodeID`, accepted: 'NodeID- followed by the CB58 of 20 bytes, e.g. NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg' })
  })
  return [...nodeIDs]
}

/** A 32-byte ID in CB58 (subnet ID). */
export function encodeId(argument: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'string' || !idPattern.test(value)) throw new InvalidArgumentError({ argument, message: `${JSON.stringify(value)} is not a 32-byte CB58 ID`, accepted: 'a CB58 ID such as 11111111111111111111111111111111LpoYY' })
  return value
}
