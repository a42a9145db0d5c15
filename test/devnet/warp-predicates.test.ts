/**
 * Warp end to end on one devnet with two L1s, as nodes do it: `sendWarpMessage` on A, the aggregate signature of A's
 * validators (warp/service.go `GetMessageAggregateSignature`), and a transaction on B carrying the signed message as
 * a predicate in its access list (vms/evm/predicate `New`): verified when B's block is built (core/predicate_check.go
 * `CheckTxPredicates`), read by `getVerifiedWarpMessage` with the node's gas (contract_warp_handler.go), charged the
 * predicate gas in its intrinsic gas (warp/config.go `PredicateGas`), its result in B's header extra data
 * (vms/evm/predicate/results.go). The expected figures are computed here from the Go rules, not read from the devnet.
 */
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeCb58, encodeCb58 } from '../../src/core/cb58.js'
import { warpMessengerAbi } from '../../src/core/precompiles/abis.js'
import {
  encodeSignedWarpMessage,
  packPredicate,
  parseSignedWarpMessage,
  signerIndices,
  warpPredicateAccessListEntry,
} from '../../src/warp.js'
// @ts-expect-error: a plain .mjs script without declarations
import { compileSolidity } from '../../scripts/compile-contracts.mjs'
import { rpc, useDevnet } from '../helpers/devnet.js'
import { ADMIN, T0, tableGenesis } from './go-tables/harness.js'

const WARP = '0x0200000000000000000000000000000000000005'
type Reply = { result?: any; error?: { code: number; message: string } }

const genesis = (chainId: number) =>
  tableGenesis(
    chainId,
    { warpConfig: { blockTimestamp: T0, quorumNumerator: 67 } },
    { durangoTimestamp: 0, etnaTimestamp: 0, graniteTimestamp: 0 },
  )

const receiverSource = `
pragma solidity 0.8.26;
interface IWarp {
  struct WarpMessage { bytes32 sourceChainID; address originSenderAddress; bytes payload; }
  struct WarpBlockHash { bytes32 sourceChainID; bytes32 blockHash; }
  function getVerifiedWarpMessage(uint32 index) external view returns (WarpMessage memory, bool);
  function getVerifiedWarpBlockHash(uint32 index) external view returns (WarpBlockHash memory, bool);
}
contract Receiver {
  bytes32 public sourceChainID; address public sender; bytes public payload; bool public valid; bytes32 public blockHash;
  function take(uint32 index) external {
    (IWarp.WarpMessage memory m, bool v) = IWarp(0x0200000000000000000000000000000000000005).getVerifiedWarpMessage(index);
    sourceChainID = m.sourceChainID; sender = m.originSenderAddress; payload = m.payload; valid = v;
  }
  function takeBlock(uint32 index) external {
    (IWarp.WarpBlockHash memory h, bool v) = IWarp(0x0200000000000000000000000000000000000005).getVerifiedWarpBlockHash(index);
    sourceChainID = h.sourceChainID; blockHash = h.blockHash; valid = v;
  }
}`

