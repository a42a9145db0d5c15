/**
 * anvil and the devnet live and die together (issue 33):
 * - `kill -9` of the devnet's process leaves no anvil within 2 s, and frees every port, with one L1 and with
 *   two (anvil runs with a parent-death signal: packages/devnet/src/anvilGuard.ts);
 * - `kill -9` of an anvil under load is seen at once: every call names the cause, `/ext/health` is 503 in the
 *   node's shape with the L1's check failing, `info.isBootstrapped` says false, the failure is reported once
 *   with anvil's last lines; the command line exits 3.
 * Uses the built CLI (`npm test` builds dist/ first), as test/devnet/lifecycle.test.ts does.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { type DevnetFailure, startDevnet } from '../../packages/devnet/src/index.js'
import { anvilGuard, dieWithParent } from '../../packages/devnet/src/anvilGuard.js'
import { testGenesis } from '../helpers/devnet.js'
import { descendants, leftOver, running, startChild } from '../helpers/processes.js'

const dir = mkdtempSync(join(tmpdir(), 'anvil-faults-'))
const genesisA = join(dir, 'a.json')
const genesisB = join(dir, 'b.json')
writeFileSync(genesisA, JSON.stringify(testGenesis({ chainId: 100_001 })))
writeFileSync(genesisB, JSON.stringify(testGenesis({ chainId: 100_002 })))

/** The anvil processes below `pid`. */
const anvilsBelow = (pid: number) =>
  descendants(pid).filter((p) => {
    try {
      return readFileSync(`/proc/${p}/cmdline`, 'utf8').split('\0')[0]!.endsWith('anvil')
    } catch {
      return false
    }
  })

/** The ports the CLI printed: the node's and every anvil's. */
const printedPorts = (out: string) => [...out.matchAll(/(?:node|anvil) +http:\/\/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]))

async function call(url: string, method: string, params: unknown[] = [], headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await res.json()) as { result?: unknown; error?: { code: number; message: string } }
}

describe('kill -9 of the devnet', () => {
  for (const l1s of [[], ['--l1', `a=${genesisA}`, '--l1', `b=${genesisB}`]]) {
    const what = l1s.length === 0 ? 'one L1' : 'two L1s'
    it(`leaves no anvil within 2 s and frees every port (${what})`, { timeout: 60_000 }, async () => {
      const { child, started, exited } = startChild(['dist/cli.js', 'devnet', '--port', '0', ...l1s], /Press Ctrl-C/)
      const out = await started
      const anvils = anvilsBelow(child.pid!)
      expect(anvils).toHaveLength(l1s.length === 0 ? 1 : 2)
      const ports = printedPorts(out)
      expect(ports).toHaveLength(anvils.length + 1)
      const killedAt = Date.now()
      child.kill('SIGKILL')
      await exited
      // The parent-death signal reaches anvil at once; a dead anvil is a zombie until init reaps it (`running` is false).
      while (anvils.some(running) && Date.now() - killedAt < 2_000) await new Promise((r) => setTimeout(r, 20))
      expect(anvils.filter(running), 'anvils left 2 s after kill -9').toEqual([])
      expect(await leftOver(anvils, ports, 2_000)).toEqual([])
    })
  }
})

describe('each guard on its own: the guarded process ends within 2 s of kill -9 of its parent', () => {
  // setpriv is what Linux gets; the watchdog is what macOS and a Linux without util-linux get (tried here too).
  // Linux without util-linux has no setpriv (the devnet then takes the watchdog, tried below).
  for (const guard of ['setpriv', 'watchdog'] as const)
    it.skipIf(guard === 'setpriv' && anvilGuard() !== 'setpriv')(guard, { timeout: 20_000 }, async () => {
      const [command, args] = dieWithParent('/bin/sleep', ['30'], guard)
      // The parent holds the child's stdin, as execa does for anvil.
      const script = `require('node:child_process').spawn(${JSON.stringify(command)}, ${JSON.stringify(args)}, { stdio: ['pipe', 'inherit', 'inherit'] }); console.log('READY')`
      const { child, started, exited } = startChild(['-e', script], /READY/)
      await started
      let sleeper: number | undefined
      for (let i = 0; i < 100 && sleeper === undefined; i++) {
        sleeper = descendants(child.pid!).find((p) => readFileSync(`/proc/${p}/cmdline`, 'utf8').startsWith('/bin/sleep\0'))
        if (sleeper === undefined) await new Promise((r) => setTimeout(r, 20))
      }
      expect(sleeper).toBeDefined()
      const killedAt = Date.now()
      child.kill('SIGKILL')
      await exited
      while (running(sleeper!) && Date.now() - killedAt < 2_000) await new Promise((r) => setTimeout(r, 20))
      expect(running(sleeper!)).toBe(false)
    })
})

