/**
 * Subnet-EVM's Warp API as standalone viem actions over the core table entries of the same names, on a
 * transport of the SOURCE chain's `/ext/bc/<id>/rpc` (the node that holds the messages and signs them). A node's
 * "not found" is WarpMessageNotFoundError.
 */
import type { Send } from '../../core/methods/call.js'
import type { ArgsOf, MethodSpec, ResultOf } from '../../core/methods/spec.js'
import * as table from '../../core/methods/warp.js'
import { callWarp } from '../../core/warp/deliver.js'
import type { WarpMessageNotFoundErrorType, WarpQuorumErrorType } from '../../errors/warp.js'
import type { SubnetActionErrorType } from '../types/actions.js'
import type { Requester } from '../utils/request.js'

type T = typeof table

const warpAction =
  <A, R>(spec: MethodSpec<A, R>) =>
  (client: Requester, parameters: A): Promise<R> =>
    callWarp(spec, parameters, client.request as Send)

/** The errors of a Warp read: those of any Subnet-EVM action, an unknown message or block, a quorum out of range. */
export type WarpActionErrorType<S> = SubnetActionErrorType<S> | WarpMessageNotFoundErrorType | WarpQuorumErrorType

/**
 * The unsigned message a `sendWarpMessage` sent, decoded (`warp_getMessage`): network ID, source chain ID and
 * payload (see `parseWarpPayload`).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getWarpMessage } from 'subnet-rpc/viem/warp'
 *
 * declare const messageID: string // CB58, or the SendWarpMessage log's topic 2
 * const source = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const message = await getWarpMessage(source, { messageID })
 */
export const getWarpMessage = /* @__PURE__ */ warpAction(table.getWarpMessage)
export type GetWarpMessageParameters = ArgsOf<T['getWarpMessage']>
export type GetWarpMessageReturnType = ResultOf<T['getWarpMessage']>
export type GetWarpMessageErrorType = WarpActionErrorType<T['getWarpMessage']>

/**
 * The node's own BLS signature of a message (`warp_getMessageSignature`), 96 bytes as hex.
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getWarpMessageSignature } from 'subnet-rpc/viem/warp'
 *
 * declare const messageID: string // CB58, or the SendWarpMessage log's topic 2
 * const source = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const signature = await getWarpMessageSignature(source, { messageID })
 */
export const getWarpMessageSignature = /* @__PURE__ */ warpAction(table.getWarpMessageSignature)
export type GetWarpMessageSignatureParameters = ArgsOf<T['getWarpMessageSignature']>
export type GetWarpMessageSignatureReturnType = ResultOf<T['getWarpMessageSignature']>
export type GetWarpMessageSignatureErrorType = WarpActionErrorType<T['getWarpMessageSignature']>

/**
 * The node's own BLS signature of an accepted block's hash message (`warp_getBlockSignature`); the block ID is its
 * hash, as hex or CB58.
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getWarpBlockSignature } from 'subnet-rpc/viem/warp'
 *
 * const source = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { hash } = await source.getBlock()
 * const signature = await getWarpBlockSignature(source, { blockID: hash })
 */
export const getWarpBlockSignature = /* @__PURE__ */ warpAction(table.getWarpBlockSignature)
export type GetWarpBlockSignatureParameters = ArgsOf<T['getWarpBlockSignature']>
export type GetWarpBlockSignatureReturnType = ResultOf<T['getWarpBlockSignature']>
export type GetWarpBlockSignatureErrorType = WarpActionErrorType<T['getWarpBlockSignature']>

/**
 * The message signed by the source subnet's validators, aggregated by the node
 * (`warp_getMessageAggregateSignature`), decoded. The node returns what it gathered even short of the quorum:
 * check it with `warpSignedWeight` and `checkWarpWeight` when you know the validator set.
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getWarpMessageAggregateSignature } from 'subnet-rpc/viem/warp'
 *
 * declare const messageID: string // CB58, or the SendWarpMessage log's topic 2
 * const source = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const signed = await getWarpMessageAggregateSignature(source, { messageID, quorumNum: 67 })
 */
export const getWarpMessageAggregateSignature = /* @__PURE__ */ warpAction(table.getWarpMessageAggregateSignature)
export type GetWarpMessageAggregateSignatureParameters = ArgsOf<T['getWarpMessageAggregateSignature']>
export type GetWarpMessageAggregateSignatureReturnType = ResultOf<T['getWarpMessageAggregateSignature']>
export type GetWarpMessageAggregateSignatureErrorType = WarpActionErrorType<T['getWarpMessageAggregateSignature']>

/**
 * An accepted block's hash message signed by the source subnet's validators (`warp_getBlockAggregateSignature`),
 * decoded: deliver it to read `getVerifiedWarpBlockHash`.
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getWarpBlockAggregateSignature } from 'subnet-rpc/viem/warp'
 *
 * declare const blockID: `0x${string}` // an accepted block's hash on the source chain
 * const source = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const signed = await getWarpBlockAggregateSignature(source, { blockID })
 */
export const getWarpBlockAggregateSignature = /* @__PURE__ */ warpAction(table.getWarpBlockAggregateSignature)
export type GetWarpBlockAggregateSignatureParameters = ArgsOf<T['getWarpBlockAggregateSignature']>
export type GetWarpBlockAggregateSignatureReturnType = ResultOf<T['getWarpBlockAggregateSignature']>
export type GetWarpBlockAggregateSignatureErrorType = WarpActionErrorType<T['getWarpBlockAggregateSignature']>
