import { describe, it, expect } from 'vitest'
import { bytesToHex, hexToBytes } from '@noble/hashes/utils'
import { decodeCb58, encodeCb58, encodeNodeId, idFromString, isNodeId, parseNodeId } from '../../src/core/cb58.js'

const padded = (name: string, size: number): Uint8Array => {
  const out = new Uint8Array(size)
  out.set(new TextEncoder().encode(name))
  return out
}

describe('encodeCb58 / decodeCb58', () => {
  // Vectors from avalanchego's own tests (utils/cb58, ids, utils/crypto/secp256k1).
  const vectors: Array<[string, Uint8Array]> = [
    ['11111111111111111111111111111111LpoYY', new Uint8Array(32)],
    ['1NVSVezva3bAtJesnUj', new Uint8Array([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 255])],
    ['1c7hwa', new Uint8Array([0])],
    ['45PJLL', new Uint8Array(0)],
    ['ewoqjP7PxY4yr3iLTpLisriqt94hdyDFNgchSxGGztUrTXtNN', hexToBytes('56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027')],
    ['jvYi6Tn9idMi7BaymUVi9zWjg5tpmW7trfKG1AYJLKZJ2fsU7', padded('ava labs', 32)],
  ]

  it.each(vectors)('%s', (text, bytes) => {
    expect(encodeCb58(bytes)).toBe(text)
    expect(bytesToHex(decodeCb58(text))).toBe(bytesToHex(bytes))
  })

  it('round-trips payloads with leading zeros and assorted lengths', () => {
    let state = 0x12345678
    const next = (): number => {
      state = (Math.imul(state, 1103515245) + 12345) >>> 0
      return state >>> 24
    }
    for (let len = 0; len <= 80; len++) {
      for (const zeros of [0, 1, 3]) {
        const bytes = new Uint8Array(len)
        for (let i = Math.min(zeros, len); i < len; i++) bytes[i] = next()
        expect(bytesToHex(decodeCb58(encodeCb58(bytes)))).toBe(bytesToHex(bytes))
      }
    }
  })

  it('rejects empty input and characters outside the alphabet', () => {
    expect(() => decodeCb58('')).toThrow('base58 decoding error: zero length string')
    expect(() => decodeCb58('0')).toThrow("base58 decoding error: invalid base58 digit ('0')")
    expect(() => decodeCb58('13pP7vbI')).toThrow("invalid base58 digit ('I')")
    expect(() => decodeCb58('1Ol')).toThrow("invalid base58 digit ('O')")
    expect(() => decodeCb58('1c7hwa ')).toThrow("invalid base58 digit (' ')")
    expect(() => decodeCb58('1c7hwé')).toThrow('base58 decoding error: high-bit set on invalid digit')
  })

  it('rejects payloads shorter than the checksum', () => {
    expect(() => decodeCb58('foo')).toThrow('input string is smaller than the checksum size')
    expect(() => decodeCb58('13')).toThrow('input string is smaller than the checksum size')
  })

  it('rejects a bad checksum', () => {
    expect(() => decodeCb58('foobar')).toThrow('invalid input checksum')
    expect(() => decodeCb58('13pP7vb3')).toThrow('invalid input checksum')
    // One changed character in a valid ID.
    expect(() => decodeCb58('11111111111111111111111111111111LpoYZ')).toThrow('invalid input checksum')
    expect(() => decodeCb58('21111111111111111111111111111111LpoYY')).toThrow('invalid input checksum')
  })

  it('throws plain Errors', () => {
    try {
      decodeCb58('foobar')
      expect.unreachable()
    } catch (err) {
      expect(err).toBeInstanceOf(Error)
      expect((err as Error).constructor).toBe(Error)
    }
  })
})

describe('idFromString', () => {
  // avalanchego's built-in VM IDs are ids.ID{'a','v','m'} and friends.
  it.each([
    ['platformvm', 'rWhpuQPF1kb72esV2momhMuTYGkEb1oL29pt2EBXWmSy4kxnT'],
    ['avm', 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq'],
    ['evm', 'mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6'],
    ['secp256k1fx', 'spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ'],
    ['nftfx', 'qd2U4HDWUvMrVUeTcCHp6xH3Qpnn1XbU5MDdnBoiifFqvgXwT'],
    ['propertyfx', 'rXJsCSEYXg2TehWxCEEGj6JU2PWKTkd6cBdNLjoe2SpsKD9cy'],
    ['subnetevm', 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy'],
  ])('%s → %s', (name, id) => {
    expect(idFromString(name)).toBe(id)
    expect(bytesToHex(decodeCb58(id))).toBe(bytesToHex(padded(name, 32)))
  })

  it('gives the zero ID for the empty name and refuses names over 32 bytes', () => {
    expect(idFromString('')).toBe('11111111111111111111111111111111LpoYY')
    expect(idFromString('x'.repeat(32))).toHaveLength(encodeCb58(padded('x'.repeat(32), 32)).length)
    expect(() => idFromString('x'.repeat(33))).toThrow(/at most 32/)
  })
})

describe('node IDs', () => {
  it('matches avalanchego vectors', () => {
    expect(encodeNodeId(new Uint8Array(20))).toBe('NodeID-111111111111111111116DBWJs')
    expect(encodeNodeId(padded('ava labs', 20))).toBe('NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz')
    expect(bytesToHex(parseNodeId('NodeID-9tLMkeWFhWXd8QZc4rSiS5meuVXF5kRsz'))).toBe(bytesToHex(padded('ava labs', 20)))
  })

  it('round-trips', () => {
    const bytes = Uint8Array.from({ length: 20 }, (_, i) => (i * 37 + 11) & 0xff)
    const id = encodeNodeId(bytes)
    expect(id.startsWith('NodeID-')).toBe(true)
    expect(bytesToHex(parseNodeId(id))).toBe(bytesToHex(bytes))
    expect(isNodeId(id)).toBe(true)
  })

  it('refuses to encode anything but 20 bytes', () => {
    expect(() => encodeNodeId(new Uint8Array(19))).toThrow('expected 20 bytes but got 19')
    expect(() => encodeNodeId(new Uint8Array(32))).toThrow('expected 20 bytes but got 32')
  })

  it('rejects a missing or wrong prefix', () => {
    expect(() => parseNodeId('111111111111111111116DBWJs')).toThrow('is missing the prefix: NodeID-')
    expect(() => parseNodeId('nodeid-111111111111111111116DBWJs')).toThrow('is missing the prefix')
    expect(() => parseNodeId('PrivateKey-111111111111111111116DBWJs')).toThrow('is missing the prefix')
    expect(isNodeId('111111111111111111116DBWJs')).toBe(false)
  })

  it('rejects a wrong length, bad checksum or bad alphabet', () => {
    // A valid CB58 32-byte ID behind the prefix is still not a node ID.
    expect(() => parseNodeId('NodeID-11111111111111111111111111111111LpoYY')).toThrow('expected 20 bytes but got 32')
    expect(() => parseNodeId('NodeID-')).toThrow('base58 decoding error')
    expect(() => parseNodeId('NodeID-111111111111111111116DBWJt')).toThrow('invalid input checksum')
    expect(() => parseNodeId('NodeID-0111111111111111111116DBWJs')).toThrow('invalid base58 digit')
    for (const bad of [
      'NodeID-',
      'NodeID-45PJLL',
      'NodeID-111111111111111111116DBWJt',
      '',
      'NodeID-jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq',
    ])
      expect(isNodeId(bad)).toBe(false)
  })
})
