/**
 * What goes wrong when an L1's stateful precompiles are administered, as typed errors that say
 * what to do. Each is raised before a transaction is sent: from the arguments, from the chain's
 * state, or from the node's own error when the call is simulated (`eth_call` / `eth_estimateGas`
 * answer a precompile's Go error as -32000 with its text; `precompileErrorFromNode` reads it).
 */
import type { AllowListRole } from '../core/precompiles/roles.js'
import { SubnetRpcError } from './base.js'

export type PrecompileNotActiveErrorType = PrecompileNotActiveError & { name: 'PrecompileNotActiveError' }

/**
 * The precompile is not active at the next block: a call would reach an empty account and
 * do nothing (a node answers success with no data). Its config key and address are given.
 *
 * @example
 * catch (e) { if (e instanceof PrecompileNotActiveError) console.log(`${e.precompile} is not enabled yet`) }
 */
export class PrecompileNotActiveError extends SubnetRpcError {
  /** The precompile's config key, e.g. `feeManagerConfig`. */
  declare readonly precompile: string
  declare readonly address: string
  /** The time (unix seconds) the check was made for: the block read's, or the next block's earliest. */
  declare readonly timestamp: bigint
  /** The block read, for a read; undefined for a write (checked for the next block). */
  declare readonly block: bigint | undefined
  constructor({
    precompile,
    address,
    timestamp,
    block,
  }: { precompile: string; address: string; timestamp: bigint; block?: bigint | undefined }) {
    const at = block === undefined ? 'the next block' : `block ${block}`
    super(
      `${precompile} (${address}) is not active at ${at} (timestamp ${timestamp})`,
      {
        name: 'PrecompileNotActiveError',
        metaMessages: [
          'A call to it would reach an empty account and change nothing.',
          `Enable it with a "${precompile}" entry in the genesis or in upgrade.json's precompileUpgrades, or wait for its blockTimestamp.`,
        ],
      },
      { precompile, address, timestamp, block },
    )
  }
}

export type AllowListRoleErrorType = AllowListRoleError & { name: 'AllowListRoleError' }

/**
 * The sending account's role on the precompile's allow list does not allow the call: `role` is
 * what it has, `needs` what the call takes. When the node refused the simulated call,
 * `nodeMessage` is its text (e.g. `non-enabled cannot mint: 0x…`).
 *
 * @example
 * catch (e) { if (e instanceof AllowListRoleError) console.log(e.account, e.role, e.needs) }
 */
export class AllowListRoleError extends SubnetRpcError {
  declare readonly precompile: string
  /** The account whose role is not enough (the transaction's sender). */
  declare readonly account: string
  declare readonly role: AllowListRole | undefined
  /** What the call needs, in words: e.g. `admin`, `enabled, manager or admin`. */
  declare readonly needs: string
  declare readonly nodeMessage: string | undefined
  constructor(args: {
    precompile: string
    account: string
    role: AllowListRole | undefined
    needs: string
    nodeMessage?: string
    cause?: Error
  }) {
    const { precompile, account, role, needs, nodeMessage, cause } = args
    super(
      `not allowed: ${account} has role ${role ?? 'unknown'} on ${precompile}, needs ${needs}`,
      {
        name: 'AllowListRoleError',
        metaMessages: [
          ...(nodeMessage ? [`Node: ${nodeMessage}`] : []),
          `Ask an admin of ${precompile} to grant it (setAllowListRole), or send from an account that has the role.`,
        ],
        cause,
      },
      { precompile, account, role, needs, nodeMessage },
    )
  }
}

export type InvalidFeeConfigErrorType = InvalidFeeConfigError & { name: 'InvalidFeeConfigError' }

/**
 * A fee config the node refuses (`FeeConfig.Verify` in `commontype/fee_config.go`): `reason`
 * is the node's own text, e.g. `gasLimit cannot be less than or equal to 0: gasLimit = 0`.
 *
 * @example
 * catch (e) { if (e instanceof InvalidFeeConfigError) console.log(e.reason) }
 */
export class InvalidFeeConfigError extends SubnetRpcError {
  declare readonly reason: string
  constructor({ reason, cause }: { reason: string; cause?: Error }) {
    super(
      `invalid fee config: ${reason}`,
      {
        name: 'InvalidFeeConfigError',
        metaMessages: [`The node would answer: cannot verify fee config: ${reason}`],
        cause,
      },
      { reason },
    )
  }
}

export type SelfDemotionErrorType = SelfDemotionError & { name: 'SelfDemotionError' }

/**
 * The change would take the sending account's own admin role away. If it is the list's last
 * admin, nobody could change the list again (only a network upgrade can then). Refused unless
 * the call says `allowSelfDemotion: true`.
 *
 * @example
 * import { SelfDemotionError } from 'subnet-rpc'
 * import { type PrecompileWalletActions } from 'subnet-rpc/viem/precompiles'
 * import type { Account, Chain, Transport, WalletClient } from 'viem'
 * declare const wallet: WalletClient<Transport, Chain, Account> & PrecompileWalletActions
 *
 * const self = { precompile: 'txAllowListConfig', address: wallet.account.address, role: 'enabled' } as const
 * try {
 *   await wallet.setAllowListRole(self)
 * } catch (e) {
 *   // Make another account admin first, then say so:
 *   if (e instanceof SelfDemotionError) await wallet.setAllowListRole({ ...self, allowSelfDemotion: true })
 * }
 */
export class SelfDemotionError extends SubnetRpcError {
  declare readonly precompile: string
  declare readonly account: string
  constructor({ precompile, account, role }: { precompile: string; account: string; role: AllowListRole }) {
    super(
      `${account} would remove its own admin role on ${precompile} (to ${role})`,
      {
        name: 'SelfDemotionError',
        metaMessages: [
          'If no other admin remains, the allow list can never be changed again.',
          'Grant admin to another account first; then pass allowSelfDemotion: true.',
        ],
      },
      { precompile, account },
    )
  }
}
