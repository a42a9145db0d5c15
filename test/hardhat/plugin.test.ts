/**
 * subnet-rpc-hardhat as a user gets it: a fresh Hardhat 3 project made exactly as docs/hardhat.md says, on this
 * machine's Node 20 with Node 22 from the npm `node` package.
 *
 * - install: the page's `sh hardhat-plugin` block, run as one `sh -e` script in an empty directory outside the
 *   repository (../package/pack.ts keeps it for the next run of the same script), with the packed tarballs of
 *   subnet-rpc, subnet-rpc-devnet and subnet-rpc-hardhat in place of their names and npm's cache preferred;
 * - every command after the install runs as in a new shell: the machine's Node first on PATH, without the page's
 *   `export` (only the page's own `npm install` repeats it). npx finds Node 22 and Hardhat 3 there; npm's installs
 *   there are refused (engine-strict, EBADENGINE) and EDR's platform package stays; `npm install-scripts ls` finds
 *   no install script that `allowScripts` leaves without an entry (esbuild's is denied: no install-scripts warning);
 * - the project's files are the page's other `hardhat-plugin` blocks, each written to the path its first line names
 *   (the JSON ones by what they hold); the page's genesis.json is Subnet-EVM's contract_native_minter.json;
 * - `npx hardhat build`, `npx tsc --noEmit` (with the contracts' types: a typed read compiles, a wrong one does not),
 *   `npx hardhat test nodejs` (the viem test against the plugin's devnet) and
 *   `npx hardhat run scripts/drip.ts --network l1` (the ethers script), with what they print checked;
 * - a devnet that cannot start (a genesis mistake, a bad upgrade.json): Hardhat prints the plugin's one message naming
 *   the file and field, as the page shows it, without a stack trace or a "bug in Hardhat" line (a missing upgrade.json:
 *   `checksScript`);
 * - every package an import of the blocks names is in the install line (and the same for the Hardhat 3 example's
 *   "In your own Hardhat 3 project" line and its config);
 * - beyond the page: a script of the test's own (`checksScript`) for parallel connections, close(), getOrCreate, a
 *   devnet that cannot start, a simulated network, and the accounts a network has with and without `accounts`.
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { promisify, stripVTControlCharacters } from 'node:util'
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
  if (block.lang === 'json') {
    const json = JSON.parse(block.code) as object
    if ('compilerOptions' in json) return 'tsconfig.json'
    if ('alloc' in json) return 'genesis.json'
    if ('precompileUpgrades' in json) return 'upgrade.json'
    throw new Error(`a hardhat-plugin JSON block of no known file:\n${block.code}`)
  }
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
 * connection; a devnet that cannot start (a config override naming a missing genesis, or a missing upgrade.json) is a
 * DevnetStartError out of `network.create`; a simulated network's connection has no devnet, and its Info actions say why. And the page's
 * facts about accounts: with `accounts`, Hardhat signs with that key alone; without (`remote`), with anvil's 10
 * unlocked accounts, funded on the page's genesis that never allocated them.
 */
const checksScript = `import { network } from 'hardhat'
import { formatEther } from 'viem'

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
  const { name, pluginId, network: net, reason, details } = e as { name: string; pluginId: string; network: string; reason: string; details: string }
  startError = { name, pluginId, network: net, reason, details }
}
let upgradeError: unknown
try {
  await network.create({ network: 'l1', override: { subnet: { devnet: { upgrade: './missing-upgrade.json' } } } })
} catch (e) {
  upgradeError = (e as Error).message
}
const simulated = await network.create('default')
const infoOnSimulated = await (await simulated.viem.getSubnetPublicClient()).getNodeVersion().then(() => 'answered', (e: Error) => e.name)
const configured = (await b.viem.getWalletClients()).map((w) => w.account.address)
const remote = await network.create({ network: 'l1', override: { accounts: 'remote' } })
const anvils = (await remote.viem.getWalletClients()).map((w) => w.account.address)
const funded = formatEther(await (await remote.viem.getPublicClient()).getBalance({ address: anvils[0]! }))
console.log(JSON.stringify({ urls, chainIds, refusedAfterClose, otherStillAnswers, cached, startError, upgradeError, simulatedDevnet: simulated.subnetDevnet ?? null, infoOnSimulated, accounts: { configured, anvils, funded } }))
`

let app: App
let packs: Record<PackageName, Pack>
const edr = 'node_modules/@nomicfoundation/edr-linux-x64-gnu'
/** A new shell's PATH: this machine's, without any node_modules/.bin (vitest's, when npm or npx started it). */
const shellPath = () =>
  (process.env.PATH ?? '')
    .split(':')
    .filter((dir) => !dir.includes('node_modules/.bin'))
    .join(':')
