/**
 * Reading the configs of the stateful precompiles subnet-evm registers (`precompile/registry`;
 * keys, addresses and which have an allow list in src/core/names.ts, with the modules it has but
 * does not register yet, `pendingPrecompiles`), and each config's JSON
 * as the node writes it: allow-list fields first, then `blockTimestamp` (null when nil) and
 * `disable` (only when true), then the module's own fields (`precompile/contracts/<module>/config.go`).
 */
import {
  type ConfigPrecompileKey,
  isPendingPrecompileKey,
  isPrecompileKey,
  pendingPrecompiles,
  precompileKeys,
  precompiles,
  type PendingPrecompileKey,
  type PrecompileKey,
} from '../names.js'
import { feeConfigJson, readFeeConfig } from './feeConfig.js'
import { readGasPriceConfig } from './gasPriceConfig.js'
import {
  at,
  fail,
  hexOrDecimal256Text,
  isObject,
  readAddress,
  readArray,
  readBool,
  readHexOrDecimal256,
  readObject,
  readUint64,
  type Where,
} from './read.js'
import type { PrecompileConfig } from './types.js'

export { isPrecompileKey, type PrecompileConfig, type PrecompileKey }

/**
 * The precompile config keys a node registers, in address (registry) order: subnet-evm's registered
 * ones, then each pending one switched on (`registered: true` in `pendingPrecompiles`).
 */
export const registeredPrecompileKeys: readonly ConfigPrecompileKey[] = /* @__PURE__ */ [
  ...precompileKeys,
  ...(Object.keys(pendingPrecompiles) as PendingPrecompileKey[]).filter(
    (k) => (pendingPrecompiles[k] as { registered: boolean }).registered,
  ),
]

/**
 * The Gas Price Manager (ACP-224, `gasPriceManagerConfig`, `contracts/gaspricemanager/module.go`):
 * not registered by avalanchego v1.15.0-fuji (the newest source read), so nothing is served there yet. Use with `gasPriceManagerAbi` (`subnet-rpc`). Here, not
 * in src/core/precompiles/addresses.ts, so that the viem actions' bundles do not carry it.
 *
 * @example
 * import { gasPriceManagerAddress } from 'subnet-rpc/config'
 *
 * gasPriceManagerAddress // '0x0200000000000000000000000000000000000006'
 */
export const gasPriceManagerAddress = pendingPrecompiles.gasPriceManagerConfig.address

const hasAllowList = (key: ConfigPrecompileKey) =>
  isPendingPrecompileKey(key) ? pendingPrecompiles[key].allowList : precompiles[key].allowList

/**
 * The pending precompiles a genesis `config` names that `registered` leaves out: a node ignores them
 * (`Precompiles.UnmarshalJSON`, `params/extras/precompiles.go`, reads registered keys only).
 */
export function ignoredGenesisPrecompiles(
  config: Record<string, unknown>,
  registered: readonly ConfigPrecompileKey[] = registeredPrecompileKeys,
): PendingPrecompileKey[] {
  return (Object.keys(pendingPrecompiles) as PendingPrecompileKey[]).filter((k) => config[k] !== undefined && !registered.includes(k))
}

const roles = ['adminAddresses', 'managerAddresses', 'enabledAddresses'] as const

function readAddresses(v: unknown, w: Where): `0x${string}`[] | undefined {
  if (v === undefined || v === null) return undefined
  return readArray(v, w).map((a, i) => readAddress(a, at(w, i)))
}

