/**
 * The allow list the precompiles share (precompile/allowlist): roles stored at `bytes32(address)`, written
 * by `Configure` from the config's lists, changed by the stand-ins' `set*` functions (packages/devnet/contracts/standins/AllowList.sol).
 */
import { precompileConstants } from '../artifacts/contracts.js'
import type { AnvilClient } from '../../anvilClient.js'
import type { RunModule, RunPrecompileKey } from './index.js'
import { addressWord } from './module.js'

const { NO_ROLE, ENABLED_ROLE, ADMIN_ROLE, MANAGER_ROLE } = precompileConstants.AllowList

/** An account's role slot: `common.BytesToHash(address.Bytes())`. */
export const roleSlot = addressWord

/** The config's lists and the role each gives (allowlist/config.go `Configure`). */
export const roleLists = [
  ['enabledAddresses', BigInt(ENABLED_ROLE)],
  ['adminAddresses', BigInt(ADMIN_ROLE)],
  ['managerAddresses', BigInt(MANAGER_ROLE)],
] as const

/** Enabled, Admin or Manager (allowlist/role.go `IsEnabled`). */
export const isEnabled = (role: bigint) => role > BigInt(NO_ROLE) && role <= BigInt(MANAGER_ROLE)

/** The role `account` holds on the allow list at `address` (0: none), in the latest state. */
export async function roleOf(anvil: AnvilClient, address: string, account: string): Promise<bigint> {
  return BigInt(await anvil.request<string>('eth_getStorageAt', [address, roleSlot(account), 'latest']))
}

/** Whether the allow list of `m` runs and gives `account` no role: what the node refuses. */
export async function lacksRole(
  { anvil, precompiles }: { anvil: AnvilClient; precompiles: { isRunning(key: RunPrecompileKey): boolean } },
  m: RunModule,
  account: string,
): Promise<boolean> {
  return precompiles.isRunning(m.configKey) && !isEnabled(await roleOf(anvil, m.address, account))
}
