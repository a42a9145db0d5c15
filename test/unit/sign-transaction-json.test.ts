/**
 * `transactionJson` (packages/devnet/src/l1/pool/signTransaction.ts): a signed transaction as libevm's
 * `Transaction.MarshalJSON` writes it, checked against viem's own decoding of the same bytes.
 */
import { keccak256, parseTransaction } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { transactionJson } from '../../packages/devnet/src/l1/pool/signTransaction.js'

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const to = '0x00000000000000000000000000000000000000bb' as const
const hex = (v: bigint | number) => `0x${v.toString(16)}`

describe('transactionJson', () => {
  it('legacy, EIP-155: chainId from v, null EIP-1559 fees, no accessList or yParity', async () => {
    const raw = await account.signTransaction({ type: 'legacy', chainId: 43_114, nonce: 7, gasPrice: 25n, gas: 21_000n, to, value: 0n })
    const p = parseTransaction(raw)
    expect(transactionJson(raw)).toEqual({
      type: '0x0',
      chainId: hex(43_114),
      nonce: '0x7',
      to,
      gas: hex(21_000),
      gasPrice: '0x19',
      maxPriorityFeePerGas: null,
      maxFeePerGas: null,
      value: '0x0',
      input: '0x',
      accessList: undefined,
      v: hex(p.v!),
      r: hex(BigInt(p.r!)),
      s: hex(BigInt(p.s!)),
      yParity: undefined,
      hash: keccak256(raw),
    })
  })

  it('unprotected legacy: no chainId', async () => {
    const raw = await account.signTransaction({ type: 'legacy', nonce: 0, gasPrice: 1n, gas: 21_000n, to })
    expect(transactionJson(raw).chainId).toBeUndefined()
  })

  it('access list (type 1) and dynamic fee (type 2) creation: typed fields, to null, yParity as v', async () => {
    const accessList = [{ address: to, storageKeys: [`0x${'00'.repeat(31)}02`] as `0x${string}`[] }]
    const one = await account.signTransaction({ type: 'eip2930', chainId: 5, nonce: 1, gasPrice: 3n, gas: 50_000n, to, accessList })
    expect(transactionJson(one)).toMatchObject({ type: '0x1', chainId: '0x5', gasPrice: '0x3', maxFeePerGas: null, accessList })
    const two = await account.signTransaction({
      chainId: 5,
      nonce: 2,
      maxFeePerGas: 9n,
      maxPriorityFeePerGas: 4n,
      gas: 90_000n,
      data: '0x6000',
    })
    const p = parseTransaction(two)
    expect(transactionJson(two)).toMatchObject({
      type: '0x2',
      to: null,
      gasPrice: null,
      maxPriorityFeePerGas: '0x4',
      maxFeePerGas: '0x9',
      input: '0x6000',
      accessList: [],
      v: hex(p.yParity!),
      yParity: hex(p.yParity!),
      hash: keccak256(two),
    })
  })
})
