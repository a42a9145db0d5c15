/**
 * The node's endpoints besides the chain's (`/ext/info`, `/ext/health`, an L1's
 * `/ext/bc/<id>/validators`, a chain's `/ext/bc/<id>/proposervm`) over the same connection as a viem client: each endpoint's URL
 * derived from the client's transport (path prefix, credentials and query kept), with the same
 * fetch settings, timeout and retries, and batching off (the node rejects batches). Each
 * endpoint holds the requester of every client that used it: the one its decorator made, else
 * one derived on first use.
 */
import { createTransport, http, type Client, type HttpTransportConfig, type Transport } from 'viem'
import { callMethod, findRpcFailure, type Send } from '../../core/methods/call.js'
import type { ActionsOf, ArgsOf, MethodSpec } from '../../core/methods/spec.js'
import { deriveHealthUrl, deriveInfoUrl, deriveProposerVMUrl, deriveValidatorsUrl } from '../../core/url.js'
import { InfoEndpointError } from '../../errors/argument.js'
import type { StandaloneAction } from '../types/actions.js'
import type { Requester } from './request.js'

/** A decorator's options for an endpoint: the node's URL (any of them) or a transport to the endpoint. */
export type EndpointActionsOptions = {
  /** A URL of the node: its base URL, the endpoint's own, or any of its `/ext/bc/<id>/rpc` URLs. */
  url?: string | undefined
  /** A transport to reach the endpoint with, used as given. */
  transport?: Transport | undefined
}

/** `validatorsActions`' options: a URL of the node or L1, the L1's blockchain ID, or a transport. */
export type ValidatorsActionsOptions = EndpointActionsOptions & {
  /**
   * The L1's blockchain ID (or alias): needed when the URL (the client's, or `url`) is not
   * one of the L1's `/ext/bc/<id>/…` URLs, e.g. the node's base URL.
   */
  blockchainID?: string | undefined
}

/** `proposerVMActions`' options: a URL of the node or chain, the chain's blockchain ID or alias, or a transport. */
export type ProposerVMActionsOptions = EndpointActionsOptions & {
  /**
   * The chain's blockchain ID or alias (`P`, `C`, an L1's): needed when the URL (the client's, or
   * `url`) is not one of the chain's `/ext/bc/<id>/…` URLs, e.g. the node's base URL.
   */
  blockchainID?: string | undefined
}

/** What a client's transport shows of itself: viem's `http` and `webSocket`, `fallback`, or subnetHttp. */
type TransportView = {
  type?: string
  url?: string
  fetchOptions?: RequestInit
  timeout?: number
  retryCount?: number
  retryDelay?: number
  /** subnetHttp's own factory and its whole config, so an endpoint's transport is made the same way. */
  subnetHttp?: (url: string, config: HttpTransportConfig) => Transport
  subnetHttpConfig?: HttpTransportConfig
  /** webSocket's client, whose `url` is the one the socket was opened with. */
  getRpcClient?: () => Promise<{ url: string }>
  transports?: { config: TransportView; value?: TransportView }[]
}

/**
 * One of the node's endpoints besides the chain's: how its URL follows from a node URL and the
 * decorator's options (throws InfoEndpointError), how to name it in errors (`Health API`,
 * `healthActions`), and each client's requester.
 */
export type Endpoint<O extends EndpointActionsOptions = EndpointActionsOptions> = {
  derive: (nodeUrl: string, options: O | undefined) => string
  api: string
  decorator: string
  requesters: WeakMap<Client, Requester>
}

/** The node's endpoints, each a module constant of its own so an app bundles only those it uses. */
export const infoEndpoint: Endpoint = { derive: deriveInfoUrl, api: 'Info API', decorator: 'infoActions', requesters: new WeakMap() }
export const healthEndpoint: Endpoint = {
  derive: deriveHealthUrl,
  api: 'Health API',
  decorator: 'healthActions',
  requesters: new WeakMap(),
}
export const validatorsEndpoint: Endpoint<ValidatorsActionsOptions> = {
  derive: (url, options) => deriveValidatorsUrl(url, options?.blockchainID),
  api: 'Validators API',
  decorator: 'validatorsActions',
  requesters: new WeakMap(),
}

export const proposerVMEndpoint: Endpoint<ProposerVMActionsOptions> = {
  derive: (url, options) => deriveProposerVMUrl(url, options?.blockchainID),
  api: 'ProposerVM API',
  decorator: 'proposerVMActions',
  requesters: new WeakMap(),
}

/**
 * An http transport to `url` with the settings of the client's http transport, minus its
 * batching and any method filter (the chain endpoint's). subnetHttp passes its whole config
 * (fetchFn, onFetchRequest/onFetchResponse, maxResponseBodySize included); viem's `http`
 * keeps those private, so only what it shows (fetchOptions, timeout, retries) carries over.
 */
