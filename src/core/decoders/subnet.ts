/**
 * Decoders of the Subnet-EVM extras (`graft/subnet-evm/internal/ethapi/api_extra.go`), shared
 * by the viem and ethers adapters. Each field is checked against the Go type the node
 * marshals it from: `*big.Int` and `uint64` as bare JSON integers, `*math.HexOrDecimal256`
 * as a quoted hex string, `common.Address` and `common.Hash` as fixed-length hex.
 */
import type {
  ActivePrecompiles,
  ActiveRules,
  ChainConfig,
  FeeConfig,
  FeeConfigReturnType,
  PrecompileConfigs,
  UpgradeConfig,
} from '../types/subnet.js'
import {
  address,
  array,
  bigInt,
  boolean,
  hash,
  hex,
  hexOrDecimal256,
  isAddress,
  isHash,
  isPlainObject,
  mismatch,
  nullable,
  object,
  optional,
  record,
  uint64,
  type Decoder,
} from '../decode/kit.js'

/** `commontype.FeeConfig`: `*big.Int` fields, and `targetBlockRate` a uint64 that `omitempty` drops when 0. */
const feeConfigFields = object<FeeConfig>({
  gasLimit: bigInt,
  targetBlockRate: optional(uint64),
  minBaseFee: bigInt,
  targetGas: bigInt,
  baseFeeChangeDenominator: bigInt,
  minBlockGasCost: bigInt,
  maxBlockGasCost: bigInt,
  blockGasCostStep: bigInt,
})
export const decodeFeeConfig: Decoder<FeeConfig> = (v) => {
  // `object` made `f` afresh, so filling in the 0 that omitempty dropped touches nothing the caller holds.
  const f = feeConfigFields(v)
  f.targetBlockRate ??= 0n
  return f
}

/**
 * `FeeConfigResult`: `lastChangedAt` is a `*big.Int` holding a block number (so within
 * uint64), omitted when nil (before Subnet-EVM).
 */
export const decodeFeeConfigResult: Decoder<FeeConfigReturnType> = object({
  feeConfig: decodeFeeConfig,
  lastChangedAt: optional(uint64),
})

/** `precompileconfig.Upgrade`: `blockTimestamp` a `*uint64` without omitempty (null when nil), `disable` omitempty. */
const upgradeFields = {
  blockTimestamp: nullable(uint64),
  disable: optional(boolean),
}
/** `allowlist.AllowListConfig`: `[]common.Address`, omitempty (`null` from old nodes), then the Upgrade fields. */
const addresses = optional(nullable(array(address)))
const allowListFields = {
  adminAddresses: addresses,
  managerAddresses: addresses,
  enabledAddresses: addresses,
  ...upgradeFields,
}

const allowList = object(allowListFields)
// Null prototype: keys from the server such as `__proto__`, `constructor` or `toString` must not find Object.prototype members.
// (`__proto__: null` in a literal sets the prototype; TypeScript types it as a property, hence the cast.)
const precompileDecoders = {
  __proto__: null,
  contractDeployerAllowListConfig: allowList,
  txAllowListConfig: allowList,
  // nativeminter.Config: map[common.Address]*math.HexOrDecimal256.
  contractNativeMinterConfig: object({ ...allowListFields, initialMint: optional(record(hexOrDecimal256, isAddress, 'an address')) }),
  feeManagerConfig: object({ ...allowListFields, initialFeeConfig: optional(decodeFeeConfig) }),
  // rewardmanager.InitialRewardConfig: a bool and a common.Address (an array, so always written).
  rewardManagerConfig: object({
    ...allowListFields,
    initialRewardConfig: optional(object({ allowFeeRecipients: boolean, rewardAddress: address })),
  }),
  // warp.Config: uint64 and bool, no omitempty (requirePrimaryNetworkSigners since v0.6.9).
  warpConfig: object({
    ...upgradeFields,
    quorumNumerator: uint64,
    requirePrimaryNetworkSigners: optional(boolean),
  }),
} as unknown as Record<string, Decoder<unknown>>

/** Known precompile keys decode with their module's shape; others are kept as sent. */
const precompileConfigs: Decoder<PrecompileConfigs> = object({}, (key) => precompileDecoders[key])

