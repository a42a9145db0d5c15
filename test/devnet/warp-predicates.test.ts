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
  encodeWarpPayload,
  packPredicate,
  parseSignedWarpMessage,
  signerIndices,
  warpPredicateAccessListEntry,
} from '../../src/warp.js'
// @ts-expect-error: a plain .mjs script without declarations
import { compileSolidity } from '../../scripts/compile-contracts.mjs'
import { privateKeyToAccount } from 'viem/accounts'
import { rpc, useDevnet } from '../helpers/devnet.js'
import { ADMIN, LATER, T0, tableGenesis } from './go-tables/harness.js'

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

const SECOND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const hexOf = (b: Uint8Array) => `0x${Buffer.from(b).toString('hex')}` as Hex
const calldataGas = (data: string) => {
  let gas = 0n
  for (let i = 2; i < data.length; i += 2) gas += data.slice(i, i + 2) === '00' ? 4n : 16n
  return gas
}

describe('Warp from L1 a to L1 b', { timeout: 60_000 }, () => {
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
    expect(reply.error, JSON.stringify(reply.error)).toBeUndefined()
    return reply.result
  }
  const mined = async (url: string, tx: Record<string, unknown>) => {
    const hash = await ok(url, 'eth_sendTransaction', [{ from: ADMIN, ...tx }])
    return ok(url, 'eth_getTransactionReceipt', [hash])
  }
  const { Receiver } = compileSolidity({ 'Receiver.sol': receiverSource }) as { Receiver: { abi: any; bytecode: Hex } }
  /** A fresh Receiver on b. */
  const receiver = async () => (await mined(b().rpcUrl, { data: Receiver.bytecode, gas: '0x200000' })).contractAddress as string
  const read = async (at: string, functionName: string) =>
    decodeFunctionResult({
      abi: Receiver.abi,
      functionName,
      data: await ok(b().rpcUrl, 'eth_call', [{ to: at, data: encodeFunctionData({ abi: Receiver.abi, functionName }) }, 'latest']),
    })
  const take = (index: number, functionName = 'take') => encodeFunctionData({ abi: Receiver.abi, functionName, args: [index] })
  /** The results BlockResults.Bytes() holds for one transaction with one Warp entry. */
  const oneResult = (txHash: string, bits: string) =>
    `0000${'00000001'}${txHash.slice(2)}${'00000001'}${WARP.slice(2)}${(bits.length / 2).toString(16).padStart(8, '0')}${bits}`

  const payload = '0x68656c6c6f2066726f6d2061' as Hex
  let signed: Hex
  let messageID: Hex
  let elapsed: { send: number; aggregate: number; deliver: number }

  it('sendWarpMessage on a, then warp_getMessageAggregateSignature: the quorum of a’s canonical validators', async () => {
    const t0 = performance.now()
    const data = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'sendWarpMessage', args: [payload] })
    const receipt = await mined(a().rpcUrl, { to: WARP, data, gas: '0x100000' })
    expect(receipt.status).toBe('0x1')
    messageID = receipt.logs[0].topics[2]
    const t1 = performance.now()
    signed = await ok(a().rpcUrl, 'warp_getMessageAggregateSignature', [encodeCb58(Buffer.from(messageID.slice(2), 'hex')), 67, ''])
    const t2 = performance.now()
    const message = parseSignedWarpMessage(signed)
    expect(message.sourceChainID).toBe(hexOf(decodeCb58(a().blockchainID)))
    // 5 validators of equal weight: 67% of the weight is 4 of them (3.35 rounds up), the first 4 in canonical order.
    expect(signerIndices(message.signature.signers)).toEqual([0, 1, 2, 3])
    const at = await receiver()
    const t3 = performance.now()
    const delivered = await mined(b().rpcUrl, { to: at, data: take(0), accessList: [warpPredicateAccessListEntry(signed)] })
    expect(delivered.status).toBe('0x1')
    expect(await read(at, 'valid')).toBe(true)
    elapsed = { send: t1 - t0, aggregate: t2 - t1, deliver: performance.now() - t3 }
    console.log(
      `Warp a → b on the devnet: sendWarpMessage mined ${elapsed.send.toFixed(1)} ms, aggregate ${elapsed.aggregate.toFixed(1)} ms, delivered and verified ${elapsed.deliver.toFixed(1)} ms`,
    )
  })

  it('the aggregate methods refuse what the node refuses; a quorum over 100 has every validator sign', async () => {
    const unknown = encodeCb58(new Uint8Array(32).fill(7))
    expect((await call(a().rpcUrl, 'warp_getMessageAggregateSignature', [unknown, 67, ''])).error?.message).toBe('not found')
    expect((await call(a().rpcUrl, 'warp_getMessageAggregateSignature', [unknown, 67])).error?.message).toBe(
      'missing value for required argument 2',
    )
    const id = encodeCb58(Buffer.from(messageID.slice(2), 'hex'))
    expect((await call(a().rpcUrl, 'warp_getMessageAggregateSignature', [id, '0x43', ''])).error?.message).toBe(
      'invalid argument 1: json: cannot unmarshal string into Go value of type uint64',
    )
    expect((await call(a().rpcUrl, 'warp_getMessageAggregateSignature', [id, 67, 'nope'])).error?.message).toBe(
      'failed to parse subnetID: "nope"',
    )
    expect((await call(a().rpcUrl, 'warp_getMessageAggregateSignature', [id, 67, unknown])).error?.message).toBe(
      `cannot retrieve validator set: ${unknown} source subnet not found`,
    )
    // A block no validator knows: no signature, so the node returns the message unsigned (acp118 `newWarpMessage`).
    const unsigned = parseSignedWarpMessage(await ok(a().rpcUrl, 'warp_getBlockAggregateSignature', [unknown, 67, '']))
    expect(unsigned.signature).toEqual({ signers: '0x', signature: `0x${'00'.repeat(96)}` })
    const all = await ok(a().rpcUrl, 'warp_getMessageAggregateSignature', [id, 101, ''])
    expect(signerIndices(parseSignedWarpMessage(all).signature.signers)).toEqual([0, 1, 2, 3, 4])
    // Asked for a's message with b's subnet: b's validators sign it (3 of equal weight, 67%: all 3).
    const byB = await ok(a().rpcUrl, 'warp_getMessageAggregateSignature', [id, 67, b().subnetID])
    expect(signerIndices(parseSignedWarpMessage(byB).signature.signers)).toEqual([0, 1, 2])
  })

  it('eth_call and eth_estimateGas on b with the predicate: getVerifiedWarpMessage(0) is the message, valid', async () => {
    const data = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', args: [0] })
    const tx = { from: ADMIN, to: WARP, data, accessList: [warpPredicateAccessListEntry(signed)] }
    const result = await ok(b().rpcUrl, 'eth_call', [tx, 'latest'])
    const [message, valid] = decodeFunctionResult({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', data: result })
    expect(valid).toBe(true)
    expect(message.originSenderAddress.toLowerCase()).toBe(ADMIN.toLowerCase())
    expect(message.sourceChainID).toBe(hexOf(decodeCb58(a().blockchainID)))
    expect(message.payload).toBe(payload)
    // The estimate holds the predicate gas (Granite: 125,000 + 512 per chunk + 250 per signer).
    const chunks = BigInt(packPredicate(signed).length)
    const predicateGas = 125_000n + 512n * chunks + 250n * 4n
    const estimate = BigInt(await ok(b().rpcUrl, 'eth_estimateGas', [tx]))
    expect(estimate).toBeGreaterThanOrEqual(21_000n + calldataGas(data) + predicateGas + 750n + 512n * chunks)
    // Given less than the node's intrinsic gas: the node's refusal.
    const low = 21_000n + calldataGas(data) + predicateGas - 1n
    expect((await call(b().rpcUrl, 'eth_call', [{ ...tx, gas: `0x${low.toString(16)}` }, 'latest'])).error?.message).toBe(
      `err: intrinsic gas too low: have ${low}, want ${low + 1n} (supplied gas ${low})`,
    )
  })

  it('a transaction on b carrying it: verified, valid, the predicate gas charged and paid, its result in the header', async () => {
    const at = await receiver()
    const entry = warpPredicateAccessListEntry(signed)
    const before = BigInt(await ok(b().rpcUrl, 'eth_getBalance', [ADMIN, 'latest']))
    const receipt = await mined(b().rpcUrl, { to: at, data: take(0), accessList: [entry] })
    expect(receipt.status).toBe('0x1')
    expect(await read(at, 'valid')).toBe(true)
    expect(await read(at, 'payload')).toBe(payload)
    expect(((await read(at, 'sender')) as string).toLowerCase()).toBe(ADMIN.toLowerCase())
    expect(await read(at, 'sourceChainID')).toBe(hexOf(decodeCb58(a().blockchainID)))
    // The sender paid the gas the receipt reports, the predicate gas in it.
    const after = BigInt(await ok(b().rpcUrl, 'eth_getBalance', [ADMIN, 'latest']))
    expect(before - after).toBe(BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice))
    const chunks = BigInt(entry.storageKeys.length)
    expect(BigInt(receipt.gasUsed)).toBeGreaterThan(21_000n + 125_000n + 512n * chunks + 250n * 4n)
    const block = await ok(b().rpcUrl, 'eth_getBlockByHash', [receipt.blockHash, false])
    // The fee window (80 bytes), then BlockResults{tx: {warp: []}}: version, 1 entry, the hash, 1 address, empty bits.
    expect(block.extraData.slice(2 + 160)).toBe(oneResult(receipt.transactionHash, ''))
    expect(BigInt(block.gasUsed)).toBe(BigInt(receipt.gasUsed))
  })

  it('a direct call to the precompile, mined: gasUsed is the node’s intrinsic gas (predicate gas) plus the getter’s gas', async () => {
    const data = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', args: [0] })
    const entry = warpPredicateAccessListEntry(signed)
    const chunks = BigInt(entry.storageKeys.length)
    const node = 21_000n + calldataGas(data) + (125_000n + 512n * chunks + 250n * 4n) + (750n + 512n * chunks)
    const receipt = await mined(b().rpcUrl, { to: WARP, data, accessList: [entry], gas: '0x100000' })
    expect(receipt.status).toBe('0x1')
    console.log(`getVerifiedWarpMessage with a ${chunks}-chunk predicate, mined: gasUsed ${BigInt(receipt.gasUsed)}, the node's ${node}`)
    expect(BigInt(receipt.gasUsed)).toBeGreaterThanOrEqual(node)
  })

  it('a larger message (a 1,000-byte payload): the node’s per-chunk gas covers the stand-in’s reads, gasUsed exactly the node’s', async () => {
    const big = `0x${'ab'.repeat(1_000)}` as Hex
    const send = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'sendWarpMessage', args: [big] })
    const id = (await mined(a().rpcUrl, { to: WARP, data: send, gas: '0x200000' })).logs[0].topics[2] as string
    const bigSigned = await ok(a().rpcUrl, 'warp_getMessageAggregateSignature', [encodeCb58(Buffer.from(id.slice(2), 'hex')), 67, ''])
    const entry = warpPredicateAccessListEntry(bigSigned)
    const chunks = BigInt(entry.storageKeys.length)
    const data = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', args: [0] })
    const node = 21_000n + calldataGas(data) + (125_000n + 512n * chunks + 250n * 4n) + (750n + 512n * chunks)
    const receipt = await mined(b().rpcUrl, { to: WARP, data, accessList: [entry], gas: '0x100000' })
    expect(receipt.status).toBe('0x1')
    expect(BigInt(receipt.gasUsed)).toBe(node)
  })

  const deliveredInvalid = async (message: Hex) => {
    const at = await receiver()
    const receipt = await mined(b().rpcUrl, { to: at, data: take(0), accessList: [warpPredicateAccessListEntry(message)], gas: '0x100000' })
    expect(receipt.status).toBe('0x1')
    expect(await read(at, 'valid')).toBe(false)
    const block = await ok(b().rpcUrl, 'eth_getBlockByHash', [receipt.blockHash, false])
    expect(block.extraData.slice(2 + 160)).toBe(oneResult(receipt.transactionHash, '01'))
    const chunks = BigInt(packPredicate(message).length)
    const signers = BigInt(signerIndices(parseSignedWarpMessage(message).signature.signers).length)
    // The predicate gas is paid all the same.
    expect(BigInt(receipt.gasUsed)).toBeGreaterThan(21_000n + 125_000n + 512n * chunks + 250n * signers)
  }

  it('mined with valid = false and the predicate gas paid: too little weight', async () => {
    const message = parseSignedWarpMessage(signed)
    await deliveredInvalid(encodeSignedWarpMessage({ ...message, signature: { ...message.signature, signers: '0x01' } }))
  })

  it('mined with valid = false: a bad signature (another message’s)', async () => {
    const data = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'sendWarpMessage', args: ['0x01'] })
    const other = (await mined(a().rpcUrl, { to: WARP, data, gas: '0x100000' })).logs[0].topics[2] as Hex
    const otherSigned = parseSignedWarpMessage(
      await ok(a().rpcUrl, 'warp_getMessageAggregateSignature', [encodeCb58(Buffer.from(other.slice(2), 'hex')), 67, '']),
    )
    await deliveredInvalid(encodeSignedWarpMessage({ ...parseSignedWarpMessage(signed), signature: otherSigned.signature }))
  })

  it('mined with valid = false: a source chain the P-Chain does not know', async () => {
    await deliveredInvalid(encodeSignedWarpMessage({ ...parseSignedWarpMessage(signed), sourceChainID: `0x${'42'.repeat(32)}` }))
  })

  it('mined with valid = false: another network', async () => {
    await deliveredInvalid(encodeSignedWarpMessage({ ...parseSignedWarpMessage(signed), networkID: 1 }))
  })

  it('two predicates, the first failing: index 1 is valid, index 0 is not, the results bit 0 set', async () => {
    const bad = encodeSignedWarpMessage({ ...parseSignedWarpMessage(signed), networkID: 1 })
    const accessList = [warpPredicateAccessListEntry(bad), warpPredicateAccessListEntry(signed)]
    const at = await receiver()
    const second = await mined(b().rpcUrl, { to: at, data: take(1), accessList })
    expect(await read(at, 'valid')).toBe(true)
    expect(await read(at, 'payload')).toBe(payload)
    const first = await mined(b().rpcUrl, { to: at, data: take(0), accessList })
    expect(await read(at, 'valid')).toBe(false)
    for (const r of [first, second]) {
      const block = await ok(b().rpcUrl, 'eth_getBlockByHash', [r.blockHash, false])
      expect(block.extraData.slice(2 + 160)).toBe(oneResult(r.transactionHash, '01'))
    }
  })

  it('warp_getBlockAggregateSignature: a’s block hash delivered on b by getVerifiedWarpBlockHash', async () => {
    const head = await ok(a().rpcUrl, 'eth_getBlockByNumber', ['latest', false])
    const blockID = encodeCb58(Buffer.from(head.hash.slice(2), 'hex'))
    const signedBlock = await ok(a().rpcUrl, 'warp_getBlockAggregateSignature', [blockID, 67, ''])
    expect(parseSignedWarpMessage(signedBlock).payload).toBe(encodeWarpPayload({ type: 'hash', hash: head.hash }))
    const at = await receiver()
    const receipt = await mined(b().rpcUrl, { to: at, data: take(0, 'takeBlock'), accessList: [warpPredicateAccessListEntry(signedBlock)] })
    expect(receipt.status).toBe('0x1')
    expect(await read(at, 'valid')).toBe(true)
    expect(await read(at, 'blockHash')).toBe(head.hash)
    expect(await read(at, 'sourceChainID')).toBe(hexOf(decodeCb58(a().blockchainID)))
    // The message getter on a block hash payload fails as the node's does.
    const data = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', args: [0] })
    const reply = await call(b().rpcUrl, 'eth_call', [
      { from: ADMIN, to: WARP, data, accessList: [warpPredicateAccessListEntry(signedBlock)] },
      'latest',
    ])
    expect(reply.error?.message).toBe('cannot unpack addressed payload: wrong payload type: *payload.Hash')
  })

  it('several predicate transactions in one block (automine off): each reads its own, from two senders, twice from one, none without', async () => {
    const bad = encodeSignedWarpMessage({ ...parseSignedWarpMessage(signed), networkID: 1 })
    const receivers = [await receiver(), await receiver(), await receiver(), await receiver()]
    await ok(b().rpcUrl, 'evm_setAutomine', [false])
    try {
      const sends = [
        { from: ADMIN, to: receivers[0], data: take(0), accessList: [warpPredicateAccessListEntry(signed)], gas: '0x100000' },
        { from: ADMIN, to: receivers[1], data: take(0), accessList: [warpPredicateAccessListEntry(bad)], gas: '0x100000' },
        { from: SECOND, to: receivers[2], data: take(0), accessList: [warpPredicateAccessListEntry(signed)], gas: '0x100000' },
        // No predicate, from a sender whose other transactions in the block carry some: index 0 is none.
        { from: ADMIN, to: receivers[3], data: take(0), gas: '0x100000' },
      ]
      const hashes: string[] = []
      for (const tx of sends) hashes.push(await ok(b().rpcUrl, 'eth_sendTransaction', [tx]))
      await ok(b().rpcUrl, 'evm_mine', [])
      const receipts = await Promise.all(hashes.map((h) => ok(b().rpcUrl, 'eth_getTransactionReceipt', [h])))
      expect(new Set(receipts.map((r) => r.blockNumber)).size).toBe(1)
      expect(await read(receivers[0]!, 'valid')).toBe(true)
      expect(await read(receivers[1]!, 'valid')).toBe(false)
      expect(await read(receivers[2]!, 'valid')).toBe(true)
      expect(await read(receivers[3]!, 'valid')).toBe(false)
      // The block's results: the three transactions, sorted by hash, the second one's bit set.
      const block = await ok(b().rpcUrl, 'eth_getBlockByHash', [receipts[0].blockHash, false])
      const entries = hashes
        .slice(0, 3)
        .map((h, i) => ({ h, bits: i === 1 ? '01' : '' }))
        .sort((x, y) => (x.h < y.h ? -1 : 1))
        .map(({ h, bits }) => `${h.slice(2)}00000001${WARP.slice(2)}${(bits.length / 2).toString(16).padStart(8, '0')}${bits}`)
      expect(block.extraData.slice(2 + 160)).toBe(`000000000003${entries.join('')}`)
    } finally {
      await ok(b().rpcUrl, 'evm_setAutomine', [true])
    }
  })

  // core/predicate_check_test.go `TestCheckTxPredicates`, the cases with one predicater (Warp is the only one a
  // Subnet-EVM chain has): the access list's Warp entries verified, the failed ones' bits in the block's results.
  // Not translated: the two-address cases (a second predicater), `invalid_intrinsic_gas` (a mocked predicate gas of
  // 2^64 - 1, beyond Warp's), the nil block and predicate contexts (the node's own wiring).
  const checkTxPredicates: [name: string, entries: ('valid' | 'invalid' | 'other')[], bits: string | undefined][] = [
    ['no_predicates', [], undefined],
    ['filtered_predicates', ['other'], undefined],
    ['one_address_one_predicate', ['valid'], ''],
    ['one_address_one_invalid_predicate', ['invalid'], '01'],
    ['one_address_two_invalid_predicates', ['invalid', 'invalid'], '03'],
    ['one_address_two_mixed_predicates', ['valid', 'invalid'], '02'],
    ['one_address_mixed_predicates', ['valid', 'invalid', 'invalid', 'valid'], '06'],
  ]
  for (const [name, entries, bits] of checkTxPredicates) {
    it(`predicate_check_test.go ${name}: the block's results${bits === undefined ? ' leave the transaction out' : ` are 0x${bits}`}`, async () => {
      const invalid = encodeSignedWarpMessage({ ...parseSignedWarpMessage(signed), networkID: 1 })
      const accessList = entries.map((e) =>
        e === 'other'
          ? { address: ADMIN, storageKeys: packPredicate(signed) }
          : warpPredicateAccessListEntry(e === 'valid' ? signed : invalid),
      )
      const data = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', args: [0] })
      const receipt = await mined(b().rpcUrl, { to: WARP, data, accessList, gas: '0x200000' })
      expect(receipt.status).toBe('0x1')
      const block = await ok(b().rpcUrl, 'eth_getBlockByHash', [receipt.blockHash, false])
      expect(block.extraData.slice(2 + 160)).toBe(bits === undefined ? '000000000000' : oneResult(receipt.transactionHash, bits))
    })
  }

  it('predicate_check_test.go insufficient_intrinsic_gas: refused before the pool', async () => {
    const data = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', args: [0] })
    const entry = warpPredicateAccessListEntry(signed)
    const intrinsic = 21_000n + calldataGas(data) + 125_000n + 512n * BigInt(entry.storageKeys.length) + 250n * 4n
    const gas = intrinsic - 1n
    const reply = await call(b().rpcUrl, 'eth_sendTransaction', [
      { from: ADMIN, to: WARP, data, accessList: [entry], gas: `0x${gas.toString(16)}` },
    ])
    expect(reply.error).toEqual({
      code: -32000,
      message: `intrinsic gas too low: address ${ADMIN} tx gas (${gas}), minimum needed ${intrinsic}`,
    })
  })

  it('refused before the pool with PredicateGas’s text: a wrong delimiter, an invalid signer bitset', async () => {
    const chunks = packPredicate(signed)
    const last = chunks[chunks.length - 1]!
    // The delimiter 0xff replaced by 0xfe.
    const broken = [...chunks.slice(0, -1), last.replace(/ff(0*)$/, 'fe$1') as Hex]
    const send = (storageKeys: Hex[]) =>
      call(b().rpcUrl, 'eth_sendTransaction', [{ from: ADMIN, to: ADMIN, gas: '0x100000', accessList: [{ address: WARP, storageKeys }] }])
    expect((await send(broken)).error).toEqual({ code: -32000, message: 'cannot unpack predicate bytes: wrong delimiter' })
    const message = parseSignedWarpMessage(signed)
    const leadingZero = encodeSignedWarpMessage({ ...message, signature: { ...message.signature, signers: '0x000f' } })
    expect((await send(packPredicate(leadingZero))).error).toEqual({
      code: -32000,
      message: 'cannot fetch num signers from warp message: bitset is invalid',
    })
    // eth_call and eth_estimateGas refuse it as IntrinsicGas fails there.
    const tx = { from: ADMIN, to: ADMIN, gas: '0x100000', accessList: [{ address: WARP, storageKeys: broken }] }
    expect((await call(b().rpcUrl, 'eth_call', [tx, 'latest'])).error?.message).toBe(
      'err: cannot unpack predicate bytes: wrong delimiter (supplied gas 1048576)',
    )
    expect((await call(b().rpcUrl, 'eth_estimateGas', [tx])).error?.message).toBe('cannot unpack predicate bytes: wrong delimiter')
  })
})

