/**
 * A state dir's round trip (docs/devnet.md, State that lasts): a devnet with 1,000 blocks of state (anvil_mine)
 * and some transactions is stopped (its last state written) and started again on the dir (the state loaded and
 * checked), ROUNDS times; each round checks that the head and a balance are the same after. Figures are medians
 * with a 95% interval (./measure.ts), and the size of the L1's state.json.
 *
 *   npm run bench:state-dir
 *   ROUNDS=10 BLOCKS=5000 npm run bench:state-dir
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { startDevnet } from '../packages/devnet/src/index.js'
import { envNumber, medianCI, printTable } from './measure.js'
import { rpcCall } from './rpc.js'

const rounds = envNumber('ROUNDS', 5)
const blocks = envNumber('BLOCKS', 1000)
const admin = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const dir = mkdtempSync(join(tmpdir(), 'bench-state-dir-'))
const stateDir = join(dir, 'state')

// Replies of many shapes, compared whole.
const call = (url: string, method: string, params: unknown[] = []) => rpcCall<any>(url, method, params)
const observe = async (url: string) => ({
  head: (await call(url, 'eth_getBlockByNumber', ['latest', false])).hash as string,
  balance: (await call(url, 'eth_getBalance', [admin, 'latest'])) as string,
})

try {
  let devnet = await startDevnet({ stateDir, port: 0 })
  const built = performance.now()
  await call(devnet.rpcUrl, 'anvil_mine', [`0x${blocks.toString(16)}`])
  for (let i = 0; i < 10; i++)
    await call(devnet.rpcUrl, 'eth_sendTransaction', [
      { from: admin, to: `0x${'00'.repeat(19)}${(i + 1).toString(16).padStart(2, '0')}`, value: '0x1' },
    ])
  const buildMs = performance.now() - built
  const stops: number[] = []
  const starts: number[] = []
  for (let r = 0; r < rounds; r++) {
    const before = await observe(devnet.rpcUrl)
    let t = performance.now()
    await devnet.stop()
    stops.push(performance.now() - t)
    t = performance.now()
    devnet = await startDevnet({ stateDir, port: 0 })
    starts.push(performance.now() - t)
    const after = await observe(devnet.rpcUrl)
    if (after.head !== before.head || after.balance !== before.balance)
      throw new Error(`round ${r}: the state after the restart is not the state before (${JSON.stringify({ before, after })})`)
  }
  const head = BigInt((await call(devnet.rpcUrl, 'eth_blockNumber')) as string)
  await devnet.stop()
  const size = statSync(join(stateDir, 'l1', 'devnet', 'state.json')).size
  const ms = (xs: number[]) => {
    const e = medianCI(xs)
    return `${e.median.toFixed(0)} ms [${e.lo.toFixed(0)}, ${e.hi.toFixed(0)}]`
  }
  printTable(
    `state dir round trip: ${head} blocks, ${rounds} rounds, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
    [
      { step: `build (anvil_mine ${blocks} + 10 transfers)`, time: `${buildMs.toFixed(0)} ms` },
      { step: 'stop (the last state written)', time: ms(stops) },
      { step: 'start (the state loaded and checked)', time: ms(starts) },
      { step: 'round trip', time: ms(stops.map((s, i) => s + starts[i]!)) },
      { step: 'state.json', time: `${(size / 1024).toFixed(0)} KiB` },
    ],
  )
} finally {
  rmSync(dir, { recursive: true, force: true })
}
