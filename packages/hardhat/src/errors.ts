/**
 * The plugin's errors are Hardhat plugin errors (`HardhatPluginError` with the plugin's id): Hardhat's CLI prints them
 * as "Error in community plugin subnet-rpc-hardhat: <message>", one message without a stack trace
 * (`--show-stack-traces` shows it), where any other error is "An unexpected error occurred" with a stack trace and a
 * request to report a bug in Hardhat (hardhat's internal/cli/error-handling/error-handler.ts, `printErrorMessages`).
 */
import { HardhatPluginError } from 'hardhat/plugins'

/** The plugin's id (its `definePlugin` id), which Hardhat prints with its errors. */
export const pluginId = 'subnet-rpc-hardhat'

/**
 * The devnet of a network with `subnet.devnet` did not start: a genesis or upgrade file the node would refuse or that
 * is missing (`ChainConfigError`: the message names the file and the field), a missing anvil
 * (`DevnetDependencyError`), a port in use. A Hardhat plugin error: `hardhat run` and `hardhat test` print its message
 * alone.
 *
 * @example
 * import { network } from 'hardhat'
 * import { DevnetStartError } from 'subnet-rpc-hardhat'
 * try { await network.create('l1') } catch (e) { if (e instanceof DevnetStartError) console.log(e.network, e.reason, e.details) }
 */
export class DevnetStartError extends HardhatPluginError {
  /** The network whose devnet did not start. */
  readonly network: string
  /** The devnet's error name, e.g. `ChainConfigError`, `DevnetDependencyError`, `Error`. */
  readonly reason: string
  /** The devnet's message, e.g. `/project/genesis.json: config.feeConfig: … minBaseFee cannot be less than 0 …`. */
  readonly details: string
  constructor(network: string, reason: string, details: string) {
    super(pluginId, `the devnet of network "${network}" did not start: ${details}`)
    this.name = 'DevnetStartError'
    this.network = network
    this.reason = reason
    this.details = details
  }
}
