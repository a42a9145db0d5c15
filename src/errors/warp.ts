import { SubnetRpcError } from './base.js'

export type WarpFormatErrorType = WarpFormatError & { name: 'WarpFormatError' }

/**
 * Bytes that are not a valid Warp message, payload, signer bitset or predicate, or a signature short of the
 * quorum. `reason` is the node's own text for the same refusal (avalanchego's codec and vms/platformvm/warp),
 * so a refusal read here matches what a node would answer.
 *
 * @example
 * import { WarpFormatError } from 'subnet-rpc'
 * import { unpackPredicate } from 'subnet-rpc/warp'
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

export type WarpMessageNotFoundErrorType = WarpMessageNotFoundError & { name: 'WarpMessageNotFoundError' }

/**
 * The source chain has no such Warp message: no `SendWarpMessage` log in the transaction, or a message (or block)
 * ID its node does not know (warp/service.go `GetMessage`: `failed to get message … not found`). A node knows a
 * message once the block that sent it is accepted; ask the node of the chain that sent it, with the ID from the
 * log's second topic or the transaction's hash.
 *
 * @example
 * catch (e) { if (e instanceof WarpMessageNotFoundError) console.log(e.id) }
 */
export class WarpMessageNotFoundError extends SubnetRpcError {
  /** The message ID (CB58), block ID (CB58) or transaction hash that found nothing. */
  declare id: string
  constructor(id: string, what: string, cause?: Error) {
    super(
      `No Warp message for ${what} ${id} on the source chain.`,
      {
        name: 'WarpMessageNotFoundError',
        cause,
        metaMessages: [
          'Ask the node of the chain that sent it, once the block is accepted: the message ID is the SendWarpMessage log’s second topic.',
        ],
      },
      { id },
    )
  }
}

export type WarpWeightErrorType = WarpWeightError & { name: 'WarpWeightError' }

/**
 * The signers' weight is short of the quorum (`warp.VerifyWeight`: `quorumNum * totalWeight > quorumDen *
 * sigWeight`); a destination chain would mark the message invalid. Gather more of the source subnet's validators'
 * signatures, or a lower quorum if the destination's Warp config allows it.
 *
 * @example
 * catch (e) { if (e instanceof WarpWeightError) console.log(e.signedWeight, e.totalWeight) }
 */
export class WarpWeightError extends SubnetRpcError {
  declare signedWeight: bigint
  /** The set's total weight; undefined when the set was not given (and no validator signed). */
  declare totalWeight: bigint | undefined
  declare quorumNum: bigint
  declare quorumDen: bigint
  constructor(signedWeight: bigint, totalWeight: bigint | undefined, quorumNum: bigint, quorumDen: bigint) {
    super(
      `Warp signature weight is insufficient: ${totalWeight === undefined ? 'no validator signed' : `${signedWeight} of ${totalWeight} signed`}, the quorum is ${quorumNum}/${quorumDen}.`,
      {
        name: 'WarpWeightError',
        metaMessages: ['Collect the signatures of more of the source subnet’s validators (by weight) before delivering.'],
        details:
          totalWeight === undefined
            ? undefined
            : `signature weight is insufficient: ${quorumNum}*${totalWeight} > ${quorumDen}*${signedWeight}`,
      },
      { signedWeight, totalWeight, quorumNum, quorumDen },
    )
  }
}

export type WarpQuorumErrorType = WarpQuorumError & { name: 'WarpQuorumError' }

/**
 * A quorum numerator out of the range a Warp config accepts: from 33 (`WarpQuorumNumeratorMinimum`) to the
 * denominator 100 (`WarpQuorumDenominator`; precompile/contracts/warp/config.go `Verify`). Checked before any
 * request; the default is 67, and a destination verifies with its own config's numerator.
 *
 * @example
 * catch (e) { if (e instanceof WarpQuorumError) console.log(e.quorumNum) }
 */
export class WarpQuorumError extends SubnetRpcError {
  declare quorumNum: unknown
  constructor(quorumNum: unknown, quorumDen: bigint) {
    super(
      `Invalid Warp quorum numerator: ${String(quorumNum)} (of ${quorumDen}).`,
      {
        name: 'WarpQuorumError',
        metaMessages: [
          `Use an integer from 33 to ${quorumDen}; the default is 67, and the destination verifies with its warpConfig.quorumNumerator.`,
        ],
      },
      { quorumNum },
    )
  }
}

export type WarpNetworkErrorType = WarpNetworkError & { name: 'WarpNetworkError' }

/**
 * The message is for another network than the destination's (warp `ErrWrongNetworkID`): a destination refuses
 * a message whose `networkID` is not its own. Deliver it on a chain of the network the source chain is on.
 *
 * @example
 * catch (e) { if (e instanceof WarpNetworkError) console.log(e.messageNetworkID, e.destinationNetworkID) }
 */
export class WarpNetworkError extends SubnetRpcError {
  declare messageNetworkID: number
  declare destinationNetworkID: number
  constructor(messageNetworkID: number, destinationNetworkID: number) {
    super(
      `Warp message of network ${messageNetworkID} cannot be delivered on network ${destinationNetworkID}.`,
      {
        name: 'WarpNetworkError',
        metaMessages: ['Deliver it to a chain of the source chain’s network (info.getNetworkID of both nodes must agree).'],
      },
      { messageNetworkID, destinationNetworkID },
    )
  }
}

export type BlsLibraryErrorType = BlsLibraryError & { name: 'BlsLibraryError' }

/**
 * Aggregating BLS signatures in TypeScript needs `@noble/curves`, an optional peer dependency of `subnet-rpc`
 * (browser apps that only read and deliver need not install it). Install it: `npm i @noble/curves@1`; or ask the
 * source node for the aggregate (`getWarpMessageAggregateSignature`).
 *
 * @example
 * catch (e) { if (e instanceof BlsLibraryError) console.log(e.message) }
 */
export class BlsLibraryError extends SubnetRpcError {
  constructor(cause?: Error) {
    super('Aggregating Warp signatures needs @noble/curves 1.x, which is not installed.', {
      name: 'BlsLibraryError',
      cause,
      metaMessages: [
        'Run: npm i @noble/curves@1 (an optional peer dependency), or use the node’s aggregate: getWarpMessageAggregateSignature.',
      ],
    })
  }
}

export type TeleporterDeliveryTimeoutErrorType = TeleporterDeliveryTimeoutError & { name: 'TeleporterDeliveryTimeoutError' }

/**
 * A Teleporter message did not arrive on its destination in time (`waitForTeleporterDelivery`): no
 * `ReceiveCrossChainMessage` log for its ID at the messenger. A relayer must deliver it: on the devnet, start it with
 * `--relay` (or `relayer: true`) and see `devnet_relayerMessages` for why a message is pending, skipped or failed.
 *
 * @example
 * catch (e) { if (e instanceof TeleporterDeliveryTimeoutError) console.log(e.messageID, e.timeout) }
 */
export class TeleporterDeliveryTimeoutError extends SubnetRpcError {
  declare messageID: string
  declare timeout: number
  constructor(messageID: string, messenger: string, timeout: number) {
    super(
      `Teleporter message ${messageID} was not delivered to ${messenger} within ${timeout} ms.`,
      {
        name: 'TeleporterDeliveryTimeoutError',
        metaMessages: [
          'A relayer delivers it: on the devnet start one with --relay (or relayer: true); getRelayerMessages says why a message is not delivered.',
        ],
      },
      { messageID, timeout },
    )
  }
}
