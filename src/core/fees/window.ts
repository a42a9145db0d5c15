/**
 * The fee window kept in the first 80 bytes of `header.Extra`: 10 seconds of gas used, and its
 * encoding (`plugin/evm/upgrade/subnetevm/window.go`).
 */
import { InvalidArgumentError } from '../../errors/argument.js'
import { checkUint64, isUint64, saturatingAdd } from './goNumbers.js'
import type { Hex } from './types.js'

/** Seconds of gas usage the fee window tracks (`subnetevm.WindowLen`). */
export const feeWindowLength = 10
/** Bytes of the encoded fee window, the prefix of `header.Extra` from SubnetEVM on (`subnetevm.WindowSize`). */
export const feeWindowSize = 80

/**
 * The fee window: 10 uint64 slots of gas used per second, oldest first; index 9 is the current
 * second (`subnetevm.Window`).
 */
export type FeeWindow = readonly bigint[]

function checkWindow(argument: string, window: unknown): FeeWindow {
  if (!Array.isArray(window) || window.length !== feeWindowLength || !window.every(isUint64))
    throw new InvalidArgumentError({ argument, value: window, accepted: `an array of ${feeWindowLength} uint64 bigints` })
  return window
}

export function bytesOf(argument: string, data: unknown): Uint8Array {
  if (data instanceof Uint8Array) return data
  if (data == null) return new Uint8Array(0)
  if (typeof data !== 'string' || !/^0x(?:[0-9a-fA-F]{2})*$/.test(data))
    throw new InvalidArgumentError({ argument, value: data, accepted: 'a 0x-prefixed hex string of whole bytes, or a Uint8Array' })
  const out = new Uint8Array((data.length - 2) / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(data.slice(2 + 2 * i, 4 + 2 * i), 16)
  return out
}

/**
 * Reads the fee window from a header's `extraData`: the first 80 bytes as 10 big-endian uint64s
 * (`subnetevm.ParseWindow`). Bytes past 80 (Durango's predicate results) are ignored.
 *
 * @throws {InvalidArgumentError} when there are fewer than 80 bytes (`ErrWindowInsufficientLength`).
 * @example
 * import { encodeFeeWindow, parseFeeWindow } from 'subnet-rpc/fees'
 * const extra = encodeFeeWindow([0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 21_000n, 50_000n])
 * parseFeeWindow(extra)[9] // 50000n
 */
export function parseFeeWindow(extraData: Hex | Uint8Array): FeeWindow {
  const bytes = bytesOf('extraData', extraData)
  if (bytes.length < feeWindowSize)
    throw new InvalidArgumentError({
      argument: 'extraData',
      value: extraData,
      accepted: `at least ${feeWindowSize} bytes (subnetevm.ParseWindow: insufficient length for window: expected at least ${feeWindowSize} bytes but got ${bytes.length} bytes)`,
    })
  const window: bigint[] = []
  for (let i = 0; i < feeWindowLength; i++) {
    let v = 0n
    for (let j = 0; j < 8; j++) v = (v << 8n) | BigInt(bytes[i * 8 + j]!)
    window.push(v)
  }
  return window
}

/**
 * Encodes a fee window as the node stores it in `header.Extra`: 80 bytes, 10 big-endian uint64s,
 * oldest first (`subnetevm.Window.Bytes`).
 *
 * @example
 * import { encodeFeeWindow } from 'subnet-rpc/fees'
 * encodeFeeWindow([0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 1n]).length // 162
 */
export function encodeFeeWindow(window: FeeWindow): Hex {
  checkWindow('window', window)
  return `0x${window.map((v) => v.toString(16).padStart(16, '0')).join('')}`
}

/**
 * Adds gas to the newest slot, saturating at 2^64−1 (`subnetevm.Window.Add`).
 *
 * @example
 * import { addToFeeWindow } from 'subnet-rpc/fees'
 * addToFeeWindow([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n], 5n)[9] // 15n
 */
export function addToFeeWindow(window: FeeWindow, ...amounts: bigint[]): FeeWindow {
  checkWindow('window', window)
  for (const [i, a] of amounts.entries()) checkUint64(`amounts[${i}]`, a)
  const out = [...window]
  // window.go `add` stops at the first overflow and returns MaxUint64; since every term is
  // non-negative, that is min(true sum, MaxUint64).
  out[feeWindowLength - 1] = amounts.reduce(saturatingAdd, out[feeWindowLength - 1]!)
  return out
}

/**
 * Drops the oldest `seconds` slots and appends as many empty ones; 10 or more clears the
 * window (`subnetevm.Window.Shift`).
 *
 * @example
 * import { shiftFeeWindow } from 'subnet-rpc/fees'
 * shiftFeeWindow([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n], 8n) // [9n, 10n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]
 */
export function shiftFeeWindow(window: FeeWindow, seconds: bigint): FeeWindow {
  checkWindow('window', window)
  checkUint64('seconds', seconds)
  if (seconds >= BigInt(feeWindowLength)) return new Array<bigint>(feeWindowLength).fill(0n)
  const n = Number(seconds)
  return [...window.slice(n), ...new Array<bigint>(n).fill(0n)]
}

/**
 * The gas in the window, saturating at 2^64−1 on overflow (`subnetevm.Window.Sum`).
 *
 * @example
 * import { sumFeeWindow } from 'subnet-rpc/fees'
 * sumFeeWindow([1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n]) // 55n
 */
export function sumFeeWindow(window: FeeWindow): bigint {
  checkWindow('window', window)
  return window.reduce(saturatingAdd, 0n)
}
