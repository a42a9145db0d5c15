/**
 * `startDevnet`: a local Avalanche node stand-in validating one Subnet-EVM L1 (or several, `l1s`). It serves
 * `/ext/info`, `/ext/health` and each L1's `/ext/bc/<id>/rpc`, `/ws`, `/validators` and `/proposervm` on the node's wire format,
 * and forwards standard Ethereum methods to each L1's own anvil (./l1/l1.ts).
 */
import { existsSync } from 'node:fs'
import {
  chainConfigOf,
  latestNodeRelease,
  loadChainFiles,
  nodeReleases,
  nodeReleaseTable,
  upgradeSchedule,
  type ChainFiles,
  type JsonSource,
  type NodeRelease,
} from 'subnet-rpc/config'
import { defaultGenesis, defaultUpgrade } from './config/defaults.js'
import { type ChainConfig, ChainConfigError, decodeCb58, InvalidArgumentError } from 'subnet-rpc'
import { derivedID, resolveNodeConfig, type NodeConfigInput } from './config/node.js'
import { type DevnetChainConfig, defaultChainConfig, readChainConfig } from './config/chainConfig.js'
import { platformChainID, primaryChainIDs } from 'subnet-rpc/config'
import type { ChainSpec } from 'subnet-rpc/config'
import { AnvilStartError, loadDevnetRuntime } from './anvil.js'
import { serveChain } from './l1/rpc/envelope.js'
import { connectionExecutor } from './l1/pubsub/subscriptions.js'
import { webSocketEndpoint } from './l1/pubsub/websocket.js'
import { serveInfo } from './info/envelope.js'
import { createInfoService, type ChainDirectory } from './info/service.js'
import { pathOf, startHttpServer } from './http/server.js'
import { healthRoute } from './health/index.js'
import { l1Validators, validatorsRoute, type DevnetValidator } from './validators/index.js'
import { startL1, type L1Instance, type L1Plan } from './l1/l1.js'
import { AnvilSupervisor, type DevnetFailure, failureReport } from './faults.js'
import { gateDevMethods } from './http/devMethods.js'
import { devnetPChainHeight, proposerRules, proposerVMRoute } from './proposervm/index.js'
import type { L1Snapshot } from './l1/persist.js'
import { StateKeeper } from './state/keeper.js'
import { checkRestart, readStoredL1, readStoredNode, sourceText, writeStoredFiles, writeStoredNode } from './state/stateDir.js'
import { type BlockPacing, blockPacings } from './l1/block/builder.js'
import { planRelayer, Relayer, type RelayerOptions, type RelayerPlan } from './relayer/relayer.js'
import {
  DevnetNetwork,
  l1ValidatorSet,
  peersWithValidators,
  planValidators,
  type NetworkValidator,
  type ValidatorsOption,
  type WarpNetwork,
} from './network/index.js'

/** One L1 of a devnet that validates several (`startDevnet({ l1s })`). */
export type DevnetL1Options = {
  /** Alias of the L1, usable in `/ext/bc/<alias>/rpc` and in the Info API: letters, digits, '.', '_' or '-'. */
  alias: string
  /** Subnet-EVM genesis: a file path, JSON text or an object. Default: the built-in L1 (chain ID 99999). */
  genesis?: JsonSource
  /** Subnet-EVM `upgrade.json`: a file path, JSON text or an object. */
  upgrade?: JsonSource
  /** Port for this L1's anvil (default: a free port). */
  anvilPort?: number
  /**
   * The L1's validator set: a count (this node and `count - 1` others of equal weight) or each
   * validator's `{ weight, thisNode? }`. Default 5: this node and 4 peers, each of weight 1,000,000.
   */
  validators?: ValidatorsOption
  /** This L1's `api-max-blocks-per-request` (default: its chain config's, else the devnet's `apiMaxBlocksPerRequest`). */
  apiMaxBlocksPerRequest?: number
  /**
   * This L1's chain config, the `config.json` a node reads for it: a file path, JSON text or an object. The devnet
   * acts on `allow-unprotected-txs`, `allow-unprotected-tx-hashes` and `api-max-blocks-per-request`, with the node's defaults.
   */
  chainConfig?: JsonSource
}

