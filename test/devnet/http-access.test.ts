/**
 * The node's HTTP front as avalanchego's `api/server/server.go` `wrapHandler` builds it: rs/cors v1.7.0 with
 * `AllowCredentials: true` and `--http-allowed-origins`, then the allowed-hosts filter (`allowed_hosts.go`) with
 * `--http-allowed-hosts`. Real devnets over real HTTP (node:http, so the Host header and every header line show).
 */
import { request } from 'node:http'
import { afterAll, describe, expect, it } from 'vitest'
import { startCliDevnet, useDevnet, useSharedDevnet } from '../helpers/devnet.js'

type Raw = { status: number; headers: [string, string][]; body: string }

/** Sends one request; the reply's header lines in order, lower-cased, without Node's own Date/Connection/Keep-Alive. */
function send(url: string, init: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'GET', headers: init.headers }, (res) => {
      let body = ''
      res.on('data', (d: Buffer) => (body += d.toString()))
      res.on('end', () => {
        const headers: [string, string][] = []
        for (let i = 0; i < res.rawHeaders.length; i += 2) headers.push([res.rawHeaders[i]!.toLowerCase(), res.rawHeaders[i + 1]!])
        resolve({ status: res.statusCode!, headers: headers.filter(([k]) => !['date', 'connection', 'keep-alive'].includes(k)), body })
      })
    })
    req.on('error', reject)
    req.end(init.body)
  })
}

const json = { 'content-type': 'application/json' }
const call = (method: string) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: [] })
const corsOf = (r: Raw) => r.headers.filter(([k]) => k === 'vary' || k.startsWith('access-control-'))
const preflight = (origin: string, method = 'POST', requestHeaders = 'content-type') => ({
  method: 'OPTIONS',
  headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': requestHeaders },
})
const preflightVary: [string, string][] = [
  ['vary', 'Origin'],
  ['vary', 'Access-Control-Request-Method'],
  ['vary', 'Access-Control-Request-Headers'],
]

