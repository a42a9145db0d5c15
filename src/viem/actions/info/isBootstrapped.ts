import type { Client, HttpRequestErrorType, TimeoutErrorType } from 'viem'
import { isBootstrappedMethod } from '../../../core/methods/info.js'
import type { InfoEndpointErrorType, InvalidArgumentErrorType } from '../../../errors/argument.js'
import type { MethodNotFoundErrorType, NodeRpcErrorType } from '../../../errors/node.js'
import type { PrecisionErrorType, ResponseShapeErrorType } from '../../../errors/response.js'
import { executeInfo } from '../../utils/infoClient.js'

export type IsBootstrappedParameters = {
  /** A chain alias (`'P'`, `'X'`, `'C'`, an L1 alias) or blockchain ID. */
  chain: string
}
export type IsBootstrappedReturnType = boolean
export type IsBootstrappedErrorType = InfoEndpointErrorType | InvalidArgumentErrorType | NodeRpcErrorType | MethodNotFoundErrorType | ResponseShapeErrorType | PrecisionErrorType | HttpRequestErrorType | TimeoutErrorType

/**
 * Whether the node has finished bootstrapping a chain.
 *
 * The request goes to the node's `/ext/info`, derived from the client's http transport
 * (see {@link infoActions} to pass a URL or transport).
 *
 * - Docs: https://github.com/subnet-rpc/subnet-rpc/blob/main/docs/viem/isBootstrapped.md
 * - JSON-RPC Method: [`info.isBootstrapped`](https://github.com/ava-labs/avalanchego/blob/master/api/info/service.md)
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { isBootstrapped } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const ready = await isBootstrapped(client, { chain: 'C' })
 */
export async function isBootstrapped(client: Client, parameters: IsBootstrappedParameters): Promise<IsBootstrappedReturnType> {
  return executeInfo(client, isBootstrappedMethod, parameters)
}
