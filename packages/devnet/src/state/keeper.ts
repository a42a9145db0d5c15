/**
 * Writes a running devnet's state dir (./stateDir.ts): each L1's state.json every {@link stateWriteIntervalMs}
 * while its head moves, and once more at stop. One write at a time; a failed write is reported on stderr and
 * tried again at the next turn (the dir keeps the last complete one).
 */
import type { L1Instance } from '../l1/l1.js'
import { stateWriteIntervalMs, writeSnapshot } from './stateDir.js'

export class StateKeeper {
  private timer: ReturnType<typeof setInterval> | undefined
  private writing: Promise<void> = Promise.resolve()
  /** The head each L1's state.json was last written at, by alias. */
  private readonly written = new Map<string, string>()
  private closed = false

  constructor(
    private readonly dir: string,
    private readonly l1s: readonly Pick<L1Instance, 'plan' | 'snapshot' | 'lastAccepted'>[],
  ) {}

  /** Writes every L1's state now, whether its head moved or not. */
  writeAll(): Promise<void> {
    return this.queue(true)
  }

  /** Writes each L1 whose head moved, every {@link stateWriteIntervalMs}. */
  start(): void {
    this.timer = setInterval(() => {
      this.queue(false).catch(() => undefined)
    }, stateWriteIntervalMs)
    this.timer.unref()
  }

  /** Stops the timer; with `flush` (the default), writes what moved since the last write first. */
  async close(flush = true): Promise<void> {
    if (this.timer) clearInterval(this.timer)
    if (this.closed) return this.writing
    this.closed = true
    if (flush) await this.queue(true, true)
    await this.writing
  }

  private queue(all: boolean, final = false): Promise<void> {
    const next = this.writing.then(async () => {
      if (this.closed && !final) return
      for (const l1 of this.l1s) {
        const alias = l1.plan.alias
        try {
          const head = await l1.lastAccepted()
          if (!all && this.written.get(alias) === head.hash) continue
          const snapshot = await l1.snapshot()
          writeSnapshot(this.dir, alias, snapshot)
          this.written.set(alias, snapshot.head.hash)
        } catch (e) {
          if (all || final) throw e
          process.stderr.write(
            `devnet: writing the state of ${alias} to ${this.dir} failed (tried again in a second): ${(e as Error).message}\n`,
          )
        }
      }
    })
    this.writing = next.catch(() => undefined)
    return next
  }
}
