/** Runs a shared method spec over a viem client, mapping node errors to subnet-rpc's. */
import type { Client } from 'viem'
import { notJson } from '../../core/methods/envelope.js'
import type { MethodSpec } from '../../core/methods/spec.js'
import { SubnetRpcError } from '../../errors/base.js'
import { nodeError } from '../../errors/node.js'

type Failure = { code: number; message: string; data?: unknown }

/** Finds the node's JSON-RPC error in a viem error chain (http: RpcRequestError; EIP-1193: the provider's error object). */
export function findRpcFailure(err: unknown): Failure | undefined {
  let found: Failure | undefined
  let e: unknown = err
  for (let depth = 0; e && typeof e === 'object' && depth < 10; depth++) {
    const o = e as { name?: string; code?: unknown; details?: unknown; message?: unknown; data?: unknown; cause?: unknown }
    if (o.name === 'RpcRequestError' && typeof o.code === 'number' && typeof o.details === 'string')
      return { code: o.code, message: o.details, data: o.data }
    // A plain provider error ({ code, message, data }) is the deepest, most exact one.
    if (typeof o.code === 'number' && typeof o.message === 'string' && !(e instanceof Error && 'shortMessage' in e)) found = { code: o.code, message: o.message, data: o.data }
    e = o.cause
  }
  return found
}

/**
 * Turns a failed request into a subnet-rpc error when the node answered with an error, or
 * with a 2xx body that is not JSON (viem's HttpRequestError around the SyntaxError).
 */
export function toSubnetError(method: string, err: unknown): unknown {
  if (err instanceof SubnetRpcError) return err
  const failure = findRpcFailure(err)
  if (failure) return nodeError({ method, ...failure, cause: err as Error })
  return (err as { cause?: unknown } | undefined)?.cause instanceof SyntaxError ? notJson(method, err as Error) : err
}

/** Checks arguments, sends the request, decodes the result. */
export async function execute<A, R>(client: Pick<Client, 'request'>, spec: MethodSpec<A, R>, args: A): Promise<R> {
  const params = spec.params(args)
  let raw: unknown
  try {
    raw = await (client.request as (a: { method: string; params: unknown }) => Promise<unknown>)({ method: spec.method, params })
  } catch (e) {
    throw toSubnetError(spec.method, e)
  }
  return spec.result(raw)
}
