import type { Client, HttpRequestErrorType, TimeoutErrorType } from 'viem'
import { getNodeIPMethod } from '../../../core/methods/info.js'
import type { InfoEndpointErrorType, InvalidArgumentErrorType } from '../../../errors/argument.js'
import type { MethodNotFoundErrorType, NodeRpcErrorType } from '../../../errors/node.js'
import type { PrecisionErrorType, ResponseShapeErrorType } from '../../../errors/response.js'
import { executeInfo } from '../../utils/infoClient.js'

export type GetNodeIPParameters = undefined
export type GetNodeIPReturnType = string
export type GetNodeIPErrorType = InfoEndpointErrorType | InvalidArgumentErrorType | NodeRpcErrorType | MethodNotFoundErrorType | ResponseShapeErrorType | PrecisionErrorType | HttpRequestErrorType | TimeoutErrorType

/**
 * Returns the node's public IP and staking port, `host:port` (`""` when unknown).
 *
 * The request goes to the node's `/ext/info`, derived from the client's http transport
 * (see {@link infoActions} to pass a URL or transport).
 *
 * - Docs: https://github.com/subnet-rpc/subnet-rpc/blob/main/docs/viem/getNodeIP.md
 * - JSON-RPC Method: [`info.getNodeIP`](https://github.com/ava-labs/avalanchego/blob/master/api/info/service.md)
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { getNodeIP } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const ip = await getNodeIP(client)
 */
export async function getNodeIP(client: Client): Promise<GetNodeIPReturnType> {
  return executeInfo(client, getNodeIPMethod, undefined)
}
