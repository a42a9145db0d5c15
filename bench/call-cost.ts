/**
 * Per-call cost of each subnet-rpc action against its floor: the library it extends,
 * asked for the same method with the same params and answered with the same body.
 *
 * - viem: `client.feeConfig()` against `client.request({ method: 'eth_feeConfig', params })`
 *   on the same client (over `http`, and over `subnetHttp`); Info actions against
 *   `request` on a viem client of the same transport kind at the derived `/ext/info` URL.
 * - ethers: `provider.feeConfig()` / `provider.info.peers()` against `_send` of the same
 *   provider class (`SubnetProvider#_send`: TextDecoder, lossless parse) with the same
 *   payload (`send` would add its ~1 ms queue timer to every call), and against stock
 *   ethers' `JsonRpcProvider#_send` (its UTF-8 decoding in JavaScript: slow on big bodies).
 * - references: raw `fetch` + `JSON.parse`, and viem's `request` over `http` / `subnetHttp`.
 *
 * A loopback server on 127.0.0.1 in a worker thread answers each method with one fixed,
 * recorded body (fixtures.ts), so the server's cost is the same for every variant. Per
 * method, every round runs each variant once (a batch of BATCH sequential calls) in a
 * fresh random order; ratios are paired within rounds; each figure is the median over
 * rounds with a 95% interval, and rounds continue until every ratio is resolved (interval
 * within a tenth of the difference it reports, or ±0.5%), bounded in rounds and time.
 *
 *   npm run bench:calls
 *   BATCH=4 MAX_ROUNDS=3000 BENCH_SECONDS=60 ONLY=peers SDK=1 SEND=1 npm run bench:calls
 */
import { Worker } from 'node:worker_threads'
import { createClient, createPublicClient, http, type Client } from 'viem'
import { JsonRpcProvider } from 'ethers'
import { infoActions, subnetActions, subnetHttp } from '../src/viem/index.js'
import { SubnetProvider } from '../src/ethers/index.js'
import * as infoTable from '../src/core/methods/info.js'
import * as subnetTable from '../src/core/methods/subnet.js'
import { fixtures } from './fixtures.js'
import { envNumber, fmt, interleave, meanRatioCI, medianCI, paired, printTable, resolved, verdict, type Plan } from './measure.js'

const batch = envNumber('BATCH', 1)
const maxRounds = envNumber('MAX_ROUNDS', 20_000)
const secondsPerMethod = envNumber('BENCH_SECONDS', 45)
const only = process.env.ONLY
const withSdk = process.env.SDK === '1'
// ethers' public `send` queues each call behind a timer (~1 ms): a reference only, off by default as it doubles a round.
const withSend = process.env.SEND === '1'
const target = 1.03

const f = fixtures({ longIntegers: false })
const bodies = {
  eth_feeConfig: f.feeConfig,
  eth_getChainConfig: f.getChainConfig,
  eth_getActiveRulesAt: f.getActiveRulesAt,
  'info.getNodeVersion': f.getNodeVersion,
  'info.peers': f.peers200,
}
const worker = new Worker(new URL('./server.mjs', import.meta.url), { workerData: bodies })
const port: number = await new Promise((resolve) => worker.once('message', resolve))
const base = `http://127.0.0.1:${port}`
const rpcUrl = `${base}/ext/bc/devnet/rpc`
const infoUrl = `${base}/ext/info`

// viem: the clients users make, and plain clients at the Info URL for the Info floor.
const viemHttp = createPublicClient({ transport: http(rpcUrl) })
  .extend(subnetActions())
  .extend(infoActions())
const viemLossless = createPublicClient({ transport: subnetHttp(rpcUrl) })
  .extend(subnetActions())
  .extend(infoActions())
