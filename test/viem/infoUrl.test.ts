/**
 * Where Info requests go: `deriveInfoUrl` on its own, and a recording proxy in front of
 * the devnet that shows the URL, headers and body of every request a client really sent.
 */
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, fallback, http, webSocket } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useSharedDevnet } from '../helpers/devnet.js'
import { deriveInfoUrl, infoActions, subnetActions, subnetHttp } from '../../src/viem/index.js'
import { InfoEndpointError, NodeRpcError } from '../../src/errors/index.js'
import { useRecorder, type Recorded } from './helpers.js'

describe('deriveInfoUrl', () => {
  const cases: [string, string, string][] = [
    ['base URL', 'http://127.0.0.1:9650', 'http://127.0.0.1:9650/ext/info'],
    ['base URL with a trailing slash', 'http://127.0.0.1:9650/', 'http://127.0.0.1:9650/ext/info'],
    ['/ext/info', 'http://127.0.0.1:9650/ext/info', 'http://127.0.0.1:9650/ext/info'],
    ['/ext/info/', 'http://127.0.0.1:9650/ext/info/', 'http://127.0.0.1:9650/ext/info'],
    [
      '/ext/bc/<id>/rpc',
      'http://127.0.0.1:9650/ext/bc/2CPdCMcTqGDyADh2Vp74x8hxV3AJi3FAUMKHbYXVsyUSanep9Q/rpc',
      'http://127.0.0.1:9650/ext/info',
    ],
    ['/ext/bc/<alias>/rpc/', 'http://127.0.0.1:9650/ext/bc/devnet/rpc/', 'http://127.0.0.1:9650/ext/info'],
    ['/ext/bc/C/rpc', 'https://api.avax.network/ext/bc/C/rpc', 'https://api.avax.network/ext/info'],
    ['/ext/bc/C/ws path over https', 'https://node.example/ext/bc/C/ws', 'https://node.example/ext/info'],
    ['path prefix', 'https://gateway.example/v1/avax/ext/bc/C/rpc', 'https://gateway.example/v1/avax/ext/info'],
    ['path prefix, base URL with trailing slash', 'https://gateway.example/v1/avax/', 'https://gateway.example/v1/avax/ext/info'],
    ['query string kept', 'https://gateway.example/ext/bc/C/rpc?token=abc&x=1', 'https://gateway.example/ext/info?token=abc&x=1'],
    ['credentials kept', 'https://user:p%40ss@gateway.example:8443/ext/bc/C/rpc', 'https://user:p%40ss@gateway.example:8443/ext/info'],
    ['hash dropped', 'http://127.0.0.1:9650/ext/bc/C/rpc#frag', 'http://127.0.0.1:9650/ext/info'],
    ['all together', 'https://u:p@gw.example/prefix/ext/bc/abc/rpc/?token=abc#x', 'https://u:p@gw.example/prefix/ext/info?token=abc'],
    ['other endpoints: /ext/bc/P', 'https://node.example/ext/bc/P', 'https://node.example/ext/info'],
    ['other endpoints: /ext/health', 'https://node.example/v1/ext/health', 'https://node.example/v1/ext/info'],
    [
      'a prefix that itself holds /ext/: only the last /ext/ on is the endpoint',
      'https://gw.example/ext/avax/ext/bc/C/rpc',
      'https://gw.example/ext/avax/ext/info',
    ],
  ]
  it.each(cases)('%s', (_name, input, expected) => {
    expect(deriveInfoUrl(input)).toBe(expected)
  })

  it.each([
    ['ws://127.0.0.1:9650/ext/bc/C/ws', 'http://127.0.0.1:9650/ext/info'],
    ['wss://u:p@node.example/v1/ext/bc/2dEd/ws?key=k', 'https://u:p@node.example/v1/ext/info?key=k'],
  ])('maps the WebSocket endpoint %s to %s', (input, expected) => {
    expect(deriveInfoUrl(input)).toBe(expected)
  })

  it.each(['ftp://node.example/', 'file:///ext/info', 'data:text/plain,x'])('rejects the scheme of %s', (url) => {
    expect(() => deriveInfoUrl(url)).toThrow(InfoEndpointError)
    expect(() => deriveInfoUrl(url)).toThrow(/is not an http\(s\) or ws\(s\) URL/)
  })

  it('rejects text that is not a URL', () => {
    expect(() => deriveInfoUrl('127.0.0.1:9650/ext/bc/C/rpc')).toThrow(InfoEndpointError)
    expect(() => deriveInfoUrl('not a url')).toThrow(/is not an http\(s\) or ws\(s\) URL/)
  })
})

