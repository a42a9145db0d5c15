/**
 * `subnet-rpc` command line: `subnet-rpc devnet [--genesis f] [--upgrade f] [--port n]`,
 * `subnet-rpc check --genesis f [--upgrade f] [--rpc url]` (./check.ts) and
 * `subnet-rpc status <url>` (./status.ts). The devnet is the package subnet-rpc-devnet, loaded
 * only for `devnet`; status's modules are loaded only for `status`.
 */
import { createRequire } from 'node:module'
import { parseArgs } from 'node:util'
import type * as DevnetPackage from '../devnet/index.js'
import { check, type CliIo } from './check.js'

/** The devnet's package, which an app installs beside subnet-rpc to run `subnet-rpc devnet`. */
const devnetPackage = 'subnet-rpc-devnet'
const { version } = createRequire(import.meta.url)('../../package.json') as { version: string }
const devnetInstall = `npm i -D ${devnetPackage}@${version} @foundry-rs/anvil@1.7.1`

const commands = `Usage: subnet-rpc <command> [options]

Commands:
  devnet   Run a local Avalanche L1 node stand-in (Info API + Subnet-EVM RPC) backed by anvil
  check    Check a genesis.json and upgrade.json as a node does at start (and against a live chain with --rpc)
  status   Show a node's and its L1's state (node, health, peers, rules, precompiles, validators)

subnet-rpc <command> --help shows a command's options.
`

const usage = `Usage: subnet-rpc devnet [options]

Starts a local Avalanche L1 node stand-in (Info API + Subnet-EVM RPC) backed by anvil.
Needs, in the project: ${devnetInstall}
(or any anvil binary through --anvil, ANVIL_BINARY or PATH instead of @foundry-rs/anvil).

Options:
  --genesis <file>   Subnet-EVM genesis.json (default: a built-in L1, chainId 99999)
  --upgrade <file>   Subnet-EVM upgrade.json (default with the built-in genesis: a schedule relative to now)
  --port <n>         Port of the node API on 127.0.0.1 (default 9650; 0 = any free port)
  --anvil-port <n>   Port for anvil (default: a free port)
  --anvil <path>     anvil binary (else ANVIL_BINARY, @foundry-rs/anvil, or PATH)
  --seed <text>      Seed for node identity and chain IDs (default subnet-rpc-devnet)
  --network-id <n>   Network ID (default 12345, local)
  --alias <name>     Alias of the L1 in /ext/bc/<alias>/rpc (default devnet)
  --api-max-blocks-per-request <n>
                     The L1 chain config's limit on eth_getLogs ranges, in blocks (default 0: none)
  -h, --help         Show this help
`

/** subnet-rpc-devnet, or an error that says how to install it. */
async function loadDevnet(): Promise<typeof DevnetPackage> {
  try {
    // The name is a variable so that TypeScript checks the module's type against src/devnet, not the build.
    return (await import(devnetPackage)) as typeof DevnetPackage
  } catch (e) {
    const { code, message } = e as { code?: string; message?: string }
    if (code !== 'ERR_MODULE_NOT_FOUND' || !String(message).includes(devnetPackage)) throw e
    throw new Error(
      `the devnet is the package ${devnetPackage}, which is not installed. Install it with:  ${devnetInstall}\n` +
        'Instead of @foundry-rs/anvil, any anvil binary works: --anvil <path>, the ANVIL_BINARY environment variable, or `anvil` on PATH (foundryup).',
    )
  }
}

function port(value: string | undefined, name: string): number | undefined {
  if (value === undefined) return undefined
  const n = Number(value)
  if (!Number.isInteger(n) || n < 0 || n > 65535)
    throw new Error(`--${name} must be a port number from 0 to 65535, got ${JSON.stringify(value)}`)
  return n
}

async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv
  if (command === 'check') return check(rest, io)
  if (command === 'status') {
    const { status } = await import('./status.js')
    return status(rest, io)
  }
  if (command !== 'devnet') {
    ;(command === '--help' || command === '-h' ? io.stdout : io.stderr).write(commands)
    return command === '--help' || command === '-h' ? 0 : 2
  }
  return devnet(rest)
}

async function devnet(argv: string[]): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      genesis: { type: 'string' },
      upgrade: { type: 'string' },
      port: { type: 'string' },
      'anvil-port': { type: 'string' },
      anvil: { type: 'string' },
      seed: { type: 'string' },
      'network-id': { type: 'string' },
      alias: { type: 'string' },
      'api-max-blocks-per-request': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  if (values.help) {
    process.stdout.write(usage)
    return 0
  }
  const networkID = values['network-id'] === undefined ? undefined : Number(values['network-id'])
  if (networkID !== undefined && (!Number.isInteger(networkID) || networkID < 1 || networkID > 0xffffffff))
    throw new Error(`--network-id must be an integer from 1 to 4294967295, got ${JSON.stringify(values['network-id'])}`)
  const maxBlocks = values['api-max-blocks-per-request']
  // The node reads an int64 from its chain config; 0 or less is no limit.
  if (maxBlocks !== undefined && !/^-?\d+$/.test(maxBlocks))
    throw new Error(`--api-max-blocks-per-request must be an integer, got ${JSON.stringify(maxBlocks)}`)

  const { startDevnet } = await loadDevnet()
  const devnet = await startDevnet({
    genesis: values.genesis,
    upgrade: values.upgrade,
    port: port(values.port, 'port') ?? 9650,
    anvilPort: port(values['anvil-port'], 'anvil-port'),
    anvilBinary: values.anvil,
    seed: values.seed,
    networkID,
    alias: values.alias,
    apiMaxBlocksPerRequest: maxBlocks === undefined ? undefined : Number(maxBlocks),
  })
  process.stdout.write(
    [
      'subnet-rpc devnet is running',
      `  node        ${devnet.url}`,
      `  info        ${devnet.infoUrl}`,
      `  L1 rpc      ${devnet.rpcUrl}`,
      `  L1 alias    ${devnet.aliasRpcUrl}`,
      `  blockchain  ${devnet.blockchainID}`,
      `  subnet      ${devnet.subnetID}`,
      `  chainId     ${devnet.chainId}`,
      `  nodeID      ${devnet.nodeID}`,
      `  anvil       ${devnet.anvilUrl}`,
      'Press Ctrl-C to stop.',
      '',
    ].join('\n'),
  )
  await new Promise<void>((resolve) => {
    const stop = () => resolve()
    process.once('SIGINT', stop)
    process.once('SIGTERM', stop)
  })
  process.stdout.write('stopping…\n')
  await devnet.stop()
  return 0
}

main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`subnet-rpc: ${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(1)
  },
)
