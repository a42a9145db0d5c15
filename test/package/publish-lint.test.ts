/**
 * The packed tarballs (./pack.ts, the same ones the install and size tests use) pass publint
 * (--strict: warnings fail too) and are-the-types-wrong (every entry's types resolve and match
 * its JavaScript's format under node10, node16 from CJS and from ESM, and bundler), and hold
 * only what users need: dist/ (JavaScript and declarations, no source maps), README.md,
 * package.json. The docs stay in the repository.
 */
import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { type PackageName, packageDirs, packTarball, root } from './pack.js'

const run = promisify(execFile)

async function tool(bin: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(join(root, 'node_modules/.bin', bin), args, { cwd: root, maxBuffer: 16 << 20 })
    return { code: 0, output: stdout + stderr }
  } catch (e) {
    const { code, stdout, stderr } = e as { code: number; stdout: string; stderr: string }
    return { code, output: stdout + stderr }
  }
}

it.each(['subnet-rpc', 'subnet-rpc-devnet', 'subnet-rpc-hardhat'] satisfies PackageName[])(
  'publint --strict passes on the %s tarball',
  async (name) => {
    const { file } = await packTarball(name)
    const { code, output } = await tool('publint', ['run', file, '--strict'])
    expect(code, output).toBe(0)
    expect(output).toContain('All good!')
  },
  60_000,
)

// Both packages ship ESM alone: from CommonJS, every Node of their engines (^20.19 || >= 22.12) loads them with
// require(esm), one module instance whatever the format of the importer (so one class per error, and no
// dual-package hazard); test/package/install.test.ts runs require() of every entry. attw flags that one
// resolution (TypeScript before 5.8 does not model require(esm)); every other rule still applies.
it.each(['subnet-rpc', 'subnet-rpc-devnet', 'subnet-rpc-hardhat'] satisfies PackageName[])(
  'are-the-types-wrong finds no problem in the %s tarball but its ESM-only build',
  async (name) => {
    const { file } = await packTarball(name)
    const { code, output } = await tool('attw', [file, ...['--format', 'table-flipped', '--ignore-rules', 'cjs-resolves-to-esm']])
    expect(code, output).toBe(0)
    expect(output).toContain('No problems found')
  },
  60_000,
)

it("the subnet-rpc tarball holds dist/, the precompiles' Solidity interfaces, README.md and package.json, and no devnet, docs, tests, sources or source maps", async () => {
  const { info } = await packTarball()
  const paths = info.files.map((f) => f.path)
  const outside = paths.filter((p) => !/^(dist\/|contracts\/interfaces\/I\w+\.sol$|README\.md$|package\.json$)/.test(p))
  expect(outside).toEqual([])
  // The interfaces only: no stand-in, no bytecode (docs/foundry.md).
  expect(paths.filter((p) => p.startsWith('contracts/')).sort()).toEqual(
    ['IAllowList', 'IFeeManager', 'INativeMinter', 'IRewardManager', 'IWarpMessenger'].map((n) => `contracts/interfaces/${n}.sol`),
  )
  expect(paths.filter((p) => /\.map$|\.test\.|^src\/|^test\/|\.c[jt]s$/.test(p))).toEqual([])
  // Every entry point with its declarations (one format, ESM), and the bin.
  for (const entry of ['index', 'viem/index', 'viem/actions/index', 'viem/precompiles/index', 'ethers/index', 'fees', 'config', 'internal'])
    for (const ext of ['.js', '.d.ts']) expect(paths, `dist/${entry}${ext}`).toContain(`dist/${entry}${ext}`)
  expect(paths.filter((p) => p.startsWith('dist/devnet/'))).toEqual([])
  expect(paths).toContain('dist/cli.js')
  console.log(`subnet-rpc tarball: ${info.size} B packed, ${info.unpackedSize} B unpacked, ${info.entryCount} files`)
})

it('the subnet-rpc-devnet tarball holds the devnet, its bin, the forge test helper, README.md and package.json, and no module of subnet-rpc', async () => {
  const { info } = await packTarball('subnet-rpc-devnet')
  const paths = info.files.map((f) => f.path)
  expect(paths.filter((p) => !/^(dist\/.*\.(js|d\.ts)$|contracts\/\w+\.sol$|bin\.js$|README\.md$|package\.json$)/.test(p))).toEqual([])
  expect(paths.filter((p) => p.startsWith('contracts/')).sort()).toEqual([
    'contracts/SubnetPrecompileCode.sol',
    'contracts/SubnetPrecompiles.sol',
  ])
  expect(paths).toContain('bin.js')
  for (const ext of ['.js', '.d.ts']) expect(paths).toContain(`dist/index${ext}`)
  expect(paths).toContain('dist/start.js')
  // subnet-rpc's modules come from the subnet-rpc package it depends on, never as copies.
  expect(paths.filter((p) => /^dist\/(core|errors|viem|ethers|cli)\//.test(p))).toEqual([])
  const manifest = JSON.parse(readFileSync(join(packageDirs['subnet-rpc-devnet'], 'package.json'), 'utf8'))
  expect(manifest.dependencies['subnet-rpc']).toBe(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version)
  console.log(`subnet-rpc-devnet tarball: ${info.size} B packed, ${info.unpackedSize} B unpacked, ${info.entryCount} files`)
})

it('subnet-rpc-devnet carries the version of subnet-rpc (the CLI asks for subnet-rpc-devnet@<its own version>)', () => {
  const version = (dir: string) => (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version
  expect(version(packageDirs['subnet-rpc-devnet'])).toBe(version(root))
})

it('the subnet-rpc-hardhat tarball holds the plugin, README.md and package.json; subnet-rpc and the devnet are dependencies, Hardhat and anvil peers', async () => {
  const { info } = await packTarball('subnet-rpc-hardhat')
  const paths = info.files.map((f) => f.path)
  expect(paths.filter((p) => !/^(dist\/.*\.(js|d\.ts)$|README\.md$|package\.json$)/.test(p))).toEqual([])
  for (const file of ['index', 'worker', 'viem/plugin', 'ethers/plugin']) expect(paths).toContain(`dist/${file}.js`)
  // Neither subnet-rpc's nor the devnet's modules are copied in.
  expect(paths.filter((p) => /^dist\/(core|errors|chain|precompiles|cli)\//.test(p))).toEqual([])
  const manifest = JSON.parse(readFileSync(join(packageDirs['subnet-rpc-hardhat'], 'package.json'), 'utf8'))
  const version = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version
  expect(manifest.version).toBe(version)
  expect(manifest.dependencies).toEqual({ 'subnet-rpc': version, 'subnet-rpc-devnet': version })
  expect(Object.keys(manifest.peerDependencies).sort()).toEqual(
    ['@foundry-rs/anvil', '@nomicfoundation/hardhat-ethers', '@nomicfoundation/hardhat-viem', 'ethers', 'hardhat', 'viem'].sort(),
  )
  // subnet-rpc itself stays free of Hardhat, the plugin and the devnet.
  const rootDeps = Object.keys(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).dependencies ?? {})
  expect(rootDeps.filter((d) => /hardhat|devnet|anvil|nomicfoundation/.test(d))).toEqual([])
  console.log(`subnet-rpc-hardhat tarball: ${info.size} B packed, ${info.unpackedSize} B unpacked, ${info.entryCount} files`)
})
