import { FetchRequest, makeError, type JsonRpcApiProvider } from 'ethers'
import { healthFromGet, healthGetUrl, type HealthKind } from '../core/health.js'
import { callMethod } from '../core/methods/call.js'
import * as table from '../core/methods/health.js'
import type { ActionsOf, MethodSpec } from '../core/methods/spec.js'
import type { HealthParameters, HealthReturnType } from '../core/types/health.js'
import { deriveHealthUrl } from '../core/url.js'
import { bodyText, postJson } from './http.js'
import type { InfoClientOptions } from './info.js'
import { sendWithLifecycle } from './request.js'

/** The Health API's methods, one per entry of the core table, documented there. */
export type HealthMethods = ActionsOf<typeof table>

/** `HealthClient`'s options: a provider whose lifecycle it follows (`provider.health` sets it). */
export type HealthClientOptions = InfoClientOptions

/** `HealthClient.check`'s options: which checks, and which tags. */
export type HealthCheckOptions = HealthParameters & {
  /** `health` (default, every check), `readiness` or `liveness`. */
  kind?: HealthKind | undefined
}

/**
 * The node's Health API (`/ext/health`) for ethers users, made and used as `InfoClient`:
 * `health`, `readiness` and `liveness` over JSON-RPC (each with optional `tags`), plus
 * `check`, the GET form load balancers use, which resolves with the report whether the node
 * answered 200 (healthy) or 503 (unhealthy).
 *
 * @example
 * import { HealthClient } from 'subnet-rpc/ethers'
 *
 * const health = new HealthClient('http://127.0.0.1:9650')
 * const { healthy, checks } = await health.health()
 * const ready = await health.check({ kind: 'readiness' })
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: its static block defines each method the merged interface declares.
export class HealthClient {
  readonly #request: FetchRequest
  readonly #provider: JsonRpcApiProvider | undefined

  constructor(urlOrRequest: string | FetchRequest, options: HealthClientOptions = {}) {
    this.#request = typeof urlOrRequest === 'string' ? new FetchRequest(urlOrRequest) : urlOrRequest.clone()
    this.#request.url = deriveHealthUrl(this.#request.url)
    this.#provider = options.provider
  }

  /** The `/ext/health` URL requests go to. */
  get url(): string {
    return this.#request.url
  }

  /**
   * The GET form (`GET /ext/health`, `/ext/health/readiness`, `/ext/health/liveness`, with
   * `?tag=`): 503 is an answer (`healthy: false`), not an error. Refused once the provider is destroyed.
   */
  async check(options: HealthCheckOptions = {}): Promise<HealthReturnType> {
    const request = this.#request.clone()
    request.url = healthGetUrl(this.#request.url, options)
    if (this.#provider?.destroyed) throw makeError('provider destroyed; cancelled request', 'UNSUPPORTED_OPERATION', { operation: 'GET' })
    const response = await request.send()
    return healthFromGet(response.statusCode, bodyText(response), `GET ${new URL(request.url).pathname}`)
  }

  #call<A, R>(spec: MethodSpec<A, R>, args: A): Promise<R> {
    const post = (payload: unknown) => postJson(this.#request.clone(), payload)
    return callMethod(spec, args, sendWithLifecycle(this.#provider, post))
  }

  static {
    // One method per table entry, named as the entry (`health.readiness` is `readiness`).
    for (const [name, spec] of Object.entries(table) as [string, MethodSpec<never, unknown>][]) {
      Object.defineProperty(HealthClient.prototype, name, {
        value(this: HealthClient, args: never) {
          return this.#call(spec, args)
        },
        writable: true,
        configurable: true,
      })
    }
  }
}

// The methods the static block defines, typed from the same table.
export interface HealthClient extends HealthMethods {}
