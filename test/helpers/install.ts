/**
 * The examples that are npm projects of their own (examples/hardhat, examples/hardhat3): their dependencies are
 * installed by the tests that run them, with `npm ci` when node_modules/ does not match the example's
 * package-lock.json (the first run on a clean checkout; later runs reuse it).
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { delimiter, join } from 'node:path'
import { promisify } from 'node:util'

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'))

/** Whether `value` fits a package.json `os`/`cpu`/`libc` list (npm's rule: listed, or only `!other` entries). */
function fits(value: string | undefined, list: string[] | undefined): boolean {
  if (!list) return true
  if (list.includes(`!${value}`)) return false
  return list.includes(value ?? '') || list.every((item) => item.startsWith('!'))
}

const libc = process.platform === 'linux' ? ((process.report.getReport() as any).header.glibcVersionRuntime ? 'glibc' : 'musl') : undefined

/** Whether a lock entry is for this platform (its os, cpu and libc); engines are not a reason to go without it. */
const forThisPlatform = (entry: any) => fits(process.platform, entry.os) && fits(process.arch, entry.cpu) && fits(libc, entry.libc)

/**
 * Whether `example`/node_modules is what its package-lock.json describes: npm's own record of the installed tree
 * (node_modules/.package-lock.json) has every package of the lock but optional ones of other platforms (one left out
 * for its `engines` is missing), each as locked, and each of `alsoNeeded` (files an install script puts in place, relative to the example) exists.
 */
export function installed(example: string, alsoNeeded: string[] = []): boolean {
  const hidden = join(example, 'node_modules/.package-lock.json')
  if (!existsSync(hidden) || !alsoNeeded.every((f) => existsSync(join(example, f)))) return false
  const want: Record<string, any> = readJson(join(example, 'package-lock.json')).packages
  const have: Record<string, any> = readJson(hidden).packages
  const same = (key: string) => JSON.stringify(want[key]) === JSON.stringify(have[key])
  return (
    Object.keys(have).every(same) &&
    Object.entries(want).every(([key, entry]) => key === '' || (entry.optional && !forThisPlatform(entry) && !(key in have)) || same(key))
  )
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/**
 * Runs `fn` holding a lock on `example` across processes: vitest runs test files in parallel workers, and two files
 * use examples/hardhat; two `npm ci` in one folder would delete each other's node_modules. A lock whose process is
 * gone (a killed run) is taken over.
 */
async function withLock<T>(example: string, fn: () => Promise<T>): Promise<T> {
  const lock = join(tmpdir(), `subnet-rpc-npm-ci-${createHash('sha256').update(example).digest('hex').slice(0, 16)}.lock`)
  for (;;) {
    try {
      const fd = openSync(lock, 'wx')
      writeSync(fd, String(process.pid))
      closeSync(fd)
      break
    } catch (e: any) {
      if (e.code !== 'EEXIST') throw e
    }
    if (stale(lock)) rmSync(lock, { force: true })
    else await sleep(500)
  }
  try {
    return await fn()
  } finally {
    rmSync(lock, { force: true })
  }
}

/** Whether the lock's process is gone (an empty lock is being written, unless it has been empty for a minute). */
function stale(lock: string): boolean {
  let pid: number
  try {
    pid = Number(readFileSync(lock, 'utf8'))
    if (!pid) return Date.now() - statSync(lock).mtimeMs > 60_000
  } catch (e: any) {
    if (e.code === 'ENOENT') return false
    throw e
  }
  try {
    process.kill(pid, 0)
    return false
  } catch (e: any) {
    return e.code !== 'EPERM'
  }
}

/**
 * `npm ci` in `example` unless its node_modules is current (see `installed`); its install scripts are those its
 * package.json's allowScripts approves. `ran`: whether this call installed, and how long it took.
 *
 * npm leaves out an optional package whose `engines` the Node running npm does not meet, silently: run on Node 20, it
 * skips Hardhat 3's EDR binary (`engines: node >= 22`). An example that brings its own Node (the `node` package in
 * examples/hardhat3) gets a second `npm install` on that Node, which adds what was left out (the lock is unchanged).
 */
export async function ensureInstalled(example: string, alsoNeeded: string[] = []): Promise<{ ran: boolean; ms: number }> {
  const t0 = performance.now()
  if (installed(example, alsoNeeded)) return { ran: false, ms: 0 }
  return withLock(example, async () => {
    // Another test file may have installed it while this one waited.
    if (installed(example, alsoNeeded)) return { ran: false, ms: 0 }
    const npm = (command: string, env = process.env) =>
      promisify(execFile)('npm', [command, '--prefer-offline', '--no-audit', '--no-fund'], {
        cwd: example,
        timeout: 900_000,
        maxBuffer: 64 << 20,
        env,
      })
    await npm('ci')
    const bin = join(example, 'node_modules/.bin')
    if (!installed(example, alsoNeeded) && existsSync(join(bin, 'node')))
      await npm('install', { ...process.env, PATH: `${bin}${delimiter}${process.env.PATH}` })
    if (!installed(example, alsoNeeded)) throw new Error(`${example}: node_modules does not match package-lock.json after npm ci`)
    return { ran: true, ms: Math.round(performance.now() - t0) }
  })
}
