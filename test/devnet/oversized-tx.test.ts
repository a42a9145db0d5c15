/**
 * A raw transaction over the node's pool limit (core/txpool/legacypool `txMaxSize`, 4 slots of 32 KiB = 131,072
 * bytes of encoding) is refused with the node's text (core/txpool/validation.go `ValidateTransaction`); one of
 * exactly the limit goes in and is mined.
 */
import { keccak256, parseGwei, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { l1Calls, testGenesis, useDevnet } from '../helpers/devnet.js'

const account = privateKeyToAccount(keccak256(toHex('oversized-tx')))
const chainId = 43_221
const limit = 131_072
const genesis = { ...testGenesis({ chainId }), alloc: { [account.address.slice(2)]: { balance: '0x56bc75e2d63100000' } } }
const devnet = useDevnet({ genesis })
const { reply, receipts } = l1Calls(devnet)

/** A transfer carrying `length` zero bytes of data (4 gas each), signed. */
const signed = (nonce: number, length: number) =>
  account.signTransaction({
    chainId,
    type: 'eip1559',
    nonce,
    to: '0x000000000000000000000000000000000000dEaD',
    gas: 21_000n + 4n * BigInt(length),
    maxFeePerGas: parseGwei('100'),
    maxPriorityFeePerGas: parseGwei('1'),
    data: `0x${'00'.repeat(length)}`,
  })
const sizeOf = (raw: string) => (raw.length - 2) / 2

describe('the pool size limit', () => {
  it("refuses a transaction one byte over 131,072 with the node's text, and takes one of exactly 131,072", async () => {
    // The encoding's overhead over the data is the same for every length from 64 KiB to 16 MiB (3-byte prefixes).
    const overhead = sizeOf(await signed(0, 70_000)) - 70_000
    const atLimit = await signed(0, limit - overhead)
    const over = await signed(0, limit - overhead + 1)
    expect([sizeOf(atLimit), sizeOf(over)]).toEqual([limit, limit + 1])
    expect(await reply('eth_sendRawTransaction', [over])).toMatchObject({
      error: { code: -32000, message: `oversized data: transaction size ${limit + 1}, limit ${limit}` },
    })
    const sent = await reply('eth_sendRawTransaction', [atLimit])
    expect(sent.error).toBeUndefined()
    const [receipt] = await receipts([sent.result])
    expect(receipt?.status).toBe('0x1')
  })
})
