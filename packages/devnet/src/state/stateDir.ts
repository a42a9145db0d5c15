/**
 * A devnet's state dir (`stateDir` of `startDevnet`, `--state-dir`): what a node keeps in its data directory and
 * database across restarts, so that a stop and a start resume every L1.
 *
 * ```
 * <dir>/devnet.json               the node: seed (its identity: node ID, BLS key), network ID, each L1's IDs
 * <dir>/l1/<alias>/genesis.json   the genesis the chain was started from
 * <dir>/l1/<alias>/upgrade.json   the upgrade.json of its last start (absent: none)
 * <dir>/l1/<alias>/config.json    the chain config the node ran it with (`eth_getChainConfig`'s, for the restart's checks)
 * <dir>/l1/<alias>/state.json     the chain (anvil's state dump) and the devnet's state beside it (../l1/persist.ts)
 * ```
 *
 * Every file is written whole or not at all: to a temporary file, flushed to disk (fsync), renamed over the old
 * one, and the directory flushed. A `kill -9` leaves the last complete write; state.json is written every
 * {@link stateWriteIntervalMs} while the head moves and at stop, so it loses at most the blocks of that window.
 *
 * A restart checks the files as the node checks its chain config and database at start (`SetupGenesisBlock`,
 * graft/subnet-evm/core/genesis.go): a genesis that is not the stored one is refused with `GenesisMismatchError`'s
 * text, and the new chain config goes through core's `checkCompatible` against the stored one at the stored head,
 * as `subnet-rpc check --rpc` runs it against a live chain.
 */
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { keccak_256 } from '@noble/hashes/sha3'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils'
import { ChainConfigError, type ChainConfig, checkCompatible, parseJson } from 'subnet-rpc'
import type { ChainFiles, JsonSource } from 'subnet-rpc/config'
import type { L1Snapshot } from '../l1/persist.js'

/** How often a running devnet writes each L1's state.json while its head moves, in milliseconds. */
export const stateWriteIntervalMs = 1_000

/** The format of devnet.json; another is refused rather than misread. */
const format = 'subnet-rpc-devnet-state/1'

/** devnet.json: the node as it was first started on the dir. */
export type StoredNode = {
  format: typeof format
  seed: string
  networkID: number
  nodeID: string
  l1s: Record<string, { blockchainID: string; subnetID: string }>
}

/** What the dir holds of one L1. */
export type StoredL1 = {
  /** The genesis text (or JSON of the object given). */
  genesis: string
  /** The upgrade.json text of its last start, if it had one. */
  upgrade?: string
  /** The chain config the node ran, decoded. */
  chainConfig: ChainConfig
  /** The chain and the devnet's state beside it; undefined when no state was written yet. */
  snapshot?: L1Snapshot
}

/**
 * JSON with `bigint`s and `Map`s kept: a bigint as `{"$n":"<decimal>"}`, a Map as `{"$map":[[k,v],…]}`.
 * @internal
 */
export function encodeState(value: unknown): string {
  return JSON.stringify(value, function (this: unknown, key, v: unknown) {
    const raw = (this as Record<string, unknown>)[key]
    if (typeof raw === 'bigint') return { $n: raw.toString() }
    if (raw instanceof Map) return { $map: [...raw] }
    return v
  })
}

/** The inverse of {@link encodeState}. @internal */
export function decodeState<T>(text: string): T {
  return JSON.parse(text, (_key, v: unknown) => {
    if (typeof v === 'object' && v !== null && !Array.isArray(v)) {
      const o = v as Record<string, unknown>
      const keys = Object.keys(o)
      if (keys.length === 1 && keys[0] === '$n' && typeof o.$n === 'string') return BigInt(o.$n)
      if (keys.length === 1 && keys[0] === '$map' && Array.isArray(o.$map)) return new Map(o.$map as [unknown, unknown][])
    }
    return v
  }) as T
}

