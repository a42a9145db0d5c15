/**
 * The devnet's `/ext/bc/<blockchainID or alias>/proposervm` route on each L1: the ProposerVM API
 * avalanchego serves on every Snowman++ chain since v1.14.0 (`vms/proposervm/vm.go` `CreateHandlers`,
 * gorilla/rpc with avalanchego's `utils/json` codec, service `proposervm`), POST only as every
 * gorilla endpoint.
 */
import type { IncomingMessage } from 'node:http'
import type { HttpReply } from '../http/types.js'
import { serveService } from '../wire/gorilla.js'
import { createProposerVMService, ProposerChain, type ProposerChainSource } from './service.js'

export { devnetPChainHeight, newEpoch, proposerRules, selectChildPChainHeight, type Epoch, type ProposerRules } from './service.js'

/** The route for one L1's proposervm paths (by ID and by alias); undefined for other paths. */
export function proposerVMRoute(chains: readonly string[], source: ProposerChainSource) {
  const paths = new Set(chains.map((c) => `/ext/bc/${c}/proposervm`))
  const service = createProposerVMService(new ProposerChain(source))
  return async (req: IncomingMessage, body: string): Promise<HttpReply | undefined> => {
    const path = new URL(req.url ?? '/', 'http://node').pathname
    if (!paths.has(path)) return undefined
    return serveService('proposervm', service, req.method ?? 'GET', req.headers['content-type'], body)
  }
}
