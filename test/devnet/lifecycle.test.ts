/**
 * The devnet never leaves an anvil behind: not after stop(), Ctrl-C or SIGTERM on the
 * CLI, nor when a script exits without stopping it. Uses the built CLI (`npm test`
 * builds dist/ first), as `npx subnet-rpc devnet` runs it.
 */
import { spawn } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { AnvilNotFoundError, findAnvilBinary, startDevnet } from '../../packages/devnet/src/index.js'

async function reachable(url: string): Promise<boolean> {
  try {
    await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    })
    return true
  } catch {
    return false
  }
}

async function gone(url: string, ms = 5000): Promise<boolean> {
  const until = Date.now() + ms
  while (Date.now() < until) {
    if (!(await reachable(url))) return true
    await new Promise((r) => setTimeout(r, 100))
  }
  return false
}

/** Runs a command until `ready` matches its stdout; resolves with the output and the child. */
function startChild(args: string[], ready: RegExp) {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] })
  let out = ''
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const started = new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString()
      if (ready.test(out)) resolve(out)
    })
    child.stderr.on('data', (d: Buffer) => (out += d.toString()))
    child.on('exit', () => reject(new Error(`exited early: ${out}`)))
  })
  return { child, started, exited }
}

describe('CLI', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`prints the URLs, serves, and stops anvil on ${signal}`, async () => {
      const { child, started, exited } = startChild(['dist/cli.js', 'devnet', '--port', '0'], /Press Ctrl-C/)
      const out = await started
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
      child.kill(signal)
      expect(await exited).toBe(0)
      expect(await gone(anvil)).toBe(true)
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
