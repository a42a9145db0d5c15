/**
 * The RPC fee cap's arithmetic (packages/devnet/src/l1/pool/txFeeCap.ts) as Go's `checkTxFee` does it, and the
 * chain config key it reads. The devnet's answers over HTTP are in test/devnet/rpc-tx-fee-cap.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { readChainConfig } from '../../packages/devnet/src/config/chainConfig.js'
import { gasPriceAndGas } from '../../packages/devnet/src/l1/pool/rawTx.js'
import { feeInEther, goFixed2, txFeeRefusal } from '../../packages/devnet/src/l1/pool/txFeeCap.js'
import { privateKeyToAccount } from 'viem/accounts'

describe('goFixed2 (Go %.2f)', () => {
  it('rounds the exact binary value, a tie to even, where toFixed rounds a tie up', () => {
    expect(goFixed2(0.125)).toBe('0.12') // exactly 1/8: a tie
    expect((0.125).toFixed(2)).toBe('0.13')
    expect(goFixed2(0.375)).toBe('0.38')
    expect(goFixed2(2.675)).toBe('2.67') // 2.67499999999999982236431605997495353221893310546875
    expect(goFixed2(1.005)).toBe('1.00')
    expect(goFixed2(0.135)).toBe('0.14') // 0.135000000000000008881784197001...
  })

  it('prints every digit of a large value and the sign of a negative one', () => {
    expect(goFixed2(100)).toBe('100.00')
    expect(goFixed2(1e21)).toBe('1000000000000000000000.00')
    expect(goFixed2(-1)).toBe('-1.00')
    expect(goFixed2(0)).toBe('0.00')
  })
})

describe('feeInEther (big.Float Quo, then Float64)', () => {
  it('is the quotient as a float64', () => {
    expect(feeInEther(25_000_000_000n, 21_000n)).toBe(0.000525)
    expect(feeInEther(10n ** 15n, 100_000n)).toBe(100)
    expect(feeInEther(0n, 21_000n)).toBe(0)
    expect(feeInEther(2n ** 256n - 1n, 2n ** 64n - 1n)).toBe(Number((2n ** 256n - 1n) * (2n ** 64n - 1n)) / 1e18)
  })

  it('rounds twice, as Go does: to 64 bits, then to 53 (one value where that differs from one rounding)', () => {
    // The exact quotient is just under a midpoint between two float64s; at 64 bits it rounds onto the midpoint, and
    // the tie then goes to the even float64, the larger one. A single rounding (JavaScript's division) gives the smaller.
    const fee = 289_460_292_385_400n
    expect(Number(fee) / 1e18).toBe(0.0002894602923854)
    expect(feeInEther(fee, 1n)).toBe(0.00028946029238540003)
  })
})

describe('txFeeRefusal (checkTxFee)', () => {
  it("refuses over the cap with the node's text, accepts at it, and a cap of 0 is none", () => {
    expect(txFeeRefusal(10n ** 15n + 1n, 100_000n, 100)).toBe('tx fee (100.00 ether) exceeds the configured cap (100.00 ether)')
    expect(txFeeRefusal(10n ** 15n, 100_000n, 100)).toBeUndefined()
    expect(txFeeRefusal(10n ** 30n, 100_000n, 0)).toBeUndefined()
    // A negative cap refuses every send, a free one too (0 > -1).
    expect(txFeeRefusal(0n, 21_000n, -1)).toBe('tx fee (0.00 ether) exceeds the configured cap (-1.00 ether)')
  })
})

describe('gasPriceAndGas', () => {
  const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
  const to = '0x00000000000000000000000000000000000000bb' as const
  it("reads a legacy, an EIP-2930 and an EIP-1559 transaction's price (the fee cap for EIP-1559) and gas", async () => {
    const legacy = await account.signTransaction({ type: 'legacy', chainId: 1, nonce: 7, gasPrice: 5n, gas: 21_001n, to })
    expect(gasPriceAndGas(legacy)).toEqual({ gasPrice: 5n, gas: 21_001n })
    const accessList = await account.signTransaction({ type: 'eip2930', chainId: 1, nonce: 7, gasPrice: 6n, gas: 21_002n, to })
    expect(gasPriceAndGas(accessList)).toEqual({ gasPrice: 6n, gas: 21_002n })
    const dynamic = await account.signTransaction({ chainId: 1, nonce: 7, maxFeePerGas: 9n, maxPriorityFeePerGas: 2n, gas: 21_003n, to })
    expect(gasPriceAndGas(dynamic)).toEqual({ gasPrice: 9n, gas: 21_003n })
    // A long list prefix (0xfa: three length bytes) before the fields; the 120 KB input is not read.
    const large = await account.signTransaction({
      chainId: 1,
      nonce: 7,
      maxFeePerGas: 9n,
      maxPriorityFeePerGas: 2n,
      gas: 21_004n,
      to,
      data: `0x${'ab'.repeat(120_000)}`,
    })
    expect(gasPriceAndGas(large)).toEqual({ gasPrice: 9n, gas: 21_004n })
    expect(gasPriceAndGas(dynamic.slice(0, 14))).toBeUndefined() // cut inside the fields it reads
    expect(gasPriceAndGas('0x')).toBeUndefined()
    expect(gasPriceAndGas('0x05c0')).toBeUndefined()
  })
})

describe('rpc-tx-fee-cap in the chain config', () => {
  it("the node's default is 100 ether; a number given replaces it (0 and negatives too), null keeps it", () => {
    expect(readChainConfig({}, 'test').rpcTxFeeCap).toBe(100)
    expect(readChainConfig({ 'rpc-tx-fee-cap': 0.5 }, 'test').rpcTxFeeCap).toBe(0.5)
    expect(readChainConfig('{"rpc-tx-fee-cap": 0}', 'test').rpcTxFeeCap).toBe(0)
    expect(readChainConfig({ 'rpc-tx-fee-cap': -1 }, 'test').rpcTxFeeCap).toBe(-1)
    expect(readChainConfig({ 'rpc-tx-fee-cap': null }, 'test').rpcTxFeeCap).toBe(100)
  })

  it('anything but a number is refused, naming the key', () => {
    expect(() => readChainConfig({ 'rpc-tx-fee-cap': '100' }, 'the L1 a')).toThrow(
      'the L1 a: rpc-tx-fee-cap: expected a number of ether (0: no cap), got "100"',
    )
    expect(() => readChainConfig('{"rpc-tx-fee-cap": 1e400}', 'the L1 a')).toThrow(/rpc-tx-fee-cap: expected a number of ether/)
  })
})
