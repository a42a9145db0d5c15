/**
 * Warp Messenger (0x0200…0005) on the devnet: `getBlockchainID` is the L1's blockchain ID,
 * `sendWarpMessage` emits `SendWarpMessage` with the node's unsigned message (avalanchego codec:
 * UnsignedMessage{networkID, sourceChainID, AddressedCall{sender, payload}}) and its SHA-256 ID,
 * the message is then served by `warp_getMessage`, and the verified-message getters answer "none"
 * without predicates. The expected bytes are built here from the Go structs' layout
 * (vms/platformvm/warp/unsigned_message.go, payload/addressed_call.go), not from the devnet.
 */
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { decodeEventLog, decodeFunctionResult, encodeFunctionData, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeCb58, encodeCb58 } from '../../src/core/cb58.js'
import { warpMessengerAbi } from '../../src/core/precompiles/abis.js'
// @ts-expect-error: a plain .mjs script without declarations
import { compileSolidity } from '../../scripts/compile-contracts.mjs'
import { post, rpc, useDevnet } from '../helpers/devnet.js'
import { bls12_381 } from '@noble/curves/bls12-381'
import { SIGNATURE_DST } from '../../packages/devnet/src/identity.js'

const WARP = '0x0200000000000000000000000000000000000005'
const ADMIN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const root = resolve(import.meta.dirname, '../..')

type Reply = { result?: any; error?: { code: number; message: string } }

const u16 = (n: number) => n.toString(16).padStart(4, '0')
const u32 = (n: number) => n.toString(16).padStart(8, '0')
const hex = (b: Uint8Array) => Buffer.from(b).toString('hex')

/** The unsigned message a node builds for `sendWarpMessage(payload)` called by `sender`. */
function unsignedMessage(networkID: number, blockchainID: string, sender: string, payload: Hex): Hex {
  const p = payload.slice(2)
  const addressedCall = `${u16(0)}${u32(1)}${u32(20)}${sender.slice(2).toLowerCase()}${u32(p.length / 2)}${p}`
  return `0x${u16(0)}${u32(networkID)}${hex(decodeCb58(blockchainID))}${u32(addressedCall.length / 2)}${addressedCall}`
}
const sha256 = (bytes: Hex): Hex =>
  `0x${createHash('sha256')
    .update(Buffer.from(bytes.slice(2), 'hex'))
    .digest('hex')}`

