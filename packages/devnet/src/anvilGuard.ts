/**
 * anvil's life tied to the devnet's, both ways:
 * - anvil dies with the devnet, even when the devnet cannot run its exit paths (`kill -9`, the kernel's
 *   out-of-memory killer). avalanchego starts its VM plugins with a parent-death signal
 *   (vms/rpcchainvm/runtime/subprocess/linux_stopper.go `NewCmd`: `Pdeathsig: syscall.SIGTERM`). Node
 *   cannot set one on a child itself, so on Linux anvil is started through util-linux's `setpriv
 *   --pdeathsig TERM` (on every Debian and Ubuntu: util-linux is an essential package), which sets it
 *   and execs anvil (same process, same pid). Where there is no setpriv (macOS, a Linux without
 *   util-linux) a small Node watchdog starts anvil and stops it when its stdin, a pipe the devnet
 *   holds, closes: the kernel closes it whatever way the devnet ends. On Windows anvil is started as
 *   it is, and only the devnet's own exit paths stop it.
 * - the devnet sees at once when anvil dies on its own, with anvil's last lines (./faults.ts says it).
 */
import { existsSync } from 'node:fs'
import { delimiter, join } from 'node:path'

/** The signal anvil gets when the devnet dies: the node's (TERM lets anvil end cleanly, as on Ctrl-C). */
const deathSignal = 'TERM'

/** setpriv on PATH, or in the usual places. */
function findSetpriv(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/bin', '/bin']
  for (const dir of dirs) if (dir && existsSync(join(dir, 'setpriv'))) return join(dir, 'setpriv')
  return undefined
}

/**
 * The watchdog, as a `node -e` script (`argv`: anvil's binary and arguments): anvil with the watchdog's
 * stdout and stderr, stopped when stdin ends; the stop signals passed on; anvil's end reported as its own.
 */
const watchdog = `
const { spawn } = require('node:child_process')
const [bin, ...args] = process.argv.slice(1)
const child = spawn(bin, args, { stdio: ['ignore', 'inherit', 'inherit'] })
const stop = () => child.kill('SIGTERM')
process.stdin.on('end', stop).on('error', stop).resume()
for (const s of ['SIGTERM', 'SIGINT', 'SIGHUP']) process.on(s, () => child.kill(s))
child.on('error', (e) => { process.stderr.write(String(e) + '\\n'); process.exit(127) })
child.on('exit', (code, signal) => {
  if (signal) { process.removeAllListeners(signal); process.kill(process.pid, signal) }
  process.exit(code ?? 1)
})
`

/** How anvil is guarded: `setpriv` (Linux), `watchdog` (a Node process between), or `none` (Windows). */
export type AnvilGuard = 'setpriv' | 'watchdog' | 'none'

/** The guard this platform gets (see the module's comment). */
export function anvilGuard(): AnvilGuard {
  if (process.platform === 'win32') return 'none'
  if (process.platform === 'linux' && findSetpriv()) return 'setpriv'
  return 'watchdog'
}

/**
 * The command that runs `bin argv` so that it dies with this process: through setpriv, the watchdog, or as
 * it is (see {@link anvilGuard}).
 */
export function dieWithParent(bin: string, argv: string[], guard = anvilGuard()): [string, string[]] {
  if (guard === 'setpriv') return [findSetpriv()!, ['--pdeathsig', deathSignal, '--', bin, ...argv]]
  if (guard === 'watchdog') return [process.execPath, ['-e', watchdog, bin, ...argv]]
  return [bin, argv]
}

/** How an anvil ended on its own. */
export type AnvilExit = { code: number | null; signal: string | null; lastLines: string[]; at: Date }

/** How many of anvil's last output lines are kept, for the report of its death. */
const keptLines = 20

/**
 * Watches one anvil (`@viem/anvil`'s instance: its `message` and `exit` events): keeps its last lines and
 * calls the exit listeners once if it ends while the devnet did not ask it to.
 */
export class AnvilWatch {
  readonly #lines: string[] = []
  readonly #listeners = new Set<(exit: AnvilExit) => void>()
  #stopping = false
  #exit: AnvilExit | undefined

  constructor(anvil: {
    on(event: 'message', f: (m: string) => void): unknown
    on(event: 'exit', f: (code?: number, signal?: string) => void): unknown
  }) {
    anvil.on('message', (message: string) => {
      for (const line of message.split('\n')) {
        if (line.trim() === '') continue
        this.#lines.push(line)
        if (this.#lines.length > keptLines) this.#lines.shift()
      }
    })
    anvil.on('exit', (code?: number, signal?: string) => {
      if (this.#stopping || this.#exit) return
      this.#exit = { code: code ?? null, signal: signal ?? null, lastLines: [...this.#lines], at: new Date() }
      for (const listener of this.#listeners) listener(this.#exit)
    })
  }

  /** The devnet stops anvil from now on: its exit is expected. */
  stopping(): void {
    this.#stopping = true
  }

  /** How anvil ended, if it ended on its own. */
  get exit(): AnvilExit | undefined {
    return this.#exit
  }

  /** Calls `listener` once anvil ends on its own (at once if it already has). */
  onExit(listener: (exit: AnvilExit) => void): void {
    if (this.#exit) listener(this.#exit)
    else this.#listeners.add(listener)
  }
}