const viemInfoHttp = createClient({ transport: http(infoUrl) })
const viemInfoLossless = createClient({ transport: subnetHttp(infoUrl) })
// ethers: staticNetwork (no eth_chainId probe) and batchMaxCount 1 (no batch stall), for ours and the floor alike.
const ethersOptions = { staticNetwork: true, batchMaxCount: 1 } as const
const ours = new SubnetProvider(rpcUrl, 99999, ethersOptions)
const plainRpc = new JsonRpcProvider(rpcUrl, 99999, ethersOptions)
const plainInfo = new JsonRpcProvider(infoUrl, 99999, ethersOptions)
const oursAtInfo = new SubnetProvider(infoUrl, 99999, ethersOptions)

let nextId = 1
const payload = (method: string, params: unknown) => ({ jsonrpc: '2.0' as const, id: nextId++, method, params: params as unknown[] })
async function fetchParse(url: string, method: string, params: unknown) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(payload(method, params)),
  })
  return JSON.parse(await res.text()).result
}

type Viem = typeof viemHttp
type Case = {
  name: string
  method: string
  /** The params our action sends, from its own method spec. */
  params: unknown
  info: boolean
  viem: (c: Viem) => Promise<unknown>
  ethers: (p: SubnetProvider) => Promise<unknown>
  sdk?: () => Promise<unknown>
}

const now = 1_700_000_100
const cases: Case[] = [
  {
    name: 'feeConfig',
    method: 'eth_feeConfig',
    params: subnetTable.feeConfig.encode(undefined),
    info: false,
    viem: (c) => c.feeConfig(),
    ethers: (p) => p.feeConfig(),
  },
  {
    name: 'getChainConfig',
    method: 'eth_getChainConfig',
    params: subnetTable.getChainConfig.encode(undefined),
    info: false,
    viem: (c) => c.getChainConfig(),
    ethers: (p) => p.getChainConfig(),
  },
  {
    name: 'getActiveRulesAt',
    method: 'eth_getActiveRulesAt',
    params: subnetTable.getActiveRulesAt.encode({ timestamp: now }),
    info: false,
    viem: (c) => c.getActiveRulesAt({ timestamp: now }),
    ethers: (p) => p.getActiveRulesAt(now),
  },
  {
    name: 'getNodeVersion',
    method: 'info.getNodeVersion',
    params: infoTable.getNodeVersion.encode(undefined),
    info: true,
    viem: (c) => c.getNodeVersion(),
    ethers: (p) => p.info.getNodeVersion(),
  },
  {
    name: 'peers (200, 77 KB)',
    method: 'info.peers',
    params: infoTable.peers.encode(undefined),
    info: true,
    viem: (c) => c.peers(),
    ethers: (p) => p.info.peers(),
  },
]

if (withSdk) {
  const { feeConfig, getActiveRulesAt, getChainConfig } = await import('@avalanche-sdk/client/methods/public')
  const { getNodeVersion, peers } = await import('@avalanche-sdk/client/methods/info')
  const sdkChain = createClient({ transport: http(rpcUrl) }) as never
  const sdkInfo = createClient({ transport: http(infoUrl) }) as never
  const sdk = [
    () => feeConfig(sdkChain, { blk: 'latest' } as never),
    () => getChainConfig(sdkChain),
    () => getActiveRulesAt(sdkChain, { timestamp: `0x${now.toString(16)}` } as never),
    () => getNodeVersion(sdkInfo),
    () => peers(sdkInfo, {} as never),
  ]
  for (const [i, c] of cases.entries()) c.sdk = sdk[i]
}