export type DevnetOptions = {
  /**
   * The avalanchego release the node reports and follows (its profile): version strings, plugin protocol, VM
   * versions, current ACPs and the network's upgrade schedule (`info.upgrades`, the chain config's network
   * upgrade times) and the health checks it runs: `'1.14.2'`, `'1.15.0-fuji'` (the Fuji pre-release, which reports
   * 1.15.0), `'1.15.0'`, `'1.15.1'`, `'1.15.2'` or `'1.15.3'` (`nodeReleases`); default the latest, `'1.15.3'`.
   */
  nodeVersion?: NodeRelease
  /** Seed for the node identity, peer IDs and the L1's IDs; same seed, same devnet. Default `subnet-rpc-devnet`. */
  seed?: string
  /** Port of the node API (default: a free port). Always bound to 127.0.0.1. */
  port?: number
  /** Port for anvil (default: a free port). */
  anvilPort?: number
  /** Path of the anvil binary; else ANVIL_BINARY, the @foundry-rs/anvil package (an optional peer dependency), or PATH. */
  anvilBinary?: string
  /**
   * How blocks are paced (docs/devnet.md, "Block building"). `'instant'` (default): the pool's sends are mined as
   * soon as they arrive, those arriving meanwhile sharing the next block, with the node's block times (at least the
   * minimum delay after the parent) and no waiting. `'node'`: in wall time, as a node builds them, at most one block
   * per minimum delay (2 s from Granite), and sends answered before their block.
   */
  blockPacing?: BlockPacing
  /** Subnet-EVM genesis: a file path, JSON text or an object. Default: a realistic L1 (see docs/devnet.md). */
  genesis?: JsonSource
  /** Subnet-EVM `upgrade.json`: a file path, JSON text or an object. Default: a schedule relative to the start time when no genesis is given. */
  upgrade?: JsonSource
  /** Network ID the node reports and whose upgrade schedule applies (default 12345, "local"). */
  networkID?: number
  /** Alias of the L1 blockchain, usable in `/ext/bc/<alias>/rpc` (default `devnet`). */
  alias?: string
  /** Unix seconds the default genesis and upgrade schedule are relative to (default: now). */
  startTime?: number
  /** Overrides of the simulated node over its profile (`nodeVersion`): version, peers, ACPs, uptime, and so on. */
  node?: Omit<NodeConfigInput, 'seed' | 'networkID'>
  /**
   * The L1 chain config's `api-max-blocks-per-request`: an eth_getLogs or eth_getFilterLogs whose
   * range spans this many blocks or more is refused with the node's -32000 `requested too many
   * blocks from A to B, maximum is set to N`. Default 0: no limit, a node's default (0 or less is none).
   */
  apiMaxBlocksPerRequest?: number
  /**
   * The L1's chain config, the `config.json` a node reads for it (`<chain-config-dir>/<blockchainID>/config.json`):
   * a file path, JSON text or an object. The devnet acts on `allow-unprotected-txs` (pre-EIP-155 transactions
   * accepted over RPC; default false, refused with the node's `only replay-protected (EIP-155) transactions allowed
   * over RPC`), `allow-unprotected-tx-hashes` (default: the EIP-1820 deployment's hash) and
   * `api-max-blocks-per-request`. With `l1s`, give it in each entry instead.
   */
  chainConfig?: JsonSource
  /**
   * The node's `--http-allowed-origins`: origins whose pages may call the API from a browser (CORS).
   * Default `['*']`, every origin. An entry may hold one `*` (`https://*.example.com`); origins match in any case.
   */
  httpAllowedOrigins?: string[]
  /**
   * The node's `--http-allowed-hosts`: host names a request's `Host` header may carry; anything else gets the
   * node's 403 `invalid host specified`. Default `['localhost']`; IP addresses always pass; `'*'` allows every host.
   */
  httpAllowedHosts?: string[]
  /**
   * Origins whose pages may call the development methods (`anvil_*`, `evm_*`, `hardhat_*`, `debug_*`, `devnet_*`,
   * signing with the test keys): tools, which send no `Origin`, always may; pages from other origins get -32601
   * naming this option. Entries as `httpAllowedOrigins`' (`*` for all). Default none. See docs/devnet.md, Security.
   */
  devOrigins?: string[]
  /** Answer as a node does: no development method for anyone (-32601 `the method X does not exist/is not available`). */
  nodeExact?: boolean
  /**
   * Called once when an L1's anvil ends on its own (killed, crashed). From then on that L1's calls answer the
   * failure, its health check fails and `Devnet.failed` resolves. Default: the report on stderr.
   */
  onAnvilExit?: (failure: DevnetFailure) => void
  /**
   * Called with each warning about the files, as `subnet-rpc check` gives them (a genesis key a node ignores).
   * Default: printed on stderr as `warning: <message>`.
   */
  onWarning?: (message: string) => void
  /**
   * The built-in L1's validator set: a count (this node and `count - 1` others of equal weight) or each
   * validator's `{ weight, thisNode? }`. Default: this node and the configured peers that track the L1.
   */
  validators?: ValidatorsOption
  /**
   * Several L1s on one node, the first being the default one (`rpcUrl`, `blockchainID`, … are its).
   * Each has its own anvil, chain ID, blockchain and subnet IDs, precompiles and validator set. With
   * `l1s`, `genesis`, `upgrade`, `alias`, `anvilPort` and `validators` go in each entry instead.
   */
  l1s?: DevnetL1Options[]
  /**
   * A directory that keeps the devnet across stop and start, as a node's data directory does: each L1's chain,
   * its fee config and precompile state, the upgrades applied, Warp messages, the node identity and the IDs.
   * A start on a dir written before resumes it: the seed and network ID are the dir's (another is refused), an
   * L1 given no genesis or upgrade takes the dir's, and changed files are checked as a node checks them at
   * start (a changed genesis, or an upgrade.json that rewrites what the chain has passed, is refused with the
   * node's text; a new upgrade in the future is applied at its time). Written every second while blocks come
   * and at stop, each file atomically: a `kill -9` loses at most the last second's blocks (docs/devnet.md).
   */
  stateDir?: string
  /**
   * A relayer inside the devnet, as icm-relayer: it delivers the Teleporter messages each L1's watched contracts
   * send to the other L1s, with the validators' aggregate signature (docs/icm.md). `true` for the defaults
   * (Teleporter's address watched on every L1, every L1 a destination, a relayer key from the seed).
   * Default: off.
   */
  relayer?: boolean | RelayerOptions
}

