/**
 * A raw transaction whose fee cap is over the pool minimum (`minBaseFee`) but under the next block's base fee waits in
 * the pool, as on a node (core/txpool/validation.go refuses only under the minimum; the block builder skips it until
 * the base fee falls): answered with its hash, shown as pending, and mined once time has brought the base fee down to
 * its fee cap. Real devnet, real anvil.
 */
import { parseGwei } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { rpc, testFeeConfig, useDevnet } from '../helpers/devnet.js'
import { baseFeeSwings } from '../helpers/heldSends.js'

const chainId = 4328
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const devnet = useDevnet({
  genesis: {
    config: { chainId, feeConfig: testFeeConfig, feeManagerConfig: { adminAddresses: [account.address], blockTimestamp: 0 } },
    alloc: { [account.address.slice(2)]: { balance: '0x3635c9adc5dea00000' } },
    timestamp: `0x${Math.floor(Date.now() / 1000).toString(16)}`,
    gasLimit: '0x7A1200',
    difficulty: '0x0',
  },
})
type Reply = { result?: any; error?: { code: number; message: string } }
const call = async (method: string, params: unknown[] = []): Promise<Reply> =>
  JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply
const signed = async (nonce: number, maxFeePerGas: bigint) =>
  account.signTransaction({
    chainId,
    type: 'eip1559',
    nonce,
    to: account.address,
    value: 1n,
    gas: 21_000n,
    maxFeePerGas,
    maxPriorityFeePerGas: 1n,
  })

describe('the pending pool', () => {
  it('keeps a fee cap between minBaseFee and the base fee: a hash, a pending transaction, the pending nonce', async () => {
    // The minimum down to 1 gwei: the base fee (25 gwei) only falls from there as time passes.
    const { feeConfig } = (await call('eth_feeConfig')).result
    expect((await call('devnet_setFeeConfig', [{ ...feeConfig, minBaseFee: 1_000_000_000 }])).error).toBeUndefined()
    const nonce = Number(BigInt((await call('eth_getTransactionCount', [account.address, 'latest'])).result))
    expect(BigInt((await call('eth_baseFee')).result)).toBeGreaterThan(parseGwei('2'))

    const raw = await signed(nonce, parseGwei('2'))
    const sent = await call('eth_sendRawTransaction', [raw])
    expect(sent.error).toBeUndefined()
    const hash = sent.result as string
    const pending = (await call('eth_getTransactionByHash', [hash])).result
    expect(pending).toMatchObject({
      blockHash: null,
      blockNumber: null,
      hash,
      nonce: `0x${nonce.toString(16)}`,
      maxFeePerGas: '0x77359400',
    })
    expect(pending.from).toBe(account.address.toLowerCase())
    expect((await call('eth_getTransactionReceipt', [hash])).result).toBeNull()
    expect(Number(BigInt((await call('eth_getTransactionCount', [account.address, 'pending'])).result))).toBe(nonce + 1)
    expect(Number(BigInt((await call('eth_getTransactionCount', [account.address, 'latest'])).result))).toBe(nonce)

    // Time passes with no block: the base fee of a block built now falls to the minimum, and the transaction is mined.
    await call('evm_increaseTime', [100_000])
    let receipt: { status: string } | null = null
    for (const deadline = Date.now() + 5000; !receipt && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 100))
      receipt = (await call('eth_getTransactionReceipt', [hash])).result
    }
    expect(receipt?.status).toBe('0x1')
  })

  it('keeps an eth_sendTransaction with such a fee cap too (signed by anvil for its dev account), then mines it', async () => {
    const base = BigInt((await call('eth_baseFee')).result)
    // The base fee back above 2 gwei: a busy block's worth of transfers with generous fees.
    const { feeConfig } = (await call('eth_feeConfig')).result
    expect((await call('devnet_setFeeConfig', [{ ...feeConfig, targetGas: 21_000, baseFeeChangeDenominator: 2 }])).error).toBeUndefined()
    while (BigInt((await call('eth_baseFee')).result) <= parseGwei('2'))
      await call('eth_sendTransaction', [
        { from: account.address, to: account.address, value: '0x1', maxFeePerGas: `0x${(base * 1000n).toString(16)}` },
      ])
    const nonce = Number(BigInt((await call('eth_getTransactionCount', [account.address, 'pending'])).result))
    const sent = await call('eth_sendTransaction', [
      { from: account.address, to: account.address, value: '0x1', gas: '0x5208', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x1' },
    ])
    expect(sent.error).toBeUndefined()
    const hash = sent.result as string
    expect((await call('eth_getTransactionByHash', [hash])).result).toMatchObject({ blockNumber: null, nonce: `0x${nonce.toString(16)}` })
    // The sender's next transaction takes the nonce after the waiting one, as the node's pool counts it, and waits
    // behind it.
    const next = await call('eth_sendTransaction', [
      { from: account.address, to: account.address, value: '0x2', maxFeePerGas: `0x${(base * 10n ** 4n).toString(16)}` },
    ])
    expect((await call('eth_getTransactionByHash', [next.result])).result.nonce).toBe(`0x${(nonce + 1).toString(16)}`)
    await call('evm_increaseTime', [100_000])
    let receipts: ({ status: string; blockNumber: string } | null)[] = [null, null]
    for (const deadline = Date.now() + 5000; receipts.some((r) => !r) && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 100))
      receipts = await Promise.all([hash, next.result].map(async (h) => (await call('eth_getTransactionReceipt', [h])).result))
    }
    expect(receipts.map((r) => r?.status)).toEqual(['0x1', '0x1'])
  })

  it('still refuses a fee cap under the pool minimum', async () => {
    const nonce = Number(BigInt((await call('eth_getTransactionCount', [account.address, 'pending'])).result))
    const error = (await call('eth_sendRawTransaction', [await signed(nonce, parseGwei('0.5'))])).error
    expect(error?.message).toBe(
      `transaction underpriced: address ${account.address} have gas fee cap (500000000) < pool minimum fee cap (1000000000)`,
    )
  })
})

