/**
 * The devnet takes 10,000 random and mutated requests (fixed seed) on /ext/info, the L1
 * endpoint and unknown paths, and answers every one with valid JSON-RPC, an empty body
 * (notifications) or one of the node's HTTP errors; it stays up with bounded memory.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { useSharedDevnet } from '../helpers/devnet.js'

const devnet = useSharedDevnet()
const total = Number(process.env.FUZZ_REQUESTS ?? 10_000)
const seed = Number(process.env.FUZZ_SEED ?? 424242)

const methods = [
  'info.getNodeID',
  'info.peers',
  'info.isBootstrapped',
  'info.getBlockchainID',
  'info.uptime',
  'info.acps',
  'info.upgrades',
  'info.GetNodeID',
  'info.',
  'nope',
  'eth_feeConfig',
  'eth_getChainConfig',
  'eth_getActiveRulesAt',
  'eth_getActivePrecompilesAt',
  'eth_chainId',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_subscribe',
  'rpc_modules',
  'foo_bar',
  '',
]
const json = fc.jsonValue({ maxDepth: 4 })
const id = fc.oneof(
  fc.integer(),
  fc.string({ maxLength: 8 }),
  fc.constant(null),
  fc.constant('1e400'),
  fc.bigInt({ min: 0n, max: 10n ** 30n }).map(String),
)
const envelope = fc.record(
  {
    jsonrpc: fc.oneof(fc.constant('2.0'), fc.constant('1.0'), fc.integer()),
    id,
    method: fc.oneof(fc.constantFrom(...methods), fc.string({ maxLength: 12 })),
    params: fc.oneof(json, fc.array(json, { maxLength: 3 })),
  },
  { requiredKeys: [] },
)
const body = fc.oneof(
  { weight: 5, arbitrary: envelope.map((e) => JSON.stringify(e)) },
  { weight: 2, arbitrary: fc.array(envelope, { maxLength: 5 }).map((b) => JSON.stringify(b)) },
  { weight: 1, arbitrary: json.map((v) => JSON.stringify(v) ?? '') },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }) },
  { weight: 1, arbitrary: envelope.map((e) => JSON.stringify(e).slice(0, Math.max(0, JSON.stringify(e).length - 3))) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 300 }).map((d) => `${'['.repeat(d)}${']'.repeat(d)}`) },
)
const request = fc.record({
  path: fc.constantFrom('info', 'rpc', 'alias', 'unknown'),
  method: fc.constantFrom('POST', 'POST', 'POST', 'POST', 'GET', 'PUT'),
  contentType: fc.constantFrom('application/json', 'application/json', 'application/json; charset=utf-8', 'text/plain', ''),
  body,
})

const httpErrors: Record<number, RegExp> = {
  404: /^404 page not found\n$/,
  405: /^(rpc: POST method required, received \w+|method not allowed\n)$/,
  413: /^content length too large \(\d+>5242880\)\n$/,
  415: /^(rpc: unrecognized Content-Type: .*|invalid content type, only application\/json is supported\n)$/,
}

function checkJsonRpc(text: string): string | undefined {
  let v: unknown
  try {
    v = JSON.parse(text)
  } catch {
    return 'not JSON'
  }
  const one = (m: unknown) => {
    if (!m || typeof m !== 'object') return 'not an object'
    const o = m as Record<string, unknown>
    if (o.jsonrpc !== '2.0') return 'no jsonrpc 2.0'
    if (!('id' in o)) return 'no id'
    if ('result' in o === 'error' in o) return 'not exactly one of result and error'
    return undefined
  }
  return Array.isArray(v) ? v.map(one).find(Boolean) : one(v)
}

describe('devnet under random requests', () => {
  it(`answers ${total} random requests with JSON-RPC or the node's HTTP errors, and stays up`, async () => {
    const samples = fc.sample(request, { seed, numRuns: total })
    const urls = { info: devnet().infoUrl, rpc: devnet().rpcUrl, alias: devnet().aliasRpcUrl, unknown: `${devnet().url}/ext/bc/nope/rpc` }
    const problems: string[] = []
    const rss0 = process.memoryUsage().rss
    let peakRss = rss0
    let next = 0
    const t0 = performance.now()
    async function worker() {
      for (let i = next++; i < samples.length; i = next++) {
        const r = samples[i]!
        const headers: Record<string, string> = r.contentType ? { 'content-type': r.contentType } : {}
        const res = await fetch(urls[r.path], { method: r.method, headers, body: r.method === 'GET' ? undefined : r.body })
        const text = await res.text()
        let problem: string | undefined
        if (res.status === 200) problem = text === '' ? undefined : checkJsonRpc(text)
        else if (!httpErrors[res.status]?.test(text)) problem = `HTTP ${res.status} ${JSON.stringify(text.slice(0, 80))}`
        if (problem && problems.length < 10) problems.push(`${problem} for ${JSON.stringify(r).slice(0, 200)}`)
        if (i % 500 === 0) peakRss = Math.max(peakRss, process.memoryUsage().rss)
      }
    }
    await Promise.all(Array.from({ length: 16 }, worker))
    const seconds = (performance.now() - t0) / 1000
    console.log(
      `fuzz: ${total} requests in ${seconds.toFixed(1)} s (${Math.round(total / seconds)}/s), RSS ${Math.round(rss0 / 2 ** 20)} → peak ${Math.round(peakRss / 2 ** 20)} MiB`,
    )
    expect(problems).toEqual([])
    expect(peakRss - rss0).toBeLessThan(300 * 2 ** 20)
    // Still serving.
    const ok = await fetch(devnet().rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}',
    })
    expect(await ok.text()).toBe('{"jsonrpc":"2.0","id":1,"result":"0x1869f"}\n')
  }, 600_000)
})
