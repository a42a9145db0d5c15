/**
 * Development methods stay development methods (issue 33): tools (no `Origin`: cast, scripts, test runners)
 * and the pages of `devOrigins` call them; a page from any other origin is refused them with -32601 naming
 * `--dev-origins`; `nodeExact` refuses them to all with the node's text. anvil's own port answers no page.
 */
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { dirname, join } from 'node:path'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { startDevnet } from '../../packages/devnet/src/index.js'
import { isDevelopmentMethod, originMayDevelop } from '../../packages/devnet/src/http/devMethods.js'
import { useDevnet } from '../helpers/devnet.js'

const devnet = useDevnet({ seed: 'dev-methods', devOrigins: ['https://tools.example', 'http://localhost:*'] })
const someone = '0x00000000000000000000000000000000000d0d0d'
const evil = 'https://evil.example'

async function call(url: string, body: unknown, origin?: string) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body: JSON.stringify(body),
  })
  return { status: res.status, cors: res.headers.get('access-control-allow-origin'), body: (await res.json()) as any }
}
const rpc = (method: string, params: unknown[] = [], id = 1) => ({ jsonrpc: '2.0', id, method, params })
const balance = async () => (await call(devnet().rpcUrl, rpc('eth_getBalance', [someone, 'latest']))).body.result as string

describe('which methods, which origins', () => {
  it('development methods: anvil, evm, hardhat, debug, ots, personal, devnet, and signing with the test keys', () => {
    for (const m of ['anvil_setBalance', 'evm_mine', 'hardhat_setCode', 'debug_traceCall', 'ots_getApiLevel', 'personal_sign'])
      expect(isDevelopmentMethod(m), m).toBe(true)
    for (const m of ['devnet_setFeeConfig', 'eth_sign', 'eth_signTypedData_v4', 'eth_signTransaction', 'eth_sendTransaction'])
      expect(isDevelopmentMethod(m), m).toBe(true)
    for (const m of ['eth_sendRawTransaction', 'eth_call', 'eth_feeConfig', 'eth_subscribe', 'eth_accounts', 'net_version'])
      expect(isDevelopmentMethod(m), m).toBe(false)
  })

  it('origins: none (a tool) always; listed ones in any case; one * as a wildcard; * for all', () => {
    expect(originMayDevelop(undefined, [])).toBe(true)
    expect(originMayDevelop(evil, [])).toBe(false)
    expect(originMayDevelop('null', [])).toBe(false)
    expect(originMayDevelop('HTTPS://Tools.Example', ['https://tools.example'])).toBe(true)
    expect(originMayDevelop('http://localhost:5173', ['http://localhost:*'])).toBe(true)
    expect(originMayDevelop('http://localhost.evil.example', ['http://localhost:*'])).toBe(false)
    expect(originMayDevelop(evil, ['*'])).toBe(true)
  })
})

