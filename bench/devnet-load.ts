/**
 * Devnet load: 20,000 JSON-RPC requests at concurrency 64, mixing Info and L1 methods
 * (local and forwarded to anvil). Prints requests/s, p50/p99 latency and peak RSS of
 * this process (the devnet runs in it; anvil is a separate process).
 *
 *   npm run bench:devnet            # defaults
 *   TOTAL=50000 CONCURRENCY=128 npm run bench:devnet
 */
import { startDevnet } from '../packages/devnet/src/index.js'

const total = Number(process.env.TOTAL ?? 20_000)
const concurrency = Number(process.env.CONCURRENCY ?? 64)

const devnet = await startDevnet({ seed: 'bench' })
const mix: { url: string; body: string }[] = [
  { url: devnet.infoUrl, body: '{"jsonrpc":"2.0","id":1,"method":"info.getNodeVersion"}' },
  { url: devnet.infoUrl, body: '{"jsonrpc":"2.0","id":1,"method":"info.peers","params":{}}' },
  { url: devnet.infoUrl, body: '{"jsonrpc":"2.0","id":1,"method":"info.isBootstrapped","params":{"chain":"devnet"}}' },
  { url: devnet.rpcUrl, body: '{"jsonrpc":"2.0","id":1,"method":"eth_feeConfig","params":[]}' },
  { url: devnet.rpcUrl, body: '{"jsonrpc":"2.0","id":1,"method":"eth_getChainConfig","params":[]}' },
  { url: devnet.rpcUrl, body: '{"jsonrpc":"2.0","id":1,"method":"eth_getActiveRulesAt","params":[1700000000]}' },
  { url: devnet.rpcUrl, body: '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' },
  { url: devnet.rpcUrl, body: '{"jsonrpc":"2.0","id":1,"method":"eth_blockNumber","params":[]}' },
]

let peakRss = process.memoryUsage().rss
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50)
const latencies = new Float64Array(total)
let next = 0
let errors = 0
const started = performance.now()

async function worker() {
  for (;;) {
    const i = next++
    if (i >= total) return
    const { url, body } = mix[i % mix.length]!
    const t0 = performance.now()
    try {
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
      const text = await res.text()
      // Every mixed request is valid, so an error object counts as a failure too.
      if (res.status !== 200 || !text.includes('"result"')) errors++
    } catch {
      errors++
    }
    latencies[i] = performance.now() - t0
  }
}

await Promise.all(Array.from({ length: concurrency }, worker))
const seconds = (performance.now() - started) / 1000
clearInterval(sampler)
await devnet.stop()

const sorted = [...latencies].sort((a, b) => a - b)
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
console.table({
  'devnet load': {
    requests: total,
    concurrency,
    'requests/s': Math.round(total / seconds),
    'p50 ms': Number(pct(50).toFixed(2)),
    'p99 ms': Number(pct(99).toFixed(2)),
    'peak RSS MiB': Number((peakRss / 2 ** 20).toFixed(1)),
    errors,
  },
})
if (errors > 0) process.exitCode = 1
