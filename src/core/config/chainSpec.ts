/**
 * The L1's chain config as a running subnet-evm node holds it: the genesis `config`
 * after `SetDefaults`, `upgrade.json` overrides and `SetEthUpgrades`, verified with the
 * node's rules (`params/extras`), and written exactly as `eth_getChainConfig` writes it.
 */
import { type ConfigPrecompileKey, feeConfigKeys, networkUpgradeKeys } from '../names.js'
import { defaultFeeConfig, feeConfigJson, readFeeConfig, verifyFeeConfig } from './feeConfig.js'
import { type EthForkBlockKey, ethForkBlockKeys, ethForkTimeKeys } from './forkOrder.js'
import { networkUpgradeDefaults, type UpgradeTimes } from './networkUpgrades.js'
import { readPrecompileConfig, readPrecompileUpgrade, registeredPrecompileKeys } from './precompiles.js'
import {
  at,
  fail,
  hexOrDecimal256Text,
  isObject,
  readAddress,
  readArray,
  readBigInt,
  readBool,
  readHexOrDecimal256,
  readObject,
  readUint64,
  type Where,
} from './read.js'
import type { ChainSpec, FeeConfigSpec, NetworkUpgrades, PrecompileConfig, StateUpgradeSpec, UpgradeFile } from './types.js'
import { unscheduledTimestamp } from './upgrades.js'
import {
  verifyGenesisPrecompiles,
  verifyInitialMinDelay,
  verifyNetworkUpgrades,
  verifyPrecompileUpgrades,
  verifyStateUpgrades,
} from './verify.js'

export type { ChainSpec, StateUpgradeSpec, UpgradeFile }

/** The geth fields of the genesis `config`: libevm `CheckConfigForkOrder`'s fork blocks and times, and the rest. */
const ethBlockKeys = [...ethForkBlockKeys, 'terminalTotalDifficulty'] as const
const ethTimeKeys = ethForkTimeKeys
const ethBoolKeys = ['daoForkSupport', 'terminalTotalDifficultyPassed'] as const
/** `SetEthUpgrades` (`params/config_extra.go`) fills these with 0 when the genesis leaves them unset. */
const filledBlockKeys: readonly EthForkBlockKey[] = [
  'homesteadBlock',
  'eip150Block',
  'eip155Block',
  'eip158Block',
  'byzantiumBlock',
  'constantinopleBlock',
  'petersburgBlock',
  'istanbulBlock',
  'muirGlacierBlock',
  'berlinBlock',
  'londonBlock',
]

function readNetworkUpgrades(o: Record<string, unknown>, w: Where): NetworkUpgrades {
  const out: NetworkUpgrades = {}
  for (const key of networkUpgradeKeys) {
    const v = o[key]
    if (v !== undefined && v !== null) out[key] = readUint64(v, at(w, key))
  }
  return out
}

/**
 * Reads the genesis `config` object of a subnet-evm genesis. `schedule` is the network's
 * upgrade times as a node has them (`info.upgrades`); without it, the built-in tables.
 */
