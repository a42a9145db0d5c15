/** Subnet-EVM's network upgrade timestamps and where their defaults come from. */
import { networkUpgradeKey, networkUpgradeKeys, networkUpgradeNames, type NetworkUpgradeKey } from '../names.js'
import type { NetworkUpgrades } from './types.js'
import { unixSeconds, upgradeSchedule } from './upgrades.js'

export { networkUpgradeKeys, type NetworkUpgradeKey, type NetworkUpgrades }

/** A network's `<name>Time`s: the built-in tables' strings, or a node's `info.upgrades` (Dates). */
export type UpgradeTimes = { [time: `${string}Time`]: string | Date | undefined }

/**
 * `GetNetworkUpgrades(agoUpgrades)` (`params/extras/network_upgrades.go`): what a network's
 * schedule gives each upgrade. SubnetEVM is always active (0) and Fortuna, which has no
 * effect on Subnet-EVM, has no default (nil); every other upgrade takes avalanchego's
 * `<name>Time` for the network: from `schedule` (a node's `info.upgrades`) when given and
 * it has the upgrade, else from the built-in tables.
 */
export function networkUpgradeDefaults(networkID: number, schedule?: UpgradeTimes): NetworkUpgrades {
  const s = upgradeSchedule(networkID)
  const out: NetworkUpgrades = {}
  for (const name of networkUpgradeNames) {
    if (name === 'subnetEVM') out.subnetEVMTimestamp = 0n
    else if (name !== 'fortuna') out[networkUpgradeKey(name)] = BigInt(unixSeconds(schedule?.[`${name}Time`] ?? s[`${name}Time`]))
  }
  return out
}
