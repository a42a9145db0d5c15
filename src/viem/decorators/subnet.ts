import type { Client } from 'viem'
import type * as table from '../../core/methods/subnet.js'
import type { ActionsOf } from '../../core/methods/spec.js'
import * as actions from '../actions/subnet.js'

/** The Subnet-EVM actions a client gets from `subnetActions`, typed and documented from the core table. */
export type SubnetActions = ActionsOf<typeof table>

function subnetActionsFor(client: Client): SubnetActions {
  return {
    feeConfig: (parameters) => actions.feeConfig(client, parameters),
    getChainConfig: () => actions.getChainConfig(client),
    getActiveRulesAt: (parameters) => actions.getActiveRulesAt(client, parameters),
    getActivePrecompilesAt: (parameters) => actions.getActivePrecompilesAt(client, parameters),
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
