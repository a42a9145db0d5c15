import type { FetchRequest } from 'ethers'
import * as table from '../core/methods/validators.js'
import type { ActionsOf } from '../core/methods/spec.js'
import { deriveValidatorsUrl } from '../core/url.js'
import { EndpointClient, type EndpointClientOptions } from './endpoint.js'

/** The Validators API's methods, one per entry of the core table, documented there. */
export type ValidatorsMethods = ActionsOf<typeof table>

export type ValidatorsClientOptions = EndpointClientOptions & {
  /** The L1's blockchain ID (or alias), when the URL is not one of its `/ext/bc/<id>/…` URLs. */
  blockchainID?: string | undefined
}

/**
 * Subnet-EVM's Validators API (`/ext/bc/<id>/validators`) for ethers users, made and used
 * as `InfoClient`: `getCurrentValidators({ nodeIDs? })`, weights and timestamps as exact
 * `bigint` (lossless parse), `uptimePercentage` the answering node's local view.
 *
 * @example
 * import { ValidatorsClient } from 'subnet-rpc/ethers'
 *
 * const l1 = new ValidatorsClient('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * for (const v of await l1.getCurrentValidators()) console.log(v.nodeID, v.weight, v.isConnected)
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: its static block defines each method the merged interface declares.
export class ValidatorsClient extends EndpointClient {
  constructor(urlOrRequest: string | FetchRequest, options: ValidatorsClientOptions = {}) {
    super(urlOrRequest, (url) => deriveValidatorsUrl(url, options.blockchainID), options)
  }

  static {
    ValidatorsClient.defineMethods(ValidatorsClient.prototype, table)
  }
}

// The methods the static block defines, typed from the same table.
export interface ValidatorsClient extends ValidatorsMethods {}
