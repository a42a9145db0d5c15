/**
 * `commontype.GasPriceConfig` (`commontype/gas_price_config.go`, ACP-224): the Gas Price Manager's
 * `initialGasPriceConfig`, read as Go's `encoding/json` fills the struct (no omitempty, a missing
 * or null field stays zero) and checked with its `Verify`.
 */
import { at, readBool, readObject, readUint64, type Where } from './read.js'

/** `commontype.GasPriceConfig`, fields in the Go struct's (and the JSON's) order. */
export type GasPriceConfigSpec = {
  /** When true, validators set `targetGas` through their node preferences. */
  validatorTargetGas: boolean
  /** Target gas consumed per second. */
  targetGas: bigint
  /** When true, the gas price is always `minGasPrice`. */
  staticPricing: boolean
  /** Minimum gas price in wei. */
  minGasPrice: bigint
  /** Seconds for the gas price to double at full capacity. */
  timeToDouble: bigint
}

/** `commontype.MinTargetGas`. */
export const minTargetGas = 1_000_000n

/** Reads a gas price config object; unknown keys are ignored as Go ignores them. */
export function readGasPriceConfig(v: unknown, w: Where): GasPriceConfigSpec {
  const o = readObject(v, w)
  const bool = (k: 'validatorTargetGas' | 'staticPricing') => (o[k] === undefined || o[k] === null ? false : readBool(o[k], at(w, k)))
  const uint = (k: 'targetGas' | 'minGasPrice' | 'timeToDouble') => (o[k] === undefined || o[k] === null ? 0n : readUint64(o[k], at(w, k)))
  return {
    validatorTargetGas: bool('validatorTargetGas'),
    targetGas: uint('targetGas'),
    staticPricing: bool('staticPricing'),
    minGasPrice: uint('minGasPrice'),
    timeToDouble: uint('timeToDouble'),
  }
}

/** `GasPriceConfig.Verify`: the node's message for the first rule broken, in its order, or undefined. */
export function verifyGasPriceConfig(c: GasPriceConfigSpec): string | undefined {
  if (c.minGasPrice === 0n) return 'minGasPrice must be greater than 0'
  if (c.validatorTargetGas && c.targetGas !== 0n) return 'targetGas must be 0 when validatorTargetGas is true'
  if (!c.validatorTargetGas && c.targetGas < minTargetGas) return 'targetGas must be at least MinTargetGas'
  if (c.staticPricing && c.timeToDouble !== 0n) return 'timeToDouble must be 0 when staticPricing is true'
  if (!c.staticPricing && c.timeToDouble === 0n) return 'timeToDouble must be greater than 0'
  return undefined
}