const devnet = useSharedDevnet()
const recA = useRecorder(() => devnet().url)
const recB = useRecorder(() => devnet().url)

beforeEach(() => {
  recA().clear()
  recB().clear()
})

const infoRequests = (r: Recorded[]) => r.filter((x) => x.url.includes('/ext/info'))
const chainRequests = (r: Recorded[]) => r.filter((x) => x.url.includes('/ext/bc/'))
const basic = `Basic ${Buffer.from('user:pw').toString('base64')}`

describe.each([
  { name: 'http', make: http },
  { name: 'subnetHttp', make: subnetHttp },
])('requests of a client over $name with credentials, prefix, query and an API key', ({ make }) => {
  const client = () => {
    const url = `http://user:pw@127.0.0.1:${recA().port}/prefix/ext/bc/${devnet().blockchainID}/rpc?token=abc`
    return createPublicClient({ transport: make(url, { batch: true, fetchOptions: { headers: { 'x-api-key': 'k' } } }) })
      .extend(subnetActions())
      .extend(infoActions())
  }

  it('Info calls go to /prefix/ext/info?token=abc with the API key and Basic auth, params as an object', async () => {
    const c = client()
    expect(await c.getNetworkID()).toBe(12345)
    const [r] = recA().requests
    expect(recA().requests).toHaveLength(1)
    expect(r!.method).toBe('POST')
    expect(r!.url).toBe('/prefix/ext/info?token=abc')
    expect(r!.headers['x-api-key']).toBe('k')
    expect(r!.headers.authorization).toBe(basic)
    expect(r!.headers['content-type']).toMatch(/^application\/json/)
    expect(r!.json).toMatchObject({ jsonrpc: '2.0', method: 'info.getNetworkID', params: {} })
    expect(Array.isArray(r!.json)).toBe(false)
  })

  it('5 parallel Info calls are 5 requests with object bodies, never a batch', async () => {
    const c = client()
    const [id, name, ip, boot, chainID] = await Promise.all([
      c.getNetworkID(),
      c.getNetworkName(),
      c.getNodeIP(),
      c.isBootstrapped({ chain: 'X' }),
      c.getBlockchainID({ alias: 'devnet' }),
    ])
    expect([id, name, ip, boot, chainID]).toEqual([12345, 'local', '127.0.0.1:9651', true, devnet().blockchainID])
    const reqs = recA().requests
    expect(reqs).toHaveLength(5)
    for (const r of reqs) {
      expect(r.url).toBe('/prefix/ext/info?token=abc')
      expect(r.headers['x-api-key']).toBe('k')
      expect(r.headers.authorization).toBe(basic)
      expect(Array.isArray(r.json)).toBe(false)
      expect(r.body.trimStart().startsWith('{')).toBe(true)
      const params = (r.json as { params: unknown }).params
      expect(typeof params === 'object' && params !== null && !Array.isArray(params)).toBe(true)
    }
    expect(reqs.map((r) => (r.json as { method: string }).method).sort()).toEqual(
      ['info.getBlockchainID', 'info.getNetworkID', 'info.getNetworkName', 'info.getNodeIP', 'info.isBootstrapped'].sort(),
    )
    expect(reqs.find((r) => (r.json as { method: string }).method === 'info.isBootstrapped')!.json).toMatchObject({
      params: { chain: 'X' },
    })
  })

  it('Info params of the other methods are objects with the given fields only', async () => {
    const c = client()
    const peers = await c.peers()
    await c.peers({ nodeIDs: [peers.peers[0]!.nodeID] })
    await c.uptime({ subnetID: devnet().subnetID })
    await c.uptime()
    await c.getBlockchainID({ alias: 'X' })
    const params = recA().requests.map((r) => (r.json as { params: unknown }).params)
    expect(params).toEqual([{}, { nodeIDs: [peers.peers[0]!.nodeID] }, { subnetID: devnet().subnetID }, {}, { alias: 'X' }])
  })

  it('chain calls keep the prefixed URL, params as an array, and are batched as configured', async () => {
    const c = client()
    await c.feeConfig({ blockNumber: 0n })
    const [r] = recA().requests
    expect(r!.url).toBe(`/prefix/ext/bc/${devnet().blockchainID}/rpc?token=abc`)
    expect(r!.headers['x-api-key']).toBe('k')
    expect(r!.headers.authorization).toBe(basic)
    // viem batches even a single call when batch is on.
    const call = Array.isArray(r!.json) ? r!.json[0] : r!.json
    expect(call).toMatchObject({ method: 'eth_feeConfig', params: ['0x0'] })

    recA().clear()
    await Promise.all([
      c.feeConfig(),
      c.getChainConfig(),
      c.getActiveRulesAt(),
      c.getActivePrecompilesAt(),
      c.feeConfig({ blockTag: 'earliest' }),
    ])
    const chainReqs = chainRequests(recA().requests)
    expect(chainReqs).toHaveLength(1)
    const batch = chainReqs[0]!.json as { method: string; params: unknown }[]
    expect(Array.isArray(batch)).toBe(true)
    expect(batch.map((x) => x.params)).toEqual([[], [], [], [], ['earliest']])
  })

  it('timestamp goes as a JSON number, from number, bigint and Date', async () => {
    const c = client()
    await c.getActiveRulesAt({ timestamp: 1_700_000_000 })
    await c.getActiveRulesAt({ timestamp: 1_700_000_001n })
    await c.getActivePrecompilesAt({ timestamp: new Date(1_700_000_002_500) })
    await c.getActiveRulesAt()
    const bodies = recA().requests.map((r) => r.body)
    expect(bodies[0]).toMatch(/"params":\[1700000000\]/)
    expect(bodies[1]).toMatch(/"params":\[1700000001\]/)
    expect(bodies[2]).toMatch(/"params":\[1700000002\]/)
    expect(bodies[3]).toMatch(/"params":\[\]/)
  })
})

