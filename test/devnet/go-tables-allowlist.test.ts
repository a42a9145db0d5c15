/**
 * Subnet-EVM's allow-list test table (precompile/allowlist/allowlisttest/test_allowlist.go `AllowListTests`), run
 * as the Go suite runs it for each of the five allow-list precompiles (`RunPrecompileWithAllowListTests` in each
 * module's contract_test.go), observed through JSON-RPC (./go-tables/harness.ts). Cases whose ChainConfigFn says
 * IsDurango false run on a devnet whose Durango is still ahead; the `initial_config_*` cases are genesis configs.
 */
import { describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { allowListTests, initialConfigCases, packRead, ReadAllowListGasCost } from './go-tables/allowlist.js'
import { ADMIN, call, intrinsicGas, preDurango, runCase, slotOf, T0, tableGenesis, word } from './go-tables/harness.js'

export const allowListPrecompiles = [
  { name: 'ContractDeployerAllowList', key: 'contractDeployerAllowListConfig', address: '0x0200000000000000000000000000000000000000' },
  { name: 'NativeMinter', key: 'contractNativeMinterConfig', address: '0x0200000000000000000000000000000000000001' },
  { name: 'TxAllowList', key: 'txAllowListConfig', address: '0x0200000000000000000000000000000000000002' },
  { name: 'FeeManager', key: 'feeManagerConfig', address: '0x0200000000000000000000000000000000000003' },
  { name: 'RewardManager', key: 'rewardManagerConfig', address: '0x0200000000000000000000000000000000000004' },
]
const genesis = (chainId: number, allowList: Record<string, unknown>, upgrades?: Record<string, number>) =>
  tableGenesis(chainId, Object.fromEntries(allowListPrecompiles.map((p) => [p.key, { ...allowList, blockTimestamp: T0 }])), upgrades)

const durango = useDevnet({ genesis: genesis(43_301, { adminAddresses: [ADMIN] }) })
const preDurangoDevnet = useDevnet({ genesis: genesis(43_302, { adminAddresses: [ADMIN] }, preDurango) })

for (const p of allowListPrecompiles) {
  describe(`test_allowlist.go AllowListTests on ${p.name}`, () => {
    for (const c of allowListTests(p.address)) {
      it(c.name, async () => {
        await runCase((c.durango ? durango : preDurangoDevnet)().rpcUrl, c)
      })
    }
  })
}

for (const c of initialConfigCases) {
  describe(`test_allowlist.go ${c.name}`, () => {
    const devnet = useDevnet({ genesis: genesis(43_310 + initialConfigCases.indexOf(c), c.config) })
    for (const p of allowListPrecompiles) {
      it(p.name, async () => {
        const url = devnet().rpcUrl
        for (const [account, role] of c.roles) {
          expect(BigInt((await call(url, 'eth_getStorageAt', [p.address, slotOf(account), 'latest'])).result)).toBe(role)
          const data = packRead(account)
          const read = await call(url, 'eth_call', [
            { from: ADMIN, to: p.address, data, gas: `0x${(intrinsicGas(data) + ReadAllowListGasCost).toString(16)}` },
            'latest',
          ])
          expect(read.result, JSON.stringify(read)).toBe(word(role))
        }
      })
    }
  })
}
