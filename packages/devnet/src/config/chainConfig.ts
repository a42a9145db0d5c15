/**
 * The per-chain config a node reads for an L1 (`<chain-config-dir>/<blockchainID>/config.json`,
 * graft/subnet-evm/plugin/evm/config `Config`): the devnet acts on the keys below and, like the node's
 * `json.Unmarshal`, passes over any other. Defaults are the node's (`SetDefaults`, default_config.go).
 */
import { ChainConfigError } from 'subnet-rpc'
import type { JsonSource } from 'subnet-rpc/config'
import { readFileSync } from 'node:fs'

/**
 * `defaultAllowUnprotectedTxHashes` (plugin/evm/config): the EIP-1820 registry's keyless deployment, which a
 * node lets through unprotected unless the config gives its own `allow-unprotected-tx-hashes` list.
 */
export const defaultAllowUnprotectedTxHashes = ['0xfefb2da535e927b85fe68eb81cb2e4a5827c905f78381a01ef2322aa9b0aee8e'] as const

/** The keys of an L1's chain config the devnet acts on, read. */
export type DevnetChainConfig = {
  /** `allow-unprotected-txs`: pre-EIP-155 transactions accepted over RPC (default false). */
  allowUnprotectedTxs: boolean
  /** `allow-unprotected-tx-hashes`, lower-case: the unprotected transactions accepted anyway. */
  allowUnprotectedTxHashes: ReadonlySet<string>
  /**
   * `rpc-tx-fee-cap`: the most ether a transaction's `gasPrice × gas` may be when sent over RPC (`checkTxFee`); 0 is no
   * cap. The node's default is 100.
   */
  rpcTxFeeCap: number
  /** `api-max-blocks-per-request`, when the config sets it. */
  apiMaxBlocksPerRequest?: number
}

/** The node's defaults: unprotected transactions refused but the default hashes, a fee cap of 100, no log range limit. */
export const defaultChainConfig: DevnetChainConfig = {
  allowUnprotectedTxs: false,
  allowUnprotectedTxHashes: new Set(defaultAllowUnprotectedTxHashes),
  rpcTxFeeCap: 100,
}

/**
 * Reads an L1's chain config (a file path, JSON text or an object) as the node does: a key given
 * replaces the default (a JSON list replaces the default list, it is not merged).
 * @throws ChainConfigError naming the file and key when a value is not of the key's type.
 */
export function readChainConfig(source: JsonSource, where: string): DevnetChainConfig {
  let value: unknown = source
  let file = where
  if (typeof source === 'string') {
    const text = source.trimStart().startsWith('{') ? source : readText(source, where)
    if (!source.trimStart().startsWith('{')) file = source
    try {
      value = JSON.parse(text)
    } catch (e) {
      throw new ChainConfigError(`${file}: not valid JSON: ${(e as Error).message}`)
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new ChainConfigError(`${file}: a chain config is a JSON object, got ${JSON.stringify(value)}`)
  const o = value as Record<string, unknown>
  const config: DevnetChainConfig = { ...defaultChainConfig }
  const flag = o['allow-unprotected-txs']
  if (flag !== undefined && flag !== null) {
    if (typeof flag !== 'boolean')
      throw new ChainConfigError(`${file}: allow-unprotected-txs: expected true or false, got ${JSON.stringify(flag)}`)
    config.allowUnprotectedTxs = flag
  }
  const hashes = o['allow-unprotected-tx-hashes']
  if (hashes !== undefined) {
    // Go's json decodes null into a nil slice: no hash allowed.
    const list = hashes === null ? [] : hashes
    if (!Array.isArray(list) || list.some((h) => typeof h !== 'string' || !/^(0x)?[0-9a-fA-F]{64}$/.test(h)))
      throw new ChainConfigError(
        `${file}: allow-unprotected-tx-hashes: expected a list of 32-byte hex transaction hashes, got ${JSON.stringify(hashes)}`,
      )
    config.allowUnprotectedTxHashes = new Set((list as string[]).map((h) => (h.startsWith('0x') ? h : `0x${h}`).toLowerCase()))
  }
  const feeCap = o['rpc-tx-fee-cap']
  // A float64: any finite JSON number (a negative one refuses every send, as `checkTxFee`'s comparison does); null keeps the default.
  if (feeCap !== undefined && feeCap !== null) {
    if (typeof feeCap !== 'number' || !Number.isFinite(feeCap))
      throw new ChainConfigError(`${file}: rpc-tx-fee-cap: expected a number of ether (0: no cap), got ${JSON.stringify(feeCap)}`)
    config.rpcTxFeeCap = feeCap
  }
  const max = o['api-max-blocks-per-request']
  if (max !== undefined && max !== null) {
    if (typeof max !== 'number' || !Number.isSafeInteger(max))
      throw new ChainConfigError(`${file}: api-max-blocks-per-request: expected an integer, got ${JSON.stringify(max)}`)
    config.apiMaxBlocksPerRequest = max
  }
  return config
}

function readText(path: string, where: string): string {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    throw new ChainConfigError(`${path}: no such file (the chain config of ${where})`)
  }
}
