/** Where a node's Info API is, given any of its URLs. Shared by the viem and ethers adapters. */
import { InfoEndpointError } from '../errors/argument.js'

/**
 * The `/ext/info` URL for a node URL: the base URL, `/ext/info`, an `/ext/bc/<id>/rpc`
 * URL or any other endpoint under `/ext/`. Scheme, credentials, host, port, any path
 * prefix and the query are kept.
 *
 * @example
 * deriveInfoUrl('https://user:pw@api.example/v1/ext/bc/C/rpc?token=abc')
 * // 'https://user:pw@api.example/v1/ext/info?token=abc'
 */
export function deriveInfoUrl(nodeUrl: string): string {
  let url: URL
  try {
    url = new URL(nodeUrl)
    if (!/^https?:$/.test(url.protocol)) throw 0
  } catch {
    throw new InfoEndpointError(`Cannot derive the Info API URL: ${JSON.stringify(nodeUrl)} is not an http(s) URL.`)
  }
  // Everything from the last `/ext/` on is the endpoint and is replaced; what precedes it is a path prefix.
  url.pathname = `${url.pathname.replace(/\/ext\/(?!.*\/ext\/).*/, '').replace(/\/+$/, '')}/ext/info`
  url.hash = ''
  return url.href
}
