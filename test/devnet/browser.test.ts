/**
 * A dApp page in a real headless Chromium (@sparticuz/chromium, a devDependency that ships the binary), served
 * from another origin (a second 127.0.0.1 port), calls the devnet through the packed subnet-rpc (its viem and
 * ethers entries, bundled for the page by esbuild): the browser's CORS checks pass as against a node. Chromium
 * runs without `--disable-web-security`; a devnet whose --http-allowed-origins leaves the page out is refused by
 * the browser, so the success is the CORS layer's.
 */
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import chromium from '@sparticuz/chromium'
import { build } from 'esbuild'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { useDevnet, useSharedDevnet } from '../helpers/devnet.js'
import { installApp, repoVersion } from '../package/pack.js'

/** The page's script: what a dApp does with the published entries. */
const dapp = `
import { createPublicClient } from 'viem'
import { healthActions, infoActions, subnetActions, subnetHttp } from 'subnet-rpc/viem'
import { SubnetProvider } from 'subnet-rpc/ethers'

window.viemCalls = async (rpcUrl) => {
  const client = createPublicClient({ transport: subnetHttp(rpcUrl) })
    .extend(subnetActions())
    .extend(infoActions())
    .extend(healthActions())
  const { feeConfig } = await client.feeConfig()
  const { nodeID } = await client.getNodeID()
  const { healthy } = await client.health()
  return { minBaseFee: String(feeConfig.minBaseFee), nodeID, healthy, chainId: await client.getChainId(), block: String(await client.getBlockNumber()) }
}

window.ethersCalls = async (rpcUrl) => {
  const provider = new SubnetProvider(rpcUrl)
  try {
    const { feeConfig } = await provider.feeConfig('latest')
    const { nodeID } = await provider.info.getNodeID()
    const network = await provider.getNetwork()
    return { minBaseFee: String(feeConfig.minBaseFee), nodeID, chainId: Number(network.chainId), block: String(await provider.getBlockNumber()) }
  } finally {
    provider.destroy()
  }
}

/** A plain JSON POST, as the libraries send them: its status, or the browser's error. */
window.post = (url) =>
  fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"jsonrpc":"2.0","id":1,"method":"info.getNodeID"}' })
    .then((r) => r.status, (e) => e.name + ': ' + e.message)
`

/** A minimal Chrome DevTools Protocol client: one page, `Runtime.evaluate` of promises. */
class Browser {
  #next = 1
  #pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>()
  #events: { method: string; sessionId: string; resolve: () => void }[] = []
  private constructor(
    readonly process: ChildProcess,
    readonly ws: WebSocket,
  ) {
    ws.on('message', (data: Buffer) => {
      const msg = JSON.parse(data.toString()) as {
        id?: number
        method?: string
        sessionId?: string
        result?: unknown
        error?: { message: string }
      }
      for (const e of this.#events.filter((e) => e.method === msg.method && e.sessionId === msg.sessionId)) {
        this.#events.splice(this.#events.indexOf(e), 1)
        e.resolve()
      }
      const waiter = msg.id === undefined ? undefined : this.#pending.get(msg.id)
      if (!waiter) return
      this.#pending.delete(msg.id!)
      if (msg.error) waiter.reject(new Error(msg.error.message))
      else waiter.resolve(msg.result)
    })
  }

