import type { Client, HttpRequestErrorType, TimeoutErrorType } from 'viem'
import type { UptimeReturnType } from '../../../core/types/info.js'
import { uptimeMethod } from '../../../core/methods/info.js'
import type { InfoEndpointErrorType, InvalidArgumentErrorType } from '../../../errors/argument.js'
import type { MethodNotFoundErrorType, NodeRpcErrorType } from '../../../errors/node.js'
import type { PrecisionErrorType, ResponseShapeErrorType } from '../../../errors/response.js'
import { executeInfo } from '../../utils/infoClient.js'

export type UptimeParameters = {
  /** Sent when given; nodes since v1.11.12 ignore it and report the primary network. */
  subnetID?: string | undefined
} | undefined
export type { UptimeReturnType }
export type UptimeErrorType = InfoEndpointErrorType | InvalidArgumentErrorType | NodeRpcErrorType | MethodNotFoundErrorType | ResponseShapeErrorType | PrecisionErrorType | HttpRequestErrorType | TimeoutErrorType

/**
 * Returns this validator's uptime as observed by its peers, in percent.
 *
 * The request goes to the node's `/ext/info`, derived from the client's http transport
 * (see {@link infoActions} to pass a URL or transport).
 *
 * - Docs: https://github.com/subnet-rpc/subnet-rpc/blob/main/docs/viem/uptime.md
 * - JSON-RPC Method: [`info.uptime`](https://github.com/ava-labs/avalanchego/blob/master/api/info/service.md)
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { uptime } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { rewardingStakePercentage } = await uptime(client)
 */
export async function uptime(client: Client, parameters?: UptimeParameters): Promise<UptimeReturnType> {
  return executeInfo(client, uptimeMethod, parameters)
}
