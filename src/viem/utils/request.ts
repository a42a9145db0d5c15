/** Runs a shared method spec over a viem client, mapping node errors to subnet-rpc's. */
import type { Client } from 'viem'
import { notJson } from '../../core/methods/envelope.js'
import type { MethodSpec } from '../../core/methods/spec.js'
import { nodeError, type RpcFailure } from '../../errors/node.js'

/**
 * Finds the node's JSON-RPC error in a viem error chain: the deepest error with a numeric
 * code and a message, which is the reply's own error object (the cause of viem's
 * RpcRequestError over http) or the provider's over EIP-1193. viem's wrappers above it
 * carry the same code, or -1 for codes they do not know.
 */
export function findRpcFailure(err: unknown): RpcFailure | undefined {
  let found: RpcFailure | undefined
  // The test of asRpcFailure, written out: calling it here costs the info bundle 17 bytes of its 3 KB budget.
  for (let e = err as Partial<RpcFailure> & { cause?: unknown }, depth = 0; e && depth < 10; e = e.cause as typeof e, depth++)
    if (typeof e.code === 'number' && typeof e.message === 'string') found = { code: e.code, message: e.message, data: e.data }
  return found
}

/** Checks arguments, sends the request, decodes the result; node errors become subnet-rpc errors. */
export async function execute<A, R>(client: Pick<Client, 'request'>, spec: MethodSpec<A, R>, args: A): Promise<R> {
  const { method } = spec
  const request = (client.request as (a: { method: string; params: unknown }) => Promise<unknown>)({ method, params: spec.params(args) })
  return spec.result(
    await request.catch((err) => {
      throw toSubnetError(method, err)
    }),
  )
}

/**
 * Turns a failed request into a subnet-rpc error when the node answered with an error, or
 * with a 2xx body that is not JSON (viem's HttpRequestError around the SyntaxError).
 */
export function toSubnetError(method: string, err: unknown): unknown {
  // Our own errors (a failed Info URL derivation) carry no code and pass through as they are.
  const failure = findRpcFailure(err)
  return failure
    ? nodeError({ method, ...failure, cause: err as Error })
    : (err as { cause?: unknown })?.cause instanceof SyntaxError
      ? notJson(method, err as Error)
      : err
}
