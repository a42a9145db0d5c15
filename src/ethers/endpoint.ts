/**
 * The base of the ethers clients of a node's endpoints besides the chain's (`InfoClient`,
 * `HealthClient`, `ValidatorsClient`): the endpoint's URL derived from any URL of the node, a
 * `FetchRequest` whose settings every request reuses, and one JSON-RPC call per method of a
 * core table through the shared call (core/methods/call.ts). Each subclass gives its URL
 * derivation and its table.
 */
import { FetchRequest, type FetchResponse, type JsonRpcApiProvider } from 'ethers'
import { callMethod, type Send } from '../core/methods/call.js'
import type { MethodSpec } from '../core/methods/spec.js'
import { postJson } from './http.js'
import { destroyedError, sendWithLifecycle } from './request.js'

/** What every endpoint client takes besides its URL. */
export type EndpointClientOptions = {
  /**
   * A provider whose lifecycle the client follows: once it is destroyed, calls reject as its
   * `send` does, and each call emits its `debug` events. `provider.info`, `provider.health`,
   * `provider.validators` and `provider.proposervm` set this.
   */
  provider?: JsonRpcApiProvider | undefined
}

/**
 * One endpoint of a node over ethers' `FetchRequest`: one plain JSON-RPC request per call, no
 * network detection and no batching (gorilla/rpc answers a batch with one -32700), a lossless
 * body parse. Made from any URL of the node (path prefix, query and credentials kept) or from
 * a `FetchRequest` whose headers, timeout and retry settings it reuses.
 */
export abstract class EndpointClient {
  readonly #request: FetchRequest
  readonly #provider: JsonRpcApiProvider | undefined
  // Made once: a call only encodes, posts a clone of the request and decodes.
  readonly #send: Send

  constructor(urlOrRequest: string | FetchRequest, derive: (url: string) => string, options: EndpointClientOptions) {
    this.#request = typeof urlOrRequest === 'string' ? new FetchRequest(urlOrRequest) : urlOrRequest.clone()
    this.#request.url = derive(this.#request.url)
    this.#provider = options.provider
    this.#send = sendWithLifecycle(
      this.#provider,
      (payload) => postJson(this.#request.clone(), payload),
      false,
      () => this.#request.url,
    )
  }

  /** The endpoint's URL requests go to: `/ext/info`, `/ext/health` or `/ext/bc/<id>/validators`. */
  get url(): string {
    return this.#request.url
  }

  /**
   * A GET of `url` (another form of this endpoint) with this client's settings, whatever its
   * status; refused as a call is once the provider is destroyed.
   */
  protected sendGet(url: string): Promise<FetchResponse> {
    if (this.#provider?.destroyed) throw destroyedError('GET')
    const request = this.#request.clone()
    request.url = url
    return request.send()
  }

  /**
   * Defines one method per entry of `table` on a subclass's `prototype`, named as the entry
   * (`info.peers` is `peers`); the subclass declares them by merging its table's methods into
   * its interface.
   */
  protected static defineMethods(prototype: EndpointClient, table: Record<string, MethodSpec<never, unknown>>): void {
    for (const [name, spec] of Object.entries(table)) {
      Object.defineProperty(prototype, name, {
        value(this: EndpointClient, args: never) {
          return callMethod(spec, args, this.#send)
        },
        writable: true,
        configurable: true,
      })
    }
  }
}
