/**
 * Decoders of the Warp API's replies (graft/subnet-evm/warp/service.go): every result is `hexutil.Bytes`, a
 * 0x-hex string, read here as what it holds (a signature, an unsigned or a signed message) so that a reply that
 * is not one is a `ResponseShapeError`, as any other bad reply.
 */
import { mismatch, type Decoder } from '../decode/kit.js'
import { parseSignedWarpMessage, parseUnsignedWarpMessage, type SignedWarpMessage, type UnsignedWarpMessage } from '../warp/codec.js'

type Hex = `0x${string}`

const hexBytes = (v: unknown): v is Hex => typeof v === 'string' && /^0x(?:[\da-fA-F]{2})*$/.test(v)

/** A BLS signature (`bls.SignatureToBytes`, 96 bytes), lower-case hex. */
export const decodeWarpSignature: Decoder<Hex> = (v) =>
  hexBytes(v) && v.length === 2 + 2 * 96 ? (v.toLowerCase() as Hex) : mismatch('a 96-byte BLS signature as hex', v)

/** Hex bytes parsed with `parse`; bytes it refuses are a mismatch naming `expected`. */
const parsed =
  <T>(parse: (bytes: Hex) => T, expected: string): Decoder<T> =>
  (v) => {
    if (hexBytes(v))
      try {
        return parse(v)
      } catch {}
    return mismatch(expected, v)
  }

/** An unsigned Warp message (`UnsignedMessage.Bytes`). */
export const decodeUnsignedWarpMessage: Decoder<UnsignedWarpMessage> = parsed(parseUnsignedWarpMessage, 'an unsigned Warp message as hex')

/** A signed Warp message (`Message.Bytes`), as the aggregate methods return it. */
export const decodeSignedWarpMessage: Decoder<SignedWarpMessage> = parsed(parseSignedWarpMessage, 'a signed Warp message as hex')
