import type { Client, HttpRequestErrorType, TimeoutErrorType } from 'viem'
import type { GetNodeIDReturnType } from '../../../core/types/info.js'
import { getNodeIDMethod } from '../../../core/methods/info.js'
import type { InfoEndpointErrorType, InvalidArgumentErrorType } from '../../../errors/argument.js'
import type { MethodNotFoundErrorType, NodeRpcErrorType } from '../../../errors/node.js'
import type { PrecisionErrorType, ResponseShapeErrorType } from '../../../errors/response.js'
import { executeInfo } from '../../utils/infoClient.js'

export type GetNodeIDParameters = undefined
export type { GetNodeIDReturnType }
export type GetNodeIDErrorType = InfoEndpointErrorType | InvalidArgumentErrorType | NodeRpcErrorType | MethodNotFoundErrorType | ResponseShapeErrorType | PrecisionErrorType | HttpRequestErrorType | TimeoutErrorType

/**
 * Returns the node's ID and its BLS public key with proof of possession.
 *
 * The request goes to the node's `/ext/info`, derived from the client's http transport
 * (see {@link infoActions} to pass a URL or transport).
 *
 * - Docs: https://github.com/subnet-rpc/subnet-rpc/blob/main/docs/viem/getNodeID.md
 * - JSON-RPC Method: [`info.getNodeID`](https://github.com/ava-labs/avalanchego/blob/master/api/info/service.md)
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { getNodeID } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { nodeID, nodePOP } = await getNodeID(client)
 */
export async function getNodeID(client: Client): Promise<GetNodeIDReturnType> {
  return executeInfo(client, getNodeIDMethod, undefined)
}
