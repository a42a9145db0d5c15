/**
 * The Reward Manager (precompile/contracts/rewardmanager): an allow list, and the reward address stored at
 * `Hash{'r','a','s','k'}` (contract.go): an address, the blackhole for disabled rewards, or the
 * `allowFeeRecipients` value. `Configure` writes it from `initialRewardConfig`, else from the chain config's
 * `allowFeeRecipients` (module.go, config.go `InitialRewardConfig.Configure`).
 */
import { precompileAddresses } from 'subnet-rpc'
import type { PrecompileConfig } from 'subnet-rpc/config'
import { precompileConstants } from '../artifacts/contracts.js'
import { addressWord, type Module, type ModuleHost } from './module.js'

const { REWARD_ADDRESS_KEY, ALLOW_FEE_RECIPIENTS_VALUE, BLACKHOLE } = precompileConstants.RewardManager
export const rewardAddressSlot = REWARD_ADDRESS_KEY
/** `constants.BlackholeAddr`, where `DisableFeeRewards` points the rewards. */
export const blackhole = BLACKHOLE

/** The coinbase a stored reward address word gives (`GetStoredRewardAddress`): `feeRecipient` when fee recipients are allowed. */
export const coinbaseOf = (stored: string, feeRecipient: string) =>
  stored.toLowerCase() === ALLOW_FEE_RECIPIENTS_VALUE ? feeRecipient : `0x${stored.slice(-40)}`

export const rewardManager = {
  configKey: 'rewardManagerConfig',
  address: precompileAddresses.rewardManagerConfig.toLowerCase(),
  contract: 'RewardManager',
  allowList: true,
  async configure(host: ModuleHost, config: PrecompileConfig) {
    const init = config.json.initialRewardConfig as { allowFeeRecipients: boolean; rewardAddress: string } | undefined
    const zero = (a: string) => /^0x0{40}$/i.test(a)
    const value = init
      ? init.allowFeeRecipients
        ? ALLOW_FEE_RECIPIENTS_VALUE
        : addressWord(zero(init.rewardAddress) ? blackhole : init.rewardAddress)
      : host.spec.allowFeeRecipients
        ? ALLOW_FEE_RECIPIENTS_VALUE
        : addressWord(blackhole)
    await host.write('anvil_setStorageAt', [this.address, rewardAddressSlot, value])
  },
  keys: [rewardAddressSlot],
} as const satisfies Module
