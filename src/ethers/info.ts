import { FetchRequest } from 'ethers'
import { parseReply } from '../core/methods/envelope.js'
import * as info from '../core/methods/info.js'
import type { MethodSpec } from '../core/methods/spec.js'
import { deriveInfoUrl } from '../core/url.js'
import { bodyText, sendChecked } from './http.js'
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
    const id = this.#nextId++
    const req = this.#request.clone()
    req.body = JSON.stringify({ jsonrpc: '2.0', id, method: spec.method, params })
    req.setHeader('content-type', 'application/json')
    const res = await sendChecked(req)
    return spec.result(parseReply(spec.method, bodyText(res), id))
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
