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
 * import { activeRulesAt, type ChainConfig } from 'subnet-rpc'
 *
 * // Usually `await client.getChainConfig()`; any decoded chain config works offline.
 * const chainConfig: ChainConfig = {
 *   chainId: 99999n,
 *   feeConfig: { gasLimit: 8_000_000n, targetBlockRate: 2n, minBaseFee: 25_000_000_000n, targetGas: 15_000_000n, baseFeeChangeDenominator: 36n, minBlockGasCost: 0n, maxBlockGasCost: 1_000_000n, blockGasCostStep: 200_000n },
 *   londonBlock: 0n,
 *   durangoTimestamp: 1_607_144_400n,
 *   upgrades: { precompileUpgrades: [{ feeManagerConfig: { adminAddresses: ['0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'], blockTimestamp: 1_767_225_600n } }] },
 * }
 * const { avalancheRules, precompiles } = activeRulesAt(chainConfig, 1_767_225_600n)
 * console.log(avalancheRules.IsDurango, precompiles.feeManagerConfig?.timestamp) // true 1767225600n
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
