/** Where a node's Info, Health, Validators and ProposerVM APIs are, given any of its URLs. Shared by the adapters and the CLI. */
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
  return nodeEndpointUrl(nodeUrl, 'Info API', () => '/ext/info')
}

/**
 * The `/ext/health` URL for a node URL (any of those {@link deriveInfoUrl} takes), derived the
 * same way.
 *
 * @example
 * import { deriveHealthUrl } from 'subnet-rpc/viem'
 *
 * deriveHealthUrl('wss://api.example/ext/bc/C/ws') // 'https://api.example/ext/health'
 */
export function deriveHealthUrl(nodeUrl: string): string {
  return nodeEndpointUrl(nodeUrl, 'Health API', () => '/ext/health')
}

/**
 * The `/ext/bc/<blockchainID>/validators` URL (Subnet-EVM's Validators API) for an L1's
 * `/ext/bc/<id>/rpc`, `/ws` or `/validators` URL (the chain as given: ID or alias), or for
 * any node URL with `blockchainID`. Derived the same way as {@link deriveInfoUrl}.
 *
 * @example
 * import { deriveValidatorsUrl } from 'subnet-rpc/viem'
 *
 * deriveValidatorsUrl('http://127.0.0.1:9650/ext/bc/devnet/rpc') // 'http://127.0.0.1:9650/ext/bc/devnet/validators'
 */
export function deriveValidatorsUrl(nodeUrl: string, blockchainID?: string): string {
  return nodeEndpointUrl(nodeUrl, 'Validators API', (path) => {
    const chain = blockchainID ?? /\/ext\/bc\/([^/]+)\/(?:rpc|ws|validators)\/?$/.exec(path)?.[1]
    if (!chain || !/^[\w.-]+$/.test(chain))
      throw new InfoEndpointError(
        `Cannot derive the Validators API URL from ${JSON.stringify(nodeUrl)}: pass the L1's /ext/bc/<blockchainID>/rpc URL or its blockchainID.`,
      )
    return `/ext/bc/${chain}/validators`
  })
}

/**
 * The `/ext/bc/<blockchainID>/proposervm` URL (the ProposerVM API of any Snowman++ chain) for a
 * chain's URL (`/ext/bc/<id>`, or any endpoint under it: `/rpc`, `/ws`, `/validators`, the P-Chain's
 * `/ext/bc/P`; the chain as given, ID or alias), or for any node URL with `blockchainID`. Derived
 * the same way as {@link deriveInfoUrl}.
 *
 * @example
 * import { deriveProposerVMUrl } from 'subnet-rpc/viem'
 *
 * deriveProposerVMUrl('http://127.0.0.1:9650/ext/bc/devnet/rpc') // 'http://127.0.0.1:9650/ext/bc/devnet/proposervm'
 * deriveProposerVMUrl('http://127.0.0.1:9650', 'P') // 'http://127.0.0.1:9650/ext/bc/P/proposervm'
 */
export function deriveProposerVMUrl(nodeUrl: string, blockchainID?: string): string {
  return nodeEndpointUrl(nodeUrl, 'ProposerVM API', (path) => {
    const chain = blockchainID ?? /\/ext\/bc\/([^/]+)(?:\/[^/]*)?\/?$/.exec(path)?.[1]
    if (!chain || !/^[\w.-]+$/.test(chain))
      throw new InfoEndpointError(
        `Cannot derive the ProposerVM API URL from ${JSON.stringify(nodeUrl)}: pass a chain's /ext/bc/<blockchainID>/… URL or its blockchainID.`,
      )
    return `/ext/bc/${chain}/proposervm`
  })
}

/**
 * The http(s) URL of one of the node's endpoints: scheme (ws(s) as http(s)), credentials, host,
 * port, path prefix and query of `nodeUrl`, and `endpoint(path)` (`path`: the pathname of
 * `nodeUrl`) in place of everything from its last `/ext/` on. `api` names the endpoint in the
 * InfoEndpointError for a URL that is not http(s) or ws(s).
 */
function nodeEndpointUrl(nodeUrl: string, api: string, endpoint: (path: string) => string): string {
  let url: URL | undefined
  try {
    url = new URL(nodeUrl)
  } catch {
    // Reported below with the other URLs we cannot use.
  }
  const scheme = url && httpScheme[url.protocol]
  if (!url || !scheme)
    throw new InfoEndpointError(`Cannot derive the ${api} URL: ${JSON.stringify(nodeUrl)} is not an http(s) or ws(s) URL.`)
  const path = url.pathname
  // The WHATWG URL setter refuses to switch between special schemes of different kinds only for file:, so ws→http works.
  url.protocol = scheme
  // Everything from the last `/ext/` on is the endpoint and is replaced; what precedes it is a path prefix.
  url.pathname = `${path.replace(/\/ext\/(?!.*\/ext\/).*/, '').replace(/\/+$/, '')}${endpoint(path)}`
  url.hash = ''
  return url.href
}
