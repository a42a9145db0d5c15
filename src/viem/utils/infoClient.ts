/**
 * The Info API over the same connection as a viem client: the `/ext/info` URL derived
 * from the client's http transport (path prefix, credentials and query kept), with the
 * same fetch options, timeout and retries, and batching off (the node rejects batches).
 */
import { createTransport, http, type Client, type Transport } from 'viem'
import type { MethodSpec } from '../../core/methods/spec.js'
import { deriveInfoUrl } from '../../core/url.js'
import { InfoEndpointError } from '../../errors/argument.js'
import { execute, findRpcFailure } from './request.js'

export { deriveInfoUrl }

export type InfoActionsOptions = {
  /** The node's Info URL (or its base URL, or any of its `/ext/bc/<id>/rpc` URLs). */
  url?: string
  /** A transport to reach the Info API with, used as given. */
  transport?: Transport
}

/** What an http transport (viem's or subnetHttp) shows of its settings. */
type HttpSettings = {
  type?: string
  url?: string
  fetchOptions?: RequestInit
  fetchFn?: typeof fetch
  timeout?: number
  retryCount?: number
  retryDelay?: number
  /** subnetHttp's own factory, so the Info transport parses losslessly too. */
  subnetHttp?: typeof http
}

// The same settings as the client's transport (headers, fetch, timeout, retries), minus its
// batching and any method filter, which are the chain endpoint's.
const infoHttp = (t: HttpSettings): Transport => (t.subnetHttp ?? http)(deriveInfoUrl(t.url!), { ...t, batch: false, methods: undefined })

/** The transport that reaches the Info API of the node behind `client`. */
function infoTransportFor(client: Client, { url, transport }: InfoActionsOptions = {}): Transport {
  if (transport) return transport
  const t = client.transport as HttpSettings & { transports?: { config: HttpSettings; value?: HttpSettings }[] }
  const isHttp = t.type === 'http'
  if (url)
    // The client's settings (headers) go only to its own origin; elsewhere a subnetHttp client still parses losslessly.
    return infoHttp(
      isHttp && new URL(t.url!).origin === new URL(deriveInfoUrl(url)).origin ? { ...t, url } : { url, subnetHttp: t.subnetHttp },
    )
  if (isHttp) return infoHttp(t)
  // viem's fallback always has at least one transport (its type says so).
  const inner = t.transports!
  if (t.type === 'fallback' && inner.every((x) => x.config.type === 'http')) return firstThatAnswers(inner.map((x) => infoHttp({ ...x.config, ...x.value })))
  throw new InfoEndpointError(`Cannot derive the Info API URL from a ${t.type} transport: pass infoActions({ url }) or infoActions({ transport }).`)
}

/**
 * Tries each Info transport in order until one answers, like viem's `fallback` (which
 * would add 2 KB to every app). A JSON-RPC error from a node is an answer, not a failure.
 */
const firstThatAnswers =
  (transports: Transport[]): Transport =>
  (options) => {
    // Retries are the round's, as in viem's fallback: the inner settings already say 0 (viem
    // made them with retryCount 0), unless the user gave an http transport its own.
    const instances = transports.map((t) => t(options))
    // Internal, so no key, name or type; createTransport adds viem's retries around the round.
    return createTransport({
      async request(args) {
        let last: unknown
        for (const t of instances)
          try {
            return await t.request(args)
          } catch (e) {
            // viem wraps the node's RpcRequestError (e.g. in an InvalidInputRpcError): look down the chain.
            if (findRpcFailure(e)) throw e
            last = e
          }
        throw last
      },
    } as Parameters<typeof createTransport>[0])
  }

/** What Info actions need of a client: its `request`. */
type Requester = Pick<Client, 'request'>

/**
 * Requests to the Info API of the node behind `client`, its transport derived on the first
 * request: `execute` checks the arguments before that, so bad input fails first, and a
 * failed derivation rejects like any request.
 */
export function infoRequester(client: Client, options?: InfoActionsOptions): Requester {
  let info: Requester | undefined
  // A transport instance is what a client would request through (viem's retries and error mapping included);
  // no chain: the Info URL never comes from the chain's RPC URLs.
  return { request: ((args: never) => (info ??= infoTransportFor(client, options)({})).request(args)) as Client['request'] }
}

const derived = new WeakMap<Client, Requester>()

/** Runs an Info method spec against the node behind `client` (its Info client derived once per client). */
export function executeInfo<A, R>(client: Client, spec: MethodSpec<A, R>, args: A): Promise<R> {
  let info = derived.get(client)
  if (!info) derived.set(client, (info = infoRequester(client)))
  return execute(info, spec, args)
}
