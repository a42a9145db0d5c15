/**
 * Everything a chain config schedules, in activation order: network upgrades
 * (`params/extras/network_upgrades.go`), precompile activations and deactivations from the
 * genesis and `upgrades.precompileUpgrades` (`precompile_upgrade.go`), and state upgrades
 * (`state_upgrade.go`). At one timestamp the node applies precompile upgrades before state
 * upgrades (`ApplyUpgrades`, `core/state_processor_ext.go`); the timeline keeps that order.
 */
import { networkUpgradeKey, networkUpgradeNames, precompiles as registry, type NetworkUpgradeName } from '../names.js'
import type { ChainConfig } from '../types/subnet.js'
import { precompileEntries, precompileKeysOf } from './configs.js'

/** `upgrade.UnscheduledActivationTime` (9999-12-01T00:00:00Z): an upgrade that is not scheduled. */
export const unscheduledTimestamp = 253_399_622_400n

export type TimelineEvent = {
  /** Unix seconds. */
  timestamp: bigint
  kind: 'networkUpgrade' | 'precompile' | 'stateUpgrade'
  /** The network upgrade (`durango`), the precompile config key (`feeManagerConfig`) or `stateUpgrade`. */
  name: string
  /** `activate` (network upgrade), `enable` / `disable` (precompile), `apply` (state upgrade). */
  action: 'activate' | 'enable' | 'disable' | 'apply'
  /**
   * Where the chain config sets it: `durangoTimestamp`, `upgrades.networkUpgradeOverrides.durangoTimestamp`,
   * `feeManagerConfig` (genesis), `upgrades.precompileUpgrades[2]`, `upgrades.stateUpgrades[0]`.
   */
  source: string
  /** False for a network upgrade at the unscheduled time (9999-12-01). */
  scheduled: boolean
  /** What it does, in a sentence. */
  description: string
}

/**
 * What each network upgrade brings to a Subnet-EVM chain (`NetworkUpgrades` field comments; `SetEthUpgrades`).
 * Helicon sets no EVM rule of Subnet-EVM (`params/extras/network_upgrades.go` has only its timestamp and `IsHelicon`).
 */
const networkUpgradeText: Record<NetworkUpgradeName, string> = {
  subnetEVM: 'dynamic fees and the Avalanche rules up to ApricotPhase6',
  durango: 'Shanghai (EIP-3651, EIP-3855, EIP-3860) and Avalanche Warp Messaging',
  etna: 'Cancun (EIP-1153 transient storage, EIP-5656 MCOPY, EIP-6780 SELFDESTRUCT) and ACP-77 L1 validators',
  fortuna: 'no effect on Subnet-EVM',
  granite: 'millisecond block timestamps, precompile updates and P-Chain epochs',
  helicon: "no change to Subnet-EVM's EVM rules",
}

/** The module behind a precompile config key, as the node's registry names it. */
const moduleNames: Record<string, string> = {
  contractDeployerAllowListConfig: 'ContractDeployerAllowList',
  contractNativeMinterConfig: 'NativeMinter',
  txAllowListConfig: 'TxAllowList',
  feeManagerConfig: 'FeeManager',
  rewardManagerConfig: 'RewardManager',
  warpConfig: 'Warp',
}

const capitalized = (name: string) => `${name[0]!.toUpperCase()}${name.slice(1)}`
const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

function precompileText(key: string, action: 'enable' | 'disable', config: Record<string, unknown>): string {
  const module = moduleNames[key] ?? key
  const at = (registry as Record<string, { address: string }>)[key]?.address
  const what = `${action === 'enable' ? 'enables' : 'disables'} ${module}${at ? ` (${at})` : ''}`
  if (action === 'disable') return what
  const parts: string[] = []
  for (const [role, one] of [
    ['adminAddresses', 'admin'],
    ['managerAddresses', 'manager'],
    ['enabledAddresses', 'enabled address'],
  ] as const) {
    const n = list(config[role]).length
    if (n > 0) parts.push(count(n, one))
  }
  if (config.initialMint && typeof config.initialMint === 'object')
    parts.push(`initial mint to ${count(Object.keys(config.initialMint).length, 'address')}`)
  if (config.initialFeeConfig) parts.push('initial fee config')
  if (config.initialRewardConfig) {
    const r = config.initialRewardConfig as { allowFeeRecipients?: boolean; rewardAddress?: string }
    parts.push(
      r.allowFeeRecipients
        ? 'fee recipients allowed'
        : BigInt(r.rewardAddress ?? 0) === 0n
          ? 'fees burnt'
          : `rewards to ${r.rewardAddress}`,
    )
  }
  if (key === 'warpConfig' && typeof config.quorumNumerator === 'bigint')
    parts.push(`quorum ${config.quorumNumerator === 0n ? 'default (67)' : `${config.quorumNumerator}`}%`)
  return parts.length ? `${what}: ${parts.join(', ')}` : what
}

