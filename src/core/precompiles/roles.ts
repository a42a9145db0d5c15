/**
 * Allow-list roles as Subnet-EVM defines them (ava-labs/avalanchego
 * `graft/subnet-evm/precompile/allowlist/role.go`): the values stored per address and
 * returned by `readAllowList`, the node's names for them, and its rules on who may change
 * whose role (`Role.CanModify`) and who may use a precompile (`Role.IsEnabled`).
 *
 * In the node a role is a 32-byte storage word (`type Role common.Hash`); here it is a name
 * (`'none' | 'enabled' | 'admin' | 'manager'`), and the functions that mirror the node's
 * methods also take the word as a number or bigint, so that a value no setter writes (a
 * state upgrade can) behaves as in the node.
 */
import { InvalidArgumentError } from '../../errors/argument.js'

/**
 * The allow-list roles and their `uint256` values (`role.go`: `NoRole` 0, `EnabledRole` 1,
 * `AdminRole` 2, `ManagerRole` 3). Manager exists from subnet-evm v0.5.6 and can be granted
 * only once Durango is active.
 *
 * - `none`: no role (the storage slot is empty);
 * - `enabled`: may use the precompile (mint, set the fee config, …);
 * - `admin`: may use it and set any address to any role;
 * - `manager`: may use it and move addresses that are `none` or `enabled` between those two.
 *
 * @example
 * import { allowListRoles } from 'subnet-rpc'
 *
 * allowListRoles.manager // 3
 */
export const allowListRoles = { none: 0, enabled: 1, admin: 2, manager: 3 } as const

/**
 * An allow-list role by name: `'none' | 'enabled' | 'admin' | 'manager'`.
 *
 * @example
 * import { allowListRoleFromNumber, type AllowListRole } from 'subnet-rpc'
 *
 * const role: AllowListRole = allowListRoleFromNumber(1n)
 * role // 'enabled'
 */
export type AllowListRole = keyof typeof allowListRoles

/**
 * An allow-list role's `uint256` value: `0 | 1 | 2 | 3`.
 *
 * @example
 * import { allowListRoles, type AllowListRoleNumber } from 'subnet-rpc'
 *
 * const admin: AllowListRoleNumber = allowListRoles.admin
 * admin // 2
 */
export type AllowListRoleNumber = (typeof allowListRoles)[AllowListRole]

/**
 * A role as the node's methods take it: by name, or as the stored `uint256` word.
 *
 * @example
 * import { allowListRoleString, type AllowListRoleLike } from 'subnet-rpc'
 *
 * const stored: AllowListRoleLike = 3n
 * allowListRoleString(stored) // 'ManagerRole'
 */
export type AllowListRoleLike = AllowListRole | number | bigint

/**
 * How the node prints a role (`Role.String()` in `role.go`), as in its error text
 * `cannot modify allow list: modify address: <caller>, from role: NoRole, to role: AdminRole`.
 *
 * @example
 * import { allowListRoleString, type AllowListRoleString } from 'subnet-rpc'
 *
 * const printed: AllowListRoleString = allowListRoleString('manager')
 * printed // 'ManagerRole'
 */
export type AllowListRoleString = 'NoRole' | 'EnabledRole' | 'AdminRole' | 'ManagerRole' | 'UnknownRole'

// By value: names[0] is 'none', …
const names = ['none', 'enabled', 'admin', 'manager'] as const satisfies { [V in AllowListRoleNumber]: AllowListRole }
const strings = ['NoRole', 'EnabledRole', 'AdminRole', 'ManagerRole'] as const satisfies readonly AllowListRoleString[]
const maxUint256 = (1n << 256n) - 1n
const acceptedNames = "'none', 'enabled', 'admin' or 'manager'"

const isRoleName = (v: unknown): v is AllowListRole => typeof v === 'string' && Object.hasOwn(allowListRoles, v)

/** A role name, or an integer in the uint256 range, as the stored word; anything else throws. */
function roleWord(value: unknown, argument: string): bigint {
  if (isRoleName(value)) return BigInt(allowListRoles[value])
  if (typeof value === 'bigint' || (typeof value === 'number' && Number.isSafeInteger(value))) {
    const v = BigInt(value)
    if (v >= 0n && v <= maxUint256) return v
  }
  throw new InvalidArgumentError({ argument, value, accepted: `${acceptedNames}, or a uint256 role value (an integer from 0)` })
}

/**
 * The role a `uint256` stands for, e.g. what `readAllowList` returns or a `RoleSet` log's
 * `role` / `oldRole`. Throws `InvalidArgumentError` for any value but 0, 1, 2 and 3, as the
 * node's `allowlist.FromBig` rejects them with `invalid role`.
 *
 * @example
 * import { allowListRoleFromNumber } from 'subnet-rpc'
 *
 * allowListRoleFromNumber(2n) // 'admin'
 * allowListRoleFromNumber(3) // 'manager'
 */
