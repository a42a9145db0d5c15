import type { Client } from 'viem'
import type { MethodSpec } from '../../core/methods/spec.js'
import { infoClientFor, type InfoActionsOptions } from './infoClient.js'
import { execute } from './request.js'

/** Clients made for the Info API itself; used as they are, not derived again. */
const infoClients = new WeakSet<object>()

/** The Info client for `client`, built once per client and options. */
export function toInfoClient(client: Client, options?: InfoActionsOptions): Client {
  if (infoClients.has(client)) return client
  const info = infoClientFor(client, options)
  infoClients.add(info)
  return info
}

/**
 * A stand-in for the Info client of `client` that derives it on the first request, so
 * argument checks still run first and a failed derivation rejects instead of throwing.
 */
export function lazyInfoClient(client: Client, options?: InfoActionsOptions): Client {
  let info: Client | undefined
  const request = ((args: never) => (info ??= toInfoClient(client, options)).request(args)) as Client['request']
  const lazy = { ...client, request } as Client
  infoClients.add(lazy)
  return lazy
}

/** Runs an Info method spec against the node behind `client`. */
export function executeInfo<A, R>(client: Client, spec: MethodSpec<A, R>, args: A): Promise<R> {
  // Check arguments first, so bad input fails before anything else, even URL derivation.
  spec.params(args)
  return execute(toInfoClient(client), spec, args)
}
