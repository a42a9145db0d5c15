/**
 * The node's start-up checks of a chain config (`params/extras/config.go` `Verify`,
 * `precompile_upgrade.go`, `state_upgrade.go`, `network_upgrades.go` and each module's
 * `Verify`; avalanchego v1.14.1+ texts). Each failure names the file and entry, then gives
 * the node's own message.
 */
import { keccak_256 } from '@noble/hashes/sha3'
import { delayOf, initialDelayExcess } from '../acp226.js'
import { networkUpgradeKey, networkUpgradeKeys, networkUpgradeNames, type NetworkUpgradeKey } from '../names.js'
import { verifyFeeConfig } from './feeConfig.js'
import { verifyGasPriceConfig } from './gasPriceConfig.js'
import { checkForks, ethForkOrder } from './forkOrder.js'
import { networkUpgradeDefaults } from './networkUpgrades.js'
import { at, fail, type Where } from './read.js'
import type { ChainSpec, PrecompileConfig } from './types.js'
import { unscheduledTimestamp } from './upgrades.js'

const prefix = 'failed to verify genesis: '
const initiallyActive = 1_607_144_400n

const forked = (ts: bigint | undefined, t: bigint) => ts !== undefined && ts <= t

/**
 * EIP-55 checksum, as Go prints a common.Address with %s (the node's error texts name addresses so).
 *
 * @example
 * import { checksumAddress } from 'subnet-rpc/internal'
 * checksumAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266') // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 */
export function checksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase()
  const hash = keccak_256(new TextEncoder().encode(lower))
  let out = '0x'
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 0xf
    out += nibble >= 8 ? lower[i]!.toUpperCase() : lower[i]
  }
  return out
}

/** A module's own `Verify` (`precompile/contracts/<module>/config.go`, `allowlist.AllowListConfig.Verify`); the message or undefined. */
export function verifyPrecompileConfig(spec: ChainSpec, p: PrecompileConfig): string | undefined {
  const j = p.json
  const list = (k: string) => (j[k] as string[] | undefined) ?? []
  // nativeminter.Config.Verify: every amount non-nil and positive, before the allow list.
  for (const [addr, amount] of p.initialMint ?? []) {
    if (amount === null) return `initial mint cannot contain nil amount for address ${checksumAddress(addr)}`
    if (amount <= 0n) return `initial mint cannot contain invalid amount: amount ${amount} for address ${checksumAddress(addr)}`
  }
  if (p.key === 'rewardManagerConfig' && j.initialRewardConfig) {
    const r = j.initialRewardConfig as { allowFeeRecipients: boolean; rewardAddress: string }
    if (r.allowFeeRecipients && BigInt(r.rewardAddress) !== 0n)
      return 'cannot enable both fee recipients and reward address at the same time'
  }
  if (p.key === 'warpConfig') {
    if (p.timestamp !== undefined && !forked(spec.networkUpgrades.durangoTimestamp, p.timestamp))
      return 'warp cannot be activated before Durango'
    const q = j.quorumNumerator as bigint
    if (q > 100n) return `invalid warp quorum ratio: cannot specify numerator (${q}) > denominator (100)`
    if (q !== 0n && q < 33n) return `invalid warp quorum ratio: cannot specify numerator (${q}) < min numerator (33)`
    return undefined
  }
  // Allow list.
  const enabled = new Set<string>()
  for (const a of list('enabledAddresses')) {
    if (enabled.has(a)) return `duplicate address in enabled list: ${checksumAddress(a)}`
    enabled.add(a)
  }
  const admins = new Set<string>()
  for (const a of list('adminAddresses')) {
    if (admins.has(a)) return `duplicate address in admin list: ${checksumAddress(a)}`
    if (enabled.has(a)) return `cannot set address as both admin and enabled: ${checksumAddress(a)}`
    admins.add(a)
  }
  const managers = list('managerAddresses')
  if (managers.length > 0 && p.timestamp !== undefined && !forked(spec.networkUpgrades.durangoTimestamp, p.timestamp))
    return 'cannot add managers before Durango'
  const seen = new Set<string>()
  for (const a of managers) {
    if (seen.has(a)) return `duplicate address in manager list: ${checksumAddress(a)}`
    if (admins.has(a)) return `cannot set address as both admin and manager: ${checksumAddress(a)}`
    if (enabled.has(a)) return `cannot set address as both enabled and manager: ${checksumAddress(a)}`
    seen.add(a)
  }
  if (p.key === 'feeManagerConfig' && p.initialFeeConfig) return verifyFeeConfig(p.initialFeeConfig)
  // gaspricemanager.Config.Verify: the allow list, then commontype.GasPriceConfig.Verify when given.
  if (p.key === 'gasPriceManagerConfig' && p.initialGasPriceConfig) return verifyGasPriceConfig(p.initialGasPriceConfig)
  return undefined
}

