/** Subnet-EVM's network upgrade timestamps and where their defaults come from. */
import { unixSeconds, upgradeSchedule } from './upgrades.js'

export const networkUpgradeKeys = [
  'subnetEVMTimestamp',
  'durangoTimestamp',
  'etnaTimestamp',
  'fortunaTimestamp',
  'graniteTimestamp',
  'heliconTimestamp',
] as const
export type NetworkUpgradeKey = (typeof networkUpgradeKeys)[number]
export type NetworkUpgrades = Partial<Record<NetworkUpgradeKey, bigint>>

/** subnet-evm's `GetNetworkUpgrades(ago)`: what a network's schedule gives each field. */
export function networkUpgradeDefaults(networkID: number): NetworkUpgrades {
  const s = upgradeSchedule(networkID)
  return {
    subnetEVMTimestamp: 0n,
    durangoTimestamp: BigInt(unixSeconds(s.durangoTime)),
    etnaTimestamp: BigInt(unixSeconds(s.etnaTime)),
    graniteTimestamp: BigInt(unixSeconds(s.graniteTime)),
    heliconTimestamp: BigInt(unixSeconds(s.heliconTime)),
  }
}

