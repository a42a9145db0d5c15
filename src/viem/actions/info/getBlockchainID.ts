import type { Client, HttpRequestErrorType, TimeoutErrorType } from 'viem'
import { getBlockchainIDMethod } from '../../../core/methods/info.js'
import type { InfoEndpointErrorType, InvalidArgumentErrorType } from '../../../errors/argument.js'
import type { MethodNotFoundErrorType, NodeRpcErrorType } from '../../../errors/node.js'
import type { PrecisionErrorType, ResponseShapeErrorType } from '../../../errors/response.js'
import { executeInfo } from '../../utils/infoClient.js'

export type GetBlockchainIDParameters = {
  /** A chain alias such as `'X'`, `'P'`, `'C'`. */
  alias: string
}
export type GetBlockchainIDReturnType = string
export type GetBlockchainIDErrorType = InfoEndpointErrorType | InvalidArgumentErrorType | NodeRpcErrorType | MethodNotFoundErrorType | ResponseShapeErrorType | PrecisionErrorType | HttpRequestErrorType | TimeoutErrorType

/**
 * Returns the blockchain ID of a chain alias.
 *
 * The request goes to the node's `/ext/info`, derived from the client's http transport
 * (see {@link infoActions} to pass a URL or transport).
 *
 * - Docs: https://github.com/subnet-rpc/subnet-rpc/blob/main/docs/viem/getBlockchainID.md
 * - JSON-RPC Method: [`info.getBlockchainID`](https://github.com/ava-labs/avalanchego/blob/master/api/info/service.md)
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { getBlockchainID } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const id = await getBlockchainID(client, { alias: 'X' })
 */
export async function getBlockchainID(client: Client, parameters: GetBlockchainIDParameters): Promise<GetBlockchainIDReturnType> {
  return executeInfo(client, getBlockchainIDMethod, parameters)
}
