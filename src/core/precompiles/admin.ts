/**
 * The rules a client checks before it administers a precompile, and the node's refusals read
 * back into typed errors: library-neutral, shared by the viem and ethers adapters.
 */
import { InvalidArgumentError } from '../../errors/argument.js'
import { AllowListRoleError, InvalidFeeConfigError, PrecompileNotActiveError, SelfDemotionError } from '../../errors/precompile.js'
import { ResponseShapeError } from '../../errors/response.js'
import { show } from '../../errors/show.js'
import { isAddress } from '../decode/kit.js'
import { feeConfigKeys, type PrecompileKey, precompileKeys, precompiles } from '../names.js'
import { maxNextBaseFee } from '../fees/baseFee.js'
import type { ChainConfig, FeeConfig } from '../types/subnet.js'
import { type AllowListRole, allowListRoles, canModifyAllowListRole } from './roles.js'

/** The config key of a precompile that carries an allow list (every registered one but Warp). */
export type AllowListPrecompileKey = { [K in PrecompileKey]: (typeof precompiles)[K]['allowList'] extends true ? K : never }[PrecompileKey]

/** The precompiles that carry an allow list, in address order. */
export const allowListPrecompileKeys = /* @__PURE__ */ precompileKeys.filter(
  (key): key is AllowListPrecompileKey => precompiles[key].allowList,
)

/** `key` as an allow-list precompile key, or `InvalidArgumentError` naming the accepted keys. */
export function checkAllowListPrecompile(key: unknown): AllowListPrecompileKey {
  if (typeof key === 'string' && (allowListPrecompileKeys as readonly string[]).includes(key)) return key as AllowListPrecompileKey
  throw new InvalidArgumentError({ argument: 'precompile', value: key, accepted: allowListPrecompileKeys.join(', ') })
}

/** `value` as an address (0x and 40 hex digits), or `InvalidArgumentError` for `argument`. */
export function checkAddress(argument: string, value: unknown): `0x${string}` {
  if (typeof value === 'string' && isAddress(value)) return value as `0x${string}`
  throw new InvalidArgumentError({ argument, value, accepted: '0x and 40 hex digits' })
}

/** A mint amount: a bigint in [0, 2^256), or `InvalidArgumentError` (the ABI carries no other). */
export function checkAmount(value: unknown): bigint {
  if (typeof value === 'bigint' && value >= 0n && value < 1n << 256n) return value
  throw new InvalidArgumentError({ argument: 'amount', value, accepted: 'a bigint from 0 to 2^256 - 1 (wei)' })
}

/** A reward address: an address other than zero (the node: `reward address cannot be empty`). */
export function checkRewardAddress(value: unknown): `0x${string}` {
  const address = checkAddress('rewardAddress', value)
  if (/^0x0{40}$/.test(address))
    throw new InvalidArgumentError({
      argument: 'rewardAddress',
      value: address,
      accepted: 'a non-zero address (the node: reward address cannot be empty)',
    })
  return address
}

/** `value` as a role name, or `InvalidArgumentError`. */
export function checkRole(value: unknown): AllowListRole {
  if (typeof value === 'string' && Object.hasOwn(allowListRoles, value)) return value as AllowListRole
  throw new InvalidArgumentError({ argument: 'role', value, accepted: Object.keys(allowListRoles).join(', ') })
}

const maxUint256 = (1n << 256n) - 1n

/**
 * The node's reason for refusing a fee config (`FeeConfig.Verify` in
 * `graft/subnet-evm/commontype/fee_config.go`, checks in its order), or `undefined` when it
 * accepts it. Values the `setFeeConfig` ABI cannot carry (not an integer in [0, 2^256)) are
 * refused first, as `InvalidArgumentError`, since no node ever sees them.
 *
 * @example
 * import { feeConfigProblem } from 'subnet-rpc'
 * feeConfigProblem({ gasLimit: 0n, targetBlockRate: 2n, minBaseFee: 1n, targetGas: 1n, baseFeeChangeDenominator: 1n, minBlockGasCost: 0n, maxBlockGasCost: 1n, blockGasCostStep: 0n })
 * // 'gasLimit cannot be less than or equal to 0: gasLimit = 0'
 */
