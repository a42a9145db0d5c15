/**
 * The node's Warp signatures (graft/subnet-evm/warp/service.go `GetMessageSignature`,
 * `GetBlockSignature`; backend.go): the node's BLS key signs the unsigned message's bytes
 * (vms/platformvm/warp/signer.go `Sign`, `bls.CiphersuiteSignature`). A block is signed as the
 * unsigned message of a `payload.Hash` of its ID (the block hash), once it is accepted.
 *
 * The aggregate signatures (service.go `aggregateSignatures`, network/p2p/acp118/aggregator.go
 * `AggregateSignatures`) and the verification of a signed message (vms/platformvm/warp/signature.go
 * `BitSetSignature.Verify`) use the source subnet's canonical validator set (vms/platformvm/warp/validator.go
 * `FlattenValidatorSet`), whose keys the devnet holds all of (../network/).
 */
import {
  bytesToHex,
  encodeSignedWarpMessage,
  encodeUnsignedWarpMessage,
  encodeWarpPayload,
  parseUnsignedWarpMessage,
  signersBitset,
} from 'subnet-rpc/warp'
import { requireBls } from '../../anvil.js'
import { blsSign, SIGNATURE_DST } from '../../identity.js'
import type { WarpNetwork } from '../../network/types.js'

/**
 * What a node's snow context and key give its Warp backend: the network ID, the chain's ID, the node's
 * BLS key, and (`network`) the P-Chain's view of the L1s and their validator sets (../network/).
 */
export type WarpSigner = { networkID: number; blockchainID: Uint8Array; secretKey: Uint8Array; network?: WarpNetwork }

type Hex = `0x${string}`

/** `warp.UnsignedMessage{networkID, sourceChainID, payload}` in the warp codec (version 0). */
export function unsignedMessageBytes(networkID: number, sourceChainID: Uint8Array, payload: Uint8Array): Uint8Array {
  return hexBytes(encodeUnsignedWarpMessage({ networkID, sourceChainID: bytesToHex(sourceChainID), payload: bytesToHex(payload) }))
}

/** `payload.Hash{hash}` in the payload codec. */
export function hashPayloadBytes(hash: Uint8Array): Uint8Array {
  return hexBytes(encodeWarpPayload({ type: 'hash', hash: bytesToHex(hash) }))
}

const hexBytes = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex.replace(/^0x/, ''), 'hex'))

/** The signature (0x-hex, 96 bytes) of an unsigned message's bytes. */
export function signMessage(signer: WarpSigner, message: Uint8Array): string {
  return blsSign(signer.secretKey, message)
}

/** The unsigned message of block `blockID`'s hash, from this chain. */
export function blockMessage(signer: WarpSigner, blockID: Uint8Array): Uint8Array {
  return unsignedMessageBytes(signer.networkID, signer.blockchainID, hashPayloadBytes(blockID))
}

/** The signature of block `blockID`'s hash message. */
export function signBlock(signer: WarpSigner, blockID: Uint8Array): string {
  return signMessage(signer, blockMessage(signer, blockID))
}

/** One entry of a canonical validator set (`validators.Warp`): a BLS key, the weight of all validators holding it. */
export type CanonicalValidator = { publicKey: Uint8Array; weight: bigint; secretKeys: Uint8Array[] }

/** `warp.CanonicalValidatorSet`: the validators in canonical order and their total weight. */
export type CanonicalSet = { validators: CanonicalValidator[]; totalWeight: bigint }

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!
  return a.length - b.length
}

/**
 * `FlattenValidatorSet`: every validator's weight in the total; those with a key merged by key (their
 * weights summed) and sorted by the key's uncompressed bytes (`bls.PublicKeyToUncompressedBytes`).
 */
export function canonicalSet(network: WarpNetwork, subnetID: Uint8Array): CanonicalSet {
  const bls = requireBls()
  const byKey = new Map<string, CanonicalValidator & { sortKey: Uint8Array }>()
  let totalWeight = 0n
  for (const v of network.validators(subnetID)) {
    totalWeight += v.weight
    const sortKey = bls.G1.ProjectivePoint.fromHex(v.publicKey).toRawBytes(false)
    const id = Buffer.from(sortKey).toString('hex')
    const known = byKey.get(id)
    if (known) {
      known.weight += v.weight
      known.secretKeys.push(v.secretKey)
    } else byKey.set(id, { publicKey: v.publicKey, weight: v.weight, secretKeys: [v.secretKey], sortKey })
  }
  const validators = [...byKey.values()]
    .sort((a, b) => compareBytes(a.sortKey, b.sortKey))
    .map(({ publicKey, weight, secretKeys }) => ({ publicKey, weight, secretKeys }))
  return { validators, totalWeight }
}

/** `warp.WarpQuorumDenominator` (precompile/contracts/warp/config.go). */
export const warpQuorumDenominator = 100n

/**
 * `AggregateSignatures` with every validator answering: signatures are taken in canonical order until
 * their weight reaches `quorumNum / 100` of the total (rounded down, `minThreshold`); the node returns what
 * it has when all answered, whatever the weight, so neither a quorum over 100 nor too little weight is an
 * error there. Returns the signed message's bytes (`warp.Message.Bytes`).
 */
export function aggregateSignatures(set: CanonicalSet, unsignedMessage: Uint8Array, quorumNum: bigint): Hex {
  const bls = requireBls()
  const threshold = (set.totalWeight * quorumNum) / warpQuorumDenominator
  const signers: number[] = []
  const secretKeys: Uint8Array[] = []
  let weight = 0n
  for (const [i, v] of set.validators.entries()) {
    signers.push(i)
    secretKeys.push(v.secretKeys[0]!)
    weight += v.weight
    if (weight >= threshold) break
  }
  const signature = secretKeys.length === 0 ? new Uint8Array(96) : aggregateSignature(bls, secretKeys, unsignedMessage)
  return encodeSignedWarpMessage({
    ...parseUnsignedWarpMessage(unsignedMessage),
    signature: { signers: signersBitset(signers), signature: bytesToHex(signature) },
  })
}

/**
 * The aggregate of the signatures of `message` under each secret key (`bls.AggregateSignatures` of each
 * `Sign`): every signer signs the same message, so the aggregate Σ skᵢ·H(m) is (Σ skᵢ mod r)·H(m), one hash to G2
 * and one multiplication in place of one of each per signer: the same bytes. A sum of zero (no point to sign
 * with) falls back to signing one by one.
 */
function aggregateSignature(bls: ReturnType<typeof requireBls>, secretKeys: Uint8Array[], message: Uint8Array): Uint8Array {
  const order = bls.fields.Fr.ORDER
  const sum = secretKeys.reduce((acc, key) => (acc + BigInt(`0x${Buffer.from(key).toString('hex')}`)) % order, 0n)
  if (sum === 0n) return bls.aggregateSignatures(secretKeys.map((key) => bls.sign(message, key, { DST: SIGNATURE_DST })))
  return bls.sign(message, Buffer.from(sum.toString(16).padStart(64, '0'), 'hex'), { DST: SIGNATURE_DST })
}
