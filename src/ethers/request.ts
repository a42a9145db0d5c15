/** Runs a shared method spec over anything ethers-like, mapping node errors to subnet-rpc's. */
import { JsonRpcApiProvider, type JsonRpcError, type JsonRpcPayload } from 'ethers'
import { parseReply, replyResult } from '../core/methods/envelope.js'
import type { MethodSpec } from '../core/methods/spec.js'
import { SubnetRpcError } from '../errors/base.js'
import { asRpcFailure, nodeError, type RpcFailure } from '../errors/node.js'

/** An ethers provider (`send(method, params)`), Hardhat's `hre.ethers.provider` among them. */
export type Sender = { send(method: string, params: unknown[] | Record<string, unknown>): Promise<unknown> }
/** An EIP-1193 provider (`request({ method, params })`), e.g. `hre.network.provider` or `window.ethereum`. */
export type Requester = { request(args: { method: string; params?: unknown }): Promise<unknown> }
export type AnyProvider = Sender | Requester

/**
 * The node's JSON-RPC error inside an ethers error (`error`, or `info.error` for
 * UNSUPPORTED_OPERATION) or an EIP-1193 provider error.
 */
export function findRpcFailure(err: unknown): RpcFailure | undefined {
  if (!err || typeof err !== 'object') return undefined
  const e = err as { error?: unknown; info?: { error?: unknown }; code?: unknown }
  // ethers' own errors carry string codes; the node's error is nested.
  if (typeof e.code === 'string') return asRpcFailure(e.error) ?? asRpcFailure(e.info?.error)
  return asRpcFailure(err)
}

export function toSubnetError(method: string, err: unknown): unknown {
  if (err instanceof SubnetRpcError) return err
  const failure = findRpcFailure(err)
  return failure ? nodeError({ method, ...failure, cause: err instanceof Error ? err : undefined }) : err
}

/** Checks arguments, sends, decodes. */
export async function run<A, R>(provider: AnyProvider, spec: MethodSpec<A, R>, args: A): Promise<R> {
  const params = spec.params(args) as unknown[]
  let raw: unknown
  try {
    if (provider instanceof JsonRpcApiProvider) raw = await sendDirect(provider, spec.method, params)
    else if ('send' in provider && typeof provider.send === 'function') raw = await provider.send(spec.method, params)
    else raw = await (provider as Requester).request({ method: spec.method, params })
  } catch (e) {
    throw toSubnetError(spec.method, e)
  }
  return spec.result(raw)
}

let nextId = 1

/**
 * `SubnetProvider`'s way to hand over a reply's body text untouched, so the envelope is
 * checked (one object, the request's id, result or error) before the result is used.
 */
export const replyText = Symbol('subnet-rpc.replyText')

type TextSender = { [replyText](payload: JsonRpcPayload): Promise<string | undefined> }

/**
 * One request straight through the provider's `_send`: `send` would queue it behind a
 * timer (about 1 ms per call even unbatched) and first run network detection, neither of
 * which these reads need. A JSON-RPC error comes back as the node's error.
 */
async function sendDirect(provider: JsonRpcApiProvider, method: string, params: unknown[]): Promise<unknown> {
  const id = nextId++
  const payload = { method, params, id, jsonrpc: '2.0' as const }
  const text = replyText in provider ? await (provider as unknown as TextSender)[replyText](payload) : undefined
  if (text !== undefined) return parseReply(method, text, id)
  // Another provider class: its `_send` has parsed the body and wrapped a single reply in an array.
  const replies = (await provider._send(payload)) as unknown[]
  if (replies.length !== 1) return replyResult(method, replies, id)
  const reply = replies[0] as JsonRpcError | undefined
  // BrowserProvider wraps a wallet's own failure (no JSON-RPC code) as an error entry: ethers' error for it.
  if (reply?.error != null && !findRpcFailure(reply.error)) throw provider.getRpcError(payload, reply)
  return replyResult(method, reply, id)
}