export function feeConfigProblem(feeConfig: FeeConfig): string | undefined {
  if (typeof feeConfig !== 'object' || feeConfig === null)
    throw new InvalidArgumentError({
      argument: 'feeConfig',
      value: feeConfig,
      accepted: `an object of ${feeConfigKeys.join(', ')} (bigints)`,
    })
  for (const key of feeConfigKeys) {
    const v = feeConfig[key]
    if (typeof v !== 'bigint' || v < 0n || v > maxUint256)
      throw new InvalidArgumentError({ argument: `feeConfig.${key}`, value: v, accepted: 'a bigint from 0 to 2^256 - 1' })
  }
  const positive = ['gasLimit', 'targetBlockRate', 'targetGas', 'baseFeeChangeDenominator'] as const
  for (const key of feeConfigKeys) {
    if ((positive as readonly string[]).includes(key) && feeConfig[key] === 0n)
      return `${key} cannot be less than or equal to 0: ${key} = 0`
    if (key === 'minBlockGasCost' && feeConfig.minBlockGasCost > feeConfig.maxBlockGasCost)
      return `minBlockGasCost cannot be greater than maxBlockGasCost: minBlockGasCost = ${feeConfig.minBlockGasCost}, maxBlockGasCost = ${feeConfig.maxBlockGasCost}`
  }
  if (feeConfig.maxBlockGasCost >= 1n << 64n) return `maxBlockGasCost is not a valid uint64: maxBlockGasCost = ${feeConfig.maxBlockGasCost}`
  return undefined
}

/** What a role change needs of its sender (`Role.CanModify` in `allowlist/role.go`). */
export function roleChangeNeeds(from: AllowListRole, to: AllowListRole): string {
  const plain = (r: AllowListRole) => r === 'none' || r === 'enabled'
  return plain(from) && plain(to) ? 'manager or admin' : 'admin'
}

/** What using a precompile's own function needs (`Role.IsEnabled`). */
export const enabledRoles = 'enabled, manager or admin'

const roleNames: Record<string, AllowListRole> = { NoRole: 'none', EnabledRole: 'enabled', AdminRole: 'admin', ManagerRole: 'manager' }

/** Context for reading a node's refusal: which precompile was called, and the sender's role when known (the text names the sender). */
export type PrecompileCallContext = { precompile: PrecompileKey; role?: AllowListRole | undefined }

/**
 * A precompile's refusal, as the node words it (its Go error text from `eth_call` /
 * `eth_estimateGas`, or the pool's for the Tx Allow List), turned into the typed error that
 * says what to do; `undefined` for any other text.
 */
export function precompileErrorFromNode(nodeMessage: string, context: PrecompileCallContext, cause?: Error): Error | undefined {
  const { precompile, role } = context
  const modify = /^cannot modify allow list: modify address: (0x[0-9a-fA-F]{40}), from role: (\w+), to role: (\w+)$/.exec(nodeMessage)
  if (modify) {
    const from = roleNames[modify[2]!] ?? 'none'
    const to = roleNames[modify[3]!] ?? 'none'
    return new AllowListRoleError({ precompile, account: modify[1]!, role, needs: roleChangeNeeds(from, to), nodeMessage, cause })
  }
  const notEnabled = /^(?:non-enabled cannot [\w ]+|non-admin cannot modify allow list): (0x[0-9a-fA-F]{40})$/.exec(nodeMessage)
  if (notEnabled) {
    const needs = nodeMessage.startsWith('non-admin') ? 'admin' : enabledRoles
    return new AllowListRoleError({ precompile, account: notEnabled[1]!, role: role ?? 'none', needs, nodeMessage, cause })
  }
  const pool = /^cannot issue transaction from non-allow listed address: (0x[0-9a-fA-F]{40})$/.exec(nodeMessage)
  if (pool)
    return new AllowListRoleError({
      precompile: 'txAllowListConfig',
      account: pool[1]!,
      role: 'none',
      needs: enabledRoles,
      nodeMessage,
      cause,
    })
  const fees = /^cannot verify fee config: (.*)$/s.exec(nodeMessage)
  if (fees) return new InvalidFeeConfigError({ reason: fees[1]!, cause })
  if (nodeMessage === 'invalid non-activated function selector: 0xd0ebdbe7')
    return new InvalidArgumentError({
      argument: 'role',
      value: 'manager',
      accepted: 'none, enabled or admin before Durango (the node serves setManager from Durango on)',
    })
  return undefined
}

/** `PrecompileNotActiveError` for a precompile key at a time: of a block read, or (no block) the next block's. */
export function notActive(precompile: PrecompileKey, timestamp: bigint, block?: bigint): PrecompileNotActiveError {
  return new PrecompileNotActiveError({ precompile, address: precompiles[precompile].address, timestamp, block })
}

