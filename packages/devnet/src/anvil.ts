/**
 * Finds and runs the real anvil behind the devnet, through `@viem/anvil`.
 *
 * `@viem/anvil` (which starts and stops anvil) and `@noble/curves` (the node's BLS key) are
 * dependencies of subnet-rpc-devnet; the anvil binary is not: `@foundry-rs/anvil` (a 43 MB
 * platform package with an install script) is an optional peer dependency, and any anvil on
 * PATH or named by option or environment does instead. All are loaded only when a devnet
 * starts; {@link loadDevnetRuntime} checks them at once and throws one
 * {@link DevnetDependencyError} naming the install command for what is missing or too old.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { delimiter, dirname, join } from 'node:path'
import { SubnetRpcError } from 'subnet-rpc'
import { AnvilWatch, dieWithParent } from './anvilGuard.js'

/** Thrown when no anvil binary can be found; the message names every way to provide one. */
export class AnvilNotFoundError extends SubnetRpcError {
  constructor(message: string) {
    super(message, { name: 'AnvilNotFoundError' })
  }
}

/**
 * The packages the devnet runs on, with the versions this release is tested with (the
 * repository's devDependencies; packages/devnet/package.json gives the accepted ranges).
 */
export const devnetPackages = {
  '@foundry-rs/anvil': { version: '1.7.1', role: 'the anvil binary' },
  '@viem/anvil': { version: '0.0.10', role: 'starts and stops anvil' },
  '@noble/curves': { version: '1.9.5', role: "the node's BLS key" },
} as const

type DevnetPackage = keyof typeof devnetPackages

/**
 * The anvil versions the devnet runs on: 1.7.0 up to, not including, 2.0.0 (tested with the npm builds
 * of 1.7.0 and 1.7.1). Older ones lack what the devnet asks of anvil; a new major may change it.
 */
export const supportedAnvilVersions = { min: [1, 7, 0], below: [2, 0, 0], range: '>=1.7.0 <2.0.0' } as const

/** No anvil is found, or a package the devnet runs on is missing or too old; the message says what to install. */
export class DevnetDependencyError extends SubnetRpcError {
  /** What is missing, by package name (`@foundry-rs/anvil` standing for any anvil binary). */
  readonly missing: string[]
  /** The command that installs what is missing, e.g. `npm i -D @viem/anvil@0.0.10`. */
  readonly installCommand: string
  constructor(problems: Problem[]) {
    const installCommand = `npm i -D ${problems.map((p) => `${p.name}@${devnetPackages[p.name].version}`).join(' ')}`
    super(
      [
        problems.some((p) => p.unsupported)
          ? 'the devnet needs packages that are missing or of an unsupported version:'
          : 'the devnet needs packages that are not installed:',
        ...problems.map((p) => `  - ${p.name} (${devnetPackages[p.name].role}): ${p.problem}`),
        `Install them with:  ${installCommand}`,
        `Instead of @foundry-rs/anvil, any anvil binary of a version ${supportedAnvilVersions.range} works: the anvilBinary option of startDevnet (--anvil <path> on the CLI), ` +
          'the ANVIL_BINARY environment variable, or `anvil` on PATH (foundryup). ' +
          '@viem/anvil and @noble/curves are dependencies of subnet-rpc-devnet, needed with any anvil: if either is listed, ' +
          'the install lacks it or resolves an older one.',
      ].join('\n'),
      { name: 'DevnetDependencyError' },
    )
    this.missing = problems.map((p) => p.name)
    this.installCommand = installCommand
  }
}

// Resolves packages from this file, as an import here would.
const localRequire = createRequire(import.meta.url)

function isNotFound(e: unknown, pkg: string): boolean {
  const { code, message } = (e ?? {}) as { code?: string; message?: string }
  const codes = ['MODULE_NOT_FOUND', 'ERR_MODULE_NOT_FOUND', 'ERR_PACKAGE_PATH_NOT_EXPORTED']
  return codes.includes(code ?? '') && String(message).includes(pkg)
}

