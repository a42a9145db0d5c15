/**
 * Reads of an L1's stateful precompiles, as standalone viem actions on any client: roles,
 * the Fee Manager's config, the Reward Manager's state, Warp's blockchain ID, whether a
 * precompile is active, and an allow list's members. Each read of an inactive precompile
 * (no code at its address) is a `PrecompileNotActiveError`, not viem's "returned no data".
 */
import type {
  Address,
  BlockNumber,
  BlockTag,
  Client,
  GetBlockErrorType,
  GetCodeErrorType,
  GetContractEventsErrorType,
  Hex,
  ReadContractErrorType,
} from 'viem'
import { getBlock, getCode, getContractEvents, readContract } from 'viem/actions'
import { getAction } from 'viem/utils'
import { getAddress } from 'viem'
import {
  type AllowListMembers,
  type AllowListPrecompileKey,
  activeAllowListConfig,
  allowListMembers,
  checkAddress,
  checkAllowListPrecompile,
  feeConfigFromValues,
  firstBlockAtOrAfter,
  notActive,
  rewardConfigFrom,
} from '../../core/precompiles/admin.js'
import { allowListAbi, feeManagerAbi, rewardManagerAbi, warpMessengerAbi } from '../../core/precompiles/abis.js'
import { type AllowListRole, allowListRoleFromNumber } from '../../core/precompiles/roles.js'
import { type PrecompileKey, isPrecompileKey, precompiles } from '../../core/names.js'
import type { FeeConfig } from '../../core/types/subnet.js'
import { checkMaxBlockRange, readLogRange } from '../../core/logRange.js'
import { InvalidArgumentError, type InvalidArgumentErrorType } from '../../errors/argument.js'
import { MethodNotFoundError } from '../../errors/node.js'
import type { PrecompileNotActiveErrorType } from '../../errors/precompile.js'
import { type GetActiveRulesAtErrorType, type GetChainConfigErrorType, getActiveRulesAt, getChainConfig } from '../actions/subnet.js'

/** Where a read looks: a block number or tag (default `latest`). */
export type PrecompileReadAt = { blockNumber?: BlockNumber | undefined; blockTag?: BlockTag | undefined }

/** viem's "returned no data" (a call to an address without code) anywhere in the chain. */
const noCode = (e: unknown): boolean => {
  for (let c = e as { name?: string; cause?: unknown } | undefined; c; c = c.cause as typeof c)
    if (c.name === 'ContractFunctionZeroDataError') return true
  return false
}

/** What a read of a precompile at a block rejects with: viem's read, or an inactive precompile (read from the block's header). */
type PrecompileReadErrorType = PrecompileNotActiveErrorType | ReadContractErrorType | GetBlockErrorType

/** readContract of a precompile; an empty account becomes `PrecompileNotActiveError` at the block read. */
async function readPrecompile<T>(client: Client, precompile: PrecompileKey, at: PrecompileReadAt, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (e) {
    if (!noCode(e)) throw e
    const block = await getAction(
      client,
      getBlock,
      'getBlock',
    )(at.blockNumber === undefined ? { blockTag: at.blockTag ?? 'latest' } : { blockNumber: at.blockNumber })
    throw notActive(precompile, block.timestamp, block.number ?? undefined)
  }
}

export type GetAllowListRoleParameters = PrecompileReadAt & {
  /** The allow-list precompile, by config key: `txAllowListConfig`, `feeManagerConfig`, … */
  precompile: AllowListPrecompileKey
  address: Address
}
export type GetAllowListRoleReturnType = AllowListRole
export type GetAllowListRoleErrorType = InvalidArgumentErrorType | PrecompileReadErrorType

/**
 * The role of an address on an allow-list precompile (`readAllowList`): `none`, `enabled`,
 * `admin` or `manager`.
 *
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getAllowListRole } from 'subnet-rpc/viem/precompiles'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const role = await getAllowListRole(client, { precompile: 'txAllowListConfig', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
 */
export async function getAllowListRole(client: Client, parameters: GetAllowListRoleParameters): Promise<GetAllowListRoleReturnType> {
  const precompile = checkAllowListPrecompile(parameters?.precompile)
  const address = checkAddress('address', parameters.address)
  const role = await readPrecompile(client, precompile, parameters, () =>
    getAction(
      client,
      readContract,
      'readContract',
    )({
      address: precompiles[precompile].address,
      abi: allowListAbi,
      functionName: 'readAllowList',
      args: [address],
      ...blockOf(parameters),
    }),
  )
  return allowListRoleFromNumber(role)
}

