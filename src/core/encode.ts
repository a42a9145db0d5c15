/**
 * Request arguments, checked before anything is sent: what a node accepts, encoded the
 * way it accepts it: Info args as the structs of avalanchego's `api/info/service.go` read
 * them, and Subnet-EVM's `GetActiveRulesAt(ctx, blockTimestamp *uint64)` timestamp as a JSON number. Bad input throws `InvalidArgumentError`.
 */
import { InvalidArgumentError } from '../errors/argument.js'
import { isHash } from './decode/kit.js'

/** Seconds since the epoch as bigint or number, or a Date. */
export type Timestamp = bigint | number | Date

function invalid(argument: string, value: unknown, accepted: string): never {
  throw new InvalidArgumentError({ argument, value, accepted })
}

/** A timestamp argument as the JSON number a node requires (a string is rejected by nodes). */
export function encodeTimestamp(value: Timestamp | undefined): [] | [number] {
  if (value === undefined) return []
  const seconds =
    value instanceof Date
      ? Math.floor(value.getTime() / 1000)
      : typeof value === 'bigint' && value >= 0n && value < 2n ** 53n
        ? Number(value)
        : value
  if (Number.isSafeInteger(seconds) && (seconds as number) >= 0) return [seconds as number]
  return invalid('timestamp', value, 'unix seconds (0 to 2^53-1, number or bigint) or a Date')
}

export const blockTags = ['latest', 'pending', 'accepted', 'finalized', 'safe', 'earliest'] as const
export type BlockTag = (typeof blockTags)[number]

/** Which block `eth_feeConfig` reads; none means the node's default (its current head). */
export type BlockSelector = { blockNumber?: bigint | number; blockHash?: `0x${string}`; blockTag?: BlockTag }

/** The `eth_feeConfig` argument: a hex number, a hash or a tag, as the node's BlockNumberOrHash reads it. */
export function encodeBlockSelector(sel: BlockSelector | undefined): [] | [string] {
  if (!sel) return []
  const { blockNumber: n, blockHash: hash, blockTag: tag } = sel
  if ([n, hash, tag].filter((x) => x !== undefined).length > 1) invalid('block', sel, 'one of blockNumber, blockHash, blockTag')
  if (n !== undefined) {
    const ok = typeof n === 'bigint' ? n >= 0n && n < 2n ** 63n : Number.isSafeInteger(n) && n >= 0
    return ok ? [`0x${n.toString(16)}`] : invalid('blockNumber', n, 'an integer from 0 to 2^63-1')
  }
  if (hash !== undefined) return isHash(hash) ? [hash] : invalid('blockHash', hash, '0x and 64 hex digits')
  if (tag !== undefined) return blockTags.includes(tag) ? [tag] : invalid('blockTag', tag, blockTags.join(', '))
  return []
}

/** A non-empty string argument (chain alias or ID). */
export function requireText(argument: string, value: unknown, accepted: string): string {
  return typeof value === 'string' && value ? value : invalid(argument, value, accepted)
}

/** NodeIDs for `info.peers`, each checked for the `NodeID-<cb58>` form. */
export function encodeNodeIds(nodeIDs: readonly string[] | undefined): string[] | undefined {
  if (nodeIDs === undefined) return undefined
  if (!Array.isArray(nodeIDs)) invalid('nodeIDs', nodeIDs, 'an array of NodeIDs')
  // The shape of CB58 text for 20 bytes and a 4-byte checksum. The checksum itself is the
  // node's to verify: checking it here would cost every app a hash.
  return nodeIDs.map((id, i) =>
    typeof id === 'string' && /^NodeID-[1-9A-HJ-NP-Za-km-z]{26,34}$/.test(id)
      ? id
      : invalid(`nodeIDs[${i}]`, id, 'NodeID-<CB58 of 20 bytes>'),
  )
}

/** A 32-byte ID in CB58 (subnet ID). */
export function encodeId(argument: string, value: string | undefined): string | undefined {
  return value === undefined || (typeof value === 'string' && /^[1-9A-HJ-NP-Za-km-z]{37,50}$/.test(value))
    ? value
    : invalid(argument, value, '<CB58 of 32 bytes>')
}
