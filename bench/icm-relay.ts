/**
 * The devnet's relayer (docs/icm.md): the time from a Teleporter message's source block to its delivery's receipt on
 * the destination, with no client action between. A devnet of two L1s with `relayer` on, a Teleporter-compatible
 * messenger (contracts/test/TestMessenger.sol) at one address on both and an application on each; MESSAGES messages
 * A→B, one at a time (each send waited for: on the devnet a send's block is mined and accepted when the send
 * returns), then B→A ones, each carrying back receipts. Per message, the relayer's figure (`latencyMs` of
 * `devnet_relayerMessages`): from its read of the source block (on anvil's new-head event, so the block is accepted
 * by then) to the delivery's receipt on the destination; and the client's: from the send's return to the first look,
 * every 5 ms, that finds the destination's `ReceiveCrossChainMessage` (shorter: the send returns after the devnet's
 * own work on the mined block, while the relayer is already under way). Median, p95 and the median's 95% interval
 * (./measure.ts).
 *
 *   npm run bench:icm
 *   MESSAGES=100 npm run bench:icm
 */
import { loadavg } from 'node:os'
import { type Abi, createPublicClient, createWalletClient, defineChain, getContractAddress, type Hex, http, parseEther } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import artifacts from '../contracts/test/messenger-artifacts.json' with { type: 'json' }
import { decodeCb58 } from '../src/core/cb58.js'
import { allowListAbi, txAllowListAddress } from '../src/index.js'
import { getRelayerMessages, waitForTeleporterDelivery } from '../src/viem/warp/index.js'
import { teleporterMessageIDsOfLogs } from '../src/warp.js'
import { defaultGenesis, startDevnet } from '../packages/devnet/src/index.js'
import { envNumber, medianCI } from './measure.js'

const messages = envNumber('MESSAGES', 50)
const back = envNumber('BACK', 20)
const messengerArtifact = artifacts.contracts.TestMessenger as { abi: Abi; bytecode: Hex }
const appArtifact = artifacts.contracts.TestMessengerApp as { abi: Abi; bytecode: Hex }
const admin = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const deployer = privateKeyToAccount('0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba')
const messenger = getContractAddress({ from: deployer.address, nonce: 0n })
const genesis = defaultGenesis(Math.floor(Date.now() / 1000))

const devnet = await startDevnet({
  l1s: [
    { alias: 'a', genesis: { ...genesis, config: { ...genesis.config, chainId: 99_201 } } },
    { alias: 'b', genesis: { ...genesis, config: { ...genesis.config, chainId: 99_202 } } },
  ],
  relayer: { messengers: [messenger], log: () => {} },
})
try {
  const [a, b] = devnet.l1s as [(typeof devnet.l1s)[number], (typeof devnet.l1s)[number]]
  type L1 = typeof a
  const chain = (l1: L1) =>
    defineChain({
      id: Number(l1.chainId),
      name: l1.alias,
      nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 },
      rpcUrls: { default: { http: [l1.rpcUrl] } },
    })
  const pub = (l1: L1) => createPublicClient({ chain: chain(l1), transport: http(l1.rpcUrl), pollingInterval: 5 })
  const wallet = (l1: L1, account = admin) => createWalletClient({ account, chain: chain(l1), transport: http(l1.rpcUrl) })
  const id = (l1: L1) => `0x${Buffer.from(decodeCb58(l1.blockchainID)).toString('hex')}` as Hex
  const apps = new Map<L1, Hex>()
  for (const l1 of [a, b]) {
    await pub(l1).waitForTransactionReceipt({ hash: await wallet(l1).sendTransaction({ to: deployer.address, value: parseEther('10') }) })
    await pub(l1).waitForTransactionReceipt({
      hash: await wallet(l1).writeContract({
        address: txAllowListAddress,
        abi: allowListAbi,
        functionName: 'setEnabled',
        args: [deployer.address],
      }),
    })
    await pub(l1).waitForTransactionReceipt({
      hash: await wallet(l1, deployer).deployContract({ abi: messengerArtifact.abi, bytecode: messengerArtifact.bytecode }),
    })
    const hash = await wallet(l1).deployContract({ abi: appArtifact.abi, bytecode: appArtifact.bytecode, args: [messenger] })
    apps.set(l1, (await pub(l1).waitForTransactionReceipt({ hash })).contractAddress!)
  }

  /** One message from `from` to `to`: ms from the source block to the destination's delivery found. */
  async function relay(from: L1, to: L1, i: number): Promise<{ ms: number; messageID: Hex }> {
    const hash = await wallet(from).writeContract({
      address: apps.get(from)!,
      abi: appArtifact.abi,
      functionName: 'send',
      args: [id(to), apps.get(to)!, `message ${i}`, 200_000n, []],
    })
    const accepted = performance.now()
    const receipt = await pub(from).waitForTransactionReceipt({ hash })
    const [messageID] = teleporterMessageIDsOfLogs(receipt.logs, messenger)
    const delivery = await waitForTeleporterDelivery(pub(to), { messageID: messageID!, messenger, pollingInterval: 5, timeout: 10_000 })
    if (delivery.execution !== 'succeeded') throw new Error(`message ${i} was not executed: ${delivery.execution}`)
    return { ms: performance.now() - accepted, messageID: messageID! }
  }

  const p95 = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)]!
  const report = async (label: string, runs: { ms: number; messageID: Hex }[]) => {
    const ms = runs.map((r) => r.ms)
    const listed = await settled()
    const own = runs.map((r) => listed.find((m) => m.messageID === r.messageID)?.latencyMs ?? Number.NaN)
    const e = medianCI(ms)
    const r = medianCI(own)
    console.log(
      `${label} (${runs.length} messages): source block -> destination receipt (relayer) median ${r.median.toFixed(0)} ms (95% CI ${r.lo.toFixed(0)}-${r.hi.toFixed(0)}), p95 ${p95(own).toFixed(0)} ms; send returned -> delivery seen (client) median ${e.median.toFixed(0)} ms (95% CI ${e.lo.toFixed(0)}-${e.hi.toFixed(0)}), p95 ${p95(ms).toFixed(0)} ms`,
    )
  }
  /** The relayer's records once none is pending (a client can see a delivery's log before the relayer's record is done). */
  const settled = async () => {
    for (;;) {
      const listed = (await getRelayerMessages(pub(a))).messages
      if (listed.every((m) => m.status !== 'pending')) return listed
      await new Promise((r) => setTimeout(r, 20))
    }
  }
  await relay(a, b, -1) // warm-up: the first BLS signatures, the clients' connections
  const ab: { ms: number; messageID: Hex }[] = []
  for (let i = 0; i < messages; i++) ab.push(await relay(a, b, i))
  const ba: { ms: number; messageID: Hex }[] = []
  for (let i = 0; i < back; i++) ba.push(await relay(b, a, i))
  await report('A -> B', ab)
  await report('B -> A (carrying receipts)', ba)
  const failed = (await settled()).filter((m) => m.status !== 'delivered')
  console.log(
    `not delivered: ${failed.length}; load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
} finally {
  await devnet.stop()
}
