import { FetchRequest, type JsonRpcApiProvider } from 'ethers'
import { callMethod } from '../core/methods/call.js'
import * as table from '../core/methods/validators.js'
import type { ActionsOf, MethodSpec } from '../core/methods/spec.js'
import { deriveValidatorsUrl } from '../core/url.js'
import { postJson } from './http.js'
import type { InfoClientOptions } from './info.js'
import { sendWithLifecycle } from './request.js'

/** The Validators API's methods, one per entry of the core table, documented there. */
export type ValidatorsMethods = ActionsOf<typeof table>

export type ValidatorsClientOptions = InfoClientOptions & {
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
export class ValidatorsClient {
  readonly #request: FetchRequest
  readonly #provider: JsonRpcApiProvider | undefined

  constructor(urlOrRequest: string | FetchRequest, options: ValidatorsClientOptions = {}) {
    this.#request = typeof urlOrRequest === 'string' ? new FetchRequest(urlOrRequest) : urlOrRequest.clone()
    this.#request.url = deriveValidatorsUrl(this.#request.url, options.blockchainID)
    this.#provider = options.provider
  }

  /** The `/ext/bc/<id>/validators` URL requests go to. */
  get url(): string {
    return this.#request.url
  }

  #call<A, R>(spec: MethodSpec<A, R>, args: A): Promise<R> {
    const post = (payload: unknown) => postJson(this.#request.clone(), payload)
    return callMethod(spec, args, sendWithLifecycle(this.#provider, post))
  }

  static {
    for (const [name, spec] of Object.entries(table) as [string, MethodSpec<never, unknown>][]) {
      Object.defineProperty(ValidatorsClient.prototype, name, {
        value(this: ValidatorsClient, args: never) {
          return this.#call(spec, args)
        },
        writable: true,
        configurable: true,
      })
    }
  }
}

// The methods the static block defines, typed from the same table.
export interface ValidatorsClient extends ValidatorsMethods {}
