#!/usr/bin/env node
/**
 * Builds dist/ as published: one output file per source file, so a bundler shakes the
 * installed package as it shakes src/ (no shared chunks).
 *
 *   src/x/y.ts → dist/x/y.js  + dist/x/y.d.ts   ESM (package.json "type": "module"), for `import`
 *              → dist/x/y.cjs + dist/x/y.d.cts  CommonJS, for `require` (relative specifiers → .cjs)
 *   dist/cli.js                                 the `subnet-rpc` bin: shebang + import of dist/cli/main.js
 *
 * JavaScript by esbuild (type stripping, per file, no bundling, no source maps); declarations by
 * tsc (tsconfig.build.json, `@internal` stripped), copied to .d.cts with .cjs specifiers.
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
const isCli = (f) => relative(src, f).startsWith('cli')
const usesImportMeta = (f) => readFileSync(f, 'utf8').includes('import.meta')

rmSync(dist, { recursive: true, force: true })
const common = { outdir: dist, outbase: src, bundle: false, target: 'node20', tsconfig: join(root, 'tsconfig.json'), logLevel: 'warning' }

// Relative specifiers point at the sibling format: ./x.js → ./x.cjs in CommonJS code and in .d.cts files.
const toCjsSpecifiers = (code) => code.replace(/((?:require|import)\(|from )(["'])(\.\.?\/[^"']*?)\.js\2/g, '$1$2$3.cjs$2')

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
    entryPoints: sources.filter((f) => !isCli(f) && !usesImportMeta(f)),
    format: 'cjs',
    platform: 'node',
    outExtension: { '.js': '.cjs' },
  }),
  // CommonJS has no import.meta: its url is this file's, from __filename.
  build({
    ...common,
    entryPoints: sources.filter((f) => !isCli(f) && usesImportMeta(f)),
    format: 'cjs',
    platform: 'node',
    outExtension: { '.js': '.cjs' },
    define: { 'import.meta.url': '__importMetaUrl' },
  }),
])
// A namespace import of one of our own modules is that module's exports object, as in ESM: esbuild's
// Node-mode __toESM (the package is "type": "module") would add an enumerable `default` to it.
const ownNamespaces = (code) => code.replace(/__toESM\((require\("\.\.?\/[^"]+\.cjs"\)), 1\)/g, '$1')
// import.meta.url, defined above as __importMetaUrl, declared after the "use strict" directive.
const metaUrl = (code) =>
  code.includes('__importMetaUrl')
    ? code.replace(/^"use strict";\n/, '$&const __importMetaUrl = require("node:url").pathToFileURL(__filename).href;\n')
    : code
for (const f of walk(dist).filter((f) => f.endsWith('.cjs')))
  writeFileSync(f, metaUrl(ownNamespaces(toCjsSpecifiers(readFileSync(f, 'utf8')))))

await declarations
for (const f of walk(dist).filter((f) => f.endsWith('.d.ts'))) {
  if (isCli(join(src, relative(dist, f)))) rmSync(f)
  else writeFileSync(f.replace(/\.d\.ts$/, '.d.cts'), toCjsSpecifiers(readFileSync(f, 'utf8')))
}

writeFileSync(join(dist, 'cli.js'), "#!/usr/bin/env node\nimport './cli/main.js'\n")
chmodSync(join(dist, 'cli.js'), 0o755)
if (!process.argv.includes('--silent'))
  console.log(`built dist/ (${sources.length} modules, ESM + CJS + declarations) in ${Math.round(performance.now() - started)} ms`)
