import type { Client } from 'viem'
import type * as table from '../../core/methods/proposervm.js'
import type { ActionsOf } from '../../core/methods/spec.js'
import * as actions from '../actions/proposervm.js'
import { endpointActions, proposerVMEndpoint, type ProposerVMActionsOptions } from '../utils/endpoint.js'

export type { ProposerVMActionsOptions }

/** The ProposerVM API actions a client gets from `proposerVMActions`, typed and documented from the core table. */
export type ProposerVMActions = ActionsOf<typeof table>

/**
 * Adds a chain's ProposerVM API (`getProposedHeight`, `getCurrentEpoch`; avalanchego v1.14.0+) to a
 * viem client. Requests go to the chain's `/ext/bc/<id>/proposervm`, derived from the client's
 * `/ext/bc/<id>/rpc` (or `/ws`) transport URL as `infoActions` derives `/ext/info`; pass
 * `{ blockchainID }` (an ID or alias such as `P`) when the URL does not name the chain, `{ url }`
 * or `{ transport }` for other transports. Use it called or not.
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { proposerVMActions, subnetHttp } from 'subnet-rpc/viem'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(proposerVMActions)
 * const height = await client.getProposedHeight()
 * const { number, startTime, pChainHeight } = await client.getCurrentEpoch()
 */
export function proposerVMActions(options?: ProposerVMActionsOptions): (client: Client) => ProposerVMActions
export function proposerVMActions(client: Client): ProposerVMActions
export function proposerVMActions(arg?: ProposerVMActionsOptions | Client): ProposerVMActions | ((client: Client) => ProposerVMActions) {
  return endpointActions<typeof table, ProposerVMActionsOptions>(proposerVMEndpoint, actions, arg)
}
