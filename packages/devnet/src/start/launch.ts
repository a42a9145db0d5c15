/**
 * One start of the devnet's parts: the plan (./plan.ts), the stages (./stages.ts), and what the devnet says of
 * itself once it runs (its URLs, IDs and L1s). `startDevnet` launches once, and again on each `restart()` (./life.ts).
 */
import { decodeCb58 } from 'subnet-rpc'
import type { L1Instance } from '../l1/l1.js'
import { type DevnetPlan, planDevnet } from './plan.js'
import { type Running, startStages, stopStarted } from './stages.js'
import type { Devnet, DevnetL1, DevnetOptions } from './types.js'

/** A started devnet before its lifecycle is added: its parts, and each L1's running instance. */
export type Launched = Omit<Devnet, 'status' | 'restart' | 'anvilOutput'> & { instances: L1Instance[]; port: number }

/** Starts the devnet's parts: checks the options and files, then starts every anvil and the HTTP server. */
export async function launch(options: DevnetOptions): Promise<Launched> {
  const plan = await planDevnet(options)
  return launched(plan, await startStages(plan, options))
}

/** The devnet as it describes itself, the default L1's fields at the top; its `stop` stops every part once. */
function launched(plan: DevnetPlan, running: Running): Launched {
  const { http, webSockets, supervisor } = running.server
  const url = `http://127.0.0.1:${http.port}`
  const described = running.l1s.map(
    (l1): DevnetL1 => ({
      alias: l1.plan.alias,
      blockchainID: l1.plan.blockchainID,
      subnetID: l1.plan.subnetID,
      chainId: l1.plan.files.spec.chainId,
      rpcUrl: `${url}/ext/bc/${l1.plan.blockchainID}/rpc`,
      aliasRpcUrl: `${url}/ext/bc/${l1.plan.alias}/rpc`,
      wsUrl: `ws://127.0.0.1:${http.port}/ext/bc/${l1.plan.blockchainID}/ws`,
      anvilUrl: l1.anvilUrl,
      chainSpec: l1.plan.files.spec,
      validators: plan.network.validators(decodeCb58(l1.plan.subnetID)),
    }),
  )
  const main = described[0]!
  const { relayer } = running
  let stopping: Promise<void> | undefined
  return {
    url,
    infoUrl: `${url}/ext/info`,
    rpcUrl: main.rpcUrl,
    aliasRpcUrl: main.aliasRpcUrl,
    wsUrl: main.wsUrl,
    blockchainID: main.blockchainID,
    subnetID: main.subnetID,
    alias: main.alias,
    chainId: main.chainId,
    nodeID: plan.node.identity.nodeID,
    anvilUrl: main.anvilUrl,
    chainSpec: main.chainSpec,
    l1s: described,
    network: plan.network,
    relayer: relayer && { address: relayer.address, rewardAddress: relayer.rewardAddress },
    nodeVersion: plan.release,
    warnings: plan.warnings,
    failed: supervisor.failed,
    instances: running.l1s,
    port: http.port,
    stop: () => {
      for (const w of webSockets) w.close()
      // The last state is written before anything stops.
      stopping ??= stopStarted(running, true)
      return stopping
    },
  }
}