/** The allow lists of the config (genesis or upgrade) of an allow-list precompile in force at a time. */
export type AllowListConfigLists = {
  adminAddresses?: readonly `0x${string}`[] | null
  managerAddresses?: readonly `0x${string}`[] | null
  enabledAddresses?: readonly `0x${string}`[] | null
}

/**
 * The config of `key` in force at `time` (from `eth_getChainConfig`: the genesis entry, then
 * `upgrades.precompileUpgrades` in order, a `disable` ending it), with its activation time; or
 * `undefined` when the precompile is not enabled then.
 */
export function activeAllowListConfig(
  chainConfig: ChainConfig,
  key: AllowListPrecompileKey,
  time: bigint,
): { timestamp: bigint; lists: AllowListConfigLists } | undefined {
  type Entry = AllowListConfigLists & { blockTimestamp?: bigint | null; disable?: boolean }
  let current: { timestamp: bigint; lists: AllowListConfigLists } | undefined
  const genesis = chainConfig[key] as Entry | undefined
  if (genesis && (genesis.blockTimestamp ?? 0n) <= time) current = { timestamp: genesis.blockTimestamp ?? 0n, lists: genesis }
  for (const upgrade of chainConfig.upgrades?.precompileUpgrades ?? []) {
    const entry = (upgrade as Record<string, Entry | undefined>)[key]
    if (!entry || (entry.blockTimestamp ?? 0n) > time) continue
    current = entry.disable ? undefined : { timestamp: entry.blockTimestamp ?? 0n, lists: entry }
  }
  return current
}

/**
 * A Granite header's `timestampMilliseconds` as a block reply carries it (a hex quantity, which
 * viem and ethers leave unformatted), or null when the header has none.
 */
export function headerMilliseconds(method: string, value: unknown): bigint | null {
  if (value === undefined || value === null) return null
  if (typeof value === 'bigint') return value
  if (typeof value === 'string' && /^0x(0|[1-9a-f][\da-f]{0,15})$/i.test(value)) return BigInt(value)
  throw new ResponseShapeError({ method, path: '$.timestampMilliseconds', expected: 'a uint64 hex quantity', received: show(value) })
}

/** The first block whose timestamp reaches `t`, by binary search over `timestampOf` (timestamps never decrease). */
export async function firstBlockAtOrAfter(t: bigint, head: bigint, timestampOf: (n: bigint) => Promise<bigint>): Promise<bigint> {
  if ((await timestampOf(0n)) >= t) return 0n
  let lo = 1n
  let hi = head
  while (lo < hi) {
    const mid = (lo + hi) / 2n
    if ((await timestampOf(mid)) >= t) hi = mid
    else lo = mid + 1n
  }
  return lo
}

/** An allow list's member: its address and the block where it got its current role. */
export type AllowListMember = { address: `0x${string}`; since: bigint }
export type AllowListMembers = { admins: AllowListMember[]; managers: AllowListMember[]; enabled: AllowListMember[] }

/**
 * An allow list's members: the config's lists at the activation block, then each `RoleSet`
 * (account, role, block) in order; `roleOf` gives each candidate's live role, which decides.
 */
export async function allowListMembers(
  lists: AllowListConfigLists,
  activation: bigint,
  events: readonly { account: `0x${string}`; blockNumber: bigint }[],
  roleOf: (address: `0x${string}`) => Promise<AllowListRole>,
  /** The address as the adapter's library writes it (EIP-55): the node's config lists are lower-case. */
  checksum: (address: `0x${string}`) => `0x${string}`,
): Promise<AllowListMembers> {
  const candidates = new Map<string, AllowListMember>()
  for (const list of ['enabledAddresses', 'adminAddresses', 'managerAddresses'] as const)
    for (const address of lists[list] ?? []) candidates.set(address.toLowerCase(), { address: checksum(address), since: activation })
  for (const { account, blockNumber } of events) candidates.set(account.toLowerCase(), { address: checksum(account), since: blockNumber })
  const out: AllowListMembers = { admins: [], managers: [], enabled: [] }
  for (const member of candidates.values()) {
    const role = await roleOf(member.address)
    if (role === 'admin') out.admins.push(member)
    else if (role === 'manager') out.managers.push(member)
    else if (role === 'enabled') out.enabled.push(member)
  }
  return out
}

/** The 8 values of `getFeeConfig` (or a `FeeConfig` tuple of an event) as a `FeeConfig`. */
export function feeConfigFromValues(values: readonly bigint[] | Record<string, bigint>): FeeConfig {
  return Object.fromEntries(
    feeConfigKeys.map((key, i) => [key, Array.isArray(values) ? values[i] : (values as Record<string, bigint>)[key]]),
  ) as FeeConfig
}

