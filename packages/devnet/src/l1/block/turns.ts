/**
 * One state-changing step at a time: a call that may change state (../rpc/executor.ts) and a block the
 * builder mines (./builder.ts) take turns, as a node's builder builds one block at a time. A send's checks
 * and its entry into anvil's pool are one turn, a block is another, so a block is never prepared on a head
 * that a step meanwhile changed.
 */
export class Turns {
  private last: Promise<unknown> = Promise.resolve()
  /** How many steps were ever queued: a step that is still the last queued may take more work into its turn. */
  queued = 0

  /** Runs `step` once every step queued before it has finished (whether it failed or not). */
  run<T>(step: () => Promise<T>): Promise<T> {
    this.queued++
    const turn = this.last.then(step, step)
    this.last = turn.catch(() => undefined)
    return turn
  }
}
