/**
 * `subnet-rpc status` against the real devnet (real anvil, over HTTP): in process through
 * `status(argv, io)`, and through the built `dist/cli.js` when main.ts routes `status`.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { Writable } from 'node:stream'
import { promisify } from 'node:util'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { useDevnet, useSharedDevnet } from '../helpers/devnet.js'
import { startFakeNode } from '../helpers/servers.js'
import { status } from '../../src/cli/status.js'

const devnet = useSharedDevnet()
const lonely = useDevnet({ seed: 'cli-status-lonely', node: { peers: [] }, alias: 'mychain' })

/** Runs `status` in process; stdout/stderr as text, optionally posing as a terminal. */
async function run(argv: string[], { tty = false, env = {} as NodeJS.ProcessEnv } = {}) {
  const sink = () => {
    const chunks: string[] = []
    const stream = new Writable({
      write(chunk, _enc, done) {
        chunks.push(String(chunk))
        done()
      },
    }) as Writable & { isTTY?: boolean }
    stream.isTTY = tty
    return { stream, text: () => chunks.join('') }
  }
  const out = sink()
  const err = sink()
  const code = await status(argv, { stdout: out.stream, stderr: err.stream, env })
  return { code, stdout: out.text(), stderr: err.text() }
}

describe('subnet-rpc status (in process)', () => {
  it('from the L1 URL: node and L1 in a table, exit 0 when healthy', async () => {
    const { code, stdout, stderr } = await run([devnet().aliasRpcUrl])
    expect(code).toBe(0)
    expect(stderr).toBe('')
    // No colour codes: stdout is not a terminal.
    expect(stdout).not.toContain('\x1b[')
    const d = devnet()
    for (const text of [
      `node ID       ${d.nodeID}`,
      'version       avalanchego/1.15.3 (database v1.4.5, rpc 47)',
      'network       local (12345)',
      'health        healthy (10 checks)',
      'peers         6 (avalanchego/1.15.3 ×5, avalanchego/1.15.2 ×1)',
      'uptime        100.0000% rewarding stake, 99.4821% weighted average',
      `L1  devnet (${d.blockchainID})  ${d.aliasRpcUrl}`,
      `chain ID      ${d.chainId}`,
      'last changed at genesis',
      'rules         SubnetEVM, Durango',
      'validators    5 (5 connected), total weight 9007199264740993',
      `${d.nodeID}  weight 9007199254740993  connected  uptime 100%`,
    ])
      expect(stdout).toContain(text)
    expect(stdout).toMatch(/next {10}\d{4}-\d\d-\d\dT/)
  })

  it('from the base URL: finds the L1 by the devnet alias; --json with exact uint64 strings', async () => {
    const { code, stdout } = await run([devnet().url, '--json'])
    expect(code).toBe(0)
    const report = JSON.parse(stdout)
    expect(report.healthy).toBe(true)
    expect(report.node.nodeID.nodeID).toBe(devnet().nodeID)
    expect(report.l1.blockchainID).toBe(devnet().blockchainID)
    expect(report.l1.chainId).toBe(String(devnet().chainId))
    expect(report.l1.validators[0].weight).toBe('9007199254740993')
    expect(report.l1.feeConfig.feeConfig.gasLimit).toBe('8000000')
    expect(Object.keys(report.node.health.checks)).toContain('network')
  })

  it('an unhealthy node: exit 1, the failing check named; a base URL without the devnet alias says what to pass', async () => {
    const { code, stdout } = await run([`${lonely().url}/ext/info`])
    expect(code).toBe(1)
    expect(stdout).toMatch(/health {8}unhealthy: network: network layer is unhealthy reason: not connected to a minimum of 1 peer/)
    expect(stdout).toContain("no L1 given: pass the L1's URL (…/ext/bc/<blockchainID>/rpc) or --chain <alias|blockchainID>")
    const chosen = await run([lonely().url, '--chain', 'mychain'])
    expect(chosen.stdout).toContain(`L1  mychain (${lonely().blockchainID})`)
    expect(chosen.stdout).toContain('validators    1 (1 connected)')
  })

  it('colours on a terminal unless NO_COLOR; progress on stderr only on a terminal', async () => {
    const coloured = await run([devnet().rpcUrl], { tty: true })
    expect(coloured.stdout).toContain('\x1b[32mhealthy\x1b[0m')
    expect(coloured.stderr).toContain('querying node ID…')
    const plain = await run([devnet().rpcUrl], { tty: true, env: { NO_COLOR: '1' } })
    expect(plain.stdout).not.toContain('\x1b[')
  })

  it('a URL without the Info and Health APIs (a plain anvil): each missing API reported once, exit 1', async () => {
    const { code, stdout } = await run([devnet().anvilUrl])
    expect(code).toBe(1)
    expect(stdout.match(/answered HTTP 404/g)).toHaveLength(2)
    expect(stdout).toContain(`node ID       error: ${devnet().anvilUrl}/ext/info answered HTTP 404`)
    expect(stdout).toContain(`health        error: ${devnet().anvilUrl}/ext/health answered HTTP 404`)
    for (const row of ['version', 'network', 'bootstrapped', 'peers'])
      expect(stdout).toContain(`${row.padEnd(14)}error: no Info API at this URL (HTTP 404)`)
  })

  it("an EVM chain's URL whose server answers every path (fake node): each node API's hint once, exit 1", async () => {
    // The devnet serves its node APIs and anvil answers 404 off "/": an EVM chain answering JSON-RPC on every path
    // (as a hosted RPC endpoint does) is the fake node, with the node's -32601 for methods it lacks.
    const node = await startFakeNode()
    try {
      const { code, stdout } = await run([`${node.url}/ext/bc/C/rpc`])
      expect(code).toBe(1)
      expect(stdout).toContain("node ID       error: an EVM chain, not the node's Info API: use the node's URL (…/ext/info)")
      expect(stdout).toContain("health        error: an EVM chain, not the node's Health API: use the node's URL (…/ext/health)")
      for (const row of ['version', 'network', 'bootstrapped', 'peers'])
        expect(stdout).toContain(`${row.padEnd(14)}error: an EVM chain, not the node's Info API (see above)`)
      expect(stdout.match(/use the node's URL \(…\/ext\/info\)/g)).toHaveLength(1)
    } finally {
      await node.close()
    }
  })

  it('bad input: exit 2, with the usage only when the command line is wrong', async () => {
    const usage = 'Usage: subnet-rpc status <url>'
    for (const [argv, reason] of [
      [[], 'subnet-rpc status: needs one URL\n\n'],
      [['a', 'b'], 'subnet-rpc status: needs one URL\n\n'],
      [['--bogus', 'http://x'], "subnet-rpc status: Unknown option '--bogus'"],
      [['not a url'], 'subnet-rpc status: Cannot derive the Info API URL: "not a url" is not an http(s) or ws(s) URL.\n\n'],
    ] as const) {
      const r = await run([...argv])
      expect(r.code, argv.join(' ')).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr.startsWith(reason), r.stderr).toBe(true)
      expect(r.stderr).toContain(usage)
    }
    const down = await run(['http://127.0.0.1:1'])
    expect(down.code).toBe(2)
    expect(down.stderr).toMatch(/^subnet-rpc status: cannot reach http:\/\/127\.0\.0\.1:1\/ext\/info: .*\n$/)
    const help = await run(['--help'])
    expect(help.code).toBe(0)
    expect(help.stdout).toContain('Usage: subnet-rpc status <url>')
  })
})

// The built module (`npm test` builds dist/ first), in a plain node process: no viem or ethers loaded.
describe('subnet-rpc status (built dist/cli/status.js)', () => {
  it('runs from the build and loads neither viem nor ethers', async () => {
    const script = `
      import { status } from './dist/cli/status.js'
      const code = await status([process.argv[1]], { stdout: process.stdout, stderr: process.stderr, env: { NO_COLOR: '1' } })
      process.stdout.write('exit ' + code + '\\n')
    `
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script, devnet().aliasRpcUrl], {
      env: { ...process.env, NODE_DEBUG: '' },
    })
    expect(stdout).toContain(`node ID       ${devnet().nodeID}`)
    expect(stdout).toContain('validators    5 (5 connected)')
    expect(stdout).toContain('exit 0')
    // The whole static import graph of the built command: only node: modules and the package's own files.
    const seen = new Set<string>()
    const external: string[] = []
    const visit = (file: string) => {
      if (seen.has(file)) return
      seen.add(file)
      // The compiler's own scan of imports and re-exports: the JSDoc examples the build keeps are not imports.
      for (const { fileName: spec } of ts.preProcessFile(readFileSync(file, 'utf8'), true, true).importedFiles) {
        if (spec.startsWith('.')) visit(resolve(dirname(file), spec))
        else if (!spec.startsWith('node:')) external.push(`${file}: ${spec}`)
      }
    }
    visit(resolve('dist/cli/status.js'))
    expect(seen.size).toBeGreaterThan(10)
    // @noble/hashes is a dependency (cb58's checksum); viem and ethers are optional peers and must not appear.
    expect(external.filter((e) => /viem|ethers/.test(e))).toEqual([])
  })
})

// The CLI as users run it: `subnet-rpc status` routed by dist/cli.js.
describe('subnet-rpc status (built dist/cli.js)', () => {
  it('prints the same table', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['dist/cli.js', 'status', devnet().aliasRpcUrl], {
      env: { ...process.env, NO_COLOR: '1' },
    })
    expect(stdout).toContain(`node ID       ${devnet().nodeID}`)
    expect(stdout).toContain('validators    5 (5 connected)')
  })
})