/** The version of an installed package without a `./package.json` export, read beside its main entry. */
function installedVersion(id: string): string | undefined {
  try {
    let dir = dirname(localRequire.resolve(id))
    for (let i = 0; i < 5; i++, dir = dirname(dir)) {
      const file = join(dir, 'package.json')
      if (!existsSync(file)) continue
      const pkg = JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version?: string }
      if (pkg.name === id) return pkg.version
    }
  } catch {}
  return undefined
}

function platformPackageBinary(): string | undefined {
  const arch = process.arch === 'x64' ? 'amd64' : process.arch
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  const name = `@foundry-rs/anvil-${process.platform}-${arch}/package.json`
  // The platform package is an optional dependency of @foundry-rs/anvil: hoisted beside it, or in its node_modules.
  const from = [localRequire]
  try {
    from.push(createRequire(localRequire.resolve('@foundry-rs/anvil/package.json')))
  } catch {}
  for (const req of from) {
    try {
      const bin = join(dirname(req.resolve(name)), 'bin', exe)
      if (existsSync(bin)) return bin
    } catch {}
  }
  return undefined
}

function onPath(): string | undefined {
  const exe = process.platform === 'win32' ? 'anvil.exe' : 'anvil'
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    if (dir && existsSync(join(dir, exe))) return join(dir, exe)
  }
  return undefined
}

const notFound = 'not found (no anvilBinary option or --anvil, no ANVIL_BINARY, no @foundry-rs/anvil platform package, no `anvil` on PATH)'

/** Like {@link findAnvilBinary}, but `undefined` when nothing is found (a given path that does not exist still throws). */
function locateAnvilBinary(anvilBinary?: string): string | undefined {
  if (anvilBinary) {
    if (!existsSync(anvilBinary)) throw new AnvilNotFoundError(`anvilBinary option points to ${anvilBinary}, which does not exist`)
    return anvilBinary
  }
  const fromEnv = process.env.ANVIL_BINARY
  if (fromEnv) {
    if (!existsSync(fromEnv)) throw new AnvilNotFoundError(`ANVIL_BINARY points to ${fromEnv}, which does not exist`)
    return fromEnv
  }
  return platformPackageBinary() ?? onPath()
}

/**
 * The anvil binary to run: the `anvilBinary` option, then `ANVIL_BINARY`, then the
 * `@foundry-rs/anvil` platform package, then `anvil` on PATH.
 */
export function findAnvilBinary(anvilBinary?: string): string {
  const found = locateAnvilBinary(anvilBinary)
  if (found) return found
  throw new AnvilNotFoundError(
    `anvil ${notFound}. Install it with npm i -D @foundry-rs/anvil@${devnetPackages['@foundry-rs/anvil'].version}, ` +
      'or point to one with the `anvilBinary` option of startDevnet (--anvil on the CLI), the ANVIL_BINARY environment variable, ' +
      'or put `anvil` on PATH (foundryup).',
  )
}

type CreateAnvil = typeof import('@viem/anvil').createAnvil
type Bls = typeof import('@noble/curves/bls12-381').bls12_381
type Problem = { name: DevnetPackage; problem: string; unsupported?: boolean }

/**
 * The version `anvil --version` prints (`anvil Version: 1.7.1`, older `anvil 0.2.0 (…)`), as [major,
 * minor, patch]; the npm build of 1.7.0 prints `1.6.0-v1.7.0`, whose `-v` suffix is the release.
 */
export function parseAnvilVersion(output: string): [number, number, number] | undefined {
  const m = /anvil(?: Version:)? (\d+)\.(\d+)\.(\d+)(?:-v(\d+)\.(\d+)\.(\d+))?/i.exec(output)
  if (!m) return undefined
  const [major, minor, patch] = (m[4] !== undefined ? m.slice(4, 7) : m.slice(1, 4)).map(Number) as [number, number, number]
  return [major, minor, patch]
}

