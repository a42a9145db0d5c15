import type { Client } from 'viem'
import type * as table from '../../core/methods/validators.js'
import type { ActionsOf } from '../../core/methods/spec.js'
import { deriveValidatorsUrl } from '../../core/url.js'
import * as actions from '../actions/validators.js'
import { setEndpointRequester, type InfoActionsOptions } from '../utils/infoClient.js'

/** `validatorsActions`' options: a URL of the node or L1, the L1's blockchain ID, or a transport. */
export type ValidatorsActionsOptions = InfoActionsOptions & {
  /**
   * The L1's blockchain ID (or alias): needed when the URL (the client's, or `url`) is not
   * one of the L1's `/ext/bc/<id>/…` URLs, e.g. the node's base URL.
   */
  blockchainID?: string | undefined
}

/** The Validators API actions a client gets from `validatorsActions`, typed and documented from the core table. */
export type ValidatorsActions = ActionsOf<typeof table>

function validatorsActionsFor(client: Client, options?: ValidatorsActionsOptions): ValidatorsActions {
  const blockchainID = options?.blockchainID
  setEndpointRequester(actions.validatorsEndpoint, client, options, (url) => deriveValidatorsUrl(url, blockchainID))
  return { getCurrentValidators: (parameters) => actions.getCurrentValidators(client, parameters) }
}

const isClient = (value: unknown): value is Client => typeof (value as Client | undefined)?.request === 'function'

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
  if (isClient(arg)) return validatorsActionsFor(arg)
  return (client: Client) => validatorsActionsFor(client, arg)
}