/**
 * Writes `text` to `path` whole or not at all: a temporary file beside it, fsync, rename over `path`, fsync of
 * the directory (so the rename itself survives a crash).
 * @internal
 */
export function writeAtomic(path: string, text: string): void {
  mkdirSync(dirname(path), { recursive: true })
  const tmp = `${path}.tmp-${process.pid}`
  const fd = openSync(tmp, 'w')
  try {
    const bytes = Buffer.from(text, 'utf8')
    for (let at = 0; at < bytes.length; ) at += writeSync(fd, bytes, at)
    fsyncSync(fd)
  } finally {
    closeSync(fd)
  }
  renameSync(tmp, path)
  try {
    const dir = openSync(dirname(path), 'r')
    try {
      fsyncSync(dir)
    } finally {
      closeSync(dir)
    }
  } catch {
    // Some platforms (Windows) cannot open a directory: the rename is still atomic there.
  }
}

/** The text of a genesis or upgrade source as the dir keeps it: a file's own text, JSON text, or an object's JSON. */
export function sourceText(source: JsonSource): string {
  if (typeof source !== 'string') return encodeJsonObject(source)
  return source.trimStart().startsWith('{') ? source : readFileSync(source, 'utf8')
}

/** An object given as a source, as JSON text; a bigint as a JSON integer, which core's parseJson reads back exactly. */
function encodeJsonObject(value: unknown): string {
  const marks: string[] = []
  // A mark no string of the object holds (its count of marks so far makes it unique enough to check).
  const tag = `#bigint-${Math.random().toString(36).slice(2)}#`
  const text = JSON.stringify(value, (_k, v: unknown) => {
    if (typeof v !== 'bigint') return v
    marks.push(v.toString())
    return `${tag}${marks.length - 1}`
  })
  return text.replace(new RegExp(`"${tag}(\\d+)"`, 'g'), (_m, i: string) => marks[Number(i)]!)
}

const l1Dir = (dir: string, alias: string) => join(dir, 'l1', alias)

/** Reads devnet.json; undefined for a dir the devnet has not written yet. */
export function readStoredNode(dir: string): StoredNode | undefined {
  const file = join(dir, 'devnet.json')
  if (!existsSync(file)) return undefined
  let node: StoredNode
  try {
    node = decodeState<StoredNode>(readFileSync(file, 'utf8'))
  } catch (e) {
    throw new ChainConfigError(`${file}: not a devnet state file (${(e as Error).message}): give another --state-dir, or remove it`)
  }
  if (node?.format !== format)
    throw new ChainConfigError(
      `${file}: written by another version of the devnet (format ${JSON.stringify(node?.format)}, this one reads ${format})`,
    )
  return node
}

/** Writes devnet.json. */
export function writeStoredNode(dir: string, node: StoredNode): void {
  writeAtomic(join(dir, 'devnet.json'), encodeState(node))
}

/** What the dir holds of the L1 `alias`, undefined when it has never run there. */
export function readStoredL1(dir: string, alias: string): StoredL1 | undefined {
  const at = l1Dir(dir, alias)
  if (!existsSync(join(at, 'genesis.json')) || !existsSync(join(at, 'config.json'))) return undefined
  const upgradeFile = join(at, 'upgrade.json')
  const stateFile = join(at, 'state.json')
  return {
    genesis: readFileSync(join(at, 'genesis.json'), 'utf8'),
    ...(existsSync(upgradeFile) && { upgrade: readFileSync(upgradeFile, 'utf8') }),
    chainConfig: decodeState<ChainConfig>(readFileSync(join(at, 'config.json'), 'utf8')),
    ...(existsSync(stateFile) && { snapshot: decodeState<L1Snapshot>(readFileSync(stateFile, 'utf8')) }),
  }
}

