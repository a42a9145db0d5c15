/**
 * When the devnet's command line stops: on SIGINT, SIGTERM or SIGHUP, or when the `npx` / `npm exec` that
 * started it is gone. npm forwards only SIGINT and SIGTERM, and only to its own child: where that child is
 * the script shell (`sh -c …`; Debian's dash waits rather than exec), a signal to npm kills the shell or npm
 * itself and the devnet would live on with its anvil, holding both ports. (`npm run` scripts are left alone:
 * a script of the user's may start the devnet in the background on purpose.)
 */
import { readFileSync } from 'node:fs'

export const stopSignals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const

/** How often the npm ancestry is checked. */
const watchMs = 250

/** The parent of `pid` (Linux /proc), undefined where it cannot be read. */
function parentOf(pid: number): number | undefined {
  try {
    // Field 4 of /proc/<pid>/stat; the command name (field 2, in parentheses) may hold spaces.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
  } catch {
    return undefined
  }
}

/** True when `pid` is npm's script shell for this command: `<shell> -c <npm_lifecycle_script>[ <args>]`. */
function isNpmScriptShell(pid: number): boolean {
  const script = process.env.npm_lifecycle_script
  if (!script) return false
  try {
    const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0')
    // npm appends the command's arguments, quoted, to the script (npx: the bin's quoted name).
    return argv[1] === '-c' && (argv[2] === script || argv[2]?.startsWith(`${script} `) === true)
  } catch {
    return false
  }
}

/** Processes' parents as they are and as they were. */
export type Ancestry = { parent: () => number | undefined; was: number }[]

/**
 * The processes whose parent must not change while the devnet runs: none unless npx started it; then
 * this process (its parent is npm or npm's shell) and, under npm's shell, that shell (its parent is npm).
 * A changed parent means the old one exited (the orphan was re-parented).
 */
export function npxAncestry(): Ancestry {
  // libnpmexec runs the bin as the lifecycle event `npx`, for `npx` and `npm exec` alike.
  if (process.env.npm_lifecycle_event !== 'npx') return []
  // process.ppid is read anew on each access.
  const self = { parent: () => process.ppid, was: process.ppid }
  const shell = process.ppid
  const shellParent = isNpmScriptShell(shell) ? parentOf(shell) : undefined
  return shellParent === undefined ? [self] : [self, { parent: () => parentOf(shell), was: shellParent }]
}

/**
 * Resolves with the reason to stop: the signal's name, or `npx exited`. `watched` is {@link npxAncestry} as
 * taken before the devnet started, so that an npx gone during the start is seen too.
 */
export function untilStopRequested(watched: Ancestry): Promise<string> {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      if (watched.some((w) => w.parent() !== w.was)) done('npx exited')
    }, watchMs)
    timer.unref()
    const handlers = stopSignals.map((signal) => [signal, () => done(signal)] as const)
    function done(reason: string) {
      clearInterval(timer)
      for (const [signal, handler] of handlers) process.off(signal, handler)
      resolve(reason)
    }
    for (const [signal, handler] of handlers) process.once(signal, handler)
  })
}
