/**
 * The devnet never leaves an anvil behind: not after stop(), SIGINT, SIGTERM or SIGHUP on the
 * CLI (sent to it, or to the npx that started it), nor when a script exits without stopping it.
 * Uses the built CLI (`npm test` builds dist/ first), as `npx subnet-rpc devnet` runs it.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, readlinkSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  AnvilNotFoundError,
  AnvilStartError,
  anvilOutputLines,
  defaultGenesis,
  findAnvilBinary,
  startDevnet,
} from '../../packages/devnet/src/index.js'
import { cleanEnv, root } from '../package/pack.js'
import { rpc } from '../helpers/devnet.js'
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

/** The pid of the process below this one that listens on `url`'s port (Linux /proc: the socket's inode). */
function anvilPid(url: string): number {
  const port = Number(new URL(url).port)
  const inodes = new Set(
    readFileSync('/proc/net/tcp', 'utf8')
      .split('\n')
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      // local address (ip:port in hex), state 0A = LISTEN, inode
      .filter((f) => f.length > 9 && Number.parseInt(f[1]!.split(':')[1]!, 16) === port && f[3] === '0A')
      .map((f) => `socket:[${f[9]}]`),
  )
  const pid = descendants(process.pid).find((p) => {
    try {
      return readdirSync(`/proc/${p}/fd`).some((fd) => inodes.has(readlinkSync(`/proc/${p}/fd/${fd}`)))
    } catch {
      return false
    }
  })
  if (pid === undefined) throw new Error(`no process below this one listens on port ${port}`)
  return pid
}

async function until(check: () => boolean, ms = 10_000): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (check()) return true
  return check()
}

const blockNumber = async (url: string) => (JSON.parse((await rpc(url, 'eth_blockNumber', '[]')).body) as { result: string }).result

