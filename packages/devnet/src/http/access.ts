/**
 * Who may call the node's HTTP API, as avalanchego's `api/server/server.go` `wrapHandler` decides it:
 * rs/cors (the v1.7.0 avalanchego pins) with `AllowedOrigins: --http-allowed-origins` and
 * `AllowCredentials: true` outside, the allowed-hosts filter (`api/server/allowed_hosts.go`) inside.
 */
import { isIP } from 'node:net'
import type { IncomingHttpHeaders } from 'node:http'
import { type HttpReply, textReply } from './types.js'

/** The node's defaults (`config/flags.go`): every origin, and the host name `localhost` (IPs always pass). */
export const defaultAllowedOrigins = ['*']
export const defaultAllowedHosts = ['localhost']

/** rs/cors's defaults when `AllowedMethods` / `AllowedHeaders` are left empty, as avalanchego leaves them (`cors.go` `New`). */
const allowedMethods = ['GET', 'POST', 'HEAD']
const allowedHeaders = ['Origin', 'Accept', 'Content-Type', 'X-Requested-With']

/** Go's `http.CanonicalHeaderKey` for the header names rs/cors compares. */
const canonical = (name: string) => name.toLowerCase().replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => dash + c.toUpperCase())

/** rs/cors `parseHeaderList`: names split at spaces and commas, canonicalised, other bytes dropped. */
function parseHeaderList(list: string): string[] {
  const out: string[] = []
  let h = ''
  let upper = true
  for (let i = 0; i < list.length; i++) {
    const b = list[i]!
    if (b >= 'a' && b <= 'z') h += upper ? b.toUpperCase() : b
    else if (b >= 'A' && b <= 'Z') h += upper ? b : b.toLowerCase()
    else if (b === '-' || b === '_' || (b >= '0' && b <= '9')) h += b
    if (b === ' ' || b === ',' || i === list.length - 1) {
      if (h.length > 0) out.push(h)
      h = ''
      upper = true
    } else upper = b === '-' || b === '_'
  }
  return out
}

export type Cors = {
  /** True for a request rs/cors answers itself: OPTIONS with `Access-Control-Request-Method`. */
  isPreflight(method: string | undefined, headers: IncomingHttpHeaders): boolean
  /** The headers rs/cors adds, in its order (`handlePreflight` or `handleActualRequest`). */
  headers(method: string | undefined, headers: IncomingHttpHeaders): [string, string | string[]][]
}

/** rs/cors `New(Options{AllowedOrigins: origins, AllowCredentials: true})`. */
export function cors(origins: readonly string[]): Cors {
  // New: lower-cased; '*' anywhere (or no origin at all) allows all; one '*' inside is a prefix/suffix wildcard.
  const lower = origins.map((o) => o.toLowerCase())
  const all = lower.length === 0 || lower.includes('*')
  const plain = lower.filter((o) => !o.includes('*'))
  const wildcards = lower.filter((o) => o.includes('*')).map((o) => [o.slice(0, o.indexOf('*')), o.slice(o.indexOf('*') + 1)] as const)
  const originAllowed = (origin: string) => {
    if (all) return true
    const o = origin.toLowerCase()
    return plain.includes(o) || wildcards.some(([pre, suf]) => o.length >= pre.length + suf.length && o.startsWith(pre) && o.endsWith(suf))
  }
  // isMethodAllowed: OPTIONS always passes.
  const methodAllowed = (m: string) => m.toUpperCase() === 'OPTIONS' || allowedMethods.includes(m.toUpperCase())
  const allowOrigin = (origin: string): [string, string] => ['access-control-allow-origin', all ? '*' : origin]
  const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v) ?? ''
  // Handler: `r.Method == http.MethodOptions && r.Header.Get("Access-Control-Request-Method") != ""`.
  const isPreflight: Cors['isPreflight'] = (method, headers) =>
    method === 'OPTIONS' && first(headers['access-control-request-method']) !== ''
  return {
    isPreflight,
    headers(method, headers) {
      const origin = first(headers.origin)
      if (isPreflight(method, headers)) {
        // handlePreflight: the three Vary values always, the Allow-* only when origin, method and headers pass.
        const out: [string, string | string[]][] = [['vary', ['Origin', 'Access-Control-Request-Method', 'Access-Control-Request-Headers']]]
        const reqMethod = first(headers['access-control-request-method'])
        const reqHeaders = parseHeaderList(first(headers['access-control-request-headers']))
        if (origin === '' || !originAllowed(origin) || !methodAllowed(reqMethod)) return out
        if (!reqHeaders.every((h) => allowedHeaders.includes(canonical(h)))) return out
        out.push(allowOrigin(origin), ['access-control-allow-methods', reqMethod.toUpperCase()])
        if (reqHeaders.length > 0) out.push(['access-control-allow-headers', reqHeaders.join(', ')])
        out.push(['access-control-allow-credentials', 'true'])
        return out
      }
      // handleActualRequest: Vary: Origin always, the Allow-* only for an allowed origin and a GET, POST or HEAD.
      const out: [string, string | string[]][] = [['vary', 'Origin']]
      if (origin === '' || !originAllowed(origin) || !methodAllowed(method ?? 'GET')) return out
      out.push(allowOrigin(origin), ['access-control-allow-credentials', 'true'])
      return out
    },
  }
}

/** The body `http.Error(w, "invalid host specified", http.StatusForbidden)` writes. */
export const invalidHost: HttpReply = textReply(403, 'invalid host specified\n', { 'x-content-type-options': 'nosniff' })

/** Go's `net.SplitHostPort` host, or undefined where it fails (no port, too many colons, stray brackets). */
function splitHost(hostport: string): string | undefined {
  const i = hostport.lastIndexOf(':')
  if (i < 0) return undefined
  let host: string
  let j = 0
  let k = 0
  if (hostport[0] === '[') {
    const end = hostport.indexOf(']')
    if (end < 0 || end + 1 !== i) return undefined
    host = hostport.slice(1, end)
    j = 1
    k = end + 1
  } else {
    host = hostport.slice(0, i)
    if (host.includes(':')) return undefined
  }
  if (hostport.slice(j).includes('[') || hostport.slice(k).includes(']')) return undefined
  return host
}

/**
 * `filterInvalidHosts`: true when the `Host` header may be served. A `*` in the list lets every host
 * through; a missing Host and an IP literal always pass; a host name must be in the list (any case).
 */
export function hostFilter(allowed: readonly string[]): (host: string | undefined) => boolean {
  if (allowed.includes('*')) return () => true
  const hosts = new Set(allowed.map((h) => h.toLowerCase()))
  return (hostHeader) => {
    if (!hostHeader) return true
    // "either invalid (too many colons) or no port specified": the whole header is the host.
    const host = splitHost(hostHeader) ?? hostHeader
    // net.ParseIP takes no IPv6 zone.
    if (isIP(host) !== 0 && !host.includes('%')) return true
    return hosts.has(host.toLowerCase())
  }
}
