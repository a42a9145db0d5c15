/**
 * Pre-EIP-155 (unprotected) transactions over `eth_sendRawTransaction`: refused with the node's text unless the
 * L1's chain config allows them (internal/ethapi/api.go `SubmitTransaction`, eth/api_backend.go
 * `UnprotectedAllowed`): `allow-unprotected-txs`, or the transaction's hash in `allow-unprotected-tx-hashes`.
 * One devnet, three L1s with three chain configs; the same signed transaction (it carries no chain ID) on each.
 */
import { keccak256, parseGwei } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { rpc, testGenesis, useDevnet } from '../helpers/devnet.js'

const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcaa1d4f6f5ab2ff80'
const account = privateKeyToAccount(key)
const to = '0x00000000000000000000000000000000000000bb'
/** Signed with no chain ID: v is 27 or 28. */
const unprotected = await account.signTransaction({ type: 'legacy', nonce: 0, gasPrice: parseGwei('100'), gas: 21_000n, to, value: 1n })
const hash = keccak256(unprotected)

const devnet = useDevnet({
  l1s: [
    { alias: 'strict', genesis: genesis(99_996) },
    { alias: 'open', genesis: genesis(99_998), chainConfig: { 'allow-unprotected-txs': true } },
    { alias: 'listed', genesis: genesis(99_997), chainConfig: JSON.stringify({ 'allow-unprotected-tx-hashes': [hash] }) },
  ],
})

function genesis(chainId: number) {
  return { ...testGenesis({ chainId }), alloc: { [account.address.slice(2)]: { balance: '0x56bc75e2d63100000' } } }
}

const url = (alias: string) => devnet().l1s.find((l) => l.alias === alias)!.rpcUrl
const sendRaw = async (alias: string, raw: string) =>
  JSON.parse((await rpc(url(alias), 'eth_sendRawTransaction', JSON.stringify([raw]))).body)

describe('unprotected transactions', () => {
  it('the transaction is unprotected: v is 27 or 28', () => {
    expect(unprotected.slice(-134, -132)).toMatch(/^1[bc]$/)
  })

  it("refused with the node's text under the default chain config", async () => {
    expect(await sendRaw('strict', unprotected)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32000, message: 'only replay-protected (EIP-155) transactions allowed over RPC' },
    })
    // Nothing reached the pool or the chain.
    expect(JSON.parse((await rpc(url('strict'), 'eth_getTransactionByHash', JSON.stringify([hash]))).body).result).toBeNull()
  })

  it('accepted and mined with allow-unprotected-txs', async () => {
    expect(await sendRaw('open', unprotected)).toEqual({ jsonrpc: '2.0', id: 1, result: hash })
    const receipt = JSON.parse((await rpc(url('open'), 'eth_getTransactionReceipt', JSON.stringify([hash]))).body).result
    expect(receipt.status).toBe('0x1')
  })

  it('accepted when its hash is in allow-unprotected-tx-hashes; another unprotected one is not', async () => {
    expect(await sendRaw('listed', unprotected)).toEqual({ jsonrpc: '2.0', id: 1, result: hash })
    const other = await account.signTransaction({ type: 'legacy', nonce: 1, gasPrice: parseGwei('100'), gas: 21_000n, to, value: 1n })
    expect((await sendRaw('listed', other)).error.message).toBe('only replay-protected (EIP-155) transactions allowed over RPC')
  })

  it('a protected transaction is accepted under the default chain config', async () => {
    const chainId = Number(devnet().l1s[0]!.chainId)
    const raw = await account.signTransaction({
      chainId,
      nonce: 0,
      maxFeePerGas: parseGwei('100'),
      maxPriorityFeePerGas: 1n,
      gas: 21_000n,
      to,
      value: 1n,
    })
    expect(await sendRaw('strict', raw)).toEqual({ jsonrpc: '2.0', id: 1, result: keccak256(raw) })
  })
})
