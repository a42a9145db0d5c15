type SubnetRpcErrorArgs = {
  /** The error behind this one: `details` becomes its details (for one of ours or viem's) or its message. */
  cause?: Error | undefined
  /** Used when there is no cause to take details from. */
  details?: string | undefined
  /** Lines shown under the short message (e.g. `Code: -32000`, `Accepted: …`). */
  metaMessages?: string[] | undefined
  /** The subclass's name, e.g. `NodeRpcError`. */
  name: string
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
  declare details: string | undefined
  declare metaMessages: string[] | undefined
  /** The message's first line, without meta messages or details. */
  declare shortMessage: string

  /** `properties` are the subclass's own fields (`method`, `code`, …), set as own enumerable properties too. */
  constructor(shortMessage: string, { cause, details, metaMessages, name }: SubnetRpcErrorArgs, properties?: object) {
    // viem's rule: an error with `details` (ours, viem's BaseError) lends them; any other cause its message.
    const c = cause as (Error & { details?: string }) | undefined
    details = c && 'details' in c ? c.details : c?.message || details
    const meta = metaMessages ? ['', ...metaMessages] : []
    super([shortMessage, ...meta, ...(details ? ['', `Details: ${details}`] : [])].join('\n'), cause && { cause })
    // Own enumerable properties, as viem's are.
    Object.assign(this, { details, metaMessages, shortMessage, name }, properties)
  }

  /**
   * Follows `cause` from this error down. Without `fn`, the deepest error of the chain; with
   * it, the first error (this one included) for which `fn` is true, or `null`. As viem's `walk`.
   *
   * @example
   * catch (e) { if (e instanceof SubnetRpcError) console.log(e.walk().message, e.walk((c) => c instanceof NodeRpcError)) }
   */
  walk(): Error
  walk(fn: (err: unknown) => boolean): Error | null
  walk(fn?: (err: unknown) => boolean): Error | null {
    let err = this as { cause?: unknown } | null | undefined
    for (; !fn?.(err); err = err!.cause as typeof err) if (err?.cause === undefined) return fn ? null : (err as Error)
    return err as Error
  }
}
