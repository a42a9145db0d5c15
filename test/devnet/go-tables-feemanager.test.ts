/**
 * Subnet-EVM's Fee Manager test table (precompile/contracts/feemanager/contract_test.go), observed through JSON-RPC
 * (./go-tables/harness.ts); its allow-list half (AllowListTests) is go-tables-allowlist.test.ts.
 */
import { describe, it } from 'vitest'
import { testFeeConfig, useDevnet } from '../helpers/devnet.js'
import { feeManagerTests, initialFeeConfigCase } from './go-tables/feemanager.js'
import { runCase } from './go-tables/harness.js'

const ADMIN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const T0 = 0x65000000
/** Durango far ahead of the wall clock the devnet's blocks follow. */
const LATER = 4_000_000_000
const genesis = (chainId: number, config: Record<string, unknown>, upgrades: Record<string, number> = { durangoTimestamp: 0 }) => ({
  config: { chainId, feeConfig: testFeeConfig, ...upgrades, feeManagerConfig: { adminAddresses: [ADMIN], blockTimestamp: 0, ...config } },
  alloc: {},
  timestamp: `0x${T0.toString(16)}`,
  gasLimit: '0x7A1200',
  difficulty: '0x0',
})
const durango = useDevnet({ genesis: genesis(43_341, {}) })
const preDurango = useDevnet({ genesis: genesis(43_342, {}, { durangoTimestamp: LATER, etnaTimestamp: LATER, graniteTimestamp: LATER }) })
// commontype.ValidTestFeeConfig is the helpers' testFeeConfig.
const configured = useDevnet({ genesis: genesis(43_343, { initialFeeConfig: testFeeConfig }) })

describe('feemanager/contract_test.go tests', () => {
  for (const c of feeManagerTests()) {
    it(c.name, async () => runCase((c.durango ? durango : preDurango)().rpcUrl, c))
  }
  it(initialFeeConfigCase.name, async () => runCase(configured().rpcUrl, initialFeeConfigCase))
})
