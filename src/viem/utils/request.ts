/** Runs a method spec over a viem client: the shared call (core/methods/call.ts) with viem's `request` as the way to send. */
import type { Client } from 'viem'
import { callMethod } from '../../core/methods/call.js'
import type { MethodSpec } from '../../core/methods/spec.js'

/** What an action needs of a client: its `request`. */
export type Requester = Pick<Client, 'request'>

/** Checks the arguments, sends through the client's transport (its retries and error mapping included), decodes. */
export function execute<A, R>(client: Requester, spec: MethodSpec<A, R>, args: A | undefined): Promise<R> {
  const request = client.request as (args: { method: string; params: unknown }) => Promise<unknown>
  return callMethod(spec, args, (method, params) => request({ method, params }))
}
