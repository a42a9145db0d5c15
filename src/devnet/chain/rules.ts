/**
 * What is active at a timestamp (`extras.ChainConfig` rules): `eth_getActiveRulesAt`
 * and `eth_getActivePrecompilesAt` are pure functions of the chain spec and a time.
 */
import { goMap } from '../wire/goJson.js'
import type { ChainSpec } from '../config/chainSpec.js'
import { precompileModules, type PrecompileConfig, type PrecompileKey } from '../config/precompiles.js'

const forked = (ts: bigint | undefined, t: bigint) => ts !== undefined && ts <= t

/** GetActivePrecompileConfig: the latest config of `key` (genesis first, then upgrades) with timestamp ≤ t. */
export function activePrecompileConfig(spec: ChainSpec, key: PrecompileKey, t: bigint): PrecompileConfig | undefined {
  let active: PrecompileConfig | undefined
  for (const p of spec.genesisPrecompiles) if (p.key === key && forked(p.timestamp, t)) active = p
  for (const p of spec.upgrades.precompileUpgrades) if (p.key === key && forked(p.timestamp, t)) active = p
  return active
}

function enabledPrecompiles(spec: ChainSpec, t: bigint): [PrecompileKey, PrecompileConfig][] {
  const out: [PrecompileKey, PrecompileConfig][] = []
  for (const key of Object.keys(precompileModules) as PrecompileKey[]) {
    const c = activePrecompileConfig(spec, key, t)
    if (c && !c.disable) out.push([key, c])
  }
  return out
}

/** `eth_getActivePrecompilesAt`: key → the full config in force. */
export function activePrecompilesJson(spec: ChainSpec, t: bigint) {
  return goMap(enabledPrecompiles(spec, t).map(([k, c]) => [k, c.json] as const))
}

/** `eth_getActiveRulesAt`, computed as `Rules(0, true, t)` (spec §4.4). */
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
    avalancheRules: {
      IsSubnetEVM: forked(nu.subnetEVMTimestamp, t),
      IsDurango: forked(nu.durangoTimestamp, t),
      IsEtna: forked(nu.etnaTimestamp, t),
      IsFortuna: forked(nu.fortunaTimestamp, t),
      IsGranite: forked(nu.graniteTimestamp, t),
      IsHelicon: forked(nu.heliconTimestamp, t),
    },
    precompiles: goMap(enabledPrecompiles(spec, t).map(([k, c]) => [k, { timestamp: c.timestamp }] as const)),
  }
}
