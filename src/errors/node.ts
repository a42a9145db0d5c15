import { SubnetRpcError } from './base.js'

export type NodeRpcErrorType = NodeRpcError & { name: 'NodeRpcError' }

/** A JSON-RPC error object as a node (or an EIP-1193 provider) sends it. */
export type RpcFailure = { code: number; message: string; data?: unknown }

/** Whether `o` is a JSON-RPC error (a numeric code and a string message): both adapters look for one in what they catch. */
export function isRpcFailure(o: unknown): o is RpcFailure {
  const e = o as Partial<RpcFailure> | null | undefined
  return typeof e?.code === 'number' && typeof e.message === 'string'
}

type NodeFailure = RpcFailure & {
  method: string
  cause?: Error | undefined
  /** The endpoint that answered, credentials removed; else viem's `URL:` line is taken from `cause`. */
  url?: string | undefined
  /** A wrong endpoint's hint: it replaces the node's message in the short message, which then stays in `details`. */
  hint?: string | undefined
}

/**
 * The node answered the call with a JSON-RPC error: `code`, `message` and `data` are
 * the node's, verbatim (e.g. -32000 `there is no ID with alias: foo`,
 * `couldn't get node uptime: node is not a validator`, `cannot query unfinalized data`).
 * The endpoint that answered, where known, is a `URL:` line of `metaMessages`, as in viem's errors.
 *
 * @example
 * try { await client.getBlockchainID({ alias: 'nope' }) }
 * catch (e) { if (e instanceof NodeRpcError) console.log(e.code, e.nodeMessage) }
 */
export class NodeRpcError extends SubnetRpcError {
  declare readonly method: string
  declare readonly code: number
  /** The node's error message, exactly as sent. */
  declare readonly nodeMessage: string
  declare readonly data: unknown
  constructor({ method, code, message, data, cause, url, hint }: NodeFailure, name = 'NodeRpcError') {
    // viem's errors carry their URL line (credentials already removed) as a meta message of their own.
    const viemUrl = (cause as { metaMessages?: string[] } | undefined)?.metaMessages?.filter((m) => m.startsWith('URL: '))
    super(
      `${method} failed: ${hint ?? message}`,
      { name, metaMessages: [`Code: ${code}`, ...(url ? [`URL: ${url}`] : (viemUrl ?? []))], cause, details: hint && message },
      { method, code, nodeMessage: message, data },
    )
  }
}

export type MethodNotFoundErrorType = MethodNotFoundError & { name: 'MethodNotFoundError' }

/**
 * The endpoint does not serve the method. The node's -32601 (`the method eth_feeConfig does
 * not exist/is not available`) or -32000 `rpc: can't find method "info.X"` (an older node);
 * and a wrong endpoint, which the message names with what to use instead: a Subnet-EVM method
 * sent to a chain without them (the C-Chain, a plain EVM node: -32601) or to one of the node's
 * own APIs such as `/ext/info` (`rpc: service/method request ill-formed`); a node API's method
 * (`info.*`, `health.*`, `validators.*`) sent to an EVM chain's JSON-RPC URL (-32601).
 *
 * @example
 * try {
 *   await client.feeConfig()
 * } catch (e) {
 *   if (e instanceof MethodNotFoundError) console.log(e.shortMessage) // eth_feeConfig failed: this is the C-Chain or a plain EVM node, …
 * }
 */
export class MethodNotFoundError extends NodeRpcError {
  constructor(args: NodeFailure) {
    super(args, 'MethodNotFoundError')
  }
}

/** A wrong endpoint's hint: what the URL is, what the call needs, what to use. */
const wrong = (is: string, not: string, use = "an L1's URL, …/ext/bc/<blockchainID>/rpc") => `this is ${is}, not ${not}: use ${use}`

/**
 * Maps a node's JSON-RPC error, the reply to `method` from `url` (where the caller knows it), to
 * the matching subnet-rpc error class. Telling a wrong endpoint apart runs here, once a call has failed.
 */
export function nodeError(method: string, { code, message, data }: RpcFailure, cause?: Error, url?: string): NodeRpcError {
  // A node API's method is `service.method`; gorilla/rpc (the node's own APIs) answers an `eth_…` name with -32000 `rpc: service/method request ill-formed`.
  const [service, nodeApi] = method.split('.')
  const hint =
    code === -32601
      ? nodeApi
        ? wrong("an EVM chain's URL", `the node's ${service} API`, "the node's URL")
        : wrong('the C-Chain or a plain EVM node', 'a Subnet-EVM L1')
      : nodeApi || !/^rpc: /.test(message)
        ? undefined
        : wrong("a node API's URL (e.g. /ext/info)", "an L1's")
  const args = { method, code, message, data, cause, url, hint }
  // gorilla/rpc's text for an unknown method of a node API (an older node), with code -32000.
  return hint || /^rpc: can't find method/.test(message) ? new MethodNotFoundError(args) : new NodeRpcError(args)
}
