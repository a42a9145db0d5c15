/**
 * subnet-rpc-hardhat as a user gets it: a fresh Hardhat 3 project made exactly as docs/hardhat.md says, on this
 * machine's Node 20 with Node 22 from the npm `node` package.
 *
 * - install: the page's `sh hardhat-plugin` block, run as one `sh -e` script in an empty directory outside the
 *   repository (../package/pack.ts keeps it for the next run of the same script), with the packed tarballs of
 *   subnet-rpc, subnet-rpc-devnet and subnet-rpc-hardhat in place of their names and npm's cache preferred;
 * - EDR's platform package is there, and stays: npm on Node 20 refuses to run in the project (devEngines), npm on its
 *   Node 22 keeps it;
 * - the project's files are the page's other `hardhat-plugin` blocks, each written to the path its first line names
 *   (the JSON ones by what they hold), and genesis.json is Subnet-EVM's contract_native_minter.json;
 * - `npx tsc --noEmit`, `npx hardhat build`, `npx hardhat test nodejs` (the viem test against the plugin's devnet)
 *   and `npx hardhat run scripts/drip.ts --network l1` (the ethers script), with what they print checked;
 * - every package an import of the blocks names is in the install line (and the same for the Hardhat 3 example's
 *   "In your own Hardhat 3 project" line and its config);
 * - beyond the page: a script of the test's own (`checksScript`) for parallel connections, close(), getOrCreate, a
 *   devnet that cannot start and a simulated network.
 */
import { execFile } from 'node:child_process'
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { fences } from '../docs/markdown.js'
import { type App, cleanEnv, type Pack, type PackageName, packTarball, root, scriptedApp, treeBytes } from '../package/pack.js'

const run = promisify(execFile)
const page = readFileSync(join(root, 'docs/hardhat.md'), 'utf8')
const blocks = fences(page).filter((f) => f.flags.includes('hardhat-plugin'))
const installBlock = blocks.find((b) => b.lang === 'sh')!
const packageNames: PackageName[] = ['subnet-rpc-hardhat', 'subnet-rpc-devnet', 'subnet-rpc']

/** The path a block is written to: its first line's `// <path>` (TypeScript, Solidity), or by its content (JSON). */
function fileOf(block: { lang: string; code: string }): string {
  if (block.lang === 'json') return block.code.includes('"compilerOptions"') ? 'tsconfig.json' : 'upgrade.json'
  const first = /^\/\/ ([\w./-]+\.(?:ts|sol))\b/.exec(block.code)
  if (!first) throw new Error(`a hardhat-plugin block without its path on the first line:\n${block.code}`)
  return first[1]!
}
const files = blocks.filter((b) => b.lang !== 'sh').map((b) => ({ path: fileOf(b), code: b.code }))

/** The install script with the tarballs in place of the packages' names, npm's cache first and no audit. */
function installScript(packs: Record<PackageName, Pack>): string {
  return installBlock.code
    .split('\n')
    .map((line) => {
      if (!/^npm install /.test(line)) return line
      let out = line.replace(/^npm install /, 'npm install --prefer-offline --no-audit --no-fund ')
      // Longest names first: subnet-rpc is a prefix of the others.
      for (const name of packageNames) out = out.replace(new RegExp(`(?<=\\s)${name}(?=\\s|$)`), packs[name].file)
      return out
    })
    .join('\n')
}

/** Bare package names a file imports (node: builtins left out), `@scope/name` or `name`. */
function importedPackages(code: string): string[] {
  const specifiers = [...code.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)].map((m) => m[1]!)
  return [
    ...new Set(
      specifiers
        .filter((s) => !s.startsWith('node:') && !s.startsWith('.'))
        .map((s) =>
          s
            .split('/')
            .slice(0, s.startsWith('@') ? 2 : 1)
            .join('/'),
        ),
    ),
  ].sort()
}

