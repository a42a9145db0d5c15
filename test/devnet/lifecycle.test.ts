/**
 * The devnet never leaves an anvil behind: not after stop(), SIGINT, SIGTERM or SIGHUP on the
 * CLI (sent to it, or to the npx that started it), nor when a script exits without stopping it.
 * Uses the built CLI (`npm test` builds dist/ first), as `npx subnet-rpc devnet` runs it.
 */
import { spawn } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { AnvilNotFoundError, findAnvilBinary, startDevnet } from '../../packages/devnet/src/index.js'
import { cleanEnv, root } from '../package/pack.js'
import { descendants, gone, leftOver, ports, reachable, startChild } from '../helpers/processes.js'

describe('CLI', () => {
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    it(`prints the URLs, serves, and stops itself and anvil on ${signal}: no process, no port left`, async () => {
      const { child, started, exited } = startChild(['dist/cli.js', 'devnet', '--port', '0'], /Press Ctrl-C/)
      const out = await started
      const tree = [child.pid!, ...descendants(child.pid!)]
      const node = /node +(\S+)/.exec(out)![1]!
      const anvil = /anvil +(\S+)/.exec(out)![1]!
      expect(out).toMatch(/L1 rpc +http:\/\/127\.0\.0\.1:\d+\/ext\/bc\/\w+\/rpc/)
      expect(out).toMatch(/L1 alias +http:\/\/127\.0\.0\.1:\d+\/ext\/bc\/devnet\/rpc/)
      expect(out).toMatch(/chainId +99999/)
      const info = await fetch(`${node}/ext/info`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkName"}',
      })
      expect(await info.text()).toBe('{"jsonrpc":"2.0","result":{"networkName":"local"},"id":1}\n')
      expect(await reachable(anvil)).toBe(true)
      expect(tree.length, 'the devnet and its anvil').toBe(2)
      child.kill(signal)
      expect(await exited).toBe(0)
      expect(await gone(anvil)).toBe(true)
      expect(await leftOver(tree, ports(out))).toEqual([])
    })
  }

  /**
   * Through npx (`npx subnet-rpc devnet &`, then `kill $!`): npm runs the bin through its script shell
   * (`sh -c`) and forwards SIGINT and SIGTERM to that child only; SIGHUP ends npm itself.
   * - With /bin/sh as the script shell (npm's default; here dash, which waits for the command instead of exec'ing it),
   *   SIGTERM ends the shell and SIGHUP ends npm: the devnet sees the npm side exit and stops. SIGINT cannot reach
   *   it: dash catches SIGINT and keeps waiting for its child, so npm, the shell and the devnet all keep running.
   * - With a script shell that execs the command (bash), npm's child is the devnet: all three signals stop it.
   */
  const throughNpx = [
    { shell: 'sh', signals: ['SIGTERM', 'SIGHUP'] },
    { shell: 'bash', signals: ['SIGINT', 'SIGTERM', 'SIGHUP'] },
  ] as const
  for (const { shell, signals } of throughNpx)
    for (const signal of signals) {
      it(`${signal} to npx (script shell ${shell}) stops the devnet and anvil: no process, no port left`, async () => {
        const env = cleanEnv({ npm_config_script_shell: shell === 'sh' ? undefined : shell })
        const { child, started, exited } = startChild(['--yes', 'subnet-rpc', 'devnet', '--port', '0'], /Press Ctrl-C/, 'npx', {
          cwd: root,
          env,
        })
        const out = await started
        const tree = [child.pid!, ...descendants(child.pid!)]
        const cmdlines = tree.map((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0'))
        // npm, [its shell,] the devnet, anvil.
        expect(cmdlines.some((c) => c.includes('devnet') && c.some((a) => a.endsWith('subnet-rpc')))).toBe(true)
        expect(tree.length).toBe(shell === 'sh' ? 4 : 3)
        child.kill(signal)
        await exited
        expect(await leftOver(tree, ports(out))).toEqual([])
      })
    }

  it('refuses a bad genesis file with the entry and the node message, and exits 1', async () => {
    const child = spawn(process.execPath, [
      'dist/cli.js',
      'devnet',
      '--port',
      '0',
      '--genesis',
      '{"config":{"chainId":1},"alloc":{},"difficulty":"0x0","gasLimit":"0x1"}',
    ])
    let err = ''
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    const code = await new Promise((r) => child.on('exit', r))
    expect(code).toBe(1)
    expect(err).toContain('gas limit in fee config (8000000) does not match gas limit in header (1)')
  })
})

describe('library', () => {
  it('stop() stops anvil and is safe to call twice', async () => {
    const devnet = await startDevnet({ seed: 'lifecycle' })
    expect(await reachable(devnet.anvilUrl)).toBe(true)
    await devnet.stop()
    await devnet.stop()
    expect(await gone(devnet.anvilUrl)).toBe(true)
    expect(await reachable(devnet.url)).toBe(false)
  })

  it('a script that exits without stop() leaves no anvil running', async () => {
    const script =
      "import('subnet-rpc-devnet').then(async ({ startDevnet }) => { const d = await startDevnet(); console.log('ANVIL ' + d.anvilUrl); process.exit(0) })"
    const { started, exited } = startChild(['-e', script], /ANVIL \S+\n/)
    const anvil = /ANVIL (\S+)/.exec(await started)![1]!
    expect(await exited).toBe(0)
    expect(await gone(anvil)).toBe(true)
  })

  it('names the anvilBinary option or ANVIL_BINARY when they point nowhere', () => {
    expect(() => findAnvilBinary('/nonexistent/anvil')).toThrow(AnvilNotFoundError)
    expect(() => findAnvilBinary('/nonexistent/anvil')).toThrow(/anvilBinary option points to \/nonexistent\/anvil/)
    const before = process.env.ANVIL_BINARY
    process.env.ANVIL_BINARY = '/nonexistent/env-anvil'
    try {
      expect(() => findAnvilBinary()).toThrow(/ANVIL_BINARY points to \/nonexistent\/env-anvil/)
    } finally {
      if (before === undefined) delete process.env.ANVIL_BINARY
      else process.env.ANVIL_BINARY = before
    }
  })

  it('finds the binary of the @foundry-rs/anvil platform package by default', () => {
    expect(findAnvilBinary()).toMatch(/@foundry-rs\/anvil-[a-z0-9]+-[a-z0-9]+\/bin\/anvil(\.exe)?$/)
  })
})
