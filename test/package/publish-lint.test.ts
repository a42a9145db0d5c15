/**
 * The packed tarball (./pack.ts, the same one the install and size tests use) passes publint
 * (--strict: warnings fail too) and are-the-types-wrong (every entry's types resolve and match
 * its JavaScript's format under node10, node16 from CJS and from ESM, and bundler), and holds
 * only what users need: dist/ (JavaScript and declarations, no source maps), docs/, README.md,
 * package.json.
 */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { packTarball, root } from './pack.js'

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

it('publint --strict passes on the tarball', async () => {
  const { file } = await packTarball()
  const { code, output } = await tool('publint', ['run', file, '--strict'])
  expect(code, output).toBe(0)
  expect(output).toContain('All good!')
}, 60_000)

it('are-the-types-wrong finds no problem in the tarball', async () => {
  const { file } = await packTarball()
  const { code, output } = await tool('attw', [file, '--format', 'table-flipped', '--exclude-entrypoints', 'devnet'])
  expect(code, output).toBe(0)
  expect(output).toContain('No problems found')
}, 60_000)

// The devnet runs only in Node and ships ESM alone: from CommonJS, Node >= 20.19 (the package's engines) loads
// it with require(esm), which test/package/install.test.ts runs. attw flags that one resolution (TypeScript before
// 5.8 does not model require(esm)); every other rule still applies to it.
it('are-the-types-wrong finds no problem in subnet-rpc/devnet but its ESM-only build', async () => {
  const { file } = await packTarball()
  const { code, output } = await tool('attw', [
    file,
    ...['--format', 'table-flipped', '--entrypoints', 'devnet', '--ignore-rules', 'cjs-resolves-to-esm'],
  ])
  expect(code, output).toBe(0)
  expect(output).toContain('No problems found')
}, 60_000)

it('the tarball holds dist/, docs/, README.md and package.json, and no tests, sources or source maps', async () => {
  const { info } = await packTarball()
  const paths = info.files.map((f) => f.path)
  const outside = paths.filter((p) => !/^(dist\/|docs\/|README\.md$|package\.json$)/.test(p))
  expect(outside).toEqual([])
  expect(paths.filter((p) => /\.map$|\.test\.|^src\/|^test\//.test(p))).toEqual([])
  // Every library entry point, in both formats, with its declarations; the devnet (ESM, which Node's
  // require loads too); and the bin.
  for (const entry of ['index', 'viem/index', 'viem/actions/index', 'ethers/index'])
    for (const ext of ['.js', '.d.ts', '.cjs', '.d.cts']) expect(paths, `dist/${entry}${ext}`).toContain(`dist/${entry}${ext}`)
  for (const ext of ['.js', '.d.ts']) expect(paths).toContain(`dist/devnet/index${ext}`)
  expect(paths.filter((p) => /^dist\/(devnet|cli)\/.*\.(cjs|d\.cts)$/.test(p))).toEqual([])
  expect(paths).toContain('dist/cli.js')
  console.log(`tarball: ${info.size} B packed, ${info.unpackedSize} B unpacked, ${info.entryCount} files`)
})
