/**
 * The bins as users run them (`npm test` builds them first): `dist/cli.js` (subnet-rpc) and
 * `packages/devnet/bin.js` (subnet-rpc-devnet), as child processes. Their command dispatch,
 * `--help`, `--version`, and the exit codes and stderr of a command line they cannot work with
 * (2, the message then the usage) and of a runtime failure after valid arguments (the message
 * alone). Starts no devnet: every case here ends before a server would start.
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'

const root = resolve(import.meta.dirname, '../..')
const subnetRpc = join(root, 'dist/cli.js')
const subnetRpcDevnet = join(root, 'packages/devnet/bin.js')
const versionOf = (packageJson: string) => (JSON.parse(readFileSync(join(root, packageJson), 'utf8')) as { version: string }).version

/** Runs a bin with node; its exit code and output, whatever the code. */
async function run(bin: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [bin, ...args], {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
    })
    return { code: 0, stdout, stderr }
  } catch (e) {
    const { code, stdout, stderr } = e as { code: number; stdout: string; stderr: string }
    return { code, stdout, stderr }
  }
}

beforeAll(() => {
  // No rebuild here: another test file may be running the built packages at the same time.
  expect(existsSync(subnetRpc) && existsSync(join(root, 'packages/devnet/dist/bin.js')), 'build first: npm run build').toBe(true)
})

describe('subnet-rpc', () => {
  it('--help and -h print the commands on stdout and exit 0', async () => {
    for (const flag of ['--help', '-h']) {
      const r = await run(subnetRpc, [flag])
      expect(r).toMatchObject({ code: 0, stderr: '' })
      expect(r.stdout).toMatch(/^Usage: subnet-rpc <command> \[options\]\n\nCommands:\n {2}devnet .*\n {2}check .*\n {2}status /)
    }
  })

  it('each command has its own --help (exit 0)', async () => {
    for (const [command, usage] of <[string, string][]>[
      ['check', 'Usage: subnet-rpc check --genesis <file>'],
      ['status', 'Usage: subnet-rpc status <url>'],
      ['devnet', 'Usage: subnet-rpc devnet [options]'],
    ]) {
      const r = await run(subnetRpc, [command, '--help'])
      expect(r).toMatchObject({ code: 0, stderr: '' })
      expect(r.stdout.startsWith(usage), r.stdout).toBe(true)
    }
  })

  it('--version and -v print the version of subnet-rpc', async () => {
    for (const flag of ['--version', '-v'])
      expect(await run(subnetRpc, [flag])).toEqual({ code: 0, stdout: `${versionOf('package.json')}\n`, stderr: '' })
  })

  it('an unknown command or option is named before the usage, on stderr, exit 2; no command is the usage alone', async () => {
    const nope = await run(subnetRpc, ['nope'])
    expect(nope).toMatchObject({ code: 2, stdout: '' })
    expect(nope.stderr).toMatch(/^subnet-rpc: unknown command "nope"\n\nUsage: subnet-rpc <command> \[options\]\n/)
    const bogus = await run(subnetRpc, ['--bogus'])
    expect(bogus).toMatchObject({ code: 2, stdout: '' })
    expect(bogus.stderr).toMatch(/^subnet-rpc: unknown option "--bogus"\n\nUsage: subnet-rpc <command>/)
    const none = await run(subnetRpc, [])
    expect(none).toMatchObject({ code: 2, stdout: '' })
    expect(none.stderr).toMatch(/^Usage: subnet-rpc <command> \[options\]\n/)
  })

  it('check and status: a wrong command line shows the usage (exit 2), an unreadable file or unreachable node only the message (exit 2)', async () => {
    const flags = await run(subnetRpc, ['check', '--genesis'])
    expect(flags).toMatchObject({ code: 2, stdout: '' })
    expect(flags.stderr).toMatch(/^subnet-rpc check: Option '--genesis <value>' argument missing\n\nUsage: subnet-rpc check /)
    const file = await run(subnetRpc, ['check', '--genesis', '/nonexistent/genesis.json'])
    expect(file).toEqual({ code: 2, stdout: '', stderr: 'subnet-rpc check: --genesis: cannot read /nonexistent/genesis.json: ENOENT\n' })
    const none = await run(subnetRpc, ['status'])
    expect(none).toMatchObject({ code: 2, stdout: '' })
    expect(none.stderr).toMatch(/^subnet-rpc status: needs one URL\n\nUsage: subnet-rpc status /)
    const down = await run(subnetRpc, ['status', 'http://127.0.0.1:1'])
    expect(down).toMatchObject({ code: 2, stdout: '' })
    expect(down.stderr).toMatch(/^subnet-rpc status: cannot reach http:\/\/127\.0\.0\.1:1\/ext\/info: [^\n]*\n$/)
  })
})

