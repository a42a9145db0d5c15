import type { Client } from 'viem'
import type * as table from '../../core/methods/validators.js'
import type { ActionsOf } from '../../core/methods/spec.js'
import * as actions from '../actions/validators.js'
import { endpointActions, validatorsEndpoint, type ValidatorsActionsOptions } from '../utils/endpoint.js'

export type { ValidatorsActionsOptions }

/** The Validators API actions a client gets from `validatorsActions`, typed and documented from the core table. */
export type ValidatorsActions = ActionsOf<typeof table>

/**
 * Adds Subnet-EVM's Validators API (`getCurrentValidators`) to a viem client. Requests go
 * to the L1's `/ext/bc/<id>/validators`, derived from the client's `/ext/bc/<id>/rpc` (or
 * `/ws`) transport URL as `infoActions` derives `/ext/info`; pass `{ blockchainID }` when the
 * URL does not name the chain, `{ url }` or `{ transport }` for other transports. Use it
 * called or not.
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp, validatorsActions } from 'subnet-rpc/viem'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(validatorsActions)
 * const validators = await client.getCurrentValidators()
 */
export function validatorsActions(options?: ValidatorsActionsOptions): (client: Client) => ValidatorsActions
export function validatorsActions(client: Client): ValidatorsActions
export function validatorsActions(arg?: ValidatorsActionsOptions | Client): ValidatorsActions | ((client: Client) => ValidatorsActions) {
  return endpointActions<typeof table, ValidatorsActionsOptions>(validatorsEndpoint, actions, arg)
}
