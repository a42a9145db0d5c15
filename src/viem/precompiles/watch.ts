/**
 * Watchers of the precompiles' events, on viem's `watchContractEvent` (its polling, filters and
 * `onError`), with each log decoded into a typed change: roles as names, fee configs as objects.
 * A node emits these events only from Durango on.
 */
import type { Address, Client, Hash, WatchContractEventErrorType, WatchContractEventReturnType } from 'viem'
import { watchContractEvent } from 'viem/actions'
import { getAction } from 'viem/utils'
import { type AllowListPrecompileKey, checkAllowListPrecompile } from '../../core/precompiles/admin.js'
import { allowListAbi, feeManagerAbi, nativeMinterAbi, rewardManagerAbi } from '../../core/precompiles/abis.js'
import { type AllowListRole, allowListRoleFromNumber } from '../../core/precompiles/roles.js'
import { feeConfigKeys, precompiles } from '../../core/names.js'
import type { FeeConfig } from '../../core/types/subnet.js'
import type { InvalidArgumentErrorType } from '../../errors/argument.js'

/** Where a change was mined. */
export type ChangeLocation = { blockNumber: bigint; transactionHash: Hash; logIndex: number }

/** What every watcher takes besides its callback: viem's error and polling options (it polls `eth_getFilterChanges` or `eth_getLogs`). */
export type WatchOptions = {
  onError?: ((error: Error) => void) | undefined
  pollingInterval?: number | undefined
}

type Log = {
  args: Record<string, unknown>
  blockNumber: bigint | null
  transactionHash: Hash | null
  logIndex: number | null
  eventName?: string
}
const where = (log: Log): ChangeLocation => ({
  blockNumber: log.blockNumber ?? 0n,
  transactionHash: log.transactionHash ?? '0x',
  logIndex: log.logIndex ?? 0,
})

export type AllowListRoleChange = ChangeLocation & { account: Address; role: AllowListRole; oldRole: AllowListRole; sender: Address }
export type WatchAllowListRolesParameters = WatchOptions & {
  precompile: AllowListPrecompileKey
  onRoleChanges: (changes: AllowListRoleChange[]) => void
}
/** The function that stops watching. */
export type WatchAllowListRolesReturnType = WatchContractEventReturnType
/** What the call throws (a bad `precompile`, or viem's); errors while watching go to `onError`. */
export type WatchAllowListRolesErrorType = InvalidArgumentErrorType | WatchContractEventErrorType

/**
 * Calls `onRoleChanges` with each batch of `RoleSet` events of an allow-list precompile.
 * Returns the function that stops watching.
 *
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { watchAllowListRoles } from 'subnet-rpc/viem/precompiles'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const unwatch = watchAllowListRoles(client, {
 *   precompile: 'txAllowListConfig',
 *   onRoleChanges: (changes) => changes.forEach((c) => console.log(c.account, c.oldRole, '->', c.role)),
 * })
 * unwatch()
 */
export function watchAllowListRoles(client: Client, parameters: WatchAllowListRolesParameters): WatchAllowListRolesReturnType {
  const { precompile, onRoleChanges, ...options } = parameters
  return getAction(
    client,
    watchContractEvent,
    'watchContractEvent',
  )({
    address: precompiles[checkAllowListPrecompile(precompile)].address,
    abi: allowListAbi,
    eventName: 'RoleSet',
    ...options,
    onLogs: (logs) =>
      onRoleChanges(
        logs.map((log) => ({
          account: log.args.account!,
          role: allowListRoleFromNumber(log.args.role!),
          oldRole: allowListRoleFromNumber(log.args.oldRole!),
          sender: log.args.sender!,
          ...where(log as Log),
        })),
      ),
  })
}

export type FeeConfigChange = ChangeLocation & { sender: Address; oldFeeConfig: FeeConfig; newFeeConfig: FeeConfig }
export type WatchFeeConfigChangesParameters = WatchOptions & { onFeeConfigChanges: (changes: FeeConfigChange[]) => void }
export type WatchFeeConfigChangesReturnType = WatchContractEventReturnType
export type WatchFeeConfigChangesErrorType = WatchContractEventErrorType

const feeConfigOf = (tuple: Record<string, bigint>): FeeConfig =>
  Object.fromEntries(feeConfigKeys.map((key) => [key, tuple[key]])) as FeeConfig

/**
 * Calls `onFeeConfigChanges` with each batch of the Fee Manager's `FeeConfigChanged` events.
 *
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { watchFeeConfigChanges } from 'subnet-rpc/viem/precompiles'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const unwatch = watchFeeConfigChanges(client, {
 *   onFeeConfigChanges: (changes) => changes.forEach((c) => console.log(c.newFeeConfig.minBaseFee)),
 * })
 * unwatch()
 */
