/**
 * The ProposerVM API through ethers (`provider.proposervm`, `ProposerVMClient`) against the real devnet:
 * results deep-equal to viem's, the URL derived from the provider's or given with `blockchainID`, and
 * the provider's lifecycle (debug events, refused once destroyed).
 */
import { FetchRequest } from 'ethers'
import { createPublicClient, http } from 'viem'
import { describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { ProposerVMClient, SubnetProvider } from '../../src/ethers/index.js'
import { proposerVMActions } from '../../src/viem/index.js'
import { InfoEndpointError } from '../../src/errors/index.js'
import { rejection } from '../helpers/servers.js'

const devnet = useDevnet({ seed: 'ethers-proposervm' })

describe('ethers provider.proposervm / ProposerVMClient', () => {
  it('equal viem’s results (getProposedHeight, getCurrentEpoch)', async () => {
    const provider = new SubnetProvider(devnet().rpcUrl)
    const viem = createPublicClient({ transport: http(devnet().rpcUrl) }).extend(proposerVMActions)
    expect(provider.proposervm.url).toBe(`${devnet().url}/ext/bc/${devnet().blockchainID}/proposervm`)
    expect(await provider.proposervm.getProposedHeight()).toBe(await viem.getProposedHeight())
    expect(await provider.proposervm.getProposedHeight()).toBe(3n)
    expect(await provider.proposervm.getCurrentEpoch()).toEqual(await viem.getCurrentEpoch())
    provider.destroy()
  })

  it('follows the provider: debug events, refused once destroyed', async () => {
    const provider = new SubnetProvider(devnet().rpcUrl)
    const events: string[] = []
    provider.on('debug', (e: { action: string }) => void events.push(e.action))
    await provider.proposervm.getCurrentEpoch()
    expect(events).toEqual(['sendRpcPayload', 'receiveRpcResult'])
    provider.destroy()
    expect((await rejection(provider.proposervm.getProposedHeight())).code).toBe('UNSUPPORTED_OPERATION')
  })

  it('clients from a URL or a FetchRequest (headers kept); the base URL needs blockchainID', async () => {
    const request = new FetchRequest(`${devnet().url}/ext/info`)
    request.setHeader('x-api-key', 'k')
    const client = new ProposerVMClient(request, { blockchainID: devnet().alias })
    expect(client.url).toBe(`${devnet().url}/ext/bc/${devnet().alias}/proposervm`)
    expect(await client.getProposedHeight()).toBe(3n)
    expect((await new ProposerVMClient(devnet().aliasRpcUrl).getCurrentEpoch()).number).toBeGreaterThanOrEqual(1n)
    expect(() => new ProposerVMClient(devnet().url)).toThrow(InfoEndpointError)
  })
})
