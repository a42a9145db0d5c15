/**
 * The Info API over the same connection as a viem client: the `/ext/info` URL derived
 * from the client's http transport (path prefix, credentials and query kept), with the
 * same fetch options, timeout and retries, and batching off (the node rejects batches).
 */
import { createClient, createTransport, http, type Client, type Transport } from 'viem'
import { InfoEndpointError } from '../../errors/argument.js'
import { findRpcFailure } from './request.js'
import { deriveInfoUrl } from '../../core/url.js'

export { deriveInfoUrl }

export type InfoActionsOptions = {
  /** The node's Info URL (or its base URL, or any of its `/ext/bc/<id>/rpc` URLs). */
  url?: string
  /** A transport to reach the Info API with, used as given. */
  transport?: Transport
}

type HttpLike = {
  config: { type: string; key: string; timeout?: number; retryCount?: number; retryDelay?: number }
  value?: { url?: string; fetchOptions?: RequestInit; fetchFn?: typeof fetch; lossless?: (f?: typeof fetch) => typeof fetch }
}

function infoHttp(t: HttpLike['config'] & NonNullable<HttpLike['value']>): Transport {
  if (!t.url) throw new InfoEndpointError('Cannot derive the Info API URL: the http transport has no URL.')
  return http(deriveInfoUrl(t.url), {
    batch: false,
    fetchOptions: t.fetchOptions,
    timeout: t.timeout,
    retryCount: t.retryCount,
    retryDelay: t.retryDelay,
    // subnetHttp exposes its lossless fetch; plain http has none to reuse.
    ...(t.fetchFn ? { fetchFn: t.fetchFn } : {}),
  })
}

/** The transport that reaches the Info API of the node behind `client`. */
export function infoTransportFor(client: Client, options: InfoActionsOptions = {}): Transport {
  if (options.transport) return options.transport
  const t = client.transport as unknown as Record<string, unknown> & HttpLike['config']
  if (options.url) {
    // Reuse the client's fetch options (headers) only towards the same origin.
    const same = t.type === 'http' && typeof t.url === 'string' && new URL(t.url).origin === new URL(deriveInfoUrl(options.url)).origin
    // Elsewhere, a subnetHttp client still parses losslessly, with the plain global fetch.
    const other = { type: 'http', key: 'http', fetchFn: typeof t.lossless === 'function' ? (t.lossless as () => typeof fetch)() : undefined }
    return infoHttp({ ...(same ? t : other), url: options.url } as never)
  }
  if (t.type === 'http') return infoHttp(t as never)
  if (t.type === 'fallback' && Array.isArray(t.transports)) {
    const inner = t.transports as HttpLike[]
    if (inner.length > 0 && inner.every((x) => x.config.type === 'http'))
      return firstThatAnswers(inner.map((x) => infoHttp({ ...x.config, ...x.value } as never)))
  }
  throw new InfoEndpointError(
    `Cannot derive the Info API URL from a ${String(t.type)} transport. Pass infoActions({ url }) with the node's URL, or infoActions({ transport }).`,
  )
}

/**
 * Tries each Info transport in order until one answers, like viem's `fallback` (which
 * would add 2 KB to every app). A JSON-RPC error from a node is an answer, not a failure.
 */
function firstThatAnswers(transports: Transport[]): Transport {
  return ({ chain }) => {
    const instances = transports.map((t) => t({ chain, retryCount: 0 }))
    return createTransport({
      key: 'fallback',
      name: 'Info fallback',
      type: 'fallback',
      async request(args: { method: string; params?: unknown }): Promise<unknown> {
        let last: unknown
        for (const t of instances) {
          try {
            return await t.request(args)
          } catch (e) {
            // viem wraps the node's RpcRequestError (e.g. in an InvalidInputRpcError): look down the chain.
            if (findRpcFailure(e)) throw e
            last = e
          }
        }
        throw last
      },
    } as unknown as Parameters<typeof createTransport>[0])
  }
}

const cache = new WeakMap<object, Client>()

/** A client for the Info API of the node behind `client` (cached per client when no options are given). */
export function infoClientFor(client: Client, options?: InfoActionsOptions): Client {
  if (!options?.url && !options?.transport) {
    const hit = cache.get(client)
    if (hit) return hit
  }
  const info = createClient({ transport: infoTransportFor(client, options), chain: client.chain })
  if (!options?.url && !options?.transport) cache.set(client, info)
  return info
}
