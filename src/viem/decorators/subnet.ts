import type { Client } from 'viem'
import { callMethod, type Send } from '../../core/methods/call.js'
import * as table from '../../core/methods/subnet.js'
import type { ActionsOf, MethodSpec } from '../../core/methods/spec.js'

/** The Subnet-EVM actions a client gets from `subnetActions`, typed and documented from the core table. */
export type SubnetActions = ActionsOf<typeof table>

function subnetActionsFor(client: Client): SubnetActions {
  // Each action is the core table's spec through the client's request, as its standalone twin in
  // actions/subnet.ts is; bound here directly, an app using the decorator bundles no standalone actions.
  const call =
    <A, R>(spec: MethodSpec<A, R>) =>
    (parameters?: A) =>
      callMethod(spec, parameters, client.request as Send)
  return {
    feeConfig: call(table.feeConfig),
    getChainConfig: call(table.getChainConfig),
    getActiveRulesAt: call(table.getActiveRulesAt),
    getActivePrecompilesAt: call(table.getActivePrecompilesAt),
  }
}

/**
 * Adds the Subnet-EVM actions (`feeConfig`, `getChainConfig`, `getActiveRulesAt`,
 * `getActivePrecompilesAt`) to a viem client, over any transport. Pass it to `extend`
 * called or not: `extend(subnetActions())` and `extend(subnetActions)` are the same.
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetActions, subnetHttp } from 'subnet-rpc/viem'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(subnetActions)
 * const { feeConfig, lastChangedAt } = await client.feeConfig()
 */
export function subnetActions(): (client: Client) => SubnetActions
export function subnetActions(client: Client): SubnetActions
export function subnetActions(client?: Client): SubnetActions | ((client: Client) => SubnetActions) {
  return client ? subnetActionsFor(client) : subnetActionsFor
}
