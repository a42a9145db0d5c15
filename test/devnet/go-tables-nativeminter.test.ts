/**
 * Subnet-EVM's Native Minter test table (precompile/contracts/nativeminter/contract_test.go), observed through
 * JSON-RPC (./go-tables/harness.ts); its allow-list half (AllowListTests) is go-tables-allowlist.test.ts. A case
 * where the devnet differs from the node is declared with `it.fails` and the reason.
 */
import { describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { ADMIN, call, preDurango, runCase, T0, tableGenesis } from './go-tables/harness.js'
import { initialMintCase, NATIVE_MINTER, nativeMinterTests } from './go-tables/nativeminter.js'

const genesis = (chainId: number, config: Record<string, unknown>, upgrades?: Record<string, number>) =>
  tableGenesis(chainId, { contractNativeMinterConfig: { adminAddresses: [ADMIN], blockTimestamp: T0, ...config } }, upgrades)
const durango = useDevnet({ genesis: genesis(43_321, {}) })
const preDurangoDevnet = useDevnet({ genesis: genesis(43_322, {}, preDurango) })
const configured = useDevnet({ genesis: genesis(43_323, { initialMint: initialMintCase.initialMint }) })

describe('nativeminter/contract_test.go tests', () => {
  for (const c of nativeMinterTests()) {
    const run = async () => runCase((c.durango ? durango : preDurangoDevnet)().rpcUrl, c)
    if (c.differs) it.fails(`${c.name} (differs from the node: ${c.differs})`, run)
    else it(c.name, run)
  }
  it(initialMintCase.name, async () => {
    const [account, wei] = initialMintCase.balance
    expect(BigInt((await call(configured().rpcUrl, 'eth_getBalance', [account, 'latest'])).result)).toBe(wei)
    expect((await call(configured().rpcUrl, 'eth_getCode', [NATIVE_MINTER, 'latest'])).result).toBe('0x01')
  })
})
