import { SubnetRpcError } from './base.js'

export type ResponseShapeErrorType = ResponseShapeError & { name: 'ResponseShapeError' }

/**
 * The node's reply does not have the shape the method's result must have. `path` is the
 * JSON path of the first mismatch, e.g. `$.peers[3].observedUptime`.
 *
 * @example
 * catch (e) { if (e instanceof ResponseShapeError) console.log(e.method, e.path, e.expected) }
 */
export class ResponseShapeError extends SubnetRpcError {
  readonly method: string
  readonly path: string
  readonly expected: string
  readonly received: string
  constructor(args: { method: string; path: string; expected: string; received: string; cause?: Error }) {
    super(`Unexpected reply to ${args.method} at ${args.path}: expected ${args.expected}, got ${args.received}.`, { name: 'ResponseShapeError', cause: args.cause })
    this.method = args.method
    this.path = args.path
    this.expected = args.expected
    this.received = args.received
  }
}

export type PrecisionErrorType = PrecisionError & { name: 'PrecisionError' }

/**
 * An integer in the reply is beyond 2^53 and arrived already rounded by `JSON.parse`,
 * so its exact value is lost. Use the `subnetHttp` transport (viem) or `SubnetProvider`
 * (ethers), whose body parse keeps such integers exact.
 *
 * @example
 * const client = createPublicClient({ transport: subnetHttp(url) }).extend(subnetActions())
 */
export class PrecisionError extends SubnetRpcError {
  readonly method: string
  readonly path: string
  readonly value: number
  constructor(args: { method: string; path: string; value: number }) {
    super(`${args.method}: the integer at ${args.path} is beyond 2^53 and was rounded (${args.value}) by this transport's JSON parse. Use subnetHttp (viem) or SubnetProvider (ethers) for exact values.`, {
      name: 'PrecisionError',
    })
    this.method = args.method
    this.path = args.path
    this.value = args.value
  }
}
