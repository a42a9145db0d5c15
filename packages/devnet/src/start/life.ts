/**
 * A devnet's life once started: its status, `restart()` (a new launch on the same ports, ./launch.ts), `stop()`
 * and anvil's last lines, behind the `Devnet` object that `startDevnet` gives.
 */
import { InvalidArgumentError } from 'subnet-rpc'
import { AnvilStartError } from '../anvil.js'
import { type Launched, launch } from './launch.js'
import type { Devnet, DevnetOptions, DevnetStatus } from './types.js'

/** The life of one devnet: `devnet` is the object its user holds, the rest its state. */
export class DevnetLife {
  /**
   * The devnet: its data fields and `stop` as own enumerable properties, `status`, `restart` and `anvilOutput`
   * not enumerable, so that `{ ...devnet }` without `stop` stays the plain data it was (the Hardhat plugin sends
   * it to its parent process that way).
   */
  readonly devnet: Devnet
  readonly #options: DevnetOptions
  #current: Launched
  #status: DevnetStatus = 'running'
  #stopping: Promise<void> | undefined
  #restarting: Promise<void> | undefined
  /** anvil's lines from a restart that failed, kept after its anvil is gone. */
  #failedOutput: readonly string[] | undefined

  constructor(options: DevnetOptions, launched: Launched) {
    this.#options = options
    this.#current = launched
    this.#watch(launched)
    const { instances: _i, port: _p, stop: _s, ...fields } = launched
    // A stop asked for during a restart waits for it, then stops what it started.
    const stop = async (): Promise<void> => {
      if (this.#restarting) await this.#restarting.catch(() => undefined)
      await this.#halt()
    }
    this.devnet = { ...fields, stop } as Devnet
    Object.defineProperties(this.devnet, {
      status: { get: () => this.#status },
      anvilOutput: { value: (l1?: string) => this.#anvilOutput(l1) },
      restart: {
        value: () => {
          this.#restarting ??= this.#restart().finally(() => {
            this.#restarting = undefined
          })
          return this.#restarting
        },
      },
    })
  }

  /** A launch's anvils watched: one that exits on its own while it runs makes the devnet `failed`. */
  #watch(launched: Launched): void {
    for (const l1 of launched.instances)
      l1.anvilProcess.onUnexpectedExit(() => {
        if (this.#current === launched && this.#status === 'running') this.#status = 'failed'
      })
  }

  /** Stops the current launch, once. */
  async #halt(): Promise<void> {
    this.#stopping ??= (() => {
      this.#status = 'stopping'
      return this.#current.stop()
    })()
    await this.#stopping
    this.#status = 'stopped'
  }

  /** Stops, then launches again from the same options on the ports the first start took, so every URL stays the same. */
  async #restart(): Promise<void> {
    await this.#halt()
    this.#status = 'starting'
    this.#failedOutput = undefined
    const options = this.#options
    const ports = this.#current.instances.map((i) => Number(new URL(i.anvilUrl).port))
    const again: DevnetOptions = {
      ...options,
      port: this.#current.port,
      onWarning: () => undefined,
      ...(options.l1s ? { l1s: options.l1s.map((l1, i) => ({ ...l1, anvilPort: ports[i] })) } : { anvilPort: ports[0] }),
    }
    try {
      this.#current = await launch(again)
    } catch (e) {
      this.#status = 'failed'
      if (e instanceof AnvilStartError) this.#failedOutput = e.output
      throw e
    }
    const { instances: _ri, port: _rp, stop: _rs, ...fresh } = this.#current
    Object.assign(this.devnet, fresh)
    this.#stopping = undefined
    this.#status = 'running'
    this.#watch(this.#current)
  }

  /** anvil's last lines for the L1 `l1` (alias or blockchain ID; default the default L1), or those of a failed restart. */
  #anvilOutput(l1?: string): string[] {
    if (this.#failedOutput) return [...this.#failedOutput]
    const instances = this.#current.instances
    const instance = l1 === undefined ? instances[0] : instances.find((i) => i.plan.alias === l1 || i.plan.blockchainID === l1)
    if (!instance)
      throw new InvalidArgumentError({
        argument: 'l1',
        value: l1,
        accepted: `the alias or blockchain ID of one of this devnet's L1s (${instances.map((i) => i.plan.alias).join(', ')})`,
      })
    return instance.anvilProcess.output()
  }
}
