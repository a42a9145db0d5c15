/**
 * The Warp client's pure parts: the Warp API table's params (IDs as CB58, the quorum as a JSON number) and its
 * decoders (a reply that is not a signature or message is a ResponseShapeError), the canonical validator order of
 * snow/validators/warp.go `FlattenValidatorSet` (checked against sorting the uncompressed key bytes, as Go does),
 * the TypeScript aggregation against @noble/curves' own verification of the aggregate, and the typed refusals
 * made before any request. Requests to a real devnet are test/devnet/warp-client.test.ts.
 */
import { bls12_381 } from '@noble/curves/bls12-381'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { encodeCb58 } from '../../src/core/cb58.js'
import * as table from '../../src/core/methods/warp.js'
import {
  aggregateWarpSignatures,
  bytesToHex,
  canonicalWarpValidators,
  checkWarpWeight,
  encodeUnsignedWarpMessage,
  encodeWarpPayload,
  signerIndices,
  warpMessagesOfLogs,
  warpPredicateAccessList,
  warpSignedWeight,
  type UnsignedWarpMessage,
} from '../../src/warp.js'
import { deliverWarp, sendWarpMessageTopic } from '../../src/core/warp/deliver.js'
import {
  BlsLibraryError,
  InvalidArgumentError,
  ResponseShapeError,
  WarpMessageNotFoundError,
  WarpNetworkError,
  WarpQuorumError,
  WarpWeightError,
} from '../../src/index.js'

type Hex = `0x${string}`
const DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'
const WARP = '0x0200000000000000000000000000000000000005'

const keys = Array.from({ length: 6 }, (_, i) => {
  const secretKey = new Uint8Array(32)
  secretKey[31] = i + 1
  secretKey[0] = 0x11 * (i + 1)
  const point = bls12_381.G1.ProjectivePoint.fromPrivateKey(secretKey)
  return { secretKey, compressed: bytesToHex(point.toRawBytes(true)), uncompressed: bytesToHex(point.toRawBytes(false)) }
})
const message: UnsignedWarpMessage = {
  networkID: 12345,
  sourceChainID: `0x${'ab'.repeat(32)}`,
  payload: encodeWarpPayload({ type: 'addressedCall', sourceAddress: `0x${'cd'.repeat(20)}`, payload: '0x1234' }),
}
const unsigned = encodeUnsignedWarpMessage(message)
const sign = (secretKey: Uint8Array) => bytesToHex(bls12_381.sign(unsigned.slice(2), secretKey, { DST }))

describe('the Warp API table', () => {
  const id = `0x${'07'.repeat(32)}` as const
  const cb58 = encodeCb58(new Uint8Array(32).fill(7))

  it('sends IDs as CB58 (ids.ID), from hex or CB58, and the aggregate methods’ quorum and subnet as the node reads them', () => {
    expect(table.getWarpMessage.encode({ messageID: id })).toEqual([cb58])
    expect(table.getWarpBlockSignature.encode({ blockID: cb58 })).toEqual([cb58])
    expect(table.getWarpMessageAggregateSignature.encode({ messageID: id })).toEqual([cb58, 67, ''])
    const subnetID = encodeCb58(new Uint8Array(32).fill(1))
    expect(table.getWarpBlockAggregateSignature.encode({ blockID: id, quorumNum: 100n, subnetID })).toEqual([cb58, 100, subnetID])
  })

  it('refuses a bad ID or quorum before any request', () => {
    expect(() => table.getWarpMessage.encode({ messageID: '0x1234' })).toThrow(InvalidArgumentError)
    expect(() => table.getWarpMessage.encode({ messageID: '11111111111111111111111111111111LpoYZ' })).toThrow(InvalidArgumentError)
    for (const quorumNum of [32, 101, 67.5, -1n])
      expect(() => table.getWarpMessageAggregateSignature.encode({ messageID: id, quorumNum })).toThrow(WarpQuorumError)
    expect(() => table.getWarpMessageAggregateSignature.encode({ messageID: id, subnetID: 'nope' })).toThrow(InvalidArgumentError)
  })

  it('decodes signatures and messages losslessly, and a reply that is not one is a ResponseShapeError', () => {
    const sig = `0x${'AB'.repeat(96)}`
    expect(table.getWarpMessageSignature.decode(sig)).toBe(sig.toLowerCase())
    expect(table.getWarpMessage.decode(unsigned)).toEqual(message)
    for (const bad of [`0x${'ab'.repeat(95)}`, 'ab'.repeat(96), null, 7])
      expect(() => table.getWarpBlockSignature.decode(bad)).toThrow(ResponseShapeError)
    expect(() => table.getWarpMessage.decode(`${unsigned}00`)).toThrow(/warp_getMessage at \$: expected an unsigned Warp message/)
    expect(() => table.getWarpMessageAggregateSignature.decode(unsigned)).toThrow(ResponseShapeError)
  })
})

