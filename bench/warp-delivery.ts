/**
 * The time from `sendWarpMessage` on L1 A to the verified call on L1 B, through a devnet that validates both,
 * with the Warp client as an application uses it: the CrossL1 example (contracts/examples/CrossL1.sol), a send on
 * A waited for, then `deliverWarpMessage` (the logged message, B's network ID from its Info API, A's node's
 * aggregate of its 5 validators' signatures, B's gas estimate with the predicate, the send) waited for on B, where
 * the receiver checks the source chain and sender. Rounds alternate viem and ethers; receipts are polled every
 * 20 ms. Each figure is the median over rounds with a 95% interval (./measure.ts).
 *
 *   npm run bench:warp
 *   ROUNDS=40 npm run bench:warp
 */
import { Contract, Interface, JsonRpcProvider, Wallet } from 'ethers'
import { type Abi, createPublicClient, createWalletClient, defineChain, encodeFunctionData, type Hex, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import artifacts from '../contracts/examples/artifacts.json' with { type: 'json' }
import { decodeCb58 } from '../src/core/cb58.js'
import { deliverWarpMessage as deliverWithEthers } from '../src/ethers/index.js'
import { deliverWarpMessage } from '../src/viem/warp/index.js'
import { defaultGenesis, startDevnet } from '../packages/devnet/src/index.js'
import { envNumber, medianCI } from './measure.js'

const rounds = envNumber('ROUNDS', 20)
const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const account = privateKeyToAccount(key)
const sender = artifacts.contracts.CrossL1Sender as { abi: Abi; bytecode: Hex }
const receiver = artifacts.contracts.CrossL1Receiver as { abi: Abi; bytecode: Hex }
const genesis = defaultGenesis(Math.floor(Date.now() / 1000))

const devnet = await startDevnet({
  l1s: [
    { alias: 'a', genesis: { ...genesis, config: { ...genesis.config, chainId: 99_001 } } },
    { alias: 'b', genesis: { ...genesis, config: { ...genesis.config, chainId: 99_002 } } },
  ],
})
try {
  const [a, b] = devnet.l1s as [(typeof devnet.l1s)[number], (typeof devnet.l1s)[number]]
  const chain = (l1: typeof a) =>
    defineChain({
      id: Number(l1.chainId),
      name: l1.alias,
      nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 },
      rpcUrls: { default: { http: [l1.rpcUrl] } },
    })
  const pub = (l1: typeof a) => createPublicClient({ chain: chain(l1), transport: http(l1.rpcUrl), pollingInterval: 20 })
  const wallet = (l1: typeof a) => createWalletClient({ account, chain: chain(l1), transport: http(l1.rpcUrl) })
  const deploy = async (l1: typeof a, artifact: { abi: Abi; bytecode: Hex }, args: unknown[] = []) => {
    const hash = await wallet(l1).deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args })
    return (await pub(l1).waitForTransactionReceipt({ hash })).contractAddress!
  }
  const senderAddress = await deploy(a, sender)
  const sourceChainID = `0x${Buffer.from(decodeCb58(a.blockchainID)).toString('hex')}`
  const receiverAddress = await deploy(b, receiver, [sourceChainID, senderAddress])
  const data = encodeFunctionData({ abi: receiver.abi, functionName: 'receiveMessage', args: [0] })

  const providerA = new JsonRpcProvider(a.rpcUrl)
  const providerB = new JsonRpcProvider(b.rpcUrl)
  providerA.pollingInterval = 20
  providerB.pollingInterval = 20
  const ethersSender = new Contract(senderAddress, sender.abi as never, new Wallet(key, providerA))
  const ethersSigner = new Wallet(key, providerB)
  const ethersData = new Interface(receiver.abi as never).encodeFunctionData('receiveMessage', [0]) as Hex

  type Sample = { send: number; deliver: number; total: number }
  const samples: Record<'viem' | 'ethers', Sample[]> = { viem: [], ethers: [] }
  for (let i = 0; i < 2 * rounds; i++) {
    const host = i % 2 ? 'ethers' : 'viem'
    const t0 = performance.now()
    let t1: number
    let status: unknown
    if (host === 'viem') {
      const hash = await wallet(a).writeContract({ address: senderAddress, abi: sender.abi, functionName: 'send', args: [`round ${i}`] })
      await pub(a).waitForTransactionReceipt({ hash })
      t1 = performance.now()
      const delivered = await deliverWarpMessage(wallet(b), { source: pub(a), hash, to: receiverAddress, data })
      status = (await pub(b).waitForTransactionReceipt({ hash: delivered })).status
    } else {
      const tx = await ethersSender.getFunction('send')(`round ${i}`)
      await tx.wait()
      t1 = performance.now()
      const delivered = await deliverWithEthers(ethersSigner, { source: providerA, hash: tx.hash, to: receiverAddress, data: ethersData })
      status = (await providerB.waitForTransaction(delivered))?.status === 1 ? 'success' : 'reverted'
    }
    const t2 = performance.now()
    if (status !== 'success') throw new Error(`round ${i} (${host}): the verified call on B ${String(status)}`)
    samples[host].push({ send: t1 - t0, deliver: t2 - t1, total: t2 - t0 })
  }
  providerA.destroy()
  providerB.destroy()

  const show = (xs: number[]) => {
    const e = medianCI(xs)
    return `${e.median.toFixed(0)} ms [${e.lo.toFixed(0)}, ${e.hi.toFixed(0)}]`
  }
  console.log(`Warp delivery A -> B on the devnet, ${rounds} rounds per host (median [95% CI]):`)
  for (const host of ['viem', 'ethers'] as const) {
    const s = samples[host]
    console.log(
      `  ${host.padEnd(6)} sendWarpMessage -> verified call on B: ${show(s.map((x) => x.total))}` +
        ` (send mined on A ${show(s.map((x) => x.send))}; deliverWarpMessage until mined on B ${show(s.map((x) => x.deliver))})`,
    )
  }
} finally {
  await devnet.stop()
}
