/**
 * The devnet node's identity: a NodeID and a BLS key with its proof of possession,
 * all reproducible from a seed so restarts and tests see the same node.
 *
 * BLS follows avalanchego (`utils/crypto/bls`, blst "min public key size"):
 * public keys are compressed G1 points (48 bytes), signatures compressed G2 points
 * (96 bytes), and the proof of possession signs the 48-byte public key under the
 * ciphersuite `BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_`.
 */
import { expand, extract } from '@noble/hashes/hkdf'
import { ripemd160 } from '@noble/hashes/ripemd160'
import { sha256 } from '@noble/hashes/sha256'
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils'
import { encodeNodeId } from 'subnet-rpc'
// @noble/curves is loaded on first use (see anvil.ts).
import { requireBls } from './anvil.js'

/** What `info.getNodeID` reports, plus the raw material behind it. */
export type NodeIdentity = {
  /** `NodeID-<cb58 of nodeIdBytes>`. */
  nodeID: string
  /** The 20-byte node ID. */
  nodeIdBytes: Uint8Array
  /** 32-byte big-endian BLS scalar, as blst serializes a secret key. */
  blsSecretKey: Uint8Array
  /** `0x` + 96 lower-case hex digits: the compressed G1 public key. */
  publicKey: string
  /** `0x` + 192 lower-case hex digits: the compressed G2 proof of possession. */
  proofOfPossession: string
}

/**
 * avalanchego's `bls.CiphersuiteProofOfPossession`, the DST a proof of possession is
 * hashed to G2 under. Ordinary messages use `BLS_SIG_…_POP_` instead, so a PoP can
 * never double as a signature.
 */
export const PROOF_OF_POSSESSION_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'

/** avalanchego's `bls.CiphersuiteSignature`: the DST ordinary messages (a Warp message's bytes) are signed under. */
export const SIGNATURE_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'

/**
 * `LocalSigner.Sign` (utils/crypto/bls/signer/localsigner): the compressed G2 signature (96 bytes, 0x-hex) of
 * `message` under {@link SIGNATURE_DST}.
 */
export function blsSign(secretKey: Uint8Array, message: Uint8Array): string {
  return `0x${bytesToHex(requireBls().sign(message, secretKey, { DST: SIGNATURE_DST }))}`
}

/** Public keys of secret keys already seen, by the secret key's hex (a G1 multiplication each, bounded). */
const publicKeys = new Map<string, Uint8Array>()

/** The compressed G1 public key (48 bytes) of a BLS secret key: `bls.getPublicKey`, remembered for the process. */
export function blsPublicKey(secretKey: Uint8Array): Uint8Array {
  const key = bytesToHex(secretKey)
  let publicKey = publicKeys.get(key)
  if (!publicKey) {
    publicKey = requireBls().getPublicKey(secretKey)
    if (publicKeys.size >= 1024) publicKeys.delete(publicKeys.keys().next().value!)
    publicKeys.set(key, publicKey)
  }
  return Uint8Array.from(publicKey)
}

// Versioned tags keep the derived values independent of one another and let a future
// derivation change without silently reusing old identities.
const blsIkmTag = utf8ToBytes('subnet-rpc/devnet/bls-ikm/v1:')
const nodeIdTag = utf8ToBytes('subnet-rpc/devnet/node-id/v1:')
const peerNodeIdTag = utf8ToBytes('subnet-rpc/devnet/peer-node-id/v1:')

function seedBytes(seed: string | Uint8Array): Uint8Array {
  return typeof seed === 'string' ? utf8ToBytes(seed) : seed
}

// avalanchego hashes the DER of the node's TLS certificate (ids.NodeIDFromCert). The
// devnet has no certificate, so the same ripemd160(sha256(·)) is applied to
// domain-separated seed material instead: the shape matches, the preimage cannot.
function nodeIdFromMaterial(material: Uint8Array): Uint8Array {
  return ripemd160(sha256(material))
}

/**
 * BLS KeyGen from draft-irtf-cfrg-bls-signature-05 §2.3 (identical to EIP-2333's
 * `HKDF_mod_r`, and what avalanchego's local signer runs through `blst.KeyGen`):
 * HKDF-SHA256 to 48 bytes, reduced mod r, retried with a re-hashed salt on zero.
 * Returns the 32-byte big-endian secret key.
 *
 * @example
 * blsKeyGen(sha256(utf8ToBytes('my seed'))) // 32 bytes, always the same
 */
export function blsKeyGen(ikm: Uint8Array, keyInfo: Uint8Array = new Uint8Array(0)): Uint8Array {
  if (ikm.length < 32) throw new Error(`BLS KeyGen needs at least 32 bytes of IKM, got ${ikm.length}`)
  const L = 48 // ceil(3 * ceil(log2 r) / 16): 128 extra bits make the mod-r bias negligible
  let salt: Uint8Array = utf8ToBytes('BLS-SIG-KEYGEN-SALT-')
  let sk = 0n
  while (sk === 0n) {
    salt = sha256(salt)
    const prk = extract(sha256, concatBytes(ikm, new Uint8Array([0])), salt)
    const okm = expand(sha256, prk, concatBytes(keyInfo, new Uint8Array([0, L])), L)
    sk = BigInt(`0x${bytesToHex(okm)}`) % requireBls().fields.Fr.ORDER
  }
  return hexToBytes(sk.toString(16).padStart(64, '0'))
}

