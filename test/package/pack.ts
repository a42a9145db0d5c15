/**
 * The packages as users get them: `npm pack` of subnet-rpc (the built dist/; `npm test` builds
 * it first) and of subnet-rpc-devnet (packages/devnet, with the dist/ the same build writes),
 * installed into fresh apps outside the repository, under os.tmpdir().
 *
 * Both are content-addressed and made under a lock, so the test files that need them (and
 * bench/size.ts) share one pack and one install of each app per build, whichever comes first:
 *   <tmp>/subnet-rpc-package/pack-<hash of what npm packs>/<package>-<version>.tgz
 *   <tmp>/subnet-rpc-package/app-<name>-<hash of its dependencies, the tarball's included>/
 * Entries unused for a day are removed.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'

export const root = resolve(import.meta.dirname, '../..')
export const cacheRoot = join(tmpdir(), 'subnet-rpc-package')

const run = promisify(execFile)

/** The environment for npm outside the repository: none of the `npm_*` variables an `npm test` run sets (its prefix among them). */
export function cleanEnv(extra: Record<string, string | undefined> = {}): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'INIT_CWD'))
  return { ...env, ...extra }
}

export function npm(args: string[], cwd: string): Promise<{ stdout: string; stderr: string }> {
  return run('npm', args, { cwd, env: cleanEnv(), maxBuffer: 64 << 20 })
}

/** The version installed in this repository, so the apps install exactly what is in npm's cache. */
export function repoVersion(name: string): string {
  return (JSON.parse(readFileSync(join(root, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version
}

function sleep(ms: number) {
  return new Promise((r) => setTimeout(r, ms))
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as { code?: string }).code === 'EPERM'
  }
}

/** Runs `fn` holding a lock next to `path` (a directory, taken with mkdir); a dead holder's lock is taken over. */
async function withLock<T>(path: string, fn: () => Promise<T>): Promise<T> {
  const lock = `${path}.lock`
  mkdirSync(cacheRoot, { recursive: true })
  for (;;) {
    try {
      mkdirSync(lock)
      writeFileSync(join(lock, 'pid'), String(process.pid))
      break
    } catch (e) {
      if ((e as { code?: string }).code !== 'EEXIST') throw e
      let pid = 0
      try {
        pid = Number(readFileSync(join(lock, 'pid'), 'utf8'))
      } catch {}
      if (pid && !alive(pid)) rmSync(lock, { recursive: true, force: true })
      else await sleep(250)
    }
  }
  try {
    return await fn()
  } finally {
    rmSync(lock, { recursive: true, force: true })
  }
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name)
    return e.isDirectory() ? filesUnder(p) : e.isFile() ? [p] : []
  })
}

function hash(parts: (string | Buffer)[]): string {
  const h = createHash('sha256')
  for (const p of parts) h.update(p).update('\0')
  return h.digest('hex').slice(0, 16)
}

function pruneOld() {
  const dayAgo = Date.now() - 24 * 3600_000
  for (const name of existsSync(cacheRoot) ? readdirSync(cacheRoot) : []) {
    const p = join(cacheRoot, name)
    try {
      if (!name.endsWith('.lock') && statSync(p).mtimeMs < dayAgo) rmSync(p, { recursive: true, force: true })
    } catch {}
  }
}

export type Pack = {
  /** The tarball's path. */
  file: string
  /** What `npm pack --json` says: size (bytes of the .tgz), unpackedSize, entryCount, files. */
  info: { size: number; unpackedSize: number; entryCount: number; files: { path: string; size: number }[] }
  key: string
}

/** The packages this repository publishes, by name: the directory `npm pack` runs in. */
export const packageDirs = {
  'subnet-rpc': root,
  'subnet-rpc-devnet': join(root, 'packages/devnet'),
  'subnet-rpc-hardhat': join(root, 'packages/hardhat'),
} as const
export type PackageName = keyof typeof packageDirs

const packing = new Map<PackageName, Promise<Pack>>()

/** `npm pack` of one of the packages as built, once per content (package.json and what its `files` lists). */
export function packTarball(name: PackageName = 'subnet-rpc'): Promise<Pack> {
  const packed = packing.get(name) ?? pack(packageDirs[name])
  packing.set(name, packed)
  return packed
}