describe('Info URL overrides and fallbacks', () => {
  it("infoActions({ url }) on another origin does not get the chain transport's headers; on the same origin it does", async () => {
    const transport = http(`${recA().url}/ext/bc/${devnet().blockchainID}/rpc`, { fetchOptions: { headers: { 'x-api-key': 'secret' } } })
    const other = createPublicClient({ transport }).extend(infoActions({ url: `${recB().url}/ext/info` }))
    expect(await other.getNetworkName()).toBe('local')
    expect(recA().requests).toHaveLength(0)
    expect(recB().requests).toHaveLength(1)
    expect(recB().requests[0]!.url).toBe('/ext/info')
    expect(recB().requests[0]!.headers['x-api-key']).toBeUndefined()

    const same = createPublicClient({ transport }).extend(infoActions({ url: recA().url }))
    expect(await same.getNetworkName()).toBe('local')
    expect(recA().requests).toHaveLength(1)
    expect(recA().requests[0]!.url).toBe('/ext/info')
    expect(recA().requests[0]!.headers['x-api-key']).toBe('secret')
  })

  it("a fallback of http transports: Info goes to the first node's derived URL with its headers", async () => {
    const c = createPublicClient({
      transport: fallback([
        http(`${recA().url}/a/ext/bc/devnet/rpc?k=1`, { fetchOptions: { headers: { 'x-api-key': 'A' } } }),
        http(`${recB().url}/b/ext/bc/devnet/rpc?k=2`, { fetchOptions: { headers: { 'x-api-key': 'B' } } }),
      ]),
    }).extend(infoActions())
    expect(await c.getNetworkID()).toBe(12345)
    expect(infoRequests(recA().requests).map((r) => [r.url, r.headers['x-api-key']])).toEqual([['/a/ext/info?k=1', 'A']])
    expect(recB().requests).toHaveLength(0)
  })

  it("a node's JSON-RPC error is an answer: the fallback does not ask the next node", async () => {
    const c = createPublicClient({
      transport: fallback([http(`${recA().url}/ext/bc/devnet/rpc`), http(`${recB().url}/ext/bc/devnet/rpc`)]),
    }).extend(infoActions())
    const e = await c.getBlockchainID({ alias: 'nope' }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(NodeRpcError)
    expect((e as NodeRpcError).nodeMessage).toBe('there is no ID with alias: nope')
    expect(recA().requests).toHaveLength(1)
    expect(recB().requests).toHaveLength(0)
  })

  it("the chain transport's method filter and batching stay with the chain endpoint", async () => {
    const transport = http(`${recA().url}/ext/bc/${devnet().blockchainID}/rpc`, { batch: true, methods: { include: ['eth_blockNumber'] } })
    const c = createPublicClient({ transport }).extend(infoActions())
    const [name, id] = await Promise.all([c.getNetworkName(), c.getNetworkID()])
    expect([name, id]).toEqual(['local', 12345])
    const bodies = infoRequests(recA().requests).map((r) => JSON.parse(r.body) as unknown)
    expect(bodies.map((b) => Array.isArray(b))).toEqual([false, false])
  })

  it('a fallback whose first node is down: Info goes to the second', async () => {
    const c = createPublicClient({
      transport: fallback([http('http://127.0.0.1:9/ext/bc/devnet/rpc', { retryCount: 0 }), http(`${recB().url}/ext/bc/devnet/rpc`)]),
    }).extend(infoActions())
    expect(await c.getNetworkName()).toBe('local')
    expect(recB().requests.map((r) => r.url)).toEqual(['/ext/info'])
  })
})

describe('timeout and retry settings carry over to the Info transport', () => {
  let hits: string[] = []
  let mode: 'fail' | 'hang' = 'fail'
  const server = createServer((req, res) => {
    hits.push(req.url ?? '')
    if (mode === 'fail') {
      res.writeHead(503)
      res.end('unavailable')
    }
    // 'hang': never answers.
  })
  const port = () => (server.address() as AddressInfo).port
  beforeAll(() => new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve)))
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  )

  it('retryCount and retryDelay', async () => {
    hits = []
    mode = 'fail'
    const c = createPublicClient({ transport: http(`http://127.0.0.1:${port()}/ext/bc/C/rpc`, { retryCount: 2, retryDelay: 1 }) }).extend(
      infoActions(),
    )
    await expect(c.getNetworkID()).rejects.toThrow()
    expect(hits).toEqual(['/ext/info', '/ext/info', '/ext/info'])
  })

  it('timeout', async () => {
    hits = []
    mode = 'hang'
    const c = createPublicClient({ transport: http(`http://127.0.0.1:${port()}/ext/bc/C/rpc`, { timeout: 150, retryCount: 0 }) }).extend(
      infoActions(),
    )
    // The server never answers: TimeoutError is the deadline's doing.
    const e = await c.getNetworkID().catch((x: unknown) => x)
    expect((e as Error).name).toBe('TimeoutError')
    expect(hits).toEqual(['/ext/info'])
  })
})

