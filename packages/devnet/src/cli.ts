/**
 * The devnet's command line (`subnet-rpc-devnet [options]`, and `subnet-rpc devnet [options]` through
 * subnet-rpc's CLI): the options of `startDevnet`, the URLs printed, Ctrl-C to stop.
 */
import { createRequire } from 'node:module'
import { parseArgs } from 'node:util'
import { latestNodeRelease, nodeReleases, type NodeRelease } from 'subnet-rpc/config'
import { devnetPackages } from './anvil.js'
import { type BlockPacing, blockPacings } from './l1/block/builder.js'
import { npxAncestry, untilStopRequested } from './lifecycle.js'
import { existsSync } from 'node:fs'
import { startDevnet, type Devnet, type DevnetL1Options } from './start.js'
import { failureReport } from './faults.js'
import type { RelayerOptions } from './relayer/relayer.js'

const usage = (command: string) => `Usage: ${command} [options]

Starts a local Avalanche L1 node stand-in (Info API + Subnet-EVM RPC) backed by anvil.
Needs an anvil: @foundry-rs/anvil in the project (npm i -D @foundry-rs/anvil@${devnetPackages['@foundry-rs/anvil'].version}),
or any anvil binary through --anvil, ANVIL_BINARY or PATH.

Options:
  --genesis <file>   Subnet-EVM genesis.json (default: a built-in L1, chainId 99999)
  --upgrade <file>   Subnet-EVM upgrade.json (default with the built-in genesis: a schedule relative to now)
  --port <n>         Port of the node API on 127.0.0.1 (default 9650; 0 = any free port)
  --anvil-port <n>   Port for anvil (default: a free port)
  --anvil <path>     anvil binary (else ANVIL_BINARY, @foundry-rs/anvil, or PATH)
  --block-pacing <p> instant (default: sends mined at once, bursts sharing blocks, node block times)
                     or node (blocks in wall time, at most one per minimum delay, as a node builds them)
  --seed <text>      Seed for node identity and chain IDs (default subnet-rpc-devnet)
  --network-id <n>   Network ID (default 12345, local)
  --node-version <v> The avalanchego release the node reports and follows: ${nodeReleases.join(', ')}
                     (default ${latestNodeRelease}, the latest)
  --alias <name>     Alias of the L1 in /ext/bc/<alias>/rpc (default devnet)
  --l1 <alias>=<genesis.json>[,<upgrade.json>]
                     An L1 the node validates, with its own anvil, chain ID and IDs; repeat it for
                     several (the first is the default). Replaces --genesis, --upgrade, --alias, --anvil-port
  --chain-config <file>
                     The L1's chain config (the node's config.json for it): allow-unprotected-txs,
                     allow-unprotected-tx-hashes, rpc-tx-fee-cap, api-max-blocks-per-request.
                     With --l1: <alias>=<file>, once per L1
  --state-dir <dir>  Keep every L1's chain, IDs and devnet state in <dir>: a restart with the same
                     <dir> resumes them, after the node's checks of a changed genesis or upgrade.json
  --api-max-blocks-per-request <n>
                     The L1 chain config's limit on eth_getLogs ranges, in blocks (default 0: none)
  --http-allowed-origins <origins>
                     Origins whose pages may call the API (CORS), space-separated, as the node's flag
                     (default *: all; one * inside an origin is a wildcard)
  --http-allowed-hosts <hosts>
                     Host names accepted in the Host header, comma-separated, as the node's flag
                     (default localhost; IP addresses always pass; * accepts all). Others get 403
  --dev-origins <origins>
                     Origins whose pages may call the development methods (anvil_*, evm_*, hardhat_*,
                     debug_*, devnet_*, eth_sign, eth_sendTransaction, …), space-separated, * for all
                     (default none: only tools, which send no Origin header, may)
  --node-exact       No development methods at all: they answer -32601 as on a node
  --relay            Run a relayer in the devnet, as icm-relayer: Teleporter messages sent on one L1
                     are delivered on their destination L1 (docs/icm.md)
  --relay-messenger <address>
                     A message contract the relayer watches on every L1; repeat it for several
                     (default Teleporter's 0x253b2784c75e510dD0fF1da844684a1aC0aa5fcf). Implies --relay
  --relayer-key <hex>
                     The relayer's private key (default: one derived from --seed). Implies --relay
  --relayer-reward-address <address>
                     relayerRewardAddress of its deliveries (default: the relayer's address). Implies --relay
  -h, --help         Show this help
  -v, --version      Show the version of subnet-rpc-devnet

Stops on SIGINT (Ctrl-C), SIGTERM or SIGHUP, and when the npx (npm exec) that started it exits.
If an anvil ends on its own, prints what happened with anvil's last lines and exits 3.
Exit codes: 0 stopped, 1 the devnet failed to start, 2 bad options, 3 an anvil died.
`

