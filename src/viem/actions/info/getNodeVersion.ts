import type { Client, HttpRequestErrorType, TimeoutErrorType } from 'viem'
import type { GetNodeVersionReturnType } from '../../../core/types/info.js'
import { getNodeVersionMethod } from '../../../core/methods/info.js'
import type { InfoEndpointErrorType, InvalidArgumentErrorType } from '../../../errors/argument.js'
import type { MethodNotFoundErrorType, NodeRpcErrorType } from '../../../errors/node.js'
import type { PrecisionErrorType, ResponseShapeErrorType } from '../../../errors/response.js'
import { executeInfo } from '../../utils/infoClient.js'

export type GetNodeVersionParameters = undefined
export type { GetNodeVersionReturnType }
export type GetNodeVersionErrorType = InfoEndpointErrorType | InvalidArgumentErrorType | NodeRpcErrorType | MethodNotFoundErrorType | ResponseShapeErrorType | PrecisionErrorType | HttpRequestErrorType | TimeoutErrorType

/**
 * Returns the node's version, database and RPC protocol versions, and the versions of its VMs.
 *
 * The request goes to the node's `/ext/info`, derived from the client's http transport
 * (see {@link infoActions} to pass a URL or transport).
 *
 * - Docs: https://github.com/subnet-rpc/subnet-rpc/blob/main/docs/viem/getNodeVersion.md
 * - JSON-RPC Method: [`info.getNodeVersion`](https://github.com/ava-labs/avalanchego/blob/master/api/info/service.md)
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { getNodeVersion } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { version, vmVersions } = await getNodeVersion(client)
 */
export async function getNodeVersion(client: Client): Promise<GetNodeVersionReturnType> {
  return executeInfo(client, getNodeVersionMethod, undefined)
}
