/**
 * Parity: every method through the viem adapter (`subnetHttp` + `subnetActions` +
 * `infoActions`) and through the ethers adapter (`SubnetProvider`, `provider.info`, the
 * function forms) on the same devnet state gives deep-equal results. The fee config
 * holds 2^53 + 1 so exactness is compared too.
 */
import { createPublicClient } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { infoActions, subnetActions, subnetHttp } from '../../src/viem/index.js'
import { SubnetProvider, feeConfig, getActivePrecompilesAt, getActiveRulesAt, getChainConfig } from '../../src/ethers/index.js'
import { BIG, bigFeeJson, rawCall, rejection } from './helpers.js'

const devnet = useDevnet({ seed: 'ethers-parity' })

let provider: SubnetProvider
let blockHash: `0x${string}`
let blockNumber: bigint
const viem = () =>
  createPublicClient({ transport: subnetHttp(devnet().rpcUrl) })
    .extend(subnetActions())
    .extend(infoActions())

beforeAll(async () => {
  const r = await rawCall(devnet().rpcUrl, 'devnet_setFeeConfig', `[${bigFeeJson}]`)
  expect(r.error).toBeUndefined()
  blockHash = r.result.blockHash
  blockNumber = BigInt(r.result.blockNumber)
  provider = new SubnetProvider(devnet().rpcUrl)
})

afterAll(() => provider?.destroy())

/** Peers' lastSent/lastReceived are "now minus n seconds": equal up to the seconds between two calls. */
function expectSamePeers(a: any, b: any) {
  expect(a.peers).toHaveLength(b.peers.length)
  a.peers.forEach((p: any, i: number) => {
    expect(p.lastSent).toBeInstanceOf(Date)
    expect(Math.abs(p.lastSent.getTime() - b.peers[i].lastSent.getTime())).toBeLessThanOrEqual(2000)
    expect(Math.abs(p.lastReceived.getTime() - b.peers[i].lastReceived.getTime())).toBeLessThanOrEqual(2000)
  })
  const strip = (r: any) => ({ ...r, peers: r.peers.map(({ lastSent: _s, lastReceived: _r, ...p }: any) => p) })
  expect(strip(a)).toEqual(strip(b))
}

describe('viem and ethers agree on the Subnet-EVM methods', () => {
  it('feeConfig for every block form', async () => {
    const v = viem()
    const pairs: [Promise<unknown>, Promise<unknown>][] = [
      [v.feeConfig(), provider.feeConfig()],
      [v.feeConfig({ blockTag: 'latest' }), provider.feeConfig('latest')],
      [v.feeConfig({ blockTag: 'earliest' }), provider.feeConfig('earliest')],
      [v.feeConfig({ blockTag: 'pending' }), provider.feeConfig('pending')],
      [v.feeConfig({ blockNumber: 0n }), provider.feeConfig(0)],
      [v.feeConfig({ blockNumber }), provider.feeConfig(blockNumber)],
      [v.feeConfig({ blockNumber }), provider.feeConfig(`0x${blockNumber.toString(16)}`)],
      [v.feeConfig({ blockHash }), provider.feeConfig(blockHash)],
      [v.feeConfig({ blockHash }), feeConfig(provider, blockHash)],
    ]
    for (const [a, b] of pairs) expect(await b).toEqual(await a)
    expect(((await provider.feeConfig()) as any).feeConfig.minBaseFee).toBe(BIG)
  })

  it('getChainConfig', async () => {
    const a = await viem().getChainConfig()
    expect(await provider.getChainConfig()).toEqual(a)
    expect(await getChainConfig(provider)).toEqual(a)
  })

  it('getActiveRulesAt and getActivePrecompilesAt for each timestamp form', async () => {
    const v = viem()
    const t = 1_700_000_000
    for (const ts of [undefined, 0, t, BigInt(t), new Date(t * 1000 + 1), Math.floor(Date.now() / 1000) + 11_000]) {
      const args = ts === undefined ? {} : { timestamp: ts }
      expect(await provider.getActiveRulesAt(ts)).toEqual(await v.getActiveRulesAt(args))
      expect(await getActiveRulesAt(provider, ts)).toEqual(await v.getActiveRulesAt(args))
      expect(await provider.getActivePrecompilesAt(ts)).toEqual(await v.getActivePrecompilesAt(args))
      expect(await getActivePrecompilesAt(provider, ts)).toEqual(await v.getActivePrecompilesAt(args))
    }
  })
})

describe('viem and ethers agree on the 13 Info methods', () => {
  it('acps, getNetworkID, getNetworkName, getNodeID, getNodeIP, getNodeVersion, getTxFee, getVMs, upgrades, uptime', async () => {
    const v = viem()
    const i = provider.info
    expect(await i.acps()).toEqual(await v.acps())
    expect(await i.getNetworkID()).toEqual(await v.getNetworkID())
    expect(await i.getNetworkName()).toEqual(await v.getNetworkName())
    expect(await i.getNodeID()).toEqual(await v.getNodeID())
    expect(await i.getNodeIP()).toEqual(await v.getNodeIP())
    expect(await i.getNodeVersion()).toEqual(await v.getNodeVersion())
    expect(await i.getTxFee()).toEqual(await v.getTxFee())
    expect(await i.getVMs()).toEqual(await v.getVMs())
    expect(await i.upgrades()).toEqual(await v.upgrades())
    expect(await i.uptime()).toEqual(await v.uptime())
    expect(await i.uptime({ subnetID: devnet().subnetID })).toEqual(await v.uptime({ subnetID: devnet().subnetID }))
  })

  it('isBootstrapped and getBlockchainID for each alias', async () => {
    const v = viem()
    for (const chain of ['C', 'X', 'P', 'devnet', devnet().blockchainID])
      expect(await provider.info.isBootstrapped({ chain })).toEqual(await v.isBootstrapped({ chain }))
    for (const alias of ['C', 'X', 'P', 'devnet'])
      expect(await provider.info.getBlockchainID({ alias })).toEqual(await v.getBlockchainID({ alias }))
  })

  it('peers: all, filtered, none (times compared within a second or two)', async () => {
    const v = viem()
    const all = await v.peers()
    expectSamePeers(await provider.info.peers(), all)
    const some = [all.peers[0]!.nodeID, all.peers[3]!.nodeID]
    expectSamePeers(await provider.info.peers({ nodeIDs: some }), await v.peers({ nodeIDs: some }))
    expectSamePeers(await provider.info.peers({ nodeIDs: [] }), await v.peers({ nodeIDs: [] }))
  })

  it('the same errors, with the same class, code and node message', async () => {
    const v = viem()
    const a = await rejection(v.getBlockchainID({ alias: 'nope' }))
    const b = await rejection(provider.info.getBlockchainID({ alias: 'nope' }))
    expect(b.constructor).toBe(a.constructor)
    expect([b.code, b.nodeMessage, b.method]).toEqual([a.code, a.nodeMessage, a.method])
    const c = await rejection(v.feeConfig({ blockNumber: 1_000_000n }))
    const d = await rejection(provider.feeConfig(1_000_000n))
    expect(d.constructor).toBe(c.constructor)
    expect([d.code, d.nodeMessage, d.method]).toEqual([c.code, c.nodeMessage, c.method])
  })
})
