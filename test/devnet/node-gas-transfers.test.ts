/**
 * A block of plain transfers needs no receipts or traces to get the node's gas (packages/devnet/src/l1/block/nodeGas.ts
 * `runsNoCode`): none runs code, so none has a refund. Its receipts and header are still the node's figures, and a
 * transfer to an account with code in the same burst still has its refund taken off (real devnet, real anvil).
 */
import { keccak256, parseGwei, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { recordAnvilPosts } from '../helpers/anvilPosts.js'
import { l1Calls, testGenesis, useDevnet } from '../helpers/devnet.js'

const chainId = 4342
const accounts = Array.from({ length: 3 }, (_, i) => privateKeyToAccount(keccak256(toHex(`node-gas-transfers ${i}`))))
const genesis = {
  ...testGenesis({ chainId }),
  alloc: Object.fromEntries(accounts.map((a) => [a.address.slice(2), { balance: '0x3635c9adc5dea00000' }])),
}
const sink = '0x000000000000000000000000000000000000dEaD'
/** Code that clears storage slot 0 (PUSH1 0, PUSH1 0, SSTORE, STOP): anvil refunds 4,800 gas of it, a node none. */
const clearer = '0x00000000000000000000000000000000000010c0'

describe('the node gas of a block of transfers', () => {
  const devnet = useDevnet({ genesis })
  const { call, receipts } = l1Calls(devnet)
  const posts = recordAnvilPosts()
  const burst = async (to: (k: number) => string) => {
    const nonces = await Promise.all(
      accounts.map(async (a) => Number(BigInt(await call('eth_getTransactionCount', [a.address, 'latest'])))),
    )
    const raws = await Promise.all(
      accounts.flatMap((a, i) =>
        Array.from({ length: 10 }, (_, k) =>
          a.signTransaction({
            chainId,
            type: 'eip1559',
            nonce: nonces[i]! + k,
            to: to(i * 10 + k) as `0x${string}`,
            value: 1n,
            gas: 50_000n,
            maxFeePerGas: parseGwei('200'),
            maxPriorityFeePerGas: parseGwei('1'),
          }),
        ),
      ),
    )
    const hashes = await Promise.all(raws.map((raw) => call('eth_sendRawTransaction', [raw]) as Promise<string>))
    return receipts(hashes)
  }

  it('answers 21,000 gas a transfer, and the block their sum, without a trace of the block', async () => {
    const from = posts.length
    const mined = await burst(() => sink)
    for (const r of mined) expect(r.gasUsed).toBe('0x5208')
    const blocks = new Set(mined.map((r) => r.blockHash as string))
    for (const hash of blocks) {
      const block = await call('eth_getBlockByHash', [hash, false])
      const inBlock = mined.filter((r) => r.blockHash === hash).sort((a, b) => Number(a.transactionIndex) - Number(b.transactionIndex))
      expect(BigInt(block.gasUsed)).toBe(21_000n * BigInt(inBlock.length))
      for (const [i, r] of inBlock.entries()) expect(BigInt(r.cumulativeGasUsed)).toBe(21_000n * BigInt(i + 1))
    }
    expect(posts.slice(from).some((body) => body.includes('"trace_block"'))).toBe(false)
  })

  it('takes anvil’s refund off a transfer to code that clears storage, in a burst with plain transfers', async () => {
    await call('anvil_setCode', [clearer, '0x600060005500'])
    await call('anvil_setStorageAt', [clearer, '0x0', toHex(1, { size: 32 })])
    const mined = await burst((k) => (k === 15 ? clearer : sink))
    const toClearer = mined[15]
    const onAnvil = await fetch(devnet().anvilUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getTransactionReceipt', params: [toClearer.transactionHash] }),
    }).then((r) => r.json() as Promise<{ result: { gasUsed: string } }>)
    expect(BigInt(toClearer.gasUsed) - BigInt(onAnvil.result.gasUsed)).toBe(4_800n)
    for (const [k, r] of mined.entries()) if (k !== 15) expect(r.gasUsed).toBe('0x5208')
  })
})
