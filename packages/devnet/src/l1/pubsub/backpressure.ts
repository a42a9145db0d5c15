/**
 * What a WebSocket connection may hold back for a client that does not read. A node writes each
 * message itself, under a deadline of `defaultWriteTimeout` (10 s; graft/evm/rpc/json.go
 * `writeJSONSkipDeadline`), and a write that misses it fails and ends the connection: a Go writer
 * blocks on a full socket and queues nothing. Node's streams queue instead, so the devnet bounds
 * the queue (bytes not yet handed to the kernel) and keeps the node's deadline: a message not
 * written within 10 s, or a queue past its bound, ends the connection at once (its buffers go
 * with it, and its subscriptions stop).
 */
import type { WebSocket } from 'ws'

/** `defaultWriteTimeout` (graft/evm/rpc/json.go). */
export const writeTimeoutMs = 10_000

/**
 * The most a connection may hold for its client beyond what the kernel took: 8 MiB, some thousands
 * of notifications (a head is about 1 KiB), far more than a client that keeps up ever leaves.
 */
export const maxQueuedBytes = 8 * 1024 * 1024

export type Outgoing = {
  /** Writes `text` (a message), or ends the connection when the client has fallen too far behind. */
  send(text: string): void
  /** Why the connection was ended for its client, if it was. */
  readonly dropped: string | undefined
}

/**
 * The bounded writer of one connection: `limits` for tests and benchmarks (default the node's
 * deadline and {@link maxQueuedBytes}); `onDrop` hears why a client was let go.
 */
export function boundedOutgoing(
  ws: WebSocket,
  limits: { writeTimeoutMs?: number; maxQueuedBytes?: number } = {},
  onDrop?: (reason: string) => void,
): Outgoing {
  const timeout = limits.writeTimeoutMs ?? writeTimeoutMs
  const maxBytes = limits.maxQueuedBytes ?? maxQueuedBytes
  // When each message not yet written was queued, oldest first (a ring: `head` is the oldest).
  let queued: number[] = []
  let head = 0
  let dropped: string | undefined
  let timer: NodeJS.Timeout | undefined

  const drop = (reason: string) => {
    if (dropped !== undefined) return
    dropped = reason
    stopTimer()
    queued = []
    head = 0
    // terminate, not close: a close frame would wait behind everything queued.
    ws.terminate()
    onDrop?.(reason)
  }
  const stopTimer = () => {
    if (timer) clearInterval(timer)
    timer = undefined
  }
  const written = () => {
    head++
    if (head === queued.length) {
      queued = []
      head = 0
      stopTimer()
    } else if (head > 1024 && head * 2 > queued.length) {
      queued = queued.slice(head)
      head = 0
    }
  }
  const check = () => {
    const oldest = queued[head]
    if (oldest !== undefined && Date.now() - oldest > timeout) drop(`a message was not written within ${timeout / 1000} s`)
  }
  ws.once('close', () => {
    stopTimer()
    queued = []
  })

  return {
    send(text) {
      if (dropped !== undefined || ws.readyState !== ws.OPEN) return
      queued.push(Date.now())
      // The callback runs once the frame is handed to the kernel (or the socket failed).
      ws.send(text, () => {
        if (dropped === undefined) written()
      })
      if (ws.bufferedAmount > maxBytes) return drop(`more than ${maxBytes} bytes waited for the client to read them`)
      timer ??= setInterval(check, Math.min(1_000, timeout / 4)).unref()
    },
    get dropped() {
      return dropped
    },
  }
}
