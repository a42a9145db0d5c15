/**
 * The node's RPC fee cap (internal/ethapi/api.go `SubmitTransaction` → `checkTxFee`): a send over RPC whose
 * `gasPrice × gas` (a dynamic-fee transaction's fee cap as its price) is over the chain config's `rpc-tx-fee-cap`
 * ether (the node's default: 100) is refused before the unprotected check and the pool's checks; 0 is no cap. Both
 * `eth_sendRawTransaction` and `eth_sendTransaction`. One devnet, three L1s with three chain configs. Real anvil.
 */
import { keccak256, parseEther, parseGwei } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { rpc, testGenesis, useDevnet } from '../helpers/devnet.js'

// anvil's first dev account: anvil signs its eth_sendTransaction.
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const to = '0x00000000000000000000000000000000000000bb'
const l1s = { default: 99_991, tight: 99_992, none: 99_993 } as const
type Alias = keyof typeof l1s

const devnet = useDevnet({
  l1s: [
    { alias: 'default', genesis: genesis(l1s.default) },
    { alias: 'tight', genesis: genesis(l1s.tight), chainConfig: { 'rpc-tx-fee-cap': 0.1 } },
    { alias: 'none', genesis: genesis(l1s.none), chainConfig: JSON.stringify({ 'rpc-tx-fee-cap': 0 }) },
  ],
})

function genesis(chainId: number) {
  return { ...testGenesis({ chainId }), alloc: { [account.address.slice(2)]: { balance: `0x${parseEther('1000000').toString(16)}` } } }
}

type Reply = { result?: any; error?: { code: number; message: string } }
const call = async (alias: Alias, method: string, params: unknown[]): Promise<Reply> =>
  JSON.parse((await rpc(devnet().l1s.find((l) => l.alias === alias)!.rpcUrl, method, JSON.stringify(params))).body) as Reply
const nonce = async (alias: Alias) => Number(BigInt((await call(alias, 'eth_getTransactionCount', [account.address, 'pending'])).result))
/** A signed EIP-1559 transfer with `maxFeePerGas` and `gas`, tip 1 wei, at the sender's next nonce. */
const signed = async (alias: Alias, maxFeePerGas: bigint, gas: bigint) =>
  account.signTransaction({ chainId: l1s[alias], nonce: await nonce(alias), maxFeePerGas, maxPriorityFeePerGas: 1n, gas, to, value: 1n })
const refusal = (message: string) => ({ code: -32000, message })
/** A send accepted: its hash, and its receipt a success. */
const mined = async (alias: Alias, reply: Reply) => {
  expect(reply.error).toBeUndefined()
  expect((await call(alias, 'eth_getTransactionReceipt', [reply.result])).result?.status).toBe('0x1')
}

// 1e15 wei × 100,000 gas is 100 ether: the default cap exactly.
const atCap = 10n ** 15n
const gas = 100_000n

describe('the RPC fee cap (rpc-tx-fee-cap)', () => {
  it("default cap, 100 ether: one wei of price over it is refused with the node's text (Go's %.2f), nothing pooled", async () => {
    const raw = await signed('default', atCap + 1n, gas)
    expect((await call('default', 'eth_sendRawTransaction', [raw])).error).toEqual(
      refusal('tx fee (100.00 ether) exceeds the configured cap (100.00 ether)'),
    )
    expect((await call('default', 'eth_getTransactionByHash', [keccak256(raw)])).result).toBeNull()
    const legacy = { from: account.address, to, value: '0x1', gas: `0x${gas.toString(16)}`, gasPrice: `0x${(2n * atCap).toString(16)}` }
    expect((await call('default', 'eth_sendTransaction', [legacy])).error).toEqual(
      refusal('tx fee (200.00 ether) exceeds the configured cap (100.00 ether)'),
    )
    const dynamic = {
      from: account.address,
      to,
      value: '0x1',
      gas: `0x${gas.toString(16)}`,
      maxFeePerGas: `0x${(atCap + 1n).toString(16)}`,
    }
    expect((await call('default', 'eth_sendTransaction', [dynamic])).error).toEqual(
      refusal('tx fee (100.00 ether) exceeds the configured cap (100.00 ether)'),
    )
  })

  it('default cap: a fee at the cap is accepted and mined (both send methods)', async () => {
    await mined('default', await call('default', 'eth_sendRawTransaction', [await signed('default', atCap, gas)]))
    const args = { from: account.address, to, value: '0x1', gas: `0x${gas.toString(16)}`, maxFeePerGas: `0x${atCap.toString(16)}` }
    await mined('default', await call('default', 'eth_sendTransaction', [args]))
  })

  it('before the unprotected check: an unprotected transaction over the cap gets the fee refusal', async () => {
    const unprotected = await account.signTransaction({ type: 'legacy', nonce: 0, gasPrice: atCap + 1n, gas, to, value: 1n })
    expect((await call('default', 'eth_sendRawTransaction', [unprotected])).error).toEqual(
      refusal('tx fee (100.00 ether) exceeds the configured cap (100.00 ether)'),
    )
  })

  it('a chain config with a cap of 0.1 ether: 0.125 ether is refused as "0.12" (Go rounds the tie to even)', async () => {
    // 1.25e12 × 100,000 = 0.125 ether, which the default cap lets through.
    const raw = await signed('tight', 1_250_000_000_000n, gas)
    expect((await call('tight', 'eth_sendRawTransaction', [raw])).error).toEqual(
      refusal('tx fee (0.12 ether) exceeds the configured cap (0.10 ether)'),
    )
    const args = {
      from: account.address,
      to,
      value: '0x1',
      gas: `0x${gas.toString(16)}`,
      maxFeePerGas: `0x${(2_000_000_000_000n).toString(16)}`,
    }
    expect((await call('tight', 'eth_sendTransaction', [args])).error).toEqual(
      refusal('tx fee (0.20 ether) exceeds the configured cap (0.10 ether)'),
    )
    // 1e12 × 100,000 = 0.1 ether: at the cap.
    await mined('tight', await call('tight', 'eth_sendRawTransaction', [await signed('tight', 1_000_000_000_000n, gas)]))
  })

  it("before the pool's checks: a fee cap under the pool minimum but a fee over the cap gets the fee refusal", async () => {
    // 1 gwei (under minBaseFee, 25 gwei) × 150M gas = 0.15 ether.
    const raw = await signed('tight', parseGwei('1'), 150_000_000n)
    expect((await call('tight', 'eth_sendRawTransaction', [raw])).error).toEqual(
      refusal('tx fee (0.15 ether) exceeds the configured cap (0.10 ether)'),
    )
  })

  it('a cap of 0 is none: a 200-ether fee is accepted and mined (both send methods)', async () => {
    await mined('none', await call('none', 'eth_sendRawTransaction', [await signed('none', 2n * atCap, gas)]))
    const args = { from: account.address, to, value: '0x1', gas: `0x${gas.toString(16)}`, maxFeePerGas: `0x${(2n * atCap).toString(16)}` }
    await mined('none', await call('none', 'eth_sendTransaction', [args]))
  })
})
