/**
 * The fault server of the fault suite: one loopback HTTP server whose first path segment
 * picks the fault. A client under test gets its own URL,
 * `http://127.0.0.1:<port>/<fault>/<tag>/ext/bc/C/rpc`, so the Info URL derived from it
 * (`/<fault>/<tag>/ext/info`) misbehaves the same way, and the requests of each call are
 * counted apart (by `/<fault>/<tag>`), even when calls run at the same time.
 *
 * `eth_chainId` is always answered normally (ethers' network detection) and not counted;
 * the routes `ok` (a good reply) and `noMethod` (-32601) serve the examples of docs/errors.md.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'

/** Valid, real-shaped results, for the faults that wrap or distort a good reply. */
export const goodResults: Record<string, unknown> = {
  eth_feeConfig: {
    feeConfig: {
      gasLimit: 8000000,
      targetBlockRate: 2,
      minBaseFee: 25000000000,
      targetGas: 15000000,
      baseFeeChangeDenominator: 36,
      minBlockGasCost: 0,
      maxBlockGasCost: 1000000,
      blockGasCostStep: 200000,
    },
    lastChangedAt: 0,
  },
  eth_getChainConfig: {
    chainId: 99999,
    homesteadBlock: 0,
    eip150Block: 0,
    eip155Block: 0,
    eip158Block: 0,
    byzantiumBlock: 0,
    constantinopleBlock: 0,
    petersburgBlock: 0,
    istanbulBlock: 0,
    muirGlacierBlock: 0,
    feeConfig: {
      gasLimit: 8000000,
      targetBlockRate: 2,
      minBaseFee: 25000000000,
      targetGas: 15000000,
      baseFeeChangeDenominator: 36,
      minBlockGasCost: 0,
      maxBlockGasCost: 1000000,
      blockGasCostStep: 200000,
    },
    upgrades: {},
  },
  'info.getNodeVersion': {
    version: 'avalanchego/1.14.2',
    databaseVersion: 'v1.4.5',
    rpcProtocolVersion: '44',
    gitCommit: '0000000000000000000000000000000000000000',
    vmVersions: { avm: 'v1.14.2', evm: 'v0.8.0', platform: 'v1.14.2' },
  },
  'info.peers': { numPeers: '0', peers: [] },
}

export const faults = [
  'truncated',
  'html502',
  'bootstrapping503',
  'retryAfter503',
  'notFound404',
  'tooLarge413',
  'unsupported415',
  'tooMany429',
  'empty200',
  'slow',
  'stall',
  'drip',
  'reset',
  'wrongId',
  'resultAndError',
  'array',
  'huge',
  'hugeChunked',
] as const
export type Fault = (typeof faults)[number]

/** The node's reply while a chain bootstraps (HTTP 503, text/plain). */
export const bootstrappingText = 'API call rejected because chain is not done bootstrapping\n'
export const html502Page =
  '<html>\r\n<head><title>502 Bad Gateway</title></head>\r\n<body>\r\n<center><h1>502 Bad Gateway</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n'
/** The size of the `huge` replies: 20 MiB. */
export const hugeSize = 20 * 1024 * 1024

