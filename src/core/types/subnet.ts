/**
 * Result types of the Subnet-EVM extras (`eth_feeConfig`, `eth_getChainConfig`,
 * `eth_getActiveRulesAt`, `eth_getActivePrecompilesAt`). Every `*big.Int`, uint64 and
 * `*math.HexOrDecimal256` is a `bigint`.
 */
import type { FeeConfigKey, NetworkUpgradeKey, NetworkUpgradeRule } from '../names.js'

export type Address = `0x${string}`
/** A 32-byte `common.Hash`: `0x` and 64 hex digits. */
export type Hash = `0x${string}`

export type FeeConfig = {
  gasLimit: bigint
  /** Seconds; 0 when the node omits it. */
  targetBlockRate: bigint
  minBaseFee: bigint
  targetGas: bigint
  baseFeeChangeDenominator: bigint
  minBlockGasCost: bigint
  maxBlockGasCost: bigint
  blockGasCostStep: bigint
}
// FeeConfig lists exactly the fields of `feeConfigKeys` (src/core/names.ts): a compile error otherwise.
type Expect<T extends true> = T
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
type _FeeConfigHasEveryKey = Expect<SameKeys<keyof FeeConfig, FeeConfigKey>>

export type FeeConfigReturnType = {
  feeConfig: FeeConfig
  /** Block number of the last FeeManager change; 0 when the FeeManager is not enabled; absent before Subnet-EVM activation. */
  lastChangedAt?: bigint
}

/** Fields every precompile config has. */
export type PrecompileUpgradeFields = {
  /** Activation time (unix seconds); null when unset. */
  blockTimestamp: bigint | null
  /** Present (true) on a disabling upgrade. */
  disable?: boolean
}

/** Allow-list roles; each list is absent when empty (`null` from old nodes). */
export type AllowListFields = {
  adminAddresses?: Address[] | null
  managerAddresses?: Address[] | null
  enabledAddresses?: Address[] | null
}

export type AllowListConfig = AllowListFields & PrecompileUpgradeFields
export type ContractNativeMinterConfig = AllowListConfig & {
  /** Address → amount in wei (`*math.HexOrDecimal256`, a hex string on the wire). */
  initialMint?: Record<Address, bigint>
}
export type FeeManagerConfig = AllowListConfig & { initialFeeConfig?: FeeConfig }
export type RewardManagerConfig = AllowListConfig & {
  initialRewardConfig?: { allowFeeRecipients: boolean; rewardAddress: Address }
}
export type WarpConfig = PrecompileUpgradeFields & {
  quorumNumerator: bigint
  /** v0.6.9+. */
  requirePrimaryNetworkSigners?: boolean
}

/** Precompile configs by their config key. Unknown keys (newer modules) are kept as sent. */
export type PrecompileConfigs = {
  contractDeployerAllowListConfig?: AllowListConfig
  contractNativeMinterConfig?: ContractNativeMinterConfig
  txAllowListConfig?: AllowListConfig
  feeManagerConfig?: FeeManagerConfig
  rewardManagerConfig?: RewardManagerConfig
  warpConfig?: WarpConfig
  [key: string]: unknown
}

/** Network upgrade activation times (unix seconds) by chain config key, e.g. `durangoTimestamp` (src/core/names.ts). */
export type NetworkUpgradeTimestamps = { [K in NetworkUpgradeKey]?: bigint }

/** One account's change in a state upgrade (`extras.StateUpgradeAccount`). */
export type StateUpgradeAccount = {
  code?: `0x${string}`
  storage?: Record<Hash, Hash>
  /** Wei added to the balance; negative subtracts (`*math.HexOrDecimal256`, a hex string on the wire). */
  balanceChange?: bigint
}

export type StateUpgrade = {
  blockTimestamp?: bigint
  /** `null` when the upgrade file gave no accounts. */
  accounts: Record<Address, StateUpgradeAccount> | null
}

/** A single-key object: `{ feeManagerConfig: {...} }`. */
export type PrecompileUpgrade = PrecompileConfigs

export type UpgradeConfig = {
  networkUpgradeOverrides?: NetworkUpgradeTimestamps
  stateUpgrades?: StateUpgrade[]
  precompileUpgrades?: PrecompileUpgrade[]
}

/** `eth_getChainConfig`: the chain config with the post-genesis `upgrades`. */
export type ChainConfig = NetworkUpgradeTimestamps &
  PrecompileConfigs & {
    chainId: bigint
    feeConfig: FeeConfig
    allowFeeRecipients?: boolean
    homesteadBlock?: bigint
    daoForkBlock?: bigint
    daoForkSupport?: boolean
    eip150Block?: bigint
    eip155Block?: bigint
    eip158Block?: bigint
    byzantiumBlock?: bigint
    constantinopleBlock?: bigint
    petersburgBlock?: bigint
    istanbulBlock?: bigint
    muirGlacierBlock?: bigint
    berlinBlock?: bigint
    londonBlock?: bigint
    arrowGlacierBlock?: bigint
    grayGlacierBlock?: bigint
    mergeNetsplitBlock?: bigint
    shanghaiTime?: bigint
    cancunTime?: bigint
    pragueTime?: bigint
    verkleTime?: bigint
    terminalTotalDifficulty?: bigint
    /** avalanchego ≥ v1.15.0-fuji. */
    initialMinDelayMS?: bigint
    /** Always present on Subnet-EVM (absent on the C-Chain). */
    upgrades: UpgradeConfig
  }

export type EthRules = {
  /** libevm-era nodes (subnet-evm v0.7.4+). */
  ChainID?: bigint
  IsHomestead: boolean
  IsEIP150: boolean
  IsEIP155: boolean
  IsEIP158: boolean
  IsByzantium: boolean
  IsConstantinople: boolean
  IsPetersburg: boolean
  IsIstanbul: boolean
  IsBerlin?: boolean
  IsLondon?: boolean
  IsMerge?: boolean
  IsShanghai?: boolean
  IsCancun: boolean
  IsPrague?: boolean
  IsVerkle?: boolean
  [rule: `Is${string}`]: boolean | undefined
}

/**
 * One flag per network upgrade (`Is<Name>`, src/core/names.ts), each absent on nodes that do not
 * have it: `IsSubnetEVM` and `IsDurango` since v0.6.6 (`IsEtna` was `IsEUpgrade` on v0.6.4–v0.6.8
 * nodes); a node that names the Primary Network upgrades instead sends `IsApricotPhase1`…`IsCortina`
 * in place of `IsSubnetEVM`. Rules unknown here are kept.
 */
export type AvalancheRules = { [R in NetworkUpgradeRule]?: boolean } & {
  [rule: `Is${string}`]: boolean | undefined
}

/** `eth_getActiveRulesAt`. */
export type ActiveRules = {
  ethRules: EthRules
  avalancheRules: AvalancheRules
  /** Active precompiles by config key, with their activation time. */
  precompiles: Record<string, { timestamp: bigint }>
}

/** `eth_getActivePrecompilesAt`: the config in force of each active precompile. */
export type ActivePrecompiles = PrecompileConfigs
