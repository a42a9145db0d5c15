/**
 * The devnet's block builder as a node's (plugin/evm/block_builder.go, miner/worker.go): every pending transaction
 * that fits goes into the next block, by price and nonce; a burst shares blocks and keeps the head near the wall
 * clock; a nonce gap waits; a replacement needs the pool's 10% price bump; a block full by gas leaves the rest for
 * the next; pending reads show the pool; subscriptions see every head and log. Real devnet, real anvil; every
 * block passes core's header checks when the devnet stops (test/helpers/devnet.ts).
 */
import { keccak256, parseGwei, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import WebSocket from 'ws'
import { describe, expect, it } from 'vitest'
import { l1Calls, testGenesis, useDevnet } from '../helpers/devnet.js'

const chainId = 4341
const accounts = Array.from({ length: 10 }, (_, i) => privateKeyToAccount(keccak256(toHex(`block-builder ${i}`))))
const genesis = {
  ...testGenesis({ chainId }),
  alloc: Object.fromEntries(accounts.map((a) => [a.address.slice(2), { balance: '0x3635c9adc5dea00000' }])),
}
const sink = '0x000000000000000000000000000000000000dEaD'
/** Code that emits one empty log (PUSH1 0, PUSH1 0, LOG0, STOP). */
const logger = '0x00000000000000000000000000000000000010a0'
/** Code that halts (INVALID): a call to it uses its whole gas limit. */
const burner = '0x00000000000000000000000000000000000010b0'

type Block = { number: string; timestamp: string; transactions: string[]; gasUsed: string; gasLimit: string }

function chain(devnet: () => { rpcUrl: string }) {
  const { reply, call } = l1Calls(devnet)
  const nonceOf = async (address: string, tag = 'latest') => Number(BigInt(await call('eth_getTransactionCount', [address, tag])))
  const sign = (
    i: number,
    nonce: number,
    { tip = parseGwei('1'), feeCap = parseGwei('200'), to = sink, gas = 21_000n, data }: Partial<Record<string, any>> = {},
  ) =>
    accounts[i]!.signTransaction({
      chainId,
      type: 'eip1559',
      nonce,
      to,
      value: to === sink ? 1n : 0n,
      gas,
      maxFeePerGas: feeCap,
      maxPriorityFeePerGas: tip,
      data,
    })
  const block = async (n: number | string): Promise<Block> =>
    call('eth_getBlockByNumber', [typeof n === 'number' ? toHex(n) : n, false]) as Promise<Block>
  const head = async () => Number(BigInt((await block('latest')).number))
  return { reply, call, nonceOf, sign, block, head }
}

describe('the block builder', () => {
  const devnet = useDevnet({ genesis })
  const { reply, call, nonceOf, sign, block, head } = chain(devnet)

  it('mines a burst of 200 transfers from 10 accounts in at most 3 blocks, the head at most 6 s ahead of the wall clock', async () => {
    const start = await head()
    const nonces = await Promise.all(accounts.map((a) => nonceOf(a.address)))
    const raws = await Promise.all(accounts.flatMap((_, i) => Array.from({ length: 20 }, (_, k) => sign(i, nonces[i]! + k))))
    const replies = await Promise.all(raws.map((raw) => reply('eth_sendRawTransaction', [raw])))
    for (const r of replies) expect(r.error, JSON.stringify(r.error)).toBeUndefined()
    const end = await head()
    expect(end - start).toBeGreaterThanOrEqual(1)
    expect(end - start).toBeLessThanOrEqual(3)
    const last = await block('latest')
    expect(Number(BigInt(last.timestamp)) * 1000 - Date.now()).toBeLessThanOrEqual(6000)
    // Every send mined, each sender's in nonce order.
    const mined: string[] = []
    for (let n = start + 1; n <= end; n++) mined.push(...(await block(n)).transactions)
    expect(mined).toHaveLength(200)
    const txs = await Promise.all(mined.map((h) => call('eth_getTransactionByHash', [h])))
    const seen = new Map<string, number>()
    for (const tx of txs) {
      const nonce = Number(BigInt(tx.nonce))
      expect(nonce).toBeGreaterThan(seen.get(tx.from) ?? -1)
      seen.set(tx.from, nonce)
    }
  })

  it('orders a block by price, each sender’s by nonce (transactionsByPriceAndNonce)', async () => {
    await call('evm_setAutomine', [false])
    expect(await call('anvil_getAutomine')).toBe(false)
    const [n0, n1, n2] = await Promise.all([0, 1, 2].map((i) => nonceOf(accounts[i]!.address)))
    // Account 0: tips 1 then 9 gwei (its second waits for its first); account 1: 5 gwei; account 2: 3 gwei. The fee
    // caps rank as the tips do: anvil's pool orders by fee cap where the node's orders by effective tip (docs/devnet.md).
    const bid = (tip: string) => ({ tip: parseGwei(tip), feeCap: parseGwei(tip) + parseGwei('100') })
    const sends = [
      await sign(0, n0!, bid('1')),
      await sign(0, n0! + 1, bid('9')),
      await sign(1, n1!, bid('5')),
      await sign(2, n2!, bid('3')),
    ]
    const hashes: string[] = []
    for (const raw of sends) hashes.push(await call('eth_sendRawTransaction', [raw]))
    const before = await head()
    await call('evm_setAutomine', [true])
    // Turning automine on mines the pool: one block with all four.
    for (const deadline = Date.now() + 5000; (await head()) === before && Date.now() < deadline; )
      await new Promise((r) => setTimeout(r, 20))
    const mined = await block('latest')
    expect(mined.transactions).toEqual([hashes[2], hashes[3], hashes[0], hashes[1]])
  })

  it('keeps a transaction with a nonce gap queued until the gap is filled, then mines both', async () => {
    const n = await nonceOf(accounts[3]!.address)
    const before = await head()
    const gapped = await call('eth_sendRawTransaction', [await sign(3, n + 1)])
    await new Promise((r) => setTimeout(r, 300))
    expect(await call('eth_getTransactionReceipt', [gapped])).toBeNull()
    expect(await head()).toBe(before)
    const filler = await call('eth_sendRawTransaction', [await sign(3, n)])
    const receipts = await Promise.all([filler, gapped].map((h) => call('eth_getTransactionReceipt', [h])))
    expect(receipts.map((r) => r?.status)).toEqual(['0x1', '0x1'])
    expect(receipts[0].blockNumber).toBe(receipts[1].blockNumber)
  })

  it('replaces a pooled transaction only with fee and tip caps 10% higher (PriceBump); pending reads show the pool', async () => {
    await call('evm_setAutomine', [false])
    const address = accounts[4]!.address
    const n = await nonceOf(address)
    const first = await call('eth_sendRawTransaction', [await sign(4, n, { tip: parseGwei('10'), feeCap: parseGwei('100') })])
    // Pending reads: the pool's nonce, the transaction without a block; the pending block is the last accepted one.
    expect(await nonceOf(address, 'pending')).toBe(n + 1)
    expect(await nonceOf(address, 'latest')).toBe(n)
    expect(await call('eth_getTransactionByHash', [first])).toMatchObject({ hash: first, blockNumber: null })
    expect((await block('pending')).number).toBe((await block('latest')).number)
    const low = await reply('eth_sendRawTransaction', [await sign(4, n, { tip: parseGwei('10.9'), feeCap: parseGwei('110') })])
    expect(low.error).toEqual({ code: -32000, message: 'replacement transaction underpriced' })
    const second = await call('eth_sendRawTransaction', [await sign(4, n, { tip: parseGwei('11'), feeCap: parseGwei('110') })])
    await call('evm_setAutomine', [true])
    let receipt: any = null
    for (const deadline = Date.now() + 5000; !receipt && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 20))
      receipt = await call('eth_getTransactionReceipt', [second])
    }
    expect(receipt?.status).toBe('0x1')
    expect(await call('eth_getTransactionReceipt', [first])).toBeNull()
  })

  it('fills a block by gas and leaves the rest for the next block', async () => {
    await call('anvil_setCode', [burner, '0xfe'])
    const gasLimit = BigInt((await block('latest')).gasLimit)
    // Each uses its whole 3M gas limit: two fit the 8M block, the next does not (2M left).
    const gas = 3_000_000n
    expect(gasLimit).toBe(8_000_000n)
    const start = await head()
    const nonces = await Promise.all([5, 6, 7, 8, 9].map((i) => nonceOf(accounts[i]!.address)))
    const raws = await Promise.all([5, 6, 7, 8, 9].map((i, k) => sign(i, nonces[k]!, { to: burner, gas })))
    const hashes = await Promise.all(raws.map((raw) => call('eth_sendRawTransaction', [raw])))
    const receipts = await Promise.all(hashes.map((h) => call('eth_getTransactionReceipt', [h])))
    for (const r of receipts) expect(r).toMatchObject({ status: '0x0', gasUsed: toHex(gas) })
    const counts: number[] = []
    for (let n = start + 1; n <= (await head()); n++) counts.push((await block(n)).transactions.length)
    expect(counts.reduce((a, b) => a + b, 0)).toBe(5)
    expect(Math.max(...counts)).toBe(2)
    for (let n = start + 1; n <= (await head()); n++) expect(BigInt((await block(n)).gasUsed)).toBeLessThanOrEqual(gasLimit)
  })

  it('gives eth_subscribe newHeads each block and logs each log under a burst', async () => {
    await call('anvil_setCode', [logger, '0x60006000a000'])
    const ws = new WebSocket(devnet().wsUrl)
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
    const heads: any[] = []
    const logs: any[] = []
    const ids: Record<string, any[]> = {}
    ws.on('message', (data) => {
      const m = JSON.parse(String(data))
      if (m.id === 1) ids[m.result] = heads
      else if (m.id === 2) ids[m.result] = logs
      else if (m.method === 'eth_subscription') ids[m.params.subscription]?.push(m.params.result)
    })
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_subscribe', params: ['newHeads'] }))
    ws.send(JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_subscribe', params: ['logs', { address: logger }] }))
    while (Object.keys(ids).length < 2) await new Promise((r) => setTimeout(r, 10))
    const start = await head()
    const nonces = await Promise.all(accounts.map((a) => nonceOf(a.address)))
    const raws = await Promise.all(
      accounts.flatMap((_, i) => [0, 1, 2, 3].map((k) => sign(i, nonces[i]! + k, { to: logger, gas: 30_000n }))),
    )
    const hashes = await Promise.all(raws.map((raw) => call('eth_sendRawTransaction', [raw])))
    const end = await head()
    for (const deadline = Date.now() + 3000; (logs.length < 40 || heads.length < end - start) && Date.now() < deadline; )
      await new Promise((r) => setTimeout(r, 20))
    ws.close()
    // Each block once, in order, up to the last of the burst's; the first may be one a block of the previous test's
    // sends made, mined before `start` was read and announced after the subscription began.
    const numbers = heads.map((h) => Number(BigInt(h.number)))
    expect(numbers[0]).toBeLessThanOrEqual(start + 1)
    expect(numbers).toEqual(Array.from({ length: end - numbers[0]! + 1 }, (_, i) => numbers[0]! + i))
    expect(logs).toHaveLength(40)
    expect(new Set(logs.map((l) => l.transactionHash))).toEqual(new Set(hashes))
    const receipts = await Promise.all(hashes.map((h) => call('eth_getTransactionReceipt', [h])))
    const blockOf = new Map(receipts.map((r) => [r.transactionHash, r.blockNumber]))
    for (const l of logs) expect(l.blockNumber).toBe(blockOf.get(l.transactionHash))
  })
})

describe('node pacing', () => {
  const devnet = useDevnet({ genesis, blockPacing: 'node' })
  const { call, sign, block, head } = chain(devnet)

  it('answers sends at once and builds at most one block per minimum delay, at the wall clock', async () => {
    const start = await head()
    const parent = await block('latest')
    const hashes: string[] = []
    for (let k = 0; k < 5; k++) hashes.push(await call('eth_sendRawTransaction', [await sign(0, k)]))
    let receipt: any = null
    for (const deadline = Date.now() + 6000; !receipt && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 50))
      receipt = await call('eth_getTransactionReceipt', [hashes[4]])
    }
    expect(receipt?.status).toBe('0x1')
    const end = await head()
    const times: bigint[] = [BigInt(parent.timestamp)]
    for (let n = start + 1; n <= end; n++) times.push(BigInt((await block(n)).timestamp))
    // Never sooner than 2 s (InitialDelayExcess's delay) after the parent, and never ahead of the wall clock.
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(2n)
    expect(Number(times.at(-1)!) * 1000).toBeLessThanOrEqual(Date.now())
  })
})
