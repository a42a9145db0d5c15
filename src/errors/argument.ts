import { SubnetRpcError } from './base.js'
import { show } from './show.js'

export type InvalidArgumentErrorType = InvalidArgumentError & { name: 'InvalidArgumentError' }

/**
 * An argument was rejected before any request was sent. The message says what was
 * wrong and what is accepted.
 *
 * @example
 * await client.getActiveRulesAt({ timestamp: -1 }) // InvalidArgumentError: Invalid timestamp: got -1 …
 */
export class InvalidArgumentError extends SubnetRpcError {
  declare readonly argument: string
  /** The rejected value, as given. */
  declare readonly value: unknown
  constructor({ argument, value, accepted }: { argument: string; value: unknown; accepted: string }) {
    super(
      `Invalid ${argument}: got ${show(value)}`,
      { name: 'InvalidArgumentError', metaMessages: [`Accepted: ${accepted}`] },
      { argument, value },
    )
  }
}

export type InfoEndpointErrorType = InfoEndpointError & { name: 'InfoEndpointError' }

/**
 * The Info API URL cannot be derived from the client's transport or provider (for example
 * an EIP-1193 wallet). viem: pass `infoActions({ url })` or `infoActions({ transport })`;
 * ethers: use `new InfoClient(url)`. The message says which.
 *
 * @example
 * createPublicClient({ transport: custom(window.ethereum) }).extend(infoActions({ url: 'https://node.example' }))
 */
export class InfoEndpointError extends SubnetRpcError {
  constructor(message: string) {
    super(message, { name: 'InfoEndpointError' })
  }
}
