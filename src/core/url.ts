/** Where a node's Info API is, given any of its URLs. Shared by the viem and ethers adapters. */
import { InfoEndpointError } from '../errors/argument.js'

const endpointSuffix = /\/ext\/(?:info|bc\/[^/]+\/(?:rpc|ws)|[^/]+\/rpc)\/?$/

/**
 * The `/ext/info` URL for a node URL: the base URL, `/ext/info`, or an `/ext/bc/<id>/rpc`
 * URL. Scheme, credentials, host, port, any path prefix and the query are kept.
 *
 * @example
 * deriveInfoUrl('https://user:pw@api.example/v1/ext/bc/C/rpc?token=abc')
 * // 'https://user:pw@api.example/v1/ext/info?token=abc'
 */
export function deriveInfoUrl(nodeUrl: string): string {
  let url: URL
  try {
    url = new URL(nodeUrl)
  } catch {
    throw new InfoEndpointError(`Cannot derive the Info API URL: ${JSON.stringify(nodeUrl)} is not a URL.`)
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new InfoEndpointError(`Cannot derive the Info API URL from a ${url.protocol} URL; only http and https are supported.`)
  const match = endpointSuffix.exec(url.pathname)
  const prefix = (match ? url.pathname.slice(0, match.index) : url.pathname).replace(/\/+$/, '')
  url.pathname = `${prefix}/ext/info`
  url.hash = ''
  return url.href
}
