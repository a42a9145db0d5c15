/** Where a node's Info API is, given any of its URLs. Shared by the viem and ethers adapters. */
import { InfoEndpointError } from '../errors/argument.js'

// A node serves http and WebSocket on the same port (`api/server`): ws(s) maps to http(s).
const httpScheme: Record<string, string> = { 'http:': 'http:', 'https:': 'https:', 'ws:': 'http:', 'wss:': 'https:' }

/**
 * The `/ext/info` URL for a node URL: the base URL, `/ext/info`, an `/ext/bc/<id>/rpc` or
 * `/ext/bc/<id>/ws` URL or any other endpoint under `/ext/`. Credentials, host, port, any
 * path prefix and the query are kept; `ws:` and `wss:` become `http:` and `https:`.
 *
 * @example
 * import { deriveInfoUrl } from 'subnet-rpc/viem'
 *
 * deriveInfoUrl('https://user:pw@api.example/v1/ext/bc/C/rpc?token=abc')
 * // 'https://user:pw@api.example/v1/ext/info?token=abc'
 */
export function deriveInfoUrl(nodeUrl: string): string {
  let url: URL | undefined
  try {
    url = new URL(nodeUrl)
  } catch {
    // Reported below with the other URLs we cannot use.
  }
  const scheme = url && httpScheme[url.protocol]
  if (!url || !scheme)
    throw new InfoEndpointError(`Cannot derive the Info API URL: ${JSON.stringify(nodeUrl)} is not an http(s) or ws(s) URL.`)
  // The WHATWG URL setter refuses to switch between special schemes of different kinds only for file:, so ws→http works.
  url.protocol = scheme
  // Everything from the last `/ext/` on is the endpoint and is replaced; what precedes it is a path prefix.
  url.pathname = `${url.pathname.replace(/\/ext\/(?!.*\/ext\/).*/, '').replace(/\/+$/, '')}/ext/info`
  url.hash = ''
  return url.href
}
