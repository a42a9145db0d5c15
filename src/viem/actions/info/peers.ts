import type { Client, HttpRequestErrorType, TimeoutErrorType } from 'viem'
import type { PeersReturnType } from '../../../core/types/info.js'
import { peersMethod } from '../../../core/methods/info.js'
import type { InfoEndpointErrorType, InvalidArgumentErrorType } from '../../../errors/argument.js'
import type { MethodNotFoundErrorType, NodeRpcErrorType } from '../../../errors/node.js'
import type { PrecisionErrorType, ResponseShapeErrorType } from '../../../errors/response.js'
import { executeInfo } from '../../utils/infoClient.js'

export type PeersParameters = {
  /** Only these peers (unknown or disconnected IDs are left out); default: all. */
  nodeIDs?: readonly string[] | undefined
} | undefined
export type { PeersReturnType }
export type PeersErrorType = InfoEndpointErrorType | InvalidArgumentErrorType | NodeRpcErrorType | MethodNotFoundErrorType | ResponseShapeErrorType | PrecisionErrorType | HttpRequestErrorType | TimeoutErrorType

/**
 * Returns the node's connected peers.
 *
 * The request goes to the node's `/ext/info`, derived from the client's http transport
 * (see {@link infoActions} to pass a URL or transport).
 *
 * - Docs: https://github.com/subnet-rpc/subnet-rpc/blob/main/docs/viem/peers.md
 * - JSON-RPC Method: [`info.peers`](https://github.com/ava-labs/avalanchego/blob/master/api/info/service.md)
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { peers } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { numPeers, peers } = await peers(client)
 */
export async function peers(client: Client, parameters?: PeersParameters): Promise<PeersReturnType> {
  return executeInfo(client, peersMethod, parameters)
}
