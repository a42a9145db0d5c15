import {
  BrowserProvider,
  FetchRequest,
  JsonRpcProvider,
  type JsonRpcApiProvider,
  type JsonRpcError,
  type JsonRpcPayload,
  type JsonRpcResult,
} from 'ethers'
import type { Timestamp } from '../core/encode.js'
import { parseJson } from '../core/json/parse.js'
import type { ActivePrecompiles, ActiveRules, ChainConfig, FeeConfigReturnType } from '../core/types/subnet.js'
import { InfoEndpointError } from '../errors/argument.js'
import type { EthersBlockTag } from './blockTag.js'
import { feeConfig, getActivePrecompilesAt, getActiveRulesAt, getChainConfig } from './functions.js'
import { bodyText, postJson, sendChecked } from './http.js'
import { HealthClient } from './health.js'
import { InfoClient } from './info.js'
import { ProposerVMClient } from './proposervm.js'
import { ValidatorsClient } from './validators.js'
import { postBody } from './request.js'

// biome-ignore lint/suspicious/noExplicitAny: mixin constructors take any arguments.
type Constructor<T> = abstract new (...args: any[]) => T

/** What {@link SubnetProviderMixin} adds to an ethers provider class. */
export interface SubnetProviderMethods {
  /** `eth_feeConfig` at a block: a number, bigint, hex number, hash or tag (default: the node's head). */
  feeConfig(blockTag?: EthersBlockTag): Promise<FeeConfigReturnType>
  /** `eth_getChainConfig`, with the post-genesis `upgrades`. */
  getChainConfig(): Promise<ChainConfig>
  /** `eth_getActiveRulesAt` (unix seconds as number or bigint, or a Date; default: head time). */
  getActiveRulesAt(timestamp?: Timestamp): Promise<ActiveRules>
  /**
   * `eth_getActivePrecompilesAt`.
   * @deprecated Use `getActiveRulesAt`; nodes mark this method deprecated.
   */
  getActivePrecompilesAt(timestamp?: Timestamp): Promise<ActivePrecompiles>
  /**
   * The node's Info API on the same connection: the `/ext/info` URL derived from the
   * provider's URL, with its headers; no network detection, no batching. It follows this
   * provider's lifecycle (refused once destroyed) and emits its `debug` events.
   */
  readonly info: InfoClient
  /**
   * The node's Health API (`/ext/health`) on the same connection, as `info`: the URL derived
   * from the provider's, with its headers; follows this provider's lifecycle.
   */
  readonly health: HealthClient
  /**
   * The L1's Validators API (`/ext/bc/<id>/validators`) on the same connection, as `info`:
   * the URL derived from the provider's `/ext/bc/<id>/rpc` URL, with its headers; follows
   * this provider's lifecycle.
   */
  readonly validators: ValidatorsClient
  /**
   * The chain's ProposerVM API (`/ext/bc/<id>/proposervm`, avalanchego v1.14.0+) on the same
   * connection, as `info`: the URL derived from the provider's `/ext/bc/<id>/rpc` URL, with its
   * headers; follows this provider's lifecycle.
   */
  readonly proposervm: ProposerVMClient
}

/**
 * Adds the Subnet-EVM methods and the node's other endpoints (`info`, `health`, `validators`, `proposervm`)
 * to any ethers `JsonRpcApiProvider` class (`JsonRpcProvider`, `BrowserProvider`, …), keeping
 * its constructor. The methods follow `send`'s lifecycle (refused once destroyed, `debug`
 * events) without its batch timer.
 *
 * Its type is the base class plus {@link SubnetProviderMethods}, so a declaration names them
 * instead of restating every member of the base.
 *
 * @example
 * import { WebSocketProvider } from 'ethers'
 * import { SubnetProviderMixin } from 'subnet-rpc/ethers'
 *
 * const SubnetWebSocketProvider = SubnetProviderMixin(WebSocketProvider)
 */
