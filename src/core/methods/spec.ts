/**
 * One description per RPC method, shared by every adapter: how arguments become params
 * (checked before anything is sent) and how the reply's `result` becomes the result.
 * The method tables (`info.ts`, `subnet.ts`) are made of these; adapters derive their
 * actions and types from the tables.
 */
import { decodeResult, type Decoder } from '../decode/kit.js'

/** How a node wants a method's params: one object (the Info API's gorilla/rpc) or positional (the L1's geth-style RPC). */
export type ParamsStyle = 'object' | 'array'

export type MethodSpec<Args, Result> = {
  /** The JSON-RPC method: `info.*` for the Info API, `eth_*` for the L1's endpoint. */
  readonly method: string
  readonly params: ParamsStyle
  /**
   * Checks the arguments and encodes them as params in that style; `undefined` when the
   * caller gave none. Throws InvalidArgumentError.
   */
  readonly encode: (args: Args | undefined) => unknown
  /** Checks and converts the reply's `result`. Throws ResponseShapeError or PrecisionError. */
  readonly decode: (raw: unknown) => Result
}

// biome-ignore lint/suspicious/noExplicitAny: matches a spec of any arguments and result.
export type AnyMethodSpec = MethodSpec<any, any>
/** The arguments of a method spec. */
export type ArgsOf<S> = S extends MethodSpec<infer A, unknown> ? A : never
/** The result of a method spec. */
export type ResultOf<S> = S extends MethodSpec<never, infer R> ? R : never

/**
 * A method's call signature: no parameter when it takes none, an optional one when each of
 * its arguments is optional, else a required one.
 */
export type CallOf<S> = [ArgsOf<S>] extends [undefined]
  ? () => Promise<ResultOf<S>>
  : Partial<ArgsOf<S>> extends ArgsOf<S>
    ? (parameters?: ArgsOf<S>) => Promise<ResultOf<S>>
    : (parameters: ArgsOf<S>) => Promise<ResultOf<S>>

/** A table's methods as callable actions, keyed (and documented) as in the table. */
export type ActionsOf<Table> = { [K in keyof Table]: CallOf<Table[K]> }

/** The empty params of a method without arguments, in its style. */
const noParams = { object: () => ({}), array: () => [] } as const

/**
 * A method spec. Without `encode`, the method takes no arguments and sends empty params of
 * its style (`{}` or `[]`).
 */
export function defineMethod<Args = undefined, Result = unknown>(definition: {
  method: string
  params: ParamsStyle
  decoder: Decoder<Result>
  encode?: (args: Args | undefined) => unknown
}): MethodSpec<Args, Result> {
  const { method, params, decoder, encode = noParams[params] } = definition
  return { method, params, encode, decode: (raw) => decodeResult(decoder, method, raw) }
}