export function verifyGenesisPrecompiles(spec: ChainSpec, w: Where) {
  for (const p of spec.genesisPrecompiles) {
    const problem = verifyPrecompileConfig(spec, p)
    if (problem) fail(at(w, p.key), `${prefix}invalid precompile upgrades: ${problem}`)
  }
}

/** verifyPrecompileUpgrades: timestamps, per-key alternation and strict increase. */
export function verifyPrecompileUpgrades(spec: ChainSpec, w: Where) {
  const last = new Map<string, { ts: bigint; disabled: boolean }>()
  for (const p of spec.genesisPrecompiles) if (p.timestamp !== undefined) last.set(p.key, { ts: p.timestamp, disabled: false })
  let previous: bigint | undefined
  spec.upgrades.precompileUpgrades.forEach((u, i) => {
    const where = at(w, i)
    const bad = (message: string): never => fail(where, `${prefix}invalid precompile upgrades: ${message}`)
    const prior = last.get(u.key)
    const disabled = prior ? prior.disabled : true
    const ts = u.timestamp
    if (ts === undefined) bad(`precompile upgrade block timestamp cannot be nil: PrecompileUpgrade (${u.key}) at [${i}]`)
    const t = ts as bigint
    if (previous !== undefined && t < previous)
      bad(
        `precompile upgrade config block timestamp must be greater than or equal to previous timestamp: PrecompileUpgrade (${u.key}) at [${i}] has timestamp ${t}, previous timestamp ${previous}`,
      )
    if (disabled === u.disable)
      bad(`precompile upgrade disable value is invalid: PrecompileUpgrade (${u.key}) at [${i}], disable should be ${!disabled}`)
    if (prior && t <= prior.ts)
      bad(
        `precompile upgrade config block timestamp for same key must be strictly greater than previous timestamp: PrecompileUpgrade (${u.key}) at [${i}] has timestamp ${t}, previous timestamp of same key ${prior.ts}`,
      )
    const problem = verifyPrecompileConfig(spec, u)
    if (problem) bad(problem)
    last.set(u.key, { ts: t, disabled: u.disable })
    previous = t
  })
}

export function verifyStateUpgrades(spec: ChainSpec, w: Where) {
  let previous: bigint | undefined
  spec.upgrades.stateUpgrades.forEach((s, i) => {
    const bad = (message: string): never => fail(at(w, i), `${prefix}invalid state upgrades: ${message}`)
    if (s.timestamp === undefined) bad(`state upgrade config block timestamp cannot be nil: StateUpgrade[${i}]`)
    const t = s.timestamp as bigint
    if (t === 0n) bad(`state upgrade config block timestamp must be greater than 0: StateUpgrade[${i}] has timestamp ${t}`)
    if (previous !== undefined && t <= previous)
      bad(
        `state upgrade config block timestamp must be greater than previous timestamp: StateUpgrade[${i}] has timestamp ${t}, previous timestamp ${previous}`,
      )
    previous = t
  })
}

/**
 * `verifyNetworkUpgrades` against the network's defaults (`params/extras/network_upgrades.go`, in `Verify`), then
 * the fork order the node checks when it sets up the genesis block, after `SetEthUpgrades` (see `checkConfigForkOrder`).
 */
