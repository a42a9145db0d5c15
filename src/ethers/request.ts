/** Runs a shared method spec over anything ethers-like, mapping node errors to subnet-rpc's. */
import type { MethodSpec } from '../core/methods/spec.js'
import { SubnetRpcError } from '../errors/base.js'
import { nodeError } from '../errors/node.js'

/** An ethers provider (`send(method, params)`), Hardhat's `hre.ethers.provider` among them. */
export type Sender = { send(method: string, params: unknown[] | Record<string, unknown>): Promise<unknown> }
/** An EIP-1193 provider (`request({ method, params })`), e.g. `hre.network.provider` or `window.ethereum`. */
export type Requester = { request(args: { method: string; params?: unknown }): Promise<unknown> }
export type AnyProvider = Sender | Requester

type Failure = { code: number; message: string; data?: unknown }

function asFailure(o: unknown): Failure | undefined {
  if (o && typeof o === 'object' && typeof (o as Failure).code === 'number' && typeof (o as Failure).message === 'string') return o as Failure
  return undefined
}

/**
 * The node's JSON-RPC error inside an ethers error (`error`, or `info.error` for
 * UNSUPPORTED_OPERATION) or an EIP-1193 provider error.
 */
export function findRpcFailure(err: unknown): Failure | undefined {
  if (!err || typeof err !== 'object') return undefined
  const e = err as { error?: unknown; info?: { error?: unknown }; code?: unknown }
  // ethers' own errors carry string codes; the node's error is nested.
  if (typeof e.code === 'string') return asFailure(e.error) ?? asFailure(e.info?.error)
  return asFailure(err)
}

export function toSubnetError(method: string, err: unknown): unknown {
  if (err instanceof SubnetRpcError) return err
  const failure = findRpcFailure(err)
  return failure ? nodeError({ method, code: failure.code, message: failure.message, data: failure.data, cause: err instanceof Error ? err : undefined }) : err
}

/** Checks arguments, sends, decodes. */
export async function run<A, R>(provider: AnyProvider, spec: MethodSpec<A, R>, args: A): Promise<R> {
  const params = spec.params(args) as unknown[]
  let raw: unknown
  try {
    raw = 'send' in provider && typeof provider.send === 'function' ? await provider.send(spec.method, params) : await (provider as Requester).request({ method: spec.method, params })
  } catch (e) {
    throw toSubnetError(spec.method, e)
  }
  return spec.result(raw)
}
