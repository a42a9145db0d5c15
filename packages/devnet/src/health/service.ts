/**
 * The devnet's Health API (`/ext/health`, avalanchego `api/health`): the checks a node
 * registers (`node/node.go` `initHealthAPI`, `chains/manager.go`), evaluated from the
 * devnet's state when asked, reported as `APIReply` (`service.go`) with each `Result`
 * (`result.go`) written as Go writes it (omitempty fields left out, `duration` in ns).
 *
 * Checks (tags as the node gives them):
 * - `application`: `network` (fails below 1 connected peer, `network.go` `HealthCheck`),
 *   `router`, `database`, `diskspace`, `bls`, `bootstrapped` (also the readiness check);
 * - one per chain, named by its primary alias (`P`, `X`, `C`, each L1's alias) and tagged
 *   with its subnet ID (`chains/manager.go` `createSnowmanChain`: `RegisterHealthCheck(primaryAlias,
 *   h, ctx.SubnetID.String())`): consensus and networking details; an L1's fails when the
 *   connected stake is below 80% (`snow/networking/handler/health.go`).
 * Liveness has no check on current nodes: `{"checks":{},"healthy":true}`.
 */
import { encodeCb58 } from 'subnet-rpc'
import { sha256 } from '@noble/hashes/sha256'
import type { NodeConfig } from '../config/node.js'
import { formatRfc3339 } from '../wire/goFormat.js'
import { goMap } from 'subnet-rpc/internal'
import { nodeReleaseTable } from 'subnet-rpc/config'
import { decodeInfoArgs, fail, sliceField } from '../info/args.js'
import { goJsonTypeName, goStringValue } from '../wire/goScanner.js'
import type { ServiceHandler } from '../wire/gorilla.js'
import type { DevnetValidator } from '../validators/service.js'

export type HealthKind = 'health' | 'readiness' | 'liveness'

/** The `application` tag (`health.ApplicationTag`): checks with it are in every filtered report. */
export const applicationTag = 'application'
const primaryNetworkID = '11111111111111111111111111111111LpoYY'

/** What the checks read of one L1 the node validates. */
export type HealthL1 = {
  alias: string
  subnetID: string
  blockchainID: string
  /** The L1's last accepted block (height, hash), from its anvil. */
  lastAccepted(): Promise<{ height: bigint; hash: `0x${string}` }>
  /** The L1's validator set. */
  validators(): DevnetValidator[]
  /** Why the L1 cannot be served any more (its anvil ended, ../faults.ts), and since when. */
  failure?(): { message: string; at: Date } | undefined
}

/** What the checks read of the devnet. */
export type HealthState = {
  node: NodeConfig
  /** Unix ms the devnet started (its checks have run since). */
  startedAt: number
  /** The L1s, in the order their chains were created. */
  l1s: readonly HealthL1[]
  /** Primary chains: alias → blockchain ID. */
  primary: Record<'P' | 'X' | 'C', string>
}

/** A check's result; `since`: when a failure began, if not at the start (Unix ms). */
type Outcome = { details: unknown; error?: string; since?: number }
type Check = { name: string; tags: string[]; run: () => Promise<Outcome> | Outcome }

/** Go's `time.Duration.String()` for the whole-millisecond durations used here. */
function goDuration(ms: number): string {
  if (ms === 0) return '0s'
  if (ms < 1000) return `${ms}ms`
  return `${ms / 1000}s`
}

/** Milliseconds since the most recent of these (seconds ago); 0 when there are none. */
const latest = (agos: number[]) => (agos.length ? Math.min(...agos) * 1000 : 0)

/**
 * A chain's health check: its consensus engine and the connected stake of its validators (`acceptanceTime`: the
 * release still averages the time to accept a block).
 */
const chainCheck = (acceptanceTime: boolean, name: string, chainID: string, subnetID: string, vm: unknown, l1?: HealthL1): Check => ({
  name,
  tags: [subnetID],
  run: async () => {
    // A dead anvil: the chain's check fails, as a node's does when its VM stops answering (details as last seen).
    const failure = l1?.failure?.()
    if (failure) {
      const seen = lastSeen.get(l1!)
      const consensus = seen && { lastAcceptedID: encodeCb58(Buffer.from(seen.hash.slice(2), 'hex')), lastAcceptedHeight: seen.height }
      return { details: { engine: { consensus: consensus ?? null, vm: null } }, error: failure.message, since: failure.at.getTime() }
    }
    const last = l1
      ? await l1.lastAccepted()
      : { height: 0n, hash: `0x${Buffer.from(sha256(new TextEncoder().encode(chainID))).toString('hex')}` as const }
    if (l1) lastSeen.set(l1, last)
    const percent = l1 ? l1Stake(l1) : 1
    const details = {
      engine: {
        // snow/consensus/snowman/topological.go HealthCheck: a Go map, written with its keys sorted. v1.14.2 to
        // v1.15.0-fuji also average the time from building a block to accepting it (a matured averager: 0 for its
        // first 5 minutes, and the devnet accepts a block as it builds it) and fail above 15 s; v1.15.0 dropped it.
        consensus: goMap<unknown>([
          ['processingBlocks', 0],
          ['longestProcessingBlock', '0s'],
          ['lastAcceptedID', encodeCb58(Buffer.from(last.hash.slice(2), 'hex'))],
          ['lastAcceptedHeight', last.height],
          ...(acceptanceTime ? [['avgAcceptanceTime', '0s'] as const] : []),
        ]),
        vm,
      },
      networking: { percentConnected: percent, disconnectedValidators: [] },
    }
    // snow/networking/handler/health.go: below the required connected stake (80% by default).
    if (percent < 0.8) return { details, error: `not connected to enough stake: connected to ${percent * 100}%; required at least 80%` }
    return { details }
  },
})
/** The share of an L1's validator weight that is connected. */
const l1Stake = (l1: HealthL1) => {
  const set = l1.validators()
  const total = set.reduce((s, v) => s + v.weight, 0n)
  const connected = set.filter((v) => v.isConnected).reduce((s, v) => s + v.weight, 0n)
  return total === 0n ? 1 : Number((connected * 1_000_000n) / total) / 1_000_000
}

