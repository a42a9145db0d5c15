/**
 * The devnet's model of a subnet-evm chain config, as a running node holds it
 * (`params/extras/config.go` `ChainConfig` and its `UpgradeConfig`): the readers
 * (chainSpec.ts, precompiles.ts, feeConfig.ts) make it, the start-up checks (verify.ts)
 * and the chain (../chain) read it. Types only, so no module here imports another in a circle.
 */
import type { ConfigPrecompileKey, FeeConfigKey, NetworkUpgradeKey, PrecompileKey } from '../names.js'
import type { GasPriceConfigSpec } from './gasPriceConfig.js'

export type { PrecompileKey }

/** `commontype.FeeConfig` as read: a missing field is nil, which `FeeConfig.Verify` refuses. */
export type FeeConfigSpec = { [K in FeeConfigKey]?: bigint }

/** `extras.NetworkUpgrades`: one `*uint64` per upgrade, absent when nil. */
export type NetworkUpgrades = { [K in NetworkUpgradeKey]?: bigint }

/** One precompile config: its key, activation, and the ordered JSON the node writes. */
export type PrecompileConfig = {
  /** A registered precompile's key, or a pending one's once switched on (`pendingPrecompiles`). */
  key: ConfigPrecompileKey
  /** undefined when `blockTimestamp` is absent or null. */
  timestamp: bigint | undefined
  disable: boolean
  /** FeeManager only: the config stored on activation. */
  initialFeeConfig?: FeeConfigSpec
  /** Gas Price Manager only: `initialGasPriceConfig`, when given. */
  initialGasPriceConfig?: GasPriceConfigSpec
  /** NativeMinter only: address → amount, `null` for a JSON null (nil), as `Verify` sees them. */
  initialMint?: Map<string, bigint | null>
  json: Record<string, unknown>
}

/** An `extras.StateUpgrade` (`params/extras/state_upgrade.go`): its time and the JSON the node writes. */
export type StateUpgradeSpec = {
  timestamp: bigint | undefined
  json: Record<string, unknown>
}

/** `upgrade.json` (`extras.UpgradeConfig`). */
export type UpgradeFile = {
  networkUpgradeOverrides?: NetworkUpgrades
  stateUpgrades: StateUpgradeSpec[]
  precompileUpgrades: PrecompileConfig[]
}

/** The chain config a node runs with: genesis `config` after `SetDefaults`, `upgrade.json` and `SetEthUpgrades`. */
export type ChainSpec = {
  networkID: number
  chainId: bigint
  feeConfig: FeeConfigSpec
  allowFeeRecipients: boolean
  networkUpgrades: NetworkUpgrades
  /** The network's default upgrade times the node verifies against (`networkUpgradeDefaults`); the built-in tables' when absent. */
  upgradeDefaults?: NetworkUpgrades
  /** Geth-side keys that are emitted, with their values (bigint, boolean or object). */
  eth: Record<string, unknown>
  /** Genesis precompile configs, in registry (address) order. */
  genesisPrecompiles: PrecompileConfig[]
  upgrades: UpgradeFile
  initialMinDelayMS?: bigint
}
