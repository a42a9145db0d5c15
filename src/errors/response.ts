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
  declare readonly method: string
  declare readonly path: string
  declare readonly expected: string
  declare readonly received: string
  constructor({
    method,
    path,
    expected,
    received,
    cause,
  }: { method: string; path: string; expected: string; received: string; cause?: Error }) {
    super(
      `Unexpected reply to ${method} at ${path}: expected ${expected}, got ${received}.`,
      { name: 'ResponseShapeError', cause },
      { method, path, expected, received },
    )
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
  declare readonly method: string
  declare readonly path: string
  declare readonly value: number
  constructor({ method, path, value }: { method: string; path: string; value: number }) {
    super(
      `${method}: ${path} is beyond 2^53, rounded to ${value}: use subnetHttp or SubnetProvider.`,
      {
        name: 'PrecisionError',
      },
      { method, path, value },
    )
  }
}