export function verifyNetworkUpgrades(spec: ChainSpec, overridesWhere: Where, genesisWhere: Where) {
  const defaults = spec.upgradeDefaults ?? networkUpgradeDefaults(spec.networkID)
  const whereOf = upgradeWhere(spec, overridesWhere, genesisWhere)
  for (const name of networkUpgradeNames) {
    const key = networkUpgradeKey(name)
    const def = defaults[key]
    const cfg = spec.networkUpgrades[key]
    if (def === undefined) continue
    let problem: string | undefined
    if (cfg === undefined) problem = def >= BigInt(unscheduledTimestamp) ? undefined : 'timestamp cannot be nil'
    else if (cfg === 0n && def <= initiallyActive) problem = undefined
    else if (cfg < def)
      problem = `provided timestamp must be greater than or equal to the default timestamp: provided timestamp ${cfg}, default timestamp ${def}`
    if (problem) fail(whereOf(key), `${prefix}invalid network upgrades: ${name} fork block timestamp is invalid: ${problem}`)
  }
  checkConfigForkOrder(spec, overridesWhere, genesisWhere)
}

/** `ChainConfig.Verify`'s last check: a genesis may seed the ACP-226 delay with at most `InitialDelayExcess`'s 2,000 ms. */
export function verifyInitialMinDelay(spec: ChainSpec, genesisWhere: Where) {
  const max = delayOf(initialDelayExcess)
  if (spec.initialMinDelayMS !== undefined && spec.initialMinDelayMS > max)
    fail(at(genesisWhere, 'initialMinDelayMS'), `${prefix}initialMinDelayMS too large: ${spec.initialMinDelayMS} exceeds ${max}`)
}

/** Where a network upgrade's time comes from: `upgrade.json`'s override, else the genesis. */
const upgradeWhere = (spec: ChainSpec, overridesWhere: Where, genesisWhere: Where) => (key: NetworkUpgradeKey) =>
  spec.upgrades.networkUpgradeOverrides?.[key] !== undefined ? at(overridesWhere, key) : at(genesisWhere, key)

/**
 * `ChainConfig.CheckConfigForkOrder` (`core/genesis.go` `SetupGenesisBlock` / `Genesis.Commit`), unwrapped, on
 * the config after `SetEthUpgrades`: libevm's `params/config.go` loop over go-ethereum's forks first, then its
 * hook, subnet-evm's `params/extras/config.go` `checkForks(forkOrder())` over the network upgrades (Fortuna the
 * optional one). The second prints `*uint64` pointers where this writes the times, so only its shape matches.
 */
export function checkConfigForkOrder(spec: ChainSpec, overridesWhere: Where, genesisWhere: Where) {
  const whereOf = upgradeWhere(spec, overridesWhere, genesisWhere)
  const scheduled = (v: bigint | undefined) => v !== undefined && v < BigInt(unscheduledTimestamp)
  // Shanghai and Cancun follow Durango and Etna when those are scheduled (`SetEthUpgrades`): point at their source.
  const source: Record<string, NetworkUpgradeKey | undefined> = {
    shanghaiTime: scheduled(spec.networkUpgrades.durangoTimestamp) ? 'durangoTimestamp' : undefined,
    cancunTime: scheduled(spec.networkUpgrades.etnaTimestamp) ? 'etnaTimestamp' : undefined,
  }
  const eth = checkForks(ethForkOrder(spec.eth))
  if (eth) {
    const from = source[eth.fork]
    fail(from ? whereOf(from) : at(genesisWhere, eth.fork), eth.message)
  }
  const avalanche = checkForks(
    networkUpgradeKeys.map((key) => ({ name: key, timestamp: spec.networkUpgrades[key], optional: key === 'fortunaTimestamp' })),
  )
  if (avalanche) fail(whereOf(avalanche.fork as NetworkUpgradeKey), avalanche.message)
}
