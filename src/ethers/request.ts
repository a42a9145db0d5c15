/**
 * How the ethers adapter sends one request: the shared call (core/methods/call.ts) with
 * what differs for ethers, namely the kinds of provider it is given and `send`'s lifecycle.
 */
import { JsonRpcApiProvider, makeError, type JsonRpcError, type JsonRpcPayload } from 'ethers'
import { findRpcFailure, requestBody, type Send } from '../core/methods/call.js'
import { replyResult } from '../core/methods/envelope.js'

/** An ethers provider (`send(method, params)`), Hardhat's `hre.ethers.provider` among them. */
export type Sender = { send(method: string, params: unknown[]): Promise<unknown> }
/** An EIP-1193 provider (`request({ method, params })`), e.g. `hre.network.provider` or `window.ethereum`. */
export type Requester = { request(args: { method: string; params?: unknown }): Promise<unknown> }
export type AnyProvider = Sender | Requester

/** Posts one payload and resolves with the parsed reply body, its envelope not yet checked. */
export type PostBody = (payload: JsonRpcPayload) => Promise<unknown>

/** What a destroyed provider's `send` rejects with, for `operation` (a method, or `GET`). */
export const destroyedError = (operation: string) =>
  makeError('provider destroyed; cancelled request', 'UNSUPPORTED_OPERATION', { operation })

/**
 * `SubnetProvider`'s way to hand over a reply's whole body (lossless parse), so the envelope
 * is checked (one object, the request's id, result or error) before the result is used.
 */
export const postBody = Symbol('subnet-rpc.postBody')
type BodyPoster = { [postBody]?: PostBody }

/**
 * Requests with `send`'s lifecycle but without its 1 ms batch timer and network detection,
 * which these reads do not need: refused once `owner` is destroyed (the same error as
 * `send`), and `debug` events `sendRpcPayload`, then `receiveRpcResult` or `receiveRpcError`.
 * With `stringIds`, each request's id is a string (`"subnet-rpc-7"`): needed where `post` is
 * another class's `_send`, whose connection may be a socket that matches replies to the
 * provider's own numbered requests by id. `url` tells the endpoint a node error came from (asked
 * only for one), for its `URL:` line.
 */
export function sendWithLifecycle(
  owner: JsonRpcApiProvider | undefined,
  post: PostBody,
  stringIds = false,
  url?: () => string | undefined,
): Send {
  return async ({ method, params }) => {
    if (owner?.destroyed) throw destroyedError(method)
    const body = requestBody(method, params)
    // ethers types `id` as a number; JSON-RPC and every node take a string as well.
    const payload = (stringIds ? { ...body, id: `subnet-rpc-${body.id}` } : body) as unknown as JsonRpcPayload
    owner?.emit('debug', { action: 'sendRpcPayload', payload })
    let reply: unknown
    try {
      reply = await post(payload)
    } catch (error) {
      owner?.emit('debug', { action: 'receiveRpcError', error })
      throw error
    }
    owner?.emit('debug', { action: 'receiveRpcResult', result: Array.isArray(reply) ? reply : [reply] })
    if (owner?.destroyed) throw destroyedError(method)
    return replyResult(method, reply, payload.id, url)
  }
}

/**
 * The body through another provider class's `_send`, which has parsed it and wrapped a single
 * reply in an array. A wallet's own failure (no JSON-RPC code) becomes ethers' error for it.
 */
function postThroughSend(provider: JsonRpcApiProvider): PostBody {
  return async (payload) => {
    const replies = (await provider._send(payload)) as unknown[]
    if (replies.length !== 1) return replies
    const reply = replies[0] as JsonRpcError | undefined
    if (reply?.error != null && !findRpcFailure(reply.error)) throw provider.getRpcError(payload, reply)
    return reply
  }
}

/** How to send through `provider`: ethers providers with their lifecycle, others through their own `send` or `request`. */
export function sendVia(provider: AnyProvider): Send {
  if (provider instanceof JsonRpcApiProvider) {
    const own = (provider as BodyPoster)[postBody]
    // A JsonRpcProvider's URL (a BrowserProvider, over a wallet, has none); ethers clones its request to tell it.
    const url = () => (provider as { _getConnection?: () => { url: string } })._getConnection?.().url
    return own ? sendWithLifecycle(provider, own, false, url) : sendWithLifecycle(provider, postThroughSend(provider), true, url)
  }
  if ('send' in provider && typeof provider.send === 'function') return ({ method, params }) => provider.send(method, params as unknown[])
  return (request) => (provider as Requester).request(request)
}
