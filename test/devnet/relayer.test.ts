/**
 * The devnet's relayer (packages/devnet/src/relayer/) end to end over real HTTP with real anvils: a
 * Teleporter-compatible messenger (contracts/test/TestMessenger.sol, written from ICM's interface) deployed at one
 * address on two L1s, an application on each, and messages sent on one L1 that the relayer delivers on the other
 * with nobody else acting: A→B executed, B→A carrying A's receipt back, a reverting and an out-of-gas receiver shown
 * as failed executions (and retried with `retryMessageExecution`), a message whose allowed relayers exclude this
 * one skipped, a re-sent message not delivered twice, and the listing (`devnet_relayerMessages`) through viem and
 * ethers.
 */
import { JsonRpcProvider } from 'ethers'
import {
  type Abi,
  createPublicClient,
  createWalletClient,
  decodeEventLog,
  defineChain,
  getContractAddress,
  type Hex,
  http,
  parseEther,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import artifacts from '../../contracts/test/messenger-artifacts.json' with { type: 'json' }
import { decodeCb58 } from '../../src/core/cb58.js'
import * as ethersWarp from '../../src/ethers/index.js'
import {
  allowListAbi,
  InvalidArgumentError,
  TeleporterDeliveryTimeoutError,
  txAllowListAddress,
  warpMessengerAddress,
} from '../../src/index.js'
import { getRelayerMessages, getWarpMessageAggregateSignature, waitForTeleporterDelivery } from '../../src/viem/warp/index.js'
import {
  encodeSignedWarpMessage,
  teleporterMessageIDsOfLogs,
  teleporterMessengerAbi,
  teleporterTopics,
  unpackPredicate,
} from '../../src/warp.js'
import { defaultGenesis, startDevnet } from '../../packages/devnet/src/index.js'
import { rpc, useDevnet } from '../helpers/devnet.js'

const messengerArtifact = artifacts.contracts.TestMessenger as { abi: Abi; bytecode: Hex }
const appArtifact = artifacts.contracts.TestMessengerApp as { abi: Abi; bytecode: Hex }

const admin = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
// A fresh deployer: its first transaction on each L1 puts the messenger at the same address on both, as Teleporter is.
const deployer = privateKeyToAccount('0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba')
const messenger = getContractAddress({ from: deployer.address, nonce: 0n })
const start = Math.floor(Date.now() / 1000)
const genesis = (chainId: number) => {
  const g = defaultGenesis(start)
  return { ...g, config: { ...g.config, chainId } }
}
const lines: string[] = []
const devnet = useDevnet({
  l1s: [
    { alias: 'a', genesis: genesis(99_101) },
    { alias: 'b', genesis: genesis(99_102) },
  ],
  relayer: { messengers: [messenger], log: (line) => lines.push(line) },
})

type Alias = 'a' | 'b'
const hex32 = (cb58: string) => `0x${Buffer.from(decodeCb58(cb58)).toString('hex')}` as Hex

describe('the devnet relayer', () => {
  const l1 = (alias: Alias) => devnet().l1s.find((l) => l.alias === alias)!
  const chain = (alias: Alias) =>
    defineChain({
      id: Number(l1(alias).chainId),
      name: alias,
      nativeCurrency: { name: 'A', symbol: 'A', decimals: 18 },
      rpcUrls: { default: { http: [l1(alias).rpcUrl] } },
    })
  const client = (alias: Alias) =>
    createPublicClient({ chain: chain(alias), transport: http(l1(alias).rpcUrl), pollingInterval: 50 }) as PublicClient
  const wallet = (alias: Alias, account = admin) => createWalletClient({ account, chain: chain(alias), transport: http(l1(alias).rpcUrl) })
  const id = (alias: Alias) => hex32(l1(alias).blockchainID)
  const apps: Record<Alias, Hex> = { a: '0x', b: '0x' }

  beforeAll(async () => {
    for (const alias of ['a', 'b'] as const) {
      const fund = await wallet(alias).sendTransaction({ to: deployer.address, value: parseEther('10') })
      await client(alias).waitForTransactionReceipt({ hash: fund })
      // The built-in genesis has a Tx Allow List: its admin enables the deployer.
      const enable = await wallet(alias).writeContract({
        address: txAllowListAddress,
        abi: allowListAbi,
        functionName: 'setEnabled',
        args: [deployer.address],
      })
      await client(alias).waitForTransactionReceipt({ hash: enable })
      const hash = await wallet(alias, deployer).deployContract({ abi: messengerArtifact.abi, bytecode: messengerArtifact.bytecode })
      const deployed = await client(alias).waitForTransactionReceipt({ hash })
      expect(deployed.contractAddress?.toLowerCase()).toBe(messenger.toLowerCase())
      const app = await wallet(alias).deployContract({ abi: appArtifact.abi, bytecode: appArtifact.bytecode, args: [messenger] })
      apps[alias] = (await client(alias).waitForTransactionReceipt({ hash: app })).contractAddress!
    }
  }, 60_000)

  /** Sends `text` from the app on `from` to the app on `to`; returns the Teleporter message ID and the source receipt. */
  async function send(from: Alias, to: Alias, text: string, gasLimit = 200_000n, allowed: Hex[] = []) {
    const hash = await wallet(from).writeContract({
      address: apps[from],
      abi: appArtifact.abi,
      functionName: 'send',
      args: [id(to), apps[to], text, gasLimit, allowed],
    })
    const receipt = await client(from).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    const [messageID] = teleporterMessageIDsOfLogs(receipt.logs, messenger)
    expect(messageID).toMatch(/^0x[0-9a-f]{64}$/)
    return { messageID: messageID!, receipt }
  }
  /** The relayer's record of a message once it is no longer pending (the destination's log can come first). */
  async function settled(messageID: Hex) {
    for (let i = 0; i < 100; i++) {
      const [m] = (await getRelayerMessages(client('a'), { messageID })).messages
      if (m && m.status !== 'pending') return m
      await new Promise((r) => setTimeout(r, 50))
    }
    throw new Error(`the relayer's record of ${messageID} stayed pending`)
  }
  const read = (alias: Alias, functionName: string) =>
    client(alias).readContract({ address: apps[alias], abi: appArtifact.abi, functionName })

  it('delivers a message sent on A to B with no client action, and B executes it', async () => {
    const { messageID, receipt } = await send('a', 'b', 'hello B')
    const delivery = await waitForTeleporterDelivery(client('b'), { messageID, messenger, timeout: 10_000 })
    expect(delivery.execution).toBe('succeeded')
    expect(await read('b', 'lastText')).toBe('hello B')
    expect((await read('b', 'lastSourceBlockchainID')) as Hex).toBe(id('a'))
    expect(((await read('b', 'lastSender')) as Hex).toLowerCase()).toBe(apps.a.toLowerCase())
    const m = await settled(messageID)
    const { relayerAddress, messages } = await getRelayerMessages(client('a'), { messageID })
    expect(relayerAddress).toBe(devnet().relayer!.address)
    expect(delivery.deliverer.toLowerCase()).toBe(relayerAddress)
    expect(messages).toHaveLength(1)
    expect(m).toMatchObject({ status: 'delivered', source: 'a', destination: 'b', execution: 'succeeded', attempts: 1, messageNonce: 1n })
    expect(m.sourceTxHash).toBe(receipt.transactionHash)
    expect(m.destinationTxHash).toBe(delivery.transactionHash)
    expect(m.requiredGasLimit).toBe(200_000n)
    // The predicate is the node's own aggregate of the message (warp_getMessageAggregateSignature on A).
    const tx = await client('b').getTransaction({ hash: delivery.transactionHash })
    const entry = tx.accessList!.find((e) => e.address.toLowerCase() === warpMessengerAddress.toLowerCase())!
    const aggregate = await getWarpMessageAggregateSignature(client('a'), { messageID: m.warpMessageID, quorumNum: 67 })
    expect(unpackPredicate(entry.storageKeys)).toBe(encodeSignedWarpMessage(aggregate))
    // The delivery's line: source tx -> destination tx, the message ID, the time.
    expect(
      lines.some(
        (l) => l.includes(messageID) && l.includes(receipt.transactionHash) && l.includes(delivery.transactionHash) && / \d+ ms/.test(l),
      ),
    ).toBe(true)
  })

  it('delivers B→A the same way, and the message carries back the receipt of A→B', async () => {
    const first = await send('a', 'b', 'ping')
    await waitForTeleporterDelivery(client('b'), { messageID: first.messageID, messenger, timeout: 10_000 })
    const { messageID } = await send('b', 'a', 'pong')
    const delivery = await waitForTeleporterDelivery(client('a'), { messageID, messenger, timeout: 10_000 })
    expect(delivery.execution).toBe('succeeded')
    expect(await read('a', 'lastText')).toBe('pong')
    const receipt = await client('a').getTransactionReceipt({ hash: delivery.transactionHash })
    const receipted = receipt.logs
      .filter((l) => l.address.toLowerCase() === messenger.toLowerCase())
      .map((l) => decodeEventLog({ abi: teleporterMessengerAbi, data: l.data, topics: l.topics as [Hex, ...Hex[]], strict: false }))
      .filter((e) => e.eventName === 'ReceiptReceived')
      .map((e) => (e.args as { messageID: Hex }).messageID)
    // Every A→B message B had received so far comes back as a receipt, this one included.
    expect(receipted).toContain(first.messageID)
  })

  it('shows a reverting receiver as a failed execution, as on a node; retryMessageExecution works afterwards', async () => {
    const { messageID, receipt } = await send('a', 'b', 'revert')
    const delivery = await waitForTeleporterDelivery(client('b'), { messageID, messenger, timeout: 10_000 })
    expect(delivery.execution).toBe('failed')
    const destinationReceipt = await client('b').getTransactionReceipt({ hash: delivery.transactionHash })
    expect(destinationReceipt.status).toBe('success') // delivered: Teleporter keeps the message for a retry
    const m = await settled(messageID)
    expect(m).toMatchObject({ status: 'delivered', execution: 'failed' })
    expect(m.executionError).toContain('TestMessengerApp: told to revert')
    // The message as it was sent, from the source's SendCrossChainMessage event.
    const sent = receipt.logs
      .filter((l) => l.address.toLowerCase() === messenger.toLowerCase() && l.topics[0] === teleporterTopics.sendCrossChainMessage)
      .map((l) => decodeEventLog({ abi: teleporterMessengerAbi, data: l.data, topics: l.topics as [Hex, ...Hex[]] }))[0]!
    const message = (sent.args as { message: unknown }).message
    const retryFirst = client('b').simulateContract({
      account: admin,
      address: messenger,
      abi: teleporterMessengerAbi,
      functionName: 'retryMessageExecution',
      args: [id('a'), message as never],
    })
    await expect(retryFirst).rejects.toThrow(/retry execution failed/)
    await client('b').waitForTransactionReceipt({
      hash: await wallet('b').writeContract({ address: apps.b, abi: appArtifact.abi, functionName: 'setFixed', args: [true] }),
    })
    const retried = await wallet('b').writeContract({
      address: messenger,
      abi: teleporterMessengerAbi,
      functionName: 'retryMessageExecution',
      args: [id('a'), message as never],
    })
    expect((await client('b').waitForTransactionReceipt({ hash: retried })).status).toBe('success')
    expect(await read('b', 'lastText')).toBe('revert')
    await client('b').waitForTransactionReceipt({
      hash: await wallet('b').writeContract({ address: apps.b, abi: appArtifact.abi, functionName: 'setFixed', args: [false] }),
    })
  })

  it('shows a receiver out of its requiredGasLimit as a failed execution with the reason', async () => {
    const { messageID } = await send('a', 'b', 'burn', 50_000n)
    const delivery = await waitForTeleporterDelivery(client('b'), { messageID, messenger, timeout: 10_000 })
    expect(delivery.execution).toBe('failed')
    const m = await settled(messageID)
    expect(m).toMatchObject({ status: 'delivered', execution: 'failed' })
    expect(m.executionError).toMatch(/out of gas/i)
  })

  it('skips a message whose allowedRelayerAddresses exclude this relayer, and says why', async () => {
    const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d').address
    const { messageID } = await send('a', 'b', 'not for you', 200_000n, [other])
    await expect(waitForTeleporterDelivery(client('b'), { messageID, messenger, timeout: 1_500 })).rejects.toBeInstanceOf(
      TeleporterDeliveryTimeoutError,
    )
    const m = await settled(messageID)
    expect(m).toMatchObject({ status: 'skipped', attempts: 0 })
    expect(m.error).toContain('allowedRelayerAddresses')
    const received = await client('b').readContract({
      address: messenger,
      abi: teleporterMessengerAbi,
      functionName: 'messageReceived',
      args: [messageID],
    })
    expect(received).toBe(false)
  })

  it("marks a message failed after its attempts, with the node's reason: a required gas limit over the block gas limit", async () => {
    const { messageID } = await send('a', 'b', 'too big', 100_000_000n)
    let m = await settled(messageID)
    expect(m).toMatchObject({ status: 'failed', attempts: 5 })
    expect(m.error).toMatch(/^sending the delivery: .*gas.limit/) // the node: exceeds block gas limit; the devnet passes anvil's text
    const received = await client('b').readContract({
      address: messenger,
      abi: teleporterMessengerAbi,
      functionName: 'messageReceived',
      args: [messageID],
    })
    expect(received).toBe(false)
    m = (
      await ethersWarp.getRelayerMessages(new JsonRpcProvider(l1('b').rpcUrl, undefined, { staticNetwork: true }), { status: 'failed' })
    ).messages.at(-1)!
    expect(m.messageID).toBe(messageID)
  })

  it('never delivers a message twice: a re-sent message (retrySendCrossChainMessage) is not delivered again', async () => {
    const { messageID, receipt } = await send('a', 'b', 'once')
    await waitForTeleporterDelivery(client('b'), { messageID, messenger, timeout: 10_000 })
    const sent = receipt.logs
      .filter((l) => l.address.toLowerCase() === messenger.toLowerCase() && l.topics[0] === teleporterTopics.sendCrossChainMessage)
      .map((l) => decodeEventLog({ abi: teleporterMessengerAbi, data: l.data, topics: l.topics as [Hex, ...Hex[]] }))[0]!
    const resend = await wallet('a').writeContract({
      address: messenger,
      abi: [...messengerArtifact.abi],
      functionName: 'retrySendCrossChainMessage',
      args: [(sent.args as { message: unknown }).message],
    })
    expect((await client('a').waitForTransactionReceipt({ hash: resend })).status).toBe('success')
    // Two more blocks on A: the relayer has read the re-sent message by then.
    for (let i = 0; i < 2; i++) await client('a').request({ method: 'evm_mine' as never })
    await new Promise((r) => setTimeout(r, 600))
    const deliveries = (await client('b').request({
      method: 'eth_getLogs',
      params: [{ address: messenger, fromBlock: '0x0', toBlock: 'latest', topics: [teleporterTopics.receiveCrossChainMessage, messageID] }],
    })) as unknown[]
    expect(deliveries).toHaveLength(1)
    expect(await settled(messageID)).toMatchObject({ status: 'delivered', attempts: 1 })
  })

  it('lists with ethers as with viem, and refuses a bad filter before and at the node', async () => {
    const provider = new JsonRpcProvider(l1('b').rpcUrl, undefined, { staticNetwork: true })
    try {
      const viaEthers = await ethersWarp.getRelayerMessages(provider, { status: 'delivered' })
      const viaViem = await getRelayerMessages(client('b'), { status: 'delivered' })
      expect(viaEthers.messages.map((m) => m.messageID)).toEqual(viaViem.messages.map((m) => m.messageID))
      expect(viaViem.messages.every((m) => m.status === 'delivered')).toBe(true)
      expect(viaViem.messages.length).toBeGreaterThan(3)
    } finally {
      provider.destroy()
    }
    await expect(getRelayerMessages(client('a'), { status: 'lost' as never })).rejects.toBeInstanceOf(InvalidArgumentError)
    const reply = await rpc(l1('a').rpcUrl, 'devnet_relayerMessages', '[{"status":"lost"}]')
    expect(JSON.parse(reply.body)).toMatchObject({ error: { code: -32602 } })
    expect(reply.body).toContain('expected one of')
  })
})

describe('the relayer option', () => {
  it('is checked before anything starts', async () => {
    await expect(startDevnet({ relayer: { messengers: ['0x1234'] } })).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(startDevnet({ relayer: { sources: { nope: {} } } })).rejects.toThrow(/no L1 has the alias "nope"/)
  })

  it('is off by default: devnet_relayerMessages says how to turn it on', async () => {
    const off = await startDevnet()
    try {
      const reply = JSON.parse((await rpc(off.rpcUrl, 'devnet_relayerMessages', '[]')).body)
      expect(reply.error).toEqual({
        code: -32000,
        message: 'devnet: the relayer is off (start the devnet with --relay, or startDevnet({ relayer: true }))',
      })
      expect(off.relayer).toBeUndefined()
    } finally {
      await off.stop()
    }
  }, 60_000)
})
