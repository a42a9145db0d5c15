/**
 * `startDevnet`: a local Avalanche L1 node stand-in. It serves `/ext/info` and the L1's
 * `/ext/bc/<id>/rpc` on the node's wire format and forwards standard Ethereum methods
 * to a real anvil.
 */
import { latestNodeRelease, loadChainFiles, nodeReleases, upgradeSchedule, type JsonSource, type NodeRelease } from 'subnet-rpc/config'
import { defaultGenesis, defaultUpgrade } from './config/defaults.js'
import { decodeCb58, InvalidArgumentError } from 'subnet-rpc'
import { derivedID, resolveNodeConfig, subnetEvmVmID, type NodeConfigInput } from './config/node.js'
import { platformChainID, primaryChainIDs } from 'subnet-rpc/config'
import type { ChainSpec } from 'subnet-rpc/config'
import { loadDevnetRuntime, spawnAnvil } from './anvil.js'
import { AnvilClient } from './chain/anvilClient.js'
import { serveChain } from './chain/envelope.js'
import { BlockFees } from './chain/blockFees.js'
import { createExecutor } from './chain/executor.js'
import { HeldBlockers } from './chain/txpool.js'
import { Miner } from './chain/miner.js'
import { LogRanges } from './chain/logRange.js'
import { FeeManagerState } from './chain/feeManager.js'
import { ChainEvents } from './chain/chainEvents.js'
import { connectionExecutor } from './chain/subscriptions.js'
import { webSocketEndpoint } from './chain/websocket.js'
import { PendingPool } from './precompiles/pendingPool.js'
import { PrecompileRuntime } from './precompiles/runtime.js'
import { serveInfo } from './info/envelope.js'
import { createInfoService, type ChainDirectory } from './info/service.js'
import { pathOf, startHttpServer } from './http/server.js'
import { healthRoute } from './health/index.js'
import { l1Validators, validatorsRoute } from './validators/index.js'

