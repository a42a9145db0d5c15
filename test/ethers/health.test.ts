/**
 * The Health API and Subnet-EVM's Validators API through ethers (`provider.health`,
 * `provider.validators`, `HealthClient`, `ValidatorsClient`) against the real devnet:
 * results deep-equal to viem's, GET 200/503, the provider's lifecycle (destroyed, debug).
 */
import { FetchRequest } from 'ethers'
import { createPublicClient } from 'viem'
import { describe, expect, it } from 'vitest'
import { useSharedDevnet } from '../helpers/devnet.js'
import { HealthClient, SubnetProvider, ValidatorsClient } from '../../src/ethers/index.js'
import { healthActions, subnetHttp, validatorsActions } from '../../src/viem/index.js'
import { InfoEndpointError, NodeRpcError } from '../../src/errors/index.js'
import { BIG, rejection, useFakeNode } from '../helpers/servers.js'

const devnet = useSharedDevnet()
const lonely = useSharedDevnet({ node: { peers: [] } })
const fake = useFakeNode()

const text = (v: unknown) => JSON.stringify(v, (_, x) => (typeof x === 'bigint' ? `${x}n` : x))

/** Runs `f` until two runs agree (a report's timestamps move every 30 s, uptimes every second). */
async function stable<T>(f: () => Promise<[T, T]>): Promise<[T, T]> {
  for (let i = 0; ; i++) {
    const [a, b] = await f()
    if (i === 2 || text(a) === text(b)) return [a, b]
  }
}

describe('ethers provider.health / provider.validators', () => {
  it('equal viem’s results (health, readiness, liveness, getCurrentValidators)', async () => {
    const provider = new SubnetProvider(devnet().rpcUrl)
    const viem = createPublicClient({ transport: subnetHttp(devnet().rpcUrl) })
      .extend(healthActions)
      .extend(validatorsActions)
    try {
      for (const name of ['health', 'readiness', 'liveness'] as const) {
        const [a, b] = await stable(async () => [await provider.health[name](), await viem[name]()])
        expect(a, name).toEqual(b)
      }
      const [a, b] = await stable(async () => [await provider.validators.getCurrentValidators(), await viem.getCurrentValidators()])
      expect(a).toEqual(b)
      expect(a[0]!.weight).toBe(BIG)
      expect(provider.health.url).toBe(`${devnet().url}/ext/health`)
      expect(provider.validators.url).toBe(`${devnet().url}/ext/bc/${devnet().blockchainID}/validators`)
      expect(provider.health).toBe(provider.health)
    } finally {
      provider.destroy()
    }
  })

  it('check(): GET 200 healthy, 503 unhealthy as a result; equal to the JSON-RPC report', async () => {
    const provider = new SubnetProvider(lonely().rpcUrl)
    try {
      const report = await provider.health.check()
      expect(report.healthy).toBe(false)
      expect(report.checks.network!.error).toMatch(/^network layer is unhealthy reason: /)
      expect((await provider.health.check({ kind: 'readiness' })).healthy).toBe(true)
      const [a, b] = await stable(async () => [await provider.health.check(), await provider.health.health()])
      expect(a).toEqual(b)
    } finally {
      provider.destroy()
    }
    const client = new HealthClient(devnet().url)
    expect(await client.check({ kind: 'liveness' })).toEqual({ checks: {}, healthy: true })
    const tagged = await client.check({ tags: [devnet().subnetID] })
    expect(Object.keys(tagged.checks)).toContain(devnet().alias)
    expect(Object.keys(tagged.checks)).not.toContain('X')
  })

  it('follows the provider: debug events, refused once destroyed', async () => {
    const provider = new SubnetProvider(devnet().rpcUrl)
    const events: string[] = []
    provider.on('debug', (e: { action: string }) => void events.push(e.action))
    await provider.health.liveness()
    await provider.validators.getCurrentValidators({ nodeIDs: [devnet().nodeID] })
    expect(events).toEqual(['sendRpcPayload', 'receiveRpcResult', 'sendRpcPayload', 'receiveRpcResult'])
    provider.destroy()
    const err = await rejection(provider.health.health())
    expect(err.code).toBe('UNSUPPORTED_OPERATION')
    expect((await rejection(provider.health.check())).code).toBe('UNSUPPORTED_OPERATION')
    expect((await rejection(provider.validators.getCurrentValidators())).code).toBe('UNSUPPORTED_OPERATION')
  })

  it('clients from a URL or a FetchRequest (headers kept); the base URL needs blockchainID', async () => {
    const request = new FetchRequest(`${devnet().url}/ext/info`)
    request.setHeader('x-api-key', 'k')
    const validators = new ValidatorsClient(request, { blockchainID: devnet().alias })
    expect(validators.url).toBe(`${devnet().url}/ext/bc/${devnet().alias}/validators`)
    expect(await validators.getCurrentValidators({ nodeIDs: [devnet().nodeID] })).toHaveLength(1)
    expect(() => new ValidatorsClient(devnet().url)).toThrow(InfoEndpointError)
  })

  it('Subnet-EVM v0.6.12–v0.7: an unknown NodeID fails the call (fake node of that version)', async () => {
    const message = "couldn't find validator with node ID NodeID-111111111111111111116DBWJs"
    fake().answer('validators.getCurrentValidators', { error: { code: -32000, message, data: null } })
    const err = await rejection(
      new ValidatorsClient(`${fake().url}/ext/bc/devnet/rpc`).getCurrentValidators({ nodeIDs: ['NodeID-111111111111111111116DBWJs'] }),
    )
    expect(err).toBeInstanceOf(NodeRpcError)
    expect(err.nodeMessage).toBe(message)
  })
})
