/**
 * The node's Warp signatures (graft/subnet-evm/warp/service.go `GetMessageSignature`,
 * `GetBlockSignature`; backend.go): the node's BLS key signs the unsigned message's bytes
 * (vms/platformvm/warp/signer.go `Sign`, `bls.CiphersuiteSignature`). A block is signed as the
 * unsigned message of a `payload.Hash` of its ID (the block hash), once it is accepted.
 */
import { blsSign } from '../identity.js'
import type { WarpNetwork } from '../network/types.js'

/**
 * What a node's snow context and key give its Warp backend: the network ID, the chain's ID, the node's
 * BLS key, and (`network`) the P-Chain's view of the L1s and their validator sets (../network/).
 */
export type WarpSigner = { networkID: number; blockchainID: Uint8Array; secretKey: Uint8Array; network?: WarpNetwork }

const u16 = (v: number) => Uint8Array.of(v >> 8, v & 0xff)
const u32 = (v: number) => Uint8Array.of(v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff)
const concat = (...parts: Uint8Array[]) => Uint8Array.from(parts.flatMap((p) => [...p]))

/** `warp.UnsignedMessage{networkID, sourceChainID, payload}` in the warp codec (version 0). */
export function unsignedMessageBytes(networkID: number, sourceChainID: Uint8Array, payload: Uint8Array): Uint8Array {
  return concat(u16(0), u32(networkID), sourceChainID, u32(payload.length), payload)
}

/** `payload.Hash{hash}` in the payload codec: version 0, type ID 0 (registered before `AddressedCall`). */
export function hashPayloadBytes(hash: Uint8Array): Uint8Array {
  return concat(u16(0), u32(0), hash)
}

/** The signature (0x-hex, 96 bytes) of an unsigned message's bytes. */
export function signMessage(signer: WarpSigner, message: Uint8Array): string {
  return blsSign(signer.secretKey, message)
}

/** The signature of block `blockID`'s hash message. */
export function signBlock(signer: WarpSigner, blockID: Uint8Array): string {
  return signMessage(signer, unsignedMessageBytes(signer.networkID, signer.blockchainID, hashPayloadBytes(blockID)))
}
