import type { WrongEndpointHints } from '../core/methods/spec.js'
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
  /**
   * The adapter's error. Its meta lines follow `Code:`: viem's (`URL:` without credentials, the
   * request body, an HTTP status), or the `URL:` line of a reply subnet-rpc read itself (core/methods/envelope.ts).
   */
  cause?: Error | undefined
  /** What a wrong endpoint's failure says in place of the node's message, which then stays in `details` and `nodeMessage`. */
  hint?: string | undefined
}

/**
 * The node answered the call with a JSON-RPC error: `code`, `message` and `data` are
 * the node's, verbatim (e.g. -32000 `there is no ID with alias: foo`,
 * `couldn't get node uptime: node is not a validator`, `cannot query unfinalized data`).
 * The URL that answered, where the adapter knows it, is a `URL:` line of `metaMessages`
 * (credentials removed), as in viem's own errors (whose other lines, such as the request
 * body, follow it).
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
  /**
   * When the reply shows the URL is the wrong kind of endpoint: what it is and which URL to use
   * (e.g. `not a Subnet-EVM L1: use …/ext/bc/<blockchainID>/rpc`), shown in place of the node's message.
   */
  declare readonly hint: string | undefined
  constructor({ method, code, message, data, cause, hint }: NodeFailure, name = 'NodeRpcError') {
    // The cause's lines as they are (viem's: Status, URL, Request body); picking the URL out would cost bytes in every app.
    const lines = (cause as { metaMessages?: string[] } | undefined)?.metaMessages ?? []
    super(
      `${method} failed: ${hint ?? message}`,
      { name, metaMessages: [`Code: ${code}`, ...lines], cause },
      { method, code, nodeMessage: message, data, hint },
    )
  }
}

export type MethodNotFoundErrorType = MethodNotFoundError & { name: 'MethodNotFoundError' }

/**
 * The endpoint does not serve the method: the node's -32601 (`the method eth_feeConfig does
 * not exist/is not available`) or the Info API's -32000 `rpc: can't find method "info.X"` (an
 * older node). When the reply shows the URL is the wrong kind of endpoint, `hint` (and the short
 * message) says so and which URL to use, and the node's text stays in `nodeMessage` and `details`: a
 * Subnet-EVM method sent to the C-Chain or a plain EVM node (-32601) or to one of the node's
 * own APIs such as `/ext/info` (`rpc: service/method request ill-formed`), or a node API's
 * method (`info.*`, `health.*`, `validators.*`) sent to an EVM chain's URL (-32601).
 *
 * @example
 * try {
 *   await client.feeConfig()
 * } catch (e) {
 *   // On the C-Chain or a plain EVM node: not a Subnet-EVM L1: use …/ext/bc/<blockchainID>/rpc
 *   if (e instanceof MethodNotFoundError) console.log(e.hint ?? e.nodeMessage)
 * }
 */
export class MethodNotFoundError extends NodeRpcError {
  constructor(args: NodeFailure) {
    super(args, 'MethodNotFoundError')
  }
}

/**
 * Maps a node's JSON-RPC error, the reply to `spec.method`, to the matching subnet-rpc error
 * class. The reply tells the kind of endpoint that could not serve the method: an EVM chain
 * (-32601: libevm's rpc/errors.go methodNotFoundError, anvil's `Method not found`) or one of the
 * node's own APIs (gorilla/rpc v2 map.go `get`: `rpc: service/method request ill-formed: "eth_x"`
 * for a name without `service.`, `rpc: can't find service "x.y"`, and `rpc: can't find method
 * "info.X"` from an older node). The spec's family says whether that kind is a wrong endpoint for
 * its methods and, if so, what to use (`hint`).
 */
export function nodeError(
  { method, family }: { method: string; family?: WrongEndpointHints | undefined },
  { code, message, data }: RpcFailure,
  cause?: Error,
): NodeRpcError {
  const kind = code === -32601 ? 'evm' : /^rpc: /.test(message) ? 'api' : undefined
  const args = { method, code, message, data, cause, hint: kind && family?.[kind] }
  return kind ? new MethodNotFoundError(args) : new NodeRpcError(args)
}