export type DevnetOptions = {
  /**
   * The avalanchego release the node reports and follows (its profile): version strings, plugin protocol, VM
   * versions, current ACPs and the network's upgrade schedule (`info.upgrades`, the chain config's network
   * upgrade times). `'1.14.2'` or `'1.15.0'`; default the latest, `'1.15.0'`.
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
   * Called with each warning about the files, as `subnet-rpc check` gives them (a genesis key a node ignores).
   * Default: printed on stderr as `warning: <message>`.
   */
  onWarning?: (message: string) => void
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
  /** Stops the HTTP server and anvil. Safe to call more than once. */
  stop(): Promise<void>
}

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
  const release = options.nodeVersion ?? latestNodeRelease
  if (!(nodeReleases as readonly unknown[]).includes(release))
    throw new InvalidArgumentError({ argument: 'nodeVersion', value: release, accepted: nodeReleases.map((r) => `'${r}'`).join(' or ') })
  // First, so a missing optional package (@viem/anvil, @noble/curves, an anvil) fails at once, in one message.
  const { binary } = await loadDevnetRuntime(options.anvilBinary)
  const seed = options.seed ?? 'subnet-rpc-devnet'
  const networkID = options.networkID ?? 12345
  const alias = options.alias ?? 'devnet'
  if (!/^[A-Za-z0-9_.-]+$/.test(alias)) throw new Error(`alias must be letters, digits, '.', '_' or '-', got ${JSON.stringify(alias)}`)
  const maxBlocksPerRequest = options.apiMaxBlocksPerRequest ?? 0
  if (!Number.isSafeInteger(maxBlocksPerRequest))
    throw new Error(`apiMaxBlocksPerRequest must be an integer, got ${JSON.stringify(options.apiMaxBlocksPerRequest)}`)
  const startTime = options.startTime ?? Math.floor(Date.now() / 1000)
  const genesisSource = options.genesis ?? defaultGenesis(startTime, networkID)
  const upgradeSource = options.upgrade ?? (options.genesis === undefined ? defaultUpgrade(startTime) : undefined)
  // The network upgrade times a node of this release gives the chain config (params/extras GetNetworkUpgrades).
  const files = loadChainFiles(genesisSource, upgradeSource, networkID, upgradeSchedule(networkID, release))
  const warn = options.onWarning ?? ((message: string) => process.stderr.write(`warning: ${message}\n`))
  for (const message of files.warnings) warn(message)

  const blockchainID = derivedID(seed, 'blockchain')
  const subnetID = derivedID(seed, 'subnet')
  const node = resolveNodeConfig({ ...options.node, seed, networkID }, subnetID, release)

  const anvilProc = await spawnAnvil({
    binary,
    chainId: files.spec.chainId,
    gasLimit: files.gasLimit,
    // The genesis header's base fee: a genesis with SubnetEVM active at 0 takes the fee config's minimum
    // (core/genesis.go), where anvil's uint64 base fee can hold it.
    blockBaseFeePerGas: genesisBaseFee(files.spec),
    port: options.anvilPort,
    timestamp: Number(files.genesisTimestamp),
  })
  try {
    const anvil = new AnvilClient(anvilProc.url)
    // anvil counts time from the genesis timestamp; a node's builder stamps blocks with its clock
    // (./chain/clock.ts), so anvil's own clock (its pending block, blocks mined on its URL) reads the wall clock too.
    // By an offset: evm_setTime would also raise the least time anvil lets the devnet give the next block.
    const behind = BigInt(Math.floor(Date.now() / 1000)) - files.genesisTimestamp
    if (behind > 0n) await anvil.request('evm_increaseTime', [`0x${behind.toString(16)}`])
    for (const a of files.alloc) {
      await anvil.request('anvil_setBalance', [a.address, `0x${a.balance.toString(16)}`])
      if (a.code) await anvil.request('anvil_setCode', [a.address, a.code])
      if (a.nonce !== undefined) await anvil.request('anvil_setNonce', [a.address, `0x${a.nonce.toString(16)}`])
      for (const [slot, value] of a.storage ?? []) await anvil.request('anvil_setStorageAt', [a.address, slot, value])
    }

    const precompiles = new PrecompileRuntime(
      files.spec,
      anvil,
      { blockchainID: `0x${Buffer.from(decodeCb58(blockchainID)).toString('hex')}`, networkID },
      files.genesisTimestamp,
    )
    const fees = new FeeManagerState(files.spec, anvil, precompiles)
    const blockFees = new BlockFees(files.spec, anvil, fees, files.genesisTimestamp)
    const pool = new PendingPool()
    // A waiting transaction goes in as a client's would, through the L1 endpoint's own checks.
    const miner = new Miner(anvil, blockFees, precompiles, pool, async (raw) => {
      await execute([{ id: '1', method: 'eth_sendRawTransaction', params: JSON.stringify([raw]) }])
    })
    // The precompiles enabled at genesis are in place before the first request.
    await miner.settle()
    // anvil's head and pool events: for the WebSocket endpoint's subscriptions, and so that state reads know
    // when a block came without asking (./chain/executor.ts). If they cannot be had, reads ask each time.
    const events = new ChainEvents(anvilProc.url)
    await events.ready().catch(() => undefined)
    const execute = createExecutor({
      spec: files.spec,
      anvil,
      fees,
      blockFees,
      miner,
      precompiles,
      pool,
      blockers: new HeldBlockers(anvil),
      warp: { networkID, blockchainID: decodeCb58(blockchainID), secretKey: node.identity.blsSecretKey },
      logRanges: maxBlocksPerRequest > 0 ? new LogRanges(anvil, maxBlocksPerRequest) : undefined,
      events,
      clientVersion: node.vmVersions[subnetEvmVmID]!,
    })
    const primary = primaryChainIDs(networkID)
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
      [alias, blockchainID],
      [blockchainID, blockchainID],
    ])
    const chains: ChainDirectory = { resolve: (a) => aliases.get(a), isBootstrapped: () => true }
    const info = createInfoService(node, chains)
    const validators = l1Validators(node, subnetID, startTime)
    const l1Paths = new Set([`/ext/bc/${blockchainID}/rpc`, `/ext/bc/${alias}/rpc`])
    // The L1's WebSocket endpoint: the same calls, plus eth_subscribe (./chain/websocket.ts, ./chain/subscriptions.ts).
    const webSocket = webSocketEndpoint(new Set([`/ext/bc/${blockchainID}/ws`, `/ext/bc/${alias}/ws`]), (send) =>
      connectionExecutor(execute, events, send),
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
          if (!l1Paths.has(pathOf(req.url))) return undefined
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
            execute,
          )
        },
        // The Health API and the L1's Validators API (src/devnet/health, packages/devnet/src/validators).
        healthRoute({
          node,
          startedAt: Date.now(),
          l1: { alias, subnetID, blockchainID },
          primary: { P: platformChainID, X: primary.X, C: primary.C },
          lastAccepted: async () => {
            const block = await anvil.request<{ number: string; hash: `0x${string}` }>('eth_getBlockByNumber', ['latest', false])
            return { height: BigInt(block.number), hash: block.hash }
          },
          validators: () => validators,
        }),
        validatorsRoute([blockchainID, alias], () => validators),
        webSocket.http,
      ],
      upgrades: [webSocket.upgrade],
      allowedOrigins: options.httpAllowedOrigins,
      allowedHosts: options.httpAllowedHosts,
    })

    const url = `http://127.0.0.1:${http.port}`
    let stopping: Promise<void> | undefined
    return {
      url,
      infoUrl: `${url}/ext/info`,
      rpcUrl: `${url}/ext/bc/${blockchainID}/rpc`,
      aliasRpcUrl: `${url}/ext/bc/${alias}/rpc`,
      wsUrl: `ws://127.0.0.1:${http.port}/ext/bc/${blockchainID}/ws`,
      blockchainID,
      subnetID,
      alias,
      chainId: files.spec.chainId,
      nodeID: node.identity.nodeID,
      anvilUrl: anvilProc.url,
      chainSpec: files.spec,
      nodeVersion: release,
      warnings: files.warnings,
      stop: () => {
        miner.close()
        webSocket.close()
        events.close()
        stopping ??= Promise.all([http.close(), anvilProc.stop()]).then(() => anvil.close())
        return stopping
      },
    }
  } catch (e) {
    await anvilProc.stop()
    throw e
  }
}

function genesisBaseFee(spec: ChainSpec): bigint | undefined {
  const fee = spec.networkUpgrades.subnetEVMTimestamp === 0n ? spec.feeConfig.minBaseFee : undefined
  return fee !== undefined && fee < 1n << 64n ? fee : undefined
}