const before = (a: readonly number[], b: readonly number[]) => {
  for (let i = 0; i < 3; i++) if (a[i]! !== b[i]!) return a[i]! < b[i]!
  return false
}

const checkedVersions = new Map<string, Problem | undefined>()

/** Runs `binary --version` (once per path): a problem when the version is outside {@link supportedAnvilVersions}. */
function anvilVersionProblem(binary: string): Problem | undefined {
  if (checkedVersions.has(binary)) return checkedVersions.get(binary)
  const { range } = supportedAnvilVersions
  const fix =
    `install a supported one with npm i -D @foundry-rs/anvil@${devnetPackages['@foundry-rs/anvil'].version} ` +
    '(used unless the anvilBinary option, --anvil or ANVIL_BINARY names another), or point to one'
  let output: string
  try {
    output = execFileSync(binary, ['--version'], { encoding: 'utf8', timeout: 15_000, stdio: ['ignore', 'pipe', 'pipe'] })
  } catch (e) {
    return {
      name: '@foundry-rs/anvil',
      unsupported: true,
      problem: `${binary} --version failed (${(e as Error).message.split('\n')[0]}); ${fix}`,
    }
  }
  const version = parseAnvilVersion(output)
  const found = output.trim().split('\n')[0]
  let problem: Problem | undefined
  if (!version)
    problem = {
      name: '@foundry-rs/anvil',
      unsupported: true,
      problem: `${binary} printed no anvil version (${JSON.stringify(found)}); ${fix}`,
    }
  else if (before(version, supportedAnvilVersions.min) || !before(version, supportedAnvilVersions.below))
    problem = {
      name: '@foundry-rs/anvil',
      unsupported: true,
      problem: `${binary} is anvil ${version.join('.')} ("${found}"), the devnet supports anvil ${range}; ${fix}`,
    }
  checkedVersions.set(binary, problem)
  return problem
}

let bls: Bls | undefined
function blsProblem(): Problem | undefined {
  try {
    bls ??= (localRequire('@noble/curves/bls12-381') as { bls12_381: Bls }).bls12_381
    // The min-pk API identity.ts uses is in every 1.x from 1.2 (ethers' copy) on; 2.x dropped it (and require).
    if (typeof bls?.getPublicKey === 'function' && typeof bls.sign === 'function') return undefined
  } catch (e) {
    if (isNotFound(e, '@noble/curves')) return { name: '@noble/curves', problem: 'not installed' }
  }
  bls = undefined
  return { name: '@noble/curves', problem: `${installedVersion('@noble/curves') ?? 'another version'} is installed, ^1.2.0 is needed` }
}

/**
 * `@noble/curves`' BLS12-381, loaded on first use (synchronously: `createNodeIdentity` is).
 * @internal
 */
export function requireBls(): Bls {
  const problem = blsProblem()
  if (problem) throw new DevnetDependencyError([problem])
  return bls!
}

let createAnvilLoaded: Promise<CreateAnvil | undefined> | undefined
function loadCreateAnvil(): Promise<CreateAnvil | undefined> {
  createAnvilLoaded ??= import('@viem/anvil').then(
    (m) => m.createAnvil,
    (e: unknown) => {
      createAnvilLoaded = undefined
      if (isNotFound(e, '@viem/anvil')) return undefined
      throw e
    },
  )
  return createAnvilLoaded
}

/**
 * Everything the devnet runs on, checked at once before anything starts: an anvil binary of a
 * supported version (`anvil --version`, {@link supportedAnvilVersions}), `@viem/anvil` and `@noble/curves`. Throws one {@link DevnetDependencyError} listing all
 * that is missing, with the `npm i -D …` command; returns the binary's path.
 * @internal
 */