/** A new shell in the project, as the page's "In a new shell" has it: no `export`, this machine's Node first. */
const newShell = () => cleanEnv({ PATH: shellPath(), HARDHAT_DISABLE_TELEMETRY: 'true', CI: 'true' })
/** The install block's shell: its `export` put the project's node_modules/.bin (Node 22, npm on it) first. */
const exported = () =>
  cleanEnv({ PATH: `${join(app.dir, 'node_modules/.bin')}:${shellPath()}`, HARDHAT_DISABLE_TELEMETRY: 'true', CI: 'true' })
const inProject = (command: string, args: string[], { env = newShell(), timeout = 300_000 } = {}) =>
  run(command, args, { cwd: app.dir, env, timeout, maxBuffer: 64 << 20 }).catch((e) => {
    throw new Error(`${command} ${args.join(' ')} failed:\n${e.stdout}\n${e.stderr}`)
  })
/** A user's terminal: a new shell outside CI (in CI, Hardhat prints every error's stack trace: `isCi()`'s variables). */
const terminal = () =>
  Object.fromEntries(
    Object.entries(newShell()).filter(
      ([k]) =>
        ![
          'CI',
          'CONTINUOUS_INTEGRATION',
          'BUILD_NUMBER',
          'RUN_ID',
          'GITHUB_ACTIONS',
          'NOW',
          'DEPLOYMENT_ID',
          'CODEBUILD_BUILD_NUMBER',
        ].includes(k),
    ),
  )
/** A command that must fail in a user's terminal: what it printed (both streams, colours taken out). */
const failingInProject = (command: string, args: string[]) =>
  run(command, args, { cwd: app.dir, env: terminal(), timeout: 300_000, maxBuffer: 64 << 20 }).then(
    () => {
      throw new Error(`${command} ${args.join(' ')} succeeded`)
    },
    (e: { stdout: string; stderr: string }) => stripVTControlCharacters(`${e.stdout}${e.stderr}`),
  )
/** Writes the page's file at `path` into the project again (after a test changed it). */
const restore = (path: string) => writeFileSync(join(app.dir, path), files.find((f) => f.path === path)!.code)
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
  writeFileSync(join(app.dir, 'scripts/checks.ts'), checksScript)
  const p = packs['subnet-rpc-hardhat'].info
  console.log(
    `hardhat-plugin project: ${app.fresh ? `installed in ${app.installMs} ms` : 'reused'}; subnet-rpc-hardhat tarball ${p.size} B, ` +
      `${p.entryCount} files, ${p.unpackedSize} B unpacked; node_modules ${(treeBytes(join(app.dir, 'node_modules')) / 1e6).toFixed(0)} MB`,
  )
}, 900_000)

describe('docs/hardhat.md: the plugin install, as a user types it (npm on Node 20, Node 22 from the node package)', () => {
  it('the page has the install block and the project files: config, genesis.json, upgrade.json, tsconfig.json, the contract, the test, the scripts', () => {
    expect(files.map((f) => f.path).sort()).toEqual(
      [
        'contracts/Faucet.sol',
        'genesis.json',
        'hardhat.config.ts',
        'scripts/drip.ts',
        'scripts/start.ts',
        'test/Faucet.test.ts',
        'tsconfig.json',
        'upgrade.json',
      ].sort(),
    )
  })

  it("the page's genesis.json is Subnet-EVM's contract_native_minter.json, and its tsconfig includes the contracts' types", () => {
    const genesis = files.find((f) => f.path === 'genesis.json')!.code
    expect(JSON.parse(genesis)).toEqual(
      JSON.parse(readFileSync(join(root, 'test/fixtures/subnet-evm-genesis/contract_native_minter.json'), 'utf8')),
    )
    const tsconfig = JSON.parse(files.find((f) => f.path === 'tsconfig.json')!.code) as { include: string[] }
    expect(tsconfig.include).toContain('artifacts/**/*.d.ts')
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

  it("installs Node 22 and Hardhat 3 with EDR's platform package; in a new shell npx runs them on Node 22", async () => {
    expect(existsSync(join(app.dir, edr))).toBe(true)
    // The new shell's own Node is this machine's (Node 20 here), not the project's.
    expect((await inProject('node', ['--version'])).stdout.trim()).toBe(process.version)
    expect((await inProject('npx', ['node', '--version'])).stdout.trim()).toBe('v22.23.3')
    expect((await inProject('npx', ['hardhat', '--version'])).stdout.trim()).toBe('3.18.0')
  })

  it("keeps EDR through later installs: npm in a new shell refuses to install (EBADENGINE), after the page's export it installs and keeps it", async () => {
    if (process.version.startsWith('v20.')) {
      const refused = await failingInProject('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'])
      expect(refused).toContain('EBADENGINE')
      expect(refused).toContain('@nomicfoundation/edr')
    }
    expect(existsSync(join(app.dir, edr))).toBe(true)
    const { stdout, stderr } = await timed('npm install on Node 22', () =>
      inProject('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund'], { env: exported() }),
    )
    expect(existsSync(join(app.dir, edr))).toBe(true)
    // npm 11 warns at every install about a script allowScripts has no entry for; the page denies esbuild's.
    expect(`${stdout}${stderr}`).not.toContain('install-scripts')
  }, 300_000)

  it('leaves no install script without an allowScripts entry (esbuild denied: no install-scripts warning)', async () => {
    const pkg = JSON.parse(readFileSync(join(app.dir, 'package.json'), 'utf8')) as { allowScripts: Record<string, boolean> }
    expect(pkg.allowScripts).toEqual({ node: true, '@foundry-rs/anvil': true, esbuild: false })
    expect((await inProject('npm', ['install-scripts', 'ls'], { env: exported() })).stdout.trim()).toBe(
      'No packages with unreviewed install scripts.',
    )
  })
})