/** Package names an `npm install` line installs (`name@version` or bare names; flags left out). */
const installedBy = (line: string) =>
  line
    .replace(/#.*$/, '')
    .split(/\s+/)
    .slice(2)
    .filter((w) => w && !w.startsWith('-'))
    .map((w) => w.replace(/(?<=.)@[^@/]*$/, ''))

/**
 * Not in the docs: what the plugin does beyond the page's files, as a script of the project (scripts/checks.ts):
 * connections opened together get a devnet each; closing one stops its devnet only; `getOrCreate` keeps one
 * connection; a devnet that cannot start (a config override naming a missing genesis) is a DevnetStartError out of
 * `network.create`; a simulated network's connection has no devnet, and its Info actions say why.
 */
const checksScript = `import { network } from 'hardhat'

const [a, b] = await Promise.all([network.create('l1'), network.create('l1')])
const urls = [a.subnetDevnet!.aliasRpcUrl, b.subnetDevnet!.aliasRpcUrl]
const chainIds = await Promise.all([a, b].map(async (c) => (await c.viem.getSubnetPublicClient()).getChainId()))
await a.close()
const refusedAfterClose = await fetch(urls[0]!, { method: 'POST', body: '{}' }).then(() => false, () => true)
const otherStillAnswers = (await (await b.viem.getSubnetPublicClient()).getBlockNumber()) >= 0n
const cached = (await network.getOrCreate('l1')) === (await network.getOrCreate('l1'))
let startError: unknown
try {
  await network.create({ network: 'l1', override: { subnet: { devnet: { genesis: './missing.json' } } } })
} catch (e) {
  const { name, network: net, reason, details } = e as { name: string; network: string; reason: string; details: string }
  startError = { name, network: net, reason, details }
}
const simulated = await network.create('default')
const infoOnSimulated = await (await simulated.viem.getSubnetPublicClient()).getNodeVersion().then(() => 'answered', (e: Error) => e.name)
console.log(JSON.stringify({ urls, chainIds, refusedAfterClose, otherStillAnswers, cached, startError, simulatedDevnet: simulated.subnetDevnet ?? null, infoOnSimulated }))
`

let app: App
let packs: Record<PackageName, Pack>
const edr = 'node_modules/@nomicfoundation/edr-linux-x64-gnu'
/** The project's PATH: its node_modules/.bin (Node 22, npm on it) first, as the install block's `export` sets it. */
const projectEnv = () =>
  cleanEnv({ PATH: `${join(app.dir, 'node_modules/.bin')}:${process.env.PATH}`, HARDHAT_DISABLE_TELEMETRY: 'true', CI: 'true' })
const inProject = (command: string, args: string[], timeout = 300_000) =>
  run(command, args, { cwd: app.dir, env: projectEnv(), timeout, maxBuffer: 64 << 20 }).catch((e) => {
    throw new Error(`${command} ${args.join(' ')} failed:\n${e.stdout}\n${e.stderr}`)
  })
const times: Record<string, number> = {}
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function timed<T>(name: string, fn: () => Promise<T>): Promise<T> {
  const t0 = performance.now()
  try {
    return await fn()
  } finally {
    times[name] = Math.round(performance.now() - t0)
  }
}

beforeAll(async () => {
  packs = Object.fromEntries(await Promise.all(packageNames.map(async (n) => [n, await packTarball(n)] as const))) as Record<
    PackageName,
    Pack
  >
  app = await scriptedApp('hardhat-plugin', installScript(packs))
  rmSync(join(app.dir, 'test'), { recursive: true, force: true })
  for (const f of files) {
    mkdirSync(dirname(join(app.dir, f.path)), { recursive: true })
    writeFileSync(join(app.dir, f.path), f.code)
  }
  copyFileSync(join(root, 'test/fixtures/subnet-evm-genesis/contract_native_minter.json'), join(app.dir, 'genesis.json'))
  writeFileSync(join(app.dir, 'scripts/checks.ts'), checksScript)
  const p = packs['subnet-rpc-hardhat'].info
  console.log(
    `hardhat-plugin project: ${app.fresh ? `installed in ${app.installMs} ms` : 'reused'}; subnet-rpc-hardhat tarball ${p.size} B, ` +
      `${p.entryCount} files, ${p.unpackedSize} B unpacked; node_modules ${(treeBytes(join(app.dir, 'node_modules')) / 1e6).toFixed(0)} MB`,
  )
}, 900_000)

describe('docs/hardhat.md: the plugin install, as a user types it (npm on Node 20, Node 22 from the node package)', () => {
  it('the page has the install block and the project files: config, upgrade.json, tsconfig.json, the contract, the test, the script', () => {
    expect(files.map((f) => f.path).sort()).toEqual(
      ['contracts/Faucet.sol', 'hardhat.config.ts', 'scripts/drip.ts', 'test/Faucet.test.ts', 'tsconfig.json', 'upgrade.json'].sort(),
    )
  })

  it('the install line names every package the blocks import', () => {
    const line = installBlock.code.split('\n').find((l) => l.startsWith('npm install --save-dev --save-exact hardhat@'))!
    const imported = [...new Set(files.filter((f) => /\.ts$/.test(f.path)).flatMap((f) => importedPackages(f.code)))]
    expect(imported.filter((name) => !installedBy(line).includes(name))).toEqual([])
  })

  it("the Hardhat 3 example's own-project install line names every package its config imports", () => {
    const ownProject = page.slice(page.indexOf('### In your own Hardhat 3 project'))
    const line = fences(ownProject)
      .find((f) => f.lang === 'sh')!
      .code.split('\n')[0]!
    const config = readFileSync(join(root, 'examples/hardhat3/hardhat.config.js'), 'utf8')
    expect(importedPackages(config).filter((name) => !installedBy(line).includes(name))).toEqual([])
  })

  it("installs Node 22 and Hardhat 3 with EDR's platform package", async () => {
    expect(existsSync(join(app.dir, edr))).toBe(true)
    expect((await inProject('node', ['--version'])).stdout.trim()).toBe('v22.23.3')
    expect((await inProject('npx', ['hardhat', '--version'])).stdout.trim()).toBe('3.18.0')
  })

  it('keeps EDR through later installs: npm on Node 20 refuses to run in the project, npm on its Node 22 keeps it', async () => {
    const onNode20 = await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { cwd: app.dir, env: cleanEnv() }).then(
      () => 'ran',
      (e) => `${e.stdout}${e.stderr}`,
    )
    expect(onNode20).toContain('EBADDEVENGINES')
    expect(existsSync(join(app.dir, edr))).toBe(true)
    await timed('npm install on Node 22', () => inProject('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund']))
    expect(existsSync(join(app.dir, edr))).toBe(true)
  }, 300_000)
})