export function SubnetProviderMixin<TBase extends Constructor<JsonRpcApiProvider>>(
  Base: TBase,
): TBase & Constructor<SubnetProviderMethods> {
  abstract class SubnetProviderBase extends Base implements SubnetProviderMethods {
    #info?: InfoClient
    #health?: HealthClient
    #validators?: ValidatorsClient
    #proposervm?: ProposerVMClient

    feeConfig(blockTag?: EthersBlockTag): Promise<FeeConfigReturnType> {
      return feeConfig(this, blockTag)
    }
    getChainConfig(): Promise<ChainConfig> {
      return getChainConfig(this)
    }
    getActiveRulesAt(timestamp?: Timestamp): Promise<ActiveRules> {
      return getActiveRulesAt(this, timestamp)
    }
    getActivePrecompilesAt(timestamp?: Timestamp): Promise<ActivePrecompiles> {
      return getActivePrecompilesAt(this, timestamp)
    }

    get info(): InfoClient {
      this.#info ??= new InfoClient(connectionOf(this, 'InfoClient'), { provider: this })
      return this.#info
    }

    get health(): HealthClient {
      this.#health ??= new HealthClient(connectionOf(this, 'HealthClient'), { provider: this })
      return this.#health
    }

    get validators(): ValidatorsClient {
      this.#validators ??= new ValidatorsClient(connectionOf(this, 'ValidatorsClient'), { provider: this })
      return this.#validators
    }

    get proposervm(): ProposerVMClient {
      this.#proposervm ??= new ProposerVMClient(connectionOf(this, 'ProposerVMClient'), { provider: this })
      return this.#proposervm
    }
  }
  return SubnetProviderBase
}

/**
 * The provider's connection, for a client of another endpoint of the same node: a
 * `JsonRpcProvider`'s request (its URL and headers), or a `WebSocketProvider`'s socket URL
 * (`ws(s)://…/ext/bc/<id>/ws`, whose endpoints are its http(s) twins).
 */
function connectionOf(provider: JsonRpcApiProvider, client: string): FetchRequest {
  const connection = (provider as unknown as { _getConnection?: () => FetchRequest })._getConnection
  if (typeof connection === 'function') return connection.call(provider)
  // ethers types the socket as WebSocketLike; the `ws` package's and the browser's both have `url`.
  const socketUrl = (provider as unknown as { websocket?: { url?: unknown } }).websocket?.url
  if (typeof socketUrl === 'string') return new FetchRequest(socketUrl)
  throw new InfoEndpointError(
    `This provider has no URL to derive the node's other endpoints from. Use new ${client}(url) with the node URL.`,
  )
}

/**
 * A drop-in `JsonRpcProvider` for Avalanche L1s: same constructor, same standard methods,
 * plus `feeConfig`, `getChainConfig`, `getActiveRulesAt`, `getActivePrecompilesAt`, `info`,
 * `health`, `validators` and `proposervm`. Replies are parsed losslessly, so integers above 2^53 stay exact.
 *
 * @example
 * import { SubnetProvider } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const { feeConfig } = await provider.feeConfig()
 * const { version } = await provider.info.getNodeVersion()
 * provider.destroy()
 */
export class SubnetProvider extends SubnetProviderMixin(JsonRpcProvider) {
  /** Same as JsonRpcProvider's, with a lossless body parse and a deadline of the request's timeout. */
  override async _send(payload: JsonRpcPayload | JsonRpcPayload[]): Promise<JsonRpcResult[]> {
    const request = this._getConnection()
    request.body = JSON.stringify(payload)
    request.setHeader('content-type', 'application/json')
    const response = await sendChecked(request)
    let parsed: unknown
    try {
      parsed = parseJson(bodyText(response))
    } catch {
      // Not JSON: ethers' own error ("response body is not valid JSON"), as JsonRpcProvider throws it.
      parsed = response.bodyJson
    }
    // ethers types the array as results, but error entries travel in it too.
    const body = parsed as JsonRpcResult | JsonRpcError | (JsonRpcResult | JsonRpcError)[]
    return (Array.isArray(body) ? body : [body]) as JsonRpcResult[]
  }

  /**
   * The whole reply body, for subnet-rpc's own methods, which check the envelope themselves.
   * A subclass with its own `_send` is gone through instead (its `_send` is what it asks for).
   */
  get [postBody]() {
    return this._send === SubnetProvider.prototype._send ? this.#postBody : undefined
  }

  readonly #postBody = (payload: JsonRpcPayload) => postJson(this._getConnection(), payload)
}

/**
 * `BrowserProvider` with the Subnet-EVM methods, over an EIP-1193 provider (a wallet).
 * The wallet parses replies itself, so integers above 2^53 raise `PrecisionError`; for the
 * Info API use `new InfoClient(nodeUrl)`.
 *
 * @example
 * import { SubnetBrowserProvider } from 'subnet-rpc/ethers'
 *
 * declare const wallet: import('ethers').Eip1193Provider
 * const provider = new SubnetBrowserProvider(wallet)
 * const rules = await provider.getActiveRulesAt(new Date())
 */
export class SubnetBrowserProvider extends SubnetProviderMixin(BrowserProvider) {}
