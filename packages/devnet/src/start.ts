/**
 * `startDevnet`: a local Avalanche node stand-in validating one Subnet-EVM L1 (or several, `l1s`). It serves
 * `/ext/info`, `/ext/health` and each L1's `/ext/bc/<id>/rpc`, `/ws`, `/validators` and `/proposervm` on the node's wire format,
 * and forwards standard Ethereum methods to each L1's own anvil (./l1/l1.ts).
 *
 * Its parts, in ./start/: the options and what it gives (types.ts); the plan made before anything starts
 * (plan.ts, each L1's in l1Plans.ts); the stages that start it and stop what started on a failure (stages.ts,
 * the node's server in server.ts); one launch of them (launch.ts); and the devnet's life after (life.ts).
 */
import { DevnetLife } from './start/life.js'
import { launch } from './start/launch.js'
import type { Devnet, DevnetOptions } from './start/types.js'

export type { Devnet, DevnetL1, DevnetL1Options, DevnetOptions, DevnetStatus } from './start/types.js'

/**
 * Starts a devnet. It needs the optional peer dependencies `@viem/anvil` and `@noble/curves`
 * and an anvil binary (`@foundry-rs/anvil`, or see `anvilBinary`); without them it throws a
 * `DevnetDependencyError` whose message gives the `npm i -D …` command.
 *
 * @example
 * import { startDevnet } from 'subnet-rpc-devnet'
 * const devnet = await startDevnet()
 * const res = await fetch(devnet.rpcUrl, {
 *   method: 'POST',
 *   headers: { 'content-type': 'application/json' },
 *   body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_feeConfig', params: [] }),
 * })
 * await devnet.stop()
 */
export async function startDevnet(options: DevnetOptions = {}): Promise<Devnet> {
  return new DevnetLife(options, await launch(options)).devnet
}
