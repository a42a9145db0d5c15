/**
 * A transaction over the node's pool limit (core/txpool/legacypool `txMaxSize`, 4 slots of 32 KiB = 131,072 bytes of
 * encoding) is refused with the node's text (core/txpool/validation.go `ValidateTransaction`); one of exactly the
 * limit goes in and is mined. For `eth_sendTransaction` the size is the signed transaction's (internal/ethapi
 * `SendTransaction` signs, then `SubmitTransaction` hands it to the pool); a send far under the limit costs no
 * signature.
 */
import { keccak256, parseGwei, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { recordAnvilPosts } from '../helpers/anvilPosts.js'
import { l1Calls, testGenesis, useDevnet } from '../helpers/devnet.js'

const account = privateKeyToAccount(keccak256(toHex('oversized-tx')))
/** anvil's first dev account, which it signs `eth_sendTransaction` for. */
const dev = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const chainId = 43_221
const limit = 131_072
const funds = { balance: '0x56bc75e2d63100000' }
const genesis = { ...testGenesis({ chainId }), alloc: { [account.address.slice(2)]: funds, [dev.address.slice(2)]: funds } }
const devnet = useDevnet({ genesis })
const posts = recordAnvilPosts()
const { reply, call, receipts } = l1Calls(devnet)

const to = '0x000000000000000000000000000000000000dEaD' as const
const fees = { maxFeePerGas: parseGwei('100'), maxPriorityFeePerGas: parseGwei('1') }
/** A transfer of `value` wei carrying `length` zero bytes of data (4 gas each). */
const transfer = (nonce: number, length: number, value = 0n) => ({
  chainId,
  type: 'eip1559' as const,
  nonce,
  to,
  value,
  gas: 21_000n + 4n * BigInt(length),
  ...fees,
  data: `0x${'00'.repeat(length)}` as const,
})
const signed = (nonce: number, length: number) => account.signTransaction(transfer(nonce, length))
const sizeOf = (raw: string) => (raw.length - 2) / 2
const hex = (n: bigint | number) => `0x${n.toString(16)}`

describe('the pool size limit', () => {
  it("refuses a raw transaction one byte over 131,072 with the node's text, and takes one of exactly 131,072", async () => {
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

  it('measures an eth_sendTransaction by the transaction anvil signs: one byte over is refused, exactly the limit is mined', async () => {
    const nonce = Number(BigInt(await call('eth_getTransactionCount', [dev.address, 'pending'])))
    /**
     * The dev account's signature of a transfer whose encoding is `size` bytes (the same one anvil signs: RFC 6979).
     * A signature's r or s is one byte short once in 256: then another value (1 byte like 0) signs it again.
     */
    const ofSize = async (size: number) => {
      const overhead = sizeOf(await dev.signTransaction(transfer(nonce, 70_000))) - 70_000
      for (let value = 0n; value < 128n; value++) {
        const tx = transfer(nonce, size - overhead, value)
        const raw = await dev.signTransaction(tx)
        if (sizeOf(raw) === size) return { tx, hash: keccak256(raw) }
      }
      throw new Error(`no transfer of ${size} bytes`)
    }
    const args = (tx: ReturnType<typeof transfer>) => ({
      from: dev.address,
      to: tx.to,
      value: hex(tx.value),
      gas: hex(tx.gas),
      maxFeePerGas: hex(tx.maxFeePerGas),
      maxPriorityFeePerGas: hex(tx.maxPriorityFeePerGas),
      nonce: hex(tx.nonce),
      data: tx.data,
    })

    const over = await ofSize(limit + 1)
    expect(await reply('eth_sendTransaction', [args(over.tx)])).toMatchObject({
      error: { code: -32000, message: `oversized data: transaction size ${limit + 1}, limit ${limit}` },
    })
    expect(await call('eth_getTransactionCount', [dev.address, 'pending'])).toBe(hex(nonce))

    const atLimit = await ofSize(limit)
    const sent = await reply('eth_sendTransaction', [args(atLimit.tx)])
    expect(sent).toMatchObject({ result: atLimit.hash })
    const [receipt] = await receipts([sent.result])
    expect(receipt?.status).toBe('0x1')
  })

  it('signs no eth_sendTransaction for measuring when its input is far under the limit', async () => {
    const before = posts.length
    const sent = await reply('eth_sendTransaction', [{ from: dev.address, to, data: `0x${'01'.repeat(100_000)}` }])
    expect(sent.error).toBeUndefined()
    const [receipt] = await receipts([sent.result])
    expect(receipt?.status).toBe('0x1')
    const methods = posts.slice(before).flatMap((body) => [JSON.parse(body)].flat().map((r: { method: string }) => r.method))
    expect(methods).toContain('eth_sendTransaction')
    expect(methods).not.toContain('eth_signTransaction')
  })
})
