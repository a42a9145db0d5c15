/**
 * One description per RPC method, shared by the viem and ethers adapters: how arguments
 * become params (checked first), and how the reply becomes the result.
 */
import { decodeResult, type Decoder } from '../decode/kit.js'

export type MethodSpec<Args, Result> = {
  /** The JSON-RPC method: `info.*` for the Info API, `eth_*` for the L1's endpoint. */
  readonly method: string
  /** Params as the node wants them: an object for Info, an array for the L1. Throws InvalidArgumentError. */
  readonly params: (args: Args) => unknown
  /** Checks and converts the reply's `result`. Throws ResponseShapeError or PrecisionError. */
  readonly result: (raw: unknown) => Result
}

/** A method whose params are `params(args)`, or none (`{}` for Info methods, `[]` for the L1's). */
export function spec<Args, Result>(method: string, decoder: Decoder<Result>, params?: (args: Args) => unknown): MethodSpec<Args, Result> {
  return {
    method,
    params: params ?? (() => (method[0] === 'i' ? {} : [])),
    result: (raw) => decodeResult(decoder, method, raw),
  }
}

