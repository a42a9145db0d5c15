/**
 * Where `provider.info` and `InfoClient` send their requests, seen by a recording proxy in
 * front of the devnet: the `/ext/info` URL derived from the provider's connection (path
 * prefix, query, credentials kept), the connection's headers, params as an object, one
 * plain request per call (never a batch), and no network detection.
 */
import { FetchRequest } from 'ethers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSharedDevnet } from '../helpers/devnet.js'
import { InfoClient, SubnetProvider } from '../../src/ethers/index.js'
import { useRecorder } from './helpers.js'

const devnet = useSharedDevnet()
const rec = useRecorder(() => devnet().url)

const providers: SubnetProvider[] = []
let logs: ReturnType<typeof vi.spyOn>

beforeEach(() => {
  rec().clear()
  logs = vi.spyOn(console, 'log')
})

afterEach(() => {
  for (const p of providers.splice(0)) p.destroy()
  logs.mockRestore()
})

/** A SubnetProvider on the recorder with a path prefix, a query and an API key header. */
function makeProvider(): SubnetProvider {
  const req = new FetchRequest(`http://127.0.0.1:${rec().port}/prefix/ext/bc/${devnet().blockchainID}/rpc?token=abc`)
  req.setHeader('x-api-key', 'k')
  const p = new SubnetProvider(req)
  providers.push(p)
  return p
}

const basic = `Basic ${Buffer.from('user:pw').toString('base64')}`
const detectionLogged = () => logs.mock.calls.some((args: unknown[]) => String(args[0]).includes('failed to detect network'))

describe('provider.info from new SubnetProvider(FetchRequest) with prefix, query and header', () => {
  it('goes to /prefix/ext/info?token=abc with the header, params as an object', async () => {
    const p = makeProvider()
    expect(p.info.url).toBe(`http://127.0.0.1:${rec().port}/prefix/ext/info?token=abc`)
    expect(await p.info.getNetworkID()).toBe(12345)
    expect(rec().requests).toHaveLength(1)
    const [r] = rec().requests
    expect(r!.method).toBe('POST')
    expect(r!.url).toBe('/prefix/ext/info?token=abc')
    expect(r!.headers['x-api-key']).toBe('k')
    expect(r!.headers['content-type']).toMatch(/^application\/json/)
    expect(r!.json).toMatchObject({ jsonrpc: '2.0', method: 'info.getNetworkID', params: {} })
    expect(typeof (r!.json as { id: unknown }).id).toBe('number')
  })

  it('arguments travel as named params', async () => {
    const p = makeProvider()
    expect(await p.info.isBootstrapped({ chain: 'X' })).toBe(true)
    expect(await p.info.getBlockchainID({ alias: 'devnet' })).toBe(devnet().blockchainID)
    const all = await p.info.peers()
    await p.info.peers({ nodeIDs: [all.peers[0]!.nodeID] })
    await p.info.uptime({ subnetID: devnet().subnetID })
    expect(rec().requests.map((r) => (r.json as { params: unknown }).params)).toEqual([
      { chain: 'X' },
      { alias: 'devnet' },
      expect.any(Object),
      { nodeIDs: [all.peers[0]!.nodeID] },
      { subnetID: devnet().subnetID },
    ])
    for (const r of rec().requests) expect(Array.isArray((r.json as { params: unknown }).params)).toBe(false)
  })

  it('5 parallel Info calls are 5 requests with object bodies, never a batch', async () => {
    const p = makeProvider()
    const got = await Promise.all([
      p.info.getNetworkID(),
      p.info.getNetworkName(),
      p.info.getNodeIP(),
      p.info.isBootstrapped({ chain: 'X' }),
      p.info.getBlockchainID({ alias: 'devnet' }),
    ])
    expect(got).toEqual([12345, 'local', '127.0.0.1:9651', true, devnet().blockchainID])
    expect(rec().requests).toHaveLength(5)
    for (const r of rec().requests) {
      expect(r.url).toBe('/prefix/ext/info?token=abc')
      expect(r.headers['x-api-key']).toBe('k')
      expect(Array.isArray(r.json)).toBe(false)
      expect(r.json).toBeTypeOf('object')
      expect((r.json as { jsonrpc: string }).jsonrpc).toBe('2.0')
    }
    expect(new Set(rec().requests.map((r) => (r.json as { method: string }).method)).size).toBe(5)
  })

  it('exactly one request per call for each of the 13 methods, and no network detection', async () => {
    const p = makeProvider()
    const calls: [string, () => Promise<unknown>][] = [
      ['info.acps', () => p.info.acps()],
      ['info.isBootstrapped', () => p.info.isBootstrapped({ chain: 'C' })],
      ['info.getBlockchainID', () => p.info.getBlockchainID({ alias: 'P' })],
      ['info.getNetworkID', () => p.info.getNetworkID()],
      ['info.getNetworkName', () => p.info.getNetworkName()],
      ['info.getNodeID', () => p.info.getNodeID()],
      ['info.getNodeIP', () => p.info.getNodeIP()],
      ['info.getNodeVersion', () => p.info.getNodeVersion()],
      ['info.getTxFee', () => p.info.getTxFee()],
      ['info.getVMs', () => p.info.getVMs()],
      ['info.peers', () => p.info.peers()],
      ['info.upgrades', () => p.info.upgrades()],
      ['info.uptime', () => p.info.uptime()],
    ]
    for (const [method, call] of calls) {
      rec().clear()
      await call()
      expect(rec().info()).toHaveLength(1)
      expect((rec().info()[0]!.json as { method: string }).method).toBe(method)
    }
    // Info never starts the provider: no eth_chainId to any URL, nothing logged.
    expect(rec().chain()).toHaveLength(0)
    expect(detectionLogged()).toBe(false)
  })

  it('the chain methods go to the provider URL itself, with the header', async () => {
    const p = makeProvider()
    expect((await p.feeConfig()).feeConfig.minBaseFee).toBe(25_000_000_000n)
    expect(rec().info()).toHaveLength(0)
    expect(rec().chain().length).toBeGreaterThan(0)
    for (const r of rec().chain()) {
      expect(r.url).toBe(`/prefix/ext/bc/${devnet().blockchainID}/rpc?token=abc`)
      expect(r.headers['x-api-key']).toBe('k')
    }
  })
})