/** Reads one precompile config object of module `key`. */
export function readPrecompileConfig(key: ConfigPrecompileKey, v: unknown, w: Where): PrecompileConfig {
  const o = readObject(v, w)
  const json: Record<string, unknown> = {}
  if (hasAllowList(key)) {
    for (const role of roles) {
      const list = readAddresses(o[role], at(w, role))
      if (list && list.length > 0) json[role] = list
    }
  }
  const ts = o.blockTimestamp
  const timestamp = ts === undefined || ts === null ? undefined : readUint64(ts, at(w, 'blockTimestamp'))
  json.blockTimestamp = timestamp ?? null
  const disable = o.disable === undefined || o.disable === null ? false : readBool(o.disable, at(w, 'disable'))
  if (disable) json.disable = true
  const config: PrecompileConfig = { key, timestamp, disable, json }

  switch (key) {
    case 'contractNativeMinterConfig': {
      // map[common.Address]*math.HexOrDecimal256: a null amount is a nil pointer, which Verify refuses.
      const mint = o.initialMint
      if (mint !== undefined && mint !== null) {
        const m = readObject(mint, at(w, 'initialMint'))
        const entries = Object.keys(m).map((addr) => {
          const where = at(at(w, 'initialMint'), addr)
          return [readAddress(addr, where), m[addr] === null ? null : readHexOrDecimal256(m[addr], where)] as const
        })
        if (entries.length > 0) {
          entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
          config.initialMint = new Map(entries)
          json.initialMint = new Map(entries.map(([a, n]) => [a, n === null ? null : hexOrDecimal256Text(n)]))
        }
      }
      break
    }
    case 'feeManagerConfig': {
      if (o.initialFeeConfig !== undefined && o.initialFeeConfig !== null) {
        // Verified with the other rules, in entry order (verify.ts), as the node's Verify does.
        config.initialFeeConfig = readFeeConfig(o.initialFeeConfig, at(w, 'initialFeeConfig'))
        json.initialFeeConfig = feeConfigJson(config.initialFeeConfig)
      }
      break
    }
    case 'gasPriceManagerConfig': {
      // *commontype.GasPriceConfig, omitempty: null or absent is nil (no initial config); verified in verify.ts.
      if (o.initialGasPriceConfig !== undefined && o.initialGasPriceConfig !== null) {
        const g = readGasPriceConfig(o.initialGasPriceConfig, at(w, 'initialGasPriceConfig'))
        config.initialGasPriceConfig = g
        json.initialGasPriceConfig = { ...g }
      }
      break
    }
    case 'rewardManagerConfig': {
      const r = o.initialRewardConfig
      if (r !== undefined && r !== null) {
        const rw = readObject(r, at(w, 'initialRewardConfig'))
        const allow =
          rw.allowFeeRecipients === undefined
            ? false
            : readBool(rw.allowFeeRecipients, at(at(w, 'initialRewardConfig'), 'allowFeeRecipients'))
        const address =
          rw.rewardAddress === undefined || rw.rewardAddress === null
            ? '0x0000000000000000000000000000000000000000'
            : readAddress(rw.rewardAddress, at(at(w, 'initialRewardConfig'), 'rewardAddress'))
        json.initialRewardConfig = { allowFeeRecipients: allow, rewardAddress: address }
      }
      break
    }
    case 'warpConfig': {
      json.quorumNumerator =
        o.quorumNumerator === undefined || o.quorumNumerator === null ? 0n : readUint64(o.quorumNumerator, at(w, 'quorumNumerator'))
      json.requirePrimaryNetworkSigners =
        o.requirePrimaryNetworkSigners === undefined || o.requirePrimaryNetworkSigners === null
          ? false
          : readBool(o.requirePrimaryNetworkSigners, at(w, 'requirePrimaryNetworkSigners'))
      break
    }
  }
  return config
}

/**
 * An entry of `precompileUpgrades`: exactly one registered key (`PrecompileUpgrade.UnmarshalJSON`;
 * its errors surface as `failed to parse upgrade bytes: ...`, `plugin/evm/vm.go` `parseGenesis`).
 * A pending precompile's key is refused with the node's text alone, as any key the node's registry lacks.
 * `registered`: internal, the keys taken as registered (default {@link registeredPrecompileKeys}).
 */
export function readPrecompileUpgrade(
  v: unknown,
  w: Where,
  registered: readonly ConfigPrecompileKey[] = registeredPrecompileKeys,
): PrecompileConfig {
  const parseError = (message: string): never => fail(w, `failed to parse upgrade bytes: ${message}`)
  if (v === null) return parseError('PrecompileUpgrade cannot be empty')
  if (!isObject(v)) fail(w, 'expected an object with exactly one precompile config key')
  const keys = Object.keys(v)
  if (keys.length === 0) parseError('PrecompileUpgrade cannot be empty')
  if (keys.length > 1) parseError(`PrecompileUpgrade must have exactly one key, got ${keys.length} (${keys.join(', ')})`)
  const key = keys[0]!
  if (isPendingPrecompileKey(key) && !registered.includes(key)) return parseError(`unknown precompile config: ${key}`)
  if (!isPrecompileKey(key) && !isPendingPrecompileKey(key))
    return parseError(`unknown precompile config: ${key} (registered: ${registered.join(', ')})`)
  // `{"<key>": null}` decodes to an empty config (nil timestamp), which verification refuses.
  return readPrecompileConfig(key, v[key] === null ? {} : v[key], at(w, key))
}