describe('the project: a contract calling the Native Minter and the Fee Manager, on the plugin devnet', () => {
  it('compiles with the solc package (npx hardhat build)', async () => {
    await timed('hardhat build', () => inProject('npx', ['hardhat', 'build']))
    expect(existsSync(join(app.dir, 'artifacts/contracts/Faucet.sol/Faucet.json'))).toBe(true)
  }, 300_000)

  it("type-checks (npx tsc --noEmit): the typed viem helpers, ethers.subnetProvider, and the contract's typed reads", async () => {
    // deployContract's result knows Faucet's functions (artifacts/**/*.d.ts in the page's tsconfig): in one run of the
    // page's command, a typed read compiles (line 3, and every file of the page's) while a wrong result type and a
    // function Faucet does not have (lines 4 and 5) are the only errors.
    writeFileSync(
      join(app.dir, 'scripts/typed.ts'),
      [
        "import { network } from 'hardhat'",
        "const faucet = await (await network.create('l1')).viem.deployContract('Faucet')",
        'export const role: bigint = await faucet.read.minterRole()',
        'export const wrong: string = await faucet.read.minterRole()',
        'export const other = await faucet.read.minterRol()',
        '',
      ].join('\n'),
    )
    try {
      const out = await timed('tsc', () => failingInProject('npx', ['tsc', '--noEmit']))
      expect(out.split('\n').filter((line) => /error TS\d+/.test(line))).toEqual([
        "scripts/typed.ts(4,14): error TS2322: Type 'bigint' is not assignable to type 'string'.",
        expect.stringMatching(/^scripts\/typed\.ts\(5,\d+\): error TS2551: Property 'minterRol' does not exist on type .*'minterRole'/),
      ])
    } finally {
      rmSync(join(app.dir, 'scripts/typed.ts'), { force: true })
    }
  }, 300_000)

  it("subnet-rpc-hardhat's declaration files type-check with skipLibCheck false (the page's tsconfig skips them)", async () => {
    // The plugin's one entry, imported and used (its type extensions with it); errors in Hardhat's own declarations are not ours to fix.
    writeFileSync(
      join(app.dir, 'strict-check.ts'),
      "import * as plugin from 'subnet-rpc-hardhat'\nexport const all = Object.keys(plugin)\n",
    )
    writeFileSync(
      join(app.dir, 'tsconfig.strict.json'),
      // tsc's build info kept in the project (made anew for each new tarball, test/package/pack.ts): a later run
      // re-checks only what changed, and reports again the errors of what did not.
      JSON.stringify({
        extends: './tsconfig.json',
        compilerOptions: { skipLibCheck: false, incremental: true, tsBuildInfoFile: 'node_modules/.cache/strict-check.tsbuildinfo' },
        include: ['strict-check.ts'],
      }),
    )
    const out = await inProject('npx', ['tsc', '-p', 'tsconfig.strict.json']).then(
      () => '',
      (e: Error) => e.message,
    )
    expect(out.split('\n').filter((line) => /node_modules\/subnet-rpc|strict-check\.ts/.test(line))).toEqual([])
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

  it("reports a devnet that cannot start as the page shows it: the plugin's one message naming the file and field, no stack trace", async () => {
    const pageOutput = fences(page.slice(page.indexOf('### A devnet that cannot start'))).find((f) => f.lang === 'text')!.code
    const [command, ...printed] = pageOutput.trimEnd().split('\n')
    expect(command).toBe('$ npx hardhat run scripts/drip.ts --network l1')
    const noStack = (out: string) => {
      expect(out).not.toMatch(/^\s+at /m)
      expect(out).not.toContain('An unexpected error occurred')
      expect(out).not.toContain('bug in Hardhat')
    }
    const genesis = join(app.dir, 'genesis.json')
    const upgrade = join(app.dir, 'upgrade.json')
    try {
      // The page's mistake: "targetBlockRate": 0 in the genesis's fee config.
      const wrong = JSON.parse(readFileSync(genesis, 'utf8'))
      wrong.config.feeConfig.targetBlockRate = 0
      writeFileSync(genesis, JSON.stringify(wrong, null, 2))
      const out = await timed('hardhat run, bad genesis', () =>
        failingInProject('npx', ['hardhat', 'run', 'scripts/drip.ts', '--network', 'l1']),
      )
      noStack(out)
      expect(out.trim().split('\n')).toEqual(printed.map((line) => line.replaceAll('/home/me/l1', app.dir)))
      // Under `hardhat test`, the failing test's error, printed by the test reporter (with where it was thrown).
      const tested = await failingInProject('npx', ['hardhat', 'test', 'nodejs'])
      expect(tested).toContain(
        `DevnetStartError: ${printed[0]!.replace('Error in community plugin subnet-rpc-hardhat: ', '').replaceAll('/home/me/l1', app.dir)}`,
      )
      expect(tested).toMatch(/0 passing/)
      expect(tested).not.toContain('bug in Hardhat')
      restore('genesis.json')

      // A bad address in upgrade.json, caught by the page's scripts/start.ts: DevnetStartError with reason and details.
      const bad = JSON.parse(files.find((f) => f.path === 'upgrade.json')!.code)
      bad.precompileUpgrades[0].feeManagerConfig.adminAddresses = ['0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52F']
      writeFileSync(upgrade, JSON.stringify(bad, null, 2))
      const caught = await failingInProject('npx', ['hardhat', 'run', 'scripts/start.ts'])
      noStack(caught)
      expect(caught.trim()).toBe(
        `ChainConfigError ${upgrade}: precompileUpgrades[0].feeManagerConfig.adminAddresses[0]: expected an address (0x and 40 hex digits), got "0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52F"`,
      )
    } finally {
      restore('genesis.json')
      restore('upgrade.json')
    }
    // With the page's files, scripts/start.ts prints its devnet's URL.
    expect((await inProject('npx', ['hardhat', 'run', 'scripts/start.ts'])).stdout.trim()).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/ext\/bc\/devnet\/rpc$/,
    )
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
      startError: { name: 'DevnetStartError', pluginId: 'subnet-rpc-hardhat', network: 'l1', reason: 'ChainConfigError' },
      simulatedDevnet: null,
      infoOnSimulated: 'InfoEndpointError',
    })
    expect(out.startError.details).toContain('missing.json')
    // A missing upgrade.json: the file and what it is for (printed after Hardhat's "Error in community plugin
    // subnet-rpc-hardhat: ", as the bad genesis above shows).
    expect(out.upgradeError).toBe(
      `the devnet of network "l1" did not start: ${join(app.dir, 'missing-upgrade.json')}: no such file (the upgrade of the L1 devnet)`,
    )
    // The page's accounts: the configured key alone; without `accounts`, anvil's 10, funded with 10,000 coins on a
    // genesis that never allocated them.
    const lower = (addresses: string[]) => addresses.map((a) => a.toLowerCase())
    expect(lower(out.accounts.configured)).toEqual(['0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'])
    expect(out.accounts.anvils).toHaveLength(10)
    expect(lower(out.accounts.anvils)[0]).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')
    expect(out.accounts.funded).toBe('10000')
    const genesis = JSON.parse(files.find((f) => f.path === 'genesis.json')!.code) as { alloc: Record<string, unknown> }
    const allocated = lower(Object.keys(genesis.alloc).map((a) => a.replace(/^(0x)?/, '0x')))
    expect(lower(out.accounts.anvils).filter((a) => allocated.includes(a))).toEqual([])
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
