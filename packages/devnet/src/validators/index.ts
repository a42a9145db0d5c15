/**
 * The devnet's `/ext/bc/<blockchainID or alias>/validators` route: Subnet-EVM's `validators`
 * gorilla service (`plugin/evm/vm.go` `CreateHandlers`, registered with avalanchego's
 * `utils/json` codec), POST only as every gorilla endpoint.
 */
import type { IncomingMessage } from 'node:http'
import type { HttpReply } from '../http/types.js'
import { serveService } from '../wire/gorilla.js'
import { createValidatorsService, type DevnetValidator } from './service.js'

export { l1Validators, type DevnetValidator } from './service.js'

/** The route for the L1's validators paths (by ID and by alias); undefined for other paths. */
export function validatorsRoute(chains: readonly string[], validators: () => DevnetValidator[]) {
  const paths = new Set(chains.map((c) => `/ext/bc/${c}/validators`))
  const service = createValidatorsService(validators)
  return async (req: IncomingMessage, body: string): Promise<HttpReply | undefined> => {
    const path = new URL(req.url ?? '/', 'http://node').pathname
    if (!paths.has(path)) return undefined
    return serveService('validators', service, req.method ?? 'GET', req.headers['content-type'], body)
  }
}
