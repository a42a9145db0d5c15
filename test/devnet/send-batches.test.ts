/**
 * Sends checked side by side share their turn and go to anvil in JSON-RPC batches (packages/devnet/src/l1/rpc/executor.ts
 * `sendGroup`), and still get the node's answers each: a replacement is checked against what it replaces, a refusal
 * of the pool or of anvil answers only its own send, and the sender's nonce counts the sends before it. Real devnet,
 * real anvil; the bodies posted to anvil are recorded by wrapping `AnvilClient.prototype.post`.
 */
import { keccak256, parseGwei, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { AnvilClient } from '../../packages/devnet/src/l1/anvilClient.js'
import { NodeGas } from '../../packages/devnet/src/l1/block/nodeGas.js'
import { recordAnvilPosts } from '../helpers/anvilPosts.js'
import { rpc, testGenesis, useDevnet } from '../helpers/devnet.js'

const chainId = 4351
const accounts = Array.from({ length: 4 }, (_, i) => privateKeyToAccount(keccak256(toHex(`send-batches ${i}`))))
const sink = '0x000000000000000000000000000000000000dEaD'

const sent = recordAnvilPosts()

type Reply = { result?: any; error?: { code: number; message: string } }

describe('a burst of sends in anvil batches', () => {
  const devnet = useDevnet({
    genesis: {
      ...testGenesis({ chainId }),
      alloc: Object.fromEntries(accounts.map((a) => [a.address.slice(2), { balance: '0x3635c9adc5dea00000' }])),
    },
  })
  const reply = async (method: string, params: unknown[] = []) =>
    JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply
  const sign = (i: number, nonce: number, { tip = parseGwei('10'), feeCap = parseGwei('100'), gas = 21_000n } = {}) =>
    accounts[i]!.signTransaction({
      chainId,
      type: 'eip1559',
      nonce,
      to: sink,
      value: 1n,
      gas,
      maxFeePerGas: feeCap,
      maxPriorityFeePerGas: tip,
    })

  it('answers a replacement, an underpriced replacement, a pool refusal and anvil’s refusal in one burst as one by one', async () => {
    expect((await reply('evm_setAutomine', [false])).error).toBeUndefined()
    const first = await reply('eth_sendRawTransaction', [await sign(0, 0)])
    expect(first.result).toMatch(/^0x[0-9a-f]{64}$/)
    const raws = {
      // 10% over the pooled caps is the least a replacement may bid: 9% is refused, 20% replaces (either order).
      underpriced: await sign(0, 0, { tip: parseGwei('10.9'), feeCap: parseGwei('109') }),
      replacement: await sign(0, 0, { tip: parseGwei('12'), feeCap: parseGwei('120') }),
      next: await sign(0, 1),
      other: await sign(1, 0),
      gapped: await sign(1, 5),
      // Under the fee config's minBaseFee (25 gwei): the pool refuses it before its turn.
      cheap: await sign(2, 0, { tip: 1n, feeCap: parseGwei('1') }),
      // Under the intrinsic gas: anvil refuses it, inside the batch.
      short: await sign(3, 0, { gas: 20_000n }),
    }
    const before = sent.length
    const names = Object.keys(raws) as (keyof typeof raws)[]
    const replies = Object.fromEntries(
      (await Promise.all(names.map((name) => reply('eth_sendRawTransaction', [raws[name]])))).map((r, i) => [names[i], r]),
    ) as Record<keyof typeof raws, Reply>
    const sends = sent.slice(before).map((body) => body.split('"eth_sendRawTransaction"').length - 1)
    // The sends after the first checks share a turn: anvil gets several in one request.
    expect(Math.max(...sends)).toBeGreaterThan(1)

    expect(replies.underpriced.error).toEqual({ code: -32000, message: 'replacement transaction underpriced' })
    expect(replies.cheap.error?.message).toBe(
      `transaction underpriced: address ${accounts[2]!.address} have gas fee cap (1000000000) < pool minimum fee cap (25000000000)`,
    )
    // anvil's own refusal passes through as it answers the same send alone.
    expect(replies.short.error).toBeDefined()
    expect((await reply('eth_sendRawTransaction', [raws.short])).error).toEqual(replies.short.error)
    for (const name of ['replacement', 'next', 'other', 'gapped'] as const) expect(replies[name].result).toMatch(/^0x[0-9a-f]{64}$/)
    // The pending nonce counts the sends the burst pooled (the gapped one waits in anvil's queue).
    expect((await reply('eth_getTransactionCount', [accounts[0]!.address, 'pending'])).result).toBe('0x2')

    expect((await reply('evm_mine')).error).toBeUndefined()
    const block = (await reply('eth_getBlockByNumber', ['latest', false])).result as { transactions: string[] }
    expect(new Set(block.transactions)).toEqual(new Set([replies.replacement.result, replies.next.result, replies.other.result]))
    expect((await reply('eth_getTransactionReceipt', [first.result])).result).toBeNull()
    expect((await reply('eth_getTransactionReceipt', [replies.gapped.result])).result).toBeNull()
    expect((await reply('evm_setAutomine', [true])).error).toBeUndefined()
  })

  it('answers at once the next nonce of a send anvil refused in the same burst (it waits behind a gap, as one by one)', async () => {
    const n = Number(BigInt((await reply('eth_getTransactionCount', [accounts[3]!.address, 'pending'])).result))
    const [short, next] = [await sign(3, n, { gas: 20_000n }), await sign(3, n + 1)]
    const started = Date.now()
    const [refused, queued] = await Promise.all([reply('eth_sendRawTransaction', [short]), reply('eth_sendRawTransaction', [next])])
    expect(refused.error).toBeDefined()
    expect(queued.result).toMatch(/^0x[0-9a-f]{64}$/)
    // A send waiting for a block gives up after 5 s; a queued one is answered without waiting.
    expect(Date.now() - started).toBeLessThan(3000)
    expect((await reply('eth_getTransactionReceipt', [queued.result])).result).toBeNull()
    // The gap filled, both are mined.
    expect((await reply('eth_sendRawTransaction', [await sign(3, n)])).result).toMatch(/^0x[0-9a-f]{64}$/)
    for (let deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 20)))
      if ((await reply('eth_getTransactionReceipt', [queued.result])).result) break
    expect((await reply('eth_getTransactionReceipt', [queued.result])).result?.status).toBe('0x1')
  })

  it('answers point reads that come together in one anvil batch, each as it is answered alone', async () => {
    const head = Number(BigInt((await reply('eth_blockNumber')).result))
    const calls: [string, unknown[]][] = [
      ...accounts.map((a): [string, unknown[]] => ['eth_getBalance', [a.address, 'latest']]),
      ...accounts.map((a): [string, unknown[]] => ['eth_getTransactionCount', [a.address, 'latest']]),
      ['eth_getBlockByNumber', [toHex(head), false]],
      ['eth_getTransactionReceipt', [`0x${'11'.repeat(32)}`]],
      ['eth_getCode', [sink, 'latest']],
    ]
    const alone: Reply[] = []
    for (const [method, params] of calls) alone.push(await reply(method, params))
    // Requests that reach the devnet in one turn of its event loop share a batch: a few tries see some that do.
    let most = 0
    for (let i = 0; i < 5 && most < 2; i++) {
      const before = sent.length
      expect(await Promise.all(calls.map(([method, params]) => reply(method, params)))).toEqual(alone)
      most = Math.max(most, ...sent.slice(before).map((body) => (body.match(/"method"/g) ?? []).length))
    }
    expect(most).toBeGreaterThan(1)
  })

  it('finds the node’s gas of a block of sent transactions as from anvil’s full block (a refund and transfers)', async () => {
    // Code that clears slot 0 (PUSH1 0, PUSH1 0, SSTORE, STOP): anvil refunds 4,800 of it, a node nothing.
    const clearer = '0x00000000000000000000000000000000000c1ea2'
    const setup = [
      await reply('anvil_setCode', [clearer, '0x600060005500']),
      await reply('anvil_setStorageAt', [clearer, `0x${'0'.repeat(64)}`, `0x${'0'.repeat(63)}1`]),
    ]
    for (const r of setup) expect(r.error).toBeUndefined()
    const n = Number(BigInt((await reply('eth_getTransactionCount', [accounts[2]!.address, 'pending'])).result))
    const raws = [
      await accounts[2]!.signTransaction({
        chainId,
        type: 'eip1559',
        nonce: n,
        to: clearer,
        gas: 100_000n,
        maxFeePerGas: parseGwei('100'),
        maxPriorityFeePerGas: parseGwei('10'),
      }),
      await sign(2, n + 1),
      await sign(1, Number(BigInt((await reply('eth_getTransactionCount', [accounts[1]!.address, 'pending'])).result))),
    ]
    // One block for the three: sent with automine off, then mined.
    expect((await reply('evm_setAutomine', [false])).error).toBeUndefined()
    const hashes = (await Promise.all(raws.map((raw) => reply('eth_sendRawTransaction', [raw])))).map((r) => r.result as string)
    expect((await reply('evm_mine')).error).toBeUndefined()
    expect((await reply('evm_setAutomine', [true])).error).toBeUndefined()
    const receipts = await Promise.all(hashes.map(async (h) => (await reply('eth_getTransactionReceipt', [h])).result))
    const block = receipts[0].blockHash as string
    expect(receipts.every((r) => r.blockHash === block)).toBe(true)
    // A NodeGas that remembers nothing reads the block in full, as the devnet did before.
    const fresh = await new NodeGas(new AnvilClient(devnet().anvilUrl)).refundsOf({ hash: block, number: receipts[0].blockNumber })
    const anvil = new AnvilClient(devnet().anvilUrl)
    for (const [i, h] of hashes.entries()) {
      const anvilGas = BigInt((await anvil.request<{ gasUsed: string }>('eth_getTransactionReceipt', [h])).gasUsed)
      expect(BigInt(receipts[i].gasUsed)).toBe(anvilGas + fresh.byTx.get(h)!.refund)
    }
    expect(fresh.total).toBe(4800n)
  })

  it('refuses a lower replacement of a send pooled in the same burst, checked against the one pooled first', async () => {
    const n = Number(BigInt((await reply('eth_getTransactionCount', [accounts[1]!.address, 'latest'])).result))
    expect((await reply('evm_setAutomine', [false])).error).toBeUndefined()
    // Three bids at one nonce, sent at once: whichever the pool takes first, a later one must be 10% over it.
    const bids = [parseGwei('10'), parseGwei('10.5'), parseGwei('10.8')]
    const replies = await Promise.all(
      bids.map(async (tip) => reply('eth_sendRawTransaction', [await sign(1, n, { tip, feeCap: tip * 10n })])),
    )
    const taken = replies.filter((r) => r.result)
    expect(taken).toHaveLength(1)
    for (const r of replies.filter((r) => r.error))
      expect(r.error).toEqual({ code: -32000, message: 'replacement transaction underpriced' })
    expect((await reply('evm_mine')).error).toBeUndefined()
    expect((await reply('eth_getTransactionReceipt', [taken[0]!.result])).result?.status).toBe('0x1')
    expect((await reply('evm_setAutomine', [true])).error).toBeUndefined()
  })
})