function port(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`--${name} must be a port number from 0 to 65535, got ${JSON.stringify(value)}`)
  return n
}

/**
 * The `--l1 <alias>=<genesis.json>[,<upgrade.json>]` flags, checked: an alias of letters, digits, '.', '_' or
 * '-' that no other --l1 has, and files that exist.
 */
function l1Flags(flags: string[]): DevnetL1Options[] {
  const seen = new Set<string>()
  return flags.map((flag) => {
    const eq = flag.indexOf('=')
    const alias = eq === -1 ? '' : flag.slice(0, eq)
    const files = eq === -1 ? [] : flag.slice(eq + 1).split(',')
    if (eq === -1 || files.length > 2 || files.some((f) => f === ''))
      throw new Error(`--l1 must be <alias>=<genesis.json>[,<upgrade.json>], got ${JSON.stringify(flag)}`)
    if (!/^[A-Za-z0-9_.-]+$/.test(alias))
      throw new Error(`--l1 alias must be letters, digits, '.', '_' or '-', got ${JSON.stringify(alias)}`)
    if (seen.has(alias)) throw new Error(`--l1 alias ${JSON.stringify(alias)} is given twice: each L1 needs its own`)
    seen.add(alias)
    for (const file of files) if (!existsSync(file)) throw new Error(`--l1 ${alias}: no such file ${JSON.stringify(file)}`)
    return { alias, genesis: files[0], upgrade: files[1] }
  })
}

/** What the command prints once the devnet runs: the default L1's lines as always, then each L1's when there are several. */
function runningText(command: string, devnet: Devnet): string {
  const lines = [`${command} is running`, `  node        ${devnet.url}`, `  info        ${devnet.infoUrl}`]
  if (devnet.l1s.length === 1)
    lines.push(
      `  L1 rpc      ${devnet.rpcUrl}`,
      `  L1 alias    ${devnet.aliasRpcUrl}`,
      `  L1 ws       ${devnet.wsUrl}`,
      `  blockchain  ${devnet.blockchainID}`,
      `  subnet      ${devnet.subnetID}`,
      `  chainId     ${devnet.chainId}`,
      `  nodeID      ${devnet.nodeID}`,
      `  version     avalanchego/${devnet.nodeVersion}`,
      `  anvil       ${devnet.anvilUrl}`,
    )
  else {
    lines.push(`  nodeID      ${devnet.nodeID}`, `  version     avalanchego/${devnet.nodeVersion}`)
    for (const [i, l1] of devnet.l1s.entries())
      lines.push(
        `  L1 ${l1.alias}${i === 0 ? ' (default)' : ''}`,
        `    rpc         ${l1.rpcUrl}`,
        `    alias       ${l1.aliasRpcUrl}`,
        `    ws          ${l1.wsUrl}`,
        `    blockchain  ${l1.blockchainID}`,
        `    subnet      ${l1.subnetID}`,
        `    chainId     ${l1.chainId}`,
        `    anvil       ${l1.anvilUrl}`,
      )
  }
  if (devnet.relayer) lines.push(`  relayer     ${devnet.relayer.address} (rewards to ${devnet.relayer.rewardAddress})`)
  return [...lines, 'Press Ctrl-C to stop.', ''].join('\n')
}