describe('defaults: every origin, host names localhost only', () => {
  const devnet = useSharedDevnet()
  const paths = () => [devnet().infoUrl, `${devnet().url}/ext/health`, devnet().rpcUrl, devnet().aliasRpcUrl]

  it('answers a preflight on every path itself: 200, no body, the Vary lines and the Allow-* headers of rs/cors', async () => {
    for (const url of paths()) {
      const r = await send(url, preflight('http://127.0.0.1:5173', 'post', 'Content-Type, x-requested-with'))
      expect({ url, status: r.status, body: r.body }).toEqual({ url, status: 200, body: '' })
      expect(r.headers).toEqual([
        ['node-id', devnet().nodeID],
        ...preflightVary,
        ['access-control-allow-origin', '*'],
        ['access-control-allow-methods', 'POST'],
        ['access-control-allow-headers', 'Content-Type, X-Requested-With'],
        ['access-control-allow-credentials', 'true'],
        ['content-length', '0'],
      ])
    }
  })

  it('a preflight it cannot allow (no origin, a PUT, a header beyond the four defaults) is still 200, with the Vary lines alone', async () => {
    const refused = [
      { method: 'OPTIONS', headers: { 'access-control-request-method': 'POST' } },
      preflight('http://app.test', 'PUT'),
      preflight('http://app.test', 'POST', 'content-type, authorization'),
    ]
    for (const init of refused) {
      const r = await send(devnet().infoUrl, init)
      expect(r.status).toBe(200)
      expect(r.body).toBe('')
      expect(corsOf(r)).toEqual(preflightVary)
    }
  })

  it('an OPTIONS without Access-Control-Request-Method is no preflight: the route answers it', async () => {
    const r = await send(devnet().infoUrl, { method: 'OPTIONS', headers: { origin: 'http://app.test' } })
    expect(r.status).toBe(405)
    expect(r.body).toBe('rpc: POST method required, received OPTIONS')
    expect(corsOf(r)).toEqual([
      ['vary', 'Origin'],
      ['access-control-allow-origin', '*'],
      ['access-control-allow-credentials', 'true'],
    ])
  })

  it('an actual request gets Vary: Origin always, the Allow-* headers with an Origin, the route reply unchanged', async () => {
    const withOrigin = await send(devnet().infoUrl, {
      method: 'POST',
      headers: { ...json, origin: 'http://app.test' },
      body: call('info.getNetworkName'),
    })
    expect(withOrigin.status).toBe(200)
    expect(withOrigin.body).toBe('{"jsonrpc":"2.0","result":{"networkName":"local"},"id":1}\n')
    expect(withOrigin.headers).toEqual([
      ['node-id', devnet().nodeID],
      ['vary', 'Origin'],
      ['access-control-allow-origin', '*'],
      ['access-control-allow-credentials', 'true'],
      ['content-type', 'application/json; charset=utf-8'],
      ['x-content-type-options', 'nosniff'],
      ['content-length', String(withOrigin.body.length)],
    ])
    const without = await send(devnet().rpcUrl, { method: 'POST', headers: json, body: call('eth_chainId') })
    expect(without.body).toBe('{"jsonrpc":"2.0","id":1,"result":"0x1869f"}\n')
    expect(corsOf(without)).toEqual([['vary', 'Origin']])
    // rs/cors allows GET, POST and HEAD only; a PUT gets no Allow-* (the route still answers).
    const put = await send(devnet().rpcUrl, { method: 'PUT', headers: { ...json, origin: 'http://app.test' }, body: call('eth_chainId') })
    expect(put.status).toBe(405)
    expect(corsOf(put)).toEqual([['vary', 'Origin']])
  })

  it('refuses a host name other than localhost with 403 "invalid host specified", after the CORS layer', async () => {
    const r = await send(`${devnet().url}/ext/health`, { headers: { host: 'devnet.example', origin: 'http://app.test' } })
    expect(r).toEqual({
      status: 403,
      headers: [
        ['node-id', devnet().nodeID],
        ['vary', 'Origin'],
        ['access-control-allow-origin', '*'],
        ['access-control-allow-credentials', 'true'],
        ['content-type', 'text/plain; charset=utf-8'],
        ['x-content-type-options', 'nosniff'],
        ['content-length', '23'],
      ],
      body: 'invalid host specified\n',
    })
    for (const path of ['/ext/info', `/ext/bc/${devnet().blockchainID}/rpc`, '/ext/nothing-here'])
      expect(
        (await send(`${devnet().url}${path}`, { method: 'POST', headers: { ...json, host: 'evil.test:9650' }, body: '{}' })).status,
      ).toBe(403)
    // The filter sits inside rs/cors: a preflight never reaches it.
    expect(
      (
        await send(devnet().infoUrl, {
          ...preflight('http://app.test'),
          headers: { ...preflight('http://app.test').headers, host: 'evil.test' },
        })
      ).status,
    ).toBe(200)
    // And before the router: a WebSocket handshake with that host gets the same 403.
    const ws = await send(devnet().wsUrl.replace('ws:', 'http:'), {
      headers: {
        host: 'evil.test',
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
      },
    })
    expect([ws.status, ws.body]).toEqual([403, 'invalid host specified\n'])
  })

  it('lets localhost (any case, with or without a port), IP literals and an empty Host through', async () => {
    const port = new URL(devnet().url).port
    for (const host of [
      'localhost',
      `localhost:${port}`,
      `LocalHost:${port}`,
      `127.0.0.1:${port}`,
      '127.0.0.1',
      `[::1]:${port}`,
      '::1',
      '10.0.0.1',
      '',
    ])
      expect({ host, status: (await send(`${devnet().url}/ext/health/liveness`, { headers: { host } })).status }).toEqual({
        host,
        status: 200,
      })
    // net.SplitHostPort fails on a bracketed IPv6 without a port; "[::1]" is then a host name, not an IP.
    for (const host of ['[::1]', 'localhost.', 'fe80::1%eth0'])
      expect({ host, status: (await send(`${devnet().url}/ext/health/liveness`, { headers: { host } })).status }).toEqual({
        host,
        status: 403,
      })
  })
})