export function allowListRoleFromNumber(value: number | bigint): AllowListRole {
  if ((typeof value === 'bigint' || Number.isInteger(value)) && value >= 0 && value <= 3) return names[Number(value) as AllowListRoleNumber]
  throw new InvalidArgumentError({
    argument: 'allow list role',
    value,
    accepted: '0 (none), 1 (enabled), 2 (admin) or 3 (manager), as a number or bigint',
  })
}

/**
 * A role's `uint256` value, e.g. to compare with `readAllowList`'s result or to filter
 * `RoleSet` logs by `role`. Throws `InvalidArgumentError` for anything but a role name.
 *
 * @example
 * import { allowListRoleToNumber } from 'subnet-rpc'
 *
 * allowListRoleToNumber('enabled') // 1
 * BigInt(allowListRoleToNumber('admin')) // 2n
 */
export function allowListRoleToNumber<R extends AllowListRole>(role: R): (typeof allowListRoles)[R] {
  if (!isRoleName(role)) throw new InvalidArgumentError({ argument: 'allow list role', value: role, accepted: acceptedNames })
  return allowListRoles[role]
}

/**
 * The role as the node prints it in error messages (`Role.String()` in `role.go`):
 * `NoRole`, `EnabledRole`, `AdminRole`, `ManagerRole`, and `UnknownRole` for any other
 * stored value. Throws `InvalidArgumentError` for what is neither a role name nor a uint256.
 *
 * @example
 * import { allowListRoleString } from 'subnet-rpc'
 *
 * allowListRoleString('admin') // 'AdminRole'
 * allowListRoleString(0n) // 'NoRole'
 * allowListRoleString(7n) // 'UnknownRole'
 */
export function allowListRoleString(role: AllowListRoleLike): AllowListRoleString {
  const word = roleWord(role, 'allow list role')
  return word < 4n ? strings[Number(word)]! : 'UnknownRole'
}

/**
 * The node's rule for a role change (`Role.CanModify` in `role.go`, checked by every
 * `set*` function in `allowlist/allowlist.go`): may an address whose role is `caller` change
 * an address whose role is `from` to the role `to`?
 *
 * - Admin: always (any address, to any role, itself included);
 * - Manager: only when `from` and `to` are both `none` or `enabled`;
 * - Enabled, None (and any other stored value): never.
 *
 * When it is false the node fails the call with `cannot modify allow list: modify address:
 * <caller address>, from role: <from>, to role: <to>` (roles as {@link allowListRoleString}
 * prints them). Each role may be a name or a stored uint256 value; anything else throws
 * `InvalidArgumentError`.
 *
 * @example
 * canModifyAllowListRole({ caller: 'manager', from: 'none', to: 'enabled' }) // true
 * canModifyAllowListRole({ caller: 'manager', from: 'enabled', to: 'admin' }) // false
 * canModifyAllowListRole({ caller: 'admin', from: 'admin', to: 'none' }) // true
 */
export function canModifyAllowListRole({
  caller,
  from,
  to,
}: {
  caller: AllowListRoleLike
  from: AllowListRoleLike
  to: AllowListRoleLike
}): boolean {
  const c = roleWord(caller, 'caller role')
  const f = roleWord(from, 'from role')
  const t = roleWord(to, 'to role')
  const noneOrEnabled = (w: bigint) => w === BigInt(allowListRoles.none) || w === BigInt(allowListRoles.enabled)
  if (c === BigInt(allowListRoles.admin)) return true
  if (c === BigInt(allowListRoles.manager)) return noneOrEnabled(f) && noneOrEnabled(t)
  return false
}

/**
 * Whether a role may use the precompile (`Role.IsEnabled` in `role.go`): true for
 * `enabled`, `admin` and `manager`. For the Tx Allow List, whether the address may send
 * transactions; for the Deployer Allow List, whether it may deploy contracts. Takes a name
 * or a stored uint256 value; anything else throws `InvalidArgumentError`.
 *
 * @example
 * allowListRoleIsEnabled('manager') // true
 * allowListRoleIsEnabled(0n) // false
 */
export function allowListRoleIsEnabled(role: AllowListRoleLike): boolean {
  const word = roleWord(role, 'allow list role')
  return word >= 1n && word <= 3n
}

/**
 * The allow-list function that sets each role (`Role.GetSetterFunctionName` in `role.go`),
 * for `writeContract({ functionName: allowListRoleSetters[role], … })`.
 *
 * @example
 * import { allowListAbi, txAllowListAddress, type AllowListRole } from 'subnet-rpc'
 * import type { Account, Chain, Transport, WalletClient } from 'viem'
 * declare const wallet: WalletClient<Transport, Chain, Account>
 * declare const role: AllowListRole
 *
 * await wallet.writeContract({
 *   address: txAllowListAddress,
 *   abi: allowListAbi,
 *   functionName: allowListRoleSetters[role],
 *   args: ['0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'],
 * })
 */
export const allowListRoleSetters = {
  none: 'setNone',
  enabled: 'setEnabled',
  admin: 'setAdmin',
  manager: 'setManager',
} as const satisfies {
  [R in AllowListRole]: `set${string}`
}
