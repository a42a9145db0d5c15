/**
 * Teleporter (ICM) messages as they travel in a Warp message's `AddressedCall` payload: the ABI encoding of
 * `TeleporterMessage` (icm-contracts teleporter/ITeleporterMessenger.sol), written from the public struct, its
 * message ID (`TeleporterMessenger.calculateMessageID`), and the gas a relayer gives `receiveCrossChainMessage`
 * (icm-services utils/gas_utils.go `CalculateReceiveMessageGasLimit`).
 */
import { keccak_256 } from '@noble/hashes/sha3'
import { WarpFormatError } from '../../errors/warp.js'
import { bytesToHex, hexToBytes } from './codec.js'
import { warpPredicateGasConfig } from './predicate.js'

type Hex = `0x${string}`

/**
 * The address Teleporter is deployed at on every chain (Nick's method: the same keyless transaction everywhere),
 * the address icm-relayer watches by default.
 */
export const teleporterMessengerAddress = '0x253b2784c75e510dD0fF1da844684a1aC0aa5fcf' as const

/** `TeleporterMessageReceipt`: a message received from the chain the receipt goes back to, and who delivered it. */
export type TeleporterMessageReceipt = { receivedMessageNonce: bigint; relayerRewardAddress: Hex }

/** `TeleporterMessage`, the struct Teleporter ABI-encodes into its Warp message's payload. */
export type TeleporterMessage = {
  messageNonce: bigint
  originSenderAddress: Hex
  destinationBlockchainID: Hex
  destinationAddress: Hex
  requiredGasLimit: bigint
  allowedRelayerAddresses: Hex[]
  receipts: TeleporterMessageReceipt[]
  message: Hex
}

const word = 32
const uint256Max = (1n << 256n) - 1n

function readWord(bytes: Uint8Array, at: number, what: string): Uint8Array {
  if (at < 0 || at + word > bytes.length) throw new WarpFormatError(`TeleporterMessage: ${what} is past the end of the payload`)
  return bytes.subarray(at, at + word)
}
const wordInt = (w: Uint8Array) => BigInt(bytesToHex(w))
function readOffset(bytes: Uint8Array, at: number, base: number, what: string): number {
  const v = wordInt(readWord(bytes, at, what))
  if (v > BigInt(bytes.length)) throw new WarpFormatError(`TeleporterMessage: ${what} offset ${v} is past the end of the payload`)
  return base + Number(v)
}
function readAddress(bytes: Uint8Array, at: number, what: string): Hex {
  const w = readWord(bytes, at, what)
  if (w.subarray(0, 12).some((b) => b !== 0))
    throw new WarpFormatError(`TeleporterMessage: ${what} is not an address (upper 12 bytes not zero)`)
  return bytesToHex(w.subarray(12))
}
function readLength(bytes: Uint8Array, at: number, what: string, unit: number): number {
  const n = wordInt(readWord(bytes, at, `${what} length`))
  if (n * BigInt(unit) > BigInt(bytes.length - at - word))
    throw new WarpFormatError(`TeleporterMessage: ${what} length ${n} is past the end of the payload`)
  return Number(n)
}

/**
 * Decodes `abi.encode(TeleporterMessage)`, the payload of Teleporter's Warp messages. Throws a `WarpFormatError`
 * saying which field does not fit when the bytes are not one.
 *
 * @example
 * import { encodeTeleporterMessage, parseTeleporterMessage } from 'subnet-rpc/warp'
 * const bytes = encodeTeleporterMessage({
 *   messageNonce: 1n, originSenderAddress: `0x${'11'.repeat(20)}`, destinationBlockchainID: `0x${'22'.repeat(32)}`,
 *   destinationAddress: `0x${'33'.repeat(20)}`, requiredGasLimit: 100_000n, allowedRelayerAddresses: [], receipts: [], message: '0x68656c6c6f',
 * })
 * parseTeleporterMessage(bytes).requiredGasLimit // 100000n
 */