/** One L1 of a running devnet: its URLs and IDs. */
export type DevnetL1 = {
  alias: string
  blockchainID: string
  subnetID: string
  /** EVM chain ID (genesis `chainId`). */
  chainId: bigint
  /** `{url}/ext/bc/<blockchainID>/rpc`. */
  rpcUrl: string
  /** `{url}/ext/bc/<alias>/rpc`. */
  aliasRpcUrl: string
  /** `ws://…/ext/bc/<blockchainID>/ws`. */
  wsUrl: string
  /** This L1's own anvil. */
  anvilUrl: string
  chainSpec: ChainSpec
  /** The L1's validator set, with BLS keys (the same the Warp side reads from `network`). */
  validators: readonly NetworkValidator[]
}

export type Devnet = {
  /** Base URL of the node, e.g. `http://127.0.0.1:9650`. */
  url: string
  /** `{url}/ext/info`. */
  infoUrl: string
  /** The L1's RPC URL by blockchain ID: `{url}/ext/bc/<blockchainID>/rpc`. */
  rpcUrl: string
  /** The L1's RPC URL by alias: `{url}/ext/bc/<alias>/rpc`. */
  aliasRpcUrl: string
  /** The L1's WebSocket URL: `ws://…/ext/bc/<blockchainID>/ws` (the same calls, plus `eth_subscribe`). */
  wsUrl: string
  blockchainID: string
  subnetID: string
  alias: string
  /** EVM chain ID (genesis `chainId`), which anvil also reports. */
  chainId: bigint
  nodeID: string
  /** anvil's own URL (the devnet forwards standard methods there). */
  anvilUrl: string
  /** The chain config as the node holds it after defaults and upgrades. */
  chainSpec: ChainSpec
  /** The avalanchego release the node reports (`nodeVersion`). */
  nodeVersion: NodeRelease
  /** The warnings about the files given to `onWarning` at start (the same as `subnet-rpc check`'s). */
  warnings: string[]
  /** Every L1 the node validates, the default one first. */
  l1s: readonly DevnetL1[]
  /** The network as the node sees it: which subnet each L1 is on, and each subnet's validators with their BLS keys. */
  network: WarpNetwork
  /**
   * Resolves when an L1's anvil ends on its own, with what happened and anvil's last lines; never while all
   * run. The devnet then answers that L1's calls with the failure until stopped (see `onAnvilExit`).
   */
  failed: Promise<DevnetFailure>
  /** The relayer's account and reward address when `relayer` is on (its messages: `devnet_relayerMessages`). */
  relayer?: { address: `0x${string}`; rewardAddress: `0x${string}` }
  /**
   * Where the devnet is in its life ({@link DevnetStatus}): `running` once started; `stopping` then `stopped`
   * after `stop()`; `starting` during `restart()`; `failed` when an anvil exited on its own or a restart failed
   * (`anvilOutput()` then shows what anvil printed).
   */
  readonly status: DevnetStatus
  /**
   * Stops the node and every anvil and starts them again from the same options, on the same ports (so every
   * URL stays valid): a fresh chain from its genesis, nothing of the old state kept. Warnings are not printed
   * again. If the start fails, it throws (an {@link AnvilStartError} with anvil's lines, when anvil failed) and
   * the status is `failed`.
   */
  restart(): Promise<void>
  /**
   * The last lines anvil printed (stdout and stderr, oldest first, at most {@link anvilOutputLines}) for the L1
   * of this alias or blockchain ID; default the default L1. After a failed restart, those of the anvil that failed.
   */
  anvilOutput(l1?: string): string[]
  /** Stops the HTTP server and every anvil. Safe to call more than once. */
  stop(): Promise<void>
}

