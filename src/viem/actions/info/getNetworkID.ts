import type { Client, HttpRequestErrorType, TimeoutErrorType } from 'viem'
import { getNetworkIDMethod } from '../../../core/methods/info.js'
import type { InfoEndpointErrorType, InvalidArgumentErrorType } from '../../../errors/argument.js'
import type { MethodNotFoundErrorType, NodeRpcErrorType } from '../../../errors/node.js'
import type { PrecisionErrorType, ResponseShapeErrorType } from '../../../errors/response.js'
import { executeInfo } from '../../utils/infoClient.js'

export type GetNetworkIDParameters = undefined
export type GetNetworkIDReturnType = number
export type GetNetworkIDErrorType = InfoEndpointErrorType | InvalidArgumentErrorType | NodeRpcErrorType | MethodNotFoundErrorType | ResponseShapeErrorType | PrecisionErrorType | HttpRequestErrorType | TimeoutErrorType

/**
 * Returns the network ID (1 mainnet, 5 Fuji, 12345 local).
 *
 * The request goes to the node's `/ext/info`, derived from the client's http transport
 * (see {@link infoActions} to pass a URL or transport).
 *
 * - Docs: https://github.com/subnet-rpc/subnet-rpc/blob/main/docs/viem/getNetworkID.md
 * - JSON-RPC Method: [`info.getNetworkID`](https://github.com/ava-labs/avalanchego/blob/master/api/info/service.md)
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { getNetworkID } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const networkID = await getNetworkID(client)
 */
export async function getNetworkID(client: Client): Promise<GetNetworkIDReturnType> {
  return executeInfo(client, getNetworkIDMethod, undefined)
}