describe('no detection loop at /ext/info', () => {
  it('a SubnetProvider made from the /ext/info URL itself: Info calls work and nothing else is sent', async () => {
    const p = new SubnetProvider(`${rec().url}/ext/info`)
    providers.push(p)
    expect(await p.info.getNodeVersion()).toMatchObject({ version: 'avalanchego/1.15.3' })
    expect(await p.info.getNetworkName()).toBe('local')
    // JsonRpcProvider would retry detection every second; wait past that.
    await new Promise((r) => setTimeout(r, 1500))
    expect(rec().requests).toHaveLength(2)
    expect(rec().requests.map((r) => (r.json as { method: string }).method)).toEqual(['info.getNodeVersion', 'info.getNetworkName'])
    expect(detectionLogged()).toBe(false)
  })
})

describe('credentials are kept', () => {
  it('user:password in the URL reach the chain URL and the Info URL as Basic auth', async () => {
    const p = new SubnetProvider(`http://user:pw@127.0.0.1:${rec().port}/ext/bc/${devnet().alias}/rpc`)
    providers.push(p)
    expect(p.info.url).toBe(`http://user:pw@127.0.0.1:${rec().port}/ext/info`)
    await p.info.getNetworkID()
    await p.getActiveRulesAt(0)
    expect(rec().info()).toHaveLength(1)
    expect(rec().chain().length).toBeGreaterThan(0)
    for (const r of rec().requests) expect(r.headers.authorization).toBe(basic)
  })

  it('FetchRequest.setCredentials is kept', async () => {
    const req = new FetchRequest(`http://127.0.0.1:${rec().port}/ext/bc/${devnet().alias}/rpc`)
    req.setCredentials('user', 'pw')
    req.allowInsecureAuthentication = true
    const p = new SubnetProvider(req)
    providers.push(p)
    await p.info.getNetworkID()
    expect(rec().info()[0]!.headers.authorization).toBe(basic)
  })
})

describe('InfoClient on its own', () => {
  it('from a URL string (any node URL)', async () => {
    for (const url of [
      `${rec().url}/prefix/ext/bc/${devnet().blockchainID}/rpc?token=abc`,
      `${rec().url}/prefix?token=abc`,
      `${rec().url}/prefix/ext/info?token=abc`,
    ]) {
      rec().clear()
      const info = new InfoClient(url)
      expect(info.url).toBe(`${rec().url}/prefix/ext/info?token=abc`)
      expect(await info.getNodeID()).toMatchObject({ nodeID: devnet().nodeID })
      expect(rec().requests.map((r) => r.url)).toEqual(['/prefix/ext/info?token=abc'])
    }
  })

  it('from a FetchRequest: its headers are sent, the request itself is not changed', async () => {
    const req = new FetchRequest(`${rec().url}/ext/bc/devnet/rpc`)
    req.setHeader('x-api-key', 'abc')
    const info = new InfoClient(req)
    expect(req.url).toBe(`${rec().url}/ext/bc/devnet/rpc`)
    expect(await info.getNetworkName()).toBe('local')
    const [r] = rec().requests
    expect(r!.url).toBe('/ext/info')
    expect(r!.headers['x-api-key']).toBe('abc')
    expect(r!.json).toMatchObject({ method: 'info.getNetworkName', params: {} })
  })
})
