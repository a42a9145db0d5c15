/**
 * `subnet-rpc/config`: a Subnet-EVM node's chain-config rules as pure functions, the ones a node runs at start
 * on its `genesis.json` and `upgrade.json` (`plugin/evm/vm.go` `parseGenesis`, `params/extras` `Verify`, the fork
 * order, network upgrade defaults) and what is active at a time. The `subnet-rpc check` command and the devnet
 * (`subnet-rpc-devnet`) both use them. Works in Node and in a browser (a file path is read only in Node).
 *
 * @example
 * import { chainConfigOf, loadChainFiles } from 'subnet-rpc/config'
 *
 * const genesis = { config: { chainId: 99999, feeConfig: { gasLimit: 8000000 } }, alloc: {}, gasLimit: '0x7a1200' }
 * const { spec } = loadChainFiles(genesis, undefined, 12345) // a ChainConfigError (from 'subnet-rpc') when a node would refuse it
 * console.log(chainConfigOf(spec).chainId) // 99999n
 * @packageDocumentation
 */
export type { Where } from './core/config/read.js'
export { loadChainFiles, type AllocEntry, type ChainFiles, type JsonSource } from './core/config/genesis.js'
export { buildChainSpec, chainConfigJson, readGenesisConfig, readUpgradeFile } from './core/config/chainSpec.js'
export { defaultFeeConfig, feeConfigJson, readFeeConfig, verifyFeeConfig } from './core/config/feeConfig.js'
export { checkForks, ethForkOrder, type Fork } from './core/config/forkOrder.js'
export { networkName, networkNames, platformChainID, primaryChainIDs, txFeeTable } from './core/config/network.js'
export { networkUpgradeDefaults, type UpgradeTimes } from './core/config/networkUpgrades.js'
export {
  gasPriceManagerAddress,
  ignoredGenesisPrecompiles,
  readPrecompileConfig,
  readPrecompileUpgrade,
  registeredPrecompileKeys,
} from './core/config/precompiles.js'
export { minTargetGas, readGasPriceConfig, verifyGasPriceConfig, type GasPriceConfigSpec } from './core/config/gasPriceConfig.js'
export {
  isPendingPrecompileKey,
  pendingPrecompiles,
  type ConfigPrecompileKey,
  type PendingPrecompileKey,
} from './core/names.js'
export { activePrecompileConfig, activePrecompilesJson, activeRulesJson, chainConfigOf } from './core/config/rules.js'
export type { ChainSpec, FeeConfigSpec, NetworkUpgrades, PrecompileConfig, StateUpgradeSpec, UpgradeFile } from './core/config/types.js'
export {
  comesWith,
  latestNodeRelease,
  newerNodeRelease,
  nodeReleases,
  nodeReleaseTable,
  scheduleRelease,
  sourceRelease,
  upgradeRelease,
  upgradeSchedule,
  upgradeScheduleJson,
  type NodeRelease,
  type NodeReleaseInfo,
  type UpgradeSchedule,
} from './core/config/upgrades.js'
