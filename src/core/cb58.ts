/**
 * CB58, avalanchego's text form for IDs and keys (`utils/cb58`, `ids`):
 * base58 (Bitcoin alphabet) of `payload ‖ sha256(payload)[28:32]`.
 *
 * Not Bitcoin's Base58Check: the checksum is the *last* four bytes of a *single* sha256.
 * Browser-safe on purpose (no `node:` imports): the client parses node IDs too.
 */
// noble's sha256, which viem and ethers use too: one copy in an app, and no viem needed (ethers apps). The
// `sha256` subpath (deprecated for `sha2` from 1.8) is in every 1.x, so ethers' pinned 1.3.2 serves as viem's 1.8 does.
import { sha256 } from '@noble/hashes/sha256'

const alphabet = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const checksumLen = 4
const nodeIdPrefix = 'NodeID-'
const nodeIdLen = 20
const idLen = 32

// ASCII code → digit value, -1 for characters outside the alphabet.
const digitOf = new Int8Array(128).fill(-1)
for (let i = 0; i < alphabet.length; i++) digitOf[alphabet.charCodeAt(i)] = i

// avalanchego's hashing.Checksum: the tail of the hash, not the head.
function checksum(payload: Uint8Array): Uint8Array {
  return sha256(payload).subarray(32 - checksumLen)
}

function base58Encode(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  // Little-endian base-58 digits; quadratic, which is fine for IDs and keys.
  const digits: number[] = []
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j]! * 256
      digits[j] = carry % 58
      carry = Math.floor(carry / 58)
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = Math.floor(carry / 58)
    }
  }
  let out = '1'.repeat(zeros)
  for (let i = digits.length - 1; i >= 0; i--) out += alphabet[digits[i]!]
  return out
}

// Go's %q of an ASCII rune, so messages read exactly like avalanchego's.
function goQuoteAscii(code: number): string {
  const named: Record<number, string> = { 7: 'a', 8: 'b', 9: 't', 10: 'n', 11: 'v', 12: 'f', 13: 'r', 39: "'", 92: '\\' }
  if (named[code] !== undefined) return `'\\${named[code]}'`
  if (code < 0x20 || code === 0x7f) return `'\\x${code.toString(16).padStart(2, '0')}'`
  return `'${String.fromCharCode(code)}'`
}

// Same outcomes and error texts as github.com/mr-tron/base58, which avalanchego uses.
function base58Decode(s: string): Uint8Array {
  if (s.length === 0) throw new Error('base58 decoding error: zero length string')
  let zeros = 0
  while (zeros < s.length && s[zeros] === '1') zeros++
  const bytes: number[] = [] // little-endian
  for (let i = 0; i < s.length; i++) {
    const code = s.charCodeAt(i)
    if (code > 127) throw new Error('base58 decoding error: high-bit set on invalid digit')
    const digit = digitOf[code]!
    if (digit < 0) throw new Error(`base58 decoding error: invalid base58 digit (${goQuoteAscii(code)})`)
    let carry = digit
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58
      bytes[j] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  const out = new Uint8Array(zeros + bytes.length)
  for (let i = 0; i < bytes.length; i++) out[out.length - 1 - i] = bytes[i]!
  return out
}

/**
 * Encodes bytes as CB58 (payload plus 4-byte sha256-tail checksum, base58).
 *
 * @example
 * encodeCb58(new Uint8Array(32)) // '11111111111111111111111111111111LpoYY'
 */
export function encodeCb58(bytes: Uint8Array): string {
  const checked = new Uint8Array(bytes.length + checksumLen)
  checked.set(bytes)
  checked.set(checksum(bytes), bytes.length)
  return base58Encode(checked)
}

/**
 * Decodes CB58 and verifies its checksum; returns the payload without the checksum.
 * Throws a plain `Error` whose message starts with avalanchego's wording:
 * `base58 decoding error` (empty input or a character outside the alphabet),
 * `input string is smaller than the checksum size`, or `invalid input checksum`.
 *
 * @example
 * decodeCb58('1c7hwa') // Uint8Array [0]
 */
export function decodeCb58(s: string): Uint8Array {
  const decoded = base58Decode(s)
  if (decoded.length < checksumLen) throw new Error('input string is smaller than the checksum size')
  const payload = decoded.slice(0, decoded.length - checksumLen)
  const expected = checksum(payload)
  for (let i = 0; i < checksumLen; i++) {
    if (decoded[payload.length + i] !== expected[i]) throw new Error('invalid input checksum')
  }
  return payload
}

/**
 * Formats a 20-byte node ID as avalanchego prints it.
 *
 * @example
 * encodeNodeId(new Uint8Array(20)) // 'NodeID-111111111111111111116DBWJs'
 */
export function encodeNodeId(bytes: Uint8Array): string {
  if (bytes.length !== nodeIdLen) throw new Error(`expected ${nodeIdLen} bytes but got ${bytes.length}`)
  return nodeIdPrefix + encodeCb58(bytes)
}

/**
 * Parses `NodeID-<cb58>` into its 20 bytes, as `ids.NodeIDFromString` does:
 * the prefix is case-sensitive, the checksum must verify and the payload must be 20 bytes.
 *
 * @example
 * parseNodeId('NodeID-111111111111111111116DBWJs') // 20 zero bytes
 */
export function parseNodeId(s: string): Uint8Array {
  if (!s.startsWith(nodeIdPrefix)) throw new Error(`ID: ${s} is missing the prefix: ${nodeIdPrefix}`)
  const bytes = decodeCb58(s.slice(nodeIdPrefix.length))
  if (bytes.length !== nodeIdLen) throw new Error(`expected ${nodeIdLen} bytes but got ${bytes.length}`)
  return bytes
}

/**
 * True when `s` is a well-formed node ID string (what `parseNodeId` accepts).
 *
 * @example
 * isNodeId('NodeID-111111111111111111116DBWJs') // true
 * isNodeId('NodeID-111111111111111111116DBWJt') // false (checksum)
 */
export function isNodeId(s: string): boolean {
  try {
    parseNodeId(s)
    return true
  } catch {
    return false
  }
}

/**
 * The CB58 of a 32-byte ID holding `name`'s UTF-8 bytes, right-padded with zeros:
 * how avalanchego spells built-in VM IDs, e.g. `ids.ID{'a','v','m'}`.
 * Not avalanchego's `ids.FromString`, which parses CB58.
 *
 * @example
 * idFromString('avm') // 'jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq'
 */
export function idFromString(name: string): string {
  const utf8 = new TextEncoder().encode(name)
  if (utf8.length > idLen) throw new Error(`ID name is ${utf8.length} bytes; at most ${idLen} fit`)
  const id = new Uint8Array(idLen)
  id.set(utf8)
  return encodeCb58(id)
}
