type SubnetRpcErrorArgs = {
  /** The error behind this one: `details` becomes its details (for one of ours or viem's) or its message. */
  cause?: Error | undefined
  /** Used when there is no cause to take details from. */
  details?: string | undefined
  /** Lines shown under the short message (e.g. `Code: -32000`, `Accepted: …`). */
  metaMessages?: string[] | undefined
  name?: string | undefined
}

/**
 * Base of every subnet-rpc error. It needs no library (an ethers app has no viem), yet keeps
 * the surface of viem's `BaseError` that viem users rely on: `shortMessage`, `details`,
 * `metaMessages`, `cause` and `walk()`, and a `message` laid out the same way (short message,
 * meta messages, then `Details: …`), without naming any library version. Each subclass sets
 * its own `name`.
 *
 * @example
 * catch (e) { if (e instanceof SubnetRpcError) console.log(e.name, e.shortMessage) }
 */
export abstract class SubnetRpcError extends Error {
  /** The cause's details (ours or a viem error's), else the cause's message, else the `details` given. */
  details: string | undefined
  metaMessages: string[] | undefined
  /** The message's first line, without meta messages or details. */
  shortMessage: string
  override name = 'SubnetRpcError'

  constructor(shortMessage: string, args: SubnetRpcErrorArgs = {}) {
    const { cause, metaMessages } = args
    // viem's rule: a viem-style error (ours, or viem's BaseError) lends its details, any other cause its message.
    const c = cause as (Error & { details?: string; shortMessage?: unknown }) | undefined
    const details = c && typeof c.shortMessage === 'string' && 'details' in c ? c.details : c?.message || args.details
    const lines = [shortMessage || 'An error occurred.']
    if (metaMessages) lines.push('', ...metaMessages)
    if (details) lines.push('', `Details: ${details}`)
    super(lines.join('\n'), cause ? { cause } : undefined)
    this.details = details
    this.metaMessages = metaMessages
    this.shortMessage = shortMessage
    if (args.name) this.name = args.name
  }

  /**
   * Follows `cause` from this error down. Without `fn`, the deepest error of the chain; with
   * it, the first error (this one included) for which `fn` is true, or `null`. As viem's `walk`.
   *
   * @example
   * const rpc = err.walk((e) => e instanceof NodeRpcError)
   */
  walk(): Error
  walk(fn: (err: unknown) => boolean): Error | null
  walk(fn?: (err: unknown) => boolean): Error | null {
    let err: unknown = this
    for (;;) {
      if (fn?.(err)) return err as Error
      const next = err && typeof err === 'object' && 'cause' in err ? err.cause : undefined
      if (next === undefined) return fn ? null : (err as Error)
      err = next
    }
  }
}