export function watchFeeConfigChanges(client: Client, parameters: WatchFeeConfigChangesParameters): WatchFeeConfigChangesReturnType {
  const { onFeeConfigChanges, ...options } = parameters
  return getAction(
    client,
    watchContractEvent,
    'watchContractEvent',
  )({
    address: precompiles.feeManagerConfig.address,
    abi: feeManagerAbi,
    eventName: 'FeeConfigChanged',
    ...options,
    onLogs: (logs) =>
      onFeeConfigChanges(
        logs.map((log) => ({
          sender: log.args.sender!,
          oldFeeConfig: feeConfigOf(log.args.oldFeeConfig as unknown as Record<string, bigint>),
          newFeeConfig: feeConfigOf(log.args.newFeeConfig as unknown as Record<string, bigint>),
          ...where(log as Log),
        })),
      ),
  })
}

export type NativeCoinMint = ChangeLocation & { sender: Address; recipient: Address; amount: bigint }
export type WatchNativeCoinMintsParameters = WatchOptions & { onMints: (mints: NativeCoinMint[]) => void }
export type WatchNativeCoinMintsReturnType = WatchContractEventReturnType
export type WatchNativeCoinMintsErrorType = WatchContractEventErrorType

/**
 * Calls `onMints` with each batch of the Native Minter's `NativeCoinMinted` events.
 *
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { watchNativeCoinMints } from 'subnet-rpc/viem/precompiles'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const unwatch = watchNativeCoinMints(client, { onMints: (mints) => mints.forEach((m) => console.log(m.recipient, m.amount)) })
 * unwatch()
 */
export function watchNativeCoinMints(client: Client, parameters: WatchNativeCoinMintsParameters): WatchNativeCoinMintsReturnType {
  const { onMints, ...options } = parameters
  return getAction(
    client,
    watchContractEvent,
    'watchContractEvent',
  )({
    address: precompiles.contractNativeMinterConfig.address,
    abi: nativeMinterAbi,
    eventName: 'NativeCoinMinted',
    ...options,
    onLogs: (logs) =>
      onMints(
        logs.map((log) => ({ sender: log.args.sender!, recipient: log.args.recipient!, amount: log.args.amount!, ...where(log as Log) })),
      ),
  })
}

export type RewardChange = ChangeLocation &
  (
    | { kind: 'rewardAddressChanged'; sender: Address; oldRewardAddress: Address; newRewardAddress: Address }
    | { kind: 'feeRecipientsAllowed'; sender: Address }
    | { kind: 'rewardsDisabled'; sender: Address }
  )
export type WatchRewardChangesParameters = WatchOptions & { onRewardChanges: (changes: RewardChange[]) => void }
export type WatchRewardChangesReturnType = WatchContractEventReturnType
export type WatchRewardChangesErrorType = WatchContractEventErrorType

/**
 * Calls `onRewardChanges` with each batch of the Reward Manager's events
 * (`RewardAddressChanged`, `FeeRecipientsAllowed`, `RewardsDisabled`), as one union by `kind`.
 *
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { watchRewardChanges } from 'subnet-rpc/viem/precompiles'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const unwatch = watchRewardChanges(client, { onRewardChanges: (changes) => changes.forEach((c) => console.log(c.kind)) })
 * unwatch()
 */
export function watchRewardChanges(client: Client, parameters: WatchRewardChangesParameters): WatchRewardChangesReturnType {
  const { onRewardChanges, ...options } = parameters
  return getAction(
    client,
    watchContractEvent,
    'watchContractEvent',
  )({
    address: precompiles.rewardManagerConfig.address,
    abi: rewardManagerAbi,
    ...options,
    onLogs: (logs) => {
      const changes = logs.flatMap((log): RewardChange[] => {
        const args = log.args as Record<string, Address>
        const at = where(log as Log)
        if (log.eventName === 'RewardAddressChanged')
          return [
            {
              kind: 'rewardAddressChanged',
              sender: args.sender!,
              oldRewardAddress: args.oldRewardAddress!,
              newRewardAddress: args.newRewardAddress!,
              ...at,
            },
          ]
        if (log.eventName === 'FeeRecipientsAllowed') return [{ kind: 'feeRecipientsAllowed', sender: args.sender!, ...at }]
        if (log.eventName === 'RewardsDisabled') return [{ kind: 'rewardsDisabled', sender: args.sender!, ...at }]
        // RoleSet: the Reward Manager's allow list, not a reward change.
        return []
      })
      if (changes.length > 0) onRewardChanges(changes)
    },
  })
}