describe('lifecycle: status, restart, anvil output', () => {
  it('running, then stopping and stopped; restart() on the same URLs gives a fresh chain; anvilOutput() has the last lines', async () => {
    const devnet = await startDevnet({ seed: 'lifecycle-restart' })
    try {
      expect(devnet.status).toBe('running')
      const { url, rpcUrl, anvilUrl, blockchainID } = devnet
      expect(devnet.anvilOutput()).toContain(`Listening on 127.0.0.1:${new URL(anvilUrl).port}`)
      expect(devnet.anvilOutput('devnet')).toEqual(devnet.anvilOutput(blockchainID))
      expect(() => devnet.anvilOutput('nope')).toThrow(/l1.*alias or blockchain ID of one of this devnet's L1s \(devnet\)/s)
      expect((await rpc(rpcUrl, 'evm_mine', '[]')).status).toBe(200)
      expect(await blockNumber(rpcUrl)).toBe('0x1')
      // anvil prints each method it serves: the tail moves on, and stays bounded.
      expect(devnet.anvilOutput().slice(-5)).toContain('eth_blockNumber')
      expect(devnet.anvilOutput().length).toBeLessThanOrEqual(anvilOutputLines)

      const restarted = devnet.restart()
      expect(devnet.status).toBe('stopping')
      await restarted
      expect(devnet.status).toBe('running')
      expect({ url: devnet.url, rpcUrl: devnet.rpcUrl, anvilUrl: devnet.anvilUrl }).toEqual({ url, rpcUrl, anvilUrl })
      expect(await blockNumber(rpcUrl)).toBe('0x0')
      expect(devnet.anvilOutput()).toContain(`Listening on 127.0.0.1:${new URL(anvilUrl).port}`)

      const stopped = devnet.stop()
      expect(devnet.status).toBe('stopping')
      await stopped
      expect(devnet.status).toBe('stopped')
      expect(await gone(anvilUrl)).toBe(true)
    } finally {
      await devnet.stop()
    }
  })

  it('an anvil that exits on its own makes the status failed, its last lines kept; restart() brings it back', async () => {
    const devnet = await startDevnet({ seed: 'lifecycle-failed' })
    try {
      process.kill(anvilPid(devnet.anvilUrl), 'SIGKILL')
      expect(await until(() => devnet.status === 'failed')).toBe(true)
      expect(devnet.anvilOutput()).toContain(`Listening on 127.0.0.1:${new URL(devnet.anvilUrl).port}`)
      await devnet.restart()
      expect(devnet.status).toBe('running')
      expect(await blockNumber(devnet.rpcUrl)).toBe('0x0')
    } finally {
      await devnet.stop()
    }
    expect(devnet.status).toBe('stopped')
  })

  it("several L1s: restart() keeps every L1 on its ports, anvilOutput(alias) reads that L1's anvil", async () => {
    const genesisB = defaultGenesis(Math.floor(Date.now() / 1000))
    genesisB.config.chainId = 99998
    const devnet = await startDevnet({ seed: 'lifecycle-l1s', l1s: [{ alias: 'a' }, { alias: 'b', genesis: genesisB }] })
    try {
      const before = devnet.l1s.map((l1) => [l1.rpcUrl, l1.anvilUrl])
      const portB = new URL(devnet.l1s[1]!.anvilUrl).port
      expect(devnet.anvilOutput('b')).toContain(`Listening on 127.0.0.1:${portB}`)
      expect(devnet.anvilOutput('b')).not.toEqual(devnet.anvilOutput('a'))
      await devnet.restart()
      expect(devnet.l1s.map((l1) => [l1.rpcUrl, l1.anvilUrl])).toEqual(before)
      expect(devnet.anvilOutput(devnet.l1s[1]!.blockchainID)).toContain(`Listening on 127.0.0.1:${portB}`)
      expect(await blockNumber(devnet.l1s[1]!.rpcUrl)).toBe('0x0')
    } finally {
      await devnet.stop()
    }
  })

  it('a failed start says what anvil printed: a port in use', async () => {
    const taken = createServer().listen(0, '127.0.0.1')
    await new Promise((r) => taken.once('listening', r))
    const port = (taken.address() as { port: number }).port
    try {
      const error = await startDevnet({ anvilPort: port }).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(AnvilStartError)
      const { message, output } = error as AnvilStartError
      // anvil's own line, and the command it was given.
      expect(output).toContain('Error: Address already in use (os error 98)')
      expect(message).toMatch(
        /^anvil did not start: it exited\n {2}command: \S*anvil .*--port \d+ .*--hardfork cancun --no-cors\nanvil printed:\n {2}Error: Address already in use \(os error 98\)$/,
      )
      expect(message).toContain(`--port ${port} `)
    } finally {
      taken.close()
    }
  })

  it('a failed start says what anvil printed: an anvil that refuses its arguments, its stderr lines in order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'lifecycle-anvil-'))
    try {
      const anvilBinary = join(dir, 'anvil')
      const lines = ["error: unexpected argument '--hardfork' found", '', 'Usage: anvil [OPTIONS]']
      writeFileSync(
        anvilBinary,
        `#!/bin/sh\nif [ "$1" = "--version" ]; then echo 'anvil Version: 1.7.1'; exit 0; fi\n${lines.map((l) => `echo "${l}" >&2`).join('\n')}\nexit 2\n`,
        { mode: 0o755 },
      )
      const error = await startDevnet({ anvilBinary }).then(
        () => undefined,
        (e: unknown) => e,
      )
      expect(error).toBeInstanceOf(AnvilStartError)
      expect((error as AnvilStartError).output).toEqual(lines)
      expect((error as AnvilStartError).message).toContain(`anvil printed:\n${lines.map((l) => `  ${l}`).join('\n')}`)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  it("a restart that fails is status failed, with the failed anvil's lines; a stop after it is stopped", async () => {
    const devnet = await startDevnet({ seed: 'lifecycle-restart-fails' })
    const anvilPort = Number(new URL(devnet.anvilUrl).port)
    let taken: ReturnType<typeof createServer> | undefined
    try {
      await devnet.stop()
      // Its anvil's port taken while it is down: the restart cannot have it.
      taken = createServer().listen(anvilPort, '127.0.0.1')
      await new Promise((r) => taken!.once('listening', r))
      await expect(devnet.restart()).rejects.toThrow(AnvilStartError)
      expect(devnet.status).toBe('failed')
      expect(devnet.anvilOutput()).toContain('Error: Address already in use (os error 98)')
    } finally {
      taken?.close()
      await devnet.stop()
    }
    expect(devnet.status).toBe('stopped')
  })
})