function warpTests(label: string, options: Parameters<typeof useDevnet>[0]) {
  describe(label, () => {
    const devnet = useDevnet(options)
    const call = async (method: string, params: unknown[]): Promise<Reply> =>
      JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply
    const read = async (
      functionName: 'getBlockchainID' | 'getVerifiedWarpMessage' | 'getVerifiedWarpBlockHash',
      args: readonly unknown[] = [],
    ) => {
      const data = encodeFunctionData({ abi: warpMessengerAbi, functionName, args } as never)
      const reply = await call('eth_call', [{ to: WARP, data }, 'latest'])
      expect(reply.error).toBeUndefined()
      return { raw: reply.result as Hex, value: decodeFunctionResult({ abi: warpMessengerAbi, functionName, data: reply.result }) }
    }
    const networkID = () => options?.networkID ?? 12345
    /** The node's BLS public key, as info.getNodeID reports it. */
    const nodeKey = async () => {
      const reply = await post(devnet().infoUrl, '{"jsonrpc":"2.0","id":1,"method":"info.getNodeID","params":{}}')
      return (JSON.parse(reply.body) as { result: { nodePOP: { publicKey: Hex } } }).result.nodePOP.publicKey.slice(2)
    }

    it('is active: eth_getCode is 0x01, as on a node', async () => {
      expect((await call('eth_getCode', [WARP, 'latest'])).result).toBe('0x01')
    })

    it('getBlockchainID is the L1 blockchain ID as bytes32', async () => {
      const { value } = await read('getBlockchainID')
      expect(value).toBe(`0x${hex(decodeCb58(devnet().blockchainID))}`)
    })

    it('getVerifiedWarpMessage / getVerifiedWarpBlockHash without predicates: the empty value and false, in the ABI bytes a node sends', async () => {
      const message = await read('getVerifiedWarpMessage', [0])
      expect(message.value).toEqual([
        { sourceChainID: `0x${'0'.repeat(64)}`, originSenderAddress: '0x0000000000000000000000000000000000000000', payload: '0x' },
        false,
      ])
      // 6 words: offset 0x40, valid false, then the struct (chain ID, sender, offset 0x60, length 0).
      expect(message.raw).toBe(`0x${[0x40, 0, 0, 0, 0x60, 0].map((w) => w.toString(16).padStart(64, '0')).join('')}`)
      const blockHash = await read('getVerifiedWarpBlockHash', [7])
      expect(blockHash.raw).toBe(`0x${'0'.repeat(192)}`)
      expect(blockHash.value).toEqual([{ sourceChainID: `0x${'0'.repeat(64)}`, blockHash: `0x${'0'.repeat(64)}` }, false])
    })

    it("an index above MaxInt32 is the node's error", async () => {
      const data = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', args: [2 ** 31] })
      expect((await call('eth_call', [{ from: ADMIN, to: WARP, data }, 'latest'])).error).toEqual({
        code: -32000,
        message: 'invalid index to specify warp message: larger than MaxInt32',
      })
    })

    it('sendWarpMessage from an EOA: SendWarpMessage with the node message and ID, returned, then served by warp_getMessage', async () => {
      const payload: Hex = '0x68656c6c6f2c204176616c616e636865' // "hello, Avalanche"
      const data = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'sendWarpMessage', args: [payload] })
      const want = unsignedMessage(networkID(), devnet().blockchainID, ADMIN, payload)
      const id = sha256(want)
      // eth_call returns the ID the transaction will emit.
      const simulated = await call('eth_call', [{ from: ADMIN, to: WARP, data }, 'latest'])
      expect(decodeFunctionResult({ abi: warpMessengerAbi, functionName: 'sendWarpMessage', data: simulated.result })).toBe(id)
      // Not stored before a block holds it.
      const cb58 = encodeCb58(Buffer.from(id.slice(2), 'hex'))
      expect((await call('warp_getMessage', [cb58])).error).toEqual({
        code: -32000,
        message: `failed to get message ${cb58} with error not found`,
      })

      const hash = (await call('eth_sendTransaction', [{ from: ADMIN, to: WARP, data, gas: '0x100000' }])).result
      const receipt = (await call('eth_getTransactionReceipt', [hash])).result
      expect(receipt.status).toBe('0x1')
      expect(receipt.logs).toHaveLength(1)
      const log = receipt.logs[0]
      expect(log.address).toBe(WARP)
      const event = decodeEventLog({ abi: warpMessengerAbi, data: log.data, topics: log.topics })
      expect(event).toEqual({ eventName: 'SendWarpMessage', args: { sender: ADMIN, messageID: id, message: want } })
      expect((await call('warp_getMessage', [cb58])).result).toBe(want)

      // The node's BLS signature of the message's bytes, under the signature ciphersuite, by the key info.getNodeID shows.
      const signature = (await call('warp_getMessageSignature', [cb58])).result as Hex
      expect(signature).toMatch(/^0x[0-9a-f]{192}$/)
      expect(bls12_381.verify(signature.slice(2), want.slice(2), await nodeKey(), { DST: SIGNATURE_DST })).toBe(true)
      // A block's: its hash message (payload.Hash, type 0), signed the same way.
      const blockID = encodeCb58(Buffer.from(receipt.blockHash.slice(2), 'hex'))
      const blockMessage = `0x${u16(0)}${u32(networkID())}${hex(decodeCb58(devnet().blockchainID))}${u32(38)}${u16(0)}${u32(0)}${receipt.blockHash.slice(2)}`
      const blockSignature = (await call('warp_getBlockSignature', [blockID])).result as Hex
      expect(bls12_381.verify(blockSignature.slice(2), blockMessage.slice(2), await nodeKey(), { DST: SIGNATURE_DST })).toBe(true)
    })

    it("warp_getMessageSignature / warp_getBlockSignature of what the node does not have: the node's texts", async () => {
      const unknown = encodeCb58(new Uint8Array(32).fill(7))
      expect((await call('warp_getMessageSignature', [unknown])).error).toEqual({
        code: -32000,
        message: `failed to get message ${unknown} with error not found`,
      })
      expect((await call('warp_getBlockSignature', [unknown])).error).toEqual({
        code: -32000,
        message: `failed to get signature for block ${unknown} with error failed to validate block message: 2: failed to get block ${unknown}: not found`,
      })
    })

    it('sendWarpMessage from a contract: the contract is the message sender; getBlockchainID works in a STATICCALL', async () => {
      const { WarpSender } = compileSolidity({ 'WarpSender.sol': readFileSync(join(root, 'contracts/test/WarpSender.sol'), 'utf8') })
      const deployed = (await call('eth_sendTransaction', [{ from: ADMIN, data: WarpSender.bytecode, gas: '0x200000' }])).result
      const address = (await call('eth_getTransactionReceipt', [deployed])).result.contractAddress as string
      const sender = [
        {
          type: 'function',
          name: 'send',
          inputs: [{ type: 'bytes', name: 'payload' }],
          outputs: [{ type: 'bytes32', name: '' }],
          stateMutability: 'nonpayable',
        },
        { type: 'function', name: 'blockchainID', inputs: [], outputs: [{ type: 'bytes32', name: '' }], stateMutability: 'view' },
      ] as const
      const id = await call('eth_call', [
        { to: address, data: encodeFunctionData({ abi: sender, functionName: 'blockchainID' }) },
        'latest',
      ])
      expect(id.result).toBe(`0x${hex(decodeCb58(devnet().blockchainID))}`)

      const payload: Hex = `0x${'ab'.repeat(100)}`
      const hash = (
        await call('eth_sendTransaction', [
          { from: ADMIN, to: address, data: encodeFunctionData({ abi: sender, functionName: 'send', args: [payload] }), gas: '0x100000' },
        ])
      ).result
      const receipt = (await call('eth_getTransactionReceipt', [hash])).result
      expect(receipt.status).toBe('0x1')
      const warpLog = receipt.logs.find((l: { address: string }) => l.address === WARP)
      const want = unsignedMessage(networkID(), devnet().blockchainID, address, payload)
      const event = decodeEventLog({ abi: warpMessengerAbi, data: warpLog.data, topics: warpLog.topics })
      expect(event.args).toEqual({ sender: expect.stringMatching(new RegExp(`^${address}$`, 'i')), messageID: sha256(want), message: want })
      const cb58 = encodeCb58(Buffer.from(sha256(want).slice(2), 'hex'))
      expect((await call('warp_getMessage', [cb58])).result).toBe(want)
    })

    it("warp_getMessage's arguments are read as ids.ID: the node's texts", async () => {
      expect((await call('warp_getMessage', [])).error).toEqual({ code: -32602, message: 'missing value for required argument 0' })
      expect((await call('warp_getMessage', [5])).error).toEqual({
        code: -32602,
        message: 'invalid argument 0: first and last characters should be quotes',
      })
      expect((await call('warp_getMessage', ['abc'])).error).toEqual({
        code: -32602,
        message: "invalid argument 0: couldn't decode ID to bytes: input string is smaller than the checksum size",
      })
      const zero = encodeCb58(new Uint8Array(32))
      expect((await call('warp_getMessage', [null])).error).toEqual({
        code: -32000,
        message: `failed to get message ${zero} with error not found`,
      })
    })
  })
}

warpTests('Warp on the default devnet (active from Durango)', { seed: 'warp-default' })
warpTests("Warp on Subnet-EVM's warp.json genesis, network 88888", {
  seed: 'warp-genesis',
  networkID: 88888,
  genesis: join(root, 'test/fixtures/subnet-evm-genesis/warp.json'),
})
