/**
 * Subnet-EVM's Reward Manager test table (precompile/contracts/rewardmanager/contract_test.go), observed through
 * JSON-RPC (./go-tables/harness.ts); its allow-list half (AllowListTests) is go-tables-allowlist.test.ts.
 */
import { describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { ADMIN, call, intrinsicGas, preDurango, runCase, T0, TestNoRoleAddr, tableGenesis } from './go-tables/harness.js'
import { initialRewardConfigCases, REWARD_MANAGER, rewardManagerTests } from './go-tables/rewardmanager.js'

const genesis = (chainId: number, config: Record<string, unknown>, upgrades?: Record<string, number>) =>
  tableGenesis(chainId, { rewardManagerConfig: { adminAddresses: [ADMIN], blockTimestamp: T0, ...config } }, upgrades)
const durango = useDevnet({ genesis: genesis(43_331, {}) })
const preDurangoDevnet = useDevnet({ genesis: genesis(43_332, {}, preDurango) })

describe('rewardmanager/contract_test.go tests', () => {
  for (const c of rewardManagerTests()) {
    it(c.name, async () => runCase((c.durango ? durango : preDurangoDevnet)().rpcUrl, c))
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
