/**
 * The package as installed from its tarball (`npm pack`, then `npm install` in fresh apps
 * under os.tmpdir(); see ./pack.ts):
 *
 * (a) viem app (`npm i subnet-rpc viem`): at most 1 MB of node_modules beyond the same app
 *     without subnet-rpc, no package with an install script that the viem-only app lacks, and
 *     every browser-safe entry loads with `import` and with `require`, exporting what src does;
 * (b) ethers app without viem (`npm i subnet-rpc ethers`): `subnet-rpc` and `subnet-rpc/ethers`
 *     load with `import` and `require`, and every SubnetProvider method and every
 *     `provider.info` method answers from a devnet as src's ethers adapter does;
 * (c) the devnet, a package of its own (subnet-rpc-devnet, packages/devnet): without it,
 *     `npx subnet-rpc devnet` fails at once naming the `npm i -D …` command; installed (into an
 *     app with ethers, whose @noble/curves 1.2.0 it shares), it loads with `import` and
 *     `require`, starts from an anvil named by ANVIL_BINARY and answers, and without any anvil
 *     `startDevnet()` and `npx subnet-rpc devnet` fail at once with one message naming
 *     `@foundry-rs/anvil` and the other ways to give an anvil.
 */
import { execFile, spawn } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { entryPoints } from '../helpers/entries.js'
import { type App, cleanEnv, installApp, installScriptPackages, packTarball, repoVersion, root, treeBytes } from './pack.js'

const run = promisify(execFile)
/**
 * "At once" in the dependency checks means failing before any start is tried, which the exact
 * message shows; the clock only guards against a hang, generously: node's start-up on a loaded machine varies widely.
 */
const notHung = 20_000
const devnet = useDevnet({ seed: 'package-install' })

let viemBase: App
let viemApp: App
let ethersBase: App
let ethersApp: App
let bareApp: App
let devnetApp: App
let strictApp: App

beforeAll(async () => {
  const viem = repoVersion('viem')
  const ethers = repoVersion('ethers')
  // One install at a time: on two cores, parallel installs are no faster and starve the devnet's tests.
  viemBase = await installApp('viem', { viem }, false)
  viemApp = await installApp('viem', { viem }, true)
  ethersBase = await installApp('ethers', { ethers }, false)
  ethersApp = await installApp('ethers', { ethers }, true)
  bareApp = await installApp('bare', {}, true)
  devnetApp = await installApp('devnet', { ethers }, ['subnet-rpc', 'subnet-rpc-devnet'])
  const typescript = repoVersion('typescript')
  const typesNode = repoVersion('@types/node')
  strictApp = await installApp('strict', { viem, ethers, typescript, '@types/node': typesNode }, ['subnet-rpc', 'subnet-rpc-devnet'])
  const [pack, devnetPack] = await Promise.all([packTarball(), packTarball('subnet-rpc-devnet')])
  const apps = [viemBase, viemApp, ethersBase, ethersApp, bareApp, devnetApp, strictApp]
  const ms = apps.map((a) => (a.fresh ? `${a.installMs} ms` : 'reused'))
  console.log(
    `tarballs: subnet-rpc ${pack.info.size} B, ${pack.info.entryCount} files, ${pack.info.unpackedSize} B unpacked; ` +
      `subnet-rpc-devnet ${devnetPack.info.size} B, ${devnetPack.info.entryCount} files, ${devnetPack.info.unpackedSize} B unpacked; ` +
      `installs (viem, viem+subnet-rpc, ethers, ethers+subnet-rpc, subnet-rpc alone, ethers+subnet-rpc+subnet-rpc-devnet, ` +
      `strict TypeScript with both packages): ${ms.join(', ')}`,
  )
}, 400_000)

/** Runs a script in an app's directory with the app's node_modules; returns its stdout. */
async function node(app: App, file: string, code: string, env: Record<string, string | undefined> = {}): Promise<string> {
  writeFileSync(join(app.dir, file), code)
  const { stdout } = await run(process.execPath, [file], { cwd: app.dir, env: cleanEnv(env), maxBuffer: 16 << 20 })
  return stdout
}

