import type { Chain, Client, HttpRequestErrorType, TimeoutErrorType, Transport } from 'viem'
import type { ActiveRules } from '../../../core/types/subnet.js'
import type { Timestamp } from '../../../core/encode.js'
import { getActiveRulesAtMethod } from '../../../core/methods/subnet.js'
import type { InvalidArgumentErrorType } from '../../../errors/argument.js'
import type { MethodNotFoundErrorType, NodeRpcErrorType } from '../../../errors/node.js'
import type { PrecisionErrorType, ResponseShapeErrorType } from '../../../errors/response.js'
import { execute } from '../../utils/request.js'

export type GetActiveRulesAtParameters = {
  /** Unix seconds (number or bigint) or a Date; default: the node's current head time. Sent as a JSON number, the only form nodes accept. */
  timestamp?: Timestamp | undefined
}
export type GetActiveRulesAtReturnType = ActiveRules
export type GetActiveRulesAtErrorType = InvalidArgumentErrorType | NodeRpcErrorType | MethodNotFoundErrorType | ResponseShapeErrorType | PrecisionErrorType | HttpRequestErrorType | TimeoutErrorType

/**
 * Returns the Ethereum and Avalanche rules and the precompiles active at a time.
 *
 * - Docs: https://github.com/subnet-rpc/subnet-rpc/blob/main/docs/viem/getActiveRulesAt.md
 * - JSON-RPC Method: [`eth_getActiveRulesAt`](https://github.com/ava-labs/avalanchego/blob/master/graft/subnet-evm/plugin/evm/service.md)
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { getActiveRulesAt } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { precompiles } = await getActiveRulesAt(client, { timestamp: new Date() })
 * const canMint = 'contractNativeMinterConfig' in precompiles
 */
export async function getActiveRulesAt<chain extends Chain | undefined>(client: Client<Transport, chain>, parameters: GetActiveRulesAtParameters = {}): Promise<GetActiveRulesAtReturnType> {
  return execute(client, getActiveRulesAtMethod, parameters)
}