function endpointHttp(t: TransportView, url: string): Transport {
  const shared = { batch: false, methods: undefined } as const
  if (t.subnetHttp) return t.subnetHttp(url, { ...t.subnetHttpConfig, ...shared })
  return http(url, { fetchOptions: t.fetchOptions, timeout: t.timeout, retryCount: t.retryCount, retryDelay: t.retryDelay, ...shared })
}

/** The transport that reaches `endpoint` of the node behind `client`. */
async function transportFor<O extends EndpointActionsOptions>(client: Client, endpoint: Endpoint<O>, options?: O): Promise<Transport> {
  if (options?.transport) return options.transport
  const { api, decorator } = endpoint
  const derive = (url: string) => endpoint.derive(url, options)
  const t = client.transport as TransportView
  if (options?.url) {
    const endpointUrl = derive(options.url)
    // The client's settings (headers) go only to its own origin; elsewhere a subnetHttp client still parses losslessly.
    const sameOrigin = t.type === 'http' && new URL(t.url!).origin === new URL(endpointUrl).origin
    return endpointHttp(sameOrigin ? t : { subnetHttp: t.subnetHttp }, endpointUrl)
  }
  if (t.type === 'http') return endpointHttp(t, derive(t.url!))
  // The socket's settings (timeout, retries) carry over as an http transport's do; it shows no fetch options.
  if (t.type === 'webSocket' && t.getRpcClient) return endpointHttp(t, derive((await t.getRpcClient()).url))
  const inner = t.transports
  if (t.type === 'fallback' && inner?.every((x) => x.config.type === 'http')) {
    return firstThatAnswers(inner.map((x) => ({ ...x.config, ...x.value })).map((view) => endpointHttp(view, derive(view.url!))))
  }
  throw new InfoEndpointError(
    `Cannot derive the ${api} URL from a ${t.type} transport: pass ${decorator}({ url }) with the node's URL, or ${decorator}({ transport }).`,
  )
}

/**
 * Tries each endpoint transport in order until one answers, like viem's `fallback` (which would
 * add 2 KB to every app). A JSON-RPC error from a node is an answer, not a failure.
 */
function firstThatAnswers(transports: Transport[]): Transport {
  return (options) => {
    // Retries are the round's, as in viem's fallback: the inner transports keep their own settings.
    const instances = transports.map((t) => t(options))
    return createTransport({
      key: 'subnetFallback',
      name: 'Endpoint fallback',
      type: 'subnetFallback',
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
 * Makes the requester of `client` for `endpoint` with `options` (its decorator does, once per
 * client it extends). Its transport is derived on the first request: actions check their
 * arguments before that, so bad input fails first, and a failed derivation rejects like any
 * request (it never throws from `extend`).
 */
export function setEndpointRequester<O extends EndpointActionsOptions>(endpoint: Endpoint<O>, client: Client, options?: O): Requester {
  let instance: Promise<Requester> | undefined
  const request = async (args: never) => {
    // A transport instance is what a client would request through (viem's retries and error mapping included);
    // no chain: an endpoint's URL never comes from the chain's RPC URLs.
    instance ??= transportFor(client, endpoint, options).then((transport) => transport({}))
    return (await instance).request(args)
  }
  const requester = { request: request as unknown as Client['request'] }
  endpoint.requesters.set(client, requester)
  return requester
}

/**
 * The maker of `endpoint`'s standalone actions: each the method of a spec, through the
 * requester of the client's decorator, else one derived on first use.
 */
export const endpointAction =
  (endpoint: Endpoint<never>) =>
  <S extends MethodSpec<never, unknown>>(spec: S): StandaloneAction<S, Client> =>
    ((client: Client, parameters?: ArgsOf<S>) =>
      callMethod(
        spec,
        parameters as never,
        (endpoint.requesters.get(client) ?? setEndpointRequester(endpoint, client)).request as Send,
      )) as StandaloneAction<S, Client>

const isClient = (value: unknown): value is Client => typeof (value as Client | undefined)?.request === 'function'

/**
 * A decorator of `endpoint` used called (`extend(infoActions({ url }))`) or not
 * (`extend(infoActions)`): for each client, its requester made with the options, then each of
 * `standalone` (one per entry of the method table `T`) bound to the client.
 */
export function endpointActions<T, O extends EndpointActionsOptions>(
  endpoint: Endpoint<O>,
  standalone: { [K in keyof T]: (client: Client, parameters: never) => Promise<unknown> },
  arg: O | Client | undefined,
): ActionsOf<T> | ((client: Client) => ActionsOf<T>) {
  const actionsFor = (client: Client, options?: O) => {
    setEndpointRequester(endpoint, client, options)
    const entries = Object.keys(standalone).map((name) => [name, (parameters: never) => standalone[name as keyof T](client, parameters)])
    return Object.fromEntries(entries) as ActionsOf<T>
  }
  return isClient(arg) ? actionsFor(arg) : (client: Client) => actionsFor(client, arg)
}
