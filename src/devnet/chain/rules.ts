/**
 * What is active at a timestamp (`extras.ChainConfig` rules, `params/extras/precompile_upgrade.go`
 * and `network_upgrades.go`): `eth_getActiveRulesAt` and `eth_getActivePrecompilesAt`
 * (`internal/ethapi/api_extra.go`) are pure functions of the chain spec and a time.
 */
import { networkUpgradeKey, networkUpgradeNames, networkUpgradeRule, precompileKeys, type PrecompileKey } from '../../core/names.js'
import type { ChainSpec, PrecompileConfig } from '../config/types.js'
import { goMap } from '../wire/goJson.js'

const forked = (ts: bigint | undefined, t: bigint) => ts !== undefined && ts <= t

/** `GetActivePrecompileConfig`: the latest config of `key` (genesis first, then upgrades) with timestamp ≤ t. */
export function activePrecompileConfig(spec: ChainSpec, key: PrecompileKey, t: bigint): PrecompileConfig | undefined {
  let active: PrecompileConfig | undefined
  for (const p of spec.genesisPrecompiles) if (p.key === key && forked(p.timestamp, t)) active = p
  for (const p of spec.upgrades.precompileUpgrades) if (p.key === key && forked(p.timestamp, t)) active = p
  return active
}

function enabledPrecompiles(spec: ChainSpec, t: bigint): [PrecompileKey, PrecompileConfig][] {
  const out: [PrecompileKey, PrecompileConfig][] = []
  // `EnabledStatefulPrecompiles`: registered modules in registry order.
  for (const key of precompileKeys) {
    const c = activePrecompileConfig(spec, key, t)
    if (c && !c.disable) out.push([key, c])
  }
  return out
}

/** `eth_getActivePrecompilesAt`: key → the full config in force. */
export function activePrecompilesJson(spec: ChainSpec, t: bigint) {
  return goMap(enabledPrecompiles(spec, t).map(([k, c]) => [k, c.json] as const))
}

/**
 * `eth_getActiveRulesAt` (`GetActiveRulesAt`): libevm `ChainConfig.Rules(0, IsMergeTODO, t)`,
 * the extras' `GetAvalancheRules(t)`, and the enabled precompiles with their timestamps.
 */
export function activeRulesJson(spec: ChainSpec, t: bigint) {
  const block = (key: string) => {
    const v = spec.eth[key] as bigint | undefined
    return v !== undefined && v <= 0n
  }
  const time = (key: string) => forked(spec.eth[key] as bigint | undefined, t)
  const isMerge = block('londonBlock')
  const nu = spec.networkUpgrades
  return {
    ethRules: {
      ChainID: spec.chainId,
      IsHomestead: block('homesteadBlock'),
      IsEIP150: block('eip150Block'),
      IsEIP155: block('eip155Block'),
      IsEIP158: block('eip158Block'),
      IsByzantium: block('byzantiumBlock'),
      IsConstantinople: block('constantinopleBlock'),
      IsPetersburg: block('petersburgBlock'),
      IsIstanbul: block('istanbulBlock'),
      IsBerlin: block('berlinBlock'),
      IsLondon: block('londonBlock'),
      IsMerge: isMerge,
      IsShanghai: isMerge && time('shanghaiTime'),
      IsCancun: isMerge && time('cancunTime'),
      IsPrague: isMerge && time('pragueTime'),
      IsVerkle: isMerge && time('verkleTime'),
    },
    // `AvalancheRules`: one `Is<Name>` per network upgrade, in struct (activation) order.
    avalancheRules: Object.fromEntries(
      networkUpgradeNames.map((name) => [networkUpgradeRule(name), forked(nu[networkUpgradeKey(name)], t)]),
    ),
    precompiles: goMap(enabledPrecompiles(spec, t).map(([k, c]) => [k, { timestamp: c.timestamp }] as const)),
  }
}
