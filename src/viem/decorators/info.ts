import type { Client } from 'viem'
import { all } from '../../core/methods/info.js'
import type { MethodSpec } from '../../core/methods/spec.js'
import type { AcpsReturnType } from '../actions/info/acps.js'
import type { GetBlockchainIDParameters } from '../actions/info/getBlockchainID.js'
import type { GetNodeIDReturnType } from '../actions/info/getNodeID.js'
import type { GetNodeVersionReturnType } from '../actions/info/getNodeVersion.js'
import type { GetTxFeeReturnType } from '../actions/info/getTxFee.js'
import type { GetVMsReturnType } from '../actions/info/getVMs.js'
import type { IsBootstrappedParameters } from '../actions/info/isBootstrapped.js'
import type { PeersParameters, PeersReturnType } from '../actions/info/peers.js'
import type { UpgradesReturnType } from '../actions/info/upgrades.js'
import type { UptimeParameters, UptimeReturnType } from '../actions/info/uptime.js'
import { infoRequester, type InfoActionsOptions } from '../utils/infoClient.js'
import { execute } from '../utils/request.js'

export type { InfoActionsOptions }

export type InfoActions = {
  /** ACP votes (`info.acps`). @example const { acps } = await client.acps() */
  acps: () => Promise<AcpsReturnType>
  /** Whether a chain is bootstrapped (`info.isBootstrapped`). @example await client.isBootstrapped({ chain: 'C' }) */
  isBootstrapped: (parameters: IsBootstrappedParameters) => Promise<boolean>
  /** Blockchain ID of an alias (`info.getBlockchainID`). @example await client.getBlockchainID({ alias: 'X' }) */
  getBlockchainID: (parameters: GetBlockchainIDParameters) => Promise<string>
  /** Network ID (`info.getNetworkID`). @example await client.getNetworkID() */
  getNetworkID: () => Promise<number>
  /** Network name (`info.getNetworkName`). @example await client.getNetworkName() */
  getNetworkName: () => Promise<string>
  /** Node ID and BLS proof of possession (`info.getNodeID`). @example await client.getNodeID() */
  getNodeID: () => Promise<GetNodeIDReturnType>
  /** Node IP (`info.getNodeIP`). @example await client.getNodeIP() */
  getNodeIP: () => Promise<string>
  /** Versions (`info.getNodeVersion`). @example await client.getNodeVersion() */
  getNodeVersion: () => Promise<GetNodeVersionReturnType>
  /**
   * Primary network fees (`info.getTxFee`). @example await client.getTxFee()
   * @deprecated Nodes since v1.12.2 answer with a static table.
   */
  getTxFee: () => Promise<GetTxFeeReturnType>
  /** Installed VMs (`info.getVMs`). @example await client.getVMs() */
  getVMs: () => Promise<GetVMsReturnType>
  /** Connected peers (`info.peers`). @example await client.peers({ nodeIDs: ['NodeID-…'] }) */
  peers: (parameters?: PeersParameters) => Promise<PeersReturnType>
  /** Upgrade schedule (`info.upgrades`). @example await client.upgrades() */
  upgrades: () => Promise<UpgradesReturnType>
  /** Validator uptime (`info.uptime`). @example await client.uptime() */
  uptime: (parameters?: UptimeParameters) => Promise<UptimeReturnType>
}

/**
 * Adds the node's Info API to a viem client. Requests go to `/ext/info` of the same node,
 * derived from the client's http (or fallback of http) transport with its headers, timeout
 * and retries; batching is always off. Pass `{ url }` or `{ transport }` for other transports.
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { infoActions, subnetActions, subnetHttp } from 'subnet-rpc/viem'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 *   .extend(subnetActions())
 *   .extend(infoActions())
 * const { version } = await client.getNodeVersion()
 */
export function infoActions(options?: InfoActionsOptions) {
  return (client: Client): InfoActions => {
    // Derived on the first request, not here: a client whose Info URL cannot be derived still
    // gets its chain actions, and Info actions check their arguments first and reject (never throw).
    const info = infoRequester(client, options)
    // Each action is its standalone twin (actions/info/*) over this client's Info client, named
    // after the method without its namespace: `info.peers` → `peers`.
    return Object.fromEntries(
      all.map((spec: MethodSpec<never, unknown>) => [spec.method.slice(5), (args: never) => execute(info, spec, args)]),
    ) as InfoActions
  }
}
