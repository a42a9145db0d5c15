/**
 * The ProposerVM API through viem against the real devnet: decorated (called and not) and standalone
 * actions, the URL derived from the client's transport (`/ext/bc/<chain>/proposervm`), results equal
 * to the devnet's raw replies as bigint, the node's errors typed, and an EVM chain given as the
 * endpoint (the devnet's anvil) named by the hint.
 */
import { createPublicClient, http, webSocket } from 'viem'
import { describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { getCurrentEpoch, getProposedHeight } from '../../src/viem/actions/index.js'
import { deriveProposerVMUrl, proposerVMActions, subnetHttp } from '../../src/viem/index.js'
import { InfoEndpointError, MethodNotFoundError, ResponseShapeError } from '../../src/errors/index.js'
import { rejection, useFakeNode } from './helpers.js'

const devnet = useDevnet({ seed: 'viem-proposervm' })
const fake = useFakeNode()

/** The raw `result` of a call to the devnet's proposervm endpoint. */
async function raw(method: string) {
  const res = await fetch(`${devnet().url}/ext/bc/${devnet().blockchainID}/proposervm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: {} }),
  })
  return (JSON.parse(await res.text()) as { result: Record<string, string> }).result
}

describe('viem proposerVMActions', () => {
  it('deriveProposerVMUrl: from a chain URL (rpc, ws, validators, the P-Chain), or a node URL with blockchainID', () => {
    expect(deriveProposerVMUrl('http://127.0.0.1:9650/ext/bc/devnet/rpc')).toBe('http://127.0.0.1:9650/ext/bc/devnet/proposervm')
    expect(deriveProposerVMUrl('wss://u:p@h.example/v1/ext/bc/C/ws?k=1')).toBe('https://u:p@h.example/v1/ext/bc/C/proposervm?k=1')
    expect(deriveProposerVMUrl('http://h/ext/bc/P')).toBe('http://h/ext/bc/P/proposervm')
    expect(deriveProposerVMUrl('http://h/ext/bc/x/validators')).toBe('http://h/ext/bc/x/proposervm')
    expect(deriveProposerVMUrl('http://h:9650', 'P')).toBe('http://h:9650/ext/bc/P/proposervm')
    expect(() => deriveProposerVMUrl('http://h:9650/ext/info')).toThrow(InfoEndpointError)
    expect(() => deriveProposerVMUrl('http://h:9650', 'a/b')).toThrow(/pass a chain's \/ext\/bc\/<blockchainID>\/… URL or its blockchainID/)
  })

  it('decorated (called and not) and standalone: the raw figures as bigint', async () => {
    const client = createPublicClient({ transport: http(devnet().rpcUrl) })
    const height = BigInt((await raw('proposervm.getProposedHeight')).height!)
    expect(height).toBe(3n)
    for (const c of [client.extend(proposerVMActions), client.extend(proposerVMActions())]) expect(await c.getProposedHeight()).toBe(height)
    expect(await getProposedHeight(client)).toBe(3n)
    const epoch = await raw('proposervm.getCurrentEpoch')
    const expected = { number: BigInt(epoch.number!), startTime: BigInt(epoch.startTime!), pChainHeight: BigInt(epoch.pChainHeight!) }
    expect(await getCurrentEpoch(client)).toEqual(expected)
    expect(await client.extend(proposerVMActions()).getCurrentEpoch()).toEqual(expected)
  })

  it('over a WebSocket transport, subnetHttp, the alias, and { url, blockchainID } from the node URL', async () => {
    const ws = createPublicClient({ transport: webSocket(devnet().wsUrl) }).extend(proposerVMActions)
    expect(await ws.getProposedHeight()).toBe(3n)
    const alias = createPublicClient({ transport: subnetHttp(devnet().aliasRpcUrl) }).extend(proposerVMActions)
    expect(await alias.getProposedHeight()).toBe(3n)
    const byNode = createPublicClient({ transport: http(devnet().anvilUrl) }).extend(
      proposerVMActions({ url: devnet().url, blockchainID: devnet().blockchainID }),
    )
    expect((await byNode.getCurrentEpoch()).number).toBeGreaterThanOrEqual(1n)
  })

  it("an EVM chain's URL as the endpoint: MethodNotFoundError naming the ProposerVM API's URL", async () => {
    const transport = http(devnet().anvilUrl)
    const client = createPublicClient({ transport }).extend(proposerVMActions({ transport }))
    const e = (await rejection(client.getProposedHeight())) as MethodNotFoundError
    expect(e).toBeInstanceOf(MethodNotFoundError)
    expect(e.shortMessage).toBe(
      "proposervm.getProposedHeight failed: an EVM chain, not a chain's ProposerVM API: use …/ext/bc/<blockchainID>/proposervm",
    )
    expect(e.nodeMessage).toBe('Method not found')
    // The Info API's URL (gorilla, another service) as the endpoint.
    const info = http(devnet().infoUrl)
    const i = (await rejection(
      createPublicClient({ transport: info })
        .extend(proposerVMActions({ transport: info }))
        .getCurrentEpoch(),
    )) as MethodNotFoundError
    expect(i).toBeInstanceOf(MethodNotFoundError)
    expect(i.hint).toBe("another API of the node, not a chain's ProposerVM API: use …/ext/bc/<blockchainID>/proposervm")
    expect(i.nodeMessage).toBe('rpc: can\'t find service "proposervm.GetCurrentEpoch"')
  })

  it('a reply of the wrong shape (a bare number where json.Uint64 is quoted is read; a float is not)', async () => {
    fake().answer('proposervm.getProposedHeight', { rawResult: '{"height":18446744073709551615}' })
    fake().answer('proposervm.getCurrentEpoch', { rawResult: '{"number":"1","startTime":"1.5","pChainHeight":"0"}' })
    const client = createPublicClient({ transport: subnetHttp(`${fake().url}/ext/bc/P`) }).extend(proposerVMActions)
    expect(await client.getProposedHeight()).toBe(18446744073709551615n)
    const e = (await rejection(client.getCurrentEpoch())) as ResponseShapeError
    expect(e).toBeInstanceOf(ResponseShapeError)
    expect([e.path, e.expected, e.received]).toEqual(['$.startTime', 'an integer', '"1.5"'])
    expect(fake().requests.at(-1)!.url).toBe('/ext/bc/P/proposervm')
  })
})
