/**
 * Throughput of the running chain: bursts of signed transfers (10 accounts × 20 each, all sent at once) against a
 * plain anvil and against the devnet's L1 endpoint, in the same run, alternating. Prints, per target, the median
 * tx/s (first send to last receipt), the blocks each burst made and how far the head's time is from the wall
 * clock after it, and the load average. Each burst starts from a head no later than the wall clock (waited for,
 * untimed): a block comes at least its minimum delay after its parent, so bursts sent back to back faster than
 * that would each add to the distance, which is then the sum of the bursts' rather than one burst's.
 *
 * Two references run in the same rounds, each in front of a plain anvil of its own: a bare keep-alive proxy
 * (./bare-proxy.ts: the floor for any process between the client and anvil, whatever it does), and the same proxy
 * recovering each raw send's sender (what a node's pool must do before anything else). On a machine whose cores
 * the client, anvil and the devnet share, they tell the cost of being in the path apart from the devnet's own.
 *
 * A plain anvil's automine can leave a send that came ahead of its nonce unmined until another send comes, or
 * queued behind a nonce it lost: such a burst is kicked with `evm_mine` after 1 s without progress, its sends
 * dropped 1 s later if that did not move them, and it is left out of the medians (counted in the output).
 * A devnet burst that makes no progress for 10 s fails.
 *
 *   npm run bench:throughput
 *   ROUNDS=5 ACCOUNTS=10 PER_ACCOUNT=20 npm run bench:throughput
 *   DEVNET_PROF=/tmp/prof npm run bench:throughput   # also a CPU profile of the devnet's process (node --cpu-prof)
 */
import { spawn } from 'node:child_process'
import { createServer } from 'node:net'
import { loadavg } from 'node:os'
import { join } from 'node:path'
import { keccak256, parseGwei, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { findAnvilBinary } from '../packages/devnet/src/index.js'
import { rpcCall } from './rpc.js'

const rounds = Number(process.env.ROUNDS ?? 3)
const perAccount = Number(process.env.PER_ACCOUNT ?? 20)
const accounts = Array.from({ length: Number(process.env.ACCOUNTS ?? 10) }, (_, i) =>
  privateKeyToAccount(keccak256(toHex(`throughput ${i}`))),
)
const chainId = 43_210
const funds = '0x3635c9adc5dea00000'
const sink = '0x000000000000000000000000000000000000dEaD'

const call = rpcCall

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })

/**
 * A server of the benchmark's in a process of its own (./devnet-process.ts), as anvil direct is:
 * this process's client (200 requests at once, then the receipts) does not share its thread. Resolves with the URL
 * it prints after `READY`.
 */
async function startProcess(script: string, arg: string): Promise<{ url: string; stop: () => void }> {
  const profile = process.env.DEVNET_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.DEVNET_PROF}`] : []
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', join(import.meta.dirname, script), arg], {
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const url = await new Promise<string>((resolve, reject) => {
    let out = ''
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      const found = /READY (\S+)/.exec(out)?.[1]
      if (found) resolve(found)
    })
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}): ${out}`)))
  })
  return { url, stop: () => child.kill('SIGTERM') }
}

