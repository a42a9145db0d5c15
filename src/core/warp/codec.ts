/**
 * Avalanche Warp Messaging's binary formats, as avalanchego's linear codec writes and reads them
 * (vms/platformvm/warp: `UnsignedMessage`, `Message`, `BitSetSignature`; warp/payload: `Hash`,
 * `AddressedCall`). Pure and browser-safe: no BLS here (signing and verifying live with whoever holds
 * the keys); what is here is what both the client and the devnet need byte for byte, with the
 * node's own error texts for what it refuses.
 */
import { sha256 } from '@noble/hashes/sha256'
import { WarpFormatError } from '../../errors/warp.js'

type Hex = `0x${string}`

/** `warp.UnsignedMessage`: what the source chain's validators sign. */
export type UnsignedWarpMessage = {
  /** The network the message is for (the node refuses others: `ErrWrongNetworkID`). */
  networkID: number
  /** The source blockchain's ID, 32 bytes. */
  sourceChainID: Hex
  /** The payload's bytes (see {@link parseWarpPayload}). */
  payload: Hex
}

/** `warp.BitSetSignature`: which validators (by canonical index) signed, and their BLS aggregate signature. */
export type BitSetSignature = {
  /** The signers' bitset, big-endian, as Go's `big.Int.Bytes()` writes it (no leading zero byte). */
  signers: Hex
  /** The aggregate BLS signature, 96 bytes. */
  signature: Hex
}

/** `warp.Message`: an unsigned message with its signature, as a Warp predicate carries it. */
export type SignedWarpMessage = UnsignedWarpMessage & { signature: BitSetSignature }

/** A Warp payload (warp/payload): a block hash, or a call from a source address (what `sendWarpMessage` sends). */
export type WarpPayload = { type: 'hash'; hash: Hex } | { type: 'addressedCall'; sourceAddress: Hex; payload: Hex }

/** The codec version every Warp structure starts with (`warp.CodecVersion`, `payload.CodecVersion`). */
const codecVersion = 0
/** `payload.MaxMessageSize`: the payload codec refuses more than 24 KiB. */
export const maxWarpPayloadSize = 24 * 1024
/** `bls.SignatureLen`. */
const signatureLength = 96
/** Type IDs in registration order: the Warp codec registers `BitSetSignature` only; the payload codec `Hash`, then `AddressedCall`. */
const bitSetSignatureTypeID = 0
const hashTypeID = 0
const addressedCallTypeID = 1

