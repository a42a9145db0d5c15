/**
 * Senders recovered off the event loop. Recovering a raw send's sender (./rawTx.ts `recoverSender`, libsecp256k1 in
 * WebAssembly, about 0.26 ms) is most of what the pool spends on a send: in a burst of 200 it held the devnet's
 * thread for 60 ms while the other requests waited. A worker thread does it here, on the machine's other core:
 * the signatures that come in one turn of the event loop go to it in one message, and it answers in the order
 * asked. The worker recovers with the same package; where it cannot start (or stops), recovery runs inline as
 * before, with the same results.
 */
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { type DecodedTransaction, parseRawTransaction, recoverSender, type SignedPayload } from './rawTx.js'

/**
 * The worker's code: a CommonJS script (no build step, the same under the sources and the package). It loads
 * `tiny-secp256k1` and `@noble/hashes` from this package, and answers each batch with, per signature, the
 * 20 address bytes or null (a signature without a key, which ./rawTx.ts `recoverSender` throws on). A first message
 * `false` says it could not load them.
 */
const workerCode = `
const { parentPort, workerData } = require('node:worker_threads')
let ecc, keccak
try {
  const load = require('node:module').createRequire(workerData.from)
  ecc = load('tiny-secp256k1')
  keccak = load('@noble/hashes/sha3').keccak_256
} catch {
  parentPort.postMessage(false)
}
const max = 1n << 256n
const word = (v) => v.toString(16).padStart(64, '0')
parentPort.on('message', (batch) => {
  parentPort.postMessage(batch.map(({ r, s, yParity, hash }) => {
    try {
      if (r >= max || s >= max) return null
      const key = ecc.recover(hash, Buffer.from(word(r) + word(s), 'hex'), yParity, false)
      return key ? keccak(key.subarray(1)).subarray(12) : null
    } catch {
      return null
    }
  }))
})
`

type Job = { signed: SignedPayload; resolve: (sender: string | undefined) => void }

/** The worker and what it was asked, in order; `failed` once it stopped (recovery is then inline). */
class RecoveryWorker {
  private readonly worker: Worker
  /** Batches sent and not yet answered, oldest first (the worker answers in order). */
  private readonly sent: Job[][] = []
  /** Jobs of this turn, sent together. */
  private next: Job[] = []
  failed = false

  constructor() {
    this.worker = new Worker(workerCode, { eval: true, workerData: { from: import.meta.url } })
    this.worker.on('message', (answers: (Uint8Array | null)[] | false) => {
      if (answers === false) {
        this.fail()
        return
      }
      const batch = this.sent.shift()
      if (this.sent.length === 0) this.worker.unref()
      batch?.forEach((job, i) => {
        const address = answers[i]
        job.resolve(address ? `0x${Buffer.from(address).toString('hex')}` : undefined)
      })
    })
    this.worker.on('error', () => this.fail())
    this.worker.on('exit', () => this.fail())
    // Held open while it has work (a recovery awaited keeps the process alive), never while idle. After the
    // listeners: adding one refs the worker again.
    this.worker.unref()
  }

  recover(signed: SignedPayload): Promise<string | undefined> {
    return new Promise((resolve) => {
      if (this.next.length === 0) setImmediate(() => this.flush())
      this.next.push({ signed, resolve })
    })
  }

  private flush(): void {
    const batch = this.next
    this.next = []
    if (this.failed) inline(batch)
    else {
      if (this.sent.length === 0) this.worker.ref()
      this.sent.push(batch)
      this.worker.postMessage(batch.map((j) => j.signed))
    }
  }

  /** The worker is gone: what it was asked is recovered here, and so is all that comes after. */
  private fail(): void {
    if (this.failed) return
    this.failed = true
    for (const batch of this.sent.splice(0)) inline(batch)
    void this.worker.terminate()
  }
}

function inline(jobs: Job[]): void {
  for (const job of jobs) job.resolve(senderOrUndefined(job.signed))
}

function senderOrUndefined(signed: SignedPayload): string | undefined {
  try {
    return recoverSender(signed)
  } catch {
    return undefined
  }
}

/** The process's worker: undefined until first used, null where none can start. */
let shared: RecoveryWorker | null | undefined

/**
 * Where this process's raw sends have their senders recovered: on the worker thread, inline (no worker could start,
 * or it stopped, or `tiny-secp256k1` does not load), or nowhere yet. For tests of an installed package.
 */
export function senderRecoveryMode(): 'worker' | 'inline' | 'unused' {
  if (shared === undefined) return wasmLoads ? 'unused' : 'inline'
  return shared && !shared.failed ? 'worker' : 'inline'
}

/** Whether `tiny-secp256k1` loads here: without it the JS fallback runs inline (a worker would only add a hop). */
const wasmLoads = (() => {
  try {
    createRequire(import.meta.url).resolve('tiny-secp256k1')
    return true
  } catch {
    return false
  }
})()

/**
 * `decodeRawTransaction` with the sender recovered on the worker thread (one per process, started on first use):
 * the same result, without holding the event loop.
 */
export async function decodeRawTransactionOffThread(raw: string): Promise<DecodedTransaction | undefined> {
  const parsed = parseRawTransaction(raw)
  if (!parsed) return undefined
  if (!wasmLoads) {
    const sender = senderOrUndefined(parsed.signed)
    return sender === undefined ? undefined : { sender, ...parsed.unsigned }
  }
  if (shared === undefined) {
    try {
      shared = new RecoveryWorker()
    } catch {
      shared = null // no worker threads here: inline, as before
    }
  }
  const sender = shared && !shared.failed ? await shared.recover(parsed.signed) : senderOrUndefined(parsed.signed)
  return sender === undefined ? undefined : { sender, ...parsed.unsigned }
}
