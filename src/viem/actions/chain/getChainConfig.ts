import type { Chain, Client, HttpRequestErrorType, TimeoutErrorType, Transport } from 'viem'
import type { ChainConfig } from '../../../core/types/subnet.js'
import { getChainConfigMethod } from '../../../core/methods/subnet.js'
import type { InvalidArgumentErrorType } from '../../../errors/argument.js'
import type { MethodNotFoundErrorType, NodeRpcErrorType } from '../../../errors/node.js'
import type { PrecisionErrorType, ResponseShapeErrorType } from '../../../errors/response.js'
import { execute } from '../../utils/request.js'

export type GetChainConfigParameters = undefined
export type GetChainConfigReturnType = ChainConfig
export type GetChainConfigErrorType = InvalidArgumentErrorType | NodeRpcErrorType | MethodNotFoundErrorType | ResponseShapeErrorType | PrecisionErrorType | HttpRequestErrorType | TimeoutErrorType

/**
 * Returns the L1's chain config, with the network upgrade timestamps, genesis precompiles and the post-genesis `upgrades`.
 *
 * - Docs: https://github.com/subnet-rpc/subnet-rpc/blob/main/docs/viem/getChainConfig.md
 * - JSON-RPC Method: [`eth_getChainConfig`](https://github.com/ava-labs/avalanchego/blob/master/graft/subnet-evm/plugin/evm/service.md)
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { getChainConfig } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const config = await getChainConfig(client)
 * console.log(config.chainId, config.upgrades.precompileUpgrades)
 */
export async function getChainConfig<chain extends Chain | undefined>(client: Client<Transport, chain>): Promise<GetChainConfigReturnType> {
  return execute(client, getChainConfigMethod, undefined)
}
