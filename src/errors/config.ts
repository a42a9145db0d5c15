import { SubnetRpcError } from './base.js'

export type ChainConfigErrorType = ChainConfigError & { name: 'ChainConfigError' }

/**
 * A `genesis.json` or `upgrade.json` a Subnet-EVM node would refuse at start: the message names the file, the
 * JSON path of the entry and the node's own reason. Thrown by `subnet-rpc/config`'s readers (and so by
 * `subnet-rpc check` and `startDevnet`).
 *
 * @example
 * import { ChainConfigError } from 'subnet-rpc'
 * import { loadChainFiles } from 'subnet-rpc/config'
 *
 * try {
 *   loadChainFiles({ config: { chainId: 1, feeConfig: { gasLimit: 0 } }, alloc: {} }, undefined, 12345)
 * } catch (e) {
 *   if (e instanceof ChainConfigError) console.log(e.message) // genesis.json: config.feeConfig: …
 * }
 */
export class ChainConfigError extends SubnetRpcError {
  constructor(message: string) {
    super(message, { name: 'ChainConfigError' })
  }
}
