/**
 * Aggregating the source subnet's validators' BLS signatures in TypeScript, as a node's signature aggregator
 * does (network/p2p/acp118/aggregator.go `AggregateSignatures`): each signature checked against its validator's
 * key, the signers' bits set at their canonical indices, the weight checked against the quorum, the signatures
 * summed. BLS needs `@noble/curves`, an optional peer dependency loaded here only, on first use.
 */
import { BlsLibraryError } from '../../errors/warp.js'
import { InvalidArgumentError } from '../../errors/argument.js'
import {
  bytesToHex,
  encodeUnsignedWarpMessage,
  hexToBytes,
  parseUnsignedWarpMessage,
  signersBitset,
  type SignedWarpMessage,
  type UnsignedWarpMessage,
} from './codec.js'
import { canonicalWarpValidators, checkWarpWeight, type WarpValidator } from './validators.js'
import { quorumNumerator } from './args.js'

type Hex = `0x${string}`

/** `bls.CiphersuiteSignature` (utils/crypto/bls): proof-of-possession scheme, signatures in G2. */
const signatureDst = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'

type Bls = typeof import('@noble/curves/bls12-381').bls12_381

let loaded: Promise<Bls> | undefined
/** `@noble/curves`' BLS12-381, imported on first use; BlsLibraryError when it is not installed. */
function loadBls(): Promise<Bls> {
  loaded ??= import('@noble/curves/bls12-381').then(
    (m) => m.bls12_381,
    (e: unknown) => {
      loaded = undefined
      throw new BlsLibraryError(e instanceof Error ? e : undefined)
    },
  )
  return loaded
}

/** A validator with its signature of the message, if it gave one. */
export type WarpValidatorSignature = WarpValidator & {
  /** Its BLS signature of the unsigned message (96 bytes, as `warp_getMessageSignature` returns it); none if it did not sign. */
  signature?: Hex | undefined
}

export type AggregateWarpSignaturesParameters = {
  /** The unsigned message: its bytes, or as `getWarpMessage` returns it. */
  message: Hex | UnsignedWarpMessage
  /** The source subnet's whole validator set, each with its signature where it signed. */
  validators: readonly WarpValidatorSignature[]
  /** The quorum numerator (of 100) the signers must reach: 33 to 100, default 67. */
  quorumNum?: number | bigint | undefined
}

/**
 * The signed message from the validators' own signatures, as a node's aggregator builds it: bits at the
 * canonical indices (validators sorted by uncompressed public key, shared keys merged), the BLS aggregate of the
 * signatures. Throws InvalidArgumentError for a signature that does not verify under its validator's key,
 * WarpWeightError when the signers fall short of the quorum, WarpQuorumError for a quorum out of 33..100, and
 * BlsLibraryError when `@noble/curves` is not installed.
 *
 * @example
 * import { aggregateWarpSignatures } from 'subnet-rpc/warp'
 * declare const unsigned: `0x${string}`, publicKey: `0x${string}`, signature: `0x${string}`
 * const signed = await aggregateWarpSignatures({ message: unsigned, validators: [{ publicKey, weight: 100n, signature }] })
 */
export async function aggregateWarpSignatures(parameters: AggregateWarpSignaturesParameters): Promise<SignedWarpMessage> {
  const { message, validators } = parameters
  const quorumNum = quorumNumerator(parameters.quorumNum)
  const bytes = typeof message === 'string' ? hexToBytes('message', message) : hexToBytes('message', encodeUnsignedWarpMessage(message))
  const unsigned = parseUnsignedWarpMessage(bytes)
  const set = canonicalWarpValidators(validators)
  const bls = await loadBls()
  const hashed = bls.G2.hashToCurve(bytes, { DST: signatureDst }) as Parameters<Bls['verify']>[1]
  const indices: number[] = []
  const signatures: Uint8Array[] = []
  let signedWeight = 0n
  set.validators.forEach((v, index) => {
    // Validators sharing a key sign alike: one signature for the key (acp118 drops duplicates).
    const source = v.sources.find((i) => validators[i]!.signature !== undefined)
    if (source === undefined) return
    const argument = `validators[${source}].signature`
    const signature = validators[source]!.signature
    let ok = false
    try {
      // The message hashed to G2 here, with the node's DST: the 1.x releases of @noble/curves take a hashed point
      // alike, while only the later ones take hash options in `verify`.
      ok = bls.verify(hexToBytes(argument, signature!), hashed, hexToBytes('publicKey', v.publicKey))
    } catch {}
    if (!ok)
      throw new InvalidArgumentError({
        argument,
        value: signature,
        accepted: 'the validator’s BLS signature of this unsigned message (96 bytes)',
      })
    indices.push(index)
    signatures.push(hexToBytes(argument, signature!))
    signedWeight += v.weight
  })
  checkWarpWeight(signedWeight, set.totalWeight, quorumNum)
  const aggregate = bls.aggregateSignatures(signatures.map((s) => bytesToHex(s).slice(2)))
  return { ...unsigned, signature: { signers: signersBitset(indices), signature: bytesToHex(aggregate) } }
}