/** `registered`: internal, the precompile keys taken as registered (default `registeredPrecompileKeys`). */
export function readGenesisConfig(
  config: unknown,
  networkID: number,
  w: Where,
  schedule?: UpgradeTimes,
  registered: readonly ConfigPrecompileKey[] = registeredPrecompileKeys,
): Omit<ChainSpec, 'upgrades'> {
  const c = readObject(config, w)
  if (c.chainId === undefined || c.chainId === null) fail(at(w, 'chainId'), 'chainId is required')
  const chainId = readBigInt(c.chainId, at(w, 'chainId'))

  let feeConfig: FeeConfigSpec = c.feeConfig === undefined || c.feeConfig === null ? {} : readFeeConfig(c.feeConfig, at(w, 'feeConfig'))
  // An entirely empty fee config means "use the default"; a partial one is not merged.
  if (feeConfigKeys.every((k) => feeConfig[k] === undefined || (k === 'targetBlockRate' && feeConfig[k] === 0n)))
    feeConfig = { ...defaultFeeConfig }

  const eth: Record<string, unknown> = {}
  for (const key of ethBlockKeys) if (c[key] !== undefined && c[key] !== null) eth[key] = readBigInt(c[key], at(w, key))
  for (const key of ethTimeKeys) if (c[key] !== undefined && c[key] !== null) eth[key] = readUint64(c[key], at(w, key))
  for (const key of ethBoolKeys) if (c[key] !== undefined && c[key] !== null && readBool(c[key], at(w, key))) eth[key] = true
  if (isObject(c.ethash)) eth.ethash = {}
  if (isObject(c.clique)) {
    const cl = c.clique
    eth.clique = {
      period: readUint64(cl.period ?? 0, at(at(w, 'clique'), 'period')),
      epoch: readUint64(cl.epoch ?? 0, at(at(w, 'clique'), 'epoch')),
    }
  }

  // SetDefaults: nil or 0 takes the network's time (Fortuna has none, so 0 drops it).
  const given = readNetworkUpgrades(c, w)
  const defaults = networkUpgradeDefaults(networkID, schedule)
  const networkUpgrades: NetworkUpgrades = {}
  for (const key of networkUpgradeKeys) {
    const v = given[key]
    const chosen = v === undefined || v === 0n ? defaults[key] : v
    if (chosen !== undefined) networkUpgrades[key] = chosen
  }

  // `Precompiles.UnmarshalJSON` (`params/extras/precompiles.go`): each registered key present,
  // in registry order; `null` unmarshals into an empty config (nil timestamp), as Go does. Other keys
  // (a pending precompile's among them, see ignoredGenesisPrecompiles) are ignored.
  const genesisPrecompiles: PrecompileConfig[] = []
  for (const key of registered) {
    if (c[key] === undefined) continue
    genesisPrecompiles.push(readPrecompileConfig(key, c[key] === null ? {} : c[key], at(w, key)))
  }
  const spec: Omit<ChainSpec, 'upgrades'> = {
    networkID,
    chainId,
    feeConfig,
    allowFeeRecipients:
      c.allowFeeRecipients === undefined || c.allowFeeRecipients === null
        ? false
        : readBool(c.allowFeeRecipients, at(w, 'allowFeeRecipients')),
    networkUpgrades,
    upgradeDefaults: defaults,
    eth,
    genesisPrecompiles,
  }
  if (c.initialMinDelayMS !== undefined && c.initialMinDelayMS !== null)
    spec.initialMinDelayMS = readUint64(c.initialMinDelayMS, at(w, 'initialMinDelayMS'))
  return spec
}

/** An `extras.StateUpgrade` (`params/extras/state_upgrade.go`) and the JSON the node writes for it. */
function readStateUpgrade(v: unknown, w: Where): StateUpgradeSpec {
  const o = readObject(v, w)
  const timestamp =
    o.blockTimestamp === undefined || o.blockTimestamp === null ? undefined : readUint64(o.blockTimestamp, at(w, 'blockTimestamp'))
  const json: Record<string, unknown> = {}
  if (timestamp !== undefined) json.blockTimestamp = timestamp
  // `accounts` has no omitempty: a nil map (absent or null in the file) is written as null.
  if (o.accounts === undefined || o.accounts === null) {
    json.accounts = null
    return { timestamp, json }
  }
  const accounts = readObject(o.accounts, at(w, 'accounts'))
  const entries = Object.keys(accounts).map((addr) => {
    const aw = at(at(w, 'accounts'), addr)
    const a = readObject(accounts[addr], aw)
    const acc: Record<string, unknown> = {}
    if (a.code !== undefined && a.code !== null && a.code !== '0x' && a.code !== '') {
      if (typeof a.code !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(a.code)) fail(at(aw, 'code'), 'expected 0x-prefixed hex bytes')
      acc.code = a.code.toLowerCase()
    }
    if (a.storage !== undefined && a.storage !== null) {
      const st = readObject(a.storage, at(aw, 'storage'))
      const slots = Object.keys(st).map((k) => [hash32(k, at(at(aw, 'storage'), k)), hash32(st[k], at(at(aw, 'storage'), k))] as const)
      slots.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
      if (slots.length > 0) acc.storage = new Map(slots)
    }
    // *math.HexOrDecimal256, omitempty: any sign (a negative change subtracts), written with %#x.
    if (a.balanceChange !== undefined && a.balanceChange !== null)
      acc.balanceChange = hexOrDecimal256Text(readHexOrDecimal256(a.balanceChange, at(aw, 'balanceChange')))
    return [readAddress(addr, aw), acc] as const
  })
  entries.sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0))
  json.accounts = new Map(entries)
  return { timestamp, json }
}

/** A `common.Hash` (`common/types.go`, `hexutil.UnmarshalFixedText`): 0x and exactly 64 hex digits; written lower-case. */
function hash32(v: unknown, w: Where): string {
  if (typeof v !== 'string' || !/^0[xX][0-9a-fA-F]{64}$/.test(v))
    fail(w, `expected a 32-byte hash (0x and 64 hex digits), got ${JSON.stringify(v)}`)
  return `0x${v.slice(2).toLowerCase()}`
}

/**
 * Reads `upgrade.json` (`extras.UpgradeConfig`); unknown keys are ignored, as the node does.
 * `registered`: internal, the precompile keys taken as registered (default `registeredPrecompileKeys`).
 */
