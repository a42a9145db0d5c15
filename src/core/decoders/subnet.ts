/** Decoders of the Subnet-EVM extras (spec §4), shared by the viem and ethers adapters. */
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
  bigint,
  boolean,
  hex,
  isPlainObject,
  mismatch,
  nullable,
  object,
  optional,
  record,
  required,
  unsigned,
  type Decoder,
} from '../decode/kit.js'

const big = required(bigint)
export const decodeFeeConfig: Decoder<FeeConfig> = (v, ctx) => {
  const f = object<FeeConfig>({
    gasLimit: big,
    targetBlockRate: optional(unsigned),
    minBaseFee: big,
    targetGas: big,
    baseFeeChangeDenominator: big,
    minBlockGasCost: big,
    maxBlockGasCost: big,
    blockGasCostStep: big,
  })(v, ctx)
  // omitempty drops a zero targetBlockRate on the wire.
  if (f.targetBlockRate === undefined) return { ...f, targetBlockRate: 0n }
  return f
}

export const decodeFeeConfigResult: Decoder<FeeConfigReturnType> = object({
  feeConfig: required(decodeFeeConfig),
  lastChangedAt: optional(unsigned),
})

const addresses = optional(nullable(array(address)))
const upgradeFields = {
  adminAddresses: addresses,
  managerAddresses: addresses,
  enabledAddresses: addresses,
  blockTimestamp: required(nullable(unsigned)),
  disable: optional(boolean),
}
const addressKey = { check: (k: string) => /^0x[0-9a-fA-F]{40}$/.test(k), expected: 'an address' }

const allowList = object(upgradeFields)
// Null prototype: keys from the server such as `__proto__`, `constructor` or `toString` must not find Object.prototype members.
const precompileDecoders: Record<string, Decoder<unknown>> = Object.assign(Object.create(null) as Record<string, Decoder<unknown>>, {
  contractDeployerAllowListConfig: allowList,
  txAllowListConfig: allowList,
  contractNativeMinterConfig: object({ ...upgradeFields, initialMint: optional(record(unsigned, addressKey)) }),
  feeManagerConfig: object({ ...upgradeFields, initialFeeConfig: optional(decodeFeeConfig) }),
  rewardManagerConfig: object({
    ...upgradeFields,
    initialRewardConfig: optional(object({ allowFeeRecipients: required(boolean), rewardAddress: required(address) })),
  }),
  warpConfig: object({
    blockTimestamp: required(nullable(unsigned)),
    disable: optional(boolean),
    quorumNumerator: required(unsigned),
    requirePrimaryNetworkSigners: optional(boolean),
  }),
})

/** Known precompile keys decode with their module's shape; others are kept as sent. */
const precompileConfigs: Decoder<PrecompileConfigs> = object({}, (key) => precompileDecoders[key])

/** A `precompileUpgrades` element: exactly one key. */
const precompileUpgrade: Decoder<PrecompileConfigs> = (v, ctx) => {
  if (!isPlainObject(v) || Object.keys(v).length !== 1) return mismatch(ctx, 'an object with exactly one precompile config key', v)
  return precompileConfigs(v, ctx)
}

const networkUpgradeFields = {
  subnetEVMTimestamp: optional(unsigned),
  durangoTimestamp: optional(unsigned),
  etnaTimestamp: optional(unsigned),
  fortunaTimestamp: optional(unsigned),
  graniteTimestamp: optional(unsigned),
  heliconTimestamp: optional(unsigned),
}
const timestampKey = (key: string) => (key.endsWith('Timestamp') ? unsigned : undefined)

const stateUpgrade = object({
  blockTimestamp: optional(unsigned),
  accounts: required(
    record(
      object({
        code: optional(hex),
        storage: optional(record(hex)),
        balanceChange: optional(unsigned),
      }),
      addressKey,
    ),
  ),
})

export const decodeUpgradeConfig: Decoder<UpgradeConfig> = object({
  networkUpgradeOverrides: optional(object(networkUpgradeFields, timestampKey)),
  stateUpgrades: optional(array(stateUpgrade)),
  precompileUpgrades: optional(array(precompileUpgrade)),
})

const blockOrTime = (key: string): Decoder<unknown> | undefined => {
  if (precompileDecoders[key]) return precompileDecoders[key]
  if (/(Block|Time|Timestamp|Difficulty)$/.test(key) || key === 'initialMinDelayMS') return unsigned
  return undefined
}

export const decodeChainConfig: Decoder<ChainConfig> = object(
  {
    chainId: required(bigint),
    feeConfig: required(decodeFeeConfig),
    allowFeeRecipients: optional(boolean),
    daoForkSupport: optional(boolean),
    ...networkUpgradeFields,
    upgrades: required(decodeUpgradeConfig),
  },
  blockOrTime,
)

const rule = required(boolean)
const maybeRule = optional(boolean)
const isRule = (key: string) => (key.startsWith('Is') ? boolean : undefined)

export const decodeActiveRules: Decoder<ActiveRules> = object({
  ethRules: required(
    object(
      {
        ChainID: optional(bigint),
        IsHomestead: rule,
        IsEIP150: rule,
        IsEIP155: rule,
        IsEIP158: rule,
        IsByzantium: rule,
        IsConstantinople: rule,
        IsPetersburg: rule,
        IsIstanbul: rule,
        IsBerlin: maybeRule,
        IsLondon: maybeRule,
        IsMerge: maybeRule,
        IsShanghai: maybeRule,
        IsCancun: rule,
        IsPrague: maybeRule,
        IsVerkle: maybeRule,
      },
      isRule,
    ),
  ),
  avalancheRules: required(
    object({ IsSubnetEVM: rule, IsDurango: rule, IsEtna: maybeRule, IsFortuna: maybeRule, IsGranite: maybeRule, IsHelicon: maybeRule }, isRule),
  ),
  precompiles: required(record(object({ timestamp: required(unsigned) }))),
})

export const decodeActivePrecompiles: Decoder<ActivePrecompiles> = precompileConfigs