const browserEntries = [
  'subnet-rpc',
  'subnet-rpc/viem',
  'subnet-rpc/viem/actions',
  'subnet-rpc/viem/precompiles',
  'subnet-rpc/viem/warp',
  'subnet-rpc/warp',
]
const srcOf = entryPoints

async function srcExports(ids: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {}
  for (const id of ids) out[id] = Object.keys(await import(pathToFileURL(join(root, srcOf[id]!)).href)).sort()
  return out
}

const listExports = (ids: string[], load: 'import' | 'require') =>
  `const out = {}
for (const id of ${JSON.stringify(ids)}) out[id] = Object.keys(${load === 'import' ? 'await import(id)' : 'require(id)'}).sort()
console.log(JSON.stringify(out))
`

describe('(a) viem app: npm i subnet-rpc viem', () => {
  // The target is 1 MB. It was missed (1.34–1.45 MB) while the devnet (0.34 MB as installed) and docs/ (0.25 MB)
  // were in this package; the devnet is now subnet-rpc-devnet, and the docs stay in the repository.
  it('adds at most 1 MB to node_modules beyond viem alone', () => {
    const beyond = treeBytes(join(viemApp.dir, 'node_modules')) - treeBytes(join(viemBase.dir, 'node_modules'))
    const own = treeBytes(join(viemApp.dir, 'node_modules/subnet-rpc'))
    console.log(`viem app: node_modules beyond viem alone ${beyond} B (subnet-rpc itself ${own} B); target 1,000,000 B`)
    expect(beyond).toBeLessThanOrEqual(1_000_000)
    // Its one dependency, @noble/hashes, is viem's own copy.
    expect(existsSync(join(viemApp.dir, 'node_modules/subnet-rpc/node_modules'))).toBe(false)
  })

  it('brings no install script: the same packages have one as in the viem-only app, and none of ours', () => {
    expect(installScriptPackages(viemApp.dir)).toEqual(installScriptPackages(viemBase.dir))
    const pkg = JSON.parse(readFileSync(join(viemApp.dir, 'node_modules/subnet-rpc/package.json'), 'utf8')) as {
      scripts?: Record<string, string>
    }
    // npm 11 lists a package's `prepare` among the install scripts it warns about: the build is `prepack`'s.
    for (const s of ['preinstall', 'install', 'postinstall', 'prepare']) expect(pkg.scripts?.[s], s).toBeUndefined()
    for (const heavy of ['@foundry-rs/anvil', '@viem/anvil', 'subnet-rpc-devnet', 'ethers'])
      expect(existsSync(join(viemApp.dir, 'node_modules', heavy)), heavy).toBe(false)
  })

  it('every browser-safe entry loads with import and with require, exporting what src does', async () => {
    const expected = await srcExports(browserEntries)
    expect(JSON.parse(await node(viemApp, 'exports.mjs', listExports(browserEntries, 'import')))).toEqual(expected)
    expect(JSON.parse(await node(viemApp, 'exports.cjs', listExports(browserEntries, 'require')))).toEqual(expected)
  })

  it('aggregateWarpSignatures works with the @noble/curves viem brings (the optional peer), its aggregate verifying', async () => {
    const code = `import { bls12_381 as bls } from '@noble/curves/bls12-381'
import { aggregateWarpSignatures, encodeUnsignedWarpMessage } from 'subnet-rpc/warp'
const DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'
const hex = (b) => '0x' + Buffer.from(b).toString('hex')
const message = encodeUnsignedWarpMessage({ networkID: 1, sourceChainID: '0x' + '11'.repeat(32), payload: '0x1234' })
const keys = [3, 5, 7].map((n) => { const k = new Uint8Array(32); k[31] = n; return k })
const validators = keys.map((k) => ({ publicKey: hex(bls.getPublicKey(k)), weight: 10n, signature: hex(bls.sign(message.slice(2), k, { DST })) }))
const signed = await aggregateWarpSignatures({ message, validators })
const key = bls.aggregatePublicKeys(validators.map((v) => v.publicKey.slice(2)))
console.log(JSON.stringify({ signers: signed.signature.signers, ok: bls.verify(signed.signature.signature.slice(2), message.slice(2), key, { DST }) }))`
    expect(JSON.parse(await node(viemApp, 'warp-aggregate.mjs', code))).toEqual({ signers: '0x07', ok: true })
  })

  it('the installed viem decorators answer from the devnet (import and require)', async () => {
    const body = (load: string) => `${load}
const client = createPublicClient({ transport: subnetHttp(${JSON.stringify(devnet().rpcUrl)}) }).extend(subnetActions()).extend(infoActions())
const [{ nodeID }, { feeConfig }] = await Promise.all([client.getNodeID(), client.feeConfig()])
console.log(JSON.stringify({ nodeID, gasLimit: String(feeConfig.gasLimit) }))`
    const esm = body("import { createPublicClient } from 'viem'\nimport { infoActions, subnetActions, subnetHttp } from 'subnet-rpc/viem'")
    const cjs = `(async () => {${body("const { createPublicClient } = require('viem')\nconst { infoActions, subnetActions, subnetHttp } = require('subnet-rpc/viem')")}})()`
    for (const [file, code] of [
      ['viem-calls.mjs', esm],
      ['viem-calls.cjs', cjs],
    ] as const) {
      const out = JSON.parse(await node(viemApp, file, code)) as { nodeID: string; gasLimit: string }
      expect(out.nodeID, file).toBe(devnet().nodeID)
      expect(out.gasLimit, file).toBe(String(devnet().chainSpec.feeConfig.gasLimit))
    }
  })
})

