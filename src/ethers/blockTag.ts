import type { BlockSelector, BlockTag } from '../core/encode.js'
import { blockTags } from '../core/encode.js'
import { InvalidArgumentError } from '../errors/argument.js'

/** What ethers users pass as a block tag elsewhere: a number, a bigint, a hex number or hash, or a tag. */
export type EthersBlockTag = number | bigint | string

/** Maps an ethers-style block tag onto the shared block selector (checked there). */
export function toBlockSelector(tag: EthersBlockTag | undefined): BlockSelector | undefined {
  if (tag === undefined || tag === null) return undefined
  if (typeof tag === 'number' || typeof tag === 'bigint') return { blockNumber: tag }
  if (typeof tag === 'string') {
    if ((blockTags as readonly string[]).includes(tag)) return { blockTag: tag as BlockTag }
    if (/^0x[0-9a-fA-F]{64}$/.test(tag)) return { blockHash: tag as `0x${string}` }
    if (/^0x[0-9a-fA-F]{1,16}$/.test(tag)) return { blockNumber: BigInt(tag) }
  }
  throw new InvalidArgumentError({
    argument: 'blockTag',
    value: tag,
    accepted: `a block number (number, bigint or hex), a block hash, or one of ${blockTags.join(', ')}`,
  })
}
