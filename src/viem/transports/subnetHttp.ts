import { http, type HttpTransport, type HttpTransportConfig } from 'viem'
import { markUnsafeIntegers } from '../../core/json/parse.js'

export type SubnetHttpTransportConfig = Omit<HttpTransportConfig, 'fetchFn'> & {
  /** The fetch to wrap (default: global `fetch`). */
  fetchFn?: HttpTransportConfig['fetchFn']
}

const longDigitRun = /\d{16}/

/**
 * Wraps a fetch so that integers beyond 2^53 in a reply survive viem's `JSON.parse`:
 * they are rewritten as tagged strings the subnet-rpc decoders turn back into exact
 * bigints. Replies without a 16-digit run pass through untouched.
 */
export function losslessFetch(fetchFn: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const res = await fetchFn(input, init)
    const text = await res.text()
    const body = longDigitRun.test(text) ? markUnsafeIntegers(text) : text
    return new Response(body, { status: res.status, statusText: res.statusText, headers: res.headers })
  }
}

/** The key of transports created by `subnetHttp`. */
export const subnetHttpKey = 'subnetHttp'

/**
 * viem's `http` transport with a lossless body parse: fee values and other integers
 * above 2^53 come back exact (`9007199254740993n`) from the subnet-rpc actions, where
 * plain `http` would have rounded them.
 *
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp, subnetActions } from 'subnet-rpc/viem'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 *   .extend(subnetActions())
 * const { feeConfig } = await client.feeConfig()
 */
export function subnetHttp(url?: string, config: SubnetHttpTransportConfig = {}): HttpTransport {
  const fetchFn = losslessFetch(config.fetchFn)
  const transport = http(url, { key: subnetHttpKey, name: 'Subnet HTTP JSON-RPC', ...config, fetchFn })
  // The fetch is exposed on the transport's value, so a derived Info transport can reuse it.
  return ((options) => {
    const t = transport(options)
    // `lossless` lets an Info transport to another origin stay exact without the user's fetchFn.
    return { ...t, value: { ...t.value, fetchFn, lossless: losslessFetch } }
  }) as HttpTransport
}