describe('canonical validator sets (FlattenValidatorSet)', () => {
  it('orders keys by their uncompressed bytes, whether given compressed or uncompressed, and merges shared keys', () => {
    const given = keys.map((k, i) => ({ publicKey: i % 2 ? k.compressed : k.uncompressed, weight: BigInt(i + 1) }))
    const set = canonicalWarpValidators([...given, { publicKey: keys[2]!.compressed, weight: 10n }])
    const expected = [...keys].sort((a, b) => (a.uncompressed < b.uncompressed ? -1 : 1)).map((k) => k.uncompressed)
    expect(set.validators.map((v) => bls12_381.G1.ProjectivePoint.fromHex(v.publicKey.slice(2)).toHex(false))).toEqual(
      expected.map((h) => h.slice(2)),
    )
    expect(set.totalWeight).toBe(31n)
    expect(set.validators.find((v) => v.sources.includes(2))).toMatchObject({ weight: 13n, sources: [2, 6] })
  })

  it('tells apart the two keys of one x (the sign flag), as the uncompressed y does', () => {
    const p = bls12_381.G1.ProjectivePoint.fromPrivateKey(keys[0]!.secretKey)
    const [a, b] = [p, p.negate()].map((q) => ({ c: bytesToHex(q.toRawBytes(true)), u: bytesToHex(q.toRawBytes(false)) }))
    const order = canonicalWarpValidators([
      { publicKey: a!.c, weight: 1n },
      { publicKey: b!.c, weight: 2n },
    ]).validators.map((v) => v.weight)
    expect(order).toEqual(a!.u < b!.u ? [1n, 2n] : [2n, 1n])
  })

  it('refuses what is not a set', () => {
    expect(() => canonicalWarpValidators([])).toThrow(InvalidArgumentError)
    expect(() => canonicalWarpValidators([{ publicKey: '0x1234', weight: 1n }])).toThrow(/validators\[0\]\.publicKey/)
    expect(() => canonicalWarpValidators([{ publicKey: keys[0]!.compressed, weight: -1n }])).toThrow(/validators\[0\]\.weight/)
  })
})

