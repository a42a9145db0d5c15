/**
 * A dead anvil, seen and said. An anvil that ends while the devnet runs (killed, crashed, out of memory)
 * is noticed at once (its process's exit, ./anvilGuard.ts `AnvilWatch`), and from then on:
 * - it is reported once, with anvil's last lines (`onAnvilExit`, by default on stderr);
 * - every call to its L1 answers one error naming the cause, instead of a refused connection;
 * - `/ext/health` fails that L1's check (503, the node's shape) and `info.isBootstrapped` says false for it.
 * The devnet does not restart anvil: the chain's state lived in that anvil and is gone with it, so a new
 * anvil would be another chain under the same IDs. The command line exits non-zero (../cli.ts);
 * `startDevnet` keeps serving the failure until `stop()`, and resolves `Devnet.failed`.
 */
import type { AnvilExit, AnvilWatch } from './anvilGuard.js'
import type { CallExecutor, CallOutcome } from './l1/rpc/envelope.js'

/** An L1 whose anvil ended while the devnet ran. */
export type DevnetFailure = AnvilExit & {
  /** The L1's alias. */
  alias: string
  blockchainID: string
  /** The anvil's URL (nothing listens there any more). */
  anvilUrl: string
  /** What happened, in one line: the L1, how anvil ended, and what to do. */
  message: string
}

/** How anvil ended, as a process's end is said. */
function ending(exit: AnvilExit): string {
  if (exit.signal) return `was killed by ${exit.signal}`
  return `exited with code ${exit.code}`
}

/** The report of a failure: its message, then anvil's last lines. */
export function failureReport(failure: DevnetFailure): string {
  const lines = failure.lastLines.length > 0 ? failure.lastLines.map((l) => `  | ${l}`) : ['  (anvil wrote nothing)']
  return [failure.message, "anvil's last lines:", ...lines].join('\n')
}

/** What a call to a failed L1 answers: -32000, a node's code for a server-side failure, with the cause. */
const failedOutcome = (failure: DevnetFailure): CallOutcome => ({
  error: { code: -32000, message: `devnet: ${failure.message}` },
})

/** Errors that mean anvil could not be reached: they are the failure's, once it is known. */
const unreachable = (o: CallOutcome) =>
  'error' in o && (o.error.message.startsWith('devnet: anvil is not reachable') || o.error.message === 'method handler crashed')

/** How long a call that found anvil unreachable waits for its exit to be known (the exit event comes within ms). */
const exitGraceMs = 500

/** The L1s' anvils, watched: see the module's comment. */
export class AnvilSupervisor {
  readonly #failures = new Map<string, DevnetFailure>()
  readonly #waiting = new Set<() => void>()
  readonly #failed: Promise<DevnetFailure>

  /** `l1s`: each L1 and its anvil's watch; `onFailure` hears each failure once. */
  constructor(
    l1s: readonly { alias: string; blockchainID: string; anvilUrl: string; watch: AnvilWatch }[],
    onFailure: (failure: DevnetFailure) => void,
  ) {
    let first: (f: DevnetFailure) => void
    this.#failed = new Promise((resolve) => (first = resolve))
    for (const l1 of l1s)
      l1.watch.onExit((exit) => {
        const failure: DevnetFailure = {
          ...exit,
          alias: l1.alias,
          blockchainID: l1.blockchainID,
          anvilUrl: l1.anvilUrl,
          message:
            `the anvil of the L1 ${l1.alias} (${l1.anvilUrl}) ${ending(exit)} at ${exit.at.toISOString()}: ` +
            'its chain is gone, and the devnet cannot answer for this L1 any more; stop the devnet and start it again',
        }
        this.#failures.set(l1.alias, failure)
        this.#failures.set(l1.blockchainID, failure)
        for (const wake of this.#waiting) wake()
        onFailure(failure)
        first(failure)
      })
  }

  /** Resolves with the first failure (never, while every anvil runs). */
  get failed(): Promise<DevnetFailure> {
    return this.#failed
  }

  /** The failure of the L1 with this alias or blockchain ID, if its anvil ended. */
  failureOf(l1: string): DevnetFailure | undefined {
    return this.#failures.get(l1)
  }

  /**
   * `execute` of the L1 `alias`, answering every call with the failure once its anvil ended; a call that
   * found anvil unreachable just before waits briefly for the exit, so that it gets the same answer.
   */
  guard(alias: string, execute: CallExecutor): CallExecutor {
    return async (calls) => {
      const before = this.#failures.get(alias)
      if (before) return calls.map(() => failedOutcome(before))
      let outcomes: CallOutcome[]
      try {
        outcomes = await execute(calls)
      } catch (e) {
        // A handler that failed on the lost connection: the failure's answer if anvil is gone, else as it was.
        const failure = this.#failures.get(alias) ?? (await this.#waitFor(alias))
        if (failure) return calls.map(() => failedOutcome(failure))
        throw e
      }
      if (!outcomes.some(unreachable)) return outcomes
      const failure = this.#failures.get(alias) ?? (await this.#waitFor(alias))
      return failure ? outcomes.map((o) => (unreachable(o) ? failedOutcome(failure) : o)) : outcomes
    }
  }

  #waitFor(alias: string): Promise<DevnetFailure | undefined> {
    return new Promise((resolve) => {
      const wake = () => {
        const failure = this.#failures.get(alias)
        if (!failure) return
        done(failure)
      }
      const timer = setTimeout(() => done(undefined), exitGraceMs)
      const done = (f: DevnetFailure | undefined) => {
        clearTimeout(timer)
        this.#waiting.delete(wake)
        resolve(f)
      }
      this.#waiting.add(wake)
    })
  }
}
