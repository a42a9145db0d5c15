/**
 * Subnet-EVM's Native Minter test table (precompile/contracts/nativeminter/contract_test.go), observed through
 * JSON-RPC (./go-tables/harness.ts); its allow-list half (AllowListTests) is go-tables-allowlist.test.ts. A case
 * where the devnet differs from the node is declared with `it.fails` and the reason.
 */
import { describe, expect, it } from 'vitest'
import { testFeeConfig, useDevnet } from '../helpers/devnet.js'
import { call, runCase } from './go-tables/harness.js'
import { initialMintCase, NATIVE_MINTER, nativeMinterTests } from './go-tables/nativeminter.js'

const ADMIN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const T0 = 0x65000000
/** Durango far ahead of the wall clock the devnet's blocks follow. */
const LATER = 4_000_000_000
const genesis = (chainId: number, minter: Record<string, unknown>, upgrades: Record<string, number> = { durangoTimestamp: 0 }) => ({
  config: {
    chainId,
    feeConfig: testFeeConfig,
    ...upgrades,
    contractNativeMinterConfig: { adminAddresses: [ADMIN], blockTimestamp: T0, ...minter },
  },
  alloc: {},
  timestamp: `0x${T0.toString(16)}`,
  gasLimit: '0x7A1200',
  difficulty: '0x0',
})
const durango = useDevnet({ genesis: genesis(43_321, {}) })
const preDurango = useDevnet({ genesis: genesis(43_322, {}, { durangoTimestamp: LATER, etnaTimestamp: LATER, graniteTimestamp: LATER }) })
const configured = useDevnet({ genesis: genesis(43_323, { initialMint: initialMintCase.initialMint }) })

describe('nativeminter/contract_test.go tests', () => {
  for (const c of nativeMinterTests()) {
    const run = async () => runCase((c.durango ? durango : preDurango)().rpcUrl, c)
    if (c.differs) it.fails(`${c.name} (differs from the node: ${c.differs})`, run)
    else it(c.name, run)
  }
  it(initialMintCase.name, async () => {
    const [account, wei] = initialMintCase.balance
    expect(BigInt((await call(configured().rpcUrl, 'eth_getBalance', [account, 'latest'])).result)).toBe(wei)
    expect((await call(configured().rpcUrl, 'eth_getCode', [NATIVE_MINTER, 'latest'])).result).toBe('0x01')
  })
})