// Calls every method of the subnet-rpc/ethers module it is given; the same code runs in the
// installed package (ESM and CJS) and, in this process, on src. Bigints and Dates are tagged.
const ethersCalls = `export async function callAll({ SubnetProvider, InfoClient }, rpcUrl, args) {
  const methods = (proto) => Object.getOwnPropertyNames(proto).filter((n) => n !== 'constructor' && !n.startsWith('_') && typeof Object.getOwnPropertyDescriptor(proto, n).value === 'function').sort()
  const provider = new SubnetProvider(rpcUrl)
  const out = { provider: {}, info: {} }
  try {
    // The Subnet-EVM methods are the mixin's (SubnetProvider's parent), the Info API's InfoClient's.
    for (const name of methods(Object.getPrototypeOf(SubnetProvider.prototype))) out.provider[name] = await provider[name]()
    for (const name of methods(InfoClient.prototype)) out.info[name] = await provider.info[name](args[name])
  } finally {
    provider.destroy()
  }
  return JSON.stringify(out, function (key, value) {
    const raw = this[key]
    return raw instanceof Date ? { $date: raw.toISOString() } : typeof value === 'bigint' ? { $bigint: String(value) } : value
  })
}
`

describe('(b) ethers app without viem: npm i subnet-rpc ethers', () => {
  it('has no viem, and adds little beyond ethers alone', () => {
    expect(existsSync(join(ethersApp.dir, 'node_modules/viem'))).toBe(false)
    const beyond = treeBytes(join(ethersApp.dir, 'node_modules')) - treeBytes(join(ethersBase.dir, 'node_modules'))
    console.log(`ethers app: node_modules beyond ethers alone ${beyond} B`)
    // @noble/hashes is ethers' own copy (1.3.2) too: the 1 MB of the viem app holds here.
    expect(existsSync(join(ethersApp.dir, 'node_modules/subnet-rpc/node_modules'))).toBe(false)
    expect(beyond).toBeLessThanOrEqual(1_000_000)
    expect(installScriptPackages(ethersApp.dir)).toEqual(installScriptPackages(ethersBase.dir))
  })

  it('subnet-rpc and subnet-rpc/ethers load with import and with require, exporting what src does', async () => {
    const ids = ['subnet-rpc', 'subnet-rpc/ethers']
    const expected = await srcExports(ids)
    expect(JSON.parse(await node(ethersApp, 'exports.mjs', listExports(ids, 'import')))).toEqual(expected)
    expect(JSON.parse(await node(ethersApp, 'exports.cjs', listExports(ids, 'require')))).toEqual(expected)
  })

  it('every SubnetProvider method and every provider.info method answers as from src (import and require)', async () => {
    const d = devnet()
    const args = { isBootstrapped: { chain: 'X' }, getBlockchainID: { alias: d.alias } }
    writeFileSync(join(ethersApp.dir, 'calls.mjs'), ethersCalls)
    const call = `callAll(sr, ${JSON.stringify(d.rpcUrl)}, ${JSON.stringify(args)}).then((s) => console.log(s))`
    const esm = await node(
      ethersApp,
      'ethers-calls.mjs',
      `import * as sr from 'subnet-rpc/ethers'\nimport { callAll } from './calls.mjs'\n${call}`,
    )
    const cjs = await node(
      ethersApp,
      'ethers-calls.cjs',
      `const sr = require('subnet-rpc/ethers')\nimport('./calls.mjs').then(({ callAll }) => ${call})`,
    )
    const { callAll } = (await import(pathToFileURL(join(ethersApp.dir, 'calls.mjs')).href)) as {
      callAll: (m: unknown, url: string, a: unknown) => Promise<string>
    }
    const fromSrc = await callAll(await import('../../src/ethers/index.js'), d.rpcUrl, args)

    const result = JSON.parse(esm.trim()) as { provider: Record<string, any>; info: Record<string, any> }
    expect(Object.keys(result.provider)).toEqual(['feeConfig', 'getActivePrecompilesAt', 'getActiveRulesAt', 'getChainConfig'])
    expect(Object.keys(result.info)).toHaveLength(13)
    expect(result.info.getNodeID.nodeID).toBe(d.nodeID)
    expect(result.info.getBlockchainID).toBe(d.blockchainID)
    expect(result.info.getNetworkID).toBe(12345)
    expect(result.info.getNetworkName).toBe('local')
    expect(result.info.isBootstrapped).toBe(true)
    expect(result.provider.getChainConfig.chainId).toEqual({ $bigint: String(d.chainId) })
    expect(result.provider.feeConfig.feeConfig.gasLimit).toEqual({ $bigint: String(d.chainSpec.feeConfig.gasLimit) })
    // Peers' lastSent and lastReceived follow the clock: compared as present, not by value.
    const stable = (json: string) => JSON.parse(json.trim().replace(/"(lastSent|lastReceived)":\{"\$date":"[^"]+"\}/g, '"$1":"a time"'))
    expect(stable(esm)).toEqual(stable(fromSrc))
    expect(stable(cjs)).toEqual(stable(fromSrc))
  })
})

describe('(c) subnet-rpc-devnet, the devnet as a package of its own', () => {
  // No anvil on PATH and no ANVIL_BINARY: only node's own directory and the system's.
  const bare = { PATH: [dirname(process.execPath), '/usr/bin', '/bin'].join(':'), ANVIL_BINARY: undefined }
  const version = repoVersion('subnet-rpc-devnet')

  /** `npx subnet-rpc …` in an app: its exit code, stderr and how long it took. */
  async function cli(app: App, args: string[], env: Record<string, string | undefined>) {
    const started = Date.now()
    const child = spawn(join(app.dir, 'node_modules/.bin/subnet-rpc'), args, { cwd: app.dir, env: cleanEnv(env) })
    let stderr = ''
    child.stderr.on('data', (b: Buffer) => (stderr += b))
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
    return { code, stderr, ms: Date.now() - started }
  }

  it('subnet-rpc alone: its root entry loads (import and require) and adds only itself and @noble/hashes', async () => {
    expect((await node(bareApp, 'root.mjs', "import('subnet-rpc').then((m) => console.log(Object.keys(m).length))")).trim()).not.toBe('0')
    expect((await node(bareApp, 'root.cjs', "console.log(Object.keys(require('subnet-rpc')).length)")).trim()).not.toBe('0')
    const names = (await node(bareApp, 'ls.cjs', "console.log(require('fs').readdirSync('node_modules').join(' '))")).trim()
    console.log(`subnet-rpc alone: node_modules ${treeBytes(join(bareApp.dir, 'node_modules'))} B (${names})`)
    expect(installScriptPackages(bareApp.dir)).toEqual([])
  })

  it('without subnet-rpc-devnet, npx subnet-rpc devnet exits 1 at once naming the install command', async () => {
    const { code, stderr, ms } = await cli(bareApp, ['devnet', '--port', '0'], bare)
    expect(code).toBe(1)
    expect(ms).toBeLessThan(notHung)
    expect(stderr).toBe(
      `subnet-rpc: the devnet is the package subnet-rpc-devnet, which is not installed. Install it with:  npm i -D subnet-rpc-devnet@${version} @foundry-rs/anvil@1.7.1\n` +
        'Instead of @foundry-rs/anvil, any anvil binary works: --anvil <path>, the ANVIL_BINARY environment variable, or `anvil` on PATH (foundryup).\n',
    )
  })

  it("installed: brings @viem/anvil, shares ethers' @noble/curves and @noble/hashes, no anvil and no install script", () => {
    expect(installScriptPackages(devnetApp.dir)).toEqual(installScriptPackages(ethersApp.dir))
    expect(existsSync(join(devnetApp.dir, 'node_modules/@foundry-rs/anvil'))).toBe(false)
    expect(existsSync(join(devnetApp.dir, 'node_modules/@viem/anvil'))).toBe(true)
    // npm gives the devnet (^1.2.0) the copy ethers pins.
    expect(JSON.parse(readFileSync(join(devnetApp.dir, 'node_modules/@noble/curves/package.json'), 'utf8')).version).toBe('1.2.0')
    expect(existsSync(join(devnetApp.dir, 'node_modules/subnet-rpc-devnet/node_modules'))).toBe(false)
    const own = treeBytes(join(devnetApp.dir, 'node_modules/subnet-rpc-devnet'))
    const beyond = treeBytes(join(devnetApp.dir, 'node_modules')) - treeBytes(join(ethersApp.dir, 'node_modules'))
    console.log(`subnet-rpc-devnet: itself ${own} B; with its dependencies, beyond an app with ethers and subnet-rpc ${beyond} B`)
  })

  it('without an anvil: startDevnet() rejects at once with DevnetDependencyError naming @foundry-rs/anvil (import and require)', async () => {
    const script = (load: string) => `${load}
const started = Date.now()
d.startDevnet().then(() => console.log('started?!'), (e) => console.log(JSON.stringify({ name: e.name, message: e.message, ms: Date.now() - started, exports: Object.keys(d).sort() })))`
    const expected = await srcExports(['subnet-rpc-devnet'])
    for (const [file, code] of [
      ['devnet.mjs', script("import * as d from 'subnet-rpc-devnet'")],
      ['devnet.cjs', script("const d = require('subnet-rpc-devnet')")],
    ] as const) {
      const out = JSON.parse(await node(devnetApp, file, code, bare)) as { name: string; message: string; ms: number; exports: string[] }
      expect(out.name, file).toBe('DevnetDependencyError')
      expect(out.message, file).toContain('Install them with:  npm i -D @foundry-rs/anvil@1.7.1\n')
      for (const way of ['anvilBinary', '--anvil', 'ANVIL_BINARY', 'PATH']) expect(out.message, file).toContain(way)
      expect(out.ms, file).toBeLessThan(notHung)
      expect(out.exports, file).toEqual(expected['subnet-rpc-devnet'])
    }
    const { code, stderr, ms } = await cli(devnetApp, ['devnet', '--port', '0'], bare)
    expect(code).toBe(1)
    expect(ms).toBeLessThan(notHung)
    expect(stderr).toMatch(/^subnet-rpc: the devnet needs packages that are not installed:\n {2}- @foundry-rs\/anvil \(the anvil binary\)/)
    expect(stderr).toContain('Install them with:  npm i -D @foundry-rs/anvil@1.7.1\n')
  })

  it('with an anvil from ANVIL_BINARY: starts from the installed package and answers (import and require)', async () => {
    const anvil = (await import('../../packages/devnet/src/index.js')).findAnvilBinary()
    const script = (load: string, entry: string) => `${load}
const devnet = await d.startDevnet({ port: 0, seed: 'installed' })
try {
  const post = (url, method, params) => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) }).then((r) => r.json())
  const [node, fee, chainId] = await Promise.all([post(devnet.infoUrl, 'info.getNodeID', {}), post(devnet.rpcUrl, 'eth_feeConfig', []), post(devnet.rpcUrl, 'eth_chainId', [])])
  // A raw send: its sender recovered by the installed package (on its worker thread), and mined.
  const wallet = new ethers.Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
  const raw = await wallet.signTransaction({ type: 2, chainId: BigInt(chainId.result), nonce: 0, to: '0x000000000000000000000000000000000000dEaD', value: 1n, gasLimit: 21000n, maxFeePerGas: 100_000_000_000n, maxPriorityFeePerGas: 1n })
  const hash = (await post(devnet.rpcUrl, 'eth_sendRawTransaction', [raw])).result
  const receipt = (await post(devnet.rpcUrl, 'eth_getTransactionReceipt', [hash])).result
  const recovery = await import(pathToFileURL(join(dirname(${entry}), 'l1/pool/senderRecovery.js')).href)
  console.log(JSON.stringify({ nodeID: node.result.nodeID, expected: devnet.nodeID, gasLimit: fee.result.feeConfig.gasLimit, from: receipt?.from, status: receipt?.status, mode: recovery.senderRecoveryMode() }))
} finally {
  await devnet.stop()
}`
    for (const [file, code] of [
      [
        'start.mjs',
        script(
          "import * as d from 'subnet-rpc-devnet'\nimport { ethers } from 'ethers'\nimport { dirname, join } from 'node:path'\nimport { fileURLToPath, pathToFileURL } from 'node:url'",
          "fileURLToPath(import.meta.resolve('subnet-rpc-devnet'))",
        ),
      ],
      [
        'start.cjs',
        `const { ethers } = require('ethers')\nconst { dirname, join } = require('node:path')\nconst { pathToFileURL } = require('node:url')\n;(async () => {${script("const d = require('subnet-rpc-devnet')", "require.resolve('subnet-rpc-devnet')")}})()`,
      ],
    ] as const) {
      const out = JSON.parse(await node(devnetApp, file, code, { ...bare, ANVIL_BINARY: anvil })) as Record<string, unknown>
      expect(out.nodeID, file).toBe(out.expected)
      expect(out.gasLimit, file).toBe(Number(devnet().chainSpec.feeConfig.gasLimit))
      expect(out, file).toMatchObject({ from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266', status: '0x1', mode: 'worker' })
    }
  }, 60_000)

  it('its own bin, subnet-rpc-devnet, runs the devnet without subnet-rpc’s CLI and stops on SIGINT', async () => {
    const anvil = (await import('../../packages/devnet/src/index.js')).findAnvilBinary()
    const bin = join(devnetApp.dir, 'node_modules/.bin/subnet-rpc-devnet')
    const { stdout: help } = await run(bin, ['--help'], { cwd: devnetApp.dir, env: cleanEnv(bare) })
    expect(help).toMatch(/^Usage: subnet-rpc-devnet \[options\]\n/)
    const child = spawn(bin, ['--port', '0', '--seed', 'installed-bin'], {
      cwd: devnetApp.dir,
      env: cleanEnv({ ...bare, ANVIL_BINARY: anvil }),
    })
    let stdout = ''
    const exited = new Promise<number | null>((resolve) => child.on('close', resolve))
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (b: Buffer) => {
        stdout += b
        if (stdout.includes('Press Ctrl-C')) resolve()
      })
      child.on('close', () => reject(new Error(`exited before running: ${stdout}`)))
    })
    expect(stdout).toMatch(/^subnet-rpc-devnet is running\n {2}node {8}http:\/\/127\.0\.0\.1:\d+\n/)
    const infoUrl = /info +(\S+)/.exec(stdout)![1]!
    const reply = await fetch(infoUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"info.getNodeID"}',
    })
    expect(((await reply.json()) as { result: { nodeID: string } }).result.nodeID).toMatch(/^NodeID-/)
    child.kill('SIGINT')
    expect(await exited).toBe(0)
  }, 60_000)

  it('one error class hierarchy: errors thrown by either package are instances of subnet-rpc’s SubnetRpcError (import and require)', async () => {
    const anvil = (await import('../../packages/devnet/src/index.js')).findAnvilBinary()
    const code = `import { createRequire } from 'node:module'
import { ChainConfigError, SubnetRpcError } from 'subnet-rpc'
import { loadChainFiles } from 'subnet-rpc/config'
import * as d from 'subnet-rpc-devnet'
const cjs = createRequire(import.meta.url)('subnet-rpc')
const bad = { config: { chainId: 1, feeConfig: { gasLimit: 0 } }, alloc: {} }
const of = (e) => ({ name: e.name, base: e instanceof SubnetRpcError, baseFromRequire: e instanceof cjs.SubnetRpcError, config: e instanceof ChainConfigError })
const out = {}
try { loadChainFiles(bad, undefined, 12345) } catch (e) { out.subnetRpc = of(e) }
try { await d.startDevnet({ port: 0, genesis: bad }) } catch (e) { out.devnetGenesis = of(e) }
process.env.ANVIL_BINARY = '/nonexistent/anvil'
try { await d.startDevnet({ port: 0 }) } catch (e) { out.devnetAnvil = of(e) }
console.log(JSON.stringify(out))`
    const out = JSON.parse(await node(devnetApp, 'hierarchy.mjs', code, { ANVIL_BINARY: anvil }))
    const config = { name: 'ChainConfigError', base: true, baseFromRequire: true, config: true }
    expect(out).toEqual({
      subnetRpc: config,
      devnetGenesis: config,
      devnetAnvil: { name: 'AnvilNotFoundError', base: true, baseFromRequire: true, config: false },
    })
  }, 60_000)

  it("ethers' @noble/curves 1.2.0 gives the node identity the repository's 1.9.5 gives", async () => {
    const { createNodeIdentity, verifyProofOfPossession } = await import('../../packages/devnet/src/index.js')
    const { nodeID, publicKey, proofOfPossession } = createNodeIdentity('package-install')
    const code = `import { createNodeIdentity, verifyProofOfPossession } from 'subnet-rpc-devnet'
const { nodeID, publicKey, proofOfPossession } = createNodeIdentity('package-install')
console.log(JSON.stringify({ nodeID, publicKey, proofOfPossession, ok: verifyProofOfPossession(publicKey, proofOfPossession) }))`
    const out = JSON.parse(await node(devnetApp, 'identity.mjs', code)) as Record<string, unknown>
    expect(out).toEqual({ nodeID, publicKey, proofOfPossession, ok: true })
    expect(verifyProofOfPossession(publicKey, proofOfPossession)).toBe(true)
  })
})

