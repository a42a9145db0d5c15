import { FetchRequest, type FetchResponse } from 'ethers'
import * as info from '../core/methods/info.js'
import type { MethodSpec } from '../core/methods/spec.js'
import { parseJson } from '../core/json/parse.js'
import { deriveInfoUrl } from '../core/url.js'
import { nodeError } from '../errors/node.js'
import { ResponseShapeError } from '../errors/response.js'
import type { GetNodeIDReturnType, GetNodeVersionReturnType, GetTxFeeReturnType, GetVMsReturnType, AcpsReturnType, PeersReturnType, UpgradesReturnType, UptimeReturnType } from '../core/types/info.js'

/**
 * The node's Info API (`/ext/info`) for ethers users: one plain JSON-RPC request per call,
 * no network detection and no batching (the node answers a batch with one -32700), a
 * lossless body parse, and the same result types and errors as the viem adapter.
 *
 * Made from any URL of the node (base, `/ext/info`, `/ext/bc/<id>/rpc`: path prefix, query
 * and credentials kept) or from a `FetchRequest` whose headers, timeout and retry
 * settings it reuses.
 *
 * @example
 * import { InfoClient } from 'subnet-rpc/ethers'
 * const info = new InfoClient('http://127.0.0.1:9650')
 * const { version } = await info.getNodeVersion()
 */
const utf8 = new TextDecoder()

/**
 * The body as text via the platform's decoder: ethers' own `bodyText` decodes UTF-8 in
 * JavaScript, which costs more than the parse on a large `peers` reply.
 */
export function bodyText(res: FetchResponse): string {
  return res.body ? utf8.decode(res.body) : ''
}

export class InfoClient {
  readonly #request: FetchRequest
  #nextId = 1

  constructor(urlOrRequest: string | FetchRequest) {
    if (typeof urlOrRequest === 'string') {
      this.#request = new FetchRequest(deriveInfoUrl(urlOrRequest))
    } else {
      this.#request = urlOrRequest.clone()
      this.#request.url = deriveInfoUrl(urlOrRequest.url)
    }
  }

  /** The `/ext/info` URL requests go to. */
  get url(): string {
    return this.#request.url
  }

  async #call<A, R>(spec: MethodSpec<A, R>, args: A): Promise<R> {
    const params = spec.params(args)
    const req = this.#request.clone()
    req.body = JSON.stringify({ jsonrpc: '2.0', id: this.#nextId++, method: spec.method, params })
    req.setHeader('content-type', 'application/json')
    const res = await req.send()
    res.assertOk()
    let body: unknown
    try {
      body = parseJson(bodyText(res))
    } catch {
      throw new ResponseShapeError({ method: spec.method, path: '$', expected: 'a JSON-RPC response', received: 'text that is not JSON' })
    }
    if (!body || typeof body !== 'object' || Array.isArray(body))
      throw new ResponseShapeError({ method: spec.method, path: '$', expected: 'a JSON-RPC response object', received: Array.isArray(body) ? 'an array' : String(body) })
    const { result, error } = body as { result?: unknown; error?: { code?: unknown; message?: unknown; data?: unknown } | null }
    if (error) {
      if (typeof error.code !== 'number' || typeof error.message !== 'string')
        throw new ResponseShapeError({ method: spec.method, path: '$.error', expected: 'an error with code and message', received: JSON.stringify(error) })
      throw nodeError({ method: spec.method, code: error.code, message: error.message, data: error.data })
    }
    return spec.result(result)
  }

  /** `info.acps`: ACP votes. */
  acps(): Promise<AcpsReturnType> {
    return this.#call(info.acpsMethod, undefined)
  }
  /** `info.isBootstrapped`. @example await info.isBootstrapped({ chain: 'C' }) */
  isBootstrapped(args: { chain: string }): Promise<boolean> {
    return this.#call(info.isBootstrappedMethod, args)
  }
  /** `info.getBlockchainID`. @example await info.getBlockchainID({ alias: 'X' }) */
  getBlockchainID(args: { alias: string }): Promise<string> {
    return this.#call(info.getBlockchainIDMethod, args)
  }
  /** `info.getNetworkID`. */
  getNetworkID(): Promise<number> {
    return this.#call(info.getNetworkIDMethod, undefined)
  }
  /** `info.getNetworkName`. */
  getNetworkName(): Promise<string> {
    return this.#call(info.getNetworkNameMethod, undefined)
  }
  /** `info.getNodeID`. */
  getNodeID(): Promise<GetNodeIDReturnType> {
    return this.#call(info.getNodeIDMethod, undefined)
  }
  /** `info.getNodeIP`. */
  getNodeIP(): Promise<string> {
    return this.#call(info.getNodeIPMethod, undefined)
  }
  /** `info.getNodeVersion`. */
  getNodeVersion(): Promise<GetNodeVersionReturnType> {
    return this.#call(info.getNodeVersionMethod, undefined)
  }
  /**
   * `info.getTxFee`.
   * @deprecated Nodes since v1.12.2 answer with a static table.
   */
  getTxFee(): Promise<GetTxFeeReturnType> {
    return this.#call(info.getTxFeeMethod, undefined)
  }
  /** `info.getVMs`. */
  getVMs(): Promise<GetVMsReturnType> {
    return this.#call(info.getVMsMethod, undefined)
  }
  /** `info.peers`, optionally only some NodeIDs. */
  peers(args?: { nodeIDs?: readonly string[] }): Promise<PeersReturnType> {
    return this.#call(info.peersMethod, args)
  }
  /** `info.upgrades`. */
  upgrades(): Promise<UpgradesReturnType> {
    return this.#call(info.upgradesMethod, undefined)
  }
  /** `info.uptime` (`subnetID` is sent when given; current nodes ignore it). */
  uptime(args?: { subnetID?: string }): Promise<UptimeReturnType> {
    return this.#call(info.uptimeMethod, args)
  }
}