async function pack(packageDir: string): Promise<Pack> {
  if (!existsSync(join(packageDir, 'dist'))) throw new Error(`${packageDir}/dist is not built: run npm run build (npm test builds first)`)
  // What npm packs: package.json and each entry of its `files` (dist/, the Solidity folders, README.md, bin.js).
  // (`!dist/.tsbuildinfo`, tsc -b's build state, is the one exclusion the packages list.)
  const listed = (JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as { files: string[] }).files
  const excluded = new Set(listed.filter((f) => f.startsWith('!')).map((f) => join(packageDir, f.slice(1))))
  const files = [
    join(packageDir, 'package.json'),
    ...listed
      .filter((f) => !f.startsWith('!'))
      .map((f) => join(packageDir, f))
      .flatMap((f) => (!existsSync(f) ? [] : statSync(f).isDirectory() ? filesUnder(f) : [f]))
      .filter((f) => !excluded.has(f)),
  ].sort()
  const key = hash(files.flatMap((f) => [f.slice(root.length), readFileSync(f)]))
  const dir = join(cacheRoot, `pack-${key}`)
  return withLock(dir, async () => {
    const infoFile = join(dir, 'pack.json')
    if (!existsSync(infoFile)) {
      pruneOld()
      rmSync(dir, { recursive: true, force: true })
      mkdirSync(dir, { recursive: true })
      // --ignore-scripts: no `prepack` rebuild; what is packed is dist/ as it is.
      const { stdout } = await npm(['pack', '--ignore-scripts', '--json', '--pack-destination', dir], packageDir)
      const [info] = JSON.parse(stdout) as [Pack['info'] & { filename: string }]
      writeFileSync(infoFile, JSON.stringify({ ...info, file: join(dir, info.filename) }))
    }
    const info = JSON.parse(readFileSync(infoFile, 'utf8')) as Pack['info'] & { file: string }
    utimesSync(dir, new Date(), new Date())
    return { file: info.file, info, key }
  })
}

export type App = {
  dir: string
  /** Milliseconds `npm install` took (0 when the app was already there from an earlier run of the same build). */
  installMs: number
  /** Whether this call installed it. */
  fresh: boolean
}

/**
 * A fresh app (`package.json` with only `dependencies`) installed with
 * `npm install --prefer-offline --no-audit --no-fund`. `packages` adds packed tarballs
 * (`true`: subnet-rpc's).
 */
export async function installApp(name: string, dependencies: Record<string, string>, packages: boolean | PackageName[]): Promise<App> {
  const names: PackageName[] = packages === true ? ['subnet-rpc'] : packages === false ? [] : packages
  const packs = await Promise.all(names.map(async (n) => [n, await packTarball(n)] as const))
  const deps = { ...dependencies, ...Object.fromEntries(packs.map(([n, p]) => [n, `file:${p.file}`])) }
  const dir = join(cacheRoot, `app-${name}-${hash([JSON.stringify(deps), ...packs.map(([, p]) => p.key)])}`)
  return withLock(dir, async () => {
    const done = join(dir, '.installed.json')
    if (existsSync(done)) {
      utimesSync(dir, new Date(), new Date())
      return { dir, installMs: 0, fresh: false }
    }
    pruneOld()
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    writeFileSync(
      join(dir, 'package.json'),
      JSON.stringify({ name: `app-${name}`, version: '1.0.0', private: true, dependencies: deps }, null, 2),
    )
    const started = performance.now()
    await npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--prefix', dir], dir)
    const installMs = Math.round(performance.now() - started)
    writeFileSync(done, JSON.stringify({ installMs }))
    return { dir, installMs, fresh: true }
  })
}

/**
 * A project made by a shell script (`sh -e`, run in a fresh directory with npm's environment cleared, as a user's
 * terminal would), kept for the next run of the same script: the script names its tarballs by their content-addressed
 * paths, so a new build makes a new project. `installMs` is the script's time.
 */
export async function scriptedApp(name: string, script: string): Promise<App> {
  const dir = join(cacheRoot, `app-${name}-${hash([script])}`)
  return withLock(dir, async () => {
    const done = join(dir, '.installed.json')
    if (existsSync(done)) {
      utimesSync(dir, new Date(), new Date())
      return { dir, installMs: 0, fresh: false }
    }
    pruneOld()
    rmSync(dir, { recursive: true, force: true })
    mkdirSync(dir, { recursive: true })
    const started = performance.now()
    await run('sh', ['-e', '-c', script], { cwd: dir, env: cleanEnv(), maxBuffer: 64 << 20, timeout: 900_000 }).catch((e) => {
      throw new Error(`${name}: the script failed in ${dir}:\n${e.stdout}${e.stderr}`)
    })
    const installMs = Math.round(performance.now() - started)
    writeFileSync(done, JSON.stringify({ installMs }))
    return { dir, installMs, fresh: true }
  })
}

/** Bytes of every file under `dir` (apparent sizes; symlinks counted as links). */
export function treeBytes(dir: string): number {
  let total = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name)
    if (e.isDirectory()) total += treeBytes(p)
    else total += lstatSync(p).size
  }
  return total
}

/** Packages of an app's lockfile that have install scripts (`hasInstallScript`), by lockfile path. */
export function installScriptPackages(appDir: string): string[] {
  const lock = JSON.parse(readFileSync(join(appDir, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { hasInstallScript?: boolean }>
  }
  return Object.entries(lock.packages)
    .filter(([, p]) => p.hasInstallScript)
    .map(([path]) => path)
    .sort()
}
