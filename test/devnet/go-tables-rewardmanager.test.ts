/**
 * Subnet-EVM's Reward Manager test table (precompile/contracts/rewardmanager/contract_test.go), observed through
 * JSON-RPC (./go-tables/harness.ts); its allow-list half (AllowListTests) is go-tables-allowlist.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { testFeeConfig, useDevnet } from '../helpers/devnet.js'
import { call, intrinsicGas, runCase, TestNoRoleAddr } from './go-tables/harness.js'
import { initialRewardConfigCases, REWARD_MANAGER, rewardManagerTests } from './go-tables/rewardmanager.js'

const ADMIN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const T0 = 0x65000000
/** Durango far ahead of the wall clock the devnet's blocks follow. */
const LATER = 4_000_000_000
const genesis = (chainId: number, config: Record<string, unknown>, upgrades: Record<string, number> = { durangoTimestamp: 0 }) => ({
  config: {
    chainId,
    feeConfig: testFeeConfig,
    ...upgrades,
    rewardManagerConfig: { adminAddresses: [ADMIN], blockTimestamp: T0, ...config },
  },
  alloc: {},
  timestamp: `0x${T0.toString(16)}`,
  gasLimit: '0x7A1200',
  difficulty: '0x0',
})
const durango = useDevnet({ genesis: genesis(43_331, {}) })
const preDurango = useDevnet({ genesis: genesis(43_332, {}, { durangoTimestamp: LATER, etnaTimestamp: LATER, graniteTimestamp: LATER }) })

describe('rewardmanager/contract_test.go tests', () => {
  for (const c of rewardManagerTests()) {
    it(c.name, async () => runCase((c.durango ? durango : preDurango)().rpcUrl, c))
  }
})

for (const c of initialRewardConfigCases) {
  describe(`rewardmanager/contract_test.go ${c.name}`, () => {
    const devnet = useDevnet({
      genesis: genesis(43_333 + initialRewardConfigCases.indexOf(c), { initialRewardConfig: c.initialRewardConfig }),
    })
    it('the getter at its gas', async () => {
      const tx = { from: TestNoRoleAddr, to: REWARD_MANAGER, data: c.input }
      const gas = intrinsicGas(c.input) + c.suppliedGas
      expect((await call(devnet().rpcUrl, 'eth_call', [{ ...tx, gas: `0x${gas.toString(16)}` }, 'latest'])).result).toBe(c.res)
    })
  })
}