describe('Warp from L1 a to L1 b', () => {
  const devnet = useDevnet({
    l1s: [
      { alias: 'a', genesis: genesis(43_401), validators: 5 },
      { alias: 'b', genesis: genesis(43_402), validators: 3 },
    ],
  })
  const a = () => devnet().l1s[0]!
  const b = () => devnet().l1s[1]!
  const call = async (url: string, method: string, params: unknown[]): Promise<Reply> =>
    JSON.parse((await rpc(url, method, JSON.stringify(params))).body) as Reply
  const ok = async (url: string, method: string, params: unknown[]) => {
    const reply = await call(url, method, params)
    expect(reply.error).toBeUndefined()
    return reply.result
  }
  const mined = async (url: string, tx: Record<string, unknown>) => {
    const hash = await ok(url, 'eth_sendTransaction', [{ from: ADMIN, ...tx }])
    return ok(url, 'eth_getTransactionReceipt', [hash])
  }

  const payload = '0x68656c6c6f2066726f6d2061' as Hex
  let signed: Hex
  let messageID: Hex

  it('sendWarpMessage on a, then warp_getMessageAggregateSignature: the quorum of a’s canonical validators', async () => {
    const data = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'sendWarpMessage', args: [payload] })
    const receipt = await mined(a().rpcUrl, { to: WARP, data, gas: '0x100000' })
    expect(receipt.status).toBe('0x1')
    messageID = receipt.logs[0].topics[2]
    signed = await ok(a().rpcUrl, 'warp_getMessageAggregateSignature', [encodeCb58(Buffer.from(messageID.slice(2), 'hex')), 67, ''])
    const message = parseSignedWarpMessage(signed)
    expect(message.sourceChainID).toBe(`0x${Buffer.from(decodeCb58(a().blockchainID)).toString('hex')}`)
    // 5 validators of equal weight: 67% of the weight is 4 of them (3.35 rounds up), the first 4 in canonical order.
    expect(signerIndices(message.signature.signers)).toEqual([0, 1, 2, 3])
  })

  it('the aggregate methods refuse what the node refuses', async () => {
    const unknown = encodeCb58(new Uint8Array(32).fill(7))
    expect((await call(a().rpcUrl, 'warp_getMessageAggregateSignature', [unknown, 67, ''])).error?.message).toBe('not found')
    expect((await call(a().rpcUrl, 'warp_getMessageAggregateSignature', [unknown, 67])).error?.message).toBe(
      'missing value for required argument 2',
    )
    const id = encodeCb58(Buffer.from(messageID.slice(2), 'hex'))
    expect((await call(a().rpcUrl, 'warp_getMessageAggregateSignature', [id, 67, 'nope'])).error?.message).toBe(
      'failed to parse subnetID: "nope"',
    )
    expect((await call(a().rpcUrl, 'warp_getMessageAggregateSignature', [id, 67, unknown])).error?.message).toBe(
      `cannot retrieve validator set: ${unknown} source subnet not found`,
    )
    // A quorum over 100 is no error on a node: every validator signs.
    const all = await ok(a().rpcUrl, 'warp_getMessageAggregateSignature', [id, 101, ''])
    expect(signerIndices(parseSignedWarpMessage(all).signature.signers)).toEqual([0, 1, 2, 3, 4])
  })

  it('eth_call on b with the predicate: getVerifiedWarpMessage(0) is the message, valid', async () => {
    const data = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', args: [0] })
    const result = await ok(b().rpcUrl, 'eth_call', [
      { from: ADMIN, to: WARP, data, accessList: [warpPredicateAccessListEntry(signed)] },
      'latest',
    ])
    const [message, valid] = decodeFunctionResult({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', data: result })
    expect(valid).toBe(true)
    expect(message.originSenderAddress.toLowerCase()).toBe(ADMIN.toLowerCase())
    expect(message.payload).toBe(payload)
  })

  it('a transaction on b carrying it: verified, valid, the predicate gas charged, its result in the header', async () => {
    const { Receiver } = compileSolidity({ 'Receiver.sol': receiverSource })
    const deployed = await mined(b().rpcUrl, { data: Receiver.bytecode, gas: '0x200000' })
    const receiver = deployed.contractAddress as string
    const entry = warpPredicateAccessListEntry(signed)
    const take = encodeFunctionData({ abi: Receiver.abi, functionName: 'take', args: [0] })
    const receipt = await mined(b().rpcUrl, { to: receiver, data: take, accessList: [entry] })
    expect(receipt.status).toBe('0x1')
    const read = async (functionName: string) =>
      decodeFunctionResult({
        abi: Receiver.abi,
        functionName,
        data: await ok(b().rpcUrl, 'eth_call', [{ to: receiver, data: encodeFunctionData({ abi: Receiver.abi, functionName }) }, 'latest']),
      })
    expect(await read('valid')).toBe(true)
    expect(await read('payload')).toBe(payload)
    expect(((await read('sender')) as string).toLowerCase()).toBe(ADMIN.toLowerCase())
    const block = await ok(b().rpcUrl, 'eth_getBlockByHash', [receipt.blockHash, false])
    // The fee window (80 bytes), then BlockResults{tx: {warp: []}}: version, 1 entry, the hash, 1 address, empty bits.
    expect(block.extraData.slice(2 + 160)).toBe(
      `0000${'00000001'}${receipt.transactionHash.slice(2)}${'00000001'}${WARP.slice(2)}${'00000000'}`,
    )
  })

  it('a predicate signed by too little weight is mined, valid = false, predicate gas paid', async () => {
    const message = parseSignedWarpMessage(signed)
    const weak = encodeSignedWarpMessage({ ...message, signature: { ...message.signature, signers: '0x01' } })
    const { Receiver } = compileSolidity({ 'Receiver.sol': receiverSource })
    const deployed = await mined(b().rpcUrl, { data: Receiver.bytecode, gas: '0x200000' })
    const receiver = deployed.contractAddress as string
    const take = encodeFunctionData({ abi: Receiver.abi, functionName: 'take', args: [0] })
    const receipt = await mined(b().rpcUrl, { to: receiver, data: take, accessList: [warpPredicateAccessListEntry(weak)] })
    expect(receipt.status).toBe('0x1')
    const valid = await ok(b().rpcUrl, 'eth_call', [
      { to: receiver, data: encodeFunctionData({ abi: Receiver.abi, functionName: 'valid' }) },
      'latest',
    ])
    expect(BigInt(valid)).toBe(0n)
    const block = await ok(b().rpcUrl, 'eth_getBlockByHash', [receipt.blockHash, false])
    expect(block.extraData.slice(2 + 160)).toBe(
      `0000${'00000001'}${receipt.transactionHash.slice(2)}${'00000001'}${WARP.slice(2)}${'00000001'}01`,
    )
  })

  it('a malformed predicate is refused before the pool with PredicateGas’s text', async () => {
    const chunks = packPredicate(signed)
    const last = chunks[chunks.length - 1]!
    // The delimiter 0xff replaced by 0xfe.
    const broken = [...chunks.slice(0, -1), last.replace(/ff(0*)$/, 'fe$1') as Hex]
    const reply = await call(b().rpcUrl, 'eth_sendTransaction', [
      { from: ADMIN, to: ADMIN, gas: '0x100000', accessList: [{ address: WARP, storageKeys: broken }] },
    ])
    expect(reply.error?.message).toBe('cannot unpack predicate bytes: wrong delimiter')
  })
})