/** `a, b or c`. */
const oneOf = (list: readonly string[]) => `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`

/**
 * A devnet's life: `starting` (only seen during `restart()`: `startDevnet` resolves once it runs), `running`,
 * `stopping`, `stopped` (after `stop()`), `failed` (an anvil exited on its own, or a restart failed).
 *
 * @example
 * import { startDevnet, type DevnetStatus } from 'subnet-rpc-devnet'
 * const devnet = await startDevnet()
 * const status: DevnetStatus = devnet.status // 'running'
 * if (status === 'failed') console.log(devnet.anvilOutput().join('\n'))
 * await devnet.stop()
 */
export type DevnetStatus = 'starting' | 'running' | 'stopping' | 'stopped' | 'failed'

/** A started devnet before its lifecycle is added: its parts, and each L1's running instance. */
type Launched = Omit<Devnet, 'status' | 'restart' | 'anvilOutput'> & { instances: L1Instance[]; port: number }

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
  // long: the Devnet object's life (status, restart, stop) shares its state in one closure; splitting it next
  let current = await launch(options)
  let status: DevnetStatus = 'running'
  let stopping: Promise<void> | undefined
  /** anvil's lines from a restart that failed, kept after its anvil is gone. */
  let failedOutput: readonly string[] | undefined
  const watch = (launched: Launched) => {
    for (const l1 of launched.instances)
      l1.anvilProcess.onUnexpectedExit(() => {
        if (current === launched && status === 'running') status = 'failed'
      })
  }
  watch(current)
  let restarting: Promise<void> | undefined
  const halt = async (): Promise<void> => {
    stopping ??= (() => {
      status = 'stopping'
      return current.stop()
    })()
    await stopping
    status = 'stopped'
  }
  // A stop asked for during a restart waits for it, then stops what it started.
  const stop = async (): Promise<void> => {
    if (restarting) await restarting.catch(() => undefined)
    await halt()
  }
  const restart = async (): Promise<void> => {
    await halt()
    status = 'starting'
    failedOutput = undefined
    // The ports the first start took, so that every URL stays the same.
    const ports = current.instances.map((i) => Number(new URL(i.anvilUrl).port))
    const again: DevnetOptions = {
      ...options,
      port: current.port,
      onWarning: () => undefined,
      ...(options.l1s ? { l1s: options.l1s.map((l1, i) => ({ ...l1, anvilPort: ports[i] })) } : { anvilPort: ports[0] }),
    }
    try {
      current = await launch(again)
    } catch (e) {
      status = 'failed'
      if (e instanceof AnvilStartError) failedOutput = e.output
      throw e
    }
    const { instances: _ri, port: _rp, stop: _rs, ...fresh } = current
    Object.assign(devnet, fresh)
    stopping = undefined
    status = 'running'
    watch(current)
  }
  const { instances: _i, port: _p, stop: _s, ...fields } = current
  const anvilOutput = (l1?: string): string[] => {
    if (failedOutput) return [...failedOutput]
    const instance =
      l1 === undefined ? current.instances[0] : current.instances.find((i) => i.plan.alias === l1 || i.plan.blockchainID === l1)
    if (!instance)
      throw new InvalidArgumentError({
        argument: 'l1',
        value: l1,
        accepted: `the alias or blockchain ID of one of this devnet's L1s (${current.instances.map((i) => i.plan.alias).join(', ')})`,
      })
    return instance.anvilProcess.output()
  }
  const devnet = { ...fields, stop } as Devnet
  // Not enumerable: `{ ...devnet }` without `stop` stays the plain data it was (the Hardhat plugin sends it to
  // its parent process that way).
  Object.defineProperties(devnet, {
    status: { get: () => status },
    anvilOutput: { value: anvilOutput },
    restart: {
      value: () => {
        restarting ??= restart().finally(() => {
          restarting = undefined
        })
        return restarting
      },
    },
  })
  return devnet
}

