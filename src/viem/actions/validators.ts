/**
 * Subnet-EVM's Validators API as a standalone viem action over the core table entry of the
 * same name. Requests go to the L1's `/ext/bc/<id>/validators`, derived from the client's
 * transport URL (an `/ext/bc/<id>/rpc` or `/ws` URL) as the Info API's URL is, or the one
 * `validatorsActions({ url, blockchainID })` set for it.
 */
import * as table from '../../core/methods/validators.js'
import type { ArgsOf, ResultOf } from '../../core/methods/spec.js'
import type { EndpointActionErrorType } from '../types/actions.js'
import { endpointAction, validatorsEndpoint } from '../utils/endpoint.js'

type T = typeof table

/**
 * The L1's current validators with this node's view of their connectivity and uptime
 * (`validators.getCurrentValidators`). `uptimePercentage` is the answering node's LOCAL
 * view. Unknown `nodeIDs` are left out by Subnet-EVM v0.8+; v0.6.12–v0.7.x fail the call.
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { getCurrentValidators } from 'subnet-rpc/viem/actions'
 *
 * // subnetHttp keeps weights above 2^53 exact (plain http raises PrecisionError for them).
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const validators = await getCurrentValidators(client)
 */
export const getCurrentValidators = /* @__PURE__ */ endpointAction(validatorsEndpoint)(table.getCurrentValidators)
export type GetCurrentValidatorsParameters = ArgsOf<T['getCurrentValidators']>
export type GetCurrentValidatorsReturnType = ResultOf<T['getCurrentValidators']>
export type GetCurrentValidatorsErrorType = EndpointActionErrorType<T['getCurrentValidators']>
