/**
 * Per-call cost of the precompile actions of `subnet-rpc/viem/precompiles` against their floor,
 * viem's own `readContract` / `writeContract` of the same precompile function, on the devnet
 * (real anvil), interleaved round by round in random order (./measure.ts).
 *
 * - read: `getAllowListRole` against `readContract(readAllowList)` (one `eth_call` each; the
 *   action adds argument checks and the role's name);
 * - write: `setAllowListRole` against `writeContract(setEnabled / setNone)`, each awaited to its
 *   receipt. The action does more requests by design: the head and `eth_getActiveRulesAt` (active
 *   at the next block), two role reads (CanModify, self-demotion), the L1 fee estimate (head,
 *   `eth_feeConfig`, tip), and a simulation, before viem's own write.
 *
 *   npm run bench:precompiles
 *   BENCH_SECONDS=20 npm run bench:precompiles
 */
import { createPublicClient, createWalletClient, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { allowListAbi, txAllowListAddress } from '../src/core/precompiles/index.js'
import { startDevnet } from '../packages/devnet/src/index.js'
import { getAllowListRole, setAllowListRole } from '../src/viem/precompiles/index.js'
import { envNumber, fmt, interleave, medianCI, paired, type Plan } from './measure.js'

const seconds = envNumber('BENCH_SECONDS', 10)

const devnet = await startDevnet({ seed: 'bench-precompiles' })
try {
  const transport = http(devnet.rpcUrl)
  const client = createPublicClient({ transport })
  const admin = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
  const wallet = createWalletClient({ account: admin, transport })
  const target = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  let enabled = false
  const flip = () => {
    enabled = !enabled
    return enabled
  }

  const reads: Record<string, () => Promise<unknown>> = {
    'getAllowListRole (subnet-rpc)': () => getAllowListRole(client, { precompile: 'txAllowListConfig', address: target }),
    'readContract (viem)': () =>
      client.readContract({ address: txAllowListAddress, abi: allowListAbi, functionName: 'readAllowList', args: [target] }),
  }
  const writes: Record<string, () => Promise<unknown>> = {
    'setAllowListRole (subnet-rpc)': async () => {
      const hash = await setAllowListRole(wallet, { precompile: 'txAllowListConfig', address: target, role: flip() ? 'enabled' : 'none' })
      await client.waitForTransactionReceipt({ hash, pollingInterval: 5 })
    },
    'writeContract (viem)': async () => {
      const hash = await wallet.writeContract({
        address: txAllowListAddress,
        abi: allowListAbi,
        functionName: flip() ? 'setEnabled' : 'setNone',
        args: [target],
        chain: null,
      })
      await client.waitForTransactionReceipt({ hash, pollingInterval: 5 })
    },
  }
  for (const [label, variants, batch] of [
    ['read', reads, 20],
    ['write (to its receipt)', writes, 2],
  ] as const) {
    const names = Object.keys(variants)
    const plan: Plan = { batch, minRounds: 20, maxRounds: 2_000, maxMs: seconds * 1000, ratios: [[names[0]!, names[1]!]], warmup: 10 }
    const { times, rounds } = await interleave(variants, plan)
    const a = medianCI(times[names[0]!]!)
    const b = medianCI(times[names[1]!]!)
    const r = medianCI(paired(times[names[0]!]!, times[names[1]!]!))
    console.log(
      `${label}: ${names[0]} ${fmt.us(a.median)} µs, ${names[1]} ${fmt.us(b.median)} µs, ratio ${fmt.ratio(r.median)} (${fmt.ci(r)}), ${rounds} rounds of ${batch}`,
    )
  }
} finally {
  await devnet.stop()
}
