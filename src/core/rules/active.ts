/**
 * What a node's `eth_getActiveRulesAt` answers for a chain config and a time, computed offline
 * (`GetActiveRulesAt`, `internal/ethapi/api_extra.go`): libevm's `ChainConfig.Rules(0,
 * IsMergeTODO, t)` (`params/config.go`), the extras' `GetAvalancheRules(t)`
 * (`params/extras/network_upgrades.go`) and `EnabledStatefulPrecompiles(t)`
 * (`params/extras/precompile_upgrade.go`).
 */
import { networkUpgradeKey, networkUpgradeNames, networkUpgradeRule } from '../names.js'
import type { ActiveRules, AvalancheRules, ChainConfig } from '../types/subnet.js'
import { forked, precompileEntries, precompileKeysOf } from './configs.js'

/** `isBlockForked(s, 0)`: the rules are asked for block 0. */
const atBlockZero = (b: bigint | undefined) => b !== undefined && b <= 0n

/**
 * The rules and precompiles active at `timestamp` (unix seconds), exactly as a node running
 * `chainConfig` answers `eth_getActiveRulesAt` (and as our decoders return that answer).
 *
 * @example
 * import { activeRulesAt } from 'subnet-rpc'
 *
 * declare const chainConfig: import('subnet-rpc').ChainConfig // from getChainConfig()
 * const { avalancheRules, precompiles } = activeRulesAt(chainConfig, 1_767_225_600n)
 * console.log(avalancheRules.IsGranite, 'feeManagerConfig' in precompiles)
 */
export function activeRulesAt(chainConfig: ChainConfig, timestamp: bigint): ActiveRules {
  const c = chainConfig
  const t = timestamp
  const london = atBlockZero(c.londonBlock)
  // `IsMergeTODO` is true; `Rules` keeps it only once London is active.
  const isMerge = london
  const avalancheRules = Object.fromEntries(
    networkUpgradeNames.map((name) => [networkUpgradeRule(name), forked(c[networkUpgradeKey(name)], t)]),
  ) as AvalancheRules
  const precompiles: ActiveRules['precompiles'] = {}
  // `EnabledStatefulPrecompiles`: the latest config of each module activated by t, unless it disables.
  for (const key of precompileKeysOf(c)) {
    const active = precompileEntries(c, key).filter((e) => forked(e.timestamp, t))
    const last = active.at(-1)
    if (last && !last.disable && last.timestamp !== null) precompiles[key] = { timestamp: last.timestamp }
  }
  return {
    ethRules: {
      ChainID: c.chainId,
      IsHomestead: atBlockZero(c.homesteadBlock),
      IsEIP150: atBlockZero(c.eip150Block),
      IsEIP155: atBlockZero(c.eip155Block),
      IsEIP158: atBlockZero(c.eip158Block),
      IsByzantium: atBlockZero(c.byzantiumBlock),
      IsConstantinople: atBlockZero(c.constantinopleBlock),
      // `IsPetersburg`: Constantinople stands in when Petersburg is nil.
      IsPetersburg: atBlockZero(c.petersburgBlock) || (c.petersburgBlock === undefined && atBlockZero(c.constantinopleBlock)),
      IsIstanbul: atBlockZero(c.istanbulBlock),
      IsBerlin: atBlockZero(c.berlinBlock),
      IsLondon: london,
      IsMerge: isMerge,
      IsShanghai: isMerge && forked(c.shanghaiTime, t),
      IsCancun: isMerge && forked(c.cancunTime, t),
      IsPrague: isMerge && forked(c.pragueTime, t),
      IsVerkle: isMerge && forked(c.verkleTime, t),
    },
    avalancheRules,
    precompiles,
  }
}
