/**
 * Reading a decoded chain config (`eth_getChainConfig`, {@link ChainConfig}) the way the node
 * reads its own: the precompile configs of the genesis and of `upgrades.precompileUpgrades`,
 * in the order `GetActivatingPrecompileConfigs` (`params/extras/precompile_upgrade.go`) walks them.
 */
import { isPrecompileKey, precompileKeys } from '../names.js'
import type { ChainConfig } from '../types/subnet.js'

/** One precompile config of a chain config: where it is, its key and its activation. */
export type PrecompileEntry = {
  key: string
  /** `genesis` or the index in `upgrades.precompileUpgrades`. */
  source: 'genesis' | number
  timestamp: bigint | null
  disable: boolean
  config: Record<string, unknown>
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * The precompile keys of a chain config in `modules.RegisteredModules()` order (address order,
 * src/core/names.ts), then keys this version does not know (a newer node's modules: a top-level
 * object with a `blockTimestamp`, or any key of a precompile upgrade), sorted.
 */
export function precompileKeysOf(...configs: ChainConfig[]): string[] {
  const unknown = new Set<string>()
  for (const c of configs) {
    for (const [k, v] of Object.entries(c)) if (!isPrecompileKey(k) && isObject(v) && 'blockTimestamp' in v) unknown.add(k)
    for (const u of c.upgrades?.precompileUpgrades ?? []) for (const k of Object.keys(u)) if (!isPrecompileKey(k)) unknown.add(k)
  }
  return [...precompileKeys, ...[...unknown].sort()]
}

function entry(key: string, source: PrecompileEntry['source'], v: unknown): PrecompileEntry {
  const config = isObject(v) ? v : {}
  const ts = config.blockTimestamp
  return { key, source, timestamp: typeof ts === 'bigint' ? ts : null, disable: config.disable === true, config }
}

/** The genesis config of `key` (if any), then its upgrades in file order; `upgrades` replaces the config's own list. */
export function precompileEntries(c: ChainConfig, key: string, upgrades = c.upgrades?.precompileUpgrades ?? []): PrecompileEntry[] {
  const out: PrecompileEntry[] = []
  const genesis = (c as Record<string, unknown>)[key]
  if (genesis !== undefined) out.push(entry(key, 'genesis', genesis))
  upgrades.forEach((u, i) => {
    if (Object.hasOwn(u, key)) out.push(entry(key, i, (u as Record<string, unknown>)[key]))
  })
  return out
}

/** `isTimestampForked`: a nil time never forks. */
export const forked = (ts: bigint | null | undefined, t: bigint): boolean => ts !== undefined && ts !== null && ts <= t
