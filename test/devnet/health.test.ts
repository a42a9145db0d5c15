/**
 * The devnet's Health API (`/ext/health`) and the L1's Validators API
 * (`/ext/bc/<id>/validators`) on the node's wire format, checked raw: the gorilla JSON-RPC
 * envelope, the GET forms with 200/503, Go's field presence (omitempty) and number forms.
 */
import { describe, expect, it } from 'vitest'
import { useSharedDevnet, post, rpc } from '../helpers/devnet.js'

const devnet = useSharedDevnet()
// No peers: the `network` check fails, so the node is unhealthy (GET answers 503).
const lonely = useSharedDevnet({ node: { peers: [] } })

const rfc3339 = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/

describe('devnet /ext/health (JSON-RPC)', () => {
  it('health.health: every check, keys sorted as a Go map, Result fields as Go writes them', async () => {
    const r = await rpc(`${devnet().url}/ext/health`, 'health.health', '{}')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(r.body.endsWith('}\n')).toBe(true)
    const reply = JSON.parse(r.body)
    expect(Object.keys(reply)).toEqual(['jsonrpc', 'result', 'id'])
    const { checks, healthy } = reply.result
    expect(healthy).toBe(true)
    const names = Object.keys(checks)
    expect(names).toEqual([...names].sort())
    expect(names).toEqual(['C', 'P', 'X', 'bls', 'bootstrapped', 'database', 'devnet', 'diskspace', 'network', 'router'])
    for (const [name, c] of Object.entries<any>(checks)) {
      // Field order of api/health/result.go; omitempty: no error, no contiguousFailures, no timeOfFirstFailure when passing.
      const keys = Object.keys(c)
      expect(keys, name).toEqual(name === 'database' ? ['timestamp', 'duration'] : ['message', 'timestamp', 'duration'])
      expect(c.timestamp).toMatch(rfc3339)
      expect(Number.isInteger(c.duration)).toBe(true)
    }
    expect(checks.network.message.connectedPeers).toBe(6)
    expect(checks.bootstrapped.message).toEqual([])
    expect(checks.devnet.message.engine.vm).toEqual({ database: { 'v1.4.5': null }, health: null })
    expect(checks.diskspace.message.availableDiskBytes).toBe(412316860416)
  })

  it('tags: the tagged checks plus every application check', async () => {
    const l1 = await rpc(`${devnet().url}/ext/health`, 'health.health', JSON.stringify({ tags: [devnet().subnetID] }))
    expect(Object.keys(JSON.parse(l1.body).result.checks)).toEqual([
      'bls',
      'bootstrapped',
      'database',
      'devnet',
      'diskspace',
      'network',
      'router',
    ])
    const none = await rpc(`${devnet().url}/ext/health`, 'health.health', '{"tags":["no-such-tag"]}')
    expect(Object.keys(JSON.parse(none.body).result.checks)).not.toContain('devnet')
  })

  it('readiness is bootstrapped only; liveness has no check', async () => {
    const ready = JSON.parse((await rpc(`${devnet().url}/ext/health`, 'health.readiness', '{}')).body).result
    expect(Object.keys(ready.checks)).toEqual(['bootstrapped'])
    expect(ready.healthy).toBe(true)
    const live = await rpc(`${devnet().url}/ext/health`, 'health.liveness')
    expect(live.body).toBe('{"jsonrpc":"2.0","result":{"checks":{},"healthy":true},"id":1}\n')
  })

  it("gorilla's errors name the health service", async () => {
    const wrong = await rpc(`${devnet().url}/ext/health`, 'health.nope', '{}')
    expect(JSON.parse(wrong.body).error).toEqual({ code: -32000, message: 'rpc: can\'t find method "health.Nope"', data: null })
    const service = await rpc(`${devnet().url}/ext/health`, 'info.health', '{}')
    expect(JSON.parse(service.body).error.message).toBe('rpc: can\'t find service "info.Health"')
    const badTags = await rpc(`${devnet().url}/ext/health`, 'health.health', '{"tags":[1]}')
    expect(JSON.parse(badTags.body).error.message).toMatch(/^couldn't unmarshal an argument/)
    const put = await fetch(`${devnet().url}/ext/health`, { method: 'PUT', body: '{}' })
    expect(put.status).toBe(405)
  })

  it('an unhealthy node still answers 200 over JSON-RPC, with the failing check', async () => {
    const r = await rpc(`${lonely().url}/ext/health`, 'health.health', '{}')
    expect(r.status).toBe(200)
    const { checks, healthy } = JSON.parse(r.body).result
    expect(healthy).toBe(false)
    const network = checks.network
    expect(Object.keys(network)).toEqual(['message', 'error', 'timestamp', 'duration', 'contiguousFailures', 'timeOfFirstFailure'])
    expect(network.error).toMatch(/^network layer is unhealthy reason: not connected to a minimum of 1 peer\(s\) only 0/)
    expect(network.contiguousFailures).toBeGreaterThanOrEqual(1)
    expect(network.timeOfFirstFailure).toMatch(rfc3339)
    // Only the own node validates the L1 and it is connected: the L1's chain check passes.
    expect(checks.devnet.error).toBeUndefined()
  })
})

describe('devnet GET /ext/health', () => {
  it('200 with the bare report (no envelope) when healthy, on every GET path', async () => {
    for (const path of ['/ext/health', '/ext/health/health', '/ext/health/readiness', '/ext/health/liveness']) {
      const res = await fetch(`${devnet().url}${path}`)
      expect(res.status, path).toBe(200)
      expect(res.headers.get('content-type')).toBe('application/json')
      const text = await res.text()
      expect(text.endsWith('\n')).toBe(true)
      expect(Object.keys(JSON.parse(text))).toEqual(['checks', 'healthy'])
    }
    const live = await fetch(`${devnet().url}/ext/health/liveness`)
    expect(await live.text()).toBe('{"checks":{},"healthy":true}\n')
  })

  it('?tag= filters as tags do; the sub-paths ignore the HTTP method', async () => {
    const res = await fetch(`${devnet().url}/ext/health?tag=${devnet().subnetID}&tag=other`)
    expect(Object.keys((await res.json()).checks)).toContain('devnet')
    const postReady = await post(`${devnet().url}/ext/health/readiness`, '')
    expect(postReady.status).toBe(200)
    expect(Object.keys(JSON.parse(postReady.body).checks)).toEqual(['bootstrapped'])
  })

  it('503 with the report when a check fails; readiness stays 200', async () => {
    const res = await fetch(`${lonely().url}/ext/health`)
    expect(res.status).toBe(503)
    const body = await res.json()
    expect(body.healthy).toBe(false)
    expect(body.checks.network.error).toContain('not connected to a minimum of 1 peer(s)')
    expect((await fetch(`${lonely().url}/ext/health/readiness`)).status).toBe(200)
    expect((await fetch(`${lonely().url}/ext/health/liveness`)).status).toBe(200)
  })
})

describe('devnet validators.getCurrentValidators', () => {
  const call = (params?: string, chain = devnet().blockchainID) =>
    rpc(`${devnet().url}/ext/bc/${chain}/validators`, 'validators.getCurrentValidators', params)

  it('the own node and the L1-tracking peers, uint64 as bare numbers, uptimePercentage a float32', async () => {
    const r = await call('{}')
    expect(r.status).toBe(200)
    // The own node's weight is 2^53 + 1, written bare: check the text, not a JSON.parse'd (rounded) number.
    expect(r.body).toContain('"weight":9007199254740993,')
    const { validators } = JSON.parse(r.body).result
    expect(validators.map((v: any) => v.nodeID)[0]).toBe(devnet().nodeID)
    expect(validators).toHaveLength(5)
    for (const v of validators) {
      expect(Object.keys(v)).toEqual([
        'validationID',
        'nodeID',
        'weight',
        'startTimestamp',
        'isActive',
        'isL1Validator',
        'isConnected',
        'uptimePercentage',
        'uptimeSeconds',
      ])
      expect(typeof v.startTimestamp).toBe('number')
      expect(typeof v.uptimePercentage).toBe('number')
      expect(v.isConnected).toBe(true)
    }
    // The peer the node config gives 96% observed uptime.
    expect(validators.map((v: any) => v.uptimePercentage)).toContain(96)
  })

  it('by alias too; nodeIDs filters; unknown IDs are left out (v0.8+), not an error', async () => {
    const byAlias = JSON.parse((await call('{}', devnet().alias)).body).result.validators
    expect(byAlias).toHaveLength(5)
    const unknown = 'NodeID-111111111111111111116DBWJs'
    const one = await call(JSON.stringify({ nodeIDs: [devnet().nodeID, unknown] }))
    expect(JSON.parse(one.body).result.validators.map((v: any) => v.nodeID)).toEqual([devnet().nodeID])
    const none = await call(JSON.stringify({ nodeIDs: [unknown] }))
    expect(JSON.parse(none.body).result).toEqual({ validators: [] })
    const bad = await call('{"nodeIDs":["nope"]}')
    expect(JSON.parse(bad.body).error.message).toMatch(/^couldn't unmarshal an argument/)
    const other = await rpc(`${devnet().url}/ext/bc/${devnet().blockchainID}/validators`, 'info.getNodeID', '{}')
    expect(JSON.parse(other.body).error.message).toBe('rpc: can\'t find service "info.GetNodeID"')
  })
})
