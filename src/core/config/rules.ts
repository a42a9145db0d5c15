/**
 * What is active at a timestamp (`extras.ChainConfig` rules, `params/extras/precompile_upgrade.go`
 * and `network_upgrades.go`): `eth_getActiveRulesAt` and `eth_getActivePrecompilesAt`
 * (`internal/ethapi/api_extra.go`) are pure functions of the chain config and a time.
 * `eth_getActiveRulesAt` is answered by core's `activeRulesAt` on the chain config exactly as
 * `eth_getChainConfig` serves it and our decoder reads it, so the devnet and the offline rules
 * are one implementation.
 */
import { parseJson } from '../json/parse.js'
import { getChainConfig } from '../methods/subnet.js'
import { precompileKeys, type PrecompileKey } from '../names.js'
import { activeRulesAt } from '../rules/active.js'
import type { ChainConfig } from '../types/subnet.js'
import { chainConfigJson } from './chainSpec.js'
import type { ChainSpec, PrecompileConfig } from './types.js'
import { goJson, goMap } from '../json/goJson.js'

const forked = (ts: bigint | undefined, t: bigint) => ts !== undefined && ts <= t

const decoded = new WeakMap<ChainSpec, ChainConfig>()

/** The chain config of `spec` as a client decodes the devnet's `eth_getChainConfig` reply. */
export function chainConfigOf(spec: ChainSpec): ChainConfig {
  let c = decoded.get(spec)
  if (!c) {
    c = getChainConfig.decode(parseJson(goJson(chainConfigJson(spec))))
    decoded.set(spec, c)
  }
  return c
}

/** `GetActivePrecompileConfig`: the latest config of `key` (genesis first, then upgrades) with timestamp ≤ t. */
export function activePrecompileConfig(spec: ChainSpec, key: PrecompileKey, t: bigint): PrecompileConfig | undefined {
  let active: PrecompileConfig | undefined
  for (const p of spec.genesisPrecompiles) if (p.key === key && forked(p.timestamp, t)) active = p
  for (const p of spec.upgrades.precompileUpgrades) if (p.key === key && forked(p.timestamp, t)) active = p
  return active
}

/** `eth_getActivePrecompilesAt`: key → the full config in force (`EnabledStatefulPrecompiles`, registry order). */
export function activePrecompilesJson(spec: ChainSpec, t: bigint) {
  const out: [PrecompileKey, PrecompileConfig][] = []
  for (const key of precompileKeys) {
    const c = activePrecompileConfig(spec, key, t)
    if (c && !c.disable) out.push([key, c])
  }
  return goMap(out.map(([k, c]) => [k, c.json] as const))
}

/**
 * `eth_getActiveRulesAt` (`GetActiveRulesAt`) as the node writes it: `params.Rules` and
 * `AvalancheRules` in struct order, the precompiles a Go map (sorted keys).
 */
export function activeRulesJson(spec: ChainSpec, t: bigint) {
  const rules = activeRulesAt(chainConfigOf(spec), t)
  return { ...rules, precompiles: goMap(Object.entries(rules.precompiles)) }
}
