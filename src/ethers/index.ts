/**
 * `subnet-rpc/ethers`: ethers v6 providers and functions for the Subnet-EVM extras and
 * the node's Info API. Needs only ethers (not viem).
 * @packageDocumentation
 */
export { SubnetProvider, SubnetBrowserProvider, SubnetProviderMixin, type SubnetProviderMethods } from './provider.js'
export { InfoClient, type InfoClientOptions, type InfoMethods } from './info.js'
export { HealthClient, type HealthClientOptions, type HealthCheckOptions, type HealthMethods } from './health.js'
export { ValidatorsClient, type ValidatorsClientOptions, type ValidatorsMethods } from './validators.js'
export { ProposerVMClient, type ProposerVMClientOptions, type ProposerVMMethods } from './proposervm.js'
export { feeConfig, getChainConfig, getActiveRulesAt, getActivePrecompilesAt } from './functions.js'
export type { EthersBlockTag } from './blockTag.js'
export type { AnyProvider, Requester, Sender } from './request.js'
export {
  allowFeeRecipients,
  decodePrecompileLog,
  disableRewards,
  estimateL1FeesPerGas,
  getAllowListMembers,
  getAllowListRole,
  getFeeManagerConfig,
  getRewardConfig,
  getWarpBlockchainId,
  isPrecompileActive,
  mintNativeCoin,
  setAllowListRole,
  setFeeConfig,
  setRewardAddress,
  watchPrecompileEvents,
  type PrecompileEvent,
  type PrecompileEventLocation,
  type PrecompileProvider,
  type PrecompileWriteOverrides,
} from './precompiles.js'
export {
  deliverWarpMessage,
  getWarpBlockAggregateSignature,
  getWarpBlockSignature,
  getWarpMessage,
  getWarpMessageAggregateSignature,
  getWarpMessageSignature,
  getRelayerMessages,
  waitForTeleporterDelivery,
  type DeliverWarpMessageEthersParameters,
} from './warp.js'
