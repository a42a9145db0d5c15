/**
 * The devnet's start after its plan, as stages: every L1 (its anvil and parts), then the state dir, the relayer
 * and the node's server. A stage that fails stops what the stages before it started, and the start throws its
 * error; a started devnet stops the same way, its last state written first.
 */
import { ChainConfigError, decodeCb58 } from 'subnet-rpc'
import { type L1Context, type L1Instance, type L1Plan, startL1 } from '../l1/l1.js'
import { Relayer } from '../relayer/relayer.js'
import { StateKeeper } from '../state/keeper.js'
import { writeStoredFiles, writeStoredNode } from '../state/stateDir.js'
import type { DevnetPlan } from './plan.js'
import { type NodeServer, startNodeServer } from './server.js'
import type { DevnetOptions } from './types.js'

/** What a start has running: its L1s, then what each stage started (a state dir's keeper, the relayer, the server). */
export type Started = { l1s: L1Instance[]; keeper?: StateKeeper; relayer?: Relayer; server?: NodeServer }

/** A running devnet's parts: every stage started. */
export type Running = Started & { server: NodeServer }

/** A stage of the start after the L1s: it records in `started` what it starts, before anything of it can fail. */
type Stage = (plan: DevnetPlan, options: DevnetOptions, started: Started) => Promise<void>

/** The stages after the L1s, in order. */
const stages: Stage[] = [keepState, startRelayer, serveNode]

/** Starts every L1, then each stage; if one fails, stops what started (nothing of the state written) and throws its error. */
export async function startStages(plan: DevnetPlan, options: DevnetOptions): Promise<Running> {
  const { binary, networkID, node, network, blockPacing } = plan
  const started: Started = {
    l1s: await startAll(
      plan.planned.map((p) => p.plan),
      { binary, networkID, node, network, blockPacing },
    ),
  }
  try {
    for (const stage of stages) await stage(plan, options, started)
  } catch (e) {
    await stopStarted(started, false)
    throw e
  }
  // The last stage, serveNode, set it.
  return started as Running
}

/**
 * Stops what started: the state dir's keeper first (with `flush`, writing the last state before anything stops),
 * then the server, the relayer and every L1.
 */
export function stopStarted(started: Started, flush: boolean): Promise<void> {
  const { keeper, relayer, server, l1s } = started
  const stopL1s = () => {
    relayer?.stop()
    return Promise.all(l1s.map((l1) => l1.stop())).then(() => undefined)
  }
  return (keeper?.close(flush) ?? Promise.resolve()).then(() => Promise.all([server?.http.close(), stopL1s()])).then(() => undefined)
}

/** Starts every L1 at once; if one fails, stops the others and throws its error. */
async function startAll(plans: L1Plan[], ctx: L1Context): Promise<L1Instance[]> {
  const started = await Promise.allSettled(plans.map((plan) => startL1(plan, ctx)))
  const failed = started.find((r) => r.status === 'rejected')
  if (failed) {
    await Promise.all(started.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)))
    throw failed.reason
  }
  return started.map((r) => (r as PromiseFulfilledResult<L1Instance>).value)
}

/**
 * With a state dir: checks that the dir is this devnet's (its IDs and node ID), writes the node and each L1's
 * files, writes every L1's state, and keeps writing it as blocks come (../state/keeper.ts).
 */
async function keepState(plan: DevnetPlan, _options: DevnetOptions, started: Started): Promise<void> {
  const { stateDir, storedNode, node, planned } = plan
  const { l1s } = started
  if (stateDir === undefined) return
  for (const l1 of l1s) {
    const stored = storedNode?.l1s[l1.plan.alias]
    if (stored && (stored.blockchainID !== l1.plan.blockchainID || stored.subnetID !== l1.plan.subnetID))
      throw new ChainConfigError(`${stateDir}: the L1 ${l1.plan.alias} has IDs this devnet does not derive: the dir is of another devnet`)
  }
  if (storedNode && storedNode.nodeID !== node.identity.nodeID)
    throw new ChainConfigError(
      `${stateDir}: the node ID ${storedNode.nodeID} is not this devnet's (${node.identity.nodeID}): the dir is of another devnet`,
    )
  writeStoredNode(stateDir, {
    format: 'subnet-rpc-devnet-state/1',
    seed: plan.seed,
    networkID: plan.networkID,
    nodeID: node.identity.nodeID,
    l1s: {
      ...storedNode?.l1s,
      ...Object.fromEntries(l1s.map((l1) => [l1.plan.alias, { blockchainID: l1.plan.blockchainID, subnetID: l1.plan.subnetID }])),
    },
  })
  for (const [i, l1] of l1s.entries()) writeStoredFiles(stateDir, l1.plan.alias, planned[i]!.persist!)
  const keeper = new StateKeeper(stateDir, l1s)
  started.keeper = keeper
  await keeper.writeAll()
  keeper.start()
}

/** With `relayer`: the relayer, linked to every L1's endpoint (`devnet_relayerMessages`), following the source L1s. */
async function startRelayer(plan: DevnetPlan, _options: DevnetOptions, started: Started): Promise<void> {
  if (!plan.relayerPlan) return
  const relayer = new Relayer(plan.relayerPlan, started.l1s, plan.network, decodeCb58)
  started.relayer = relayer
  for (const l1 of started.l1s) l1.relayer.current = relayer
  await relayer.start()
}

/** The node's HTTP server (./server.ts). */
async function serveNode(plan: DevnetPlan, options: DevnetOptions, started: Started): Promise<void> {
  started.server = await startNodeServer(plan, options, started.l1s)
}
