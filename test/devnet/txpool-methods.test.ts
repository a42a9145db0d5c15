/**
 * The `txpool_*` methods answer as a node's (internal/ethapi/api.go `TxPoolAPI`): one pool made of anvil's and the
 * devnet's (a send held for the base fee is pending on a node, and anvil's queued sends after it become pending with
 * it, legacypool `promoteExecutables`), senders keyed by their EIP-55 `Hex()`, nonces as decimal keys, transactions as
 * `RPCTransaction`, and `txpool_contentFrom`, which anvil lacks. Real devnet, real anvil, over HTTP.
 */
import { parseGwei } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { rpc, testFeeConfig, useDevnet } from '../helpers/devnet.js'
import { baseFeeSwings } from '../helpers/heldSends.js'

const chainId = 4329
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const other = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
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
const body = async (method: string, params: unknown[] = []) => (await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body
const call = async (method: string, params: unknown[] = []): Promise<Reply> => JSON.parse(await body(method, params)) as Reply
const good = parseGwei('1000')
const held = parseGwei('2')
const signed = async (nonce: number, maxFeePerGas: bigint) =>
  account.signTransaction({ chainId, type: 'eip1559', nonce, to: other, value: 1n, gas: 21_000n, maxFeePerGas, maxPriorityFeePerGas: 1n })
const send = async (nonce: number, fee: bigint) => {
  const reply = await call('eth_sendRawTransaction', [await signed(nonce, fee)])
  expect(reply.error).toBeUndefined()
  return reply.result as string
}
const count = async (block: string) => Number(BigInt((await call('eth_getTransactionCount', [account.address, block])).result))
const { raiseBaseFee, letFall } = baseFeeSwings(call, count)
/** Time passes: the held sends are mined, up to `mined`, and none is left. */
const settle = async (mined: number) => {
  await letFall(mined)
  expect(await status()).toEqual({ pending: '0x0', queued: '0x0' })
}
const status = async () => (await call('txpool_status')).result
const line = (fee: bigint) => `${other}: 1 wei + 21000 gas × ${fee} wei`
/** `RPCTransaction`'s fields of a pending dynamic-fee transaction, in its struct's order. */
const pendingFields = [
  'blockHash',
  'blockNumber',
  'from',
  'gas',
  'gasPrice',
  'maxFeePerGas',
  'maxPriorityFeePerGas',
  'hash',
  'input',
  'nonce',
  'to',
  'transactionIndex',
  'value',
  'type',
  'accessList',
  'chainId',
  'v',
  'r',
  's',
  'yParity',
]

describe('txpool_* with an empty pool', () => {
  it('answer both halves, empty, and refuse contentFrom without a valid address as the node decodes it', async () => {
    expect(await body('txpool_status')).toContain('"result":{"pending":"0x0","queued":"0x0"}')
    for (const method of ['txpool_content', 'txpool_inspect']) expect(await body(method)).toContain('"result":{"pending":{},"queued":{}}')
    expect(await body('txpool_contentFrom', [account.address])).toContain('"result":{"pending":{},"queued":{}}')
    expect((await call('txpool_contentFrom')).error).toEqual({ code: -32602, message: 'missing value for required argument 0' })
    expect((await call('txpool_contentFrom', ['0x1234'])).error?.code).toBe(-32602)
  })
})

describe('txpool_* with sends held for the base fee', () => {
  it('a held send alone: pending under its checksummed sender and decimal nonce, as eth_getTransactionByHash shows it', async () => {
    const n = await raiseBaseFee()
    const hash = await send(n, held)
    expect(await status()).toEqual({ pending: '0x1', queued: '0x0' })
    const shown = (await call('eth_getTransactionByHash', [hash])).result
    const content = (await call('txpool_content')).result
    expect(content).toEqual({ pending: { [account.address]: { [`${n}`]: shown } }, queued: {} })
    expect(Object.keys(content.pending[account.address][`${n}`])).toEqual(pendingFields)
    expect(content.pending[account.address][`${n}`]).toMatchObject({ hash, blockHash: null, gasPrice: `0x${held.toString(16)}` })
    expect((await call('txpool_contentFrom', [account.address.toLowerCase()])).result).toEqual({
      pending: { [`${n}`]: shown },
      queued: {},
    })
    expect((await call('txpool_contentFrom', [other])).result).toEqual({ pending: {}, queued: {} })
    expect((await call('txpool_inspect')).result).toEqual({ pending: { [account.address]: { [`${n}`]: line(held) } }, queued: {} })
    await settle(n + 1)
  })

  it("a held send and anvil's queued follower: both pending on a node", async () => {
    const n = await raiseBaseFee()
    const first = await send(n, held)
    const next = await send(n + 1, good) // anvil queues it: it does not know nonce n
    expect(await status()).toEqual({ pending: '0x2', queued: '0x0' })
    const content = (await call('txpool_content')).result
    expect(Object.keys(content.pending[account.address])).toEqual([`${n}`, `${n + 1}`])
    expect(content.pending[account.address][`${n}`].hash).toBe(first)
    // A pending transaction's gasPrice is its fee cap (`newRPCTransaction` without a block), in both answers.
    expect(content.pending[account.address][`${n + 1}`]).toEqual((await call('eth_getTransactionByHash', [next])).result)
    expect(content.pending[account.address][`${n + 1}`].gasPrice).toBe(`0x${good.toString(16)}`)
    expect(Object.keys(content.pending[account.address][`${n + 1}`])).toEqual(pendingFields)
    expect(content.queued).toEqual({})
    const from = (await call('txpool_contentFrom', [account.address])).result
    expect(from.pending).toEqual(content.pending[account.address])
    expect(from.queued).toEqual({})
    expect((await call('txpool_inspect')).result).toEqual({
      pending: { [account.address]: { [`${n}`]: line(held), [`${n + 1}`]: line(good) } },
      queued: {},
    })
    await settle(n + 2)
  })

  it('a held send behind a gap is queued, then pending with the send that closes the gap', async () => {
    const n = await raiseBaseFee()
    await send(n + 1, held)
    expect(await status()).toEqual({ pending: '0x0', queued: '0x1' })
    expect((await call('txpool_inspect')).result).toEqual({ pending: {}, queued: { [account.address]: { [`${n + 1}`]: line(held) } } })
    expect(Object.keys((await call('txpool_contentFrom', [account.address])).result.queued)).toEqual([`${n + 1}`])
    await send(n, held)
    expect(await status()).toEqual({ pending: '0x2', queued: '0x0' })
    expect(Object.keys((await call('txpool_content')).result.pending[account.address])).toEqual([`${n}`, `${n + 1}`])
    await settle(n + 2)
  })

  it('a held contract creation: inspect says so; held sends across a power of ten: nonce keys sorted as Go sorts strings', async () => {
    const n = await raiseBaseFee()
    const creation = await account.signTransaction({
      chainId,
      type: 'eip1559',
      nonce: n,
      data: '0x00',
      gas: 100_000n,
      maxFeePerGas: held,
      maxPriorityFeePerGas: 1n,
    })
    expect((await call('eth_sendRawTransaction', [creation])).error).toBeUndefined()
    // Up to the next power of ten and one past it: 99, then 100 (devnet_setFeeConfig's sends take the account's nonces).
    const last = 10 ** String(n).length
    for (let i = n + 1; i <= last; i++) await send(i, held)
    expect(await status()).toEqual({ pending: `0x${(last - n + 1).toString(16)}`, queued: '0x0' })
    const inspect = (await call('txpool_inspect')).result.pending[account.address]
    expect(inspect[`${n}`]).toBe(`contract creation: 0 wei + 100000 gas × ${held} wei`)
    expect(inspect[`${last}`]).toBe(line(held))
    const nonces = Array.from({ length: last - n + 1 }, (_, i) => `${n + i}`)
    const sorted = [...nonces].sort()
    expect(sorted).not.toEqual(nonces) // the nonces cross a power of ten: Go's order is not the numeric one
    for (const method of ['txpool_inspect', 'txpool_content']) {
      const raw = await body(method)
      const at = sorted.map((k) => raw.indexOf(`"${k}":`))
      expect(at.every((p) => p > 0)).toBe(true)
      expect([...at].sort((a, b) => a - b)).toEqual(at)
    }
    await settle(last + 1)
  })

  it("anvil's own pool alone (no send held): its split stands, in the node's shape", async () => {
    const n = await count('latest')
    expect((await call('evm_setAutomine', [false])).error).toBeUndefined()
    try {
      await send(n, good)
      await send(n + 2, good) // behind a gap
      expect(await status()).toEqual({ pending: '0x1', queued: '0x1' })
      const raw = await body('txpool_inspect')
      expect(raw).toContain(`"result":{"pending":{"${account.address}":{"${n}":"${line(good)}"}},"queued":{"${account.address}":`)
      const from = (await call('txpool_contentFrom', [account.address])).result
      expect(Object.keys(from.pending)).toEqual([`${n}`])
      expect(Object.keys(from.queued)).toEqual([`${n + 2}`])
      expect(Object.keys(from.queued[`${n + 2}`])).toEqual(pendingFields)
      await send(n + 1, good)
    } finally {
      expect((await call('evm_setAutomine', [true])).error).toBeUndefined()
    }
    await settle(n + 3)
  })
})
