/** Types the viem actions share, derived from the method tables in core. */
import type { Client, HttpRequestErrorType, ResponseBodyTooLargeErrorType, TimeoutErrorType, WebSocketRequestErrorType } from 'viem'
import type { ArgsOf, ResultOf } from '../../core/methods/spec.js'
import type { InfoEndpointErrorType, InvalidArgumentErrorType } from '../../errors/argument.js'
import type { MethodNotFoundErrorType, NodeRpcErrorType } from '../../errors/node.js'
import type { PrecisionErrorType, ResponseShapeErrorType } from '../../errors/response.js'

/** viem's catch-all for an error of any other kind. */
type ErrorType = Error & { name: string }

/** What any request through a viem transport can reject with, besides the node's own errors. */
type TransportErrorType = HttpRequestErrorType | ResponseBodyTooLargeErrorType | TimeoutErrorType | WebSocketRequestErrorType

/** The errors of a Subnet-EVM action: argument errors only for a method that takes arguments. */
export type SubnetActionErrorType<S> =
  | ([ArgsOf<S>] extends [undefined] ? never : InvalidArgumentErrorType)
  | NodeRpcErrorType
  | MethodNotFoundErrorType
  | ResponseShapeErrorType
  | PrecisionErrorType
  | TransportErrorType
  | ErrorType

/**
 * The errors of an action of one of the node's other endpoints (Info, Health, Validators API):
 * those of any action, and a failed derivation of the endpoint's URL.
 */
export type EndpointActionErrorType<S> = SubnetActionErrorType<S> | InfoEndpointErrorType

/** The errors of an Info action: those of any endpoint's action ({@link EndpointActionErrorType}). */
export type InfoActionErrorType<S> = EndpointActionErrorType<S>

/**
 * A standalone action of method spec `S`: the client, then no parameter, an optional one or
 * a required one, as the method takes.
 */
export type StandaloneAction<S, C = Client> = [ArgsOf<S>] extends [undefined]
  ? (client: C) => Promise<ResultOf<S>>
  : Partial<ArgsOf<S>> extends ArgsOf<S>
    ? (client: C, parameters?: ArgsOf<S>) => Promise<ResultOf<S>>
    : (client: C, parameters: ArgsOf<S>) => Promise<ResultOf<S>>
