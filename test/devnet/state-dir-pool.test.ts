/**
 * Transactions waiting in the pool at stop are gone after a start on the same state dir, as on a node: Subnet-EVM
 * keeps its pool in memory only (plugin/evm/vm.go `Initialize` sets `TxPool.Journal = ""`, "disable journal", and
 * core/txpool/legacypool `New` opens a journal only with locals on and a journal path, so not even a
 * `local-txs-enabled` node's RPC sends survive). A send waiting in the devnet's pool (a fee cap under the base fee)
 * and one queued in anvil's (a nonce after it) are unknown after the restart: no transaction, no receipt, the sender's
 * `pending` nonce its mined one, and never mined as time passes; sent again, the same bytes are taken as new.
 * Real devnet, real anvil, real HTTP.
 */
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { keccak256, parseGwei, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, it } from 'vitest'
import { startDevnet, type Devnet } from '../../packages/devnet/src/index.js'
import { rpc, testGenesis, verifyBlocks } from '../helpers/devnet.js'

const account = privateKeyToAccount(keccak256(toHex('state-dir-pool')))
/** anvil's first dev account: it moves the chain on. */
const dev = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const chainId = 43_223
const funds = { balance: '0x56bc75e2d63100000' }
const genesis = {
  ...testGenesis({ chainId, feeManagerConfig: { adminAddresses: [dev.address], blockTimestamp: 0 } }),
  alloc: { [account.address.slice(2)]: funds, [dev.address.slice(2)]: funds },
}
const stateDir = join(mkdtempSync(join(tmpdir(), 'subnet-rpc-state-pool-')), 'state')

type Reply = { result?: any; error?: { code: number; message: string } }
const call = async (devnet: Devnet, method: string, params: unknown[] = []): Promise<Reply> =>
  JSON.parse((await rpc(devnet.rpcUrl, method, JSON.stringify(params))).body) as Reply
const transfer = (nonce: number, maxFeePerGas: bigint) =>
  account.signTransaction({
    chainId,
    type: 'eip1559',
    nonce,
    to: dev.address,
    value: 1n,
    gas: 21_000n,
    maxFeePerGas,
    maxPriorityFeePerGas: 1n,
  })
/** What the chain answers of the two sends and their sender. */
const seen = async (devnet: Devnet, hashes: string[]) => ({
  transactions: await Promise.all(hashes.map(async (h) => (await call(devnet, 'eth_getTransactionByHash', [h])).result)),
  receipts: await Promise.all(hashes.map(async (h) => (await call(devnet, 'eth_getTransactionReceipt', [h])).result)),
  pending: (await call(devnet, 'eth_getTransactionCount', [account.address, 'pending'])).result,
  latest: (await call(devnet, 'eth_getTransactionCount', [account.address, 'latest'])).result,
})

describe('the pool across a restart with a state dir', () => {
  let devnet: Devnet | undefined
  afterAll(async () => {
    await devnet?.stop()
  })

  it('forgets the sends waiting at stop, as a node does, and takes them again as new', async () => {
    devnet = await startDevnet({ genesis, stateDir, onWarning: () => {} })
    // The pool minimum down to 1 gwei: a 2 gwei fee cap waits under the base fee (25 gwei) in the devnet's pool.
    const { feeConfig } = (await call(devnet, 'eth_feeConfig')).result
    expect((await call(devnet, 'devnet_setFeeConfig', [{ ...feeConfig, minBaseFee: 1_000_000_000 }])).error).toBeUndefined()
    expect(BigInt((await call(devnet, 'eth_baseFee')).result)).toBeGreaterThan(parseGwei('2'))
    const waiting = await transfer(0, parseGwei('2'))
    // A nonce after a gap, with a fee cap over the base fee: queued in anvil's pool (and in a node's).
    const queued = await transfer(2, parseGwei('100'))
    const hashes: string[] = []
    for (const raw of [waiting, queued]) {
      const sent = await call(devnet, 'eth_sendRawTransaction', [raw])
      expect(sent.error).toBeUndefined()
      hashes.push(sent.result)
    }
    expect(hashes).toEqual([keccak256(waiting), keccak256(queued)])
    const before = await seen(devnet, hashes)
    expect(before.transactions.map((t: { hash: string; blockNumber: string | null }) => [t.hash, t.blockNumber])).toEqual([
      [hashes[0], null],
      [hashes[1], null],
    ])
    expect(before).toMatchObject({ receipts: [null, null], pending: '0x1', latest: '0x0' })
    const head = (await call(devnet, 'eth_blockNumber')).result
    await devnet.stop()
    devnet = undefined

    devnet = await startDevnet({ stateDir, onWarning: () => {} })
    expect((await call(devnet, 'eth_blockNumber')).result).toBe(head)
    const unknown = { transactions: [null, null], receipts: [null, null], pending: '0x0', latest: '0x0' }
    expect(await seen(devnet, hashes)).toEqual(unknown)
    // Time passes (the base fee falls under 2 gwei) and blocks come: neither is mined, from anywhere.
    await call(devnet, 'evm_increaseTime', [100_000])
    for (let i = 0; i < 3; i++) {
      const sent = await call(devnet, 'eth_sendTransaction', [{ from: dev.address, to: dev.address, value: '0x1' }])
      expect(sent.error).toBeUndefined()
      expect((await call(devnet, 'eth_getTransactionReceipt', [sent.result])).result?.status).toBe('0x1')
    }
    expect(BigInt((await call(devnet, 'eth_baseFee')).result)).toBeLessThanOrEqual(parseGwei('2'))
    expect(await seen(devnet, hashes)).toEqual(unknown)

    // Sent again, the same transactions are new to the pool, and mined once the gap is filled.
    for (const raw of [waiting, queued, await transfer(1, parseGwei('100'))])
      expect((await call(devnet, 'eth_sendRawTransaction', [raw])).result).toBe(keccak256(raw))
    let after = await seen(devnet, hashes)
    for (const deadline = Date.now() + 10_000; after.receipts.includes(null) && Date.now() < deadline; ) {
      await new Promise((r) => setTimeout(r, 50))
      after = await seen(devnet, hashes)
    }
    expect(after.receipts.map((r: { status: string } | null) => r?.status)).toEqual(['0x1', '0x1'])
    expect(after.latest).toBe('0x3')
    await verifyBlocks(devnet)
  }, 120_000)
})
