/**
 * The names Subnet-EVM gives its network upgrades, fee config fields and stateful
 * precompiles, listed once: the decoders, the rules and the devnet all read these lists,
 * so a new upgrade or precompile is one entry here.
 */

/**
 * Subnet-EVM's network upgrades in activation order (`params/extras/network_upgrades.go`,
 * `NetworkUpgrades`). Each has a chain config key `<name>Timestamp` and a rule `Is<Name>`.
 */
export const networkUpgradeNames = ['subnetEVM', 'durango', 'etna', 'fortuna', 'granite', 'helicon'] as const
export type NetworkUpgradeName = (typeof networkUpgradeNames)[number]
/** The chain config key of a network upgrade, e.g. `durangoTimestamp`. */
export type NetworkUpgradeKey = `${NetworkUpgradeName}Timestamp`
/** The `avalancheRules` key of a network upgrade, e.g. `IsDurango`. */
export type NetworkUpgradeRule = `Is${Capitalize<NetworkUpgradeName>}`

/** `durango` → `durangoTimestamp`. */
export const networkUpgradeKey = <N extends NetworkUpgradeName>(name: N) => `${name}Timestamp` as `${N}Timestamp`
/** `durango` → `IsDurango`, `subnetEVM` → `IsSubnetEVM`. */
export const networkUpgradeRule = <N extends NetworkUpgradeName>(name: N) =>
  `Is${name[0]!.toUpperCase()}${name.slice(1)}` as `Is${Capitalize<N>}`

/** Every network upgrade's chain config key, in activation order. */
export const networkUpgradeKeys: readonly NetworkUpgradeKey[] = /* @__PURE__ */ networkUpgradeNames.map(networkUpgradeKey)

/** `commontype.FeeConfig`'s fields, in the Go struct's (and the JSON's) order. */
export const feeConfigKeys = [
  'gasLimit',
  'targetBlockRate',
  'minBaseFee',
  'targetGas',
  'baseFeeChangeDenominator',
  'minBlockGasCost',
  'maxBlockGasCost',
  'blockGasCostStep',
] as const
export type FeeConfigKey = (typeof feeConfigKeys)[number]

/**
 * The stateful precompiles Subnet-EVM registers (`precompile/registry`), by config key,
 * in address order: where each lives and whether it has an allow list (`allowlist.AllowListConfig`).
 */
export const precompiles = {
  contractDeployerAllowListConfig: { address: '0x0200000000000000000000000000000000000000', allowList: true },
  contractNativeMinterConfig: { address: '0x0200000000000000000000000000000000000001', allowList: true },
  txAllowListConfig: { address: '0x0200000000000000000000000000000000000002', allowList: true },
  feeManagerConfig: { address: '0x0200000000000000000000000000000000000003', allowList: true },
  rewardManagerConfig: { address: '0x0200000000000000000000000000000000000004', allowList: true },
  warpConfig: { address: '0x0200000000000000000000000000000000000005', allowList: false },
} as const
export type PrecompileKey = keyof typeof precompiles
/** Every precompile config key, in address order. */
export const precompileKeys = /* @__PURE__ */ Object.keys(precompiles) as PrecompileKey[]
export const isPrecompileKey = (key: string): key is PrecompileKey => Object.hasOwn(precompiles, key)

/**
 * Stateful precompiles whose module is in subnet-evm but not registered, by config key: the
 * Gas Price Manager (ACP-224, `precompile/contracts/gaspricemanager/module.go`) has its import
 * commented out in `precompile/registry/registry.go` (avalanchego v1.15.0-fuji, the newest source read). A node ignores such
 * a key in a genesis (`params/extras/precompiles.go` `Precompiles.UnmarshalJSON` reads registered
 * keys only) and refuses it in upgrade.json (`precompile_upgrade.go` `PrecompileUpgrade.UnmarshalJSON`:
 * `unknown precompile config`). `registered: true` is the switch for the release that registers it:
 * the chain-config code (src/core/config) then reads, verifies and keeps it as a node would.
 */
export const pendingPrecompiles = {
  gasPriceManagerConfig: {
    name: 'Gas Price Manager',
    address: '0x0200000000000000000000000000000000000006',
    allowList: true,
    registered: false,
  },
} as const
export type PendingPrecompileKey = keyof typeof pendingPrecompiles
/** A precompile config key the chain-config code knows: registered, or pending registration. */
export type ConfigPrecompileKey = PrecompileKey | PendingPrecompileKey
export const isPendingPrecompileKey = (key: string): key is PendingPrecompileKey => Object.hasOwn(pendingPrecompiles, key)