export type GetFeeManagerConfigParameters = PrecompileReadAt
export type GetFeeManagerConfigReturnType = { feeConfig: FeeConfig; lastChangedAt: bigint }
export type GetFeeManagerConfigErrorType = PrecompileReadErrorType

/**
 * What the Fee Manager holds (`getFeeConfig`, `getFeeConfigLastChangedAt`): the fee config and
 * the block of its last change (the activation block until the first `setFeeConfig`).
 *
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getFeeManagerConfig } from 'subnet-rpc/viem/precompiles'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { feeConfig, lastChangedAt } = await getFeeManagerConfig(client)
 */
export async function getFeeManagerConfig(
  client: Client,
  parameters: GetFeeManagerConfigParameters = {},
): Promise<GetFeeManagerConfigReturnType> {
  const read = getAction(client, readContract, 'readContract')
  const address = precompiles.feeManagerConfig.address
  const at = blockOf(parameters)
  const [values, lastChangedAt] = await readPrecompile(client, 'feeManagerConfig', parameters, () =>
    Promise.all([
      read({ address, abi: feeManagerAbi, functionName: 'getFeeConfig', ...at }),
      read({ address, abi: feeManagerAbi, functionName: 'getFeeConfigLastChangedAt', ...at }),
    ]),
  )
  return { feeConfig: feeConfigFromValues(values), lastChangedAt }
}

export type GetRewardConfigParameters = PrecompileReadAt
export type GetRewardConfigReturnType = {
  /** Where block rewards go (`currentRewardAddress`); the blackhole address when rewards are disabled. */
  rewardAddress: Address
  /** Whether each block's coinbase (fee recipient) gets them (`areFeeRecipientsAllowed`). */
  feeRecipientsAllowed: boolean
  /** True when fees are burned: the reward address is the blackhole and fee recipients are not allowed. */
  rewardsDisabled: boolean
}
export type GetRewardConfigErrorType = PrecompileReadErrorType

/**
 * The Reward Manager's state: the reward address and whether fee recipients are allowed.
 *
 * @example
 * // Needs the Reward Manager active (the built-in devnet enables it 3 hours after its start).
 * import { createPublicClient, http } from 'viem'
 * import { getRewardConfig } from 'subnet-rpc/viem/precompiles'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { rewardAddress, feeRecipientsAllowed } = await getRewardConfig(client)
 */
export async function getRewardConfig(client: Client, parameters: GetRewardConfigParameters = {}): Promise<GetRewardConfigReturnType> {
  const read = getAction(client, readContract, 'readContract')
  const address = precompiles.rewardManagerConfig.address
  const at = blockOf(parameters)
  const [rewardAddress, feeRecipientsAllowed] = await readPrecompile(client, 'rewardManagerConfig', parameters, () =>
    Promise.all([
      read({ address, abi: rewardManagerAbi, functionName: 'currentRewardAddress', ...at }),
      read({ address, abi: rewardManagerAbi, functionName: 'areFeeRecipientsAllowed', ...at }),
    ]),
  )
  return rewardConfigFrom(rewardAddress, feeRecipientsAllowed)
}

export type GetWarpBlockchainIdParameters = PrecompileReadAt
export type GetWarpBlockchainIdReturnType = Hex
export type GetWarpBlockchainIdErrorType = PrecompileReadErrorType

/**
 * The L1's blockchain ID as Warp's `getBlockchainID` gives it: bytes32 hex (its CB58 form is
 * `encodeCb58(hexToBytes(id))`).
 *
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getWarpBlockchainId } from 'subnet-rpc/viem/precompiles'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const id = await getWarpBlockchainId(client)
 */
export async function getWarpBlockchainId(
  client: Client,
  parameters: GetWarpBlockchainIdParameters = {},
): Promise<GetWarpBlockchainIdReturnType> {
  return readPrecompile(client, 'warpConfig', parameters, () =>
    getAction(
      client,
      readContract,
      'readContract',
    )({
      address: precompiles.warpConfig.address,
      abi: warpMessengerAbi,
      functionName: 'getBlockchainID',
      ...blockOf(parameters),
    }),
  )
}

export type IsPrecompileActiveParameters = {
  precompile: PrecompileKey
  /** Unix seconds (number or bigint) or a Date; default: the node's head time. */
  timestamp?: number | bigint | Date | undefined
}
export type IsPrecompileActiveReturnType = boolean
/** `getCode`'s errors where the provider does not serve `eth_getActiveRulesAt` and no time is given. */
export type IsPrecompileActiveErrorType = InvalidArgumentErrorType | GetActiveRulesAtErrorType | GetCodeErrorType

