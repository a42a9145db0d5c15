/**
 * The devnet's aggregate Warp signature (packages/devnet/src/l1/warp/warpSigner.ts `aggregateSignatures`) signs once
 * with the signers' summed secret key: the bytes must be those of each signer's own signature aggregated, as the
 * node's aggregator makes them (bls.AggregateSignatures of each validator's Sign).
 */
import { describe, expect, it } from 'vitest'
import { requireBls } from '../../packages/devnet/src/anvil.js'
import { SIGNATURE_DST } from '../../packages/devnet/src/identity.js'
import { aggregateSignatures, type CanonicalSet, unsignedMessageBytes } from '../../packages/devnet/src/l1/warp/warpSigner.js'
import { parseSignedWarpMessage } from '../../src/warp.js'

const bls = requireBls()
const key = (n: number) => Buffer.from(n.toString(16).padStart(64, '0'), 'hex')
const setOf = (keys: Uint8Array[]): CanonicalSet => ({
  validators: keys.map((k) => ({ publicKey: bls.getPublicKey(k), weight: 10n, secretKeys: [k] })),
  totalWeight: BigInt(keys.length) * 10n,
})
const message = unsignedMessageBytes(12345, new Uint8Array(32).fill(3), new Uint8Array([0, 0, 0, 0, 0, 1, 2, 3]))
const oneByOne = (keys: Uint8Array[]) =>
  `0x${Buffer.from(bls.aggregateSignatures(keys.map((k) => bls.sign(message, k, { DST: SIGNATURE_DST })))).toString('hex')}`

describe('aggregateSignatures', () => {
  const keys = [key(0x1234567), key(0xabcdef), key(0x42), key(0x99999)]

  it("is each signer's signature aggregated, byte for byte, for one signer and for several", () => {
    for (const [quorum, signers] of [
      [25n, 1],
      [67n, 3],
      [100n, 4],
    ] as const) {
      const signed = parseSignedWarpMessage(aggregateSignatures(setOf(keys), message, quorum))
      expect(signed.signature.signature).toBe(oneByOne(keys.slice(0, signers)))
    }
  })

  it('signs one by one where the keys sum to zero (mod r), and still gives their aggregate', () => {
    const order = bls.fields.Fr.ORDER
    const a = 0x1234567n
    const zeroSum = [key(Number(a)), Buffer.from((order - a).toString(16).padStart(64, '0'), 'hex')]
    const signed = parseSignedWarpMessage(aggregateSignatures(setOf(zeroSum), message, 100n))
    expect(signed.signature.signature).toBe(oneByOne(zeroSum))
  })
})
