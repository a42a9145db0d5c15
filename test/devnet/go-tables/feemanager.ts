/**
 * precompile/contracts/feemanager/contract_test.go `tests`, case by case (same names, same order); `durango: false`
 * where its ChainConfigFn says IsDurango false. The Go state starts empty, so the BeforeHooks here also zero the fee
 * config and its block (the devnet's genesis Configure stored them) unless Go stores or configures one; Go's mocked
 * block number (6, 7) is the block the devnet mines the call in (or 0 for a genesis Configure). `get_initial_fee_config`
 * (a `Config` and an input) is `initialFeeConfigCase`.
 */
import { concat, encodeFunctionData, getAddress, type Hex, toEventSelector } from 'viem'
import { feeManagerAbi } from '../../../src/core/precompiles/abis.js'
import { type Case, defaultRoles, TestAdminAddr, TestEnabledAddr, TestManagerAddr, TestNoRoleAddr, word } from './harness.js'

export const FEE_MANAGER = '0x0200000000000000000000000000000000000003'
/** feemanager/contract.go gas, and FeeConfigChangedEventGasCost (event.go: the old config read, the log). */
const SetFeeConfigGasCost = 9 * 20_000
const GetFeeConfigGasCost = 8 * 5_000
const GetLastChangedAtGasCost = 5_000
const FeeConfigChangedEventGasCost = 8 * 5_000 + 375 + 2 * 375 + 2 * 256 * 8
/** Field i (1..8) at Hash{byte(i)}, the block of the last change at Hash{'l','c','a'}. */
const fieldKey = (i: number) => `0x${i.toString(16).padStart(2, '0')}${'0'.repeat(62)}`
const LAST_CHANGED_AT_KEY = `0x6c6361${'0'.repeat(58)}`

type FeeConfig = readonly [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint]
/** commontype.ValidTestFeeConfig. */
const testFeeConfig: FeeConfig = [8_000_000n, 2n, 25_000_000_000n, 15_000_000n, 36n, 0n, 1_000_000n, 200_000n]
const zeroFeeConfig: FeeConfig = [0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]
/** regressionBytes and regressionFeeConfig (subnet-evm issue 487). */
const regressionBytes: Hex =
  '0x8f10b58600000000000000000000000000000000000000000000000000000000017d78400000000000000000000000000000000000000000000000000000000000000002000000000000000000000000000000000000000000000000000000012a05f20000000000000000000000000000000000000000000000000000000000047868c0000000000000000000000000000000000000000000000000000000000000005400000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000001bc16d674ec800000000000000000000000000000000000000000000000000000de0b6b3a764000000000000000000000000000000000000000000000000000000000000'
const regressionFeeConfig: FeeConfig = [
  25_000_000n,
  2n,
  5_000_000_000n,
  75_000_000n,
  84n,
  0n,
  2_000_000_000_000_000_000n,
  1_000_000_000_000_000_000n,
]

const pack = (c: FeeConfig) => encodeFunctionData({ abi: feeManagerAbi, functionName: 'setFeeConfig', args: [...c] })
const getter = (functionName: 'getFeeConfig' | 'getFeeConfigLastChangedAt') => encodeFunctionData({ abi: feeManagerAbi, functionName })
const changedTopic = toEventSelector(
  'FeeConfigChanged(address,(uint256,uint256,uint256,uint256,uint256,uint256,uint256,uint256),(uint256,uint256,uint256,uint256,uint256,uint256,uint256,uint256))',
)
const configWords = (c: FeeConfig) => concat(c.map(word))
/** assertFeeEvent. */
const changed = (sender: string, old: FeeConfig, next: FeeConfig) => ({
  address: FEE_MANAGER,
  topics: [changedTopic, word(BigInt(sender))],
  data: concat([configWords(old), configWords(next)]),
})
/** The fee config and its block as slots: [address, slot, value]. */
const storedConfig = (c: FeeConfig, lastChangedAt: bigint | 'mined'): [string, string, bigint | 'mined'][] => [
  ...c.map((v, i): [string, string, bigint] => [FEE_MANAGER, fieldKey(i + 1), v]),
  [FEE_MANAGER, LAST_CHANGED_AT_KEY, lastChangedAt],
]
const storedBefore = (c: FeeConfig, lastChangedAt: bigint) => storedConfig(c, lastChangedAt) as [string, string, bigint][]

export type FeeCase = Case & { durango: boolean }

