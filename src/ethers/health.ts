import type { FetchRequest } from 'ethers'
import { healthFromGet, healthGetUrl, type HealthKind } from '../core/health.js'
import * as table from '../core/methods/health.js'
import type { ActionsOf } from '../core/methods/spec.js'
import type { HealthParameters, HealthReturnType } from '../core/types/health.js'
import { deriveHealthUrl } from '../core/url.js'
import { EndpointClient, type EndpointClientOptions } from './endpoint.js'
import { bodyText } from './http.js'

/** The Health API's methods, one per entry of the core table, documented there. */
export type HealthMethods = ActionsOf<typeof table>

/** `HealthClient`'s options: a provider whose lifecycle it follows (`provider.health` sets it). */
export type HealthClientOptions = EndpointClientOptions

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
export class HealthClient extends EndpointClient {
  constructor(urlOrRequest: string | FetchRequest, options: HealthClientOptions = {}) {
    super(urlOrRequest, deriveHealthUrl, options)
  }

  /**
   * The GET form (`GET /ext/health`, `/ext/health/readiness`, `/ext/health/liveness`, with
   * `?tag=`): 503 is an answer (`healthy: false`), not an error. Refused once the provider is destroyed.
   */
  async check(options: HealthCheckOptions = {}): Promise<HealthReturnType> {
    const url = healthGetUrl(this.url, options)
    const response = await this.sendGet(url)
    return healthFromGet(response.statusCode, bodyText(response), `GET ${new URL(url).pathname}`)
  }

  static {
    HealthClient.defineMethods(HealthClient.prototype, table)
  }
}

// The methods the static block defines, typed from the same table.
export interface HealthClient extends HealthMethods {}