/**
 * The pending nonce is the node's pool's (legacypool `Nonce`: the nonce after the run of its pending transactions,
 * promoted by nonce alone): a send held here for the base fee is pending there, and anvil's queued sends after it
 * count once it closes their gap; a send behind a gap counts in neither pool.
 */
describe('the pending nonce with a send held for the base fee', () => {
  const good = parseGwei('1000')
  const held = parseGwei('2')
  const count = async (block: string) => Number(BigInt((await call('eth_getTransactionCount', [account.address, block])).result))
  const send = async (nonce: number, fee: bigint) => {
    const reply = await call('eth_sendRawTransaction', [await signed(nonce, fee)])
    expect(reply.error).toBeUndefined()
    return reply.result as string
  }
  const { raiseBaseFee, letFall } = baseFeeSwings(call, count)
  /** Time passes: the held sends are mined, up to `mined`, and none is left. */
  const settle = async (mined: number) => {
    await letFall(mined)
    expect(await count('pending')).toBe(mined)
  }

  it('held only: the held nonce counts, one behind a gap does not', async () => {
    const n = await raiseBaseFee()
    await send(n + 1, held) // behind a gap: queued in the node's pool
    expect(await count('pending')).toBe(n)
    await send(n, held) // closes the gap: both pending
    expect(await count('pending')).toBe(n + 2)
    await settle(n + 2)
  })

  it("held, then anvil's queued send after it: both count, and eth_sendTransaction takes the nonce after them", async () => {
    const n = await raiseBaseFee()
    await send(n, held)
    await send(n + 1, good) // anvil queues it (it does not know n); the node's pool has n and n + 1 pending
    expect(await count('pending')).toBe(n + 2)
    const unsigned = await call('eth_sendTransaction', [
      { from: account.address, to: account.address, value: '0x3', maxFeePerGas: `0x${good.toString(16)}` },
    ])
    expect(unsigned.error).toBeUndefined()
    expect((await call('eth_getTransactionByHash', [unsigned.result])).result.nonce).toBe(`0x${(n + 2).toString(16)}`)
    expect(await count('pending')).toBe(n + 3)
    await settle(n + 3)
  })

  it("held, and anvil's queued sends behind a gap: counted once the gap is closed", async () => {
    const n = await raiseBaseFee()
    await send(n, held)
    await send(n + 2, good)
    expect(await count('pending')).toBe(n + 1)
    await send(n + 1, good)
    expect(await count('pending')).toBe(n + 3)
    await settle(n + 3)
  })

  it("anvil's pending send, then a held one, then anvil's queued one: all three count", async () => {
    const n = await raiseBaseFee()
    expect((await call('evm_setAutomine', [false])).error).toBeUndefined()
    try {
      await send(n, good) // pending in anvil's pool, not mined
      await send(n + 1, held)
      await send(n + 2, good) // queued in anvil's (n + 1 is not there)
      expect(await count('latest')).toBe(n)
      expect(await count('pending')).toBe(n + 3)
      await send(n + 4, good) // behind a gap in both
      expect(await count('pending')).toBe(n + 3)
      await send(n + 3, good)
      expect(await count('pending')).toBe(n + 5)
    } finally {
      expect((await call('evm_setAutomine', [true])).error).toBeUndefined()
    }
    await settle(n + 5)
  })

  it("none held: anvil's count (its pending run; a send behind a gap not counted)", async () => {
    const n = await count('latest')
    expect((await call('evm_setAutomine', [false])).error).toBeUndefined()
    try {
      await send(n, good)
      await send(n + 2, good)
      expect(await count('pending')).toBe(n + 1)
      await send(n + 1, good)
      expect(await count('pending')).toBe(n + 3)
    } finally {
      expect((await call('evm_setAutomine', [true])).error).toBeUndefined()
    }
    await settle(n + 3)
  })
})