/** Starts the devnet's parts: checks the options and files, then starts every anvil and the HTTP server. */
async function launch(options: DevnetOptions): Promise<Launched> {
  // long: startup with one rollback (L1s, relayer, state dir, server) grew this round; the next split is per stage
  const release = options.nodeVersion ?? latestNodeRelease
  if (!(nodeReleases as readonly unknown[]).includes(release))
    throw new InvalidArgumentError({ argument: 'nodeVersion', value: release, accepted: oneOf(nodeReleases.map((r) => `'${r}'`)) })
  // A Fuji pre-release refuses Mainnet at start (config/config.go: "mainnet is not supported").
  if (options.networkID === 1 && !nodeReleaseTable[release].runsMainnet)
    throw new InvalidArgumentError({
      argument: 'networkID',
      value: 1,
      accepted: `any network but Mainnet (1) with nodeVersion '${release}': avalanchego ${nodeReleaseTable[release].tag} refuses Mainnet ("mainnet is not supported"); use a release such as '${latestNodeRelease}' for Mainnet`,
    })
  // First, so a missing optional package (@viem/anvil, @noble/curves, an anvil) fails at once, in one message.
  const { binary } = await loadDevnetRuntime(options.anvilBinary)
  const blockPacing = options.blockPacing ?? 'instant'
  if (!blockPacings.includes(blockPacing))
    throw new InvalidArgumentError({
      argument: 'blockPacing',
      value: blockPacing,
      accepted: blockPacings.map((p) => `'${p}'`).join(' or '),
    })
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

  const node = resolveNodeConfig(
    { ...options.node, seed, networkID },
    planned.map((p) => p.plan.subnetID),
    release,
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

  const l1s = await startAll(
    planned.map((p) => p.plan),
    { binary, networkID, node, network, blockPacing },
  )
  let relayer: Relayer | undefined
  const stopL1s = () => {
    relayer?.stop()
    return Promise.all(l1s.map((l1) => l1.stop())).then(() => undefined)
  }
  let keeper: StateKeeper | undefined
  try {
    if (stateDir !== undefined) {
      for (const l1 of l1s) {
        const stored = storedNode?.l1s[l1.plan.alias]
        if (stored && (stored.blockchainID !== l1.plan.blockchainID || stored.subnetID !== l1.plan.subnetID))
          throw new ChainConfigError(
            `${stateDir}: the L1 ${l1.plan.alias} has IDs this devnet does not derive: the dir is of another devnet`,
          )
      }
      if (storedNode && storedNode.nodeID !== node.identity.nodeID)
        throw new ChainConfigError(
          `${stateDir}: the node ID ${storedNode.nodeID} is not this devnet's (${node.identity.nodeID}): the dir is of another devnet`,
        )
      writeStoredNode(stateDir, {
        format: 'subnet-rpc-devnet-state/1',
        seed,
        networkID,
        nodeID: node.identity.nodeID,
        l1s: {
          ...storedNode?.l1s,
          ...Object.fromEntries(l1s.map((l1) => [l1.plan.alias, { blockchainID: l1.plan.blockchainID, subnetID: l1.plan.subnetID }])),
        },
      })
      for (const [i, l1] of l1s.entries()) writeStoredFiles(stateDir, l1.plan.alias, planned[i]!.persist!)
      keeper = new StateKeeper(stateDir, l1s)
      await keeper.writeAll()
      keeper.start()
    }
    if (relayerPlan) {
      relayer = new Relayer(relayerPlan, l1s, network, decodeCb58)
      for (const l1 of l1s) l1.relayer.current = relayer
      await relayer.start()
    }
    const aliases = new Map<string, string>([
      ['P', platformChainID],
      ['platform', platformChainID],
      [platformChainID, platformChainID],
      ['X', primary.X],
      ['avm', primary.X],
      [primary.X, primary.X],
      ['C', primary.C],
      ['evm', primary.C],
      [primary.C, primary.C],
    ])
    for (const { plan } of l1s) aliases.set(plan.alias, plan.blockchainID).set(plan.blockchainID, plan.blockchainID)
    // Each anvil watched: a dead one is said, and its L1 answers the failure (./faults.ts).
    const supervisor = new AnvilSupervisor(
      l1s.map((l1) => ({ alias: l1.plan.alias, blockchainID: l1.plan.blockchainID, anvilUrl: l1.anvilUrl, watch: l1.anvilWatch })),
      options.onAnvilExit ?? ((failure) => process.stderr.write(`subnet-rpc-devnet: ${failureReport(failure)}\n`)),
    )
    const guarded = new Map(l1s.map((l1) => [l1, supervisor.guard(l1.plan.alias, l1.execute)]))
    // Development methods for tools and the pages of devOrigins only, none with nodeExact (./http/devMethods.ts).
    const access = { devOrigins: options.devOrigins, nodeExact: options.nodeExact }
    const origin = (req: { headers: { origin?: string } }) => req.headers.origin
    const chains: ChainDirectory = {
      resolve: (a) => aliases.get(a),
      isBootstrapped: (id) => supervisor.failureOf(id) === undefined,
    }
    const info = createInfoService(node, chains)
    const chainPaths = new Map<string, L1Instance>()
    for (const l1 of l1s) for (const name of [l1.plan.blockchainID, l1.plan.alias]) chainPaths.set(`/ext/bc/${name}/rpc`, l1)
    // Each L1's WebSocket endpoint: the same calls, plus eth_subscribe (./l1/pubsub/websocket.ts, ./l1/pubsub/subscriptions.ts).
    const webSockets = l1s.map((l1) =>
      webSocketEndpoint(new Set([`/ext/bc/${l1.plan.blockchainID}/ws`, `/ext/bc/${l1.plan.alias}/ws`]), (send, req) =>
        connectionExecutor(gateDevMethods(guarded.get(l1)!, origin(req), access), l1.events, send),
      ),
    )

    const http = await startHttpServer({
      port: options.port ?? 0,
      nodeID: node.identity.nodeID,
      routes: [
        async (req, body) => {
          if (pathOf(req.url) !== '/ext/info') return undefined
          return serveInfo(info, req.method ?? 'GET', req.headers['content-type'], body)
        },
        async (req, body, bodyBytes) => {
          const l1 = chainPaths.get(pathOf(req.url))
          if (!l1) return undefined
          const length = req.headers['content-length']
          return serveChain(
            {
              method: req.method ?? 'GET',
              contentType: req.headers['content-type'],
              contentLength: length === undefined ? undefined : Number(length),
              // Go's RawQuery: an empty query after '?' counts as none.
              hasQuery: /\?./.test(req.url ?? ''),
              body,
              bodyBytes,
            },
            gateDevMethods(guarded.get(l1)!, origin(req), access),
          )
        },
        // The Health API and each L1's Validators API (./health, ./validators).
        healthRoute({
          node,
          startedAt: Date.now(),
          l1s: l1s.map((l1, i) => ({
            alias: l1.plan.alias,
            subnetID: l1.plan.subnetID,
            blockchainID: l1.plan.blockchainID,
            lastAccepted: l1.lastAccepted,
            failure: () => supervisor.failureOf(l1.plan.alias),
            validators: () => sets[i]!,
          })),
          primary: { P: platformChainID, X: primary.X, C: primary.C },
        }),
        ...l1s.map((l1, i) => validatorsRoute([l1.plan.blockchainID, l1.plan.alias], () => sets[i]!)),
        // Each L1's ProposerVM API (./proposervm), over its blocks and the devnet's P-Chain.
        ...l1s.map((l1) =>
          proposerVMRoute([l1.plan.blockchainID, l1.plan.alias], {
            blocks: (tags) => l1.anvil.batch(tags.map((t) => ['eth_getBlockByNumber', [t, false]])),
            now: l1.now,
            networkID,
            rules: proposerRules(networkID, release),
            minimumHeight: devnetPChainHeight(l1s.length),
          }),
        ),
        ...webSockets.map((w) => w.http),
      ],
      upgrades: webSockets.map((w) => w.upgrade),
      allowedOrigins: options.httpAllowedOrigins,
      allowedHosts: options.httpAllowedHosts,
    })

    const url = `http://127.0.0.1:${http.port}`
    const described = l1s.map(
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
        validators: network.validators(decodeCb58(l1.plan.subnetID)),
      }),
    )
    const main = described[0]!
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
      nodeID: node.identity.nodeID,
      anvilUrl: main.anvilUrl,
      chainSpec: main.chainSpec,
      l1s: described,
      network,
      relayer: relayer && { address: relayer.address, rewardAddress: relayer.rewardAddress },
      nodeVersion: release,
      warnings,
      failed: supervisor.failed,
      instances: l1s,
      port: http.port,
      stop: () => {
        for (const w of webSockets) w.close()
        // The last state is written before anything stops.
        stopping ??= (keeper?.close() ?? Promise.resolve()).then(() => Promise.all([http.close(), stopL1s()])).then(() => undefined)
        return stopping
      },
    }
  } catch (e) {
    await keeper?.close(false)
    await stopL1s()
    throw e
  }
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

