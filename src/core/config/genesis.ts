/**
 * Loads the files a subnet-evm node starts from: `genesis.json` (with its `config`
 * and `alloc`) and `upgrade.json`, from paths or objects, with the node's checks.
 */
import { parseJson } from '../json/parse.js'
import { buildChainSpec, readGenesisConfig, readUpgradeFile } from './chainSpec.js'
import { ChainConfigError } from '../../errors/config.js'
import { at, fail, isObject, readHexOrDecimal256, readObject, type Where } from './read.js'
import type { ChainSpec, UpgradeFile } from './types.js'
import type { UpgradeTimes } from './networkUpgrades.js'
import { ignoredGenesisPrecompiles, registeredPrecompileKeys } from './precompiles.js'
import { pendingPrecompiles, type ConfigPrecompileKey } from '../names.js'
import { sourceRelease } from './upgrades.js'

export type AllocEntry = { address: `0x${string}`; balance: bigint; code?: string; storage?: [string, string][]; nonce?: bigint }

export type ChainFiles = {
  spec: ChainSpec
  alloc: AllocEntry[]
  genesisTimestamp: bigint
  gasLimit: bigint
  /** What a node accepts but does not act on, as `<file>: <entry>: <why>` (a pending precompile in the genesis). */
  warnings: string[]
}

/** A file path, JSON text, or an already parsed object. */
export type JsonSource = string | Record<string, unknown>

/**
 * Reads a file by path in Node. The module is loaded only when a path is given, so that this entry stays
 * importable in a browser, where a genesis is passed as text or as an object.
 */
function readFile(path: string): string {
  const fs = globalThis.process?.getBuiltinModule?.('node:fs')
  if (!fs) throw new ChainConfigError(`${path}: reading a file needs Node; pass the file's JSON text or object instead`)
  return fs.readFileSync(path, 'utf8')
}

function load(source: JsonSource, name: string): { value: unknown; file: string } {
  if (typeof source !== 'string') return { value: source, file: name }
  const text = source.trimStart().startsWith('{') ? source : readFile(source)
  const file = source.trimStart().startsWith('{') ? name : source
  // The node skips an empty upgrade file (`len(upgradeBytes) > 0`).
  if (text.length === 0 && name === 'upgrade.json') return { value: {}, file }
  try {
    return { value: parseJson(text), file }
  } catch (e) {
    throw new ChainConfigError(`${file}: not valid JSON: ${(e as Error).message}`)
  }
}

/** `math.HexOrDecimal64` (`common/math/integer.go`, `ParseUint64`): no sign, at most 64 bits. */
function readHexOrDecimal64(v: unknown, w: Where): bigint {
  const n = readHexOrDecimal256(v, w)
  if (n < 0n || n >= 1n << 64n || (typeof v === 'string' && /[+-]/.test(v)))
    fail(w, `invalid hex or decimal integer ${JSON.stringify(String(v))}`)
  return n
}

function readAlloc(v: unknown, w: Where): AllocEntry[] {
  const o = readObject(v, w)
  return Object.keys(o).map((key) => {
    const aw = at(w, key)
    const address = (key.startsWith('0x') || key.startsWith('0X') ? key : `0x${key}`).toLowerCase()
    if (!/^0x[0-9a-f]{40}$/.test(address)) fail(aw, 'expected a 20-byte hex address as the key')
    const acc = readObject(o[key], aw)
    if (acc.balance === undefined) fail(at(aw, 'balance'), "missing required field 'balance' for GenesisAccount")
    // `uint256.MustFromBig` in `Genesis.toBlock` (`core/genesis.go`; holiman/uint256 v1.2.4 `SetFromBig`)
    // takes a negative balance as its two's complement.
    const balance = readHexOrDecimal256(acc.balance, at(aw, 'balance'))
    const entry: AllocEntry = { address: address as `0x${string}`, balance: balance < 0n ? (1n << 256n) + balance : balance }
    if (typeof acc.code === 'string' && acc.code !== '0x' && acc.code !== '') entry.code = acc.code
    if (acc.nonce !== undefined) entry.nonce = readHexOrDecimal64(acc.nonce, at(aw, 'nonce'))
    if (acc.storage !== undefined && acc.storage !== null) {
      const st = readObject(acc.storage, at(aw, 'storage'))
      entry.storage = Object.entries(st).map(([k, val]) => [k, String(val)])
    }
    return entry
  })
}

/**
 * Reads genesis and upgrade files as the node does at start and verifies them. `schedule`: the
 * network's upgrade times as a node reports them (`info.upgrades`); the built-in tables without it.
 * @throws ChainConfigError naming the file and entry, with the node's message.
 */
export function loadChainFiles(
  genesisSource: JsonSource,
  upgradeSource: JsonSource | undefined,
  networkID: number,
  schedule?: UpgradeTimes,
  /** @internal The precompile keys taken as registered (default `registeredPrecompileKeys`). */
  registered: readonly ConfigPrecompileKey[] = registeredPrecompileKeys,
): ChainFiles {
  const g = load(genesisSource, 'genesis')
  const w: Where = { file: g.file, path: '' }
  const genesis = readObject(g.value, w)
  for (const field of ['gasLimit', 'difficulty', 'alloc'] as const)
    if (genesis[field] === undefined || genesis[field] === null) fail(w, `parsing genesis: missing required field '${field}' for Genesis`)
  const gasLimit = readHexOrDecimal64(genesis.gasLimit, at(w, 'gasLimit'))
  const genesisTimestamp = genesis.timestamp === undefined ? 0n : readHexOrDecimal64(genesis.timestamp, at(w, 'timestamp'))
  const config =
    genesis.config === undefined || genesis.config === null
      ? {
          chainId: 43214n,
          feeConfig: {},
          durangoTimestamp: 1_709_740_800n,
          etnaTimestamp: 1_734_368_400n,
          graniteTimestamp: 1_763_568_000n,
        }
      : genesis.config
  const base = readGenesisConfig(config, networkID, at(w, 'config'), schedule, registered)
  const warnings = isObject(config)
    ? ignoredGenesisPrecompiles(config, registered).map(
        (key) =>
          `${g.file}: config.${key}: ignored: avalanchego ${sourceRelease} does not register the ${pendingPrecompiles[key].name} (precompile/registry/registry.go), so a node starts this genesis without it`,
      )
    : []
  let upgrades: UpgradeFile = { stateUpgrades: [], precompileUpgrades: [] }
  let upgradeFile = 'upgrade.json'
  if (upgradeSource !== undefined) {
    const u = load(upgradeSource, 'upgrade.json')
    upgradeFile = u.file
    upgrades = readUpgradeFile(u.value, { file: u.file, path: '' }, registered)
  }
  // Genesis.Verify checks the gas limit first, before the chain config's own Verify.
  // (`FeeConfig.GasLimit.Uint64()`: the low 64 bits of |gasLimit|; a nil one is left to Verify.)
  const feeGasLimit = base.feeConfig.gasLimit
  if (feeGasLimit !== undefined) {
    const low = (feeGasLimit < 0n ? -feeGasLimit : feeGasLimit) & ((1n << 64n) - 1n)
    if (low !== gasLimit)
      fail(at(w, 'gasLimit'), `failed to verify genesis: gas limit in fee config (${low}) does not match gas limit in header (${gasLimit})`)
  }
  const spec = buildChainSpec(base, upgrades, { genesis: g.file, upgrade: upgradeFile })
  return { spec, alloc: readAlloc(genesis.alloc, at(w, 'alloc')), genesisTimestamp, gasLimit, warnings }
}
