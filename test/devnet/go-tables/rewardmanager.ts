/**
 * precompile/contracts/rewardmanager/contract_test.go `tests`, case by case (same names, same order); `durango: false`
 * where its ChainConfigFn says IsDurango false. The Go state starts empty, so every BeforeHook here also zeroes the
 * reward slot the devnet's genesis Configure wrote (the blackhole address: module.go `Configure` without an initial
 * config). Writing that zero slot is a fresh SSTORE (22,100 with the caller's role read, 2,100) where the node charges a
 * flat WriteGasCostPerSlot + ReadGasCostPerSlot: `dearer` in a mined call unless an event's gas covers it. The
 * `get_initial_config_*` cases (a `Config`) are `initialRewardConfigCases`.
 */
import { concat, encodeFunctionData, getAddress, type Hex, toEventSelector } from 'viem'
import { rewardManagerAbi } from '../../../src/core/precompiles/abis.js'
import { type Case, defaultRoles, TestEnabledAddr, TestManagerAddr, TestNoRoleAddr, word } from './harness.js'

export const REWARD_MANAGER = '0x0200000000000000000000000000000000000004'
/** rewardmanager/contract.go: the stored reward address's key, the allow-fee-recipients marker, the blackhole. */
const REWARD_ADDRESS_KEY = `0x7261736b${'0'.repeat(56)}`
const allowFeeRecipientsValue = BigInt(`0x6166726176${'0'.repeat(54)}`)
const blackhole = BigInt('0x0100000000000000000000000000000000000000')
/** rewardAddress of contract_test.go. */
export const rewardAddress = '0x0000000000000000000000000000000000000123'

/** rewardmanager/contract.go gas: a write (+ the allow-list read), a read; event.go's events. */
const WriteGas = 20_000 + 5_000
const ReadGas = 5_000
const TwoTopicEventGas = 375 + 2 * 375
const RewardAddressChangedEventGas = 375 + 4 * 375 + 5_000

const pack = (functionName: 'allowFeeRecipients' | 'disableRewards' | 'currentRewardAddress' | 'areFeeRecipientsAllowed') =>
  encodeFunctionData({ abi: rewardManagerAbi, functionName })
const packSet = (addr: string) => encodeFunctionData({ abi: rewardManagerAbi, functionName: 'setRewardAddress', args: [addr as Hex] })
const topic = (signature: string) => toEventSelector(signature)
const sender = (caller: string) => word(BigInt(caller))

export type RewardCase = Case & { durango: boolean }

