/**
 * Subnet-EVM's Fee Manager test table (precompile/contracts/feemanager/contract_test.go), observed through JSON-RPC
 * (./go-tables/harness.ts); its allow-list half (AllowListTests) is go-tables-allowlist.test.ts.
 */
import { describe, it } from 'vitest'
import { testFeeConfig, useDevnet } from '../helpers/devnet.js'
import { feeManagerTests, initialFeeConfigCase } from './go-tables/feemanager.js'
import { ADMIN, preDurango, runCase, tableGenesis } from './go-tables/harness.js'

const genesis = (chainId: number, config: Record<string, unknown>, upgrades?: Record<string, number>) =>
  tableGenesis(chainId, { feeManagerConfig: { adminAddresses: [ADMIN], blockTimestamp: 0, ...config } }, upgrades)
const durango = useDevnet({ genesis: genesis(43_341, {}) })
const preDurangoDevnet = useDevnet({ genesis: genesis(43_342, {}, preDurango) })
// commontype.ValidTestFeeConfig is the helpers' testFeeConfig.
const configured = useDevnet({ genesis: genesis(43_343, { initialFeeConfig: testFeeConfig }) })

describe('feemanager/contract_test.go tests', () => {
  for (const c of feeManagerTests()) {
    it(c.name, async () => runCase((c.durango ? durango : preDurangoDevnet)().rpcUrl, c))
  }
  it(initialFeeConfigCase.name, async () => runCase(configured().rpcUrl, initialFeeConfigCase))
})