describe('the project: a contract calling the Native Minter and the Fee Manager, on the plugin devnet', () => {
  it('type-checks (npx tsc --noEmit): the typed viem helpers and ethers.subnetProvider included', async () => {
    await timed('tsc', () => inProject('npx', ['tsc', '--noEmit']))
  }, 300_000)

  it("subnet-rpc-hardhat's declaration files type-check with skipLibCheck false (the page's tsconfig skips them)", async () => {
    // The plugin's one entry, imported and used (its type extensions with it); errors in Hardhat's own declarations are not ours to fix.
    writeFileSync(
      join(app.dir, 'strict-check.ts'),
      "import * as plugin from 'subnet-rpc-hardhat'\nexport const all = Object.keys(plugin)\n",
    )
    writeFileSync(
      join(app.dir, 'tsconfig.strict.json'),
      JSON.stringify({ extends: './tsconfig.json', compilerOptions: { skipLibCheck: false }, include: ['strict-check.ts'] }),
    )
    const out = await inProject('npx', ['tsc', '-p', 'tsconfig.strict.json']).then(
      () => '',
      (e: Error) => e.message,
    )
    expect(out.split('\n').filter((line) => /node_modules\/subnet-rpc|strict-check\.ts/.test(line))).toEqual([])
  }, 300_000)

  it('compiles with the solc package (npx hardhat build)', async () => {
    await timed('hardhat build', () => inProject('npx', ['hardhat', 'build']))
    expect(existsSync(join(app.dir, 'artifacts/contracts/Faucet.sol/Faucet.json'))).toBe(true)
  }, 300_000)

  it('passes its node:test suite through the viem connection (npx hardhat test nodejs)', async () => {
    const { stdout } = await timed('hardhat test nodejs', () => inProject('npx', ['hardhat', 'test', 'nodejs']))
    for (const name of [
      'is refused by the Native Minter until the admin enables it',
      'mints coins to a fresh address',
      'reads the fee config the Fee Manager holds, active since upgrade.json',
    ])
      expect(stdout).toContain(`✔ ${name}`)
    expect(stdout).toMatch(/3 passing/)
    expect(stdout).not.toMatch(/failing/)
  }, 300_000)

  it('runs the ethers script: the faucet, enabled by the minter admin, mints; the fee config and node version read through ethers.subnetProvider', async () => {
    const { stdout } = await timed('hardhat run', () => inProject('npx', ['hardhat', 'run', 'scripts/drip.ts', '--network', 'l1']))
    const out = JSON.parse(stdout.trim().split('\n').at(-1)!)
    expect(out).toEqual({
      devnet: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+\/ext\/bc\/devnet\/rpc$/),
      balance: '2.0',
      role: '1',
      // contract_native_minter.json's minBaseFee.
      minBaseFee: '1000000000',
      version: 'avalanchego/1.15.3',
    })
    // The devnet stops with the script (its process sees the channel close): then nothing answers on its port.
    while (
      await fetch(out.devnet, { method: 'POST', body: '{}' }).then(
        () => true,
        () => false,
      )
    )
      await sleep(100)
  }, 300_000)

  it('gives connections opened together a devnet each, stops only the closed one, and reports a devnet that cannot start', async () => {
    const { stdout } = await timed('hardhat run checks', () => inProject('npx', ['hardhat', 'run', 'scripts/checks.ts']))
    const out = JSON.parse(stdout.trim().split('\n').at(-1)!)
    expect(new Set(out.urls).size).toBe(2)
    expect(out).toMatchObject({
      chainIds: [99999, 99999],
      refusedAfterClose: true,
      otherStillAnswers: true,
      cached: true,
      startError: { name: 'DevnetStartError', network: 'l1', reason: 'ChainConfigError' },
      simulatedDevnet: null,
      infoOnSimulated: 'InfoEndpointError',
    })
    expect(out.startError.details).toContain('missing.json')
  }, 300_000)

  it('left no devnet or anvil process behind', async () => {
    const workers = () =>
      readdirSync('/proc')
        .filter((pid) => /^\d+$/.test(pid))
        .filter((pid) => {
          try {
            const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
            return ['subnet-rpc-hardhat', '@foundry-rs'].some((dir) => cmdline.includes(join(app.dir, 'node_modules', dir)))
          } catch {
            return false
          }
        })
    // The devnets' processes and their anvils: each stops once it sees Hardhat's process gone (one left behind fails
    // this test by its timeout).
    while (workers().length > 0) await sleep(100)
    expect(workers()).toEqual([])
    console.log(
      `hardhat-plugin project: ${Object.entries(times)
        .map(([k, v]) => `${k} ${v} ms`)
        .join(', ')}`,
    )
  })
})