export function parseTeleporterMessage(payload: Hex | Uint8Array): TeleporterMessage {
  const bytes = hexToBytes('payload', payload)
  // abi.encode of one dynamic tuple: the tuple's offset, then the tuple.
  const t = readOffset(bytes, 0, 0, 'tuple')
  const allowedAt = readOffset(bytes, t + 5 * word, t, 'allowedRelayerAddresses')
  const receiptsAt = readOffset(bytes, t + 6 * word, t, 'receipts')
  const messageAt = readOffset(bytes, t + 7 * word, t, 'message')
  const allowed: Hex[] = []
  const nAllowed = readLength(bytes, allowedAt, 'allowedRelayerAddresses', word)
  for (let i = 0; i < nAllowed; i++) allowed.push(readAddress(bytes, allowedAt + word * (1 + i), `allowedRelayerAddresses[${i}]`))
  const receipts: TeleporterMessageReceipt[] = []
  const nReceipts = readLength(bytes, receiptsAt, 'receipts', 2 * word)
  for (let i = 0; i < nReceipts; i++) {
    const at = receiptsAt + word * (1 + 2 * i)
    receipts.push({
      receivedMessageNonce: wordInt(readWord(bytes, at, `receipts[${i}].receivedMessageNonce`)),
      relayerRewardAddress: readAddress(bytes, at + word, `receipts[${i}].relayerRewardAddress`),
    })
  }
  const nMessage = readLength(bytes, messageAt, 'message', 1)
  return {
    messageNonce: wordInt(readWord(bytes, t, 'messageNonce')),
    originSenderAddress: readAddress(bytes, t + word, 'originSenderAddress'),
    destinationBlockchainID: bytesToHex(readWord(bytes, t + 2 * word, 'destinationBlockchainID')),
    destinationAddress: readAddress(bytes, t + 3 * word, 'destinationAddress'),
    requiredGasLimit: wordInt(readWord(bytes, t + 4 * word, 'requiredGasLimit')),
    allowedRelayerAddresses: allowed,
    receipts,
    message: bytesToHex(bytes.slice(messageAt + word, messageAt + word + nMessage)),
  }
}

const uintWord = (v: bigint, what: string): string => {
  if (typeof v !== 'bigint' || v < 0n || v > uint256Max)
    throw new WarpFormatError(`TeleporterMessage: ${what} must be a bigint from 0 to 2^256-1`)
  return v.toString(16).padStart(64, '0')
}
const addressWord = (a: string, what: string): string => {
  if (typeof a !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(a))
    throw new WarpFormatError(`TeleporterMessage: ${what} must be a 0x-prefixed 20-byte address`)
  return a.slice(2).toLowerCase().padStart(64, '0')
}
const bytes32Word = (h: string, what: string): string => {
  if (typeof h !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(h))
    throw new WarpFormatError(`TeleporterMessage: ${what} must be 32 bytes of 0x-prefixed hex`)
  return h.slice(2).toLowerCase()
}

/**
 * `abi.encode(TeleporterMessage)`: the payload Teleporter sends, and the message `retryMessageExecution` takes.
 *
 * @example
 * import { encodeTeleporterMessage } from 'subnet-rpc/warp'
 * encodeTeleporterMessage({
 *   messageNonce: 1n, originSenderAddress: `0x${'11'.repeat(20)}`, destinationBlockchainID: `0x${'22'.repeat(32)}`,
 *   destinationAddress: `0x${'33'.repeat(20)}`, requiredGasLimit: 100_000n, allowedRelayerAddresses: [], receipts: [], message: '0x',
 * }).length // 770
 */
export function encodeTeleporterMessage(m: TeleporterMessage): Hex {
  const message = hexToBytes('message', m.message)
  const allowed = m.allowedRelayerAddresses.map((a, i) => addressWord(a, `allowedRelayerAddresses[${i}]`))
  const receipts = m.receipts.flatMap((r, i) => [
    uintWord(r.receivedMessageNonce, `receipts[${i}].receivedMessageNonce`),
    addressWord(r.relayerRewardAddress, `receipts[${i}].relayerRewardAddress`),
  ])
  const allowedTail = [uintWord(BigInt(allowed.length), 'length'), ...allowed]
  const receiptsTail = [uintWord(BigInt(m.receipts.length), 'length'), ...receipts]
  const messageHex = bytesToHex(message).slice(2)
  const messageTail = [uintWord(BigInt(message.length), 'length'), messageHex.padEnd(Math.ceil(messageHex.length / 64) * 64, '0')]
  const headWords = 8
  const allowedAt = headWords * word
  const receiptsAt = allowedAt + allowedTail.length * word
  const messageAt = receiptsAt + receiptsTail.length * word
  const head = [
    uintWord(m.messageNonce, 'messageNonce'),
    addressWord(m.originSenderAddress, 'originSenderAddress'),
    bytes32Word(m.destinationBlockchainID, 'destinationBlockchainID'),
    addressWord(m.destinationAddress, 'destinationAddress'),
    uintWord(m.requiredGasLimit, 'requiredGasLimit'),
    uintWord(BigInt(allowedAt), 'offset'),
    uintWord(BigInt(receiptsAt), 'offset'),
    uintWord(BigInt(messageAt), 'offset'),
  ]
  return `0x${uintWord(32n, 'offset')}${[...head, ...allowedTail, ...receiptsTail, ...messageTail].join('')}`
}