export function rewardManagerTests(): RewardCase[] {
  const before: [string, string, bigint][] = [...defaultRoles(REWARD_MANAGER), [REWARD_MANAGER, REWARD_ADDRESS_KEY, 0n]]
  const base = { precompile: REWARD_MANAGER, before, durango: true }
  const stored = (value: bigint): [string, string, bigint][] => [[REWARD_MANAGER, REWARD_ADDRESS_KEY, value]]
  const refuse = (name: string, input: Hex, fn: string): RewardCase => ({
    ...base,
    name,
    caller: TestNoRoleAddr,
    input,
    suppliedGas: WriteGas,
    err: `non-enabled cannot call ${fn}: ${getAddress(TestNoRoleAddr)}`,
    storage: stored(0n),
  })
  const allow = (name: string, caller: string, durango = true): RewardCase => ({
    ...base,
    name,
    caller,
    input: pack('allowFeeRecipients'),
    suppliedGas: durango ? WriteGas + TwoTopicEventGas : WriteGas,
    res: '0x',
    logs: durango ? [{ address: REWARD_MANAGER, topics: [topic('FeeRecipientsAllowed(address)'), sender(caller)], data: '0x' }] : [],
    storage: stored(allowFeeRecipientsValue),
    durango,
    dearer: true,
  })
  const set = (name: string, caller: string, durango = true, input = packSet(rewardAddress)): RewardCase => ({
    ...base,
    name,
    caller,
    input,
    suppliedGas: durango ? WriteGas + RewardAddressChangedEventGas : WriteGas,
    res: '0x',
    logs: durango
      ? [
          {
            address: REWARD_MANAGER,
            topics: [topic('RewardAddressChanged(address,address,address)'), sender(caller), word(0n), word(BigInt(rewardAddress))],
            data: '0x',
          },
        ]
      : [],
    storage: stored(BigInt(rewardAddress)),
    durango,
    // Before Durango there is no event gas (with its 5,000 read) to cover the fresh slot.
    dearer: !durango,
  })
  const disable = (name: string, caller: string, durango = true): RewardCase => ({
    ...base,
    name,
    caller,
    input: pack('disableRewards'),
    suppliedGas: durango ? WriteGas + TwoTopicEventGas : WriteGas,
    res: '0x',
    logs: durango ? [{ address: REWARD_MANAGER, topics: [topic('RewardsDisabled(address)'), sender(caller)], data: '0x' }] : [],
    storage: stored(blackhole),
    durango,
    dearer: true,
  })
  const short = (name: string, input: Hex, gas: number): RewardCase => ({
    ...base,
    name,
    caller: TestEnabledAddr,
    input,
    suppliedGas: gas,
    err: 'out of gas',
    storage: stored(0n),
  })
  const readOnly = (name: string, input: Hex): RewardCase => ({
    ...base,
    name,
    caller: TestEnabledAddr,
    input,
    suppliedGas: WriteGas,
    readOnly: true,
    err: 'write protection',
    storage: stored(0n),
  })
  return [
    refuse('set_allow_fee_recipients_from_no_role_fails', pack('allowFeeRecipients'), 'allowFeeRecipients'),
    refuse('set_reward_address_from_no_role_fails', packSet(rewardAddress), 'setRewardAddress'),
    refuse('disable_rewards_from_no_role_fails', pack('disableRewards'), 'disableRewards'),
    allow('set_allow_fee_recipients_from_enabled_succeeds', TestEnabledAddr),
    allow('set_fee_recipients_should_not_emit_events_pre_Durango', TestEnabledAddr, false),
    set('set_reward_address_from_enabled_succeeds', TestEnabledAddr),
    allow('set_allow_fee_recipients_from_manager_succeeds', TestManagerAddr),
    set('set_reward_address_from_manager_succeeds', TestManagerAddr),
    set('change_reward_address_should_not_emit_events_pre_Durango', TestManagerAddr, false),
    disable('disable_rewards_from_manager_succeeds', TestManagerAddr),
    disable('disable_rewards_from_enabled_succeeds', TestEnabledAddr),
    disable('disable_rewards_should_not_emit_event_pre_Durango', TestManagerAddr, false),
    {
      ...base,
      name: 'get_current_reward_address_from_no_role_succeeds',
      caller: TestNoRoleAddr,
      before: [...before, [REWARD_MANAGER, REWARD_ADDRESS_KEY, BigInt(rewardAddress)]],
      input: pack('currentRewardAddress'),
      suppliedGas: ReadGas,
      res: word(BigInt(rewardAddress)),
    },
    {
      ...base,
      name: 'get_are_fee_recipients_allowed_from_no_role_succeeds',
      caller: TestNoRoleAddr,
      before: [...before, [REWARD_MANAGER, REWARD_ADDRESS_KEY, allowFeeRecipientsValue]],
      input: pack('areFeeRecipientsAllowed'),
      suppliedGas: ReadGas,
      res: word(1n),
    },
    readOnly('readOnly_allow_fee_recipients_with_allowed_role_fails', pack('allowFeeRecipients')),
    readOnly('readOnly_set_reward_address_with_allowed_role_fails', packSet(rewardAddress)),
    short('insufficient_gas_set_reward_address_from_allowed_role', packSet(rewardAddress), WriteGas + RewardAddressChangedEventGas - 1),
    short('insufficient_gas_allow_fee_recipients_from_allowed_role', pack('allowFeeRecipients'), WriteGas + TwoTopicEventGas - 1),
    short('insufficient_gas_read_current_reward_address_from_allowed_role', pack('currentRewardAddress'), ReadGas - 1),
    short('insufficient_gas_are_fee_recipients_allowed_from_allowed_role', pack('areFeeRecipientsAllowed'), ReadGas - 1),
    {
      ...base,
      name: 'set_reward_address_invalid_length_pre_durango',
      caller: TestEnabledAddr,
      input: concat([packSet(rewardAddress), '0x0000']),
      suppliedGas: WriteGas,
      err: 'invalid input length for setting reward address: 34',
      storage: stored(0n),
      durango: false,
    },
    set('set_reward_address_invalid_length_post_durango', TestEnabledAddr, true, concat([packSet(rewardAddress), '0x0000'])),
  ]
}

/** The `get_initial_config_*` cases: Configure with an InitialRewardConfig, then the getter's result at its gas. */
export const initialRewardConfigCases = [
  {
    name: 'get_initial_config_with_address',
    initialRewardConfig: { rewardAddress },
    input: pack('currentRewardAddress'),
    suppliedGas: ReadGas,
    res: word(BigInt(rewardAddress)),
  },
  {
    name: 'get_initial_config_with_allow_fee_recipients_enabled',
    initialRewardConfig: { allowFeeRecipients: true },
    input: pack('areFeeRecipientsAllowed'),
    suppliedGas: ReadGas,
    res: word(1n),
  },
]
