import type { Chain, Client, HttpRequestErrorType, TimeoutErrorType, Transport } from 'viem'
import type { FeeConfigReturnType } from '../../../core/types/subnet.js'
import type { BlockSelector } from '../../../core/encode.js'
import { feeConfigMethod } from '../../../core/methods/subnet.js'
import type { InvalidArgumentErrorType } from '../../../errors/argument.js'
import type { MethodNotFoundErrorType, NodeRpcErrorType } from '../../../errors/node.js'
import type { PrecisionErrorType, ResponseShapeErrorType } from '../../../errors/response.js'
import { execute } from '../../utils/request.js'

/** Which block to read; none means the node's default (its current head). One of: */
export type FeeConfigParameters = BlockSelector
export type { FeeConfigReturnType }
export type FeeConfigErrorType = InvalidArgumentErrorType | NodeRpcErrorType | MethodNotFoundErrorType | ResponseShapeErrorType | PrecisionErrorType | HttpRequestErrorType | TimeoutErrorType

/**
 * Returns the fee config in force at a block, and the block of its last FeeManager change.
 *
 * - Docs: https://github.com/subnet-rpc/subnet-rpc/blob/main/docs/viem/feeConfig.md
 * - JSON-RPC Method: [`eth_feeConfig`](https://github.com/ava-labs/avalanchego/blob/master/graft/subnet-evm/plugin/evm/service.md)
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { feeConfig } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { feeConfig, lastChangedAt } = await feeConfig(client, { blockTag: 'latest' })
 */
export async function feeConfig<chain extends Chain | undefined>(client: Client<Transport, chain>, parameters: FeeConfigParameters = {}): Promise<FeeConfigReturnType> {
  return execute(client, feeConfigMethod, parameters)
}
