/**
 * Subnet-EVM's Warp test tables (precompile/contracts/warp/contract_test.go), observed through JSON-RPC
 * (./go-tables/harness.ts), for both forks the Go suite runs (Fortuna: pre-Granite gas; Latest: Granite gas). The cases
 * with predicates run as calls whose access list carries them (./go-tables/warp.ts `predicateTests`).
 */
import { type Hex, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { decodeCb58 } from '../../src/core/cb58.js'
import { useDevnet } from '../helpers/devnet.js'
import { LATER, runCase, T0, tableGenesis } from './go-tables/harness.js'
import { predicateTests, warpTests } from './go-tables/warp.js'

const NETWORK_ID = 12345
const genesis = (chainId: number, granite: number) =>
  tableGenesis(
    chainId,
    { warpConfig: { blockTimestamp: T0, quorumNumerator: 67 } },
    { durangoTimestamp: T0, etnaTimestamp: T0, graniteTimestamp: granite, heliconTimestamp: granite },
  )
const forks = [
  { name: 'Fortuna', granite: false, devnet: useDevnet({ genesis: genesis(43_351, LATER), networkID: NETWORK_ID }) },
  { name: 'Latest', granite: true, devnet: useDevnet({ genesis: genesis(43_352, T0), networkID: NETWORK_ID }) },
]

for (const fork of forks) {
  describe(`warp/contract_test.go on ${fork.name}`, () => {
    const blockchainID = () => toHex(decodeCb58(fork.devnet().blockchainID)) as Hex
    // Named here without the IDs, which only the running devnet knows.
    for (const c of warpTests(fork.granite, `0x${'00'.repeat(32)}`, NETWORK_ID)) {
      const run = async () => {
        const live = warpTests(fork.granite, blockchainID(), NETWORK_ID).find((l) => l.name === c.name)
        expect(live).toBeDefined()
        if (live) await runCase(fork.devnet().rpcUrl, live)
      }
      if (c.differs) it.fails(`${c.name} (differs from the node: ${c.differs})`, run)
      else it(c.name, run)
    }
    for (const c of predicateTests(fork.granite)) {
      const run = () => runCase(fork.devnet().rpcUrl, c)
      if (c.differs) it.fails(`${c.name} (differs from the node: ${c.differs})`, run)
      else it(c.name, run)
    }
  })
}
