/**
 * The devnet's own work per forwarded call in CPU time, which other processes' load barely moves (the wall-clock
 * ratios of ./forwarding.ts do): the devnet and a bare keep-alive forwarding proxy to the same anvil (as in
 * ./forwarding.ts) run in this process, and a client in a child process sends `CALLS` sequential keep-alive
 * calls to one of them at a time; the CPU time this process spends meanwhile (`process.cpuUsage`, user and
 * system), divided by the calls, is its cost per call. Rounds alternate devnet and proxy for each method; the
 * figures are medians over rounds. The devnet's CPU per call less the proxy's is the devnet's own work.
 *
 *   npm run bench:forwarding-cpu
 *   ROUNDS=15 CALLS=3000 npm run bench:forwarding-cpu
 */
import { spawn } from 'node:child_process'
import { startDevnet } from '../packages/devnet/src/index.js'
import { startBareProxy } from './bare-proxy.js'
import { envNumber, median } from './measure.js'

const rounds = envNumber('ROUNDS', 9)
const calls = envNumber('CALLS', 2500)

/** The client: waits for a line on stdin, then sends the calls one after another and exits. */
const client = `
const { Agent, request } = require('node:http')
const agent = new Agent({ keepAlive: true, maxSockets: 1 })
const [url, body, n] = [process.argv[1], process.argv[2], Number(process.argv[3])]
const post = () => new Promise((resolve, reject) => {
  const req = request(url, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
    const chunks = []
    res.on('data', (c) => chunks.push(c))
    res.on('end', () => resolve(Buffer.concat(chunks).toString()))
  })
  req.on('error', reject)
  req.end(body)
})
process.stdin.once('data', async () => {
  for (let i = 0; i < n; i++) if (!(await post()).includes('"result"')) process.exit(1)
  agent.destroy()
  process.exit(0)
})
process.stdout.write('ready')
`

const devnet = await startDevnet({ seed: 'bench-forwarding' })
const proxy = await startBareProxy(devnet.anvilUrl)
const proxyUrl = proxy.url

/** This process's CPU time per call while the child client sends `calls` calls of `body` to `url`, in µs. */
async function cpuPerCall(url: string, body: string): Promise<number> {
  const child = spawn(process.execPath, ['-e', client, url, body, String(calls)], { stdio: ['pipe', 'pipe', 'inherit'] })
  await new Promise((resolve) => child.stdout.once('data', resolve))
  const start = process.cpuUsage()
  child.stdin.write('go\n')
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve))
  const used = process.cpuUsage(start)
  if (code !== 0) throw new Error(`the client failed on ${url}: ${body}`)
  return (used.user + used.system) / calls
}

try {
  const account = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
  const call = (method: string, params: unknown[]) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params })
  const bodies = {
    eth_getBalance: call('eth_getBalance', [account, 'latest']),
    'eth_call (plain: an EOA)': call('eth_call', [{ to: account, data: '0x' }, 'latest']),
    'eth_call (readAllowList)': call('eth_call', [
      { to: '0x0200000000000000000000000000000000000002', data: `0xeb54dae1000000000000000000000000${account.slice(2).toLowerCase()}` },
      'latest',
    ]),
  }
  const times = Object.fromEntries(Object.keys(bodies).map((name) => [name, { devnet: [] as number[], proxy: [] as number[] }]))
  for (let round = 0; round < rounds; round++) {
    for (const [name, body] of Object.entries(bodies)) {
      const pair = [
        ['devnet', devnet.rpcUrl],
        ['proxy', proxyUrl],
      ] as const
      for (const [side, url] of round % 2 ? [...pair].reverse() : pair) times[name]![side].push(await cpuPerCall(url, body))
    }
  }
  console.log(`CPU time of the devnet's process per forwarded call: ${rounds} rounds of ${calls} sequential keep-alive calls per variant`)
  for (const [name, { devnet: d, proxy: p }] of Object.entries(times)) {
    const [dm, pm] = [median(d), median(p)]
    console.log(
      `  ${name.padEnd(26)} devnet ${dm.toFixed(1)} µs, bare proxy ${pm.toFixed(1)} µs: ${(dm / pm).toFixed(3)}; the devnet's own work ${(dm - pm).toFixed(1)} µs`,
    )
  }
} finally {
  proxy.close()
  await devnet.stop()
}
