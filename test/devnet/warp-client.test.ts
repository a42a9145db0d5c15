/**
 * The Warp client end to end through a devnet that validates two L1s, A and B, over real HTTP with real anvils:
 * the cross-L1 example of contracts/examples/CrossL1.sol (a sender on A calls `sendWarpMessage`; a receiver on B
 * accepts a message only if `getVerifiedWarpMessage` says it is valid, from A's blockchain ID and the sender
 * contract), delivered with `deliverWarpMessage` in viem and in ethers; the Warp API's reads decoded and checked
 * against the node's BLS keys; a message aggregated in TypeScript from each validator's signature (the node's own
 * from `warp_getMessageSignature`, the other validators', whose nodes the devnet does not run, signed here with
 * the keys the devnet gave them) and delivered by hand with `warpPredicateAccessList`; and the typed refusals.
 * The time from the send on A to the verified call on B is printed (no bound here: timing is bench/'s).
 */
import { bls12_381 } from '@noble/curves/bls12-381'
import { Contract, Interface, JsonRpcProvider, Wallet } from 'ethers'
import {
  type Abi,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeAbiParameters,
  encodeFunctionData,
  type Hex,
  http,
  decodeFunctionResult,
  type PublicClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import artifacts from '../../contracts/examples/artifacts.json' with { type: 'json' }
import { decodeCb58, encodeCb58 } from '../../src/core/cb58.js'
import { WarpMessageNotFoundError, WarpNetworkError, WarpWeightError, warpMessengerAbi, warpMessengerAddress } from '../../src/index.js'
import * as ethersWarp from '../../src/ethers/index.js'
import {
  deliverWarpMessage,
  getWarpBlockAggregateSignature,
  getWarpBlockSignature,
  getWarpMessage,
  getWarpMessageAggregateSignature,
  getWarpMessageSignature,
  warpActions,
} from '../../src/viem/warp/index.js'
import {
  aggregateWarpSignatures,
  canonicalWarpValidators,
  checkWarpWeight,
  encodeUnsignedWarpMessage,
  parseWarpPayload,
  warpMessagesOfLogs,
  warpPredicateAccessList,
  warpSignedWeight,
} from '../../src/warp.js'
import { defaultGenesis } from '../../packages/devnet/src/index.js'
import { useDevnet } from '../helpers/devnet.js'

const DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'
const adminKey = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const admin = privateKeyToAccount(adminKey)
const start = Math.floor(Date.now() / 1000)
const genesis = (chainId: number) => {
  const g = defaultGenesis(start)
  return { ...g, config: { ...g.config, chainId } }
}
const sender = artifacts.contracts.CrossL1Sender as { abi: Abi; bytecode: Hex }
const receiver = artifacts.contracts.CrossL1Receiver as { abi: Abi; bytecode: Hex }
const hex32 = (cb58: string) => `0x${Buffer.from(decodeCb58(cb58)).toString('hex')}` as Hex
const hexOf = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}` as Hex

const devnet = useDevnet({
  l1s: [
    { alias: 'a', genesis: genesis(99_001) },
    { alias: 'b', genesis: genesis(99_002) },
  ],
})

describe('Warp between two L1s of one devnet', () => {
  const l1 = (alias: 'a' | 'b') => devnet().l1s.find((l) => l.alias === alias)!
  const chain = (alias: 'a' | 'b') =>
    defineChain({
      id: Number(l1(alias).chainId),
      name: alias,
      nativeCurrency: { name: 'A', symbol: 'A', decimals: 18 },
      rpcUrls: { default: { http: [l1(alias).rpcUrl] } },
    })
  const publicClient = (alias: 'a' | 'b') =>
    createPublicClient({ chain: chain(alias), transport: http(l1(alias).rpcUrl), pollingInterval: 50 }) as PublicClient
  const walletClient = (alias: 'a' | 'b') => createWalletClient({ account: admin, chain: chain(alias), transport: http(l1(alias).rpcUrl) })

  let senderAddress: Hex
  let receiverAddress: Hex
  /** The receiver of A's messages on A itself: a chain may deliver its own messages. */
  let selfReceiverAddress: Hex

  const deploy = async (alias: 'a' | 'b', artifact: { abi: Abi; bytecode: Hex }, args: unknown[] = []) => {
    const hash = await walletClient(alias).deployContract({ abi: artifact.abi, bytecode: artifact.bytecode, args })
    const receipt = await publicClient(alias).waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    return receipt.contractAddress!
  }
  /** Sends `text` from the sender contract on A; the transaction hash and its receipt. */
  const send = async (text: string) => {
    const sentAt = performance.now()
    const hash = await walletClient('a').writeContract({ address: senderAddress, abi: sender.abi, functionName: 'send', args: [text] })
    const receipt = await publicClient('a').waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    return { hash, receipt, sentAt, minedAt: performance.now() }
  }
  const timing = (host: string, sentAt: number, minedAt: number, verifiedAt: number) =>
    `warp (${host}): sendWarpMessage on A -> verified call on B mined: ${(verifiedAt - sentAt).toFixed(0)} ms ` +
    `(send mined on A ${(minedAt - sentAt).toFixed(0)} ms, deliverWarpMessage until mined on B ${(verifiedAt - minedAt).toFixed(0)} ms)`
  /** The one Warp message a transaction sent, read from its SendWarpMessage log. */
  const sent = (receipt: { logs: readonly { address: string; topics: readonly string[]; data: string }[] }) => {
    const messages = warpMessagesOfLogs(receipt.logs)
    expect(messages).toHaveLength(1)
    return messages[0]!
  }
  const lastText = (alias: 'a' | 'b', address: Hex) =>
    publicClient(alias).readContract({ address, abi: receiver.abi, functionName: 'lastText' }) as Promise<string>
  const receiveCall = (index: number) => encodeFunctionData({ abi: receiver.abi, functionName: 'receiveMessage', args: [index] })

  beforeAll(async () => {
    senderAddress = await deploy('a', sender)
    receiverAddress = await deploy('b', receiver, [hex32(l1('a').blockchainID), senderAddress])
    selfReceiverAddress = await deploy('a', receiver, [hex32(l1('a').blockchainID), senderAddress])
  }, 60_000)

  it('reads the message a sendWarpMessage on A sent, and the node’s signatures of it and of its block, in viem and ethers', async () => {
    const { receipt } = await send('read me')
    const { id, message: logged } = sent(receipt)
    expect(id).toMatch(/^0x[\da-f]{64}$/)
    const source = publicClient('a').extend(warpActions)
    const message = await source.getWarpMessage({ messageID: id })
    expect(message).toEqual(logged)
    expect(message.networkID).toBe(devnet().network.networkID)
    expect(message.sourceChainID).toBe(hex32(l1('a').blockchainID))
    const payload = parseWarpPayload(message.payload)
    expect(payload).toEqual({
      type: 'addressedCall',
      sourceAddress: senderAddress.toLowerCase(),
      payload: encodeAbiParameters([{ type: 'string' }], ['read me']),
    })
    // The same message by its CB58 ID, and through ethers.
    const cb58 = encodeCb58(Buffer.from(id.slice(2), 'hex'))
    expect(await getWarpMessage(publicClient('a'), { messageID: cb58 })).toEqual(message)
    const provider = new JsonRpcProvider(l1('a').rpcUrl)
    expect(await ethersWarp.getWarpMessage(provider, id)).toEqual(message)

    const nodeKey = devnet().l1s[0]!.validators.find((v) => v.thisNode)!.publicKey
    const unsigned = encodeUnsignedWarpMessage(message).slice(2)
    const signature = await getWarpMessageSignature(source, { messageID: id })
    expect(bls12_381.verify(signature.slice(2), unsigned, hexOf(nodeKey).slice(2), { DST })).toBe(true)
    expect(await ethersWarp.getWarpMessageSignature(provider, cb58)).toBe(signature)

    const blockSignature = await getWarpBlockSignature(source, { blockID: receipt.blockHash })
    const blockMessage = encodeUnsignedWarpMessage({
      networkID: message.networkID,
      sourceChainID: message.sourceChainID,
      payload: `0x0000${'00000000'}${receipt.blockHash.slice(2)}`,
    })
    expect(bls12_381.verify(blockSignature.slice(2), blockMessage.slice(2), hexOf(nodeKey).slice(2), { DST })).toBe(true)
    expect(await ethersWarp.getWarpBlockSignature(provider, receipt.blockHash)).toBe(blockSignature)
    provider.destroy()
  })

  it('an unknown message is WarpMessageNotFoundError, in viem and ethers', async () => {
    const unknown = `0x${'5a'.repeat(32)}` as Hex
    await expect(getWarpMessage(publicClient('a'), { messageID: unknown })).rejects.toBeInstanceOf(WarpMessageNotFoundError)
    const provider = new JsonRpcProvider(l1('a').rpcUrl)
    await expect(ethersWarp.getWarpMessageSignature(provider, unknown)).rejects.toBeInstanceOf(WarpMessageNotFoundError)
    // A message of A is unknown to B's node.
    const { receipt } = await send('only on A')
    const { id } = sent(receipt)
    await expect(getWarpMessage(publicClient('b'), { messageID: id })).rejects.toThrow(WarpMessageNotFoundError)
    provider.destroy()
  })

  it('viem: deliverWarpMessage takes A’s transaction to B’s receiver, which verifies the source chain and sender', async () => {
    const { hash, sentAt, minedAt } = await send('hello B, from A (viem)')
    const delivered = await deliverWarpMessage(walletClient('b'), {
      source: publicClient('a'),
      hash,
      to: receiverAddress,
      data: receiveCall(0),
    })
    const receipt = await publicClient('b').waitForTransactionReceipt({ hash: delivered })
    const verifiedAt = performance.now()
    expect(receipt.status).toBe('success')
    expect(await lastText('b', receiverAddress)).toBe('hello B, from A (viem)')
    console.log(timing('viem', sentAt, minedAt, verifiedAt))
  })

  it('ethers: deliverWarpMessage with a Wallet on B and a provider of A', async () => {
    const a = new JsonRpcProvider(l1('a').rpcUrl)
    const b = new JsonRpcProvider(l1('b').rpcUrl)
    a.pollingInterval = 50
    b.pollingInterval = 50
    const signer = new Wallet(adminKey, b)
    const sent = new Contract(senderAddress, sender.abi as never, new Wallet(adminKey, a))
    const sentAt = performance.now()
    const tx = await sent.getFunction('send')('hello B, from A (ethers)')
    await tx.wait()
    const minedAt = performance.now()
    const data = new Interface(receiver.abi as never).encodeFunctionData('receiveMessage', [0]) as Hex
    const hash = await ethersWarp.deliverWarpMessage(signer, { source: a, hash: tx.hash, to: receiverAddress, data })
    const receipt = await b.waitForTransaction(hash)
    const verifiedAt = performance.now()
    expect(receipt?.status).toBe(1)
    expect(await lastText('b', receiverAddress)).toBe('hello B, from A (ethers)')
    console.log(timing('ethers', sentAt, minedAt, verifiedAt))
    a.destroy()
    b.destroy()
  })

  it('the node’s aggregate carries enough weight of A’s validator set, and A delivers its own message to itself, by message ID', async () => {
    const { receipt } = await send('to myself')
    const { id } = sent(receipt)
    const signed = await getWarpMessageAggregateSignature(publicClient('a'), { messageID: id })
    const set = canonicalWarpValidators(l1('a').validators.map((v) => ({ publicKey: hexOf(v.publicKey), weight: v.weight })))
    expect(warpSignedWeight(signed, set) * 100n).toBeGreaterThanOrEqual(67n * set.totalWeight)
    const validators = l1('a').validators.map((v) => ({ publicKey: hexOf(v.publicKey), weight: v.weight }))
    const delivered = await deliverWarpMessage(walletClient('a'), {
      source: publicClient('a'),
      messageID: encodeCb58(Buffer.from(id.slice(2), 'hex')),
      to: selfReceiverAddress,
      data: receiveCall(0),
      validators,
    })
    expect((await publicClient('a').waitForTransactionReceipt({ hash: delivered })).status).toBe('success')
    expect(await lastText('a', selfReceiverAddress)).toBe('to myself')
  })

  it('a message aggregated in TypeScript from each validator’s signature, delivered by hand with its predicate', async () => {
    const { receipt } = await send('aggregated in TypeScript')
    const { id } = sent(receipt)
    const message = await getWarpMessage(publicClient('a'), { messageID: id })
    const unsigned = encodeUnsignedWarpMessage(message)
    const nodeSignature = await getWarpMessageSignature(publicClient('a'), { messageID: id })
    // The node signs for itself; the other validators' nodes are not run, so their keys sign here.
    const validators = l1('a').validators.map((v) => ({
      publicKey: hexOf(v.publicKey),
      weight: v.weight,
      signature: v.thisNode ? nodeSignature : hexOf(bls12_381.sign(unsigned.slice(2), v.secretKey, { DST })),
    }))
    const signed = await aggregateWarpSignatures({ message: unsigned, validators })
    const hash = await walletClient('b').sendTransaction({
      to: receiverAddress,
      data: receiveCall(0),
      accessList: warpPredicateAccessList([signed]),
    })
    expect((await publicClient('b').waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await lastText('b', receiverAddress)).toBe('aggregated in TypeScript')
  })

  it('refuses a destination of another network (WarpNetworkError) before sending anything', async () => {
    const { hash } = await send('wrong network')
    const before = await publicClient('b').getTransactionCount({ address: admin.address })
    await expect(
      deliverWarpMessage(walletClient('b'), {
        source: publicClient('a'),
        hash,
        to: receiverAddress,
        data: receiveCall(0),
        destinationNetworkID: 1,
      }),
    ).rejects.toBeInstanceOf(WarpNetworkError)
    expect(await publicClient('b').getTransactionCount({ address: admin.address })).toBe(before)
  })

  it('block hashes: the node’s aggregate of a block’s hash message, the same in viem and ethers, with the quorum', async () => {
    const { receipt } = await send('a block to sign')
    const signed = await getWarpBlockAggregateSignature(publicClient('a'), { blockID: receipt.blockHash })
    expect(signed.networkID).toBe(devnet().network.networkID)
    expect(signed.sourceChainID).toBe(hex32(l1('a').blockchainID))
    expect(parseWarpPayload(signed.payload)).toEqual({ type: 'hash', hash: receipt.blockHash })
    const set = canonicalWarpValidators(l1('a').validators.map((v) => ({ publicKey: hexOf(v.publicKey), weight: v.weight })))
    checkWarpWeight(warpSignedWeight(signed, set), set.totalWeight)
    const provider = new JsonRpcProvider(l1('a').rpcUrl)
    expect(await ethersWarp.getWarpBlockAggregateSignature(provider, receipt.blockHash)).toEqual(signed)
    const { id } = sent(receipt)
    expect(await ethersWarp.getWarpMessageAggregateSignature(provider, id, { quorumNum: 67 })).toEqual(
      await getWarpMessageAggregateSignature(publicClient('a'), { messageID: id, quorumNum: 67 }),
    )
    provider.destroy()
  })

  it('the receiver refuses a verified message from another sender on A: the delivery reverts and nothing is received', async () => {
    // An account, not the sender contract, sends on A: the message verifies, but its origin sender is not trusted.
    const hash = await walletClient('a').writeContract({
      address: warpMessengerAddress,
      abi: warpMessengerAbi,
      functionName: 'sendWarpMessage',
      args: [encodeAbiParameters([{ type: 'string' }], ['not from the sender contract'])],
    })
    await publicClient('a').waitForTransactionReceipt({ hash })
    const count = () => publicClient('b').readContract({ address: receiverAddress, abi: receiver.abi, functionName: 'received' })
    const before = await count()
    // With a gas limit the transaction is mined (no estimate) and reverts in the receiver: the message verified,
    // but its origin sender is an account.
    const delivered = await deliverWarpMessage(walletClient('b'), {
      source: publicClient('a'),
      hash,
      to: receiverAddress,
      data: receiveCall(0),
      gas: 1_000_000n,
    })
    expect((await publicClient('b').waitForTransactionReceipt({ hash: delivered })).status).toBe('reverted')
    // What the receiver read: the verified message, whose origin sender is the account.
    const signed = await getWarpMessageAggregateSignature(publicClient('a'), {
      messageID: sent(await publicClient('a').getTransactionReceipt({ hash })).id,
    })
    const { data } = await publicClient('b').call({
      to: warpMessengerAddress,
      data: encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', args: [0] }),
      accessList: warpPredicateAccessList([signed]),
    })
    const [message, valid] = decodeFunctionResult({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', data: data! })
    expect({ valid, sender: message.originSenderAddress }).toEqual({ valid: true, sender: admin.address })
    expect(await count()).toBe(before)
  })

  it('with the validator set given, a quorum the node’s aggregate misses is WarpWeightError before anything is sent', async () => {
    const { hash } = await send('weighed')
    const before = await publicClient('b').getTransactionCount({ address: admin.address })
    // The set as the sender claims it, with a heavy validator the source node does not know: its signers fall short.
    const validators = [
      ...l1('a').validators.map((v) => ({ publicKey: hexOf(v.publicKey), weight: v.weight })),
      { publicKey: hexOf(bls12_381.getPublicKey(Uint8Array.from({ length: 32 }, (_, i) => i + 1))), weight: 1n << 40n },
    ]
    await expect(
      deliverWarpMessage(walletClient('b'), { source: publicClient('a'), hash, to: receiverAddress, data: receiveCall(0), validators }),
    ).rejects.toBeInstanceOf(WarpWeightError)
    expect(await publicClient('b').getTransactionCount({ address: admin.address })).toBe(before)
  })

  it('a transaction without a Warp message is WarpMessageNotFoundError', async () => {
    const deployHash = await walletClient('a').sendTransaction({ to: admin.address, value: 1n })
    await publicClient('a').waitForTransactionReceipt({ hash: deployHash })
    await expect(
      deliverWarpMessage(walletClient('b'), { source: publicClient('a'), hash: deployHash, to: receiverAddress }),
    ).rejects.toBeInstanceOf(WarpMessageNotFoundError)
  })
})