export async function loadDevnetRuntime(anvilBinary?: string): Promise<{ binary: string }> {
  const problems: Problem[] = []
  const binary = locateAnvilBinary(anvilBinary)
  if (!binary) problems.push({ name: '@foundry-rs/anvil', problem: `anvil ${notFound}` })
  else {
    const version = anvilVersionProblem(binary)
    if (version) problems.push(version)
  }
  if (!(await loadCreateAnvil())) problems.push({ name: '@viem/anvil', problem: 'not installed' })
  const noble = blsProblem()
  if (noble) problems.push(noble)
  if (problems.length > 0 || !binary) throw new DevnetDependencyError(problems)
  return { binary }
}

/**
 * How many of anvil's last output lines a devnet keeps (`Devnet.anvilOutput`, {@link AnvilStartError}).
 *
 * @example
 * import { anvilOutputLines, startDevnet } from 'subnet-rpc-devnet'
 * const devnet = await startDevnet()
 * console.log(devnet.anvilOutput().length <= anvilOutputLines) // true
 * await devnet.stop()
 */
export const anvilOutputLines = 100

/** The last `size` lines of a stream that arrives in chunks: older lines are dropped, an unfinished last line is kept. */
export class OutputTail {
  // A ring of the last `size` lines: anvil prints a few lines for each call and each mined transaction, so a burst
  // of sends brings thousands (a split and an array shift per line cost more than the rest of a send's checks).
  readonly #ring: string[] = []
  #next = 0
  #partial = ''
  constructor(readonly size: number = anvilOutputLines) {}
  push(chunk: string): void {
    let start = 0
    for (let end = chunk.indexOf('\n'); end !== -1; end = chunk.indexOf('\n', start)) {
      const line = this.#partial + chunk.slice(start, end)
      this.#partial = ''
      this.#add(line.endsWith('\r') ? line.slice(0, -1) : line)
      start = end + 1
    }
    this.#partial += chunk.slice(start)
  }
  #add(line: string): void {
    if (this.size <= 0) return
    if (this.#ring.length < this.size) this.#ring.push(line)
    else this.#ring[this.#next] = line
    this.#next = (this.#next + 1) % this.size
  }
  /** The kept lines, oldest first (an unfinished last line included). */
  lines(): string[] {
    const kept = this.#ring.length < this.size ? [...this.#ring] : [...this.#ring.slice(this.#next), ...this.#ring.slice(0, this.#next)]
    const all = this.#partial === '' ? kept : [...kept, this.#partial]
    return all.slice(-this.size)
  }
}

/**
 * anvil did not start: it exited, did not listen in time, or listened without saying on which port. The message
 * gives the reason, the command line and anvil's own last lines (a refused flag, a port in use); `output` holds them.
 *
 * @example
 * import { AnvilStartError, startDevnet } from 'subnet-rpc-devnet'
 * const other = await startDevnet()
 * try {
 *   await startDevnet({ anvilPort: Number(new URL(other.anvilUrl).port) }) // a port another anvil holds
 * } catch (e) {
 *   if (e instanceof AnvilStartError) console.log(e.output) // prints [ 'Error: Address already in use (os error 98)' ]
 * }
 * await other.stop()
 */
export class AnvilStartError extends SubnetRpcError {
  /** anvil's last lines, stdout and stderr as it printed them, oldest first. */
  readonly output: readonly string[]
  constructor(reason: string, command: string, output: readonly string[]) {
    const printed = output.some((l) => l.trim() !== '')
      ? `anvil printed:\n${output.map((l) => `  ${l}`).join('\n')}`
      : 'anvil printed nothing'
    super(`anvil did not start: ${reason}\n  command: ${command}\n${printed}`, { name: 'AnvilStartError' })
    this.output = output
  }
}