// `subnet-rpc devnet` is subnet-rpc-devnet's command line: both bins answer alike, each under its own name.
describe.each([
  ['subnet-rpc devnet', subnetRpc, ['devnet'], 'subnet-rpc'],
  ['subnet-rpc-devnet', subnetRpcDevnet, [], 'subnet-rpc-devnet'],
])('%s', (command, bin, prefix, runtimePrefix) => {
  it('--help and -h print the options on stdout and exit 0', async () => {
    for (const flag of ['--help', '-h']) {
      const r = await run(bin, [...prefix, flag])
      expect(r).toMatchObject({ code: 0, stderr: '' })
      expect(r.stdout).toMatch(new RegExp(`^Usage: ${command} \\[options\\]\\n[^]*\\n {2}-v, --version `))
    }
  })

  it('--version and -v print the version of subnet-rpc-devnet', async () => {
    for (const flag of ['--version', '-v'])
      expect(await run(bin, [...prefix, flag])).toEqual({ code: 0, stdout: `${versionOf('packages/devnet/package.json')}\n`, stderr: '' })
  })

  it('bad flags: the message, then the usage, on stderr; exit 2', async () => {
    for (const [args, reason] of <[string[], string][]>[
      [['--bogus'], "Unknown option '--bogus'"],
      [['--port'], "Option '--port <value>' argument missing"],
      [['--port', '70000'], '--port must be a port number from 0 to 65535, got "70000"'],
      [['--anvil-port', 'x'], '--anvil-port must be a port number from 0 to 65535, got "x"'],
      [['--network-id', '0'], '--network-id must be an integer from 1 to 4294967295, got "0"'],
      [['--node-version', '1.14.1'], '--node-version must be one of 1.14.2, 1.15.0-fuji, 1.15.0, 1.15.1, 1.15.2, 1.15.3, got "1.14.1"'],
      [['--api-max-blocks-per-request', '1.5'], '--api-max-blocks-per-request must be an integer, got "1.5"'],
      [['--relay-messenger', '0x12'], '--relay-messenger must be a 0x-prefixed 20-byte address, got "0x12"'],
      [['--relayer-key', 'abc'], '--relayer-key must be 0x and 64 hex digits (a private key)'],
      [['9650'], "Unexpected argument '9650'"],
      [['--chain-config', '/no/such/config.json'], '--chain-config: no such file "/no/such/config.json"'],
      [
        ['--chain-config', 'a.json', '--chain-config', 'b.json'],
        '--chain-config is given more than once: the devnet has one L1 (use --l1 for several)',
      ],
      [
        ['--l1', `a=${join(root, 'test/fixtures/subnet-evm-genesis/contract_native_minter.json')}`, '--chain-config', 'b=config.json'],
        '--chain-config with --l1 must be <alias>=<file> for an --l1 alias, got "b=config.json"',
      ],
    ]) {
      const r = await run(bin, [...prefix, ...args])
      expect(r, args.join(' ')).toMatchObject({ code: 2, stdout: '' })
      expect(r.stderr.startsWith(`${command}: ${reason}`), r.stderr).toBe(true)
      expect(r.stderr).toContain(`\n\nUsage: ${command} [options]\n`)
    }
  })

  it('a failure to start after valid flags: the message alone on stderr, exit 1', async () => {
    const r = await run(bin, [...prefix, '--port', '0', '--anvil', '/nonexistent/anvil'])
    expect(r).toEqual({
      code: 1,
      stdout: '',
      stderr: `${runtimePrefix}: anvilBinary option points to /nonexistent/anvil, which does not exist\n`,
    })
  })
})
