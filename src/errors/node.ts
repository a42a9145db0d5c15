import { SubnetRpcError } from './base.js'

export type NodeRpcErrorType = NodeRpcError & { name: 'NodeRpcError' }

/** A JSON-RPC error object as a node (or an EIP-1193 provider) sends it. */
export type RpcFailure = { code: number; message: string; data?: unknown }

/** Whether `o` is a JSON-RPC error (a numeric code and a string message): both adapters look for one in what they catch. */
export function isRpcFailure(o: unknown): o is RpcFailure {
  const e = o as Partial<RpcFailure> | null | undefined
  return typeof e?.code === 'number' && typeof e.message === 'string'
}

type NodeFailure = RpcFailure & { method: string; cause?: Error }

/**
 * The node answered the call with a JSON-RPC error: `code`, `message` and `data` are
 * the node's, verbatim (e.g. -32000 `there is no ID with alias: foo`,
 * `couldn't get node uptime: node is not a validator`, `cannot query unfinalized data`).
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
  constructor({ method, code, message, data, cause }: NodeFailure, name = 'NodeRpcError') {
    super(`${method} failed: ${message}`, { name, metaMessages: [`Code: ${code}`], cause }, { method, code, nodeMessage: message, data })
  }
}

export type MethodNotFoundErrorType = MethodNotFoundError & { name: 'MethodNotFoundError' }

/**
 * The node does not serve the method: the L1 endpoint's -32601 (`the method eth_feeConfig
 * does not exist/is not available`, e.g. on the C-Chain) or the Info endpoint's -32000
 * `rpc: can't find method "info.X"` (an older node).
 *
 * @example
 * try {
 *   await client.feeConfig()
 * } catch (e) {
 *   if (e instanceof MethodNotFoundError) console.log(`${e.method} is not served by this chain (the C-Chain has no Subnet-EVM extras)`)
 * }
 */
export class MethodNotFoundError extends NodeRpcError {
  constructor(args: NodeFailure) {
    super(args, 'MethodNotFoundError')
  }
}

/** Maps a node's JSON-RPC error, the reply to `method`, to the matching subnet-rpc error class. */
export function nodeError(method: string, { code, message, data }: RpcFailure, cause?: Error): NodeRpcError {
  const args = { method, code, message, data, cause }
  // gorilla/rpc's text for an unknown Info method (with code -32000).
  const notFound = code === -32601 || /^rpc: can't find method/.test(message)
  return notFound ? new MethodNotFoundError(args) : new NodeRpcError(args)
}
