/**
 * The Warp codec against avalanchego's own cases: vms/evm/predicate/predicate_test.go (`TestNew`,
 * `TestPredicateBytes`, the two fuzz round trips), vms/platformvm/warp/payload/payload_test.go, and the
 * linear codec's refusals with their texts (codec/manager.go, codec/reflectcodec/type_codec.go).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { WarpFormatError } from '../../src/errors/warp.js'
import {
  bytesToHex,
  encodeSignedWarpMessage,
  encodeUnsignedWarpMessage,
  encodeWarpPayload,
  parseSignedWarpMessage,
  parseUnsignedWarpMessage,
  parseWarpPayload,
  signerIndices,
  signersBitset,
  verifyWarpWeight,
  warpMessageID,
} from '../../src/core/warp/codec.js'
import {
  packPredicate,
  unpackPredicate,
  warpPredicateAccessListEntry,
  warpPredicateGas,
  warpPredicateGasConfig,
} from '../../src/core/warp/predicate.js'

type Hex = `0x${string}`
const hex = (bytes: number[]) => bytesToHex(Uint8Array.from(bytes))
const chunk = (...head: number[]): Hex => hex([...head, ...new Array(32 - head.length).fill(0)])
const repeat = (b: number, n: number) => new Array(n).fill(b) as number[]
const reason = (fn: () => unknown) => {
  try {
    fn()
  } catch (e) {
    if (e instanceof WarpFormatError) return e.reason
    throw e
  }
  throw new Error('did not throw')
}

describe('predicate packing (predicate_test.go TestNew)', () => {
  it.each([
    ['empty_predicate', [], [chunk(0xff)]],
    ['single_byte', [0x42], [chunk(0x42, 0xff)]],
    ['31_bytes', repeat(0, 31), [chunk(...repeat(0, 31), 0xff)]],
    ['32_bytes', repeat(0, 32), [chunk(), chunk(0xff)]],
    [
      '40_bytes',
      Array.from({ length: 40 }, (_, i) => (i >> 3) * 0x10 + (i & 7)),
      [hex(Array.from({ length: 32 }, (_, i) => (i >> 3) * 0x10 + (i & 7))), chunk(0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47, 0xff)],
    ],
  ] as const)('%s', (_, input, want) => {
    expect(packPredicate(Uint8Array.from(input))).toEqual(want)
  })
})

describe('predicate unpacking (predicate_test.go TestPredicateBytes)', () => {
  it.each([0, 1, 31, 32, 33, 48, 63, 64, 65])('%d bytes round-trip', (n) => {
    const bytes = hex(repeat(n === 48 ? 0 : 0xdd, n))
    expect(unpackPredicate(packPredicate(bytes))).toBe(bytes)
  })
  it('refuses with the node texts', () => {
    expect(reason(() => unpackPredicate([]))).toBe('no delimiter found: length (0)')
    expect(reason(() => unpackPredicate([chunk()]))).toBe('no delimiter found: length (1)')
    expect(reason(() => unpackPredicate([chunk(0x42)]))).toBe('wrong delimiter')
    expect(reason(() => unpackPredicate([chunk(0xff), chunk()]))).toBe(
      'predicate included excess padding: got length (2), expected length (1)',
    )
  })
  it('New then Bytes is the identity, and Bytes then New too when Bytes accepts (the fuzz targets)', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (input) => {
        expect(unpackPredicate(packPredicate(input))).toBe(bytesToHex(input))
      }),
    )
    fc.assert(
      fc.property(fc.array(fc.uint8Array({ minLength: 32, maxLength: 32 }), { maxLength: 5 }), (chunks) => {
        let unpacked: Hex
        try {
          unpacked = unpackPredicate(chunks)
        } catch {
          return
        }
        expect(packPredicate(unpacked)).toEqual(chunks.map(bytesToHex))
      }),
    )
  })
})

const chainA: Hex = `0x${'11'.repeat(32)}`
const sig: Hex = `0x${'ab'.repeat(96)}`

describe('messages and payloads', () => {
  it('writes the linear codec layout: version, networkID, sourceChainID, payload, then the signature', () => {
    const unsigned = encodeUnsignedWarpMessage({ networkID: 1337, sourceChainID: chainA, payload: '0xc0de' })
    expect(unsigned).toBe(`0x0000${'00000539'}${'11'.repeat(32)}00000002c0de`)
    const signed = encodeSignedWarpMessage({
      networkID: 1337,
      sourceChainID: chainA,
      payload: '0xc0de',
      signature: { signers: '0x05', signature: sig },
    })
    expect(signed).toBe(`${unsigned}${'00000000'}0000000105${'ab'.repeat(96)}`)
    expect(parseSignedWarpMessage(signed)).toEqual({
      networkID: 1337,
      sourceChainID: chainA,
      payload: '0xc0de',
      signature: { signers: '0x05', signature: sig },
    })
    expect(parseUnsignedWarpMessage(unsigned).payload).toBe('0xc0de')
    expect(warpMessageID(unsigned)).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('payloads (payload_test.go TestParse, TestParseJunk)', () => {
    const hash = encodeWarpPayload({ type: 'hash', hash: `0x0405060000000000000000000000000000000000000000000000000000000000` })
    expect(hash.slice(0, 14)).toBe('0x000000000000')
    expect(parseWarpPayload(hash)).toEqual({ type: 'hash', hash: `0x04050600${'00'.repeat(28)}` })
    const call = { type: 'addressedCall', sourceAddress: `0x010203${'00'.repeat(13)}`, payload: '0x0a0b0c' } as const
    expect(parseWarpPayload(encodeWarpPayload(call))).toEqual(call)
    expect(reason(() => parseWarpPayload('0x1122334455667788'))).toBe('unknown codec version')
    expect(reason(() => parseWarpPayload(`0x0000${'00000002'}`))).toBe("couldn't unmarshal interface: unknown type ID 2")
    expect(reason(() => parseWarpPayload(`0x${'00'.repeat(24 * 1024 + 1)}`))).toBe('byte array exceeds maximum length: 24577 > 24576')
  })

  it('refuses malformed messages with the codec texts', () => {
    expect(reason(() => parseSignedWarpMessage('0x00'))).toBe("couldn't unpack codec version")
    expect(reason(() => parseSignedWarpMessage('0x000000'))).toBe("couldn't unmarshal uint32: packer has insufficient length for input")
    expect(reason(() => parseSignedWarpMessage(`0x0000${'00000001'}${'11'.repeat(31)}`))).toBe('packer has insufficient length for input')
    const unsigned = encodeUnsignedWarpMessage({ networkID: 1, sourceChainID: chainA, payload: '0x' })
    expect(reason(() => parseSignedWarpMessage(unsigned))).toBe("couldn't unmarshal interface: packer has insufficient length for input")
    expect(reason(() => parseSignedWarpMessage(`${unsigned}00000001`))).toBe("couldn't unmarshal interface: unknown type ID 1")
    expect(reason(() => parseSignedWarpMessage(`${unsigned}00000000ffffffff`))).toBe(
      'max slice length exceeded; array length, 4294967295, exceeds maximum length, 2147483647',
    )
    expect(reason(() => parseUnsignedWarpMessage(`${unsigned}00`))).toBe('trailing buffer space: read 42 provided 43')
  })
})

describe('signers and weight', () => {
  it('bitsets as set.Bits writes them', () => {
    expect(signersBitset([])).toBe('0x')
    expect(signersBitset([0, 1, 9])).toBe('0x0203')
    expect(signerIndices('0x0203')).toEqual([0, 1, 9])
    expect(reason(() => signerIndices('0x0001'))).toBe('bitset is invalid')
    fc.assert(
      fc.property(fc.uniqueArray(fc.nat(300)), (indices) => {
        expect(signerIndices(signersBitset(indices))).toEqual([...indices].sort((a, b) => a - b))
      }),
    )
  })
  it('VerifyWeight: quorumNum * total <= quorumDen * signed', () => {
    expect(() => verifyWarpWeight(67n, 100n, 67n, 100n)).not.toThrow()
    expect(reason(() => verifyWarpWeight(66n, 100n, 67n, 100n))).toBe('signature weight is insufficient: 67*100 > 100*66')
  })
})

describe('predicate gas and access list', () => {
  const payload = encodeWarpPayload({ type: 'hash', hash: `0x${'22'.repeat(32)}` })
  const signed = encodeSignedWarpMessage({
    networkID: 1337,
    sourceChainID: chainA,
    payload,
    signature: { signers: '0x07', signature: sig },
  })
  it('charges base + chunks + signers (warp/config.go PredicateGas)', () => {
    const chunks = packPredicate(signed)
    expect(chunks.length).toBe(Math.floor((signed.length - 2) / 2 / 32) + 1)
    expect(warpPredicateGas(chunks, warpPredicateGasConfig(true))).toBe(125_000n + 512n * BigInt(chunks.length) + 750n)
    expect(warpPredicateGas(chunks, warpPredicateGasConfig(false))).toBe(200_000n + 3_200n * BigInt(chunks.length) + 1_500n)
    expect(warpPredicateAccessListEntry(signed)).toEqual({
      address: '0x0200000000000000000000000000000000000005',
      storageKeys: chunks,
    })
  })
  it('refuses a malformed predicate with the stage prefix', () => {
    const gas = warpPredicateGasConfig(true)
    expect(reason(() => warpPredicateGas([chunk(0x42)], gas))).toBe('cannot unpack predicate bytes: wrong delimiter')
    expect(reason(() => warpPredicateGas(packPredicate('0x1122'), gas))).toBe('cannot unpack warp message: unknown codec version')
    const badPayload = encodeSignedWarpMessage({
      networkID: 1,
      sourceChainID: chainA,
      payload: '0x01',
      signature: { signers: '0x01', signature: sig },
    })
    expect(reason(() => warpPredicateGas(packPredicate(badPayload), gas))).toBe(
      "cannot unpack warp message payload: couldn't unpack codec version",
    )
    const badBits = encodeSignedWarpMessage({
      networkID: 1,
      sourceChainID: chainA,
      payload,
      signature: { signers: '0x0001', signature: sig },
    })
    expect(reason(() => warpPredicateGas(packPredicate(badBits), gas))).toBe(
      'cannot fetch num signers from warp message: bitset is invalid',
    )
  })
})
