/**
 * `commontype.FeeConfig`: reading, the node's `Verify` rules, and its JSON form
 * (field order of the Go struct, `*big.Int` as bare integers, nil fields omitted).
 */
import { feeConfigKeys } from '../names.js'
import { at, readBigInt, readObject, readUint64, type Where } from './read.js'
import type { FeeConfigSpec } from './types.js'

export type { FeeConfigSpec }

/** subnet-evm's `DefaultFeeConfig` (`params/extras/config.go`), used when a genesis has none. */
export const defaultFeeConfig: Required<FeeConfigSpec> = {
  gasLimit: 8_000_000n,
  targetBlockRate: 2n,
  minBaseFee: 25_000_000_000n,
  targetGas: 15_000_000n,
  baseFeeChangeDenominator: 36n,
  minBlockGasCost: 0n,
  maxBlockGasCost: 1_000_000n,
  blockGasCostStep: 200_000n,
}

/** Reads a fee config object; unknown keys are ignored as Go ignores them. */
export function readFeeConfig(v: unknown, w: Where): FeeConfigSpec {
  const o = readObject(v, w)
  const out: FeeConfigSpec = {}
  for (const key of feeConfigKeys) {
    const raw = o[key]
    if (raw === undefined || raw === null) continue
    // TargetBlockRate is the one uint64; the others are *big.Int.
    out[key] = key === 'targetBlockRate' ? readUint64(raw, at(w, key)) : readBigInt(raw, at(w, key))
  }
  return out
}

/** The JSON the node writes: struct order, `omitempty` (nil, and a zero targetBlockRate). */
export function feeConfigJson(f: FeeConfigSpec): Record<string, bigint> {
  const out: Record<string, bigint> = {}
  for (const key of feeConfigKeys) {
    const v = f[key]
    if (v === undefined || (key === 'targetBlockRate' && v === 0n)) continue
    out[key] = v
  }
  return out
}

/** `FeeConfig.Verify()` (`commontype/fee_config.go`, avalanchego v1.14.1+ texts): the node's error text, or undefined when valid. */
export function verifyFeeConfig(f: FeeConfigSpec): string | undefined {
  // Every *big.Int field may be nil, in struct order; targetBlockRate (a uint64) may not.
  for (const key of feeConfigKeys) if (key !== 'targetBlockRate' && f[key] === undefined) return `${key} cannot be nil`
  const v = { ...(f as Required<FeeConfigSpec>), targetBlockRate: f.targetBlockRate ?? 0n }
  const positive = (k: 'gasLimit' | 'targetBlockRate' | 'targetGas' | 'baseFeeChangeDenominator') =>
    v[k] <= 0n ? `${k} cannot be less than or equal to 0: ${k} = ${v[k]}` : undefined
  const nonNegative = (k: 'minBaseFee' | 'minBlockGasCost' | 'blockGasCostStep') =>
    v[k] < 0n ? `${k} cannot be less than 0: ${k} = ${v[k]}` : undefined
  const problem =
    positive('gasLimit') ??
    positive('targetBlockRate') ??
    nonNegative('minBaseFee') ??
    positive('targetGas') ??
    positive('baseFeeChangeDenominator') ??
    nonNegative('minBlockGasCost') ??
    (v.minBlockGasCost > v.maxBlockGasCost
      ? `minBlockGasCost cannot be greater than maxBlockGasCost: minBlockGasCost = ${v.minBlockGasCost}, maxBlockGasCost = ${v.maxBlockGasCost}`
      : undefined) ??
    nonNegative('blockGasCostStep') ??
    (v.maxBlockGasCost >= 1n << 64n ? `maxBlockGasCost is not a valid uint64: maxBlockGasCost = ${v.maxBlockGasCost}` : undefined)
  if (problem) return problem
  for (const key of feeConfigKeys) if (v[key] >= 1n << 256n) return `${key} exceeds hash length: 32 bytes`
  return undefined
}
