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
  isAddress,
  isPlainObject,
  mismatch,
  nullable,
  object,
  optional,
  record,
  unsigned,
  type Decoder,
} from '../decode/kit.js'

export const decodeFeeConfig: Decoder<FeeConfig> = (v) => {
  const f = object<FeeConfig>({
    gasLimit: bigint,
    targetBlockRate: optional(unsigned),
    minBaseFee: bigint,
    targetGas: bigint,
    baseFeeChangeDenominator: bigint,
    minBlockGasCost: bigint,
    maxBlockGasCost: bigint,
    blockGasCostStep: bigint,
  })(v)
  // omitempty drops a zero targetBlockRate on the wire.
  if (f.targetBlockRate === undefined) return { ...f, targetBlockRate: 0n }
  return f
}

export const decodeFeeConfigResult: Decoder<FeeConfigReturnType> = object({
  feeConfig: decodeFeeConfig,
  lastChangedAt: optional(unsigned),
})

const addresses = optional(nullable(array(address)))
const upgradeFields = {
  adminAddresses: addresses,
  managerAddresses: addresses,
  enabledAddresses: addresses,
  blockTimestamp: nullable(unsigned),
  disable: optional(boolean),
}

const allowList = object(upgradeFields)
// Null prototype: keys from the server such as `__proto__`, `constructor` or `toString` must not find Object.prototype members.
const precompileDecoders: Record<string, Decoder<unknown>> = Object.assign(Object.create(null) as Record<string, Decoder<unknown>>, {
  contractDeployerAllowListConfig: allowList,
  txAllowListConfig: allowList,
  contractNativeMinterConfig: object({ ...upgradeFields, initialMint: optional(record(unsigned, isAddress, 'an address')) }),
  feeManagerConfig: object({ ...upgradeFields, initialFeeConfig: optional(decodeFeeConfig) }),
  rewardManagerConfig: object({
    ...upgradeFields,
    initialRewardConfig: optional(object({ allowFeeRecipients: boolean, rewardAddress: address })),
  }),
  warpConfig: object({
    blockTimestamp: nullable(unsigned),
    disable: optional(boolean),
    quorumNumerator: unsigned,
    requirePrimaryNetworkSigners: optional(boolean),
  }),
})

/** Known precompile keys decode with their module's shape; others are kept as sent. */
const precompileConfigs: Decoder<PrecompileConfigs> = object({}, (key) => precompileDecoders[key])

/** A `precompileUpgrades` element: exactly one key. */
const precompileUpgrade: Decoder<PrecompileConfigs> = (v) => {
  if (!isPlainObject(v) || Object.keys(v).length !== 1) return mismatch('an object with exactly one precompile config key', v)
  return precompileConfigs(v)
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
  accounts:
    record(
      object({
        code: optional(hex),
        storage: optional(record(hex)),
        balanceChange: optional(unsigned),
      }),
      isAddress,
      'an address',
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
    chainId: bigint,
    feeConfig: decodeFeeConfig,
    allowFeeRecipients: optional(boolean),
    daoForkSupport: optional(boolean),
    ...networkUpgradeFields,
    upgrades: decodeUpgradeConfig,
  },
  blockOrTime,
)

const maybeRule = optional(boolean)
const isRule = (key: string) => (key.startsWith('Is') ? boolean : undefined)

export const decodeActiveRules: Decoder<ActiveRules> = object({
  ethRules:
    object(
      {
        ChainID: optional(bigint),
        IsHomestead: boolean,
        IsEIP150: boolean,
        IsEIP155: boolean,
        IsEIP158: boolean,
        IsByzantium: boolean,
        IsConstantinople: boolean,
        IsPetersburg: boolean,
        IsIstanbul: boolean,
        IsBerlin: maybeRule,
        IsLondon: maybeRule,
        IsMerge: maybeRule,
        IsShanghai: maybeRule,
        IsCancun: boolean,
        IsPrague: maybeRule,
        IsVerkle: maybeRule,
      },
      isRule,
    ),
  avalancheRules:
    object({ IsSubnetEVM: boolean, IsDurango: boolean, IsEtna: maybeRule, IsFortuna: maybeRule, IsGranite: maybeRule, IsHelicon: maybeRule }, isRule),
  precompiles: record(object({ timestamp: unsigned })),
})

export const decodeActivePrecompiles: Decoder<ActivePrecompiles> = precompileConfigs
