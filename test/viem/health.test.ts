/**
 * The Health API and Subnet-EVM's Validators API through viem, against the real devnet:
 * decorated (called and not) and standalone actions, URLs derived from the client's
 * transport as the Info API's are, results equal to the devnet's raw replies converted by
 * the wire rules (int64/uint64 as bigint, times as Date, omitted fields filled in), GET
 * 200/503, and the Subnet-EVM v0.6.12–v0.7 unknown-NodeID error from a small fake node.
 */
import { createPublicClient, custom, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { useSharedDevnet } from '../helpers/devnet.js'
import { parseJson } from '../../src/core/json/parse.js'
import { fetchHealth } from '../../src/index.js'
import { getCurrentValidators, health, liveness, readiness } from '../../src/viem/actions/index.js'
import { deriveHealthUrl, deriveValidatorsUrl, healthActions, subnetHttp, validatorsActions } from '../../src/viem/index.js'
import { InfoEndpointError, InvalidArgumentError, NodeRpcError, PrecisionError, ResponseShapeError } from '../../src/errors/index.js'
import { BIG, eip1193, rejection, useFakeNode, useRecorder } from './helpers.js'

const devnet = useSharedDevnet()
const lonely = useSharedDevnet({ node: { peers: [] } })
const fake = useFakeNode()
const recorder = useRecorder(() => devnet().url)

/** The raw `result` of a call, parsed losslessly. */
async function raw(url: string, method: string, params: unknown = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (parseJson(await res.text()) as { result: any }).result
}

/** A health report as subnet-rpc returns it, from the raw JSON (the Go `Result` rules). */
function expectedHealth(r: any) {
  const checks: Record<string, unknown> = {}
  for (const [name, c] of Object.entries<any>(r.checks)) {
    checks[name] = {
      ...('message' in c ? { message: c.message } : {}),
      ...('error' in c ? { error: c.error } : {}),
      timestamp: new Date(c.timestamp),
      duration: BigInt(c.duration),
      contiguousFailures: BigInt(c.contiguousFailures ?? 0),
      timeOfFirstFailure: c.timeOfFirstFailure ? new Date(c.timeOfFirstFailure) : null,
    }
  }
  return { checks, healthy: r.healthy }
}

/** Runs `f` until two runs agree (a report's timestamps move every 30 s, uptimes every second). */
async function stable<T>(f: () => Promise<[T, T]>): Promise<[T, T]> {
  for (let i = 0; ; i++) {
    const [a, b] = await f()
    if (
      i === 2 ||
      JSON.stringify(a, (_, v) => (typeof v === 'bigint' ? `${v}n` : v)) ===
        JSON.stringify(b, (_, v) => (typeof v === 'bigint' ? `${v}n` : v))
    )
      return [a, b]
  }
}

describe('viem healthActions', () => {
  it('health, readiness, liveness equal the raw replies; decorated (called or not) and standalone agree', async () => {
    const client = createPublicClient({ transport: subnetHttp(devnet().rpcUrl) })
    const called = client.extend(healthActions())
    const bare = client.extend(healthActions)
    for (const [name, action] of [
      ['health', health],
      ['readiness', readiness],
      ['liveness', liveness],
    ] as const) {
      const [got, want] = await stable(async () => [
        await called[name](),
        expectedHealth(await raw(`${devnet().url}/ext/health`, `health.${name}`)),
      ])
      expect(got, name).toEqual(want)
      expect(await bare[name]()).toEqual(got)
      expect(await action(client)).toEqual(got)
    }
  })

  it('check names are the node’s own (never a fixed C/P/X list); tags filter', async () => {
    const client = createPublicClient({ transport: http(devnet().rpcUrl) }).extend(healthActions)
    const all = await client.health()
    expect(Object.keys(all.checks)).toContain(devnet().alias)
    expect(all.checks.network!.message).toMatchObject({ connectedPeers: 6 })
    expect(all.checks.network!.duration).toBeTypeOf('bigint')
    expect(all.checks.network!.timeOfFirstFailure).toBeNull()
    expect(all.checks.network!.contiguousFailures).toBe(0n)
    const tagged = await client.health({ tags: [devnet().subnetID] })
    expect(Object.keys(tagged.checks)).not.toContain('C')
    expect(Object.keys(tagged.checks)).toContain(devnet().alias)
    await expect(client.health({ tags: 'x' as never })).rejects.toBeInstanceOf(InvalidArgumentError)
  })

  it('an unhealthy node: healthy false, the failing check with error, contiguousFailures and timeOfFirstFailure', async () => {
    const client = createPublicClient({ transport: http(lonely().rpcUrl) }).extend(healthActions)
    const report = await client.health()
    expect(report.healthy).toBe(false)
    const network = report.checks.network!
    expect(network.error).toMatch(/^network layer is unhealthy reason: /)
    expect(network.contiguousFailures).toBeGreaterThanOrEqual(1n)
    expect(network.timeOfFirstFailure).toBeInstanceOf(Date)
  })

  it('goes to /ext/health of the transport’s node with its headers, batching off', async () => {
    const url = `${recorder().url}/prefix/ext/bc/${devnet().alias}/rpc?token=t`
    const client = createPublicClient({
      transport: http(url, { batch: true, fetchOptions: { headers: { 'x-api-key': 'k' } } }),
    }).extend(healthActions)
    await Promise.all([client.health(), client.liveness()])
    const calls = recorder().requests.filter((r) => r.url.includes('/ext/health'))
    expect(calls.map((r) => r.url)).toEqual(['/prefix/ext/health?token=t', '/prefix/ext/health?token=t'])
    expect(calls.every((r) => r.headers['x-api-key'] === 'k' && !Array.isArray(r.json))).toBe(true)
  })

  it('a custom transport needs { url }', async () => {
    const wallet = createPublicClient({ transport: custom(eip1193(() => devnet().rpcUrl)) })
    const err = await rejection(health(wallet))
    expect(err).toBeInstanceOf(InfoEndpointError)
    expect(err.message).toContain('healthActions({ url })')
    expect((await wallet.extend(healthActions({ url: devnet().url })).liveness()).healthy).toBe(true)
  })

  it('deriveHealthUrl', () => {
    expect(deriveHealthUrl('wss://u:p@api.example/v1/ext/bc/C/ws?x=1')).toBe('https://u:p@api.example/v1/ext/health?x=1')
  })
})

describe('fetchHealth (GET)', () => {
  it('200: healthy, equal to the JSON-RPC report', async () => {
    const client = createPublicClient({ transport: subnetHttp(devnet().rpcUrl) }).extend(healthActions)
    const [got, want] = await stable(async () => [await fetchHealth(devnet().rpcUrl), await client.health()])
    expect(got).toEqual(want)
    expect(await fetchHealth(devnet().url, { kind: 'liveness' })).toEqual({ checks: {}, healthy: true })
    const tagged = await fetchHealth(devnet().url, { tags: [devnet().subnetID] })
    expect(Object.keys(tagged.checks)).not.toContain('P')
  })

  it('503 is an answer: the report with healthy false, not an error', async () => {
    const report = await fetchHealth(lonely().url)
    expect(report.healthy).toBe(false)
    expect(report.checks.network!.error).toContain('only 0')
    expect((await fetchHealth(lonely().url, { kind: 'readiness' })).healthy).toBe(true)
  })

  it('any other status is not a health report', async () => {
    const err = await rejection(fetchHealth(`${devnet().url}/nope/ext/info`))
    expect(err).toBeInstanceOf(ResponseShapeError)
    expect(err.message).toContain('HTTP 404')
  })
})

describe('viem validatorsActions', () => {
  it('equals the raw reply; weight 2^53 + 1 exact over subnetHttp; standalone and decorated agree', async () => {
    const client = createPublicClient({ transport: subnetHttp(devnet().rpcUrl) })
    // The raw reply in the decoded form, so that `stable` can compare the two (uptimes move with the clock).
    const [got, expected] = await stable(async () => [
      await client.extend(validatorsActions).getCurrentValidators(),
      (await raw(`${devnet().url}/ext/bc/${devnet().blockchainID}/validators`, 'validators.getCurrentValidators')).validators.map(
        (v: any) => ({
          ...v,
          weight: BigInt(v.weight),
          startTimestamp: BigInt(v.startTimestamp),
          uptimeSeconds: BigInt(v.uptimeSeconds),
        }),
      ),
    ])
    expect(got).toEqual(expected)
    expect(got[0]).toMatchObject({ nodeID: devnet().nodeID, weight: BIG, isConnected: true, isL1Validator: true })
    const [a, b] = await stable(async () => [
      await getCurrentValidators(client),
      await client.extend(validatorsActions()).getCurrentValidators(),
    ])
    expect(a).toEqual(b)
  })

  it('nodeIDs filters; an unknown ID is left out (Subnet-EVM v0.8+)', async () => {
    const client = createPublicClient({ transport: subnetHttp(devnet().aliasRpcUrl) }).extend(validatorsActions)
    const only = await client.getCurrentValidators({ nodeIDs: [devnet().nodeID, 'NodeID-111111111111111111116DBWJs'] })
    expect(only.map((v) => v.nodeID)).toEqual([devnet().nodeID])
    await expect(client.getCurrentValidators({ nodeIDs: ['nope'] })).rejects.toBeInstanceOf(InvalidArgumentError)
  })

  it('plain http rounds the 2^53 + 1 weight: PrecisionError', async () => {
    const client = createPublicClient({ transport: http(devnet().rpcUrl) }).extend(validatorsActions)
    const err = await rejection(client.getCurrentValidators())
    expect(err).toBeInstanceOf(PrecisionError)
    expect(err.path).toBe('$.validators[0].weight')
  })

  it('from the base URL with blockchainID; without it, InfoEndpointError says what to pass', async () => {
    const base = createPublicClient({ transport: subnetHttp(devnet().url) })
    const list = await base.extend(validatorsActions({ blockchainID: devnet().blockchainID })).getCurrentValidators()
    expect(list).toHaveLength(5)
    // A client no decorator set a URL for: its transport's base URL names no chain.
    const err = await rejection(getCurrentValidators(createPublicClient({ transport: subnetHttp(devnet().url) })))
    expect(err).toBeInstanceOf(InfoEndpointError)
    expect(err.message).toContain('blockchainID')
    expect(deriveValidatorsUrl('ws://h:9650/ext/bc/devnet/ws')).toBe('http://h:9650/ext/bc/devnet/validators')
  })

  it('Subnet-EVM v0.6.12–v0.7: an unknown NodeID fails the call (fake node of that version)', async () => {
    const message = "couldn't find validator with node ID NodeID-111111111111111111116DBWJs"
    fake().answer('validators.getCurrentValidators', { error: { code: -32000, message, data: null } })
    const client = createPublicClient({ transport: http(`${fake().url}/ext/bc/devnet/rpc`) }).extend(validatorsActions)
    const err = await rejection(client.getCurrentValidators({ nodeIDs: ['NodeID-111111111111111111116DBWJs'] }))
    expect(err).toBeInstanceOf(NodeRpcError)
    expect(err.nodeMessage).toBe(message)
    const sent = fake().requests.at(-1)!
    expect(sent.url).toBe('/ext/bc/devnet/validators')
    expect((sent.json as any).params).toEqual({ nodeIDs: ['NodeID-111111111111111111116DBWJs'] })
  })
})

describe('Health replies the devnet does not send (fake node)', () => {
  it('a check not yet run, nanosecond times with offsets, counters above 2^53 exact over subnetHttp', async () => {
    fake().answer('health.health', {
      rawResult: `{"checks":{
        "C":{"error":"not yet run","timestamp":"0001-01-01T00:00:00Z","duration":0},
        "network":{"message":{"connectedPeers":3,"big":9007199254740993},"error":"network layer is unhealthy reason: no messages sent to network","timestamp":"2026-11-23T03:01:38.123456789+01:00","duration":1234567,"contiguousFailures":9007199254740993,"timeOfFirstFailure":"2026-11-22T10:00:00.5-05:00"}
      },"healthy":false}`,
    })
    const client = createPublicClient({ transport: subnetHttp(`${fake().url}/ext/bc/C/rpc`) }).extend(healthActions)
    const { checks, healthy } = await client.health()
    expect(healthy).toBe(false)
    expect(checks.C).toEqual({
      error: 'not yet run',
      timestamp: new Date('0001-01-01T00:00:00Z'),
      duration: 0n,
      contiguousFailures: 0n,
      timeOfFirstFailure: null,
    })
    expect(checks.network).toEqual({
      message: { connectedPeers: 3, big: BIG },
      error: 'network layer is unhealthy reason: no messages sent to network',
      timestamp: new Date('2026-11-23T02:01:38.123Z'),
      duration: 1_234_567n,
      contiguousFailures: BIG,
      timeOfFirstFailure: new Date('2026-11-22T15:00:00.500Z'),
    })
    expect(fake().requests.at(-1)!.url).toBe('/ext/health')
  })

  it('a malformed Result is a ResponseShapeError naming its path', async () => {
    fake().answer('health.readiness', { rawResult: '{"checks":{"bootstrapped":{"timestamp":"yesterday","duration":0}},"healthy":true}' })
    const client = createPublicClient({ transport: http(`${fake().url}/ext/bc/C/rpc`) }).extend(healthActions)
    const err = await rejection(client.readiness())
    expect(err).toBeInstanceOf(ResponseShapeError)
    expect(err.path).toBe('$.checks.bootstrapped.timestamp')
  })
})
