/**
 * Throughput of the running chain: bursts of signed transfers (10 accounts × 20 each, all sent at once) against a
 * plain anvil and against the devnet's L1 endpoint, in the same run, alternating. Prints, per target, the median
 * tx/s (first send to last receipt), the blocks each burst made and how far the head's time is from the wall
 * clock after it, and the load average. Each burst starts from a head no later than the wall clock (waited for,
 * untimed): a block comes at least its minimum delay after its parent, so bursts sent back to back faster than
 * that would each add to the distance, which is then the sum of the bursts' rather than one burst's.
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

type Burst = { txs: number; seconds: number; blocks: number; aheadMs: number }

const nonces = new Map<string, number[]>()

/** One burst against `url`: every transfer signed first, then all sent at once; done when every receipt is there. */
async function burst(url: string): Promise<Burst> {
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
  const hashes = await Promise.all(raws.map((raw) => call<string>(url, 'eth_sendRawTransaction', [raw])))
  for (let waiting = hashes, progress = Date.now(); waiting.length > 0; ) {
    const receipts = await Promise.all(waiting.map((h) => call<unknown>(url, 'eth_getTransactionReceipt', [h])))
    if (receipts.some(Boolean)) progress = Date.now()
    waiting = waiting.filter((_, i) => !receipts[i])
    // anvil's automine mines when a send arrives: a send that came ahead of its nonce can wait for one that never
    // comes. Said, rather than waited for.
    if (waiting.length > 0 && Date.now() - progress > 10_000)
      throw new Error(`${url}: ${waiting.length} of ${hashes.length} sends unmined for 10 s (${waiting[0]} among them)`)
    if (waiting.length > 0) await new Promise((r) => setTimeout(r, 10))
  }
  const seconds = (performance.now() - started) / 1000
  const head = await call<{ number: string; timestamp: string }>(url, 'eth_getBlockByNumber', ['latest', false])
  return { txs: raws.length, seconds, blocks: Number(BigInt(head.number) - before), aheadMs: Number(head.timestamp) * 1000 - Date.now() }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

const anvil = await startAnvil()
const devnetProcess = await startProcess(
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
const devnet = { rpcUrl: devnetProcess.url, stop: devnetProcess.stop }
const results: Record<'anvil direct' | 'devnet', Burst[]> = { 'anvil direct': [], devnet: [] }
try {
  // One warm-up burst each (connections, JIT), not counted.
  await burst(anvil.url)
  await burst(devnet.rpcUrl)
  for (let r = 0; r < rounds; r++) {
    results['anvil direct'].push(await burst(anvil.url))
    results.devnet.push(await burst(devnet.rpcUrl))
  }
} finally {
  devnet.stop()
  anvil.stop()
}

const txs = accounts.length * perAccount
console.log(`throughput: bursts of ${txs} signed transfers (${accounts.length} accounts × ${perAccount}), ${rounds} rounds`)
const rates: Record<string, number> = {}
for (const [target, bursts] of Object.entries(results)) {
  rates[target] = median(bursts.map((b) => b.txs / b.seconds))
  const blocks = bursts.map((b) => b.blocks).join(', ')
  const ahead = bursts.map((b) => (b.aheadMs / 1000).toFixed(1)).join(', ')
  console.log(
    `  ${target.padEnd(12)} ${rates[target]!.toFixed(0).padStart(5)} tx/s (median)   blocks per burst ${blocks}   head vs wall clock (s) ${ahead}`,
  )
}
console.log(`  devnet / anvil direct: ${(rates.devnet! / rates['anvil direct']!).toFixed(2)}x`)
console.log(
  `  load average: ${loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
)
