/**
 * What the devnet adds to a standard call it forwards to anvil, and what a precompile call costs
 * against a plain `eth_call` through the devnet.
 *
 * One client sends the same JSON-RPC body, sequentially over keep-alive connections, to the
 * devnet's L1 endpoint and to anvil directly, interleaved round by round in random order
 * (./measure.ts), and to a bare keep-alive forwarding proxy to the same anvil in the same run (a
 * node:http server on 127.0.0.1 that posts the body to anvil over the devnet's own keep-alive client and
 * returns the reply, nothing else): the floor for any forwarder in Node, so the devnet's own work is the
 * difference. The client is `fetch` (what viem's `http` transport uses) or, with CLIENT=http, a bare
 * node:http request: the leanest client, so the hop weighs most. Ratios are paired within rounds; each
 * figure is the median over rounds with a 95% interval. Targets: a forwarded call ≤ 1.15× the bare
 * proxy; a precompile `eth_call` ≤ 1.5× a plain `eth_call` through the devnet. `eth_chainId` is one
 * the node answers from its config, without a hop: there the devnet is below anvil itself.
 *
 *   npm run bench:forwarding
 *   BATCH=20 BENCH_SECONDS=20 npm run bench:forwarding
 */
import { Agent, request } from 'node:http'
import { startDevnet } from '../packages/devnet/src/index.js'
import { startBareProxy } from './bare-proxy.js'
import { envNumber, fmt, interleave, medianCI, paired, type Plan } from './measure.js'

const batch = envNumber('BATCH', 10)
const seconds = envNumber('BENCH_SECONDS', 15)
const client = process.env.CLIENT === 'http' ? 'http' : 'fetch'

const agent = new Agent({ keepAlive: true, maxSockets: 1 })

function checked(text: string): string {
  if (!text.includes('"result"')) throw new Error(`no result: ${text}`)
  return text
}

async function viaFetch(url: string, body: string): Promise<string> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
  return checked(await res.text())
}

/** One POST over the keep-alive agent; resolves with the body (checked to be a result). */
function viaHttp(url: string, body: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => {
        try {
          resolve(checked(Buffer.concat(chunks).toString('utf8')))
        } catch (e) {
          reject(e)
        }
      })
    })
    req.on('error', reject)
    req.end(body)
  })
}

const post = client === 'http' ? viaHttp : viaFetch
const call = (method: string, params: unknown[]) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })

const devnet = await startDevnet({ seed: 'bench-forwarding' })
const proxy = await startBareProxy(devnet.anvilUrl)
const proxyUrl = proxy.url
try {
  const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  // readAllowList(account) on the Tx Allow List of the default devnet genesis.
  const readAllowList = `0xeb54dae1000000000000000000000000${account.slice(2).toLowerCase()}`
  const bodies = {
    eth_chainId: call('eth_chainId', []),
    eth_getBalance: call('eth_getBalance', [account, 'latest']),
    'eth_call (plain: an EOA)': call('eth_call', [{ to: account, data: '0x' }, 'latest']),
    'eth_call (readAllowList)': call('eth_call', [{ to: '0x0200000000000000000000000000000000000002', data: readAllowList }, 'latest']),
  }
  const variants: Record<string, () => Promise<unknown>> = {}
  for (const [name, body] of Object.entries(bodies)) {
    variants[`devnet ${name}`] = () => post(devnet.rpcUrl, body)
    variants[`anvil ${name}`] = () => post(devnet.anvilUrl, body)
    variants[`proxy ${name}`] = () => post(proxyUrl, body)
  }
  const ratios = [
    ...Object.keys(bodies).map((name) => [`devnet ${name}`, `proxy ${name}`] as const),
    ['devnet eth_call (readAllowList)', 'devnet eth_call (plain: an EOA)'] as const,
  ]
  const plan: Plan = { batch, minRounds: 30, maxRounds: 5_000, maxMs: seconds * 1000, ratios, warmup: 200 }
  const { times, rounds, stoppedBy } = await interleave(variants, plan)
  console.log(
    `forwarding through the devnet, client ${client}: ${rounds} rounds of ${batch} sequential keep-alive calls per variant (stopped by ${stoppedBy})`,
  )
  for (const [name] of Object.entries(bodies)) {
    const d = medianCI(times[`devnet ${name}`]!)
    const a = medianCI(times[`anvil ${name}`]!)
    const x = medianCI(times[`proxy ${name}`]!)
    const r = medianCI(paired(times[`devnet ${name}`]!, times[`proxy ${name}`]!))
    const direct = medianCI(paired(times[`devnet ${name}`]!, times[`anvil ${name}`]!))
    console.log(
      `  ${name.padEnd(26)} devnet ${fmt.us(d.median)} µs, bare proxy ${fmt.us(x.median)} µs: ${fmt.ratio(r.median)} (${fmt.ci(r)}), target ≤ 1.15 ${r.hi <= 1.15 ? 'met' : r.lo > 1.15 ? 'MISSED' : 'at the line'}; anvil direct ${fmt.us(a.median)} µs: ${fmt.ratio(direct.median)}`,
    )
  }
  const p = medianCI(paired(times['devnet eth_call (readAllowList)']!, times['devnet eth_call (plain: an EOA)']!))
  console.log(
    `  precompile eth_call / plain eth_call through the devnet: ${fmt.ratio(p.median)} (${fmt.ci(p)}), target ≤ 1.5 ${p.hi <= 1.5 ? 'met' : p.lo > 1.5 ? 'MISSED' : 'at the line'}`,
  )
} finally {
  proxy.close()
  agent.destroy()
  await devnet.stop()
}
