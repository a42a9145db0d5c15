import { SubnetRpcError } from './base.js'

export type WarpFormatErrorType = WarpFormatError & { name: 'WarpFormatError' }

/**
 * Bytes that are not a valid Warp message, payload, signer bitset or predicate, or a signature short of the
 * quorum. `reason` is the node's own text for the same refusal (avalanchego's codec and vms/platformvm/warp),
 * so a refusal read here matches what a node would answer.
 *
 * @example
 * import { WarpFormatError } from 'subnet-rpc'
 * import { unpackPredicate } from 'subnet-rpc/internal'
 * try {
 *   unpackPredicate([`0x${'00'.repeat(32)}`])
 * } catch (e) {
 *   if (e instanceof WarpFormatError) console.log(e.reason) // no delimiter found: length (1)
 * }
 */
export class WarpFormatError extends SubnetRpcError {
  /** The node's text for this refusal. */
  declare reason: string
  constructor(reason: string) {
    super(`Invalid Warp data: ${reason}`, { name: 'WarpFormatError' }, { reason })
  }
}
