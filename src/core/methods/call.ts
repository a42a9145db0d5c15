/**
 * One call of a method spec, as every adapter makes it: the arguments checked and encoded
 * before anything is sent, the request handed to the host library, the node's error found
 * in whatever the library threw and mapped to subnet-rpc's classes, and the result
 * decoded. Adapters supply only `send`, the part that differs between viem and ethers.
 */
import { SubnetRpcError } from '../../errors/base.js'
import { isRpcFailure, nodeError, type RpcFailure } from '../../errors/node.js'
import { notJson } from './envelope.js'
import type { MethodSpec, WrongEndpointHints } from './spec.js'

/**
 * Sends one JSON-RPC request through a host library and resolves with its `result`, in
 * EIP-1193's `request` shape: a viem client's `request` is one as it is.
 */
export type Send = (request: { method: string; params: unknown }) => Promise<unknown>

let lastId = 0

/** A JSON-RPC 2.0 request body, numbered from one counter for all of subnet-rpc's own requests. */
export function requestBody(method: string, params: unknown) {
  return { jsonrpc: '2.0' as const, id: ++lastId, method, params }
}

/**
 * The node's JSON-RPC error inside what a host library threw: the deepest object with a
 * numeric `code` and a string `message`. viem chains its errors by `cause` down to the
 * reply's own error object; ethers nests it as `error` (or `info.error`) under an error
 * with a string code; an EIP-1193 provider throws it as it is.
 */
export function findRpcFailure(err: unknown): RpcFailure | undefined {
  let found: RpcFailure | undefined
  const visit = (e: unknown, depth: number) => {
    // A primitive has no such fields: only objects get past isRpcFailure, and destructuring one finds nothing.
    if (!e || depth > 10) return
    if (isRpcFailure(e)) found = e
    const { cause, error, info } = e as { cause?: unknown; error?: unknown; info?: { error?: unknown } }
    visit(error, depth + 1)
    visit(info?.error, depth + 1)
    visit(cause, depth + 1)
  }
  visit(err, 0)
  return found
}

/**
 * What a failed request becomes: subnet-rpc's own errors as they are; the node's JSON-RPC
 * error as `NodeRpcError` or `MethodNotFoundError` (with the wording of the method's
 * family for a wrong endpoint); a 2xx body that is not JSON (a host library's error caused by a
 * SyntaxError) as `ResponseShapeError`; anything else (network, timeout, the library's own
 * errors) unchanged.
 */
export function toSubnetError(spec: { method: string; family?: WrongEndpointHints | undefined }, err: unknown): unknown {
  if (err instanceof SubnetRpcError) return err
  const failure = findRpcFailure(err)
  if (failure) return nodeError(spec, failure, err instanceof Error ? err : undefined)
  if ((err as { cause?: unknown } | undefined)?.cause instanceof SyntaxError) return notJson(spec.method, err as Error)
  return err
}

/** Checks the arguments, sends the request, decodes the result; the node's errors become subnet-rpc's. */
export async function callMethod<A, R>(spec: MethodSpec<A, R>, args: A | undefined, send: Send): Promise<R> {
  try {
    // Arguments are encoded (and refused) before anything is sent; our own errors (a refused
    // argument, a reply of the wrong shape) pass through toSubnetError as they are.
    return spec.decode(await send({ method: spec.method, params: spec.encode(args) }))
  } catch (e) {
    throw toSubnetError(spec, e)
  }
}
