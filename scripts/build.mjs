#!/usr/bin/env node
/**
 * Builds dist/ as published: one output file per source file, so a bundler shakes the
 * installed package as it shakes src/ (no shared chunks).
 *
 *   src/x/y.ts → dist/x/y.js  + dist/x/y.d.ts   ESM (package.json "type": "module"), for `import`
 *              → dist/x/y.cjs + dist/x/y.d.cts  CommonJS, for `require` (relative specifiers → .cjs)
 *   dist/cli.js                                 the `subnet-rpc` bin: shebang + import of dist/cli/main.js
 *
 * The devnet and the CLI run only in Node and are ESM only: `require('subnet-rpc/devnet')` loads
 * the ESM build through Node's require(esm), which every Node the package supports (>= 20.19) has.
 * A second, CommonJS copy of them would add about 0.28 MB to every install for no caller.
 *
 * JavaScript by esbuild (type stripping, per file, no bundling, no source maps); declarations by
 * tsc (tsconfig.build.json, `@internal` stripped), copied to .d.cts with .cjs specifiers. A
 * declaration file that no entry point's declarations reach is removed: the exports map lets no
 * one import it, so it would only weigh on installs.
 *
 *   node scripts/build.mjs   # npm run build; npm test and prepare run it too
 */
import { execFile } from 'node:child_process'
import { chmodSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { build } from 'esbuild'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
const src = join(root, 'src')
const dist = join(root, 'dist')

const walk = (dir) =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
const sources = walk(src).filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))
const esmOnly = (f) => /^(cli|devnet)\b/.test(relative(src, f))

rmSync(dist, { recursive: true, force: true })
const common = { outdir: dist, outbase: src, bundle: false, target: 'node20', tsconfig: join(root, 'tsconfig.json'), logLevel: 'warning' }

// Relative specifiers point at the sibling format: ./x.js → ./x.cjs in CommonJS code and in .d.cts files.
const toCjsSpecifiers = (code) => code.replace(/((?:require|import)\(|from )(["'])(\.\.?\/[^"']*?)\.js\2/g, '$1$2$3.cjs$2')

const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))

/** The .d.ts files reachable from the given entry declarations (package-relative paths) through relative imports. */
function reachableDeclarations(entries) {
  const seen = new Set()
  const queue = entries.filter(Boolean).map((e) => join(root, e))
  while (queue.length > 0) {
    const file = queue.pop()
    if (seen.has(file)) continue
    seen.add(file)
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/(?:from |import\()\s*["'](\.\.?\/[^"']+)\.js["']/g))
      queue.push(join(dirname(file), `${specifier}.d.ts`))
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
const reached = reachableDeclarations(
  Object.values(packageJson.exports).flatMap((e) => (typeof e === 'object' ? [e.import?.types ?? e.types] : [])),
)
for (const f of walk(dist).filter((f) => f.endsWith('.d.ts'))) {
  if (!reached.has(f)) rmSync(f)
  else if (!esmOnly(join(src, relative(dist, f)))) writeFileSync(f.replace(/\.d\.ts$/, '.d.cts'), toCjsSpecifiers(readFileSync(f, 'utf8')))
}

writeFileSync(join(dist, 'cli.js'), "#!/usr/bin/env node\nimport './cli/main.js'\n")
chmodSync(join(dist, 'cli.js'), 0o755)
if (!process.argv.includes('--silent'))
  console.log(`built dist/ (${sources.length} modules, ESM + CJS + declarations) in ${Math.round(performance.now() - started)} ms`)
