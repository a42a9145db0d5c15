/**
 * The node's HTTP server over the running L1s: `/ext/info`, `/ext/health`, and each L1's `/ext/bc/<id>/rpc`,
 * `/ws`, `/validators` and `/proposervm`, by blockchain ID and by alias, each anvil watched by a supervisor.
 */
import { platformChainID } from 'subnet-rpc/config'
import type { IncomingMessage } from 'node:http'
import { AnvilSupervisor, failureReport } from '../faults.js'
import { healthRoute } from '../health/index.js'
import { gateDevMethods } from '../http/devMethods.js'
import { pathOf, type Route, startHttpServer } from '../http/server.js'
import { serveInfo } from '../info/envelope.js'
import { type ChainDirectory, createInfoService } from '../info/service.js'
import type { L1Instance } from '../l1/l1.js'
import { type CallExecutor, serveChain } from '../l1/rpc/envelope.js'
import { connectionExecutor } from '../l1/pubsub/subscriptions.js'
import { webSocketEndpoint } from '../l1/pubsub/websocket.js'
import { devnetPChainHeight, proposerRules, proposerVMRoute } from '../proposervm/index.js'
import { validatorsRoute } from '../validators/index.js'
import type { DevnetPlan } from './plan.js'
import type { DevnetOptions } from './types.js'

/** The node's running server: the HTTP server, each L1's WebSocket endpoint, and the supervisor of the anvils. */
export type NodeServer = {
  http: Awaited<ReturnType<typeof startHttpServer>>
  webSockets: ReturnType<typeof webSocketEndpoint>[]
  supervisor: AnvilSupervisor
}

/** The executor an L1's endpoint answers a request with: its own, behind the supervisor and the development methods' gate. */
type Endpoint = (l1: L1Instance, req: IncomingMessage) => CallExecutor

/** Starts the node's HTTP server on `options.port` (default a free port) over the running `l1s`. */
export async function startNodeServer(plan: DevnetPlan, options: DevnetOptions, l1s: L1Instance[]): Promise<NodeServer> {
  const aliases = chainAliases(plan.primary, l1s)
  // Each anvil watched: a dead one is said, and its L1 answers the failure (../faults.ts).
  const supervisor = new AnvilSupervisor(
    l1s.map((l1) => ({ alias: l1.plan.alias, blockchainID: l1.plan.blockchainID, anvilUrl: l1.anvilUrl, watch: l1.anvilWatch })),
    options.onAnvilExit ?? ((failure) => process.stderr.write(`subnet-rpc-devnet: ${failureReport(failure)}\n`)),
  )
  const guarded = new Map(l1s.map((l1) => [l1, supervisor.guard(l1.plan.alias, l1.execute)]))
  // Development methods for tools and the pages of devOrigins only, none with nodeExact (../http/devMethods.ts).
  const access = { devOrigins: options.devOrigins, nodeExact: options.nodeExact }
  const endpoint: Endpoint = (l1, req) => gateDevMethods(guarded.get(l1)!, req.headers.origin, access)
  const chains: ChainDirectory = {
    resolve: (a) => aliases.get(a),
    isBootstrapped: (id) => supervisor.failureOf(id) === undefined,
  }
  const info = createInfoService(plan.node, chains)
  // Each L1's WebSocket endpoint: the same calls, plus eth_subscribe (../l1/pubsub/websocket.ts, ../l1/pubsub/subscriptions.ts).
  const webSockets = l1s.map((l1) =>
    webSocketEndpoint(new Set([`/ext/bc/${l1.plan.blockchainID}/ws`, `/ext/bc/${l1.plan.alias}/ws`]), (send, req) =>
      connectionExecutor(endpoint(l1, req), l1.events, send),
    ),
  )
  const http = await startHttpServer({
    port: options.port ?? 0,
    nodeID: plan.node.identity.nodeID,
    routes: [
      async (req, body) => {
        if (pathOf(req.url) !== '/ext/info') return undefined
        return serveInfo(info, req.method ?? 'GET', req.headers['content-type'], body)
      },
      chainRoute(l1s, endpoint),
      ...nodeRoutes(plan, l1s, supervisor),
      ...webSockets.map((w) => w.http),
    ],
    upgrades: webSockets.map((w) => w.upgrade),
    allowedOrigins: options.httpAllowedOrigins,
    allowedHosts: options.httpAllowedHosts,
  })
  return { http, webSockets, supervisor }
}

/** Every chain the Info API knows by alias or ID (`info.getBlockchainID`): the primary network's, then each L1's. */
function chainAliases(primary: DevnetPlan['primary'], l1s: L1Instance[]): Map<string, string> {
  const aliases = new Map<string, string>([
    ['P', platformChainID],
    ['platform', platformChainID],
    [platformChainID, platformChainID],
    ['X', primary.X],
    ['avm', primary.X],
    [primary.X, primary.X],
    ['C', primary.C],
    ['evm', primary.C],
    [primary.C, primary.C],
  ])
  for (const { plan } of l1s) aliases.set(plan.alias, plan.blockchainID).set(plan.blockchainID, plan.blockchainID)
  return aliases
}

/** Each L1's JSON-RPC endpoint, `/ext/bc/<blockchainID>/rpc` and `/ext/bc/<alias>/rpc` (../l1/rpc/envelope.ts). */
function chainRoute(l1s: L1Instance[], endpoint: Endpoint): Route {
  const chainPaths = new Map<string, L1Instance>()
  for (const l1 of l1s) for (const name of [l1.plan.blockchainID, l1.plan.alias]) chainPaths.set(`/ext/bc/${name}/rpc`, l1)
  return async (req, body, bodyBytes) => {
    const l1 = chainPaths.get(pathOf(req.url))
    if (!l1) return undefined
    const length = req.headers['content-length']
    return serveChain(
      {
        method: req.method ?? 'GET',
        contentType: req.headers['content-type'],
        contentLength: length === undefined ? undefined : Number(length),
        // Go's RawQuery: an empty query after '?' counts as none.
        hasQuery: /\?./.test(req.url ?? ''),
        body,
        bodyBytes,
      },
      endpoint(l1, req),
    )
  }
}

/** The Health API, and each L1's Validators API and ProposerVM API (../health, ../validators, ../proposervm). */
function nodeRoutes(plan: DevnetPlan, l1s: L1Instance[], supervisor: AnvilSupervisor): Route[] {
  const { node, networkID, release, primary, sets } = plan
  return [
    healthRoute({
      node,
      startedAt: Date.now(),
      l1s: l1s.map((l1, i) => ({
        alias: l1.plan.alias,
        subnetID: l1.plan.subnetID,
        blockchainID: l1.plan.blockchainID,
        lastAccepted: l1.lastAccepted,
        failure: () => supervisor.failureOf(l1.plan.alias),
        validators: () => sets[i]!,
      })),
      primary: { P: platformChainID, X: primary.X, C: primary.C },
    }),
    ...l1s.map((l1, i) => validatorsRoute([l1.plan.blockchainID, l1.plan.alias], () => sets[i]!)),
    // Each L1's ProposerVM API, over its blocks and the devnet's P-Chain.
    ...l1s.map((l1) =>
      proposerVMRoute([l1.plan.blockchainID, l1.plan.alias], {
        blocks: (tags) => l1.anvil.batch(tags.map((t) => ['eth_getBlockByNumber', [t, false]])),
        now: l1.now,
        networkID,
        rules: proposerRules(networkID, release),
        minimumHeight: devnetPChainHeight(l1s.length),
      }),
    ),
  ]
}