describe('Warp on one L1 before Granite: a message of its own, delivered to itself', { timeout: 60_000 }, () => {
  const devnet = useDevnet({
    genesis: tableGenesis(
      43_403,
      { warpConfig: { blockTimestamp: T0, quorumNumerator: 67 } },
      { durangoTimestamp: 0, etnaTimestamp: 0, graniteTimestamp: LATER, heliconTimestamp: LATER },
    ),
  })
  const admin = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
  const call = async (method: string, params: unknown[]): Promise<Reply> =>
    JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply
  const ok = async (method: string, params: unknown[]) => {
    const reply = await call(method, params)
    expect(reply.error, JSON.stringify(reply.error)).toBeUndefined()
    return reply.result
  }

  it('a raw transaction reading it: valid, and gasUsed exactly the node’s (predicate gas + 2 + 3,200 per chunk)', async () => {
    const send = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'sendWarpMessage', args: ['0xabcdef'] })
    const sent = await ok('eth_sendTransaction', [{ from: ADMIN, to: WARP, data: send, gas: '0x100000' }])
    const id = (await ok('eth_getTransactionReceipt', [sent])).logs[0].topics[2] as string
    const signed = await ok('warp_getMessageAggregateSignature', [encodeCb58(Buffer.from(id.slice(2), 'hex')), 67, ''])
    const message = parseSignedWarpMessage(signed)
    expect(message.sourceChainID).toBe(hexOf(decodeCb58(devnet().blockchainID)))
    const signers = BigInt(signerIndices(message.signature.signers).length)
    const entry = warpPredicateAccessListEntry(signed)
    const chunks = BigInt(entry.storageKeys.length)
    const data = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', args: [0] })
    const node = 21_000n + calldataGas(data) + (200_000n + 3_200n * chunks + 500n * signers) + (2n + 3_200n * chunks)
    // eth_call given exactly the node's gas answers the message; one gas less runs out.
    const tx = { from: ADMIN, to: WARP, data, accessList: [entry] }
    const answer = await ok('eth_call', [{ ...tx, gas: `0x${node.toString(16)}` }, 'latest'])
    expect(decodeFunctionResult({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', data: answer })[1]).toBe(true)
    expect((await call('eth_call', [{ ...tx, gas: `0x${(node - 1n).toString(16)}` }, 'latest'])).error).toEqual({
      code: -32000,
      message: 'out of gas',
    })
    const [nonce, fees] = await Promise.all([ok('eth_getTransactionCount', [ADMIN, 'latest']), ok('eth_baseFee', [])])
    const raw = await admin.signTransaction({
      chainId: 43_403,
      type: 'eip1559',
      nonce: Number(nonce),
      to: WARP,
      data,
      gas: 400_000n,
      maxFeePerGas: BigInt(fees) * 2n,
      maxPriorityFeePerGas: 1n,
      accessList: [entry],
    })
    const receipt = await ok('eth_getTransactionReceipt', [await ok('eth_sendRawTransaction', [raw])])
    expect(receipt.status).toBe('0x1')
    expect(BigInt(receipt.gasUsed)).toBe(node)
    // A raw transaction with too little gas for the node's intrinsic gas is refused by the pool.
    const low = await admin.signTransaction({
      chainId: 43_403,
      type: 'eip1559',
      nonce: Number(nonce) + 1,
      to: WARP,
      data,
      gas: 100_000n,
      maxFeePerGas: BigInt(fees) * 2n,
      maxPriorityFeePerGas: 1n,
      accessList: [entry],
    })
    const intrinsic = node - (2n + 3_200n * chunks)
    expect((await call('eth_sendRawTransaction', [low])).error).toEqual({
      code: -32000,
      message: `intrinsic gas too low: address ${ADMIN} tx gas (100000), minimum needed ${intrinsic}`,
    })
  })
})
