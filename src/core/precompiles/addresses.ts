/**
 * Where Subnet-EVM's stateful precompiles live, by config key and by name, read from
 * `precompiles` in src/core/names.ts (which follows each precompile's `module.go`:
 * `ConfigKey` and `ContractAddress`, in ava-labs/avalanchego
 * `graft/subnet-evm/precompile/contracts/*`), and the way back from an address to its key.
 */
import { InvalidArgumentError } from '../../errors/argument.js'
import { isAddress } from '../decode/kit.js'
import { type PrecompileKey, precompileKeys, precompiles } from '../names.js'

/**
 * The address of the precompile with config key `K`, as a literal type (any precompile's
 * address without `K`).
 *
 * @example
 * import { precompileAddresses, type PrecompileAddress } from 'subnet-rpc'
 *
 * const feeManager: PrecompileAddress<'feeManagerConfig'> = precompileAddresses.feeManagerConfig
 * feeManager // '0x0200000000000000000000000000000000000003'
 */
export type PrecompileAddress<K extends PrecompileKey = PrecompileKey> = (typeof precompiles)[K]['address']

/**
 * Each precompile's address by its config key (genesis / upgrade.json key), in address order.
 *
 * @example
 * import { precompileAddresses } from 'subnet-rpc'
 *
 * precompileAddresses.feeManagerConfig // '0x0200000000000000000000000000000000000003'
 */
export const precompileAddresses = /* @__PURE__ */ Object.fromEntries(precompileKeys.map((key) => [key, precompiles[key].address])) as {
  readonly [K in PrecompileKey]: PrecompileAddress<K>
}

/**
 * The Contract Deployer Allow List (`contractDeployerAllowListConfig`,
 * `contracts/deployerallowlist/module.go`). Use with {@link deployerAllowListAbi}.
 *
 * @example
 * import { deployerAllowListAddress } from 'subnet-rpc'
 *
 * deployerAllowListAddress // '0x0200000000000000000000000000000000000000'
 */
export const deployerAllowListAddress = precompiles.contractDeployerAllowListConfig.address

/**
 * The Native Minter (`contractNativeMinterConfig`, `contracts/nativeminter/module.go`).
 * Use with {@link nativeMinterAbi}.
 *
 * @example
 * import { nativeMinterAddress } from 'subnet-rpc'
 *
 * nativeMinterAddress // '0x0200000000000000000000000000000000000001'
 */
export const nativeMinterAddress = precompiles.contractNativeMinterConfig.address

/**
 * The Tx Allow List (`txAllowListConfig`, `contracts/txallowlist/module.go`). Use with
 * {@link txAllowListAbi}.
 *
 * @example
 * import { txAllowListAddress } from 'subnet-rpc'
 *
 * txAllowListAddress // '0x0200000000000000000000000000000000000002'
 */
export const txAllowListAddress = precompiles.txAllowListConfig.address

/**
 * The Fee Manager (`feeManagerConfig`, `contracts/feemanager/module.go`). Use with
 * {@link feeManagerAbi}.
 *
 * @example
 * import { feeManagerAddress } from 'subnet-rpc'
 *
 * feeManagerAddress // '0x0200000000000000000000000000000000000003'
 */
export const feeManagerAddress = precompiles.feeManagerConfig.address

/**
 * The Reward Manager (`rewardManagerConfig`, `contracts/rewardmanager/module.go`). Use with
 * {@link rewardManagerAbi}.
 *
 * @example
 * import { rewardManagerAddress } from 'subnet-rpc'
 *
 * rewardManagerAddress // '0x0200000000000000000000000000000000000004'
 */
export const rewardManagerAddress = precompiles.rewardManagerConfig.address

/**
 * The Warp Messenger (`warpConfig`, `contracts/warp/module.go`). Use with
 * {@link warpMessengerAbi}.
 *
 * @example
 * import { warpMessengerAddress } from 'subnet-rpc'
 *
 * warpMessengerAddress // '0x0200000000000000000000000000000000000005'
 */
export const warpMessengerAddress = precompiles.warpConfig.address

/**
 * The config key of the precompile at `address` (any letter case), or `undefined` when no
 * registered precompile lives there. Throws `InvalidArgumentError` when `address` is not
 * `0x` and 40 hex digits.
 *
 * @example
 * import { precompileKeyOf } from 'subnet-rpc'
 *
 * precompileKeyOf('0x0200000000000000000000000000000000000003') // 'feeManagerConfig'
 * precompileKeyOf('0x0200000000000000000000000000000000000006') // undefined
 */
export function precompileKeyOf(address: string): PrecompileKey | undefined {
  if (!isAddress(address)) throw new InvalidArgumentError({ argument: 'address', value: address, accepted: '0x and 40 hex digits' })
  const lower = address.toLowerCase()
  return precompileKeys.find((key) => precompiles[key].address.toLowerCase() === lower)
}
