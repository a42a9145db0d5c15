import { describe, it, expect } from 'vitest'
import { bls12_381 } from '@noble/curves/bls12-381'
import { bytesToHex, hexToBytes, utf8ToBytes } from '@noble/hashes/utils'
import { isNodeId, parseNodeId } from '../../src/core/cb58.js'
import {
  PROOF_OF_POSSESSION_DST,
  blsKeyGen,
  createNodeIdentity,
  derivePeerNodeIds,
  verifyProofOfPossession,
} from '../../packages/devnet/src/identity.js'

const POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'
const long = bls12_381.longSignatures

// Noble's own check, independent of verifyProofOfPossession.
function nobleVerifiesPop(publicKeyHex: string, popHex: string, dst = POP_DST): boolean {
  const pk = hexToBytes(publicKeyHex.slice(2))
  return long.verify(hexToBytes(popHex.slice(2)), long.hash(pk, dst), pk)
}

// A valid key that is not the node's: pk + G, the key of sk + 1. (Flipping bits of the
// encoding almost never lands in the prime-order subgroup, so it cannot stand in.)
function tamperedKey(publicKeyHex: string): string {
  const { Point } = bls12_381.G1
  return (
    '0x' +
    bytesToHex(
      Point.fromBytes(hexToBytes(publicKeyHex.slice(2)))
        .add(Point.BASE)
        .toBytes(true),
    )
  )
}

// The encoding with one bit of x flipped: not a valid public key at all.
function bitFlippedKey(publicKeyHex: string): string {
  const bytes = hexToBytes(publicKeyHex.slice(2))
  bytes[47]! ^= 1
  return `0x${bytesToHex(bytes)}`
}

describe('blsKeyGen', () => {
  // EIP-2333 derive_master_SK test cases 0 and 1: the same HKDF_mod_r as IETF KeyGen.
  it.each([
    [
      'c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04',
      6083874454709270928345386274498605044986640685124978867557563392430687146096n,
    ],
    [
      '3141592653589793238462643383279502884197169399375105820974944592',
      29757020647961307431480504535336562678282505419141012933316116377660817309383n,
    ],
  ])('EIP-2333 master key from %s', (seedHex, expected) => {
    const sk = blsKeyGen(hexToBytes(seedHex))
    expect(sk).toHaveLength(32)
    expect(BigInt(`0x${bytesToHex(sk)}`)).toBe(expected)
  })

  it('refuses IKM shorter than 32 bytes', () => {
    expect(() => blsKeyGen(new Uint8Array(31))).toThrow(/at least 32 bytes/)
  })
})