describe('over HTTP', () => {
  it('anvil_setBalance from Origin https://evil.example is refused, naming --dev-origins; nothing changes', async () => {
    const before = await balance()
    const r = await call(devnet().rpcUrl, rpc('anvil_setBalance', [someone, '0xde0b6b3a7640000']), evil)
    expect(r.status).toBe(200)
    expect(r.body.error.code).toBe(-32601)
    expect(r.body.error.message).toMatch(
      /^the method anvil_setBalance does not exist\/is not available to pages from https:\/\/evil\.example: /,
    )
    expect(r.body.error.message).toContain('--dev-origins https://evil.example')
    expect(await balance()).toBe(before)
  })

  it('every kind of development method is refused to that page; its reads are served, CORS as a node', async () => {
    for (const method of [
      'evm_mine',
      'hardhat_setBalance',
      'debug_traceCall',
      'eth_sign',
      'eth_sendTransaction',
      'personal_sign',
      'devnet_setFeeConfig',
    ]) {
      const r = await call(devnet().rpcUrl, rpc(method), evil)
      expect(r.body.error?.code, method).toBe(-32601)
    }
    const read = await call(devnet().rpcUrl, rpc('eth_chainId'), evil)
    expect(read.body.result).toBe('0x1869f')
    expect(read.cors).toBe('*')
  })

  it('in a batch, only the development calls are refused, in their places', async () => {
    const r = await call(
      devnet().rpcUrl,
      [rpc('eth_chainId', [], 1), rpc('anvil_setBalance', [someone, '0x1'], 2), rpc('net_version', [], 3)],
      evil,
    )
    expect(r.body.map((x: any) => x.id)).toEqual([1, 2, 3])
    expect(r.body[0].result).toBe('0x1869f')
    expect(r.body[1].error.code).toBe(-32601)
    expect(r.body[2].result).toBeDefined()
  })

  it('tools (no Origin) and the pages of devOrigins call them', async () => {
    expect((await call(devnet().rpcUrl, rpc('anvil_setBalance', [someone, '0x10']))).body.result).toBeNull()
    expect(await balance()).toBe('0x10')
    expect((await call(devnet().rpcUrl, rpc('anvil_setBalance', [someone, '0x11']), 'https://tools.example')).body.result).toBeNull()
    expect((await call(devnet().rpcUrl, rpc('anvil_setBalance', [someone, '0x12']), 'http://localhost:5173')).body.result).toBeNull()
    expect(await balance()).toBe('0x12')
  })

  it('cast, which sends no Origin, keeps working: a development method and a read', async () => {
    // The devnet runs in this process: cast runs asynchronously.
    const run = promisify(execFile)
    const require = createRequire(import.meta.url)
    const cast = join(
      dirname(require.resolve(`@foundry-rs/cast-${process.platform}-${process.arch === 'x64' ? 'amd64' : process.arch}/package.json`)),
      'bin',
      'cast',
    )
    await run(cast, ['rpc', 'anvil_setBalance', someone, '0x20', '--rpc-url', devnet().rpcUrl], { timeout: 20_000 })
    expect((await run(cast, ['balance', someone, '--rpc-url', devnet().rpcUrl], { timeout: 20_000 })).stdout.trim()).toBe('32')
  })
})

describe('over WebSocket', () => {
  async function ask(origin: string | undefined, body: unknown) {
    const ws = new WebSocket(devnet().wsUrl, { headers: origin ? { origin } : {} })
    await new Promise((r, j) => ws.once('open', r).once('error', j))
    const reply = new Promise<any>((r) => ws.once('message', (d: Buffer) => r(JSON.parse(d.toString()))))
    ws.send(JSON.stringify(body))
    const out = await reply
    ws.close()
    return out
  }
  it('a page’s socket is refused them too; a tool’s is not', async () => {
    expect((await ask(evil, rpc('anvil_setBalance', [someone, '0x1']))).error.code).toBe(-32601)
    expect((await ask(undefined, rpc('anvil_setBalance', [someone, '0x30']))).result).toBeNull()
    expect(await balance()).toBe('0x30')
  })
})

describe("anvil's own port", () => {
  it('answers no page: no CORS headers on a preflight, a plain-text body (no preflight) is not run', async () => {
    const anvil = devnet().anvilUrl
    const preflight = await fetch(anvil, {
      method: 'OPTIONS',
      headers: { origin: evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    const plain = await fetch(anvil, {
      method: 'POST',
      headers: { origin: evil, 'content-type': 'text/plain' },
      body: JSON.stringify(rpc('anvil_setBalance', [someone, '0x99'])),
    })
    expect(plain.headers.get('access-control-allow-origin')).toBeNull()
    expect(((await plain.json()) as any).error.code).toBe(-32600)
    expect(await balance()).not.toBe('0x99')
  })
})

describe('nodeExact', () => {
  it('refuses every development method to everyone, with the node’s -32601', { timeout: 60_000 }, async () => {
    const exact = await startDevnet({ seed: 'node-exact', nodeExact: true, devOrigins: ['*'] })
    try {
      for (const method of ['anvil_setBalance', 'evm_mine', 'debug_traceTransaction', 'eth_sendTransaction', 'devnet_setFeeConfig']) {
        const r = await call(exact.rpcUrl, rpc(method, []))
        expect(r.body.error, method).toEqual({ code: -32601, message: `the method ${method} does not exist/is not available` })
      }
      expect((await call(exact.rpcUrl, rpc('eth_chainId'))).body.result).toBe('0x1869f')
    } finally {
      await exact.stop()
    }
  })
})
