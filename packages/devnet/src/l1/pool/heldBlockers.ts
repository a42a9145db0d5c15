import type { AnvilClient } from '../anvilClient.js'

/** The addresses blocked for creations of transactions not mined when they were sent (automine off). */
export class HeldBlockers {
  private readonly held: { hash: string; blocked: string[] }[] = []

  constructor(private readonly anvil: AnvilClient) {}

  hold(hash: string, blocked: string[]): void {
    this.held.push({ hash, blocked })
  }

  async free(blocked: string[]): Promise<void> {
    for (const target of blocked) await this.anvil.request('anvil_setCode', [target, '0x'])
  }

  /** Frees the addresses of the transactions mined since. */
  async releaseMined(): Promise<void> {
    for (const entry of [...this.held]) {
      if ((await this.anvil.receipt(entry.hash, 0)) === undefined) continue
      this.held.splice(this.held.indexOf(entry), 1)
      await this.free(entry.blocked)
    }
  }
}
