import { BaseError } from 'viem'

/**
 * Base of every subnet-rpc error: a viem `BaseError`, so `err.walk()`, `shortMessage`
 * and `details` work as viem users expect. Each subclass sets its own `name`.
 *
 * @example
 * catch (e) { if (e instanceof SubnetRpcError) console.log(e.name, e.shortMessage) }
 */
export abstract class SubnetRpcError extends BaseError {}
