/**
 * Teleporter's message codec, message ID and receive gas (src/core/warp/teleporter.ts), against viem's ABI coder and
 * keccak (an independent implementation of the same ABI rules), over random messages; the refusals of bytes that are
 * not a message; and the devnet relayer's listing decoder (src/core/warp/relayer.ts).
 */
import fc from 'fast-check'
import { decodeAbiParameters, encodeAbiParameters, type Hex, keccak256 } from 'viem'
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError, ResponseShapeError, WarpFormatError } from '../../src/index.js'
import { callRelayerMessages, parseRelayerMessages } from '../../src/core/warp/relayer.js'
import { teleporterMessengerAbi } from '../../src/core/warp/teleporterAbi.js'
import {
  encodeTeleporterMessage,
  parseTeleporterMessage,
  type TeleporterMessage,
  teleporterMessageID,
  teleporterReceiveGasLimit,
} from '../../src/core/warp/teleporter.js'

const lower = (v: unknown): unknown =>
  typeof v === 'string'
    ? v.toLowerCase()
    : Array.isArray(v)
      ? v.map(lower)
      : typeof v === 'object' && v !== null
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, lower(x)]))
        : v

const messageParam = teleporterMessengerAbi.find((e) => e.type === 'function' && e.name === 'retryMessageExecution')!.inputs[1]

const hex = (bytes: number) =>
  fc.uint8Array({ minLength: bytes, maxLength: bytes }).map((b) => `0x${Buffer.from(b).toString('hex')}` as Hex)
const address = hex(20)
const uint = fc.bigInt({ min: 0n, max: (1n << 256n) - 1n })
const message: fc.Arbitrary<TeleporterMessage> = fc.record({
  messageNonce: uint,
  originSenderAddress: address,
  destinationBlockchainID: hex(32),
  destinationAddress: address,
  requiredGasLimit: uint,
  allowedRelayerAddresses: fc.array(address, { maxLength: 4 }),
  receipts: fc.array(fc.record({ receivedMessageNonce: uint, relayerRewardAddress: address }), { maxLength: 4 }),
  message: fc.uint8Array({ maxLength: 200 }).map((b) => `0x${Buffer.from(b).toString('hex')}` as Hex),
})

describe('Teleporter messages', () => {
  it('encode as abi.encode(TeleporterMessage) does, and decode back', () => {
    fc.assert(
      fc.property(message, (m) => {
        const ours = encodeTeleporterMessage(m)
        expect(ours).toBe(encodeAbiParameters([messageParam], [m]))
        expect(parseTeleporterMessage(ours)).toEqual(m)
        const [theirs] = decodeAbiParameters([messageParam], ours)
        // viem gives addresses checksummed; ours lower case.
        expect(lower(theirs)).toEqual(lower(m))
      }),
      { numRuns: 200 },
    )
  })

  it('refuse bytes that are not one, saying which field does not fit', () => {
    const m = encodeTeleporterMessage({
      messageNonce: 1n,
      originSenderAddress: `0x${'11'.repeat(20)}`,
      destinationBlockchainID: `0x${'22'.repeat(32)}`,
      destinationAddress: `0x${'33'.repeat(20)}`,
      requiredGasLimit: 1n,
      allowedRelayerAddresses: [],
      receipts: [],
      message: '0x01',
    })
    expect(() => parseTeleporterMessage(m.slice(0, -64) as Hex)).toThrow(WarpFormatError)
    expect(() => parseTeleporterMessage('0x')).toThrow(/tuple is past the end/)
    // An address word with its upper bytes set.
    const dirty = `${m.slice(0, 2 + 64 * 2)}ff${m.slice(2 + 64 * 2 + 2)}` as Hex
    expect(() => parseTeleporterMessage(dirty)).toThrow(/originSenderAddress is not an address/)
    expect(() => encodeTeleporterMessage({ ...parseTeleporterMessage(m), messageNonce: -1n })).toThrow(/messageNonce/)
  })

  it('have calculateMessageID’s ID', () => {
    fc.assert(
      fc.property(address, hex(32), hex(32), uint, (messenger, source, destination, nonce) => {
        const expected = keccak256(
          encodeAbiParameters(
            [{ type: 'address' }, { type: 'bytes32' }, { type: 'bytes32' }, { type: 'uint256' }],
            [messenger, source, destination, nonce],
          ),
        )
        expect(
          teleporterMessageID({ messenger, sourceBlockchainID: source, destinationBlockchainID: destination, messageNonce: nonce }),
        ).toBe(expected)
      }),
      { numRuns: 50 },
    )
  })

  it('get the gas icm-relayer gives them', () => {
    const p = { requiredGasLimit: 100_000n, predicateChunks: 12, messageBytes: 5, receipts: 2, signers: 4 }
    // Granite: 512 per chunk twice, 35 per byte, 2,500 per receipt, 250 per signer, 125,000 + 750 + 250,000.
    expect(teleporterReceiveGasLimit(p)).toBe(100_000n + 12_288n + 175n + 5_000n + 1_000n + 125_000n + 750n + 250_000n)
    // Before Granite: 3,200 per chunk, 500 per signer, 200,000 + 2.
    expect(teleporterReceiveGasLimit({ ...p, isGranite: false })).toBe(
      100_000n + 76_800n + 175n + 5_000n + 2_000n + 200_000n + 2n + 250_000n,
    )
    expect(() => teleporterReceiveGasLimit({ ...p, requiredGasLimit: 1n << 64n })).toThrow(/required gas limit too high/)
  })
})

describe("the devnet relayer's listing", () => {
  const one = {
    messageID: `0x${'aa'.repeat(32)}`,
    status: 'delivered',
    source: 'a',
    sourceBlockchainID: 'x',
    destination: 'b',
    destinationBlockchainID: 'y',
    messenger: `0x${'11'.repeat(20)}`,
    messageNonce: '0x1',
    originSenderAddress: `0x${'22'.repeat(20)}`,
    destinationAddress: `0x${'33'.repeat(20)}`,
    requiredGasLimit: '0x30d40',
    warpMessageID: `0x${'bb'.repeat(32)}`,
    sourceTxHash: `0x${'cc'.repeat(32)}`,
    sourceBlockNumber: '0xa',
    attempts: 1,
    destinationTxHash: `0x${'dd'.repeat(32)}`,
    destinationBlockNumber: '0xb',
    execution: 'succeeded',
    seenAt: 1,
    deliveredAt: 2,
    latencyMs: 1,
  }
  const reply = { relayerAddress: `0x${'44'.repeat(20)}`, rewardAddress: `0x${'44'.repeat(20)}`, messages: [one] }

  it('decodes quantities to bigint', () => {
    const [m] = parseRelayerMessages(reply).messages
    expect(m).toMatchObject({
      messageNonce: 1n,
      requiredGasLimit: 200_000n,
      sourceBlockNumber: 10n,
      destinationBlockNumber: 11n,
      error: undefined,
    })
  })

  it('refuses a reply of another shape with the path', () => {
    expect(() => parseRelayerMessages({ ...reply, messages: [{ ...one, status: 'lost' }] })).toThrow(ResponseShapeError)
    expect(() => parseRelayerMessages({ ...reply, messages: [{ ...one, messageNonce: 1 }] })).toThrow(/\$\.messages\[0\]\.messageNonce/)
  })

  it('refuses a bad filter before any request', async () => {
    const send = () => Promise.reject(new Error('no request expected'))
    await expect(callRelayerMessages(send, { status: 'lost' as never })).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(callRelayerMessages(send, { messageID: '0x12' })).rejects.toBeInstanceOf(InvalidArgumentError)
  })
})