// Same method, same params, same body: the floors differ from the actions only in what the actions add.
const sameBody = (c: Case) => {
  const viemFloorHttp: Pick<Client, 'request'> = c.info ? viemInfoHttp : viemHttp
  const viemFloorLossless: Pick<Client, 'request'> = c.info ? viemInfoLossless : viemLossless
  const ethersFloor = c.info ? plainInfo : plainRpc
  const oursSend = c.info ? oursAtInfo : ours
  const request = { method: c.method, params: c.params } as never
  const variants: Record<string, () => Promise<unknown>> = {
    'viem http: action': () => c.viem(viemHttp),
    'viem http: client.request': () => viemFloorHttp.request(request),
    'viem subnetHttp: action': () => c.viem(viemLossless),
    'viem subnetHttp: client.request': () => viemFloorLossless.request(request),
    'ethers: SubnetProvider action': () => c.ethers(ours),
    'ethers: JsonRpcProvider._send': () => ethersFloor._send(payload(c.method, c.params)),
    'ethers: SubnetProvider._send': () => oursSend._send(payload(c.method, c.params)),
    'fetch + JSON.parse': () => fetchParse(c.info ? infoUrl : rpcUrl, c.method, c.params),
  }
  if (c.sdk) variants['@avalanche-sdk/client'] = c.sdk
  if (withSend) variants['ethers: SubnetProvider.send'] = () => (c.info ? oursAtInfo : ours).send(c.method, c.params as unknown[])
  return variants
}

/** [ours, floor, target or undefined for a reference ratio] */
const ratios: [string, string, number | undefined][] = [
  ['viem http: action', 'viem http: client.request', target],
  ['viem subnetHttp: action', 'viem subnetHttp: client.request', target],
  ['ethers: SubnetProvider action', 'ethers: SubnetProvider._send', target],
  ['ethers: SubnetProvider action', 'ethers: JsonRpcProvider._send', undefined],
  ['viem subnetHttp: action', 'viem http: client.request', undefined],
  ['viem subnetHttp: client.request', 'viem http: client.request', undefined],
  ['viem http: client.request', 'fetch + JSON.parse', undefined],
  ['ethers: JsonRpcProvider._send', 'fetch + JSON.parse', undefined],
]
if (withSdk) ratios.push(['viem http: action', '@avalanche-sdk/client', undefined])
if (withSend) ratios.push(['ethers: SubnetProvider action', 'ethers: SubnetProvider.send', undefined])

const main: Record<string, string | number>[] = []
const reference: Record<string, string | number>[] = []
for (const c of cases) {
  if (only && !c.name.includes(only)) continue
  const plan: Plan = {
    batch,
    minRounds: 300,
    minMs: 5000,
    maxRounds,
    maxMs: secondsPerMethod * 1000,
    ratios: ratios.filter((r) => r[2] !== undefined).map(([a, b]) => [a, b] as const),
    warmup: c.info && c.method === 'info.peers' ? 100 : 300,
  }
  const s = await interleave(sameBody(c), plan)
  console.error(`${c.name}: ${s.rounds} rounds × ${batch} calls per variant in ${(s.ms / 1000).toFixed(0)} s (stopped by ${s.stoppedBy})`)
  for (const [a, b, t] of ratios) {
    const e = medianCI(paired(s.times[a]!, s.times[b]!))
    const row = {
      action: c.name,
      ours: a,
      'µs/call': fmt.us(medianCI(s.times[a]!).median),
      floor: b,
      'floor µs/call': fmt.us(medianCI(s.times[b]!).median),
      ratio: fmt.ratio(e.median),
      '95% CI': fmt.ci(e),
      spread: fmt.pm(e),
      resolved: resolved(e) ? 'yes' : 'no',
      'ratio of means (95% CI)': (({ median, ...m }) => `${fmt.ratio(median)} (${fmt.ci({ median, ...m })})`)(
        meanRatioCI(s.times[a]!, s.times[b]!),
      ),
    }
    if (t === undefined) reference.push(row)
    else main.push({ ...row, target: `≤ ${t}`, verdict: verdict(e, t), rounds: s.rounds })
  }
}

printTable(
  `per-call cost against the floor: same method, same params, same body (target ≤ ${target}; BATCH=${batch}; median over rounds of paired per-round ratios)`,
  main,
)
printTable('reference ratios (not targets)', reference)

ours.destroy()
plainRpc.destroy()
plainInfo.destroy()
oursAtInfo.destroy()
await worker.terminate()
process.exit(0)
