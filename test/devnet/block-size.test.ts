/**
 * The block builder's size limit, as a node's miner keeps it (miner/worker.go `commitTransactions`: no transaction that
 * would take the block's transactions past `targetTxsSize`, 1,800 KiB; the sender's later ones wait with it). A burst
 * of large-calldata sends under the block's gas limit but over 1,800 KiB spans two blocks; pending reads and
 * newPendingTransactions see each send once. Real devnet, real anvil; every block passes core's header checks when
 * the devnet stops (test/helpers/devnet.ts).
 */
import { keccak256, parseGwei, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import WebSocket from 'ws'
import { describe, expect, it } from 'vitest'
import { l1Calls, testFeeConfig, testGenesis, useDevnet } from '../helpers/devnet.js'

const chainId = 4342
const accounts = Array.from({ length: 10 }, (_, i) => privateKeyToAccount(keccak256(toHex(`block-size ${i}`))))
// A 20M gas limit: 20 sends of 120,000 zero bytes (501,000 gas each) fit it by gas, 10.02M.
const genesis = {
  ...testGenesis({ chainId, feeConfig: { ...testFeeConfig, gasLimit: 20_000_000, targetGas: 40_000_000 } }),
  gasLimit: `0x${(20_000_000).toString(16)}`,
  alloc: Object.fromEntries(accounts.map((a) => [a.address.slice(2), { balance: '0x3635c9adc5dea00000' }])),
}
const sink = '0x000000000000000000000000000000000000dEaD'
const TARGET = 1800 * 1024
const INPUT = 120_000

describe('the block size limit', () => {
  const devnet = useDevnet({ genesis })
  const { call, receipts: receiptsOf } = l1Calls(devnet)
  const sign = (i: number, nonce: number, bytes: number) =>
    accounts[i]!.signTransaction({
      chainId,
      type: 'eip1559',
      nonce,
      to: sink,
      value: 0n,
      gas: 21_000n + 4n * BigInt(bytes),
      maxFeePerGas: parseGwei('200'),
      maxPriorityFeePerGas: parseGwei('1'),
      data: `0x${'00'.repeat(bytes)}`,
    })

  it('a burst of 20 sends of 120 KB (10.02M gas, 2.4 MB) spans two blocks, none over 1,800 KiB; each is announced once', async () => {
    const ws = new WebSocket(devnet().wsUrl)
    await new Promise((resolve) => ws.once('open', resolve))
    const announced: string[] = []
    ws.on('message', (data: Buffer) => {
      const m = JSON.parse(data.toString('utf8'))
      if (m.params?.result && typeof m.params.result === 'string') announced.push(m.params.result)
    })
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newPendingTransactions'] }))
    await new Promise((resolve) => setTimeout(resolve, 200))

    await call('evm_setAutomine', [false])
    const start = Number(BigInt((await call('eth_getBlockByNumber', ['latest', false])).number))
    const raws = await Promise.all(accounts.flatMap((_, i) => [sign(i, 0, INPUT), sign(i, 1, INPUT)]))
    const hashes: string[] = []
    for (const raw of raws) hashes.push(await call('eth_sendRawTransaction', [raw]))
    await call('evm_setAutomine', [true])
    const receipts = await receiptsOf(hashes)
    for (const [i, r] of receipts.entries()) expect(r?.status, hashes[i]).toBe('0x1')
    const numbers = [...new Set(receipts.map((r) => Number(BigInt(r.blockNumber))))].sort((a, b) => a - b)
    expect(numbers).toEqual([start + 1, start + 2])
    const sizeOf = (raw: string) => (raw.length - 2) / 2
    const bySize = new Map(hashes.map((h, i) => [h, sizeOf(raws[i]!)]))
    const blocks = await Promise.all(numbers.map((n) => call('eth_getBlockByNumber', [toHex(n), false])))
    const sizes = blocks.map((b) => (b.transactions as string[]).reduce((sum, h) => sum + bySize.get(h)!, 0))
    // As many as fit in 1,800 KiB: 15 of 120,1xx bytes, the other 5 in the next block.
    expect(blocks.map((b) => b.transactions.length)).toEqual([15, 5])
    for (const size of sizes) expect(size).toBeLessThanOrEqual(TARGET)
    expect(sizes[0]! + bySize.get(hashes[0]!)!).toBeGreaterThan(TARGET)
    // Each sender's in nonce order: a sender whose first send waited has its second in the later block too.
    for (let i = 0; i < accounts.length; i++) {
      const [a, b] = [receipts[2 * i], receipts[2 * i + 1]]
      expect(Number(BigInt(a.blockNumber))).toBeLessThanOrEqual(Number(BigInt(b.blockNumber)))
    }
    // The block is under its gas limit: size, not gas, ended it.
    expect(BigInt(blocks[0].gasUsed)).toBeLessThan(BigInt(blocks[0].gasLimit) - 501_000n)
    await new Promise((resolve) => setTimeout(resolve, 200))
    ws.close()
    for (const hash of hashes)
      expect(
        announced.filter((h) => h === hash),
        hash,
      ).toHaveLength(1)
  }, 60_000)

  it('sends under the limit share one block as before', async () => {
    await call('evm_setAutomine', [false])
    const nonces = await Promise.all(
      accounts.slice(0, 4).map(async (a) => Number(BigInt(await call('eth_getTransactionCount', [a.address, 'latest'])))),
    )
    const raws = await Promise.all(nonces.map((n, i) => sign(i, n, 100_000)))
    const hashes: string[] = []
    for (const raw of raws) hashes.push(await call('eth_sendRawTransaction', [raw]))
    // Pending while automine is off, each once.
    for (const hash of hashes) expect((await call('eth_getTransactionByHash', [hash])).blockNumber).toBeNull()
    await call('evm_setAutomine', [true])
    const receipts = await receiptsOf(hashes)
    expect(new Set(receipts.map((r) => r.blockNumber)).size).toBe(1)
  })
})