describe('kill -9 of anvil', () => {
  it('under load: at once, every call names the cause, health is 503 in the node’s shape, isBootstrapped false', {
    timeout: 60_000,
  }, async () => {
    const failures: DevnetFailure[] = []
    const before = new Set(anvilsBelow(process.pid))
    const devnet = await startDevnet({ seed: 'anvil-faults', onAnvilExit: (f) => failures.push(f) })
    try {
      const started = anvilsBelow(process.pid).filter((p) => !before.has(p))
      expect(started).toHaveLength(1)
      const anvil = started[0]
      expect((await fetch(`${devnet.url}/ext/health`)).status).toBe(200)
      // Load: four clients calling in a loop, 400 calls at most, until 300 ms after the kill.
      let stopAt = Number.POSITIVE_INFINITY
      let sent = 0
      const answers: { code?: number; message?: string; ok: boolean }[] = []
      const client = async () => {
        while (Date.now() < stopAt && sent < 400) {
          sent++
          try {
            const r = await call(devnet.rpcUrl, 'eth_getBalance', ['0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC', 'latest'])
            answers.push(r.error ? { code: r.error.code, message: r.error.message, ok: false } : { ok: true })
          } catch (e) {
            answers.push({ message: `transport: ${(e as Error).message}`, ok: false })
          }
        }
      }
      const load = Promise.all([client(), client(), client(), client()])
      await new Promise((r) => setTimeout(r, 200))
      const killedAt = Date.now()
      process.kill(anvil!, 'SIGKILL')
      const failure = await devnet.failed
      expect(Date.now() - killedAt, 'noticed within 1 s').toBeLessThan(1_000)
      stopAt = Date.now() + 300
      await load

      // Every failed call, from the kill on, names the cause: no ECONNREFUSED, no "method handler crashed".
      const failed = answers.filter((a) => !a.ok)
      expect(failed.length).toBeGreaterThan(0)
      for (const a of failed) {
        expect(a.code).toBe(-32000)
        expect(a.message).toMatch(/^devnet: the anvil of the L1 devnet \(http:\/\/127\.0\.0\.1:\d+\) was killed by SIGKILL at /)
      }
      expect(failure).toMatchObject({ alias: 'devnet', signal: 'SIGKILL', code: null })
      expect(failure.lastLines.length).toBeGreaterThan(0)
      expect(failures).toEqual([failure])

      // After it, every call: the same answer, batches and WebSocket included.
      const after = await call(devnet.rpcUrl, 'eth_blockNumber')
      expect(after.error).toEqual({ code: -32000, message: `devnet: ${failure.message}` })

      // /ext/health: 503, the node's APIReply with the L1's check failing (tagged with its subnet).
      const health = await fetch(`${devnet.url}/ext/health`)
      expect(health.status).toBe(503)
      expect(health.headers.get('content-type')).toBe('application/json')
      const report = (await health.json()) as { healthy: boolean; checks: Record<string, Record<string, unknown>> }
      expect(report.healthy).toBe(false)
      expect(report.checks.devnet).toMatchObject({ error: failure.message, contiguousFailures: 1 })
      expect(Object.keys(report.checks.devnet!)).toEqual([
        'message',
        'error',
        'timestamp',
        'duration',
        'contiguousFailures',
        'timeOfFirstFailure',
      ])
      expect(report.checks.network).not.toHaveProperty('error')
      const tagged = await fetch(`${devnet.url}/ext/health?tag=${devnet.subnetID}`)
      expect(tagged.status).toBe(503)

      const info = await call(devnet.infoUrl, 'info.isBootstrapped', { chain: 'devnet' } as never)
      expect(info.result).toEqual({ isBootstrapped: false })
      const primary = await call(devnet.infoUrl, 'info.isBootstrapped', { chain: 'P' } as never)
      expect(primary.result).toEqual({ isBootstrapped: true })
    } finally {
      await devnet.stop()
    }
  })

  it('the CLI says what happened, with anvil’s last lines, and exits 3 leaving nothing behind', { timeout: 60_000 }, async () => {
    const { child, started, exited } = startChild(['dist/cli.js', 'devnet', '--port', '0'], /Press Ctrl-C/)
    let err = ''
    child.stderr.on('data', (d: Buffer) => (err += d.toString()))
    const out = await started
    const [anvil] = anvilsBelow(child.pid!)
    process.kill(anvil!, 'SIGKILL')
    expect(await exited).toBe(3)
    expect(err).toMatch(/^subnet-rpc devnet: the anvil of the L1 devnet \(http:\/\/127\.0\.0\.1:\d+\) was killed by SIGKILL at /)
    expect(err).toContain("anvil's last lines:\n  | ")
    expect(await leftOver([child.pid!, anvil!], printedPorts(out))).toEqual([])
  })
})