  static async launch(profile: string): Promise<Browser> {
    // @sparticuz/chromium's args, less --disable-web-security (it would switch CORS off).
    const args = chromium.args.filter((a) => a !== '--disable-web-security')
    const proc = spawn(
      await chromium.executablePath(),
      [...args, '--remote-debugging-port=0', `--user-data-dir=${profile}`, 'about:blank'],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    let err = ''
    const endpoint = await new Promise<string>((resolve, reject) => {
      proc.stderr!.on('data', (d: Buffer) => {
        err += d.toString()
        const url = /DevTools listening on (ws:\/\/\S+)/.exec(err)?.[1]
        if (url) resolve(url)
      })
      proc.on('exit', (code) => reject(new Error(`chromium exited (${code}): ${err}`)))
    })
    const ws = new WebSocket(endpoint, { perMessageDeflate: false })
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    return new Browser(proc, ws)
  }

  send<T>(method: string, params: object = {}, sessionId?: string): Promise<T> {
    const id = this.#next++
    this.ws.send(JSON.stringify({ id, method, params, sessionId }))
    return new Promise((resolve, reject) => this.#pending.set(id, { resolve: resolve as (v: unknown) => void, reject }))
  }

  /** Opens `url` in a new tab; resolves, once it has loaded, with a function that awaits an expression in the page. */
  async open(url: string): Promise<(expression: string) => Promise<unknown>> {
    const { targetId } = await this.send<{ targetId: string }>('Target.createTarget', { url: 'about:blank' })
    const { sessionId } = await this.send<{ sessionId: string }>('Target.attachToTarget', { targetId, flatten: true })
    await this.send('Page.enable', {}, sessionId)
    const loaded = new Promise<void>((resolve) => this.#events.push({ method: 'Page.loadEventFired', sessionId, resolve }))
    await this.send('Page.navigate', { url }, sessionId)
    // A module script has run by the load event.
    await loaded
    const evaluate = async (expression: string) => {
      const r = await this.send<{ result: { value?: unknown }; exceptionDetails?: { exception?: { description?: string }; text: string } }>(
        'Runtime.evaluate',
        { expression, awaitPromise: true, returnByValue: true },
        sessionId,
      )
      if (r.exceptionDetails) throw new Error(r.exceptionDetails.exception?.description ?? r.exceptionDetails.text)
      return r.result.value
    }
    return evaluate
  }

  async close() {
    this.ws.close()
    const exited = new Promise((resolve) => this.process.once('exit', resolve))
    this.process.kill()
    await exited
  }
}

const devnet = useSharedDevnet()
// A node that allows one other origin only: the page's calls must fail there.
const closed = useDevnet({ seed: 'browser-closed', httpAllowedOrigins: ['https://elsewhere.example'] })

let page: Server
let pageUrl: string
let browser: Browser | undefined
let profile: string

beforeAll(async () => {
  // The packed subnet-rpc with viem and ethers, installed as an app would, then bundled for the browser.
  const app = await installApp('browser', { viem: repoVersion('viem'), ethers: repoVersion('ethers') }, true)
  writeFileSync(join(app.dir, 'dapp.js'), dapp)
  const bundle = await build({
    entryPoints: [join(app.dir, 'dapp.js')],
    absWorkingDir: app.dir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  })
  const script = bundle.outputFiles[0]!.text
  page = createServer((req, res) => {
    if (req.url === '/dapp.js') res.writeHead(200, { 'content-type': 'text/javascript' }).end(script)
    else
      res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><title>dApp</title><script type="module" src="/dapp.js"></script>')
  })
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
  pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}/`
  profile = mkdtempSync(join(tmpdir(), 'subnet-rpc-chromium-'))
  browser = await Browser.launch(profile)
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await new Promise((resolve) => page?.close(resolve))
  if (profile) rmSync(profile, { recursive: true, force: true })
})

describe('a dApp page on another origin, in headless Chromium', () => {
  it('runs Chromium from the @sparticuz/chromium package', async () => {
    const { product } = await browser!.send<{ product: string }>('Browser.getVersion')
    expect(product).toMatch(/^HeadlessChrome\/147\./)
    expect(new URL(pageUrl).origin).not.toBe(new URL(devnet().url).origin)
  })

  it('calls the L1, /ext/info and /ext/health through subnet-rpc/viem', async () => {
    const run = await browser!.open(pageUrl)
    expect(await run(`viemCalls(${JSON.stringify(devnet().rpcUrl)})`)).toEqual({
      minBaseFee: '25000000000',
      nodeID: devnet().nodeID,
      healthy: true,
      chainId: 99999,
      block: expect.stringMatching(/^\d+$/),
    })
  })

  it('calls the L1 and /ext/info through subnet-rpc/ethers', async () => {
    const run = await browser!.open(pageUrl)
    expect(await run(`ethersCalls(${JSON.stringify(devnet().aliasRpcUrl)})`)).toEqual({
      minBaseFee: '25000000000',
      nodeID: devnet().nodeID,
      chainId: 99999,
      block: expect.stringMatching(/^\d+$/),
    })
  })

  it('is refused by the browser where --http-allowed-origins leaves the page out', async () => {
    const run = await browser!.open(pageUrl)
    expect(await run(`post(${JSON.stringify(devnet().infoUrl)})`)).toBe(200)
    expect(await run(`post(${JSON.stringify(closed().infoUrl)})`)).toBe('TypeError: Failed to fetch')
    await expect(run(`viemCalls(${JSON.stringify(closed().rpcUrl)})`)).rejects.toThrow(/HTTP request failed/)
  })
})