export function hexToBytes(what: string, value: Hex | Uint8Array): Uint8Array {
  if (value instanceof Uint8Array) return value
  if (typeof value !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(value))
    throw new WarpFormatError(`${what}: expected a 0x-prefixed hex string of whole bytes or a Uint8Array`)
  const out = new Uint8Array((value.length - 2) / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(value.slice(2 + 2 * i, 4 + 2 * i), 16)
  return out
}

export function bytesToHex(bytes: Uint8Array): Hex {
  let out = '0x'
  for (const b of bytes) out += b.toString(16).padStart(2, '0')
  return out as Hex
}

// ---- writing: utils/wrappers.Packer's big-endian fields ----

class Writer {
  private parts: number[] = []
  u16(v: number): this {
    this.parts.push(v >>> 8, v & 0xff)
    return this
  }
  u32(v: number): this {
    this.parts.push(v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff)
    return this
  }
  fixed(bytes: Uint8Array): this {
    for (const b of bytes) this.parts.push(b)
    return this
  }
  /** A `[]byte` field: uint32 length, then the bytes. */
  slice(bytes: Uint8Array): this {
    return this.u32(bytes.length).fixed(bytes)
  }
  bytes(): Uint8Array {
    return Uint8Array.from(this.parts)
  }
}

function fixedLength(what: string, value: Hex | Uint8Array, length: number): Uint8Array {
  const bytes = hexToBytes(what, value)
  if (bytes.length !== length) throw new WarpFormatError(`${what}: expected ${length} bytes, got ${bytes.length}`)
  return bytes
}

function checkNetworkID(networkID: number): void {
  if (!Number.isInteger(networkID) || networkID < 0 || networkID > 0xffffffff)
    throw new WarpFormatError(`networkID: expected a uint32, got ${networkID}`)
}

function writeUnsigned(w: Writer, message: UnsignedWarpMessage): Writer {
  checkNetworkID(message.networkID)
  return w
    .u32(message.networkID)
    .fixed(fixedLength('sourceChainID', message.sourceChainID, 32))
    .slice(hexToBytes('payload', message.payload))
}

/**
 * The bytes validators sign (`UnsignedMessage.Bytes`).
 *
 * @example
 * import { encodeUnsignedWarpMessage } from 'subnet-rpc/warp'
 * encodeUnsignedWarpMessage({ networkID: 1337, sourceChainID: `0x${'11'.repeat(32)}`, payload: '0x' }).length // 2 + 2 * 42
 */
export function encodeUnsignedWarpMessage(message: UnsignedWarpMessage): Hex {
  return bytesToHex(writeUnsigned(new Writer().u16(codecVersion), message).bytes())
}

/**
 * A signed message's bytes (`Message.Bytes`): what a Warp predicate carries.
 *
 * @example
 * import { encodeSignedWarpMessage } from 'subnet-rpc/warp'
 * encodeSignedWarpMessage({
 *   networkID: 1337, sourceChainID: `0x${'11'.repeat(32)}`, payload: '0x',
 *   signature: { signers: '0x01', signature: `0x${'00'.repeat(96)}` },
 * })
 */
export function encodeSignedWarpMessage(message: SignedWarpMessage): Hex {
  const w = writeUnsigned(new Writer().u16(codecVersion), message)
  w.u32(bitSetSignatureTypeID)
    .slice(hexToBytes('signature.signers', message.signature.signers))
    .fixed(fixedLength('signature.signature', message.signature.signature, signatureLength))
  return bytesToHex(w.bytes())
}

/**
 * A payload's bytes (`payload.Hash` / `payload.AddressedCall`).
 *
 * @example
 * import { encodeWarpPayload } from 'subnet-rpc/warp'
 * encodeWarpPayload({ type: 'addressedCall', sourceAddress: `0x${'aa'.repeat(20)}`, payload: '0x1234' })
 */
export function encodeWarpPayload(payload: WarpPayload): Hex {
  const w = new Writer().u16(codecVersion)
  if (payload.type === 'hash') w.u32(hashTypeID).fixed(fixedLength('hash', payload.hash, 32))
  else w.u32(addressedCallTypeID).slice(hexToBytes('sourceAddress', payload.sourceAddress)).slice(hexToBytes('payload', payload.payload))
  return bytesToHex(w.bytes())
}

/**
 * A message's ID: sha256 of the unsigned message's bytes (`UnsignedMessage.ID`), as 32 bytes in hex.
 * The node shows IDs in CB58 (`idToString` of `subnet-rpc`'s cb58 helpers).
 *
 * @example
 * import { encodeUnsignedWarpMessage, warpMessageID } from 'subnet-rpc/warp'
 * warpMessageID(encodeUnsignedWarpMessage({ networkID: 1, sourceChainID: `0x${'00'.repeat(32)}`, payload: '0x' }))
 */
export function warpMessageID(unsignedMessage: Hex | Uint8Array): Hex {
  return bytesToHex(sha256(hexToBytes('unsignedMessage', unsignedMessage)))
}

// ---- reading: the linear codec's unmarshal, with its error texts ----

// utils/wrappers/packing.go
const insufficientLength = 'packer has insufficient length for input'
const maxInt32 = 0x7fffffff

/** A read cursor whose failures carry reflectcodec's wording (codec/reflectcodec/type_codec.go `unmarshal`). */
class Reader {
  offset = 0
  constructor(private readonly data: Uint8Array) {}
  private take(n: number, wrap?: string): Uint8Array {
    if (this.data.length - this.offset < n) throw new WarpFormatError(wrap ? `${wrap}: ${insufficientLength}` : insufficientLength)
    const out = this.data.subarray(this.offset, this.offset + n)
    this.offset += n
    return out
  }
  u32(wrap: string): number {
    const b = this.take(4, wrap)
    return ((b[0]! << 24) | (b[1]! << 16) | (b[2]! << 8) | b[3]!) >>> 0
  }
  /** A byte array field (`[n]byte`): the packer's error unwrapped. */
  fixed(n: number): Uint8Array {
    return this.take(n)
  }
  /** A `[]byte` field. */
  slice(): Uint8Array {
    const n = this.u32("couldn't unmarshal slice")
    if (n > maxInt32) throw new WarpFormatError(`max slice length exceeded; array length, ${n}, exceeds maximum length, ${maxInt32}`)
    return this.take(n)
  }
  /** An interface field's type ID (codec/linearcodec `UnpackPrefix`). */
  typeID(known: readonly number[]): number {
    const id = this.u32("couldn't unmarshal interface")
    if (!known.includes(id)) throw new WarpFormatError(`couldn't unmarshal interface: unknown type ID ${id}`)
    return id
  }
}

/** codec.Manager `Unmarshal`: size cap, version, the value, then no trailing bytes. */
function unmarshal<T>(data: Uint8Array, maxSize: number, read: (r: Reader) => T): T {
  if (data.length > maxSize) throw new WarpFormatError(`byte array exceeds maximum length: ${data.length} > ${maxSize}`)
  if (data.length < 2) throw new WarpFormatError("couldn't unpack codec version")
  if (((data[0]! << 8) | data[1]!) !== codecVersion) throw new WarpFormatError('unknown codec version')
  const r = new Reader(data)
  r.offset = 2
  const value = read(r)
  if (r.offset !== data.length) throw new WarpFormatError(`trailing buffer space: read ${r.offset} provided ${data.length}`)
  return value
}

function readUnsigned(r: Reader): UnsignedWarpMessage {
  const networkID = r.u32("couldn't unmarshal uint32")
  const sourceChainID = bytesToHex(r.fixed(32))
  const payload = bytesToHex(r.slice())
  return { networkID, sourceChainID, payload }
}

/**
 * Parses an unsigned message (`warp.ParseUnsignedMessage`); throws {@link WarpFormatError} with the node's text.
 *
 * @example
 * import { encodeUnsignedWarpMessage, parseUnsignedWarpMessage } from 'subnet-rpc/warp'
 * const m = { networkID: 1337, sourceChainID: `0x${'11'.repeat(32)}`, payload: '0xab' } as const
 * parseUnsignedWarpMessage(encodeUnsignedWarpMessage(m)).networkID // 1337
 */
export function parseUnsignedWarpMessage(bytes: Hex | Uint8Array): UnsignedWarpMessage {
  return unmarshal(hexToBytes('unsignedMessage', bytes), Number.MAX_SAFE_INTEGER, readUnsigned)
}

/**
 * Parses a signed message (`warp.ParseMessage`); throws {@link WarpFormatError} with the node's text.
 *
 * @example
 * import { encodeSignedWarpMessage, parseSignedWarpMessage } from 'subnet-rpc/warp'
 * const bytes = encodeSignedWarpMessage({
 *   networkID: 1337, sourceChainID: `0x${'11'.repeat(32)}`, payload: '0x',
 *   signature: { signers: '0x03', signature: `0x${'00'.repeat(96)}` },
 * })
 * parseSignedWarpMessage(bytes).signature.signers // '0x03'
 */
export function parseSignedWarpMessage(bytes: Hex | Uint8Array): SignedWarpMessage {
  return unmarshal(hexToBytes('signedMessage', bytes), Number.MAX_SAFE_INTEGER, (r) => {
    const unsigned = readUnsigned(r)
    r.typeID([bitSetSignatureTypeID])
    const signers = bytesToHex(r.slice())
    const signature = bytesToHex(r.fixed(signatureLength))
    return { ...unsigned, signature: { signers, signature } }
  })
}

/**
 * Parses a payload (`payload.Parse`, 24 KiB at most); throws {@link WarpFormatError} with the node's text.
 *
 * @example
 * import { encodeWarpPayload, parseWarpPayload } from 'subnet-rpc/warp'
 * parseWarpPayload(encodeWarpPayload({ type: 'hash', hash: `0x${'22'.repeat(32)}` })).type // 'hash'
 */
export function parseWarpPayload(bytes: Hex | Uint8Array): WarpPayload {
  return unmarshal(hexToBytes('payload', bytes), maxWarpPayloadSize, (r): WarpPayload => {
    if (r.typeID([hashTypeID, addressedCallTypeID]) === hashTypeID) return { type: 'hash', hash: bytesToHex(r.fixed(32)) }
    const sourceAddress = bytesToHex(r.slice())
    return { type: 'addressedCall', sourceAddress, payload: bytesToHex(r.slice()) }
  })
}

// ---- signer bitsets: utils/set.Bits, a big.Int whose bit i is validator i ----

/**
 * The signers bitset for canonical validator indices, as `set.Bits.Bytes()` writes it.
 *
 * @example
 * import { signersBitset } from 'subnet-rpc/warp'
 * signersBitset([0, 1, 9]) // '0x0203'
 */
export function signersBitset(indices: readonly number[]): Hex {
  let bits = 0n
  for (const i of indices) {
    if (!Number.isInteger(i) || i < 0) throw new WarpFormatError(`signer index: expected a non-negative integer, got ${i}`)
    bits |= 1n << BigInt(i)
  }
  if (bits === 0n) return '0x'
  const hex = bits.toString(16)
  return `0x${hex.length % 2 ? `0${hex}` : hex}`
}

/**
 * The validator indices a bitset names, in increasing order. Throws `bitset is invalid` (`ErrInvalidBitSet`)
 * when the bytes carry a leading zero byte, as `BitSetSignature.NumSigners` / `Verify` do.
 *
 * @example
 * import { signerIndices } from 'subnet-rpc/warp'
 * signerIndices('0x0203') // [0, 1, 9]
 */
export function signerIndices(signers: Hex | Uint8Array): number[] {
  const bytes = hexToBytes('signers', signers)
  if (bytes.length > 0 && bytes[0] === 0) throw new WarpFormatError('bitset is invalid')
  const out: number[] = []
  for (let byte = 0; byte < bytes.length; byte++) {
    const value = bytes[bytes.length - 1 - byte]!
    for (let bit = 0; bit < 8; bit++) if (value & (1 << bit)) out.push(byte * 8 + bit)
  }
  return out
}

/**
 * `warp.VerifyWeight`: whether `quorumNum * totalWeight <= quorumDen * sigWeight`; throws
 * `signature weight is insufficient: …` with the node's figures otherwise.
 *
 * @example
 * import { verifyWarpWeight } from 'subnet-rpc/warp'
 * verifyWarpWeight(67n, 100n, 67n, 100n) // passes; 66n would throw
 */
export function verifyWarpWeight(sigWeight: bigint, totalWeight: bigint, quorumNum: bigint, quorumDen: bigint): void {
  if (quorumNum * totalWeight > quorumDen * sigWeight)
    throw new WarpFormatError(`signature weight is insufficient: ${quorumNum}*${totalWeight} > ${quorumDen}*${sigWeight}`)
}
