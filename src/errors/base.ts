import { BaseError } from 'viem'

type Params = ConstructorParameters<typeof BaseError>[1]

/**
 * Base of every subnet-rpc error: a viem `BaseError`, so `err.walk()`, `shortMessage`
 * and `details` work as viem users expect.
 */
export abstract class SubnetRpcError extends BaseError {
  constructor(shortMessage: string, args: Params & { name: string }) {
    super(shortMessage, args)
  }
}