describe('(d) a strict TypeScript app (skipLibCheck false) with both packages', () => {
  // subnet-rpc-hardhat's declarations import Hardhat 3, which this app does not install: the plugin's entry is
  // type-checked in the fresh Hardhat 3 project of test/hardhat/plugin.test.ts.
  const entries = Object.keys(entryPoints).filter((id) => id !== 'subnet-rpc-hardhat')
  // Every entry as a namespace, each used, so that each declaration file is checked.
  const source = `${entries.map((id, i) => `import * as e${i} from '${id}'`).join('\n')}
export const entries = [${entries.map((_, i) => `e${i}`).join(', ')}].map((e) => Object.keys(e).length)
`
  it.each([
    ['bundler', { module: 'ESNext', moduleResolution: 'Bundler' }],
    ['node16', { module: 'Node16', moduleResolution: 'Node16' }],
  ])(
    'every entry of subnet-rpc and subnet-rpc-devnet type-checks with moduleResolution %s',
    async (name, options) => {
      const dir = join(strictApp.dir, `strict-${name}`)
      mkdirSync(dir, { recursive: true })
      writeFileSync(join(dir, 'index.mts'), source)
      // tsc's build info kept in the app (made anew for each new tarball, ./pack.ts): a later run of the same build
      // re-checks only what changed, and reports again the errors of what did not.
      const compilerOptions = {
        ...options,
        target: 'ES2022',
        strict: true,
        skipLibCheck: false,
        noEmit: true,
        types: ['node'],
        incremental: true,
        tsBuildInfoFile: join(dir, 'tsconfig.tsbuildinfo'),
      }
      writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['index.mts'] }))
      const tsc = join(strictApp.dir, 'node_modules/typescript/bin/tsc')
      const result = await run(process.execPath, [tsc, '-p', dir], { cwd: dir }).then(
        () => ({ code: 0, output: '' }),
        (e: { code: number; stdout: string }) => ({ code: e.code, output: e.stdout }),
      )
      expect(result).toEqual({ code: 0, output: '' })
    },
    120_000,
  )
})