describe('httpAllowedOrigins and httpAllowedHosts', () => {
  const devnet = useDevnet({
    seed: 'http-access-lists',
    httpAllowedOrigins: ['http://App.test', 'https://*.example.com'],
    httpAllowedHosts: ['Devnet.test'],
  })

  it('echoes an allowed origin (exact in any case, or by its wildcard) and gives another origin the Vary lines alone', async () => {
    for (const origin of ['http://app.test', 'HTTP://APP.TEST', 'https://a.b.example.com']) {
      const pre = await send(devnet().infoUrl, preflight(origin))
      expect(corsOf(pre)).toEqual([
        ...preflightVary,
        ['access-control-allow-origin', origin],
        ['access-control-allow-methods', 'POST'],
        ['access-control-allow-headers', 'Content-Type'],
        ['access-control-allow-credentials', 'true'],
      ])
      const actual = await send(devnet().infoUrl, { method: 'POST', headers: { ...json, origin }, body: call('info.getNetworkID') })
      expect(corsOf(actual)).toEqual([
        ['vary', 'Origin'],
        ['access-control-allow-origin', origin],
        ['access-control-allow-credentials', 'true'],
      ])
    }
    for (const origin of ['http://other.test', 'https://example.com', 'http://app.test:8080']) {
      expect(corsOf(await send(devnet().infoUrl, preflight(origin)))).toEqual(preflightVary)
      const actual = await send(devnet().infoUrl, { method: 'POST', headers: { ...json, origin }, body: call('info.getNetworkID') })
      expect(actual.status).toBe(200)
      expect(corsOf(actual)).toEqual([['vary', 'Origin']])
    }
  })

  it('accepts the listed host names in any case, and no longer localhost', async () => {
    const url = `${devnet().url}/ext/health/liveness`
    expect((await send(url, { headers: { host: 'devnet.test:9650' } })).status).toBe(200)
    expect((await send(url, { headers: { host: 'DEVNET.TEST' } })).status).toBe(200)
    expect((await send(url, { headers: { host: 'localhost' } })).status).toBe(403)
    expect((await send(url, { headers: { host: '127.0.0.1' } })).status).toBe(200)
  })

  it("'*' accepts every host", async () => {
    const { startDevnet } = await import('../../packages/devnet/src/index.js')
    const open = await startDevnet({ seed: 'http-access-star', httpAllowedHosts: ['localhost', '*'] })
    try {
      expect((await send(`${open.url}/ext/health/liveness`, { headers: { host: 'anything.test' } })).status).toBe(200)
    } finally {
      await open.stop()
    }
  })
})

describe('CLI flags', () => {
  let stop: (() => void) | undefined
  afterAll(() => stop?.())

  it('--http-allowed-origins (space-separated) and --http-allowed-hosts (comma-separated, repeatable) as the node reads them', async () => {
    const { rpcUrl, child } = await startCliDevnet(undefined, [
      '--http-allowed-origins',
      'http://a.test  http://b.test',
      '--http-allowed-hosts',
      'one.test,two.test',
      '--http-allowed-hosts',
      'three.test',
    ])
    stop = () => child.kill('SIGTERM')
    const info = `${new URL(rpcUrl).origin}/ext/info`
    for (const origin of ['http://a.test', 'http://b.test'])
      expect(corsOf(await send(info, preflight(origin)))).toContainEqual(['access-control-allow-origin', origin])
    expect(corsOf(await send(info, preflight('http://c.test')))).toEqual(preflightVary)
    for (const [host, status] of [
      ['one.test', 200],
      ['two.test', 200],
      ['three.test', 200],
      ['localhost', 403],
    ] as const)
      expect({ host, status: (await send(`${new URL(rpcUrl).origin}/ext/health/liveness`, { headers: { host } })).status }).toEqual({
        host,
        status,
      })
  })
})
