import type { Chain, Client, HttpRequestErrorType, TimeoutErrorType, Transport } from 'viem'
import type { ActivePrecompiles } from '../../../core/types/subnet.js'
import type { Timestamp } from '../../../core/encode.js'
import { getActivePrecompilesAtMethod } from '../../../core/methods/subnet.js'
import type { InvalidArgumentErrorType } from '../../../errors/argument.js'
import type { MethodNotFoundErrorType, NodeRpcErrorType } from '../../../errors/node.js'
import type { PrecisionErrorType, ResponseShapeErrorType } from '../../../errors/response.js'
import { execute } from '../../utils/request.js'

export type GetActivePrecompilesAtParameters = {
  /** Unix seconds (number or bigint) or a Date; default: the node's current head time. */
  timestamp?: Timestamp | undefined
}
export type GetActivePrecompilesAtReturnType = ActivePrecompiles
export type GetActivePrecompilesAtErrorType = InvalidArgumentErrorType | NodeRpcErrorType | MethodNotFoundErrorType | ResponseShapeErrorType | PrecisionErrorType | HttpRequestErrorType | TimeoutErrorType

/**
 * Returns the config in force of each precompile active at a time.
 *
 * - Docs: https://github.com/subnet-rpc/subnet-rpc/blob/main/docs/viem/getActivePrecompilesAt.md
 * - JSON-RPC Method: [`eth_getActivePrecompilesAt`](https://github.com/ava-labs/avalanchego/blob/master/graft/subnet-evm/plugin/evm/service.md)
 * @deprecated Nodes mark `eth_getActivePrecompilesAt` deprecated; use {@link getActiveRulesAt}, whose `precompiles` lists the same keys.
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { getActivePrecompilesAt } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const active = await getActivePrecompilesAt(client, { timestamp: 1700000000 })
 */
export async function getActivePrecompilesAt<chain extends Chain | undefined>(client: Client<Transport, chain>, parameters: GetActivePrecompilesAtParameters = {}): Promise<GetActivePrecompilesAtReturnType> {
  return execute(client, getActivePrecompilesAtMethod, parameters)
}