/** Starts every L1 at once; if one fails, stops the others and throws its error. */
async function startAll(plans: L1Plan[], ctx: Parameters<typeof startL1>[1]): Promise<L1Instance[]> {
  const started = await Promise.allSettled(plans.map((plan) => startL1(plan, ctx)))
  const failed = started.find((r) => r.status === 'rejected')
  if (failed) {
    await Promise.all(started.map((r) => (r.status === 'fulfilled' ? r.value.stop() : undefined)))
    throw failed.reason
  }
  return started.map((r) => (r as PromiseFulfilledResult<L1Instance>).value)
}

/** An L1 to start, and its validator set: planned, or the built-in L1's default (this node and the peers tracking it). */
type PlannedL1 = {
  plan: L1Plan
  validators: ReturnType<typeof planValidators> | 'node peers'
  /** With a state dir: the files the L1 starts with, to keep, and a warning of the restart's check. */
  persist?: { genesis: string; upgrade?: string; chainConfig: ChainConfig; warning?: string }
}

const aliasPattern = /^[A-Za-z0-9_.-]+$/
/** The primary network's aliases (chains/manager.go, node/node.go): an L1 cannot take them. */
const reservedAliases = new Set(['P', 'platform', 'X', 'avm', 'C', 'evm'])

/**
 * The blockchain and subnet IDs of the L1 `alias`: derived from the seed, the built-in L1's (alias
 * `devnet`) as they always were, any other alias's from the alias too.
 */
