/**
 * One description per RPC method, shared by every adapter: how arguments become params
 * (checked before anything is sent) and how the reply's `result` becomes the result.
 * The method tables (`info.ts`, `subnet.ts`) are made of these; adapters derive their
 * actions and types from the tables.
 */
import { decodeResult, type Decoder } from '../decode/kit.js'

/**
 * What a table's methods share: the params of a call without arguments, in the style the
 * server reads (`{}` for gorilla/rpc's one object, the node's own APIs; `[]` for geth-style
 * positional params, an L1's RPC), and what a failure says in place of the node's message when
 * the URL is the wrong kind of endpoint, which `nodeError` (src/errors/node.ts) tells from the
 * reply: `evm` for an EVM chain's JSON-RPC without the method (-32601), `api` for one of the
 * node's own APIs (gorilla/rpc's `rpc: …`). Each table holds its family's wording, so an app
 * bundles only the wording of the families it calls.
 */
export type MethodFamily = { readonly noParams: () => unknown } & WrongEndpointHints

/** A method family's wording for a wrong endpoint (see {@link MethodFamily}): what the URL is, and which to use. */
export type WrongEndpointHints = { readonly evm?: string | undefined; readonly api?: string | undefined }

export type MethodSpec<Args, Result> = {
  /** The JSON-RPC method: `info.*` for the Info API, `eth_*` for the L1's endpoint. */
  readonly method: string
  /** Its table's family: its params style and its wording for a wrong endpoint. */
  readonly family: MethodFamily
  /**
   * Checks the arguments and encodes them as params in the family's style; `undefined` when
   * the caller gave none. Throws InvalidArgumentError.
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

/**
 * A method spec: the JSON-RPC method, its table's family, the decoder of its `result`, and the
 * encoder of its arguments; without `encode`, the method takes none and sends its family's empty
 * params (`{}` or `[]`). Positional, so the tables every app bundles stay small.
 */
export function methodSpec<Args = undefined, Result = unknown>(
  method: string,
  family: MethodFamily,
  decoder: Decoder<Result>,
  encode: (args: Args | undefined) => unknown = family.noParams,
): MethodSpec<Args, Result> {
  return { method, family, encode, decode: (raw) => decodeResult(decoder, method, raw) }
}

/** {@link methodSpec} from one object, for specs built by name (the CLI's, tests'). */
export function defineMethod<Args = undefined, Result = unknown>(definition: {
  method: string
  family: MethodFamily
  decoder: Decoder<Result>
  encode?: (args: Args | undefined) => unknown
}): MethodSpec<Args, Result> {
  const { method, family, decoder, encode } = definition
  return methodSpec(method, family, decoder, encode)
}