/** The checks of the devnet's node, by kind. */
function checks(state: HealthState): Record<HealthKind, Check[]> {
  const { node } = state
  const acceptanceTime = nodeReleaseTable[node.release].healthChecks.avgAcceptanceTime
  const bootstrapped: Check = { name: 'bootstrapped', tags: [applicationTag], run: () => ({ details: [] }) }
  const health: Check[] = [
    {
      name: 'network',
      tags: [applicationTag],
      run: () => {
        const connectedPeers = node.peers.length
        const details = {
          connectedPeers,
          sendFailRate: 0,
          timeSinceLastMsgReceived: goDuration(latest(node.peers.map((p) => p.lastReceivedAgo))),
          timeSinceLastMsgSent: goDuration(latest(node.peers.map((p) => p.lastSentAgo))),
          ingressConnectionCount: connectedPeers,
          primaryNetworkValidator: node.uptime !== null,
        }
        // network.go HealthCheck: the reasons joined with ", " (min connected peers defaults to 1).
        if (connectedPeers < 1)
          return {
            details,
            error: `network layer is unhealthy reason: not connected to a minimum of 1 peer(s) only ${connectedPeers}, no messages received from network, no messages sent to network`,
          }
        return { details }
      },
    },
    { name: 'router', tags: [applicationTag], run: () => ({ details: { longestRunningRequest: '0s', outstandingRequests: 0 } }) },
    // The database's HealthCheck details are nil: `message` is omitted.
    { name: 'database', tags: [applicationTag], run: () => ({ details: undefined }) },
    {
      name: 'diskspace',
      tags: [applicationTag],
      run: () => ({ details: { availableDiskBytes: 412_316_860_416n, availableDiskPercentage: 81 } }),
    },
    {
      name: 'bls',
      tags: [applicationTag],
      run: () => ({ details: node.uptime === null ? 'node is not a validator' : 'node has the correct BLS key' }),
    },
    bootstrapped,
    chainCheck(acceptanceTime, 'P', state.primary.P, primaryNetworkID, null),
    chainCheck(acceptanceTime, 'X', state.primary.X, primaryNetworkID, null),
    chainCheck(acceptanceTime, 'C', state.primary.C, primaryNetworkID, null),
    // A plugin VM's health is `{database, health}` (rpcchainvm vm_server.go); Subnet-EVM's own is nil (plugin/evm/health.go).
    ...state.l1s.map((l1) =>
      chainCheck(acceptanceTime, l1.alias, l1.blockchainID, l1.subnetID, { database: { [node.databaseVersion]: null }, health: null }, l1),
    ),
  ]
  return { health, readiness: [bootstrapped], liveness: [] }
}

/** A Go `time.Time` in the node's local zone, RFC 3339 with its fraction (ns). */
const goTime = (ms: number) => formatRfc3339(new Date(ms), 'local')

/** Each L1's last accepted block as its check last read it, for the report once its anvil is gone. */
const lastSeen = new WeakMap<HealthL1, { height: bigint; hash: `0x${string}` }>()

/** The checks of one kind with the given tags (worker.go `Results`: no tags is all; else tagged ones plus `application`), as `APIReply`. */
export async function healthReport(state: HealthState, kind: HealthKind, tags: readonly string[]) {
  const now = Date.now()
  const wanted = new Set(tags.length ? [...tags, applicationTag] : [])
  const chosen = checks(state)[kind].filter((c) => wanted.size === 0 || c.tags.some((t) => wanted.has(t)))
  let healthy = true
  const results = await Promise.all(
    chosen.map(async (c, i) => {
      const out = await c.run()
      // The worker runs each check every 30 s; the last run is up to 30 s ago, taking some microseconds. A failure
      // that began later is reported as seen when it began (the devnet knows it at once, a node at its next run).
      const since = out.since ?? state.startedAt
      const ranAt = now - ((now - since) % 30_000)
      const result: Record<string, unknown> = { message: out.details }
      if (out.error !== undefined) {
        healthy = false
        result.error = out.error
      }
      result.timestamp = goTime(ranAt)
      result.duration = 12_000 + i * 1_375
      if (out.error !== undefined) {
        // Failing since the devnet started: one failure per 30 s run.
        result.contiguousFailures = Math.floor((ranAt - since) / 30_000) + 1
        result.timeOfFirstFailure = goTime(since)
      }
      return [c.name, result] as const
    }),
  )
  return { checks: goMap(results), healthy }
}

/** A Go `string` slice element: a JSON string, or null (the zero string). */
const stringElement = (raw: string) => {
  const type = goJsonTypeName(raw)
  return type === 'null' ? '' : type === 'string' ? goStringValue(raw) : fail
}

/** The `health` service's methods (`service.go`: Health, Readiness, Liveness, each with `APIArgs{Tags}`). */
export function createHealthService(state: HealthState): Map<string, ServiceHandler> {
  const method = (kind: HealthKind) => (params: string | undefined) => {
    const { tags } = decodeInfoArgs(params, { tags: sliceField(stringElement) })
    return healthReport(state, kind, tags ?? [])
  }
  return new Map<string, ServiceHandler>([
    ['health', method('health')],
    ['readiness', method('readiness')],
    ['liveness', method('liveness')],
  ])
}