describe('createNodeIdentity', () => {
  const id = createNodeIdentity('subnet-rpc-devnet')

  it('has the documented shapes', () => {
    expect(id.nodeID).toMatch(/^NodeID-[1-9A-HJ-NP-Za-km-z]+$/)
    expect(isNodeId(id.nodeID)).toBe(true)
    expect(id.nodeIdBytes).toHaveLength(20)
    expect(bytesToHex(parseNodeId(id.nodeID))).toBe(bytesToHex(id.nodeIdBytes))
    expect(id.blsSecretKey).toHaveLength(32)
    expect(id.publicKey).toMatch(/^0x[0-9a-f]{96}$/)
    expect(id.proofOfPossession).toMatch(/^0x[0-9a-f]{192}$/)
  })

  it('secret key is a valid scalar whose compressed G1 key is publicKey', () => {
    const scalar = BigInt(`0x${bytesToHex(id.blsSecretKey)}`)
    expect(scalar > 0n && scalar < bls12_381.fields.Fr.ORDER).toBe(true)
    expect(`0x${bytesToHex(long.getPublicKey(id.blsSecretKey).toBytes(true))}`).toBe(id.publicKey)
    // Compressed-encoding flag set, infinity flag clear.
    expect(Number.parseInt(id.publicKey.slice(2, 4), 16) & 0xc0).toBe(0x80)
    expect(Number.parseInt(id.proofOfPossession.slice(2, 4), 16) & 0xc0).toBe(0x80)
  })

  it('is deterministic', () => {
    const again = createNodeIdentity('subnet-rpc-devnet')
    expect(again).toEqual(id)
    // A string seed is its UTF-8 bytes.
    expect(createNodeIdentity(utf8ToBytes('subnet-rpc-devnet'))).toEqual(id)
  })

  it('differs for different seeds', () => {
    const other = createNodeIdentity('subnet-rpc-devnet-2')
    expect(other.nodeID).not.toBe(id.nodeID)
    expect(other.publicKey).not.toBe(id.publicKey)
    expect(other.proofOfPossession).not.toBe(id.proofOfPossession)
    expect(bytesToHex(other.blsSecretKey)).not.toBe(bytesToHex(id.blsSecretKey))
    expect(createNodeIdentity('').nodeID).not.toBe(id.nodeID)
  })

  it('proof of possession verifies with noble under the POP DST only', () => {
    expect(PROOF_OF_POSSESSION_DST).toBe(POP_DST)
    expect(nobleVerifiesPop(id.publicKey, id.proofOfPossession)).toBe(true)
    // It is a PoP, not an ordinary signature or a NUL-scheme signature over the key.
    expect(nobleVerifiesPop(id.publicKey, id.proofOfPossession, 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_')).toBe(false)
    expect(nobleVerifiesPop(id.publicKey, id.proofOfPossession, 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_NUL_')).toBe(false)
  })

  it('proof of possession fails for a tampered key', () => {
    const bad = tamperedKey(id.publicKey)
    expect(bad).not.toBe(id.publicKey)
    expect(nobleVerifiesPop(bad, id.proofOfPossession)).toBe(false)
    expect(verifyProofOfPossession(bad, id.proofOfPossession)).toBe(false)
    expect(verifyProofOfPossession(bitFlippedKey(id.publicKey), id.proofOfPossession)).toBe(false)
    // Another node's valid key with this node's PoP.
    const other = createNodeIdentity('someone else')
    expect(verifyProofOfPossession(other.publicKey, id.proofOfPossession)).toBe(false)
    expect(verifyProofOfPossession(id.publicKey, other.proofOfPossession)).toBe(false)
  })
})

describe('verifyProofOfPossession', () => {
  const id = createNodeIdentity('verify')

  it('accepts a genuine pair, with or without 0x', () => {
    expect(verifyProofOfPossession(id.publicKey, id.proofOfPossession)).toBe(true)
    expect(verifyProofOfPossession(id.publicKey.slice(2), id.proofOfPossession.slice(2))).toBe(true)
    expect(verifyProofOfPossession(id.publicKey.toUpperCase().replace('0X', '0x'), id.proofOfPossession)).toBe(true)
  })

  it('returns false, never throws, for malformed input', () => {
    expect(verifyProofOfPossession('', '')).toBe(false)
    expect(verifyProofOfPossession(id.publicKey.slice(0, -2), id.proofOfPossession)).toBe(false)
    expect(verifyProofOfPossession(id.publicKey, `${id.proofOfPossession}00`)).toBe(false)
    expect(verifyProofOfPossession(id.publicKey.replace(/.$/, 'g'), id.proofOfPossession)).toBe(false)
    // A PoP with a flipped bit is not even a point, or not the right one.
    const pop = hexToBytes(id.proofOfPossession.slice(2))
    pop[95]! ^= 1
    expect(verifyProofOfPossession(id.publicKey, `0x${bytesToHex(pop)}`)).toBe(false)
  })

  it('rejects the identity public key with the identity signature', () => {
    const infinityKey = `0xc0${'00'.repeat(47)}`
    const infinitySig = `0xc0${'00'.repeat(95)}`
    expect(verifyProofOfPossession(infinityKey, infinitySig)).toBe(false)
  })
})

describe('derivePeerNodeIds', () => {
  it('is deterministic, distinct, valid, and disjoint from the node ID', () => {
    const peers = derivePeerNodeIds('subnet-rpc-devnet', 6)
    expect(peers).toHaveLength(6)
    expect(derivePeerNodeIds('subnet-rpc-devnet', 6)).toEqual(peers)
    expect(new Set(peers).size).toBe(6)
    for (const p of peers) expect(isNodeId(p)).toBe(true)
    expect(peers).not.toContain(createNodeIdentity('subnet-rpc-devnet').nodeID)
  })

  it('is prefix-stable and seed-dependent', () => {
    expect(derivePeerNodeIds('subnet-rpc-devnet', 3)).toEqual(derivePeerNodeIds('subnet-rpc-devnet', 6).slice(0, 3))
    expect(derivePeerNodeIds('other', 3)[0]).not.toBe(derivePeerNodeIds('subnet-rpc-devnet', 3)[0])
    expect(derivePeerNodeIds('x', 0)).toEqual([])
  })

  it('rejects a bad count', () => {
    expect(() => derivePeerNodeIds('x', -1)).toThrow()
    expect(() => derivePeerNodeIds('x', 1.5)).toThrow()
    expect(() => derivePeerNodeIds('x', Number.NaN)).toThrow()
  })
})
