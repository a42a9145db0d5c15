/**
 * `npx subnet-rpc check` from an install of the package alone (`npm pack` of dist/, installed
 * into a fresh app by test/package/pack.ts): no viem, no ethers, none of the devnet's optional
 * dependencies (anvil, @viem/anvil, @noble/curves). Offline and against a real devnet.
 */
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { type App, cleanEnv, installApp } from '../package/pack.js'

const run = promisify(execFile)
const root = resolve(import.meta.dirname, '../..')
const genesis = join(root, 'test/fixtures/subnet-evm-genesis/fee_manager.json')
const devnet = useDevnet({ genesis, seed: 'cli-check-install' })

let app: App
beforeAll(async () => {
  if (!existsSync(join(root, 'dist/cli/check.js'))) await run('npm', ['run', 'build', '--silent'], { cwd: root })
  app = await installApp('bare', {}, true)
}, 240_000)

it('the app has subnet-rpc and none of viem, ethers, anvil, @viem/anvil, @noble/curves', () => {
  const modules = join(app.dir, 'node_modules')
  expect(existsSync(join(modules, 'subnet-rpc/dist/cli/check.js'))).toBe(true)
  for (const name of ['viem', 'ethers', '@foundry-rs/anvil', '@viem/anvil', '@noble/curves'])
    expect(existsSync(join(modules, name)), name).toBe(false)
})

it('npx subnet-rpc check works there, offline and with --rpc', async () => {
  const bin = join(app.dir, 'node_modules/.bin/subnet-rpc')
  const env = cleanEnv({ NO_COLOR: '1' })
  const offline = await run(bin, ['check', '--genesis', genesis, '--network', 'local'], { cwd: app.dir, env })
  expect(offline.stdout).toContain('OK: a node accepts these files (offline; add --rpc to check against the chain)')
  const live = await run(bin, ['check', '--genesis', genesis, '--rpc', devnet().rpcUrl, '--json'], { cwd: app.dir, env })
  const report = JSON.parse(live.stdout)
  expect(report).toMatchObject({ verdict: 'accepted', exitCode: 0, network: { id: 12345, source: 'the node' } })
  expect(report.timeline.length).toBeGreaterThan(0)
})

it('subnet-rpc/warp loads without @noble/curves, and aggregating there is a BlsLibraryError saying what to install', async () => {
  const code = `
import { aggregateWarpSignatures, encodeUnsignedWarpMessage } from 'subnet-rpc/warp'
const message = encodeUnsignedWarpMessage({ networkID: 1, sourceChainID: '0x' + '00'.repeat(32), payload: '0x' })
const key = '0x' + 'a0' + '00'.repeat(47)
aggregateWarpSignatures({ message, validators: [{ publicKey: key, weight: 1n, signature: '0x' + '00'.repeat(96) }] }).then(
  () => console.log('aggregated?!'),
  (e) => console.log(JSON.stringify({ name: e.name, message: e.message })),
)`
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', code], { cwd: app.dir, env: cleanEnv({}) })
  const out = JSON.parse(stdout) as { name: string; message: string }
  expect(out.name).toBe('BlsLibraryError')
  expect(out.message).toContain('npm i @noble/curves')
})