describe('aggregateWarpSignatures', () => {
  const validators = keys.slice(0, 4).map((k, i) => ({ publicKey: k.compressed, weight: [40n, 30n, 20n, 10n][i]!, secretKey: k.secretKey }))

  it('aggregates the signers at their canonical indices into a signature that verifies under their keys', async () => {
    const signing = [0, 2, 3]
    const signed = await aggregateWarpSignatures({
      message: unsigned,
      validators: validators.map((v, i) => ({
        publicKey: v.publicKey,
        weight: v.weight,
        signature: signing.includes(i) ? sign(v.secretKey) : undefined,
      })),
    })
    expect({ ...signed, signature: undefined }).toEqual({ ...message, signature: undefined })
    const set = canonicalWarpValidators(validators)
    const signers = signerIndices(signed.signature.signers).map((i) => set.validators[i]!)
    expect(signers.map((v) => v.sources[0]).sort()).toEqual(signing)
    expect(warpSignedWeight(signed, set)).toBe(70n)
    const aggregateKey = bls12_381.aggregatePublicKeys(signers.map((v) => v.publicKey.slice(2)))
    expect(bls12_381.verify(signed.signature.signature.slice(2), unsigned.slice(2), aggregateKey, { DST })).toBe(true)
  })

  it('refuses a weight short of the quorum (WarpWeightError with the node’s figures), a bad signature, a bad quorum', async () => {
    const only = (indices: number[], quorumNum?: number) =>
      aggregateWarpSignatures({
        message,
        quorumNum,
        validators: validators.map((v, i) => ({ ...v, signature: indices.includes(i) ? sign(v.secretKey) : undefined })),
      })
    const short = await only([0, 3]).catch((e: unknown) => e)
    expect(short).toBeInstanceOf(WarpWeightError)
    expect(short).toMatchObject({ signedWeight: 50n, totalWeight: 100n, quorumNum: 67n, quorumDen: 100n })
    expect((short as Error).message).toContain('signature weight is insufficient: 67*100 > 100*50')
    await expect(only([0, 3], 50)).resolves.toMatchObject({ networkID: 12345 })
    await expect(only([0], 20)).rejects.toBeInstanceOf(WarpQuorumError)
    await expect(
      aggregateWarpSignatures({ message, validators: [{ ...validators[0]!, signature: sign(validators[1]!.secretKey) }] }),
    ).rejects.toThrow(/validators\[0\]\.signature/)
  })

  it('without @noble/curves, rejects with BlsLibraryError saying what to install', async () => {
    vi.resetModules()
    vi.doMock('@noble/curves/bls12-381', () => {
      throw Object.assign(new Error("Cannot find package '@noble/curves'"), { code: 'ERR_MODULE_NOT_FOUND' })
    })
    const { aggregateWarpSignatures: fresh } = await import('../../src/core/warp/aggregate.js')
    const { BlsLibraryError: FreshError } = await import('../../src/errors/warp.js')
    const error = await fresh({
      message,
      validators: [{ publicKey: keys[0]!.compressed, weight: 1n, signature: sign(keys[0]!.secretKey) }],
    }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(FreshError)
    expect((error as Error).message).toContain('npm i @noble/curves')
  })
  afterEach(() => {
    vi.doUnmock('@noble/curves/bls12-381')
  })
})

describe('delivery, before any request and with a host that records', () => {
  const id = `0x${'07'.repeat(32)}` as Hex
  const to = `0x${'11'.repeat(20)}` as Hex
  // ABI encoding of the one `bytes` of SendWarpMessage's data: offset 0x20, length, the bytes padded.
  const word = (n: number) => n.toString(16).padStart(64, '0')
  const body = unsigned.slice(2)
  const logData = `0x${word(32)}${word(body.length / 2)}${body.padEnd(Math.ceil(body.length / 64) * 64, '0')}`
  const signedBytes = (signers: Hex) => ({ ...message, signature: { signers, signature: `0x${'00'.repeat(96)}` as Hex } })

  const host = (over: Partial<Parameters<typeof deliverWarp>[0]> = {}) => {
    const sent: unknown[] = []
    const requests: unknown[] = []
    return {
      sent,
      requests,
      host: {
        source: async (r: { method: string; params: unknown }) => {
          requests.push(r)
          const { encodeSignedWarpMessage } = await import('../../src/core/warp/codec.js')
          return encodeSignedWarpMessage(signedBytes('0x03'))
        },
        sourceLogs: async () => [
          { address: WARP, topics: [sendWarpMessageTopic, `0x${'00'.repeat(32)}`, id], data: logData },
          { address: to, topics: [sendWarpMessageTopic, `0x${'00'.repeat(32)}`, `0x${'09'.repeat(32)}`], data: logData },
        ],
        destinationNetworkID: async () => 12345,
        send: async (tx: unknown) => {
          sent.push(tx)
          return `0x${'ee'.repeat(32)}` as Hex
        },
        ...over,
      },
    }
  }

  it('finds the Warp precompile’s SendWarpMessage logs, aggregates each, and puts the predicates first', async () => {
    const h = host()
    const extra = { address: to, storageKeys: [] }
    await expect(deliverWarp(h.host, { hash: id, to, data: '0xabcd', accessList: [extra] })).resolves.toBe(`0x${'ee'.repeat(32)}`)
    expect(h.requests).toEqual([{ method: 'warp_getMessageAggregateSignature', params: [encodeCb58(new Uint8Array(32).fill(7)), 67, ''] }])
    expect(h.sent).toEqual([
      { to, data: '0xabcd', value: undefined, gas: undefined, accessList: [...warpPredicateAccessList([signedBytes('0x03')]), extra] },
    ])
    expect(
      warpMessagesOfLogs([{ address: WARP.toUpperCase().replace('0X', '0x'), topics: [sendWarpMessageTopic, '0x', id], data: logData }]),
    ).toEqual([{ id, message }])
  })

  it('refuses bad input before any request, and names what is wrong with the message', async () => {
    const h = host()
    await expect(deliverWarp(h.host, { to })).rejects.toThrow(InvalidArgumentError)
    await expect(deliverWarp(h.host, { hash: id, messageID: id, to })).rejects.toThrow(InvalidArgumentError)
    await expect(deliverWarp(h.host, { hash: id, to: '0x12' })).rejects.toThrow(/Invalid to/)
    await expect(deliverWarp(h.host, { hash: id, to, quorumNum: 0 })).rejects.toThrow(WarpQuorumError)
    expect(h.requests).toEqual([])
    await expect(deliverWarp(host({ sourceLogs: async () => null }).host, { hash: id, to })).rejects.toThrow(WarpMessageNotFoundError)
    await expect(deliverWarp(host({ sourceLogs: async () => [] }).host, { hash: id, to })).rejects.toThrow(WarpMessageNotFoundError)
    const wrong = host({ destinationNetworkID: async () => 1 })
    await expect(deliverWarp(wrong.host, { hash: id, to })).rejects.toBeInstanceOf(WarpNetworkError)
    // Refused from the logged message alone: the source node was not asked to aggregate.
    expect(wrong.requests).toEqual([])
    const validators = keys.slice(0, 3).map((k) => ({ publicKey: k.compressed, weight: 10n }))
    // Signers 0 and 1 of three equal validators: 20 of 30 is short of 67%.
    await expect(deliverWarp(host().host, { hash: id, to, validators })).rejects.toBeInstanceOf(WarpWeightError)
    await expect(deliverWarp(host().host, { hash: id, to, validators, quorumNum: 66 })).resolves.toMatch(/^0x/)
    expect(() => checkWarpWeight(67n, 100n)).not.toThrow()
    expect(() => checkWarpWeight(66n, 100n)).toThrow(WarpWeightError)
  })

  it('BlsLibraryError is one of ours', () => {
    expect(new BlsLibraryError()).toMatchObject({ name: 'BlsLibraryError' })
  })
})
