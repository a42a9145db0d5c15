/**
 * The Info API over the same connection as a viem client: the `/ext/info` URL derived from
 * the client's transport (path prefix, credentials and query kept), with the same fetch
 * settings, timeout and retries, and batching off (the node rejects batches). The node's
 * other gorilla endpoints (`/ext/health`, an L1's `/ext/bc/<id>/validators`) are reached
 * the same way, each with its own URL derivation (`Endpoint`).
 */
import { createTransport, http, type Client, type HttpTransportConfig, type Transport } from 'viem'
import { findRpcFailure } from '../../core/methods/call.js'
import { deriveInfoUrl } from '../../core/url.js'
import { InfoEndpointError } from '../../errors/argument.js'
import type { Requester } from './request.js'

export type InfoActionsOptions = {
  /** The node's Info URL (or its base URL, or any of its `/ext/bc/<id>/rpc` URLs). */
  url?: string | undefined
  /** A transport to reach the Info API with, used as given. */
  transport?: Transport | undefined
}

/** What a client's transport shows of itself: viem's `http` and `webSocket`, `fallback`, or subnetHttp. */
type TransportView = {
  type?: string
  url?: string
  fetchOptions?: RequestInit
  timeout?: number
  retryCount?: number
  retryDelay?: number
  /** subnetHttp's own factory and its whole config, so its Info transport is made the same way. */
  subnetHttp?: (url: string, config: HttpTransportConfig) => Transport
  subnetHttpConfig?: HttpTransportConfig
  /** webSocket's client, whose `url` is the one the socket was opened with. */
  getRpcClient?: () => Promise<{ url: string }>
  transports?: { config: TransportView; value?: TransportView }[]
}

/**
 * An http transport to `url` with the settings of the client's http transport, minus its
 * batching and any method filter (the chain endpoint's). subnetHttp passes its whole config
 * (fetchFn, onFetchRequest/onFetchResponse, maxResponseBodySize included); viem's `http`
 * keeps those private, so only what it shows (fetchOptions, timeout, retries) carries over.
 */
function infoHttp(t: TransportView, url: string): Transport {
  const shared = { batch: false, methods: undefined } as const
  if (t.subnetHttp) return t.subnetHttp(url, { ...t.subnetHttpConfig, ...shared })
  return http(url, { fetchOptions: t.fetchOptions, timeout: t.timeout, retryCount: t.retryCount, retryDelay: t.retryDelay, ...shared })
}

/**
 * One of the node's endpoints besides the chain's: how its URL follows from a node URL
 * (throws InfoEndpointError), and how to name it in errors (`Health API`, `healthActions`).
 */
export type Endpoint = { derive: (nodeUrl: string) => string; api: string; decorator: string }

/** The Info API as an `Endpoint`. */
const infoEndpoint: Endpoint = { derive: deriveInfoUrl, api: 'Info API', decorator: 'infoActions' }

/** The transport that reaches `endpoint` (the Info API unless given) of the node behind `client`. */
async function infoTransportFor(client: Client, { url, transport }: InfoActionsOptions = {}, endpoint = infoEndpoint): Promise<Transport> {
  if (transport) return transport
  const { derive, api, decorator } = endpoint
  const t = client.transport as TransportView
  if (url) {
    const infoUrl = derive(url)
    // The client's settings (headers) go only to its own origin; elsewhere a subnetHttp client still parses losslessly.
    const sameOrigin = t.type === 'http' && new URL(t.url!).origin === new URL(infoUrl).origin
    return infoHttp(sameOrigin ? t : { subnetHttp: t.subnetHttp }, infoUrl)
  }
  if (t.type === 'http') return infoHttp(t, derive(t.url!))
  // The socket's settings (timeout, retries) carry over as an http transport's do; it shows no fetch options.
  if (t.type === 'webSocket' && t.getRpcClient) return infoHttp(t, derive((await t.getRpcClient()).url))
  const inner = t.transports
  if (t.type === 'fallback' && inner?.every((x) => x.config.type === 'http')) {
    return firstThatAnswers(inner.map((x) => ({ ...x.config, ...x.value })).map((view) => infoHttp(view, derive(view.url!))))
  }
  throw new InfoEndpointError(
    `Cannot derive the ${api} URL from a ${t.type} transport: pass ${decorator}({ url }) with the node's URL, or ${decorator}({ transport }).`,
  )
}

