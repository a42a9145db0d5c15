/**
 * The edges of the JSON-RPC envelope check (src/core/methods/envelope.ts) that the fault
 * matrix does not reach: error replies with id null or `"result": null`, an error carrying
 * another request's id, and providers other than `SubnetProvider` (plain `JsonRpcProvider`
 * through the function forms, `SubnetBrowserProvider` over a wallet). Loopback only.
 */
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { isError, JsonRpcProvider } from 'ethers'
import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MethodNotFoundError, NodeRpcError, ResponseShapeError, SubnetRpcError } from '../../src/errors/index.js'
import { getChainConfig, InfoClient, SubnetBrowserProvider, SubnetProvider } from '../../src/ethers/index.js'
import { infoActions, subnetActions, subnetHttp } from '../../src/viem/index.js'
import { rejection } from '../helpers/servers.js'
import { goodResults } from './server.js'

type Call = { id: unknown; method: string }

/** Answers each request with `reply(call)`, picked by the first path segment. */
const replies: Record<string, (c: Call) => string> = {
  // A node that could not read the request answers with id null.
  nullIdError: () => '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}',
  // JSON-RPC 1.0 style: "result": null beside the error.
  nullResultError: (c) =>
    `{"jsonrpc":"2.0","id":${JSON.stringify(c.id)},"result":null,"error":{"code":-32601,"message":"the method ${c.method} does not exist/is not available"}}`,
  // A well-formed error, but for another request.
  wrongIdError: () => '{"jsonrpc":"2.0","id":987654,"error":{"code":-32000,"message":"not yours"}}',
  wrongId: (c) => JSON.stringify({ jsonrpc: '2.0', id: 987654, result: goodResults[c.method] ?? null }),
  array: (c) => `[${JSON.stringify({ jsonrpc: '2.0', id: c.id, result: goodResults[c.method] ?? null })}]`,
  notJson: () => '{"jsonrpc":"2.0","id":1,"res',
}

let server: Server
let base = ''
const url = (route: string) => `${base}/${route}/ext/bc/C/rpc`
const unhandled: unknown[] = []
const onUnhandled = (e: unknown) => void unhandled.push(e)

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled)
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const call = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Call
      const route = (req.url ?? '/').split('/')[1] ?? ''
      const body =
        call.method === 'eth_chainId' ? `{"jsonrpc":"2.0","id":${JSON.stringify(call.id)},"result":"0x1869f"}` : replies[route]!(call)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled)
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const ethersProvider = (route: string) => new SubnetProvider(url(route), undefined, { staticNetwork: true })
const viemClient = (route: string, make: typeof http = http) =>
  createPublicClient({ transport: make(url(route), { retryCount: 0 }) })
    .extend(subnetActions())
    .extend(infoActions())

describe('error replies', () => {
  it('id null: the node error, through both adapters', { timeout: 10_000 }, async () => {
    const p = ethersProvider('nullIdError')
    for (const e of [
      await rejection(p.feeConfig()),
      await rejection(new InfoClient(url('nullIdError')).peers()),
      await rejection(viemClient('nullIdError').getChainConfig()),
    ]) {
      expect(e).toBeInstanceOf(NodeRpcError)
      expect(e.code).toBe(-32700)
      expect(e.nodeMessage).toBe('parse error')
    }
    p.destroy()
  })

  it('"result": null beside an error is just the error (MethodNotFoundError here)', { timeout: 10_000 }, async () => {
    const p = ethersProvider('nullResultError')
    for (const e of [
      await rejection(p.getChainConfig()),
      await rejection(p.info.getNodeVersion()),
      await rejection(viemClient('nullResultError', subnetHttp as typeof http).feeConfig()),
    ]) {
      expect(e).toBeInstanceOf(MethodNotFoundError)
      expect(e.code).toBe(-32601)
    }
    p.destroy()
  })

  it('an error with another request’s id: ResponseShapeError in ethers; viem cannot see ids', { timeout: 10_000 }, async () => {
    const p = ethersProvider('wrongIdError')
    const e = await rejection(p.feeConfig())
    expect(e).toBeInstanceOf(ResponseShapeError)
    expect(e.path).toBe('$.id')
    expect(e.received).toBe('987654')
    expect((await rejection(new InfoClient(url('wrongIdError')).getNodeVersion())).path).toBe('$.id')
    const v = await rejection(viemClient('wrongIdError').feeConfig())
    expect(v).toBeInstanceOf(NodeRpcError)
    expect(v.nodeMessage).toBe('not yours')
    p.destroy()
  })
})

