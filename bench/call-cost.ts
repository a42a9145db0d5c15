/**
 * Per-call cost of each client against a loopback server with fixed bodies: raw `fetch` +
 * `JSON.parse` (the floor), subnet-rpc's viem actions over `http` and over `subnetHttp`,
 * `SubnetProvider`, and `@avalanche-sdk/client`, for `eth_feeConfig`, `eth_getChainConfig`,
 * `eth_getActiveRulesAt`, `info.getNodeVersion` and `info.peers` (200 peers). Calls are
 * sequential; each figure is the median over rounds of the mean time per call, and every
 * ratio is to the floor measured in the same run.
 *
 *   npm run bench:calls
 */
import { Worker } from 'node:worker_threads'
import { createClient, createPublicClient, http } from 'viem'
import { feeConfig as sdkFeeConfig, getActiveRulesAt as sdkRules, getChainConfig as sdkChainConfig } from '@avalanche-sdk/client/methods/public'
import { getNodeVersion as sdkNodeVersion, peers as sdkPeers } from '@avalanche-sdk/client/methods/info'
import { infoActions, subnetActions, subnetHttp } from '../src/viem/index.js'
import { SubnetProvider } from '../src/ethers/index.js'
import { fixtures } from './fixtures.js'
import { median, table, timePerCall } from './measure.js'

const f = fixtures({ longIntegers: false })
const bodies = {
  eth_feeConfig: f.feeConfig,
  eth_getChainConfig: f.getChainConfig,
  eth_getActiveRulesAt: f.getActiveRulesAt,
  'info.getNodeVersion': f.getNodeVersion,
  'info.peers': f.peers200,
  eth_chainId: '{"jsonrpc":"2.0","id":1,"result":"0x1869f"}',
}
const worker = new Worker(new URL('./server.mjs', import.meta.url), { workerData: bodies })
const port: number = await new Promise((resolve) => worker.once('message', resolve))
const base = `http://127.0.0.1:${port}`
const rpcUrl = `${base}/ext/bc/devnet/rpc`
const infoUrl = `${base}/ext/info`

const viemHttp = createPublicClient({ transport: http(rpcUrl) }).extend(subnetActions()).extend(infoActions())
const viemLossless = createPublicClient({ transport: subnetHttp(rpcUrl) }).extend(subnetActions()).extend(infoActions())
// staticNetwork: no eth_chainId probe; batchMaxCount 1: no 10 ms batch stall on sequential calls.
const ethers = new SubnetProvider(rpcUrl, 99999, { staticNetwork: true, batchMaxCount: 1 })
const sdkChain = createClient({ transport: http(rpcUrl) })
const sdkInfo = createClient({ transport: http(infoUrl) })

async function floor(url: string, method: string, params: unknown) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }) })
  return JSON.parse(await res.text()).result
}

const now = 1_700_000_100
const cases: Record<string, Record<string, () => Promise<unknown>>> = {
  feeConfig: {
    floor: () => floor(rpcUrl, 'eth_feeConfig', []),
    'viem http': () => viemHttp.feeConfig(),
    'viem subnetHttp': () => viemLossless.feeConfig(),
    'ethers SubnetProvider': () => ethers.feeConfig(),
    '@avalanche-sdk/client': () => sdkFeeConfig(sdkChain as never, { blk: 'latest' }),
  },
  getChainConfig: {
    floor: () => floor(rpcUrl, 'eth_getChainConfig', []),
    'viem http': () => viemHttp.getChainConfig(),
    'viem subnetHttp': () => viemLossless.getChainConfig(),
    'ethers SubnetProvider': () => ethers.getChainConfig(),
    '@avalanche-sdk/client': () => sdkChainConfig(sdkChain as never),
  },
  getActiveRulesAt: {
    floor: () => floor(rpcUrl, 'eth_getActiveRulesAt', [now]),
    'viem http': () => viemHttp.getActiveRulesAt({ timestamp: now }),
    'viem subnetHttp': () => viemLossless.getActiveRulesAt({ timestamp: now }),
    'ethers SubnetProvider': () => ethers.getActiveRulesAt(now),
    '@avalanche-sdk/client': () => sdkRules(sdkChain as never, { timestamp: `0x${now.toString(16)}` } as never),
  },
  getNodeVersion: {
    floor: () => floor(infoUrl, 'info.getNodeVersion', {}),
    'viem http': () => viemHttp.getNodeVersion(),
    'viem subnetHttp': () => viemLossless.getNodeVersion(),
    'ethers SubnetProvider': () => ethers.info.getNodeVersion(),
    '@avalanche-sdk/client': () => sdkNodeVersion(sdkInfo as never),
  },
  'peers (200)': {
    floor: () => floor(infoUrl, 'info.peers', {}),
    'viem http': () => viemHttp.peers(),
    'viem subnetHttp': () => viemLossless.peers(),
    'ethers SubnetProvider': () => ethers.info.peers(),
    '@avalanche-sdk/client': () => sdkPeers(sdkInfo as never, {} as never),
  },
}

const rows: Record<string, Record<string, string | number>> = {}
for (const [name, clients] of Object.entries(cases)) {
  // Interleave clients round by round so machine noise hits all of them alike.
  const times: Record<string, number[]> = {}
  for (let round = 0; round < 9; round++)
    for (const [client, fn] of Object.entries(clients)) (times[client] ??= []).push(...(await timePerCall(fn, 1, name.startsWith('peers') ? 100 : 300)))
  const floorMs = median(times.floor!)
  const row: Record<string, string | number> = { 'floor µs': Math.round(floorMs * 1000) }
  for (const client of Object.keys(clients)) if (client !== 'floor') row[client] = +(median(times[client]!) / floorMs).toFixed(2)
  rows[name] = row
}
table('per-call cost: ratio to raw fetch + JSON.parse (targets: viem ≤ 1.15, ethers ≤ 1.3, never slower than @avalanche-sdk/client)', rows)
ethers.destroy()
worker.postMessage('close')