/**
 * Whether a precompile is active now or at a time, from `eth_getActiveRulesAt`. Where a
 * provider does not serve that method (a `MethodNotFoundError`) and no time is given, the
 * code at the precompile's address tells (`0x01` while active, as the node writes it).
 *
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { isPrecompileActive } from 'subnet-rpc/viem/precompiles'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const active = await isPrecompileActive(client, { precompile: 'feeManagerConfig' })
 */
export async function isPrecompileActive(client: Client, parameters: IsPrecompileActiveParameters): Promise<IsPrecompileActiveReturnType> {
  const precompile = parameters?.precompile
  if (typeof precompile !== 'string' || !isPrecompileKey(precompile))
    throw new InvalidArgumentError({ argument: 'precompile', value: precompile, accepted: Object.keys(precompiles).join(', ') })
  try {
    const { precompiles: active } = await getActiveRulesAt(client, { timestamp: parameters.timestamp })
    return Object.hasOwn(active, precompile)
  } catch (e) {
    if (!(e instanceof MethodNotFoundError) || parameters.timestamp !== undefined) throw e
    const code = await getAction(client, getCode, 'getCode')({ address: precompiles[precompile].address })
    return code === '0x01'
  }
}

export type GetAllowListMembersParameters = {
  precompile: AllowListPrecompileKey
  /**
   * The block to read `RoleSet` events from, in place of the activation block (found by a binary
   * search over headers); the config's lists are then dated from it. Events before it are not read.
   */
  fromBlock?: bigint | undefined
  /**
   * The most blocks one `eth_getLogs` covers: the events are read from the start in chunks of that
   * many blocks, in order. Without it, one `eth_getLogs` covers the range; a node that refuses it as
   * too long (its `api-max-blocks-per-request`: `requested too many blocks from A to B, maximum is
   * set to N`) is asked again in chunks of N blocks, as is a node whose maximum is below this one.
   */
  maxBlockRange?: bigint | undefined
}
export type GetAllowListMembersReturnType = AllowListMembers
export type GetAllowListMembersErrorType =
  | InvalidArgumentErrorType
  | PrecompileNotActiveErrorType
  | GetChainConfigErrorType
  | GetBlockErrorType
  | GetContractEventsErrorType
  | ReadContractErrorType

/**
 * The members of an allow list at the head: the lists of the config that activated it, then
 * every `RoleSet` event since, each member checked against `readAllowList`. Before Durango a node
 * emits no `RoleSet`: members added then are missing (and those removed then are dropped by the
 * check). A node that limits `eth_getLogs` ranges is read in chunks of its maximum.
 *
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getAllowListMembers } from 'subnet-rpc/viem/precompiles'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { admins, managers, enabled } = await getAllowListMembers(client, { precompile: 'txAllowListConfig' })
 * // At most 2048 blocks per eth_getLogs, in chunks from the start:
 * const minters = await getAllowListMembers(client, { precompile: 'contractNativeMinterConfig', maxBlockRange: 2048n })
 */
export async function getAllowListMembers(
  client: Client,
  parameters: GetAllowListMembersParameters,
): Promise<GetAllowListMembersReturnType> {
  const precompile = checkAllowListPrecompile(parameters?.precompile)
  const maxBlockRange = checkMaxBlockRange(parameters.maxBlockRange)
  const block = getAction(client, getBlock, 'getBlock')
  const head = await block({ blockTag: 'latest' })
  const config = activeAllowListConfig(await getChainConfig(client), precompile, head.timestamp)
  if (!config) throw notActive(precompile, head.timestamp)
  const activation =
    parameters.fromBlock ??
    (await firstBlockAtOrAfter(config.timestamp, head.number, async (n) => (await block({ blockNumber: n })).timestamp))
  const events = getAction(client, getContractEvents, 'getContractEvents')
  const logs = await readLogRange(
    (fromBlock, toBlock) =>
      events({ address: precompiles[precompile].address, abi: allowListAbi, eventName: 'RoleSet', fromBlock, toBlock }),
    activation,
    head.number,
    maxBlockRange,
  )
  return allowListMembers(
    config.lists,
    activation,
    logs.map((e) => ({ account: e.args.account as Address, blockNumber: e.blockNumber })),
    (address) => getAllowListRole(client, { precompile, address, blockNumber: head.number }),
    getAddress,
  )
}

function blockOf(at: PrecompileReadAt): { blockNumber: bigint } | { blockTag: BlockTag } | Record<string, never> {
  if (at.blockNumber !== undefined) return { blockNumber: at.blockNumber }
  if (at.blockTag !== undefined) return { blockTag: at.blockTag }
  return {}
}