/** A running anvil of the devnet's (not part of the package's entry: l1/l1.ts's declarations name it). */
export type AnvilProcess = {
  url: string
  port: number
  stop(): Promise<void>
  /** Its last lines, and its end when it ends on its own (./anvilGuard.ts). */
  watch: AnvilWatch
  /** anvil's last lines, oldest first. */
  output(): string[]
  /** Called once if anvil exits other than by `stop()`. */
  onUnexpectedExit(listener: (code: number | undefined, signal: string | undefined) => void): void
}

/** @internal */
export type AnvilSpawnOptions = {
  binary: string
  chainId: bigint
  gasLimit?: bigint
  port?: number
  timestamp?: number
  blockBaseFeePerGas?: bigint
}

/**
 * Starts anvil on 127.0.0.1 (a free port unless one is given) and waits until it listens.
 * @internal
 */
export async function spawnAnvil(opts: AnvilSpawnOptions): Promise<AnvilProcess> {
  const createAnvil = await loadCreateAnvil()
  if (!createAnvil) throw new DevnetDependencyError([{ name: '@viem/anvil', problem: 'not installed' }])
  let listenedPort: number | undefined
  const tail = new OutputTail()
  let command = opts.binary
  const anvil = createAnvil({
    anvilBinary: opts.binary,
    host: '127.0.0.1',
    port: opts.port ?? 0,
    chainId: Number(opts.chainId),
    gasLimit: opts.gasLimit,
    timestamp: opts.timestamp,
    blockBaseFeePerGas: opts.blockBaseFeePerGas,
    startTimeout: 30_000,
    // @viem/anvil never clears its stop timer: a short one keeps exits prompt.
    stopTimeout: 2_000,
    // execa's `cleanup` kills anvil when this process exits, by a signal or otherwise.
    execArgs: (args: unknown[]) => {
      const [bin, argv, options] = args as [string, string[], Record<string, unknown>]
      // Subnet-EVM's newest EVM rules are Cancun's (Etna); anvil's default, Prague, adds EIP-7623's calldata floor
      // and EIP-7702, which no L1 has (@viem/anvil's `hardfork` option does not know Cancun).
      // --no-cors: no page may read anvil's answers, and JSON (which needs a preflight) never reaches it from a page.
      // dieWithParent: anvil ends with the devnet, also on kill -9 (./anvilGuard.ts).
      const all = [...argv, '--hardfork', 'cancun', '--no-cors']
      command = [bin, ...all].join(' ')
      const [guardBin, guarded] = dieWithParent(bin, all)
      return [guardBin, guarded, { ...options, cleanup: true, forceKillAfterTimeout: 1_000 }]
    },
  } as Parameters<CreateAnvil>[0])
  const watch = new AnvilWatch(anvil)
  anvil.on('message', (m: string) => {
    tail.push(m)
    const match = listenedPort === undefined ? /Listening on [^\s:]+:(\d+)/.exec(m) : null
    if (match) listenedPort = Number(match[1])
  })
  try {
    await anvil.start()
  } catch (e) {
    // @viem/anvil's reasons: "Anvil exited: <its last chunk>", "Anvil failed to start in time"; the lines say more.
    const { message } = e as Error
    const reason = message.startsWith('Anvil exited') ? 'it exited' : /in time/.test(message) ? 'it did not listen within 30 s' : message
    throw new AnvilStartError(reason, command, tail.lines())
  }
  if (listenedPort === undefined) {
    await anvil.stop().catch(() => undefined)
    throw new AnvilStartError('it started but did not report its port', command, tail.lines())
  }
  const port = listenedPort
  let stopped: Promise<void> | undefined
  let onExit: ((code: number | undefined, signal: string | undefined) => void) | undefined
  anvil.on('exit', (code: number | undefined, signal: string | undefined) => {
    if (!stopped) onExit?.(code, signal)
  })
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    watch,
    stop: () => {
      watch.stopping()
      stopped ??= anvil.stop().catch(() => undefined)
      return stopped
    },
    output: () => tail.lines(),
    onUnexpectedExit: (listener) => {
      onExit = listener
    },
  }
}