/**
 * Tries each Info transport in order until one answers, like viem's `fallback` (which would
 * add 2 KB to every app). A JSON-RPC error from a node is an answer, not a failure.
 */
function firstThatAnswers(transports: Transport[]): Transport {
  return (options) => {
    // Retries are the round's, as in viem's fallback: the inner transports keep their own settings.
    const instances = transports.map((t) => t(options))
    return createTransport({
      key: 'subnetInfoFallback',
      name: 'Info API fallback',
      type: 'subnetInfoFallback',
      async request(args: unknown) {
        let last: unknown
        for (const t of instances) {
          try {
            return await t.request(args as never)
          } catch (e) {
            if (findRpcFailure(e)) throw e
            last = e
          }
        }
        throw last
      },
    } as Parameters<typeof createTransport>[0])
  }
}

/**
 * Requests to the Info API of the node behind `client`, its transport derived on the first
 * request: actions check their arguments before that, so bad input fails first, and a
 * failed derivation rejects like any request (it never throws from `extend`).
 */
function infoRequester(client: Client, options?: InfoActionsOptions, endpoint?: Endpoint): Requester {
  let instance: Promise<Requester> | undefined
  const request = async (args: never) => {
    // A transport instance is what a client would request through (viem's retries and error mapping included);
    // no chain: the Info URL never comes from the chain's RPC URLs.
    instance ??= infoTransportFor(client, options, endpoint).then((transport) => transport({}))
    return (await instance).request(args)
  }
  return { request: request as unknown as Client['request'] }
}

/** Each client's Info requester: the one `infoActions` made for it, else one derived on first use. */
const requesters = new WeakMap<Client, Requester>()

/** Makes the Info requester of `client` with `options`; `infoActions` does, once per client it extends. */
export function setInfoRequester(client: Client, options?: InfoActionsOptions): void {
  requesters.set(client, infoRequester(client, options))
}

/** The Info requester the standalone Info actions use for `client`. */
export function infoRequesterOf(client: Client): Requester {
  let info = requesters.get(client)
  if (!info) {
    info = infoRequester(client)
    requesters.set(client, info)
  }
  return info
}

/** Each endpoint's requesters by client, as `requesters` is for the Info API. */
const endpointRequesters = new WeakMap<Endpoint, WeakMap<Client, Requester>>()

function requestersOf(endpoint: Endpoint): WeakMap<Client, Requester> {
  let map = endpointRequesters.get(endpoint)
  if (!map) {
    map = new WeakMap()
    endpointRequesters.set(endpoint, map)
  }
  return map
}

/**
 * Makes the requester of `client` for `endpoint` with `options` (a decorator does, once per
 * client it extends); `derive` replaces the endpoint's URL derivation for this client.
 */
export function setEndpointRequester(endpoint: Endpoint, client: Client, options?: InfoActionsOptions, derive?: Endpoint['derive']): void {
  requestersOf(endpoint).set(client, infoRequester(client, options, derive ? { ...endpoint, derive } : endpoint))
}

/** The requester the standalone actions of `endpoint` use for `client`: the decorator's, else one derived on first use. */
export function endpointRequesterOf(endpoint: Endpoint, client: Client): Requester {
  const map = requestersOf(endpoint)
  let requester = map.get(client)
  if (!requester) {
    requester = infoRequester(client, undefined, endpoint)
    map.set(client, requester)
  }
  return requester
}