export function readUpgradeFile(v: unknown, w: Where, registered: readonly ConfigPrecompileKey[] = registeredPrecompileKeys): UpgradeFile {
  const o = readObject(v, w)
  const out: UpgradeFile = { stateUpgrades: [], precompileUpgrades: [] }
  if (o.networkUpgradeOverrides !== undefined && o.networkUpgradeOverrides !== null)
    out.networkUpgradeOverrides = readNetworkUpgrades(
      readObject(o.networkUpgradeOverrides, at(w, 'networkUpgradeOverrides')),
      at(w, 'networkUpgradeOverrides'),
    )
  if (o.stateUpgrades !== undefined && o.stateUpgrades !== null)
    out.stateUpgrades = readArray(o.stateUpgrades, at(w, 'stateUpgrades')).map((s, i) => readStateUpgrade(s, at(at(w, 'stateUpgrades'), i)))
  if (o.precompileUpgrades !== undefined && o.precompileUpgrades !== null)
    out.precompileUpgrades = readArray(o.precompileUpgrades, at(w, 'precompileUpgrades')).map((p, i) =>
      readPrecompileUpgrade(p, at(at(w, 'precompileUpgrades'), i), registered),
    )
  return out
}

/** Combines genesis and upgrade file as the node does at start, and verifies the result. */
export function buildChainSpec(
  genesis: Omit<ChainSpec, 'upgrades'>,
  upgrades: UpgradeFile,
  files: { genesis: string; upgrade: string },
): ChainSpec {
  const networkUpgrades = { ...genesis.networkUpgrades }
  for (const key of networkUpgradeKeys) {
    const v = upgrades.networkUpgradeOverrides?.[key]
    if (v !== undefined) networkUpgrades[key] = v
  }
  const eth = { ...genesis.eth }
  for (const key of filledBlockKeys) eth[key] ??= 0n
  // SetEthUpgrades: Shanghai and Cancun follow Durango and Etna when those are scheduled.
  const sched = (v: bigint | undefined) => v !== undefined && v < BigInt(unscheduledTimestamp)
  if (sched(networkUpgrades.durangoTimestamp)) eth.shanghaiTime = networkUpgrades.durangoTimestamp
  if (sched(networkUpgrades.etnaTimestamp)) eth.cancunTime = networkUpgrades.etnaTimestamp
  const spec: ChainSpec = { ...genesis, networkUpgrades, eth, upgrades }

  const genesisWhere = { file: files.genesis, path: 'config' }
  const feeProblem = verifyFeeConfig(spec.feeConfig)
  if (feeProblem) fail(at(genesisWhere, 'feeConfig'), `failed to verify genesis: invalid fee config: ${feeProblem}`)
  verifyGenesisPrecompiles(spec, genesisWhere)
  verifyPrecompileUpgrades(spec, { file: files.upgrade, path: 'precompileUpgrades' })
  verifyStateUpgrades(spec, { file: files.upgrade, path: 'stateUpgrades' })
  verifyNetworkUpgrades(spec, { file: files.upgrade, path: 'networkUpgradeOverrides' }, { file: files.genesis, path: 'config' })
  verifyInitialMinDelay(spec, genesisWhere)
  return spec
}

/** `eth_getChainConfig`: sorted top-level keys, then `upgrades` last and always present. */
export function chainConfigJson(spec: ChainSpec): Map<string, unknown> {
  const top: [string, unknown][] = [
    ['chainId', spec.chainId],
    ['feeConfig', feeConfigJson(spec.feeConfig)],
  ]
  for (const [k, v] of Object.entries(spec.eth)) top.push([k, v])
  for (const [k, v] of Object.entries(spec.networkUpgrades)) top.push([k, v])
  if (spec.allowFeeRecipients) top.push(['allowFeeRecipients', true])
  if (spec.initialMinDelayMS !== undefined && spec.initialMinDelayMS !== 0n) top.push(['initialMinDelayMS', spec.initialMinDelayMS])
  for (const p of spec.genesisPrecompiles) top.push([p.key, p.json])
  top.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
  const out = new Map(top)
  out.set('upgrades', upgradesJson(spec.upgrades))
  return out
}

function upgradesJson(u: UpgradeFile): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  if (u.networkUpgradeOverrides) {
    const o: Record<string, bigint> = {}
    for (const key of networkUpgradeKeys) if (u.networkUpgradeOverrides[key] !== undefined) o[key] = u.networkUpgradeOverrides[key]!
    out.networkUpgradeOverrides = o
  }
  if (u.stateUpgrades.length > 0) out.stateUpgrades = u.stateUpgrades.map((s) => s.json)
  if (u.precompileUpgrades.length > 0) out.precompileUpgrades = u.precompileUpgrades.map((p) => ({ [p.key]: p.json }))
  return out
}
