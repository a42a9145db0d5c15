import type { Client, HttpRequestErrorType, TimeoutErrorType } from 'viem'
import type { GetTxFeeReturnType } from '../../../core/types/info.js'
import { getTxFeeMethod } from '../../../core/methods/info.js'
import type { InfoEndpointErrorType, InvalidArgumentErrorType } from '../../../errors/argument.js'
import type { MethodNotFoundErrorType, NodeRpcErrorType } from '../../../errors/node.js'
import type { PrecisionErrorType, ResponseShapeErrorType } from '../../../errors/response.js'
import { executeInfo } from '../../utils/infoClient.js'

export type GetTxFeeParameters = undefined
export type { GetTxFeeReturnType }
export type GetTxFeeErrorType = InfoEndpointErrorType | InvalidArgumentErrorType | NodeRpcErrorType | MethodNotFoundErrorType | ResponseShapeErrorType | PrecisionErrorType | HttpRequestErrorType | TimeoutErrorType

/**
 * Returns the primary network's transaction fees in nAVAX.
 *
 * The request goes to the node's `/ext/info`, derived from the client's http transport
 * (see {@link infoActions} to pass a URL or transport).
 *
 * - Docs: https://github.com/subnet-rpc/subnet-rpc/blob/main/docs/viem/getTxFee.md
 * - JSON-RPC Method: [`info.getTxFee`](https://github.com/ava-labs/avalanchego/blob/master/api/info/service.md)
 * @deprecated Nodes since v1.12.2 answer with a static table (and log a deprecation warning).
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { getTxFee } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { txFee } = await getTxFee(client)
 */
export async function getTxFee(client: Client): Promise<GetTxFeeReturnType> {
  return executeInfo(client, getTxFeeMethod, undefined)
}
