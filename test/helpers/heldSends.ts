/**
 * Sends the devnet's pool holds for the base fee (packages/devnet/src/l1/pool/pendingPool.ts): the base fee raised
 * above a held fee cap, then let fall, over an L1 endpoint's `call`.
 */
import { parseGwei } from 'viem'
import { expect } from 'vitest'
import { testFeeConfig } from './devnet.js'

type Call = (method: string, params?: unknown[]) => Promise<{ result?: any; error?: unknown }>

/** `count(tag)`: the sender's transaction count at `tag`. */
export function baseFeeSwings(call: Call, count: (tag: string) => Promise<number>) {
  return {
    /** The minimum raised to 25 gwei for a block, then back to 1 gwei: the base fee falls slowly from 25 gwei. Resolves with the mined count. */
    async raiseBaseFee(): Promise<number> {
      const { feeConfig } = (await call('eth_feeConfig')).result
      const slow = { ...feeConfig, targetGas: testFeeConfig.targetGas, baseFeeChangeDenominator: testFeeConfig.baseFeeChangeDenominator }
      expect((await call('devnet_setFeeConfig', [{ ...slow, minBaseFee: 25_000_000_000 }])).error).toBeUndefined()
      expect((await call('evm_mine')).error).toBeUndefined()
      expect((await call('devnet_setFeeConfig', [{ ...slow, minBaseFee: 1_000_000_000 }])).error).toBeUndefined()
      expect(BigInt((await call('eth_baseFee')).result)).toBeGreaterThan(parseGwei('10'))
      return count('latest')
    },
    /** Time passes: the base fee falls to the held sends' fee cap, and every send up to `mined` is mined. */
    async letFall(mined: number): Promise<void> {
      await call('evm_increaseTime', [100_000])
      for (const deadline = Date.now() + 5000; (await count('latest')) < mined && Date.now() < deadline; )
        await new Promise((r) => setTimeout(r, 100))
      expect(await count('latest')).toBe(mined)
    },
  }
}
