/**
 * The ProposerVM API as standalone viem actions, each over the core table entry of the same name.
 * Requests go to the chain's `/ext/bc/<id>/proposervm`, derived from the client's transport URL
 * (an `/ext/bc/<id>/rpc` or `/ws` URL) as the Info API's URL is, or the one
 * `proposerVMActions({ url, blockchainID })` set for it.
 */
import * as table from '../../core/methods/proposervm.js'
import type { ArgsOf, ResultOf } from '../../core/methods/spec.js'
import type { EndpointActionErrorType } from '../types/actions.js'
import { endpointAction, proposerVMEndpoint } from '../utils/endpoint.js'

const proposerVMAction = /* @__PURE__ */ endpointAction(proposerVMEndpoint)

type T = typeof table

/**
 * The P-Chain height this node would propose for the chain's next block
 * (`proposervm.getProposedHeight`, avalanchego v1.14.0+), as `bigint`.
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getProposedHeight } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const pChainHeight = await getProposedHeight(client)
 */
export const getProposedHeight = /* @__PURE__ */ proposerVMAction(table.getProposedHeight)
export type GetProposedHeightParameters = ArgsOf<T['getProposedHeight']>
export type GetProposedHeightReturnType = ResultOf<T['getProposedHeight']>
export type GetProposedHeightErrorType = EndpointActionErrorType<T['getProposedHeight']>

/**
 * The Granite epoch (ACP-181) the chain's next block would be in (`proposervm.getCurrentEpoch`,
 * avalanchego v1.14.0+): `number`, `startTime` (unix seconds) and `pChainHeight`, each a `bigint`.
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getCurrentEpoch } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { number, startTime, pChainHeight } = await getCurrentEpoch(client)
 */
export const getCurrentEpoch = /* @__PURE__ */ proposerVMAction(table.getCurrentEpoch)
export type GetCurrentEpochParameters = ArgsOf<T['getCurrentEpoch']>
export type GetCurrentEpochReturnType = ResultOf<T['getCurrentEpoch']>
export type GetCurrentEpochErrorType = EndpointActionErrorType<T['getCurrentEpoch']>
