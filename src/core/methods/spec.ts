/**
 * One description per RPC method, shared by the viem and ethers adapters: which endpoint,
 * how arguments become params (checked first), and how the reply becomes the result.
 */
import { decodeResult, type Decoder } from '../decode/kit.js'

export type Endpoint = 'info' | 'chain'

export type MethodSpec<Args, Result> = {
  readonly method: string
  readonly endpoint: Endpoint
  /** Params as the node wants them: an object for Info, an array for the L1. Throws InvalidArgumentError. */
  readonly params: (args: Args) => unknown
  /** Checks and converts the reply's `result`. Throws ResponseShapeError or PrecisionError. */
  readonly result: (raw: unknown) => Result
}

export function spec<Args, Decoded, Result = Decoded>(
  method: string,
  endpoint: Endpoint,
  params: (args: Args) => unknown,
  decoder: Decoder<Decoded>,
  pick?: (decoded: Decoded) => Result,
): MethodSpec<Args, Result> {
  return {
    method,
    endpoint,
    params,
    result: (raw) => {
      const decoded = decodeResult(decoder, method, raw)
      return pick ? pick(decoded) : (decoded as unknown as Result)
    },
  }
}