/** A `precompileUpgrades` element (`PrecompileUpgrade.MarshalJSON`): exactly one key. */
const precompileUpgrade: Decoder<PrecompileConfigs> = (v) => {
  if (!isPlainObject(v) || Object.keys(v).length !== 1) return mismatch('one precompile config key', v)
  return precompileConfigs(v)
}

/**
 * `extras.NetworkUpgrades`: a `*uint64` with omitempty per upgrade, each keyed `<name>Timestamp`
 * (src/core/names.ts). They are decoded by that rule, so a new upgrade needs nothing here and
 * the result keeps the node's key order.
 */
const timestampKey = (key: string) => (key.endsWith('Timestamp') ? uint64 : undefined)

/** `extras.StateUpgrade` (`params/extras/state_upgrade.go`). */
const stateUpgrade = object({
  blockTimestamp: optional(uint64),
  // map[common.Address]StateUpgradeAccount without omitempty: null when the file has none.
  accounts: nullable(
    record(
      object({
        // hexutil.Bytes, map[common.Hash]common.Hash and *math.HexOrDecimal256, each omitempty.
        code: optional(hex),
        storage: optional(record(hash, isHash, 'a 32-byte hash')),
        balanceChange: optional(hexOrDecimal256),
      }),
      isAddress,
      'an address',
    ),
  ),
})

/** `extras.UpgradeConfig`: every member omitempty. */
export const decodeUpgradeConfig: Decoder<UpgradeConfig> = object({
  networkUpgradeOverrides: optional(object({}, timestampKey)),
  stateUpgrades: optional(array(stateUpgrade)),
  precompileUpgrades: optional(array(precompileUpgrade)),
})

/**
 * Keys beyond the known ones: genesis precompiles by config key; libevm `params.ChainConfig`'s
 * `*big.Int` fork blocks and `terminalTotalDifficulty`, its `*uint64` fork times; the extras'
 * network upgrade `*uint64` timestamps and `initialMinDelayMS` (uint64). Anything else is kept
 * as sent.
 */
const chainConfigKey = (key: string): Decoder<unknown> | undefined =>
  precompileDecoders[key] ??
  (/(Block|Difficulty)$/.test(key) ? bigInt : /Time(stamp)?$/.test(key) || key === 'initialMinDelayMS' ? uint64 : undefined)

/** `params.ChainConfigWithUpgradesJSON`: libevm's chain config and the extras, then `upgrades`. */
export const decodeChainConfig: Decoder<ChainConfig> = object(
  {
    chainId: bigInt,
    feeConfig: decodeFeeConfig,
    allowFeeRecipients: optional(boolean),
    daoForkSupport: optional(boolean),
    upgrades: decodeUpgradeConfig,
  },
  chainConfigKey,
)

const isRule = (key: string) => (key.startsWith('Is') ? boolean : undefined)

/**
 * `ActiveRulesResult`: libevm `params.Rules` (Go field names, ChainID a `*big.Int`), the
 * extras' `AvalancheRules`, and `map[string]{timestamp uint64}`. The rules every node sends
 * are listed (required); those older nodes lack (IsBerlin, IsLondon, IsMerge, IsShanghai,
 * IsPrague, IsVerkle) and any added later are decoded by the `Is…` rule when present.
 */
export const decodeActiveRules: Decoder<ActiveRules> = object({
  ethRules: object(
    {
      ChainID: optional(bigInt),
      IsHomestead: boolean,
      IsEIP150: boolean,
      IsEIP155: boolean,
      IsEIP158: boolean,
      IsByzantium: boolean,
      IsConstantinople: boolean,
      IsPetersburg: boolean,
      IsIstanbul: boolean,
      IsCancun: boolean,
    },
    isRule,
  ),
  // `Is<Name>` per network upgrade, none required: IsSubnetEVM and IsDurango (v0.6.6+), IsEUpgrade
  // (v0.6.4–v0.6.8), IsEtna…IsHelicon, and IsCortina with IsApricotPhase1…IsBanff in its place
  // (`GetAvalancheRules`, `params/extras/network_upgrades.go`, on avalanchego's rules branch).
  avalancheRules: object({}, isRule),
  precompiles: record(object({ timestamp: uint64 })),
})

export const decodeActivePrecompiles: Decoder<ActivePrecompiles> = precompileConfigs
