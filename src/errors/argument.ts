import { SubnetRpcError } from './base.js'

export type InvalidArgumentErrorType = InvalidArgumentError & { name: 'InvalidArgumentError' }

/**
 * An argument was rejected before any request was sent. The message says what was
 * wrong and what is accepted.
 *
 * @example
 * await client.getActiveRulesAt({ timestamp: -1 }) // InvalidArgumentError: timestamp ...
 */
export class InvalidArgumentError extends SubnetRpcError {
  readonly argument: string
  constructor(args: { argument: string; message: string; accepted: string }) {
    super(`Invalid ${args.argument}: ${args.message}`, {
      name: 'InvalidArgumentError',
      metaMessages: [`Accepted: ${args.accepted}`],
    })
    this.argument = args.argument
  }
}

export type InfoEndpointErrorType = InfoEndpointError & { name: 'InfoEndpointError' }

/**
 * The Info API URL cannot be derived from the client's transport or provider (for example
 * an EIP-1193 wallet). viem: pass `infoActions({ url })` or `infoActions({ transport })`;
 * ethers: use `new InfoClient(url)`.
 */
export class InfoEndpointError extends SubnetRpcError {
  constructor(message: string) {
    super(message, {
      name: 'InfoEndpointError',
      metaMessages: ["viem: infoActions({ url: 'https://node.example/ext/info' }) or infoActions({ transport }); ethers: new InfoClient('https://node.example')."],
    })
  }
}