function l1IDs(seed: string, alias: string): { blockchainID: string; subnetID: string } {
  const suffix = alias === 'devnet' ? '' : `/${alias}`
  return { blockchainID: derivedID(seed, `blockchain${suffix}`), subnetID: derivedID(seed, `subnet${suffix}`) }
}

/** A port option: an integer from 0 to 65535, or undefined. */
function checkPort(value: unknown, argument: string): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 65535)
    throw new InvalidArgumentError({ argument, value, accepted: 'a port number from 0 to 65535' })
  return value
}

/** A genesis or upgrade given as a path must name a file that exists. */
function checkFile(source: JsonSource | undefined, what: string): void {
  if (typeof source === 'string' && !source.trimStart().startsWith('{') && !existsSync(source))
    throw new ChainConfigError(`${source}: no such file (the ${what})`)
}

// long: per L1 the options, files and IDs are checked in the node's order, with the built-in L1 beside `l1s`
/** Checks the L1 options (the built-in one, or `l1s`), reads their chain files, and gives each L1's plan. */
function planL1s(
  options: DevnetOptions,
  ctx: {
    seed: string
    networkID: number
    startTime: number
    maxBlocksPerRequest: number
    primary: string[]
    release: NodeRelease
    stateDir: string | undefined
  },
): PlannedL1[] {
  const persisted = new Map<string, NonNullable<PlannedL1['persist']> & { restore?: L1Snapshot }>()
  const checkAlias = (alias: unknown, argument: string): string => {
    if (typeof alias !== 'string' || !aliasPattern.test(alias))
      throw new InvalidArgumentError({ argument, value: alias, accepted: "letters, digits, '.', '_' or '-'" })
    if (reservedAliases.has(alias) || ctx.primary.includes(alias))
      throw new InvalidArgumentError({
        argument,
        value: alias,
        accepted: 'an alias the primary network does not use (P, X, C, platform, avm, evm)',
      })
    return alias
  }
  const schedule = upgradeSchedule(ctx.networkID, ctx.release)
  const files = (alias: string, genesis: JsonSource | undefined, upgrade: JsonSource | undefined, where: string): ChainFiles => {
    checkFile(genesis, `genesis of ${where}`)
    checkFile(upgrade, `upgrade of ${where}`)
    // A resumed L1 given no files has the dir's.
    const stored = ctx.stateDir === undefined ? undefined : readStoredL1(ctx.stateDir, alias)
    const genesisSource = genesis ?? stored?.genesis ?? defaultGenesis(ctx.startTime, ctx.networkID)
    const upgradeSource = upgrade ?? (stored ? stored.upgrade : genesis === undefined ? defaultUpgrade(ctx.startTime) : undefined)
    // The network upgrade times a node of this release gives the chain config (params/extras GetNetworkUpgrades).
    const loaded = loadChainFiles(genesisSource, upgradeSource, ctx.networkID, schedule)
    if (ctx.stateDir !== undefined) {
      const genesisText = sourceText(genesisSource)
      const upgradeText = upgradeSource === undefined ? undefined : sourceText(upgradeSource)
      const chainConfig = chainConfigOf(loaded.spec)
      const warning = stored
        ? checkRestart(alias, stored, loadChainFiles(stored.genesis, stored.upgrade, ctx.networkID, schedule), {
            genesis: genesisText,
            files: loaded,
            chainConfig,
          })
        : undefined
      persisted.set(alias, { genesis: genesisText, upgrade: upgradeText, chainConfig, warning, restore: stored?.snapshot })
    }
    return loaded
  }
  const withPersist = (p: PlannedL1): PlannedL1 => {
    const kept = persisted.get(p.plan.alias)
    if (!kept) return p
    const { restore, ...persist } = kept
    return { ...p, plan: { ...p.plan, restore }, persist }
  }
  // The chain config read, and `api-max-blocks-per-request`: the option given for the L1, else its config's, else the devnet's.
  const limits = (source: JsonSource | undefined, option: number | undefined, argument: string, where: string) => {
    const chainConfig: DevnetChainConfig = source === undefined ? defaultChainConfig : readChainConfig(source, where)
    const configured = chainConfig.apiMaxBlocksPerRequest
    if (option !== undefined && configured !== undefined && option !== configured)
      throw new InvalidArgumentError({
        argument,
        value: option,
        accepted: `the chain config's api-max-blocks-per-request (${configured}), or no ${argument}: give the limit once`,
      })
    return { chainConfig, maxBlocksPerRequest: option ?? configured ?? ctx.maxBlocksPerRequest }
  }
  if (options.l1s === undefined) {
    const alias = checkAlias(options.alias ?? 'devnet', 'alias')
    const anvilPort = checkPort(options.anvilPort, 'anvilPort')
    const validators = options.validators === undefined ? ('node peers' as const) : planValidators(options.validators, 'validators')
    return [
      withPersist({
        plan: {
          alias,
          ...l1IDs(ctx.seed, 'devnet'),
          files: files(alias, options.genesis, options.upgrade, `the L1 ${alias}`),
          ...limits(options.chainConfig, options.apiMaxBlocksPerRequest, 'apiMaxBlocksPerRequest', `the L1 ${alias}`),
          anvilPort,
        },
        validators,
      }),
    ]
  }
  if (!Array.isArray(options.l1s) || options.l1s.length === 0)
    throw new InvalidArgumentError({
      argument: 'l1s',
      value: options.l1s,
      accepted: 'a non-empty list of { alias, genesis?, upgrade?, … }',
    })
  for (const key of ['genesis', 'upgrade', 'alias', 'anvilPort', 'validators', 'chainConfig'] as const)
    if (options[key] !== undefined)
      throw new InvalidArgumentError({ argument: key, value: options[key], accepted: `no ${key} beside l1s: give it in each entry of l1s` })
  const seen = new Map<string, number>()
  const ports = new Map<number, string>()
  const planned = options.l1s.map((entry, i): PlannedL1 => {
    const at = `l1s[${i}]`
    if (typeof entry !== 'object' || entry === null)
      throw new InvalidArgumentError({
        argument: at,
        value: entry,
        accepted: 'an object { alias, genesis?, upgrade?, anvilPort?, validators? }',
      })
    const alias = checkAlias(entry.alias, `${at}.alias`)
    if (seen.has(alias))
      throw new InvalidArgumentError({
        argument: `${at}.alias`,
        value: alias,
        accepted: `an alias no other L1 has (l1s[${seen.get(alias)}] has it)`,
      })
    seen.set(alias, i)
    const anvilPort = checkPort(entry.anvilPort, `${at}.anvilPort`)
    if (anvilPort !== undefined && anvilPort !== 0) {
      if (ports.has(anvilPort))
        throw new InvalidArgumentError({
          argument: `${at}.anvilPort`,
          value: anvilPort,
          accepted: `a port no other L1's anvil has (${ports.get(anvilPort)} has it)`,
        })
      ports.set(anvilPort, alias)
    }
    if (entry.apiMaxBlocksPerRequest !== undefined && !Number.isSafeInteger(entry.apiMaxBlocksPerRequest))
      throw new InvalidArgumentError({
        argument: `${at}.apiMaxBlocksPerRequest`,
        value: entry.apiMaxBlocksPerRequest,
        accepted: 'an integer',
      })
    const validators = planValidators(entry.validators, `${at}.validators`)
    return {
      plan: {
        alias,
        ...l1IDs(ctx.seed, alias),
        files: files(alias, entry.genesis, entry.upgrade, `the L1 ${alias}`),
        ...limits(entry.chainConfig, entry.apiMaxBlocksPerRequest, `${at}.apiMaxBlocksPerRequest`, `the L1 ${alias}`),
        anvilPort,
      },
      validators,
    }
  })
  // Each L1 its own EVM chain ID: a signed transaction (EIP-155) must not replay on another.
  const chainIds = new Map<bigint, string>()
  for (const { plan } of planned) {
    const other = chainIds.get(plan.files.spec.chainId)
    if (other !== undefined)
      throw new ChainConfigError(
        `L1s ${other} and ${plan.alias} have the same chain ID ${plan.files.spec.chainId} (config.chainId): each L1 needs its own`,
      )
    chainIds.set(plan.files.spec.chainId, plan.alias)
  }
  return planned.map(withPersist)
}
