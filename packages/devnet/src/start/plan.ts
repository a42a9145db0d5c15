/**
 * The devnet's plan, made before anything starts: the options checked in the node's order, the runtime loaded,
 * a state dir's node read, every L1 planned (./l1Plans.ts), the warnings given, and the node, its validator sets
 * and its network view built. Every mistake in the options or files is thrown from here.
 */
import { InvalidArgumentError } from 'subnet-rpc'
import { latestNodeRelease, type NodeRelease, nodeReleaseTable, nodeReleases, platformChainID, primaryChainIDs } from 'subnet-rpc/config'
import { loadDevnetRuntime } from '../anvil.js'
import { type NodeConfig, resolveNodeConfig } from '../config/node.js'
import { type BlockPacing, blockPacings } from '../l1/block/builder.js'
import { DevnetNetwork, l1ValidatorSet, peersWithValidators } from '../network/index.js'
import { planRelayer, type RelayerOptions, type RelayerPlan } from '../relayer/relayer.js'
import { readStoredNode, type StoredNode } from '../state/stateDir.js'
import { type DevnetValidator, l1Validators } from '../validators/index.js'
import { type PlannedL1, planL1s } from './l1Plans.js'
import type { DevnetOptions } from './types.js'

/** Everything the start needs, checked: the node, its L1s' plans and validator sets, and the devnet's settings. */
export type DevnetPlan = {
  release: NodeRelease
  /** The anvil binary. */
  binary: string
  blockPacing: BlockPacing
  stateDir: string | undefined
  /** The node a state dir holds, when the devnet resumes one. */
  storedNode: StoredNode | undefined
  seed: string
  networkID: number
  /** The primary network's X- and C-Chain IDs on this network. */
  primary: { X: string; C: string }
  planned: PlannedL1[]
  relayerPlan: RelayerPlan | undefined
  warnings: string[]
  node: NodeConfig
  /** Each L1's validators, in the order of `planned`. */
  sets: DevnetValidator[][]
  network: DevnetNetwork
}

/** `a, b or c`. */
const oneOf = (list: readonly string[]) => `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`

/** Checks the options and files in the node's order, gives the warnings, and plans the node and every L1. */
export async function planDevnet(options: DevnetOptions): Promise<DevnetPlan> {
  const release = checkRelease(options)
  // First, so a missing optional package (@viem/anvil, @noble/curves, an anvil) fails at once, in one message.
  const { binary } = await loadDevnetRuntime(options.anvilBinary)
  const blockPacing = options.blockPacing ?? 'instant'
  if (!blockPacings.includes(blockPacing))
    throw new InvalidArgumentError({
      argument: 'blockPacing',
      value: blockPacing,
      accepted: blockPacings.map((p) => `'${p}'`).join(' or '),
    })
  const { stateDir, storedNode, seed, networkID } = resumedNode(options)
  const maxBlocksPerRequest = options.apiMaxBlocksPerRequest ?? 0
  if (!Number.isSafeInteger(maxBlocksPerRequest))
    throw new Error(`apiMaxBlocksPerRequest must be an integer, got ${JSON.stringify(options.apiMaxBlocksPerRequest)}`)
  const startTime = options.startTime ?? Math.floor(Date.now() / 1000)
  const primary = primaryChainIDs(networkID)
  // Every L1 checked and its files read before anything starts.
  const planned = planL1s(options, {
    seed,
    networkID,
    startTime,
    maxBlocksPerRequest,
    primary: [platformChainID, primary.X, primary.C],
    release,
    stateDir,
  })
  const relayerPlan = options.relayer ? relayerOptionsPlan(options.relayer, planned, seed) : undefined
  const warnings = planned.flatMap(({ plan, persist }) => [...plan.files.warnings, ...(persist?.warning ? [persist.warning] : [])])
  const warn = options.onWarning ?? ((message: string) => process.stderr.write(`warning: ${message}\n`))
  for (const message of warnings) warn(message)
  const { node, sets, network } = planNetwork(options, planned, { seed, networkID, startTime, release, primary })
  return {
    release,
    binary,
    blockPacing,
    stateDir,
    storedNode,
    seed,
    networkID,
    primary,
    planned,
    relayerPlan,
    warnings,
    node,
    sets,
    network,
  }
}

