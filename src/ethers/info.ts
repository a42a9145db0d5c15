import { FetchRequest, type JsonRpcApiProvider } from 'ethers'
import { callMethod } from '../core/methods/call.js'
import * as table from '../core/methods/info.js'
import type { ActionsOf, MethodSpec } from '../core/methods/spec.js'
import { deriveInfoUrl } from '../core/url.js'
import { postJson } from './http.js'
import { sendWithLifecycle } from './request.js'

/** The Info API's methods, one per entry of the core table, documented there. */
export type InfoMethods = ActionsOf<typeof table>

export type InfoClientOptions = {
  /**
   * A provider whose lifecycle the client follows: once it is destroyed, calls reject as its
   * `send` does, and each call emits its `debug` events. `provider.info` sets this.
   */
  provider?: JsonRpcApiProvider | undefined
}

/**
 * The node's Info API (`/ext/info`) for ethers users: one plain JSON-RPC request per call,
 * no network detection and no batching (the node answers a batch with one -32700), a
 * lossless body parse, and the same result types and errors as the viem adapter. It has one
 * method per Info API method: `acps`, `isBootstrapped`, `getBlockchainID`, `getNetworkID`,
 * `getNetworkName`, `getNodeID`, `getNodeIP`, `getNodeVersion`, `getTxFee`, `getVMs`,
 * `peers`, `upgrades`, `uptime`.
 *
 * Made from any URL of the node (base, `/ext/info`, `/ext/bc/<id>/rpc`: path prefix, query
 * and credentials kept) or from a `FetchRequest` whose headers, timeout and retry settings
 * it reuses.
 *
 * @example
 * import { InfoClient } from 'subnet-rpc/ethers'
 *
 * const info = new InfoClient('http://127.0.0.1:9650')
 * const { version } = await info.getNodeVersion()
 * const { numPeers } = await info.peers()
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: its static block defines each method the merged interface declares.
export class InfoClient {
  readonly #request: FetchRequest
  readonly #provider: JsonRpcApiProvider | undefined

  constructor(urlOrRequest: string | FetchRequest, options: InfoClientOptions = {}) {
    if (typeof urlOrRequest === 'string') {
      this.#request = new FetchRequest(deriveInfoUrl(urlOrRequest))
    } else {
      this.#request = urlOrRequest.clone()
      this.#request.url = deriveInfoUrl(urlOrRequest.url)
    }
    this.#provider = options.provider
  }

  /** The `/ext/info` URL requests go to. */
  get url(): string {
    return this.#request.url
  }

  #call<A, R>(spec: MethodSpec<A, R>, args: A): Promise<R> {
    const post = (payload: unknown) => postJson(this.#request.clone(), payload)
    return callMethod(spec, args, sendWithLifecycle(this.#provider, post))
  }

  static {
    // One method per table entry, named as the entry (`info.peers` is `peers`).
    for (const [name, spec] of Object.entries(table) as [string, MethodSpec<never, unknown>][]) {
      Object.defineProperty(InfoClient.prototype, name, {
        value(this: InfoClient, args: never) {
          return this.#call(spec, args)
        },
        writable: true,
        configurable: true,
      })
    }
  }
}

// The methods the static block defines, typed from the same table.
export interface InfoClient extends InfoMethods {}