export type FaultServer = {
  /** `http://127.0.0.1:<port>` */
  base: string
  /** An L1 RPC URL for one call: `<base>/<fault>/<tag>/ext/bc/C/rpc`. */
  rpcUrl(fault: Fault | 'ok' | 'noMethod', tag: string): string
  /** Requests (other than eth_chainId) received under `/<fault>/<tag>`. */
  count(fault: Fault, tag: string): number
  /** How long `slow` waits before answering, in ms. */
  slowMs: number
  /** The pause between two bytes of `drip`, in ms. */
  dripMs: number
  /** The Retry-After of `retryAfter503` and `tooMany429`, in seconds. */
  retryAfterS: number
  close(): Promise<void>
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

const envelope = (id: unknown, result: unknown) => JSON.stringify({ jsonrpc: '2.0', id, result })

export async function startFaultServer(): Promise<FaultServer> {
  const counts = new Map<string, number>()
  const timers = new Set<ReturnType<typeof setTimeout>>()
  const sockets = new Set<Socket>()
  const settings = { slowMs: 2_000, dripMs: 50, retryAfterS: 1 }

  const later = (ms: number, fn: () => void) => {
    const t = setTimeout(() => {
      timers.delete(t)
      fn()
    }, ms)
    timers.add(t)
  }
  const send = (res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) => {
    res.writeHead(status, { 'content-type': type, 'content-length': String(Buffer.byteLength(body)), ...headers })
    res.end(body)
  }
  const text = 'text/plain; charset=utf-8'

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const body = await readBody(req)
    const path = (req.url ?? '/').split('?')[0]!
    const fault = path.split('/')[1] as Fault
    const prefix = path.slice(0, Math.max(0, path.indexOf('/ext/')))
    let call: { id?: unknown; method?: unknown } = {}
    try {
      call = JSON.parse(body)
    } catch {}
    const id = call.id ?? null
    const method = String(call.method)
    if (method === 'eth_chainId') return send(res, 200, 'application/json', envelope(id, '0x1869f'))
    counts.set(prefix, (counts.get(prefix) ?? 0) + 1)
    const good = envelope(id, goodResults[method] ?? null)
    switch (fault as Fault | 'ok' | 'noMethod') {
      case 'ok':
        return send(res, 200, 'application/json', good)
      case 'noMethod':
        return send(
          res,
          200,
          'application/json',
          JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32601, message: `the method ${method} does not exist/is not available` } }),
        )
      case 'truncated':
        return send(res, 200, 'application/json', good.slice(0, Math.floor(good.length / 2)))
      case 'html502':
        return send(res, 502, 'text/html', html502Page)
      case 'bootstrapping503':
        return send(res, 503, text, bootstrappingText)
      case 'retryAfter503':
        return send(res, 503, text, bootstrappingText, { 'retry-after': String(settings.retryAfterS) })
      case 'notFound404':
        return send(res, 404, text, '404 page not found\n')
      case 'tooLarge413':
        return send(res, 413, text, 'http: request body too large\n')
      case 'unsupported415':
        return send(res, 415, text, 'unsupported media type\n')
      case 'tooMany429':
        return send(res, 429, text, 'Too Many Requests\n', { 'retry-after': String(settings.retryAfterS) })
      case 'empty200':
        return send(res, 200, 'application/json', '')
      case 'slow':
        return later(settings.slowMs, () => {
          if (!res.destroyed) send(res, 200, 'application/json', good)
        })
      case 'stall':
        // Headers and the first bytes at once, then nothing: only a deadline on the body ends the wait.
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write('{"jsonrpc":"2.0",')
        return
      case 'drip': {
        // One byte every `dripMs`: never idle long enough for a socket idle timeout to fire.
        res.writeHead(200, { 'content-type': 'application/json' })
        let i = 0
        const next = () => {
          if (res.destroyed) return
          if (i === good.length) return void res.end()
          res.write(good[i++]!)
          later(settings.dripMs, next)
        }
        return next()
      }
      case 'reset':
        // The headers promise the whole body; half of it arrives, then the connection dies.
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(good.length) })
        res.write(good.slice(0, Math.floor(good.length / 2)))
        return later(20, () => req.socket.destroy())
      case 'wrongId':
        return send(res, 200, 'application/json', envelope(typeof id === 'number' ? id + 1000 : 'not-the-id', goodResults[method] ?? null))
      case 'resultAndError':
        return send(
          res,
          200,
          'application/json',
          JSON.stringify({ jsonrpc: '2.0', id, result: goodResults[method] ?? null, error: { code: -32000, message: 'boom' } }),
        )
      case 'array':
        return send(res, 200, 'application/json', `[${good}]`)
      case 'huge': {
        // A well-formed envelope whose result is a 20 MiB string, with its content-length.
        const out = Buffer.alloc(hugeSize, 'a')
        out.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":"`, 0)
        out.write('"}', hugeSize - 2)
        return send(res, 200, 'application/json', out)
      }
      case 'hugeChunked': {
        // The same 20 MiB streamed without a content-length, as Go servers send large replies.
        res.writeHead(200, { 'content-type': 'application/json' })
        res.write(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":"`)
        const chunk = Buffer.alloc(1 << 20, 'a')
        let left = 20
        res.on('close', () => (left = 0))
        const pump = () => {
          while (left > 0) {
            left--
            if (!res.write(chunk)) return void res.once('drain', pump)
          }
          if (!res.destroyed) res.end('"}')
        }
        return pump()
      }
      default:
        return send(res, 404, text, '404 page not found\n')
    }
  }

  // Only the faults end connections: none of Node's own server timeouts (a request's 300 s, its headers' 60 s,
  // checked every 30 s; an idle keep-alive socket's 5 s) may cut a slow client off mid-reply or race its next request.
  const server = createServer({ requestTimeout: 0, headersTimeout: 0 }, (req, res) => {
    handle(req, res).catch(() => res.destroy())
  })
  server.keepAliveTimeout = 0
  server.on('connection', (s: Socket) => {
    sockets.add(s)
    s.on('close', () => sockets.delete(s))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    base,
    rpcUrl: (fault, tag) => `${base}/${fault}/${tag}/ext/bc/C/rpc`,
    count: (fault, tag) => counts.get(`/${fault}/${tag}`) ?? 0,
    get slowMs() {
      return settings.slowMs
    },
    set slowMs(ms) {
      settings.slowMs = ms
    },
    get dripMs() {
      return settings.dripMs
    },
    set dripMs(ms) {
      settings.dripMs = ms
    },
    get retryAfterS() {
      return settings.retryAfterS
    },
    set retryAfterS(s) {
      settings.retryAfterS = s
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t)
        timers.clear()
        for (const s of sockets) s.destroy()
        server.close(() => resolve())
      }),
  }
}