/** The flags of {@link usage}, as `parseArgs` reads them. */
const flagTable = {
  genesis: { type: 'string' },
  upgrade: { type: 'string' },
  port: { type: 'string' },
  'anvil-port': { type: 'string' },
  anvil: { type: 'string' },
  'block-pacing': { type: 'string' },
  seed: { type: 'string' },
  'network-id': { type: 'string' },
  'node-version': { type: 'string' },
  alias: { type: 'string' },
  l1: { type: 'string', multiple: true },
  'api-max-blocks-per-request': { type: 'string' },
  'chain-config': { type: 'string', multiple: true },
  'state-dir': { type: 'string' },
  'http-allowed-origins': { type: 'string' },
  'http-allowed-hosts': { type: 'string', multiple: true },
  'dev-origins': { type: 'string' },
  'node-exact': { type: 'boolean' },
  relay: { type: 'boolean' },
  'relay-messenger': { type: 'string', multiple: true },
  'relayer-key': { type: 'string' },
  'relayer-reward-address': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const

/** The flags given, read by the table; throws on a flag it does not have or a positional argument. */
const readFlags = (argv: string[]) => parseArgs({ args: argv, allowPositionals: false, options: flagTable }).values

type Flags = ReturnType<typeof readFlags>

/** The options of {@link usage}, checked: throws on any the command cannot work with. */
function parseOptions(argv: string[]) {
  const values = readFlags(argv)
  const { networkID, nodeVersion, maxBlocks, pacing } = nodeFlags(values)
  const l1s = values.l1 === undefined ? undefined : l1Flags(values.l1)
  const chainConfig = chainConfigFlags(values['chain-config'] ?? [], l1s)
  if (l1s)
    for (const flag of ['genesis', 'upgrade', 'alias', 'anvil-port'] as const)
      if (values[flag] !== undefined) throw new Error(`--${flag} cannot be given with --l1: give each L1's files in its --l1`)
  const relayer = relayerFlags(values)
  return {
    help: values.help,
    version: values.version,
    start: {
      l1s,
      relayer,
      genesis: values.genesis,
      upgrade: values.upgrade,
      port: port(values.port, 'port') ?? 9650,
      anvilPort: port(values['anvil-port'], 'anvil-port'),
      anvilBinary: values.anvil,
      blockPacing: pacing as BlockPacing | undefined,
      seed: values.seed,
      networkID,
      nodeVersion: nodeVersion as NodeRelease | undefined,
      alias: values.alias,
      apiMaxBlocksPerRequest: maxBlocks === undefined ? undefined : Number(maxBlocks),
      chainConfig,
      stateDir: values['state-dir'],
      // As avalanchego reads them (config/config.go, viper): the origins flag is one string split at white
      // space; the hosts flag a pflag string slice, comma-separated and repeatable.
      httpAllowedOrigins: values['http-allowed-origins']?.split(/\s+/).filter((o) => o !== ''),
      httpAllowedHosts: values['http-allowed-hosts']?.flatMap((h) => h.split(',')),
      devOrigins: values['dev-origins']?.split(/\s+/).filter((o) => o !== ''),
      nodeExact: values['node-exact'],
    },
  }
}

/** `--network-id`, `--node-version`, `--api-max-blocks-per-request` and `--block-pacing`, checked in that order. */
function nodeFlags(values: Flags) {
  const networkID = values['network-id'] === undefined ? undefined : Number(values['network-id'])
  if (networkID !== undefined && (!Number.isInteger(networkID) || networkID < 1 || networkID > 0xffffffff))
    throw new Error(`--network-id must be an integer from 1 to 4294967295, got ${JSON.stringify(values['network-id'])}`)
  const nodeVersion = values['node-version']
  if (nodeVersion !== undefined && !(nodeReleases as readonly string[]).includes(nodeVersion))
    throw new Error(`--node-version must be one of ${nodeReleases.join(', ')}, got ${JSON.stringify(nodeVersion)}`)
  const maxBlocks = values['api-max-blocks-per-request']
  // The node reads an int64 from its chain config; 0 or less is no limit.
  if (maxBlocks !== undefined && !/^-?\d+$/.test(maxBlocks))
    throw new Error(`--api-max-blocks-per-request must be an integer, got ${JSON.stringify(maxBlocks)}`)
  const pacing = values['block-pacing']
  if (pacing !== undefined && !(blockPacings as readonly string[]).includes(pacing))
    throw new Error(`--block-pacing must be ${blockPacings.join(' or ')}, got ${JSON.stringify(pacing)}`)
  return { networkID, nodeVersion, maxBlocks, pacing }
}

/**
 * The `--chain-config` flags: with `--l1`, one `<alias>=<file>` per L1 at most, set on its entry of `l1s`;
 * else one file, returned. Every file must exist.
 */
function chainConfigFlags(chainConfigs: string[], l1s: DevnetL1Options[] | undefined): string | undefined {
  let chainConfig: string | undefined
  if (l1s) {
    for (const flag of chainConfigs) {
      const eq = flag.indexOf('=')
      const l1 = l1s.find((l) => l.alias === flag.slice(0, eq))
      if (eq === -1 || !l1)
        throw new Error(`--chain-config with --l1 must be <alias>=<file> for an --l1 alias, got ${JSON.stringify(flag)}`)
      if (l1.chainConfig !== undefined) throw new Error(`--chain-config for ${l1.alias} is given twice`)
      l1.chainConfig = flag.slice(eq + 1)
    }
  } else if (chainConfigs.length > 1)
    throw new Error('--chain-config is given more than once: the devnet has one L1 (use --l1 for several)')
  else chainConfig = chainConfigs[0]
  for (const file of [chainConfig, ...(l1s ?? []).map((l) => l.chainConfig as string | undefined)])
    if (file !== undefined && !existsSync(file)) throw new Error(`--chain-config: no such file ${JSON.stringify(file)}`)
  return chainConfig
}

/** The relayer's flags, checked: its options when any of them is given (each implies `--relay`), else undefined. */
function relayerFlags(values: Flags): RelayerOptions | undefined {
  const relayOn =
    values.relay === true ||
    values['relay-messenger'] !== undefined ||
    values['relayer-key'] !== undefined ||
    values['relayer-reward-address'] !== undefined
  for (const [flag, v] of [
    ['relay-messenger', values['relay-messenger']],
    ['relayer-reward-address', values['relayer-reward-address'] && [values['relayer-reward-address']]],
  ] as const)
    for (const a of v ?? [])
      if (!/^0x[0-9a-fA-F]{40}$/.test(a)) throw new Error(`--${flag} must be a 0x-prefixed 20-byte address, got ${JSON.stringify(a)}`)
  const key = values['relayer-key']
  if (key !== undefined && !/^0x[0-9a-fA-F]{64}$/.test(key)) throw new Error('--relayer-key must be 0x and 64 hex digits (a private key)')
  return relayOn ? { messengers: values['relay-messenger'], privateKey: key, rewardAddress: values['relayer-reward-address'] } : undefined
}

/**
 * The devnet's command line: parses `argv` (the options of {@link usage}), starts a devnet, prints its
 * URLs and runs until SIGINT, SIGTERM or SIGHUP, or until the npx that started it exits. Resolves with the exit code: 0 when stopped (or after `--help`,
 * `--version`), 2 on bad options (the message and the usage on stderr); throws when the devnet fails to
 * start (the bins print the message alone and exit 1). `subnet-rpc devnet` and this package's own
 * `subnet-rpc-devnet` bin both run it.
 *
 * @example
 * import { devnetCommand } from 'subnet-rpc-devnet'
 *
 * // As `subnet-rpc-devnet --port 9650` does; resolves with the exit code once stopped (SIGINT, SIGTERM, SIGHUP).
 * process.exitCode = await devnetCommand(['--port', '9650'])
 */
export async function devnetCommand(argv: string[], command = 'subnet-rpc-devnet'): Promise<number> {
  let options: ReturnType<typeof parseOptions>
  try {
    options = parseOptions(argv)
  } catch (e) {
    // As subnet-rpc check and status report a command line they cannot work with.
    process.stderr.write(`${command}: ${(e as Error).message}\n\n${usage(command)}`)
    return 2
  }
  if (options.help) {
    process.stdout.write(usage(command))
    return 0
  }
  if (options.version) {
    // By name, so that it is this package's version wherever the module sits (built, or from src/ in tests).
    const { version } = createRequire(import.meta.url)('subnet-rpc-devnet/package.json') as { version: string }
    process.stdout.write(`${version}\n`)
    return 0
  }
  const ancestry = npxAncestry()
  const devnet = await startDevnet({
    ...options.start,
    onAnvilExit: (failure) => process.stderr.write(`${command}: ${failureReport(failure)}\n`),
  })
  process.stdout.write(runningText(command, devnet))
  // A dead anvil ends the command (its chain is gone; ./faults.ts): the report is on stderr, the exit code 3.
  const stop = await Promise.race([untilStopRequested(ancestry), devnet.failed.then(() => undefined)])
  process.stdout.write(stop === undefined ? 'stopping: an anvil died\n' : 'stopping…\n')
  await devnet.stop()
  return stop === undefined ? 3 : 0
}