/**
 * A Teleporter message's ID (`calculateMessageID`): keccak256 of `abi.encode(messenger, sourceBlockchainID,
 * destinationBlockchainID, nonce)`, where `messenger` is the Teleporter contract (the same address on both chains).
 *
 * @example
 * import { teleporterMessageID, teleporterMessengerAddress } from 'subnet-rpc/warp'
 * teleporterMessageID({
 *   messenger: teleporterMessengerAddress, sourceBlockchainID: `0x${'11'.repeat(32)}`,
 *   destinationBlockchainID: `0x${'22'.repeat(32)}`, messageNonce: 1n,
 * }).length // 66
 */
export function teleporterMessageID(p: {
  messenger: Hex | string
  sourceBlockchainID: Hex
  destinationBlockchainID: Hex
  messageNonce: bigint
}): Hex {
  const encoded = `${addressWord(p.messenger, 'messenger')}${bytes32Word(p.sourceBlockchainID, 'sourceBlockchainID')}${bytes32Word(
    p.destinationBlockchainID,
    'destinationBlockchainID',
  )}${uintWord(p.messageNonce, 'messageNonce')}`
  return bytesToHex(keccak_256(hexToBytes('encoded', `0x${encoded}`)))
}

/** What `CalculateReceiveMessageGasLimit` adds beyond the Warp gas: decoding per message byte, per receipt, and Teleporter's own work. */
export const teleporterReceiveGas = { decodePerMessageByte: 35n, perReceipt: 2_500n, overhead: 250_000n } as const

/**
 * The gas limit icm-relayer gives a `receiveCrossChainMessage` transaction (icm-services utils/gas_utils.go
 * `CalculateReceiveMessageGasLimit`): the message's `requiredGasLimit`, the predicate's chunks twice (verified in the
 * block and read by `getVerifiedWarpMessage`), 35 per byte of the message, 2,500 per receipt, the signers, the
 * predicate and `getVerifiedWarpMessage` bases, and 250,000 for Teleporter itself. `isGranite` picks the Warp gas
 * table (`GetVerifiedWarpMessageBase` 750 from Granite, 2 before); icm-relayer uses Granite's.
 *
 * @example
 * import { teleporterReceiveGasLimit } from 'subnet-rpc/warp'
 * teleporterReceiveGasLimit({ requiredGasLimit: 100_000n, predicateChunks: 12, messageBytes: 5, receipts: 0, signers: 4 }) // 489213n
 */
export function teleporterReceiveGasLimit(p: {
  requiredGasLimit: bigint
  predicateChunks: number
  messageBytes: number
  receipts: number
  signers: number
  isGranite?: boolean
}): bigint {
  const isGranite = p.isGranite ?? true
  const gas = warpPredicateGasConfig(isGranite)
  const getVerifiedWarpMessageBase = isGranite ? 750n : 2n
  if (p.requiredGasLimit >= 1n << 64n) throw new WarpFormatError('TeleporterMessage: required gas limit too high')
  return (
    p.requiredGasLimit +
    BigInt(p.predicateChunks) * gas.perWarpMessageChunk * 2n +
    BigInt(p.messageBytes) * teleporterReceiveGas.decodePerMessageByte +
    BigInt(p.receipts) * teleporterReceiveGas.perReceipt +
    BigInt(p.signers) * gas.perWarpSigner +
    gas.verifyPredicateBase +
    getVerifiedWarpMessageBase +
    teleporterReceiveGas.overhead
  )
}
