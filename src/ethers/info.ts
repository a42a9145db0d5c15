import type { FetchRequest } from 'ethers'
import * as table from '../core/methods/info.js'
import type { ActionsOf } from '../core/methods/spec.js'
import { deriveInfoUrl } from '../core/url.js'
import { EndpointClient, type EndpointClientOptions } from './endpoint.js'

/** The Info API's methods, one per entry of the core table, documented there. */
export type InfoMethods = ActionsOf<typeof table>

/** `InfoClient`'s options: a provider whose lifecycle it follows (`provider.info` sets it). */
export type InfoClientOptions = EndpointClientOptions

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
export class InfoClient extends EndpointClient {
  constructor(urlOrRequest: string | FetchRequest, options: InfoClientOptions = {}) {
    super(urlOrRequest, deriveInfoUrl, options)
  }

  static {
    InfoClient.defineMethods(InfoClient.prototype, table)
  }
}

// The methods the static block defines, typed from the same table.
export interface InfoClient extends InfoMethods {}
