/**
 * The relayer's aggregate signature: the same bytes as the node's aggregate API (../l1/warp/warpSigner.ts
 * `aggregateSignatures`: signers taken in canonical order until their weight reaches the quorum), in one signing.
 * BLS is linear: the sum of the signers' signatures of a message is the signature under the sum of their secret keys,
 * so one hash to the curve and one multiplication replace one per signer. Canonical sets are kept per subnet (the
 * devnet's validator sets are fixed at start).
 */
import { bytesToHex, encodeSignedWarpMessage, parseUnsignedWarpMessage, signersBitset } from 'subnet-rpc/warp'
import { requireBls } from '../anvil.js'
import { SIGNATURE_DST } from '../identity.js'
import type { WarpNetwork } from '../network/types.js'
import { type CanonicalSet, canonicalSet, warpQuorumDenominator } from '../l1/warp/warpSigner.js'

type Hex = `0x${string}`

export class Aggregator {
  readonly #network: WarpNetwork
  readonly #sets = new Map<string, CanonicalSet>()

  constructor(network: WarpNetwork) {
    this.#network = network
  }

  /** The signed message of `unsignedMessage` by the validators of `subnetID`, to `quorumNum` of 100. */
  sign(subnetID: Uint8Array, unsignedMessage: Uint8Array, quorumNum: bigint): Hex {
    const bls = requireBls()
    const key = Buffer.from(subnetID).toString('hex')
    const set = this.#sets.get(key) ?? canonicalSet(this.#network, subnetID)
    this.#sets.set(key, set)
    const threshold = (set.totalWeight * quorumNum) / warpQuorumDenominator
    const order = bls.fields.Fr.ORDER
    const signers: number[] = []
    let sum = 0n
    let weight = 0n
    for (const [i, v] of set.validators.entries()) {
      signers.push(i)
      sum = (sum + BigInt(bytesToHex(v.secretKeys[0]!))) % order
      weight += v.weight
      if (weight >= threshold) break
    }
    const signature =
      signers.length === 0 || sum === 0n
        ? new Uint8Array(96)
        : bls.sign(unsignedMessage, Uint8Array.from(Buffer.from(sum.toString(16).padStart(64, '0'), 'hex')), { DST: SIGNATURE_DST })
    return encodeSignedWarpMessage({
      ...parseUnsignedWarpMessage(unsignedMessage),
      signature: { signers: signersBitset(signers), signature: bytesToHex(signature) },
    })
  }
}