/**
 * Derives the devnet node's identity from a seed; the same seed always gives the
 * same identity. A string seed is taken as its UTF-8 bytes.
 *
 * BLS key: `blsKeyGen(sha256("subnet-rpc/devnet/bls-ikm/v1:" ‖ seed))`.
 * Node ID: `ripemd160(sha256("subnet-rpc/devnet/node-id/v1:" ‖ seed))`.
 *
 * @example
 * const id = createNodeIdentity('subnet-rpc-devnet')
 * id.nodeID // 'NodeID-…'
 * verifyProofOfPossession(id.publicKey, id.proofOfPossession) // true
 */
export function createNodeIdentity(seed: string | Uint8Array): NodeIdentity {
  const s = seedBytes(seed)
  const key = bytesToHex(s)
  let identity = identities.get(key)
  if (!identity) {
    identity = deriveIdentity(s)
    // A start derives it again for each devnet; bounded, as a process may start devnets of many seeds.
    if (identities.size >= 64) identities.delete(identities.keys().next().value!)
    identities.set(key, identity)
  }
  // Copies: a caller may change the bytes it was given.
  return { ...identity, nodeIdBytes: Uint8Array.from(identity.nodeIdBytes), blsSecretKey: Uint8Array.from(identity.blsSecretKey) }
}

/**
 * Identities derived in this process, by seed: the proof of possession is a BLS signature (a hash to G2 and a scalar
 * multiplication in JavaScript, about 100 ms), and every start of a devnet of the same seed asks for it again.
 */
const identities = new Map<string, NodeIdentity>()

function deriveIdentity(s: Uint8Array): NodeIdentity {
  const bls = requireBls()
  const blsSecretKey = blsKeyGen(sha256(concatBytes(blsIkmTag, s)))
  // noble's min-pk API of every 1.x from 1.2 (ethers' copy) on: G1 public keys, G2 signatures.
  const publicKeyBytes = bls.getPublicKey(blsSecretKey)
  const pop = bls.sign(publicKeyBytes, blsSecretKey, { DST: PROOF_OF_POSSESSION_DST })
  const nodeIdBytes = nodeIdFromMaterial(concatBytes(nodeIdTag, s))
  return {
    nodeID: encodeNodeId(nodeIdBytes),
    nodeIdBytes,
    blsSecretKey,
    publicKey: `0x${bytesToHex(publicKeyBytes)}`,
    proofOfPossession: `0x${bytesToHex(pop)}`,
  }
}

/**
 * Checks a proof of possession the way the P-Chain does (`signer.ProofOfPossession.Verify`):
 * the key must be a valid, non-identity G1 point and the signature must verify over the
 * 48 key bytes under {@link PROOF_OF_POSSESSION_DST}. Malformed input gives `false`.
 * Hex may carry a `0x` prefix.
 *
 * @example
 * const { publicKey, proofOfPossession } = createNodeIdentity('seed')
 * verifyProofOfPossession(publicKey, proofOfPossession) // true
 */
export function verifyProofOfPossession(publicKeyHex: string, popHex: string): boolean {
  const bls = requireBls()
  try {
    const pkBytes = strictHex(publicKeyHex, 48)
    const sigBytes = strictHex(popHex, 96)
    const pk = bls.G1.ProjectivePoint.fromHex(pkBytes)
    // blst's KeyValidate rejects the identity key: it would "verify" forged PoPs.
    if (pk.equals(bls.G1.ProjectivePoint.ZERO)) return false
    pk.assertValidity()
    bls.Signature.fromHex(sigBytes).assertValidity()
    return bls.verify(sigBytes, pkBytes, pk, { DST: PROOF_OF_POSSESSION_DST })
  } catch {
    return false
  }
}

/**
 * Deterministic NodeIDs for simulated peers: peer `i` is
 * `ripemd160(sha256("subnet-rpc/devnet/peer-node-id/v1:" ‖ uint32be(i) ‖ seed))`,
 * so each peer's ID is independent of the others' and of the node's own ID.
 *
 * @example
 * derivePeerNodeIds('subnet-rpc-devnet', 3) // ['NodeID-…', 'NodeID-…', 'NodeID-…']
 */
export function derivePeerNodeIds(seed: string | Uint8Array, count: number): string[] {
  if (!Number.isSafeInteger(count) || count < 0 || count > 0xffffffff)
    throw new Error(`peer count must be a non-negative integer, got ${count}`)
  const s = seedBytes(seed)
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const index = new Uint8Array(4)
    new DataView(index.buffer).setUint32(0, i)
    ids.push(encodeNodeId(nodeIdFromMaterial(concatBytes(peerNodeIdTag, index, s))))
  }
  return ids
}

function strictHex(hex: string, byteLength: number): Uint8Array {
  const body = hex.startsWith('0x') || hex.startsWith('0X') ? hex.slice(2) : hex
  if (body.length !== byteLength * 2 || !/^[0-9a-fA-F]*$/.test(body)) throw new Error(`expected ${byteLength} bytes of hex`)
  return hexToBytes(body)
}
