/**
 * A raw send's sender, as the devnet's pool recovers it (packages/devnet/src/l1/pool/rawTx.ts): with libsecp256k1 in
 * WebAssembly (tiny-secp256k1) where it loads, else @noble/curves; both agree with viem's signer on every envelope, and refuse the same
 * signatures; recovered on the worker thread (senderRecovery.ts), the same answers in the order asked.
 */
import { keccak256, parseGwei, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { decodeRawTransaction, encodeRlp, jsRecover, type Rlp, wasmRecover } from '../../packages/devnet/src/l1/pool/rawTx.js'
import { decodeRawTransactionOffThread, senderRecoveryMode } from '../../packages/devnet/src/l1/pool/senderRecovery.js'

const account = privateKeyToAccount(keccak256(toHex('raw tx sender')))
const n = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n
const hash = Uint8Array.from(Buffer.from(keccak256(toHex('a message')).slice(2), 'hex'))

describe('raw transaction sender', () => {
  it('loads libsecp256k1 (WebAssembly, the same file on every platform)', () => {
    expect(wasmRecover()).toBeTypeOf('function')
  })

  it('recovers the signer of legacy, EIP-155, EIP-2930 and EIP-1559 envelopes', async () => {
    const base = { to: '0x000000000000000000000000000000000000dEaD', value: 1n, gas: 21_000n, nonce: 7 } as const
    const raws = [
      await account.signTransaction({ ...base, type: 'legacy', gasPrice: parseGwei('30') }),
      await account.signTransaction({ ...base, type: 'legacy', gasPrice: parseGwei('30'), chainId: 43_210 }),
      await account.signTransaction({ ...base, type: 'eip2930', gasPrice: parseGwei('30'), chainId: 43_210, accessList: [] }),
      await account.signTransaction({ ...base, type: 'eip1559', chainId: 43_210, maxFeePerGas: parseGwei('50'), maxPriorityFeePerGas: 2n }),
    ]
    for (const raw of raws) expect(decodeRawTransaction(raw)).toMatchObject({ sender: account.address.toLowerCase(), nonce: 7n })
  })

  it('gives the same keys with either library, high s and both parities included', async () => {
    const wasm = wasmRecover()!
    const js = jsRecover()
    const signature = await account.sign({ hash: keccak256(toHex('a message')) })
    const r = BigInt(signature.slice(0, 66))
    const s = BigInt(`0x${signature.slice(66, 130)}`)
    const parity = Number(BigInt(`0x${signature.slice(130)}`)) - 27
    for (const [sig, bit] of [
      [s, parity],
      [n - s, 1 - parity],
      [s, 1 - parity],
    ] as const)
      expect(Buffer.from(wasm(r, sig, bit, hash)).toString('hex')).toBe(Buffer.from(js(r, sig, bit, hash)).toString('hex'))
    expect(Buffer.from(wasm(r, s, parity, hash).subarray(1)).toString('hex')).toBe(account.publicKey.slice(4))
  })

  it('refuses what @noble/curves refuses: r or s of zero, of n and over, over 256 bits, a parity over 3', () => {
    const wasm = wasmRecover()!
    const js = jsRecover()
    for (const [r, s, bit] of [
      [0n, 1n, 0],
      [1n, 0n, 0],
      [n, 1n, 0],
      [1n, n, 0],
      [1n << 256n, 1n, 0],
      [1n, 1n, 4],
    ] as const) {
      expect(() => wasm(r, s, bit, hash)).toThrow()
      expect(() => js(r, s, bit, hash)).toThrow()
    }
  })

  it('recovers on the worker thread what it recovers inline, in order, a burst and bad signatures included', async () => {
    const signers = Array.from({ length: 10 }, (_, i) => privateKeyToAccount(keccak256(toHex(`burst ${i}`))))
    const burst = await Promise.all(
      Array.from({ length: 200 }, (_, k) =>
        signers[k % 10]!.signTransaction({
          type: 'eip1559',
          chainId: 43_210,
          nonce: k,
          to: '0x000000000000000000000000000000000000dEaD',
          value: 1n,
          gas: 21_000n,
          maxFeePerGas: parseGwei('50'),
          maxPriorityFeePerGas: 1n,
        }),
      ),
    )
    // The last one's r, s and parity replaced by what has no key: r of zero, s of n, a parity of 4, r over 256 bits.
    const resigned = (r: bigint, s: bigint, parity: number) => {
      const bytes = (v: bigint) =>
        v === 0n
          ? new Uint8Array()
          : Uint8Array.from(Buffer.from(v.toString(16).padStart(2 * Math.ceil(v.toString(16).length / 2), '0'), 'hex'))
      const unsigned: Rlp[] = [
        bytes(43_210n),
        bytes(1n),
        bytes(1n),
        bytes(50n),
        bytes(21_000n),
        new Uint8Array(20),
        bytes(1n),
        new Uint8Array(),
        [],
      ]
      return `0x02${Buffer.from(encodeRlp([...unsigned, bytes(BigInt(parity)), bytes(r), bytes(s)])).toString('hex')}`
    }
    const bad = [resigned(0n, 1n, 0), resigned(1n, n, 0), resigned(1n, 1n, 4), resigned(1n << 256n, 1n, 0)]
    const raws = [...burst, ...bad, 'not a transaction']
    const offThread = await Promise.all(raws.map(decodeRawTransactionOffThread))
    expect(offThread).toEqual(raws.map(decodeRawTransaction))
    expect(offThread.slice(0, 200).map((t) => t?.sender)).toEqual(burst.map((_, k) => signers[k % 10]!.address.toLowerCase()))
    expect(offThread.slice(200)).toEqual([undefined, undefined, undefined, undefined, undefined])
    expect(senderRecoveryMode()).toBe('worker')
  })
})