export function feeManagerTests(): FeeCase[] {
  const empty = [...defaultRoles(FEE_MANAGER), ...storedBefore(zeroFeeConfig, 0n)]
  const base = { precompile: FEE_MANAGER, before: empty, durango: true }
  const set = (name: string, caller: string, input = pack(testFeeConfig), next = testFeeConfig, durango = true): FeeCase => ({
    ...base,
    name,
    caller,
    input,
    suppliedGas: durango ? SetFeeConfigGasCost + FeeConfigChangedEventGasCost : SetFeeConfigGasCost,
    res: '0x',
    logs: durango ? [changed(caller, zeroFeeConfig, next)] : [],
    storage: storedConfig(next, 'mined'),
    durango,
    // Nine fresh slots (22,100 each with the cold access) where the node charges 20,000 each: dearer unless the
    // event's gas (with its 40,000 read of the old config, from Durango) covers them.
    dearer: !durango,
  })
  const refuse = (name: string, caller: string, input: Hex, err: string, extra: Partial<FeeCase> = {}): FeeCase => ({
    ...base,
    name,
    caller,
    input,
    suppliedGas: SetFeeConfigGasCost,
    err,
    storage: storedConfig(zeroFeeConfig, 0n),
    ...extra,
  })
  const readOnlySet = (name: string, caller: string): FeeCase =>
    refuse(name, caller, pack(testFeeConfig), 'write protection', { readOnly: true })
  const invalid: FeeConfig = [...testFeeConfig.slice(0, 5), testFeeConfig[6] * 2n, ...testFeeConfig.slice(6)] as unknown as FeeConfig
  return [
    refuse(
      'set_config_from_no_role_fails',
      TestNoRoleAddr,
      pack(testFeeConfig),
      `non-enabled cannot change fee config: ${getAddress(TestNoRoleAddr)}`,
    ),
    set('set_config_from_enabled_address_succeeds_and_emits_logs', TestEnabledAddr),
    set('set_config_from_manager_succeeds', TestManagerAddr),
    refuse(
      'set_invalid_config_from_enabled_address',
      TestEnabledAddr,
      pack(invalid),
      `cannot verify fee config: minBlockGasCost cannot be greater than maxBlockGasCost: minBlockGasCost = ${invalid[5]}, maxBlockGasCost = ${invalid[6]}`,
      {
        // Config: InitialFeeConfig testFeeConfig (Configure stores it at block 0 here).
        before: [...defaultRoles(FEE_MANAGER), ...storedBefore(testFeeConfig, 0n)],
        suppliedGas: SetFeeConfigGasCost + FeeConfigChangedEventGasCost,
        storage: storedConfig(testFeeConfig, 0n),
      },
    ),
    set('set_config_from_admin_address', TestAdminAddr),
    {
      ...base,
      name: 'get_fee_config_from_non_enabled_address',
      caller: TestNoRoleAddr,
      before: [...defaultRoles(FEE_MANAGER), ...storedBefore(testFeeConfig, 6n)],
      input: getter('getFeeConfig'),
      suppliedGas: GetFeeConfigGasCost,
      readOnly: true,
      res: configWords(testFeeConfig),
      storage: storedConfig(testFeeConfig, 6n),
    },
    {
      ...base,
      name: 'get_last_changed_at_from_non_enabled_address',
      caller: TestNoRoleAddr,
      before: [...defaultRoles(FEE_MANAGER), ...storedBefore(testFeeConfig, 7n)],
      input: getter('getFeeConfigLastChangedAt'),
      suppliedGas: GetLastChangedAtGasCost,
      readOnly: true,
      res: word(7n),
      storage: storedConfig(testFeeConfig, 7n),
    },
    readOnlySet('readOnly_setFeeConfig_with_noRole_fails', TestNoRoleAddr),
    readOnlySet('readOnly_setFeeConfig_with_allow_role_fails', TestEnabledAddr),
    readOnlySet('readOnly_setFeeConfig_with_admin_role_fails', TestAdminAddr),
    refuse('insufficient_gas_setFeeConfig_from_admin', TestAdminAddr, pack(testFeeConfig), 'out of gas', {
      suppliedGas: SetFeeConfigGasCost - 1,
    }),
    refuse(
      'set_config_with_extra_padded_bytes_should_fail_before_Durango',
      TestEnabledAddr,
      concat([pack(testFeeConfig), word(0n)]),
      'invalid input length for fee config Input: 288',
      { durango: false },
    ),
    set('set_config_with_extra_padded_bytes_should_succeed_with_Durango', TestEnabledAddr, concat([pack(testFeeConfig), word(0n)])),
    refuse(
      'setFeeConfig_regression_test_should_fail_before_Durango',
      TestEnabledAddr,
      regressionBytes,
      `invalid input length for fee config Input: ${(regressionBytes.length - 10) / 2}`,
      { durango: false },
    ),
    set('setFeeConfig_regression_test_should_succeed_after_Durango', TestEnabledAddr, regressionBytes, regressionFeeConfig),
    set('set_config_should_not_emit_event_before_Durango', TestEnabledAddr, pack(testFeeConfig), testFeeConfig, false),
  ]
}

/** `get_initial_fee_config`: Configure with InitialFeeConfig testFeeConfig, then getFeeConfig read-only at its gas. */
export const initialFeeConfigCase: FeeCase = {
  name: 'get_initial_fee_config',
  caller: TestNoRoleAddr,
  precompile: FEE_MANAGER,
  before: defaultRoles(FEE_MANAGER),
  input: getter('getFeeConfig'),
  suppliedGas: GetFeeConfigGasCost,
  readOnly: true,
  res: configWords(testFeeConfig),
  // Configured in the genesis block: Go's mocked block 7 is block 0 here.
  storage: storedConfig(testFeeConfig, 0n),
  durango: true,
}