/** Writes the files an L1 was (re)started with: its genesis, its upgrade.json (or none) and its chain config. */
export function writeStoredFiles(dir: string, alias: string, files: { genesis: string; upgrade?: string; chainConfig: ChainConfig }): void {
  const at = l1Dir(dir, alias)
  writeAtomic(join(at, 'genesis.json'), files.genesis)
  if (files.upgrade !== undefined) writeAtomic(join(at, 'upgrade.json'), files.upgrade)
  else rmSync(join(at, 'upgrade.json'), { force: true })
  writeAtomic(join(at, 'config.json'), encodeState(files.chainConfig))
}

/** Writes an L1's state.json. */
export function writeSnapshot(dir: string, alias: string, snapshot: L1Snapshot): void {
  writeAtomic(join(l1Dir(dir, alias), 'state.json'), encodeState(snapshot))
}

/**
 * The genesis's identity as the node's genesis hash holds it (`Genesis.ToBlock`: the header fields and the
 * allocation, not the chain config, which `checkCompatible` judges): keccak-256 of those fields, read as the node
 * reads them, so a change of layout or of number notation is no change. It is not the node's block hash (the
 * devnet's genesis block is anvil's), only equal where the node's would be.
 */
export function genesisDigest(text: string, files: ChainFiles): string {
  const raw = parseJson(text) as Record<string, unknown>
  const num = (v: unknown) => (v === undefined || v === null ? '0' : BigInt(v as string | number | bigint).toString())
  const bytes = (v: unknown) => (typeof v === 'string' ? v.toLowerCase() : '')
  const fields = {
    nonce: num(raw.nonce),
    timestamp: files.genesisTimestamp.toString(),
    extraData: bytes(raw.extraData),
    gasLimit: files.gasLimit.toString(),
    difficulty: num(raw.difficulty),
    mixHash: bytes(raw.mixHash),
    coinbase: bytes(raw.coinbase),
    number: num(raw.number),
    gasUsed: num(raw.gasUsed),
    parentHash: bytes(raw.parentHash),
    baseFeePerGas: raw.baseFeePerGas === undefined || raw.baseFeePerGas === null ? null : num(raw.baseFeePerGas),
    alloc: [...files.alloc]
      .sort((a, b) => (a.address < b.address ? -1 : 1))
      .map((a) => [
        a.address,
        a.balance.toString(),
        (a.nonce ?? 0n).toString(),
        (a.code ?? '0x').toLowerCase(),
        (a.storage ?? []).map(([k, v]) => [BigInt(k).toString(16), BigInt(v).toString(16)]).sort(),
      ]),
  }
  return bytesToHex(keccak_256(utf8ToBytes(JSON.stringify(fields))))
}

/**
 * The node's checks of an L1's files at a restart against what the dir holds: the genesis (`GenesisMismatchError`),
 * then the chain config against the stored one at the stored head (`checkCompatible`). Throws the node's text as a
 * {@link ChainConfigError}; returns the warning for a conflict the node lets pass (its rewind point is 0).
 */
export function checkRestart(
  alias: string,
  stored: StoredL1,
  storedFiles: ChainFiles,
  next: { genesis: string; files: ChainFiles; chainConfig: ChainConfig },
): string | undefined {
  const have = genesisDigest(stored.genesis, storedFiles)
  const want = genesisDigest(next.genesis, next.files)
  if (have !== want)
    throw new ChainConfigError(
      `the L1 ${alias}: database contains incompatible genesis (have ${have}, new ${want}): its state dir holds a chain of another genesis; give the stored one (or none: the dir's is used), or another --state-dir`,
    )
  const head = stored.snapshot?.head
  if (!head) return undefined
  const { error, refused } = checkCompatible(stored.chainConfig, next.chainConfig, { number: head.number, timestamp: head.timestamp })
  if (error && refused) throw new ChainConfigError(`the L1 ${alias}: ${error.message}`)
  return error
    ? `the L1 ${alias}: ${error.message || error.what}: a node does not refuse this (its rewind point is 0), but the chain is past that time, so the change never took effect there`
    : undefined
}