/** `constants.BlackholeAddr`: where fees go when rewards are disabled. */
export const blackholeAddress = '0x0100000000000000000000000000000000000000'

/** The Reward Manager's state from its two getters. */
export function rewardConfigFrom(rewardAddress: `0x${string}`, feeRecipientsAllowed: boolean) {
  return { rewardAddress, feeRecipientsAllowed, rewardsDisabled: !feeRecipientsAllowed && rewardAddress.toLowerCase() === blackholeAddress }
}

/**
 * The sender's checks before a role change: `Role.CanModify` for its role, and its own admin
 * role kept unless `allowSelfDemotion`. Throws the typed error; returns nothing when allowed.
 */
export function checkRoleChange(args: {
  precompile: AllowListPrecompileKey
  sender: `0x${string}`
  senderRole: AllowListRole
  address: `0x${string}`
  from: AllowListRole
  to: AllowListRole
  allowSelfDemotion?: boolean | undefined
}): void {
  const { precompile, sender, senderRole, address, from, to } = args
  if (!canModifyAllowListRole({ caller: senderRole, from, to }))
    throw new AllowListRoleError({ precompile, account: sender, role: senderRole, needs: roleChangeNeeds(from, to) })
  if (address.toLowerCase() === sender.toLowerCase() && from === 'admin' && to !== 'admin' && !args.allowSelfDemotion)
    throw new SelfDemotionError({ precompile, account: sender, role: to })
}

/** The sender's check before a precompile's own function: an enabled role. */
export function checkEnabled(precompile: AllowListPrecompileKey, sender: `0x${string}`, role: AllowListRole): void {
  if (role === 'none') throw new AllowListRoleError({ precompile, account: sender, role, needs: enabledRoles })
}

/** The earliest timestamp the next block can have: the head's, or now when the head is older. */
export function nextBlockTime(headTimestamp: bigint, nowMs: number = Date.now()): bigint {
  const now = BigInt(Math.floor(nowMs / 1000))
  return headTimestamp > now ? headTimestamp : now
}

/** `baseFeeMultiplier` as a finite number ≥ 1, or `InvalidArgumentError` (checked before any request). */
export function checkBaseFeeMultiplier(value: unknown): number {
  if (typeof value !== 'number' || !(value >= 1) || !Number.isFinite(value))
    throw new InvalidArgumentError({ argument: 'baseFeeMultiplier', value, accepted: 'a finite number ≥ 1' })
  return value
}

/** What the fee estimate reads: the head, the fee config in force for the next block, the node's tip. */
export type L1FeeInputs = {
  head: {
    number: bigint
    timestamp: bigint
    /** A Granite header's `timestampMilliseconds`; null or absent before Granite. */
    timestampMilliseconds?: bigint | null | undefined
    gasUsed: bigint
    gasLimit: bigint
    baseFeePerGas: bigint | null
    extraData: `0x${string}`
  }
  feeConfig: FeeConfig
  maxPriorityFeePerGas: bigint
  baseFeeMultiplier?: number | undefined
}

/**
 * EIP-1559 fees for an L1's next block: the highest base fee the next block can have
 * (`maxNextBaseFee`) times the multiplier (default 1.2), never under the config's `minBaseFee`,
 * plus the tip.
 */
export function l1FeesPerGas({ head, feeConfig, maxPriorityFeePerGas, baseFeeMultiplier = 1.2 }: L1FeeInputs) {
  checkBaseFeeMultiplier(baseFeeMultiplier)
  // The head's fields by name: a host library's block object carries others, some of them unformatted.
  const { number, timestamp, timestampMilliseconds = null, gasUsed, gasLimit, baseFeePerGas, extraData } = head
  const parent = { number, timestamp, timestampMilliseconds, gasUsed, gasLimit, baseFeePerGas, extraData }
  const nextBaseFee = maxNextBaseFee({ feeConfig, parent, timestamp: nextBlockTime(timestamp) })
  // The multiplier in parts per thousand, so the bigint product stays exact.
  const scaled = (nextBaseFee * BigInt(Math.round(baseFeeMultiplier * 1000))) / 1000n
  const base = scaled > feeConfig.minBaseFee ? scaled : feeConfig.minBaseFee
  return { maxFeePerGas: base + maxPriorityFeePerGas, maxPriorityFeePerGas, nextBaseFee, minBaseFee: feeConfig.minBaseFee }
}
