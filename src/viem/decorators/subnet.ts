import type { Chain, Client, Transport } from 'viem'
import { feeConfig, type FeeConfigParameters, type FeeConfigReturnType } from '../actions/chain/feeConfig.js'
import { getActivePrecompilesAt, type GetActivePrecompilesAtParameters, type GetActivePrecompilesAtReturnType } from '../actions/chain/getActivePrecompilesAt.js'
import { getActiveRulesAt, type GetActiveRulesAtParameters, type GetActiveRulesAtReturnType } from '../actions/chain/getActiveRulesAt.js'
import { getChainConfig, type GetChainConfigReturnType } from '../actions/chain/getChainConfig.js'

export type SubnetActions = {
  /**
   * The fee config in force at a block (`eth_feeConfig`).
   * @example const { feeConfig, lastChangedAt } = await client.feeConfig()
   */
  feeConfig: (parameters?: FeeConfigParameters) => Promise<FeeConfigReturnType>
  /**
   * The chain config with `upgrades` (`eth_getChainConfig`).
   * @example const config = await client.getChainConfig()
   */
  getChainConfig: () => Promise<GetChainConfigReturnType>
  /**
   * Rules and precompiles active at a time (`eth_getActiveRulesAt`).
   * @example const rules = await client.getActiveRulesAt({ timestamp: new Date() })
   */
  getActiveRulesAt: (parameters?: GetActiveRulesAtParameters) => Promise<GetActiveRulesAtReturnType>
  /**
   * Configs of the precompiles active at a time (`eth_getActivePrecompilesAt`).
   * @deprecated Use `getActiveRulesAt`; nodes mark this method deprecated.
   */
  getActivePrecompilesAt: (parameters?: GetActivePrecompilesAtParameters) => Promise<GetActivePrecompilesAtReturnType>
}

/**
 * Adds the Subnet-EVM actions to a viem client, over any transport.
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetActions, subnetHttp } from 'subnet-rpc/viem'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 *   .extend(subnetActions())
 * const { feeConfig } = await client.feeConfig()
 */
export function subnetActions() {
  return <transport extends Transport, chain extends Chain | undefined>(client: Client<transport, chain>): SubnetActions => ({
    feeConfig: (parameters) => feeConfig(client, parameters),
    getChainConfig: () => getChainConfig(client),
    getActiveRulesAt: (parameters) => getActiveRulesAt(client, parameters),
    getActivePrecompilesAt: (parameters) => getActivePrecompilesAt(client, parameters),
  })
}