/** `nodeVersion`, one of the releases known; a Fuji pre-release refuses Mainnet at start (config/config.go: "mainnet is not supported"). */
function checkRelease(options: DevnetOptions): NodeRelease {
  const release = options.nodeVersion ?? latestNodeRelease
  if (!(nodeReleases as readonly unknown[]).includes(release))
    throw new InvalidArgumentError({ argument: 'nodeVersion', value: release, accepted: oneOf(nodeReleases.map((r) => `'${r}'`)) })
  if (options.networkID === 1 && !nodeReleaseTable[release].runsMainnet)
    throw new InvalidArgumentError({
      argument: 'networkID',
      value: 1,
      accepted: `any network but Mainnet (1) with nodeVersion '${release}': avalanchego ${nodeReleaseTable[release].tag} refuses Mainnet ("mainnet is not supported"); use a release such as '${latestNodeRelease}' for Mainnet`,
    })
  return release
}

/** The state dir and the node it holds, if any, and the seed and network ID: a resumed node keeps its own. */
function resumedNode(options: DevnetOptions) {
  const stateDir = options.stateDir
  if (stateDir !== undefined && (typeof stateDir !== 'string' || stateDir === ''))
    throw new InvalidArgumentError({ argument: 'stateDir', value: stateDir, accepted: 'a directory path' })
  const storedNode = stateDir === undefined ? undefined : readStoredNode(stateDir)
  if (storedNode && options.seed !== undefined && options.seed !== storedNode.seed)
    throw new InvalidArgumentError({
      argument: 'seed',
      value: options.seed,
      accepted: `the seed of the devnet in ${stateDir} (${JSON.stringify(storedNode.seed)}), or none: a node keeps its identity`,
    })
  if (storedNode && options.networkID !== undefined && options.networkID !== storedNode.networkID)
    throw new InvalidArgumentError({
      argument: 'networkID',
      value: options.networkID,
      accepted: `the network ID of the devnet in ${stateDir} (${storedNode.networkID}), or none`,
    })
  const seed = options.seed ?? storedNode?.seed ?? 'subnet-rpc-devnet'
  const networkID = options.networkID ?? storedNode?.networkID ?? 12345
  return { stateDir, storedNode, seed, networkID }
}

/** The relayer's options checked against the L1s before anything starts; a mistake is an InvalidArgumentError. */
function relayerOptionsPlan(option: true | RelayerOptions, planned: PlannedL1[], seed: string): RelayerPlan {
  try {
    return planRelayer(
      option,
      planned.map((p) => p.plan.alias),
      seed,
    )
  } catch (e) {
    throw new InvalidArgumentError({ argument: 'relayer', value: option, accepted: (e as Error).message })
  }
}

/** The node (its options over its release's profile), each L1's validator set, and the network as the node sees it. */
function planNetwork(
  options: DevnetOptions,
  planned: PlannedL1[],
  ctx: { seed: string; networkID: number; startTime: number; release: NodeRelease; primary: { X: string; C: string } },
) {
  const { seed, networkID, startTime, primary } = ctx
  const node = resolveNodeConfig(
    { ...options.node, seed, networkID },
    planned.map((p) => p.plan.subnetID),
    ctx.release,
  )
  const sets = planned.map(({ plan, validators }): DevnetValidator[] =>
    validators === 'node peers'
      ? l1Validators(node, plan.subnetID, startTime)
      : l1ValidatorSet(validators, { seed, node, subnetID: plan.subnetID, startTime }),
  )
  const networkL1s = planned.map(({ plan }, i) => ({ blockchainID: plan.blockchainID, subnetID: plan.subnetID, validators: sets[i]! }))
  // A node connects to the validators of the subnets it tracks (network/ip_tracker.go).
  node.peers = peersWithValidators(node, seed, networkL1s)
  const network = new DevnetNetwork(networkID, seed, node, networkL1s, [platformChainID, primary.X, primary.C])
  return { node, sets, network }
}