describe('settings viem keeps private, and other transports', () => {
  const recWs = useRecorder(
    () => devnet().url,
    () => devnet().anvilUrl,
  )
  beforeEach(() => recWs().clear())

  it('subnetHttp: fetchFn, onFetchRequest, onFetchResponse and maxResponseBodySize apply to Info calls too', async () => {
    const fetched: string[] = []
    const requested: string[] = []
    const responded: number[] = []
    const config = {
      fetchFn: (async (input, init) => {
        fetched.push(String(input))
        return fetch(input, init)
      }) as typeof fetch,
      onFetchRequest: (request: Request) => void requested.push(request.url),
      onFetchResponse: (response: Response) => void responded.push(response.status),
    }
    const c = createPublicClient({ transport: subnetHttp(`${recA().url}/ext/bc/${devnet().alias}/rpc`, config) }).extend(infoActions)
    await c.getNetworkID()
    await c.getBlockNumber()
    expect(fetched.filter((u) => u.endsWith('/ext/info'))).toHaveLength(1)
    expect(fetched.filter((u) => u.includes('/ext/bc/'))).toHaveLength(1)
    expect(requested.filter((u) => u.endsWith('/ext/info'))).toHaveLength(1)
    expect(responded).toEqual([200, 200])
    // A body limit far below the peers reply: the Info call fails as viem's own limit makes it fail.
    const small = createPublicClient({
      transport: subnetHttp(`${recA().url}/ext/bc/${devnet().alias}/rpc`, { maxResponseBodySize: 10, retryCount: 0 }),
    }).extend(infoActions)
    const e = await small.getNodeVersion().catch((x: unknown) => x)
    expect((e as Error).name).toBe('ResponseBodyTooLargeError')
  })

  it('a webSocket client: Info goes over http to the same host, path prefix and query; chain calls stay on the socket', async () => {
    const c = createPublicClient({ transport: webSocket(`ws://127.0.0.1:${recWs().port}/ext/bc/${devnet().blockchainID}/ws?token=t`) })
      .extend(subnetActions)
      .extend(infoActions)
    expect(await c.getBlockNumber()).toBeTypeOf('bigint')
    const { nodeID } = await c.getNodeID()
    expect(nodeID).toBe(devnet().nodeID)
    const urls = recWs().requests.map((r) => `${r.method} ${r.url}`)
    expect(urls).toContain(`UPGRADE /ext/bc/${devnet().blockchainID}/ws?token=t`)
    expect(urls).toContain('POST /ext/info?token=t')
    await (await c.transport.getRpcClient()).close()
  })

  it('extend(infoActions) and extend(subnetActions) uncalled work at runtime', async () => {
    const c = createPublicClient({ transport: http(`${recA().url}/ext/bc/${devnet().alias}/rpc`) })
      .extend(subnetActions)
      .extend(infoActions)
    expect((await c.feeConfig()).feeConfig.gasLimit).toBeTypeOf('bigint')
    expect(await c.getNetworkID()).toBe(12345)
    expect(infoRequests(recA().requests)).toHaveLength(1)
  })
})