/** A plain anvil with the same chain ID and accounts, automine on (its default). */
async function startAnvil(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort()
  const child = spawn(findAnvilBinary(), ['--port', String(port), '--chain-id', String(chainId), '--silent'], { stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  for (let i = 0; ; i++) {
    try {
      await call(url, 'eth_chainId')
      break
    } catch (e) {
      if (i > 200) throw e
      await new Promise((r) => setTimeout(r, 50))
    }
  }
  for (const a of accounts) await call(url, 'anvil_setBalance', [a.address, funds])
  return { url, stop: () => child.kill() }
}

type Burst = { txs: number; seconds: number; blocks: number; aheadMs: number; stalled: boolean }

const nonces = new Map<string, number[]>()

/**
 * One burst against `url`: every transfer signed first, then all sent at once; done when every receipt is there.
 * `plain`: the URL is a plain anvil's (directly or through a reference proxy), which a stall is kicked on.
 */
async function burst(url: string, plain: boolean): Promise<Burst> {
  const next = nonces.get(url) ?? accounts.map(() => 0)
  nonces.set(url, next)
  const raws = await Promise.all(
    accounts.flatMap((a, i) =>
      Array.from({ length: perAccount }, (_, k) =>
        a.signTransaction({
          chainId,
          type: 'eip1559',
          nonce: next[i]! + k,
          to: sink,
          value: 1n,
          gas: 21_000n,
          maxFeePerGas: parseGwei('500'),
          maxPriorityFeePerGas: parseGwei('1'),
        }),
      ),
    ),
  )
  for (let i = 0; i < accounts.length; i++) next[i] = next[i]! + perAccount
  const rest = await call<{ timestamp: string }>(url, 'eth_getBlockByNumber', ['latest', false])
  const ahead = Number(rest.timestamp) * 1000 - Date.now()
  if (ahead > 0) await new Promise((r) => setTimeout(r, Math.min(ahead, 10_000)))
  const before = BigInt(await call<string>(url, 'eth_blockNumber'))
  const started = performance.now()
  let stalled = false
  const hashes = await Promise.all(raws.map((raw) => call<string>(url, 'eth_sendRawTransaction', [raw])))
  for (let waiting = hashes, progress = Date.now(); waiting.length > 0; ) {
    const receipts = await Promise.all(waiting.map((h) => call<unknown>(url, 'eth_getTransactionReceipt', [h])))
    if (receipts.some(Boolean)) progress = Date.now()
    waiting = waiting.filter((_, i) => !receipts[i])
    // anvil's automine can leave sends unmined (see the top of this file): kicked once with `evm_mine`; if that
    // does not move them (they wait queued behind a nonce anvil lost), they are dropped and the accounts' nonces
    // read again, so that the next bursts start clean. Either way the burst is left out.
    if (waiting.length > 0 && plain && Date.now() - progress > 1_000) {
      progress = Date.now()
      if (!stalled) {
        stalled = true
        await call(url, 'evm_mine')
      } else {
        await call(url, 'anvil_dropAllTransactions')
        for (const [i, a] of accounts.entries())
          next[i] = Number(BigInt(await call<string>(url, 'eth_getTransactionCount', [a.address, 'latest'])))
        break
      }
    }
    if (waiting.length > 0 && Date.now() - progress > 10_000)
      throw new Error(`${url}: ${waiting.length} of ${hashes.length} sends unmined for 10 s (${waiting[0]} among them)`)
    if (waiting.length > 0) await new Promise((r) => setTimeout(r, 10))
  }
  const seconds = (performance.now() - started) / 1000
  const head = await call<{ number: string; timestamp: string }>(url, 'eth_getBlockByNumber', ['latest', false])
  return {
    stalled,
    txs: raws.length,
    seconds,
    blocks: Number(BigInt(head.number) - before),
    aheadMs: Number(head.timestamp) * 1000 - Date.now(),
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

type Target = 'anvil direct' | 'devnet' | 'bare proxy' | 'proxy + recovery'
const stops: (() => void)[] = []
const urls = {} as Record<Target, { url: string; plain: boolean }>
try {
  const anvil = await startAnvil()
  stops.push(anvil.stop)
  urls['anvil direct'] = { url: anvil.url, plain: true }
  const devnet = await startProcess(
    'devnet-process.ts',
    JSON.stringify({
      seed: 'throughput',
      genesis: {
        config: { chainId },
        alloc: Object.fromEntries(accounts.map((a) => [a.address.slice(2), { balance: funds }])),
        timestamp: '0x0',
        gasLimit: '0x7A1200',
        difficulty: '0x0',
      },
    }),
  )
  stops.push(devnet.stop)
  urls.devnet = { url: devnet.url, plain: false }
  for (const [target, recover] of [
    ['bare proxy', false],
    ['proxy + recovery', true],
  ] as const) {
    const behind = await startAnvil()
    stops.push(behind.stop)
    const proxy = await startProcess('proxy-process.ts', JSON.stringify({ anvilUrl: behind.url, recover }))
    stops.push(proxy.stop)
    urls[target] = { url: proxy.url, plain: true }
  }
} catch (e) {
  for (const stop of stops) stop()
  throw e
}
const targets = Object.keys(urls) as Target[]
const results = Object.fromEntries(targets.map((t) => [t, [] as Burst[]])) as Record<Target, Burst[]>
try {
  // One warm-up burst each (connections, JIT), not counted.
  for (const t of targets) await burst(urls[t].url, urls[t].plain)
  for (let r = 0; r < rounds; r++) for (const t of targets) results[t].push(await burst(urls[t].url, urls[t].plain))
} finally {
  for (const stop of stops) stop()
}

const txs = accounts.length * perAccount
console.log(`throughput: bursts of ${txs} signed transfers (${accounts.length} accounts × ${perAccount}), ${rounds} rounds`)
const rates = {} as Record<Target, number>
for (const target of targets) {
  const all = results[target]
  const counted = all.filter((b) => !b.stalled)
  rates[target] = median(counted.map((b) => b.txs / b.seconds))
  const blocks = all.map((b) => b.blocks).join(', ')
  const ahead = all.map((b) => (b.aheadMs / 1000).toFixed(1)).join(', ')
  const left = all.length - counted.length
  console.log(
    `  ${target.padEnd(16)} ${rates[target].toFixed(0).padStart(5)} tx/s (median)   blocks per burst ${blocks}   head vs wall clock (s) ${ahead}${left ? `   ${left} stalled burst(s) left out` : ''}`,
  )
}
const ratio = (a: Target, b: Target) => `${(rates[a] / rates[b]).toFixed(2)}x`
console.log(`  devnet / anvil direct: ${ratio('devnet', 'anvil direct')}`)
console.log(`  bare proxy / anvil direct: ${ratio('bare proxy', 'anvil direct')} (the most any process in the path can give here)`)
console.log(`  devnet / proxy + recovery: ${ratio('devnet', 'proxy + recovery')}`)
console.log(
  `  load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
)
