import { http, ResponseBodyTooLargeError, type HttpTransport, type HttpTransportConfig } from 'viem'
import { markUnsafeIntegers, revive } from '../../core/json/parse.js'

export type SubnetHttpTransportConfig = Omit<HttpTransportConfig, 'fetchFn'> & {
  /** The fetch to wrap (default: global `fetch`). */
  fetchFn?: HttpTransportConfig['fetchFn']
}

/** viem's default limit for a reply body. */
const defaultMaxBytes = 10_485_760
const utf8 = new TextDecoder()

/** Reads a body, giving up (and cancelling the stream) past `maxBytes`. */
async function readLimited(res: Response, maxBytes: number | false): Promise<string> {
  if (maxBytes === false || !res.body) return res.text()
  const declared = Number(res.headers.get('content-length'))
  if (declared > maxBytes) {
    await res.body.cancel()
    throw new ResponseBodyTooLargeError({ maxSize: maxBytes, size: declared })
  }
  const reader = res.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel()
      throw new ResponseBodyTooLargeError({ maxSize: maxBytes, size })
    }
    chunks.push(value)
  }
  if (chunks.length === 1) return utf8.decode(chunks[0])
  const all = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    all.set(c, at)
    at += c.byteLength
  }
  return utf8.decode(all)
}

/** How many bodies had integers beyond 2^53 marked so far: a request's result needs reviving only when this moved. */
let marked = 0

/**
 * Wraps a fetch so that integers beyond 2^53 in a reply survive viem's `JSON.parse`:
 * they are rewritten as tagged strings, which `subnetHttp` turns back into exact bigints.
 * The body is read once, under the same size limit viem applies.
 */
function losslessFetch(fetchFn: typeof fetch = globalThis.fetch, maxBytes: number | false = defaultMaxBytes): typeof fetch {
  return async (input, init) => {
    const res = await fetchFn(input, init)
    const text = await readLimited(res, maxBytes)
    const body = markUnsafeIntegers(text)
    if (body !== text) marked++
    // A bodiless response viem reads with text(): no second copy through a stream.
    return {
      ok: res.ok,
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
      url: res.url,
      body: null,
      text: async () => body,
      json: async () => JSON.parse(body),
    } as unknown as Response
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
  const transport = http(url, {
    key: subnetHttpKey,
    name: 'Subnet HTTP JSON-RPC',
    ...config,
    fetchFn: losslessFetch(config.fetchFn, config.maxResponseBodySize ?? defaultMaxBytes),
  })
  return ((options) => {
    const t = transport(options)
    const request = (async (args: never, opts: never) => {
      const before = marked
      const result: unknown = await t.request(args, opts)
      // Another request's marks may move the count too; reviving a result without tags is only a wasted walk.
      return marked === before ? result : revive(result)
    }) as typeof t.request
    // An endpoint's transport derived from this one (Info, Health, Validators) is made by this factory, with the caller's whole config
    // (fetchFn, onFetchRequest, onFetchResponse and maxResponseBodySize included, which viem's http keeps private).
    return { ...t, request, value: { ...t.value, subnetHttp, subnetHttpConfig: config } }
  }) as HttpTransport
}
