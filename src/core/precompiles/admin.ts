/**
 * The rules a client checks before it administers a precompile, and the node's refusals read
 * back into typed errors: library-neutral, shared by the viem and ethers adapters.
 */
import { InvalidArgumentError } from '../../errors/argument.js'
import { AllowListRoleError, InvalidFeeConfigError, PrecompileNotActiveError } from '../../errors/precompile.js'
import { isAddress } from '../decode/kit.js'
import { feeConfigKeys, type PrecompileKey, precompileKeys, precompiles } from '../names.js'
import type { FeeConfig } from '../types/subnet.js'
import { type AllowListRole, allowListRoles } from './roles.js'

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

/** `PrecompileNotActiveError` for a precompile key at a time. */
export function notActive(precompile: PrecompileKey, timestamp: bigint): PrecompileNotActiveError {
  return new PrecompileNotActiveError({ precompile, address: precompiles[precompile].address, timestamp })
}
