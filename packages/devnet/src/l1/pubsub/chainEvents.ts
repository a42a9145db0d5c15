/**
 * What happens on the chain, for the WebSocket endpoint's subscriptions: each block anvil
 * mines (the devnet's acceptance) and each transaction that enters anvil's pool. They come
 * from anvil's own `eth_subscribe` over one WebSocket, opened on first use and kept until the
 * devnet stops, so that a subscription answered to a client never misses a block.
 */
import WebSocket from 'ws'

type Listener<T> = (value: T) => void

export class ChainEvents {
  readonly #url: string
  readonly #blocks = new Set<Listener<bigint>>()
  readonly #transactions = new Set<Listener<string>>()
  /** The last block number passed on: blocks anvil's events skipped are passed on too, in order. */
  #lastBlock: bigint | undefined
  #socket: WebSocket | undefined
  #ready: Promise<void> | undefined
  #closed = false
  #listening = false

  /** `anvilUrl`: anvil's http URL; its WebSocket is served on the same port. */
  constructor(anvilUrl: string) {
    this.#url = anvilUrl.replace(/^http/, 'ws')
  }

  /** Resolves once anvil's subscriptions are in place (opening the socket on first use). */
  ready(): Promise<void> {
    this.#ready ??= this.#open()
    return this.#ready
  }

  /** Calls `listener` with the number of each block mined from now on, in order; returns its removal. */
  onBlock(listener: Listener<bigint>): () => void {
    this.#blocks.add(listener)
    return () => this.#blocks.delete(listener)
  }

  /** Calls `listener` with the hash of each transaction that enters anvil's pool from now on; returns its removal. */
  onTransaction(listener: Listener<string>): () => void {
    this.#transactions.add(listener)
    return () => this.#transactions.delete(listener)
  }

  /**
   * Passes on no event for the next entry of each of `hashes` into anvil's pool: sends the block builder takes out of
   * anvil's pool and puts back (../block/sizeLimit.ts, ../block/voidedSends.ts) entered the node's pool once.
   */
  mute(hashes: Iterable<string>): void {
    for (const hash of hashes) this.#muted.add(hash.toLowerCase())
  }

  readonly #muted = new Set<string>()

  /** Whether anvil's subscriptions are in place: from then on each block is announced. */
  get listening(): boolean {
    return this.#listening
  }

  close(): void {
    this.#closed = true
    this.#listening = false
    this.#socket?.terminate()
  }

  #open(): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.#closed) return reject(new Error('the devnet is stopping'))
      const socket = new WebSocket(this.#url, { perMessageDeflate: false })
      this.#socket = socket
      // The ids of anvil's two subscriptions, by what they report.
      const kinds = new Map<string, 'block' | 'transaction'>()
      socket.on('error', reject)
      // A lost socket announces nothing more: the reads that counted on it ask for the head again.
      socket.on('close', () => {
        this.#listening = false
      })
      socket.on('open', () => {
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }))
        socket.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['newPendingTransactions'] }))
      })
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as {
          id?: number
          result?: string
          error?: { message: string }
          params?: { subscription: string; result: unknown }
        }
        if (message.id !== undefined) {
          if (message.error) return reject(new Error(`anvil eth_subscribe: ${message.error.message}`))
          kinds.set(message.result!, message.id === 1 ? 'block' : 'transaction')
          if (kinds.size === 2) {
            this.#listening = true
            resolve()
          }
          return
        }
        const kind = message.params && kinds.get(message.params.subscription)
        if (kind === 'block') this.#block(BigInt((message.params!.result as { number: string }).number))
        else if (kind === 'transaction') {
          const hash = message.params!.result as string
          if (this.#muted.delete(hash.toLowerCase())) return
          for (const listener of this.#transactions) listener(hash)
        }
      })
    })
  }

  #block(number: bigint): void {
    // After a revert (evm_revert, anvil_reset) the chain goes on from a lower number: that block alone.
    const first = this.#lastBlock !== undefined && number > this.#lastBlock ? this.#lastBlock + 1n : number
    for (let n = first; n <= number; n++) for (const listener of this.#blocks) listener(n)
    this.#lastBlock = number
  }
}
