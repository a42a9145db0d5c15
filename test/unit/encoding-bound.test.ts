/**
 * The bound of a signed transaction's encoding from `eth_sendTransaction` arguments (packages/devnet/src/l1/pool/txpool.ts
 * `encodingBound`), under which the devnet does not sign a send to measure it against the pool's limit: never under
 * the encoding of the largest fields of the three types the node's pool takes.
 */
import { type AccessList, serializeTransaction, type TransactionSerializable, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { encodingBound } from '../../packages/devnet/src/l1/pool/txpool.js'

const max256 = 2n ** 256n - 1n
/** The largest r and s, and y parity 1 (EIP-155's v for a legacy transaction). */
const signatureOf = (tx: TransactionSerializable) =>
  tx.type === 'legacy'
    ? { r: toHex(max256), s: toHex(max256), v: BigInt(chainId) * 2n + 36n }
    : ({ r: toHex(max256), s: toHex(max256), yParity: 1 } as const)
const accessList: AccessList = [
  { address: '0x000000000000000000000000000000000000dEaD', storageKeys: [toHex(max256), toHex(1n, { size: 32 })] },
  { address: '0x0000000000000000000000000000000000000001', storageKeys: [] },
]
const data = toHex(new Uint8Array(100_000).fill(0xff))
const common = {
  to: '0xffffffffffffffffffffffffffffffffffffffff',
  value: max256,
  gas: 2n ** 64n - 1n,
  nonce: Number.MAX_SAFE_INTEGER,
  data,
} as const
const chainId = Number.MAX_SAFE_INTEGER

/** The arguments of `eth_sendTransaction` that ask for `tx`. */
const argsOf = (tx: TransactionSerializable): Record<string, unknown> => ({
  from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
  to: tx.to,
  value: toHex(tx.value ?? 0n),
  gas: toHex(tx.gas ?? 0n),
  nonce: toHex(tx.nonce ?? 0),
  chainId: toHex(chainId),
  data: tx.data,
  ...('gasPrice' in tx && tx.gasPrice !== undefined ? { gasPrice: toHex(tx.gasPrice) } : {}),
  ...('maxFeePerGas' in tx && tx.maxFeePerGas !== undefined
    ? { maxFeePerGas: toHex(tx.maxFeePerGas), maxPriorityFeePerGas: toHex(tx.maxPriorityFeePerGas ?? 0n) }
    : {}),
  ...('accessList' in tx && tx.accessList ? { accessList: tx.accessList } : {}),
})
const sizeOf = (tx: TransactionSerializable) => (serializeTransaction(tx, signatureOf(tx)).length - 2) / 2

describe('the encoding bound of an eth_sendTransaction', () => {
  it('is never under the signed encoding of a legacy, an EIP-2930 or an EIP-1559 transaction of the largest fields', () => {
    const txs: TransactionSerializable[] = [
      { ...common, chainId, type: 'legacy', gasPrice: max256 },
      { ...common, chainId, type: 'eip2930', gasPrice: max256, accessList },
      { ...common, chainId, type: 'eip1559', maxFeePerGas: max256, maxPriorityFeePerGas: max256, accessList },
      { ...common, chainId, type: 'eip1559', maxFeePerGas: max256, maxPriorityFeePerGas: max256, accessList: [] },
    ]
    for (const tx of txs) expect(encodingBound(argsOf(tx))).toBeGreaterThanOrEqual(sizeOf(tx))
    // Tight where the bound is reached: a type-2 transaction without an access list is over only by the chain ID
    // (8 bytes, 33 in the bound), the nonce (8, 9), the prefixes of the list, the input and the access list (4, 4 and 1;
    // 5 each in the bound) and the input's `0x` (counted as a byte).
    const last = txs[3]!
    expect(encodingBound(argsOf(last))! - sizeOf(last)).toBe(25 + 1 + 1 + 1 + 4 + 1)
  })

  it('counts the larger of data and input, and leaves fields it does not bound to a measure', () => {
    const base = { from: '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266' }
    expect(encodingBound({ ...base, data: '0x00' })).toBe(256)
    expect(encodingBound({ ...base, data: '0x00', input: '0x0000' })).toBe(257)
    expect(encodingBound({ ...base, authorizationList: [] })).toBeUndefined()
    expect(encodingBound({ ...base, accessList: [{ address: base.from, storageKeys: 'x' }] })).toBeUndefined()
    expect(encodingBound({ ...base, data: 7 })).toBeUndefined()
  })
})
