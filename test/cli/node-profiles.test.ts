/**
 * `subnet-rpc check --rpc` and `subnet-rpc status` against the devnet in node profiles (avalanchego v1.14.2,
 * the Fuji pre-release v1.15.0-fuji and v1.15.3) on Fuji, where they differ by Helicon (2026-07-28 15:00 UTC
 * since v1.15.0-fuji): both take the schedule from the node, so the same files are accepted by all, with Helicon
 * where each node puts it. Then a node that reports a release newer than the package knows (the devnet with its
 * version overridden): both say so, and that they use the node's own schedule. Real devnets (real anvil, over
 * HTTP), the commands in process as in ./check.test.ts.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { afterAll, describe, expect, it } from 'vitest'
import { check } from '../../src/cli/check.js'
import { status } from '../../src/cli/status.js'
import { defaultGenesis, defaultUpgrade, startDevnet } from '../../packages/devnet/src/index.js'
import { useDevnet } from '../helpers/devnet.js'

class Capture extends Writable {
  text = ''
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString()
    done()
  }
}
async function cli(command: typeof check | typeof status, args: string[]) {
  const stdout = new Capture()
  const stderr = new Capture()
  const code = await command(args, { stdout, stderr, env: { NO_COLOR: '1' } })
  return { code, stdout: stdout.text, stderr: stderr.text }
}

const dir = mkdtempSync(join(tmpdir(), 'subnet-rpc-profiles-cli-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
// The devnet's built-in L1 on Fuji, as files; its upgrades an hour later than by default, out of check's 1 h margin.
const startTime = Math.floor(Date.now() / 1000)
const genesisFile = join(dir, 'genesis.json')
const upgradeFile = join(dir, 'upgrade.json')
writeFileSync(genesisFile, JSON.stringify(defaultGenesis(startTime, 5)))
writeFileSync(upgradeFile, JSON.stringify(defaultUpgrade(startTime + 3600)))
const heliconPast = Date.now() / 1000 >= 1785250800

describe.each([
  {
    nodeVersion: '1.14.2' as const,
    version: 'version       avalanchego/1.14.2 (database v1.4.5, rpc 45)\n',
    peers: 'peers         6 (avalanchego/1.14.2 ×5, avalanchego/1.14.1 ×1)',
    helicon: /\n {2}○ 9999-12-01 00:00:00 {2}unscheduled +heliconTimestamp +Helicon network upgrade/,
    rules: 'rules         SubnetEVM, Durango, Etna, Granite\n',
  },
  {
    nodeVersion: '1.15.0-fuji' as const,
    version: 'version       avalanchego/1.15.0 (database v1.4.5, rpc 46)\n',
    peers: heliconPast ? 'peers         6 (avalanchego/1.15.0 ×6)' : 'peers         6 (avalanchego/1.15.0 ×5, avalanchego/1.14.2 ×1)',
    helicon: new RegExp(`\\n {2}${heliconPast ? '●' : '○'} 2026-07-28 15:00:00 .* heliconTimestamp +Helicon network upgrade`),
    rules: heliconPast ? 'rules         SubnetEVM, Durango, Etna, Granite, Helicon\n' : 'rules         SubnetEVM, Durango, Etna, Granite\n',
  },
  {
    nodeVersion: '1.15.3' as const,
    version: 'version       avalanchego/1.15.3 (database v1.4.5, rpc 47)\n',
    peers: 'peers         6 (avalanchego/1.15.3 ×5, avalanchego/1.15.2 ×1)',
    helicon: new RegExp(`\\n {2}${heliconPast ? '●' : '○'} 2026-07-28 15:00:00 .* heliconTimestamp +Helicon network upgrade`),
    rules: heliconPast ? 'rules         SubnetEVM, Durango, Etna, Granite, Helicon\n' : 'rules         SubnetEVM, Durango, Etna, Granite\n',
  },
])('nodeVersion $nodeVersion on Fuji', (expected) => {
  const devnet = useDevnet({
    seed: 'profiles-cli',
    networkID: 5,
    nodeVersion: expected.nodeVersion,
    genesis: genesisFile,
    upgrade: upgradeFile,
  })

  it("check --rpc: the node's network and schedule; the files are accepted; Helicon where this release puts it", async () => {
    const r = await cli(check, ['--genesis', genesisFile, '--upgrade', upgradeFile, '--rpc', devnet().aliasRpcUrl])
    expect(r.stderr).toBe('')
    expect(r.code).toBe(0)
    expect(r.stdout).toContain('  network   fuji (5), from the node\n')
    expect(r.stdout).toContain('  schedule  the node (info.upgrades)\n')
    expect(r.stdout).toMatch(expected.helicon)
    expect(r.stdout).toContain('OK: a node accepts these files (over this chain)')
    expect(r.stdout).not.toContain('Warnings')
  })

  it('status: the version, protocol and peers of the release; the rules active now', async () => {
    const r = await cli(status, [devnet().url])
    expect(r.code).toBe(0)
    for (const line of [expected.version, 'network       fuji (5)', expected.peers, 'health        healthy (10 checks)'])
      expect(r.stdout).toContain(line)
    expect(r.stdout).toContain(expected.rules)
  })
})

describe('a node on a release newer than the package knows (avalanchego/1.16.0)', () => {
  const devnet = useDevnet({
    seed: 'profiles-cli-newer',
    networkID: 5,
    node: { version: 'avalanchego/1.16.0' },
    genesis: genesisFile,
    upgrade: upgradeFile,
  })

  it("check --rpc says so, and that the node's own schedule (info.upgrades) is used", async () => {
    const r = await cli(check, ['--genesis', genesisFile, '--upgrade', upgradeFile, '--rpc', devnet().aliasRpcUrl])
    expect(r.code).toBe(0)
    expect(r.stdout).toContain(
      '  schedule  the node (info.upgrades): avalanchego/1.16.0 is newer than the releases this package knows (up to v1.15.3), so its own schedule is used\n',
    )
    const json = await cli(check, ['--genesis', genesisFile, '--upgrade', upgradeFile, '--rpc', devnet().aliasRpcUrl, '--json'])
    expect(JSON.parse(json.stdout)).toMatchObject({
      newerNodeRelease: '1.16.0',
      schedule: expect.stringMatching(/^the node \(info\.upgrades\): /),
    })
  })

  it("status says so beside the version, and that the schedule it shows is the node's own", async () => {
    const r = await cli(status, [devnet().url])
    expect(r.stdout).toContain(
      "version       avalanchego/1.16.0 (database v1.4.5, rpc 47): newer than the releases this package knows (up to v1.15.3); the schedule shown is the node's own\n",
    )
    expect(JSON.parse((await cli(status, [devnet().url, '--json'])).stdout)).toMatchObject({ newerNodeRelease: '1.16.0' })
  })

  it('a release the package knows gets no such note', async () => {
    const known = await startDevnet({ seed: 'profiles-cli-known', networkID: 5, genesis: genesisFile, upgrade: upgradeFile })
    try {
      const r = await cli(check, ['--genesis', genesisFile, '--upgrade', upgradeFile, '--rpc', known.aliasRpcUrl, '--json'])
      expect(JSON.parse(r.stdout)).not.toHaveProperty('newerNodeRelease')
      expect((await cli(status, [known.url])).stdout).not.toContain('newer than')
    } finally {
      await known.stop()
    }
  })
})
