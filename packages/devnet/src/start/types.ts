/**
 * The devnet's public shapes: the options of `startDevnet` (`DevnetOptions`, one L1's `DevnetL1Options`) and
 * the running devnet it gives (`Devnet`, each L1's `DevnetL1`, its `DevnetStatus`). ../start.ts exports them.
 */
import type { ChainSpec, JsonSource, NodeRelease } from 'subnet-rpc/config'
import type { AnvilStartError, anvilOutputLines } from '../anvil.js'
import type { NodeConfigInput } from '../config/node.js'
import type { DevnetFailure } from '../faults.js'
import type { BlockPacing } from '../l1/block/builder.js'
import type { NetworkValidator, ValidatorsOption, WarpNetwork } from '../network/index.js'
import type { RelayerOptions } from '../relayer/relayer.js'

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
   * acts on `allow-unprotected-txs`, `allow-unprotected-tx-hashes`, `rpc-tx-fee-cap` and `api-max-blocks-per-request`, with
   * the node's defaults.
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
   * over RPC`), `allow-unprotected-tx-hashes` (default: the EIP-1820 deployment's hash), `rpc-tx-fee-cap` (the most
   * ether a send's `gasPrice × gas` may be; default 100, 0 for none) and `api-max-blocks-per-request`. With `l1s`, give it in each entry instead.
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