describe('providers other than SubnetProvider (function forms)', () => {
  const plain = (route: string) => new JsonRpcProvider(url(route), undefined, { staticNetwork: true })

  it('plain JsonRpcProvider: a wrong id is still caught', { timeout: 10_000 }, async () => {
    const p = plain('wrongId')
    const e = await rejection(getChainConfig(p))
    expect(e).toBeInstanceOf(ResponseShapeError)
    expect(e.path).toBe('$.id')
    p.destroy()
  })

  it('plain JsonRpcProvider: a one-element array is indistinguishable from an object after its _send, so it is accepted', {
    timeout: 10_000,
  }, async () => {
    const p = plain('array')
    expect((await getChainConfig(p)).chainId).toBe(99999n)
    p.destroy()
    const s = ethersProvider('array')
    expect((await rejection(s.getChainConfig())).path).toBe('$')
    s.destroy()
  })

  it('plain JsonRpcProvider: a body that is not JSON stays ethers’ own error (SubnetProvider: ResponseShapeError)', {
    timeout: 10_000,
  }, async () => {
    const p = plain('notJson')
    const e = await rejection(getChainConfig(p))
    expect(e).not.toBeInstanceOf(SubnetRpcError)
    expect(isError(e, 'UNSUPPORTED_OPERATION')).toBe(true)
    p.destroy()
    const s = ethersProvider('notJson')
    const f = await rejection(s.getChainConfig())
    expect(f).toBeInstanceOf(ResponseShapeError)
    expect(f.cause).toBeInstanceOf(SyntaxError)
    s.destroy()
  })

  it('a SubnetProvider subclass with its own _send: subnet-rpc methods go through it, ids still checked', { timeout: 10_000 }, async () => {
    const seen: string[] = []
    class Logged extends SubnetProvider {
      override _send(payload: Parameters<SubnetProvider['_send']>[0]) {
        seen.push(Array.isArray(payload) ? 'batch' : payload.method)
        return super._send(payload)
      }
    }
    const ok = new Logged(url('array'), undefined, { staticNetwork: true })
    // Through _send, a one-element array looks like any single reply.
    expect((await ok.getChainConfig()).chainId).toBe(99999n)
    ok.destroy()
    const bad = new Logged(url('wrongId'), undefined, { staticNetwork: true })
    expect((await rejection(bad.feeConfig())).path).toBe('$.id')
    bad.destroy()
    expect(seen).toEqual(['eth_getChainConfig', 'eth_feeConfig'])
  })

  it('SubnetBrowserProvider: a wallet failure without a JSON-RPC code becomes ethers’ error, not a bare object', {
    timeout: 10_000,
  }, async () => {
    const wallet = {
      async request(): Promise<unknown> {
        throw new Error('wallet is offline')
      },
    }
    const p = new SubnetBrowserProvider(wallet)
    const e = await rejection(p.feeConfig())
    expect(e).toBeInstanceOf(Error)
    expect(e).not.toBeInstanceOf(SubnetRpcError)
    expect(isError(e, 'UNKNOWN_ERROR')).toBe(true)
    expect(e.error.message).toBe('wallet is offline')
    p.destroy()
  })
})

it('no unhandled rejection escaped', () => {
  expect(unhandled).toEqual([])
})
