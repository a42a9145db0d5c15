#!/usr/bin/env node
/**
 * Builds the two packages this repository publishes: subnet-rpc (dist/) and subnet-rpc-devnet
 * (packages/devnet/dist/). One output file per source file, so a bundler shakes the installed
 * package as it shakes src/ (no shared chunks).
 *
 *   src/x/y.ts → dist/x/y.js  + dist/x/y.d.ts   ESM (package.json "type": "module"), for `import`
 *              → dist/x/y.cjs + dist/x/y.d.cts  CommonJS, for `require` (relative specifiers → .cjs)
 *   dist/cli.js                                 the `subnet-rpc` bin: shebang + import of dist/cli/main.js
 *   packages/devnet/dist/devnet/bin.js          the `subnet-rpc-devnet` bin's code (src/devnet/bin.ts; packages/devnet/bin.js loads it)
 *
 * The devnet and the CLI run only in Node and are ESM only: `require('subnet-rpc-devnet')` loads
 * the ESM build through Node's require(esm), which every Node the packages support (>= 20.19) has.
 *
 * JavaScript by esbuild (type stripping, per file, no bundling, no source maps); declarations by
 * tsc (tsconfig.build.json, `@internal` stripped), copied to .d.cts with .cjs specifiers. Then
 * packages/devnet/dist/ gets the files src/devnet/index.ts reaches (the devnet and the core
 * modules it imports, at the same paths), and dist/ keeps only the files subnet-rpc's exports map
 * and bin reach: what no one can import would only weigh on installs.
 *
 *   node scripts/build.mjs   # npm run build; npm test and prepare run it too
 */
import { execFile } from 'node:child_process'
import { chmodSync, copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { build } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const src = join(root, 'src')
const dist = join(root, 'dist')

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
const directories = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? [join(dir, e.name), ...directories(join(dir, e.name))] : []))
const sources = walk(src).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
const esmOnly = (f) => /^(cli|devnet)\b/.test(relative(src, f))

rmSync(dist, { recursive: true, force: true })
const common = { outdir: dist, outbase: src, bundle: false, target: 'node20', tsconfig: join(root, 'tsconfig.json'), logLevel: 'warning' }

// Relative specifiers point at the sibling format: ./x.js → ./x.cjs in CommonJS code and in .d.cts files.
const toCjsSpecifiers = (code) => code.replace(/((?:require|import)\(|from )(["'])(\.\.?\/[^"']*?)\.js\2/g, '$1$2$3.cjs$2')

const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

/**
 * The files reachable from the given entries (paths relative to dist/) through relative specifiers:
 * `from './x.js'`, `import('./x.js')` and `require("./x.cjs")` in code, `from './x.js'` in
 * declarations (which names ./x.d.ts). Bare specifiers (packages) are not followed.
 */
function reachable(entries) {
  const seen = new Set()
  const queue = entries.filter(Boolean).map((e) => join(root, e))
  while (queue.length > 0) {
    const file = queue.pop()
    if (seen.has(file)) continue
    seen.add(file)
    const declaration = /\.d\.c?ts$/.test(file)
    for (const [, specifier, ext] of readFileSync(file, 'utf8').matchAll(
      /(?:from |import\(|require\()\s*["'](\.\.?\/[^"']+)\.(js|cjs)["']/g,
    ))
      queue.push(join(dirname(file), declaration ? `${specifier}.d.${ext === 'cjs' ? 'cts' : 'ts'}` : `${specifier}.${ext}`))
  }
  return seen
}

const started = performance.now()
// tsc is the slow part: it runs beside esbuild.
const declarations = promisify(execFile)(process.execPath, [
  join(root, 'node_modules/typescript/bin/tsc'),
  '-p',
  join(root, 'tsconfig.build.json'),
]).catch((e) => {
  process.stderr.write(e.stdout ?? '')
  throw new Error('tsc failed to emit declarations')
})
await Promise.all([
  build({ ...common, entryPoints: sources, format: 'esm', platform: 'neutral' }),
  build({
    ...common,
    entryPoints: sources.filter((f) => !esmOnly(f)),
    format: 'cjs',
    platform: 'node',
    outExtension: { '.js': '.cjs' },
  }),
])
// A namespace import of one of our own modules is that module's exports object, as in ESM: esbuild's
// Node-mode __toESM (the package is "type": "module") would add an enumerable `default` to it.
const ownNamespaces = (code) => code.replace(/__toESM\((require\("\.\.?\/[^"]+\.cjs"\)), 1\)/g, '$1')
for (const f of walk(dist).filter((f) => f.endsWith('.cjs'))) writeFileSync(f, ownNamespaces(toCjsSpecifiers(readFileSync(f, 'utf8'))))

await declarations
const exportPaths = Object.values(packageJson.exports).flatMap((e) =>
  typeof e !== 'object' ? [] : [e.import ?? e, e.require ?? {}].flatMap((c) => [c.types, c.default]).filter(Boolean),
)
const reachedDeclarations = reachable(exportPaths.filter((p) => p.endsWith('.d.ts')))
for (const f of walk(dist).filter((f) => f.endsWith('.d.ts'))) {
  if (reachedDeclarations.has(f) && !esmOnly(join(src, relative(dist, f))))
    writeFileSync(f.replace(/\.d\.ts$/, '.d.cts'), toCjsSpecifiers(readFileSync(f, 'utf8')))
}

// The devnet is a package of its own, subnet-rpc-devnet (packages/devnet), so that an app using the client
// does not install it: its modules, with the core ones they import, are copied there as they are in dist/.
const devnetDist = join(root, 'packages/devnet/dist')
rmSync(devnetDist, { recursive: true, force: true })
for (const f of reachable(['dist/devnet/index.js', 'dist/devnet/index.d.ts', 'dist/devnet/bin.js'])) {
  mkdirSync(dirname(join(devnetDist, relative(dist, f))), { recursive: true })
  copyFileSync(f, join(devnetDist, relative(dist, f)))
}

// dist/ keeps what subnet-rpc's entries and its bin reach. The bin's `devnet` command imports
// subnet-rpc-devnet by name; `check` reads a genesis with the devnet's config modules, which stay.
const shipped = new Set([...reachedDeclarations, ...reachable([...exportPaths, 'dist/cli/main.js'])])
for (const f of walk(dist)) if (!shipped.has(f)) rmSync(f)
for (const dir of directories(dist).reverse()) if (readdirSync(dir).length === 0) rmSync(dir, { recursive: true })

writeFileSync(join(dist, 'cli.js'), "#!/usr/bin/env node\nimport './cli/main.js'\n")
chmodSync(join(dist, 'cli.js'), 0o755)
if (!process.argv.includes('--silent'))
  console.log(
    `built dist/ and packages/devnet/dist/ (${sources.length} modules, ESM + CJS + declarations) in ${Math.round(performance.now() - started)} ms`,
  )