/**
 * Every network upgrade, precompile activation or deactivation and state upgrade of a chain
 * config, ordered by time (at one time: network upgrades, then precompiles in the node's
 * order, then state upgrades). Genesis precompile configs without a `blockTimestamp` never
 * activate and are left out.
 *
 * @example
 * import { upgradeTimeline, type ChainConfig } from 'subnet-rpc'
 *
 * const chainConfig: ChainConfig = {
 *   chainId: 99999n,
 *   feeConfig: { gasLimit: 8_000_000n, targetBlockRate: 2n, minBaseFee: 25_000_000_000n, targetGas: 15_000_000n, baseFeeChangeDenominator: 36n, minBlockGasCost: 0n, maxBlockGasCost: 1_000_000n, blockGasCostStep: 200_000n },
 *   londonBlock: 0n,
 *   durangoTimestamp: 1_607_144_400n,
 *   upgrades: { precompileUpgrades: [{ feeManagerConfig: { adminAddresses: ['0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'], blockTimestamp: 1_767_225_600n } }] },
 * }
 * for (const e of upgradeTimeline(chainConfig)) console.log(e.timestamp, e.source, e.description)
 * // 1607144400n durangoTimestamp Durango network upgrade: …
 * // 1767225600n upgrades.precompileUpgrades[0] enables FeeManager (0x0200000000000000000000000000000000000003): 1 admin
 */
export function upgradeTimeline(chainConfig: ChainConfig): TimelineEvent[] {
  const c = chainConfig
  const events: (TimelineEvent & { order: number })[] = []
  let order = 0
  const overrides = c.upgrades?.networkUpgradeOverrides ?? {}
  for (const name of networkUpgradeNames) {
    const key = networkUpgradeKey(name)
    const ts = c[key]
    if (ts === undefined) continue
    const scheduled = ts < unscheduledTimestamp
    events.push({
      timestamp: ts,
      kind: 'networkUpgrade',
      name,
      action: 'activate',
      source: overrides[key] !== undefined ? `upgrades.networkUpgradeOverrides.${key}` : key,
      scheduled,
      description: `${capitalized(name)} network upgrade: ${networkUpgradeText[name]}`,
      order: order++,
    })
  }
  const precompileEvents: (TimelineEvent & { order: number })[] = []
  for (const key of precompileKeysOf(c)) {
    for (const e of precompileEntries(c, key)) {
      if (e.timestamp === null) continue
      const action = e.disable ? 'disable' : 'enable'
      precompileEvents.push({
        timestamp: e.timestamp,
        kind: 'precompile',
        name: key,
        action,
        source: e.source === 'genesis' ? key : `upgrades.precompileUpgrades[${e.source}]`,
        scheduled: true,
        description: precompileText(key, action, e.config),
        // Genesis configs first (registry order), then upgrades in file order.
        order: e.source === 'genesis' ? 1_000 + precompileEvents.length : 100_000 + e.source,
      })
    }
  }
  events.push(...precompileEvents)
  ;(c.upgrades?.stateUpgrades ?? []).forEach((s, i) => {
    if (s.blockTimestamp === undefined) return
    const accounts = Object.values(s.accounts ?? {})
    const changes = [
      accounts.filter((a) => a.code !== undefined).length &&
        `code of ${count(accounts.filter((a) => a.code !== undefined).length, 'account')}`,
      accounts.filter((a) => a.storage !== undefined).length &&
        `storage of ${count(accounts.filter((a) => a.storage !== undefined).length, 'account')}`,
      accounts.filter((a) => a.balanceChange !== undefined).length &&
        `balance of ${count(accounts.filter((a) => a.balanceChange !== undefined).length, 'account')}`,
    ].filter(Boolean)
    events.push({
      timestamp: s.blockTimestamp,
      kind: 'stateUpgrade',
      name: 'stateUpgrade',
      action: 'apply',
      source: `upgrades.stateUpgrades[${i}]`,
      scheduled: true,
      description: `state upgrade of ${count(accounts.length, 'account')}${changes.length ? `: ${changes.join(', ')}` : ''}`,
      order: 1_000_000 + i,
    })
  })
  events.sort((a, b) => (a.timestamp < b.timestamp ? -1 : a.timestamp > b.timestamp ? 1 : a.order - b.order))
  return events.map(({ order: _order, ...e }) => e)
}
