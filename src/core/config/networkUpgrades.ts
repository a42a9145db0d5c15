/** Subnet-EVM's network upgrade timestamps and where their defaults come from. */
import { networkUpgradeKey, networkUpgradeKeys, networkUpgradeNames, type NetworkUpgradeKey } from '../names.js'
import type { NetworkUpgrades } from './types.js'
import { unixSeconds, upgradeSchedule } from './upgrades.js'

export { networkUpgradeKeys, type NetworkUpgradeKey, type NetworkUpgrades }

/**
 * `GetNetworkUpgrades(agoUpgrades)` (`params/extras/network_upgrades.go`): what a network's
 * schedule gives each upgrade. SubnetEVM is always active (0) and Fortuna, which has no
 * effect on Subnet-EVM, has no default (nil); every other upgrade takes avalanchego's
 * `<name>Time` for the network.
 */
export function networkUpgradeDefaults(networkID: number): NetworkUpgrades {
  const s = upgradeSchedule(networkID)
  const out: NetworkUpgrades = {}
  for (const name of networkUpgradeNames) {
    if (name === 'subnetEVM') out.subnetEVMTimestamp = 0n
    else if (name !== 'fortuna') out[networkUpgradeKey(name)] = BigInt(unixSeconds(s[`${name}Time`]))
  }
  return out
}
