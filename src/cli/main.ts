/**
 * `subnet-rpc` command line: `subnet-rpc devnet [--genesis f] [--upgrade f] [--port n]`,
 * `subnet-rpc check --genesis f [--upgrade f] [--rpc url]` (./check.ts) and
 * `subnet-rpc status <url>` (./status.ts), and `--help`, `--version`. The devnet is the package
 * subnet-rpc-devnet, loaded only for `devnet`; status's modules are loaded only for `status`.
 * Exit codes: 0 done, 1 a runtime failure, 2 a command line the command cannot work with.
 */
import { createRequire } from 'node:module'
import { check, type CliIo } from './check.js'
import { inputErrorText, UsageError } from './fetchSend.js'

/**
 * What this command uses of subnet-rpc-devnet, the package an app installs beside subnet-rpc to run
 * `subnet-rpc devnet`. Stated here, not imported: the devnet depends on this package, not the reverse.
 */
type DevnetPackage = { devnetCommand(argv: string[], command?: string): Promise<number> }

/** The devnet's package name. */
const devnetPackage = 'subnet-rpc-devnet'
const { version } = createRequire(import.meta.url)('../../package.json') as { version: string }
const devnetInstall = `npm i -D ${devnetPackage}@${version} @foundry-rs/anvil@1.7.1`

const commands = `Usage: subnet-rpc <command> [options]

Commands:
  devnet   Run a local Avalanche L1 node stand-in (Info API + Subnet-EVM RPC) backed by anvil
  check    Check a genesis.json and upgrade.json as a node does at start (and against a live chain with --rpc)
  status   Show a node's and its L1's state (node, health, peers, rules, precompiles, validators)

Options:
  -h, --help       Show this help
  -v, --version    Show the version of subnet-rpc

subnet-rpc <command> --help shows a command's options.
`

/** subnet-rpc-devnet, or an error that says how to install it. */
async function loadDevnet(): Promise<DevnetPackage> {
  try {
    return (await import(devnetPackage)) as DevnetPackage
  } catch (e) {
    const { code, message } = e as { code?: string; message?: string }
    if (code !== 'ERR_MODULE_NOT_FOUND' || !String(message).includes(devnetPackage)) throw e
    throw new Error(
      `the devnet is the package ${devnetPackage}, which is not installed. Install it with:  ${devnetInstall}\n` +
        'Instead of @foundry-rs/anvil, any anvil binary works: --anvil <path>, the ANVIL_BINARY environment variable, or `anvil` on PATH (foundryup).',
    )
  }
}

async function main(argv: string[], io: CliIo): Promise<number> {
  const [command, ...rest] = argv
  if (command === 'check') return check(rest, io)
  if (command === 'status') {
    const { status } = await import('./status.js')
    return status(rest, io)
  }
  if (command === 'devnet') return (await loadDevnet()).devnetCommand(rest, 'subnet-rpc devnet')
  if (command === '--help' || command === '-h') {
    io.stdout.write(commands)
    return 0
  }
  if (command === '--version' || command === '-v') {
    io.stdout.write(`${version}\n`)
    return 0
  }
  if (command === undefined) io.stderr.write(commands)
  else {
    const unknown = `unknown ${command.startsWith('-') ? 'option' : 'command'} ${JSON.stringify(command)}`
    io.stderr.write(inputErrorText('subnet-rpc', new UsageError(unknown), commands))
  }
  return 2
}

main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env }).then(
  (code) => process.exit(code),
  (e: unknown) => {
    process.stderr.write(`subnet-rpc: ${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(1)
  },
)
