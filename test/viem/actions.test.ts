/**
 * Every chain and Info action, decorated and standalone, over http, subnetHttp, a fallback
 * of http transports and a custom EIP-1193 transport, against the real devnet. Each result
 * must equal the devnet's raw reply converted by the wire rules (uint64 and *big.Int as
 * bigint, uint32 counts and percentages as number, RFC 3339 times as Date).
 */
import { createPublicClient, custom, fallback, http, type Client, type Transport } from 'viem'
import { describe, expect, it } from 'vitest'
import { useSharedDevnet } from '../helpers/devnet.js'
import { infoActions, subnetActions, subnetHttp } from '../../src/viem/index.js'
import * as actions from '../../src/viem/actions/index.js'
import { InfoEndpointError } from '../../src/errors/index.js'
import { eip1193, expectedInfo, numbersToBigint, rawResult } from './helpers.js'

const devnet = useSharedDevnet()

type Setup = {
  name: string
  transport: () => Transport
  /** infoActions options (custom transports need a URL). */
  info?: () => { url: string }
  /** Whether standalone Info actions can derive the Info URL from the transport. */
  derivesInfo: boolean
}

const setups: Setup[] = [
  { name: 'http', transport: () => http(devnet().rpcUrl), derivesInfo: true },
  { name: 'subnetHttp', transport: () => subnetHttp(devnet().rpcUrl), derivesInfo: true },
  { name: 'fallback([http])', transport: () => fallback([http(devnet().rpcUrl)]), derivesInfo: true },
  {
    name: 'fallback([subnetHttp, http]) by alias URL',
    transport: () => fallback([subnetHttp(devnet().aliasRpcUrl), http(devnet().rpcUrl)]),
    derivesInfo: true,
  },
  {
    name: 'custom EIP-1193',
    transport: () => custom(eip1193(() => devnet().rpcUrl)),
    info: () => ({ url: devnet().infoUrl }),
    derivesInfo: false,
  },
]

const chain = (method: string, params?: unknown[]) => rawResult(devnet().rpcUrl, method, params)
const info = (method: string, params?: Record<string, unknown>) => rawResult(devnet().infoUrl, method, params ?? {})

/** Peers' lastSent/lastReceived are "now minus n seconds": equal up to the seconds between two calls. */
function expectPeers(actual: any, expected: any) {
  expect(actual.peers).toHaveLength(expected.peers.length)
  actual.peers.forEach((p: any, i: number) => {
    const e = expected.peers[i]
    expect(p.lastSent).toBeInstanceOf(Date)
    expect(p.lastReceived).toBeInstanceOf(Date)
    expect(Math.abs(p.lastSent.getTime() - e.lastSent.getTime())).toBeLessThanOrEqual(3000)
    expect(Math.abs(p.lastReceived.getTime() - e.lastReceived.getTime())).toBeLessThanOrEqual(3000)
  })
  const strip = (r: any) => ({ ...r, peers: r.peers.map(({ lastSent: _s, lastReceived: _r, ...p }: any) => p) })
  expect(strip(actual)).toEqual(strip(expected))
}

describe.each(setups)('over $name', (setup) => {
  const client = () =>
    createPublicClient({ transport: setup.transport() })
      .extend(subnetActions())
      .extend(infoActions(setup.info?.() ?? {}))
  const bare = (): Client => createPublicClient({ transport: setup.transport() })

  describe('chain actions', () => {
    it('feeConfig: default, tags, number, hash', async () => {
      const c = client()
      const latest = numbersToBigint(await chain('eth_feeConfig'))
      expect(latest.feeConfig.minBaseFee).toBe(25_000_000_000n)
      expect(await c.feeConfig()).toEqual(latest)
      expect(await c.feeConfig({ blockTag: 'latest' })).toEqual(numbersToBigint(await chain('eth_feeConfig', ['latest'])))
      expect(await c.feeConfig({ blockTag: 'earliest' })).toEqual(numbersToBigint(await chain('eth_feeConfig', ['earliest'])))
      expect(await c.feeConfig({ blockNumber: 0n })).toEqual(numbersToBigint(await chain('eth_feeConfig', ['0x0'])))
      expect(await c.feeConfig({ blockNumber: 0 })).toEqual(numbersToBigint(await chain('eth_feeConfig', ['0x0'])))
      const genesis = await rawResult(devnet().rpcUrl, 'eth_getBlockByNumber', ['0x0', false])
      expect(await c.feeConfig({ blockHash: genesis.hash })).toEqual(numbersToBigint(await chain('eth_feeConfig', [genesis.hash])))
      expect(await actions.feeConfig(bare(), { blockTag: 'latest' })).toEqual(latest)
      // The fields are bigints, lastChangedAt too.
      const r = await c.feeConfig()
      for (const v of Object.values(r.feeConfig)) expect(typeof v).toBe('bigint')
      expect(r.lastChangedAt).toBe(0n)
    })

    it('feeConfig with every block tag', async () => {
      const c = client()
      for (const blockTag of ['latest', 'pending', 'accepted', 'finalized', 'safe', 'earliest'] as const)
        expect(await c.feeConfig({ blockTag })).toEqual(numbersToBigint(await chain('eth_feeConfig', [blockTag])))
    })

    it('getChainConfig: the whole config with upgrades, every integer a bigint', async () => {
      const expected = numbersToBigint(await chain('eth_getChainConfig'))
      const got = await client().getChainConfig()
      expect(got).toEqual(expected)
      expect(got.chainId).toBe(99999n)
      expect(got.upgrades.precompileUpgrades?.length).toBe(5)
      expect(got.feeManagerConfig?.adminAddresses).toEqual(['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'])
      expect(got.warpConfig?.quorumNumerator).toBe(67n)
      expect(await actions.getChainConfig(bare())).toEqual(expected)
    })

    it('getActiveRulesAt: without timestamp, and with number, bigint and Date', async () => {
      const c = client()
      expect(await c.getActiveRulesAt()).toEqual(numbersToBigint(await chain('eth_getActiveRulesAt')))
      expect(await c.getActiveRulesAt({})).toEqual(numbersToBigint(await chain('eth_getActiveRulesAt')))
      const t = 1_700_000_000
      const expected = numbersToBigint(await chain('eth_getActiveRulesAt', [t]))
      expect(expected.ethRules.ChainID).toBe(99999n)
      expect(await c.getActiveRulesAt({ timestamp: t })).toEqual(expected)
      expect(await c.getActiveRulesAt({ timestamp: BigInt(t) })).toEqual(expected)
      expect(await c.getActiveRulesAt({ timestamp: new Date(t * 1000 + 999) })).toEqual(expected)
      expect(await actions.getActiveRulesAt(bare(), { timestamp: t })).toEqual(expected)
      // Before Durango (2020-12-05T05:00:00Z on the local network) warp is not active.
      const early = await c.getActiveRulesAt({ timestamp: 0 })
      expect(early).toEqual(numbersToBigint(await chain('eth_getActiveRulesAt', [0])))
      expect(early.avalancheRules.IsDurango).toBe(false)
      expect(early.precompiles.warpConfig).toBeUndefined()
    })

    it('getActivePrecompilesAt: without timestamp, and with number, bigint and Date', async () => {
      const c = client()
      expect(await c.getActivePrecompilesAt()).toEqual(numbersToBigint(await chain('eth_getActivePrecompilesAt')))
      const t = 1_700_000_000
      const expected = numbersToBigint(await chain('eth_getActivePrecompilesAt', [t]))
      expect(await c.getActivePrecompilesAt({ timestamp: t })).toEqual(expected)
      expect(await c.getActivePrecompilesAt({ timestamp: BigInt(t) })).toEqual(expected)
      expect(await c.getActivePrecompilesAt({ timestamp: new Date(t * 1000) })).toEqual(expected)
      expect(await actions.getActivePrecompilesAt(bare(), {})).toEqual(numbersToBigint(await chain('eth_getActivePrecompilesAt')))
    })
  })

  describe('info actions', () => {
    it('acps: weights as bigint, keyed by ACP number', async () => {
      const got = await client().acps()
      expect(got).toEqual(expectedInfo.acps(await info('info.acps')))
      expect(Object.keys(got.acps)).toEqual(['194', '224', '236', '247', '267', '273', '283', '285'])
      // 161133778098286584 is above 2^53: exact because the node quotes uint64s.
      expect(typeof got.acps[194]!.abstainWeight).toBe('bigint')
    })

    it('isBootstrapped for aliases and IDs', async () => {
      const c = client()
      for (const chainArg of ['C', 'X', 'P', 'devnet', devnet().blockchainID]) {
        expect(await c.isBootstrapped({ chain: chainArg })).toBe((await info('info.isBootstrapped', { chain: chainArg })).isBootstrapped)
        expect(await c.isBootstrapped({ chain: chainArg })).toBe(true)
      }
    })

    it('getBlockchainID for aliases', async () => {
      const c = client()
      for (const alias of ['X', 'P', 'C', 'devnet'])
        expect(await c.getBlockchainID({ alias })).toBe((await info('info.getBlockchainID', { alias })).blockchainID)
      expect(await c.getBlockchainID({ alias: 'devnet' })).toBe(devnet().blockchainID)
    })

    it('getNetworkID (number), getNetworkName, getNodeIP', async () => {
      const c = client()
      expect(await c.getNetworkID()).toBe(Number((await info('info.getNetworkID')).networkID))
      expect(await c.getNetworkID()).toBe(12345)
      expect(await c.getNetworkName()).toBe((await info('info.getNetworkName')).networkName)
      expect(await c.getNodeIP()).toBe((await info('info.getNodeIP')).ip)
    })

    it('getNodeID with its proof of possession', async () => {
      const got = await client().getNodeID()
      expect(got).toEqual(await info('info.getNodeID'))
      expect(got.nodeID).toBe(devnet().nodeID)
      expect(got.nodePOP?.publicKey).toMatch(/^0x[0-9a-f]{96}$/)
    })

    it('getNodeVersion, getTxFee, getVMs', async () => {
      const c = client()
      const version = await c.getNodeVersion()
      expect(version).toEqual(expectedInfo.getNodeVersion(await info('info.getNodeVersion')))
      expect(version.rpcProtocolVersion).toBe(47)
      const fee = await c.getTxFee()
      expect(fee).toEqual(expectedInfo.getTxFee(await info('info.getTxFee')))
      expect(fee.txFee).toBe(1_000_000n)
      const vms = await c.getVMs()
      expect(vms).toEqual(await info('info.getVMs'))
      expect(vms.fxs).toBeDefined()
    })

    it('peers: all, some, none', async () => {
      const c = client()
      const all = await c.peers()
      expectPeers(all, expectedInfo.peers(await info('info.peers')))
      expect(all.numPeers).toBe(6)
      expect(typeof all.peers[0]!.upgradeTime).toBe('bigint')
      const some = [all.peers[1]!.nodeID, all.peers[4]!.nodeID]
      const filtered = await c.peers({ nodeIDs: some })
      expectPeers(filtered, expectedInfo.peers(await info('info.peers', { nodeIDs: some })))
      expect(filtered.peers.map((p) => p.nodeID).sort()).toEqual([...some].sort())
      expectPeers(await c.peers({}), expectedInfo.peers(await info('info.peers')))
      expectPeers(await c.peers({ nodeIDs: [] }), expectedInfo.peers(await info('info.peers', { nodeIDs: [] })))
      // The zero NodeID (all '1's in CB58, shorter than random IDs) is valid and simply not connected.
      expect(await c.peers({ nodeIDs: ['NodeID-111111111111111111116DBWJs'] })).toEqual({ numPeers: 0, peers: [] })
    })

    it('upgrades: times as Date, heights and durations as bigint', async () => {
      const got = await client().upgrades()
      expect(got).toEqual(expectedInfo.upgrades(await info('info.upgrades')))
      expect(got.durangoTime).toEqual(new Date('2020-12-05T05:00:00Z'))
      expect(got.graniteEpochDuration).toBe(30_000_000_000n)
    })

    it('uptime: percentages as number, with and without subnetID', async () => {
      const c = client()
      expect(await c.uptime()).toEqual(expectedInfo.uptime(await info('info.uptime')))
      expect(await c.uptime()).toEqual({ rewardingStakePercentage: 100, weightedAveragePercentage: 99.4821 })
      expect(await c.uptime({ subnetID: devnet().subnetID })).toEqual(
        expectedInfo.uptime(await info('info.uptime', { subnetID: devnet().subnetID })),
      )
      // The primary network's subnet ID is the zero ID, 11111111111111111111111111111111LpoYY.
      const primary = '11111111111111111111111111111111LpoYY'
      expect(await c.uptime({ subnetID: primary })).toEqual(expectedInfo.uptime(await info('info.uptime', { subnetID: primary })))
    })

    it('standalone Info actions on an undecorated client', async () => {
      const c = bare()
      if (setup.derivesInfo) {
        expect(await actions.getNetworkID(c)).toBe(12345)
        expect(await actions.getBlockchainID(c, { alias: 'devnet' })).toBe(devnet().blockchainID)
        expect(await actions.isBootstrapped(c, { chain: 'C' })).toBe(true)
        expect((await actions.getNodeID(c)).nodeID).toBe(devnet().nodeID)
        expect((await actions.peers(c)).numPeers).toBe(6)
        expect(await actions.uptime(c, {})).toEqual({ rewardingStakePercentage: 100, weightedAveragePercentage: 99.4821 })
        expect(await actions.getNetworkName(c)).toBe('local')
        expect(await actions.getNodeIP(c)).toBe('127.0.0.1:9651')
        expect((await actions.getNodeVersion(c)).version).toBe('avalanchego/1.15.3')
        expect((await actions.getTxFee(c)).txFee).toBe(1_000_000n)
        expect(Object.keys((await actions.getVMs(c)).vms)).toHaveLength(4)
        expect((await actions.upgrades(c)).durangoTime).toEqual(new Date('2020-12-05T05:00:00Z'))
        expect(Object.keys((await actions.acps(c)).acps)).toHaveLength(8)
      } else {
        await expect(actions.getNetworkID(c)).rejects.toBeInstanceOf(InfoEndpointError)
      }
    })
  })
})

describe('custom EIP-1193 transport without an Info URL', () => {
  it('chain actions work; Info actions reject with InfoEndpointError before any request', async () => {
    const provider = eip1193(() => devnet().rpcUrl)
    const c = createPublicClient({ transport: custom(provider) })
      .extend(subnetActions())
      .extend(infoActions())
    expect((await c.feeConfig()).feeConfig.minBaseFee).toBe(25_000_000_000n)
    provider.calls.length = 0
    const pending = [
      c.acps(),
      c.getNetworkID(),
      c.getNetworkName(),
      c.getNodeID(),
      c.getNodeIP(),
      c.getNodeVersion(),
      c.getTxFee(),
      c.getVMs(),
      c.peers(),
      c.upgrades(),
      c.uptime(),
      c.isBootstrapped({ chain: 'C' }),
      c.getBlockchainID({ alias: 'X' }),
    ]
    const errors = await Promise.all(
      pending.map((p: Promise<unknown>) =>
        p.then(
          () => undefined,
          (err: unknown) => err,
        ),
      ),
    )
    for (const e of errors) {
      expect(e).toBeInstanceOf(InfoEndpointError)
      expect((e as Error).message).toMatch(/infoActions\(\{ url \}\)/)
    }
    expect(provider.calls).toEqual([])
  })

  it('a decorated Info action returns a rejected promise, never throws synchronously', () => {
    const c = createPublicClient({ transport: custom(eip1193(() => devnet().rpcUrl)) }).extend(infoActions())
    let promise: Promise<unknown> | undefined
    expect(() => {
      promise = c.getNetworkID()
    }).not.toThrow()
    return expect(promise).rejects.toBeInstanceOf(InfoEndpointError)
  })

  it('infoActions({ transport }) uses the given transport as is', async () => {
    const provider = eip1193(() => devnet().infoUrl)
    const c = createPublicClient({ transport: custom(eip1193(() => devnet().rpcUrl)) }).extend(infoActions({ transport: custom(provider) }))
    expect(await c.getNetworkID()).toBe(12345)
    expect(await c.getBlockchainID({ alias: 'devnet' })).toBe(devnet().blockchainID)
    expect(provider.calls).toEqual([
      { method: 'info.getNetworkID', params: {} },
      { method: 'info.getBlockchainID', params: { alias: 'devnet' } },
    ])
  })

  it('infoActions({ url }) accepts the base URL and any /ext/bc/<id>/rpc URL too', async () => {
    for (const url of [devnet().url, devnet().rpcUrl, devnet().aliasRpcUrl, `${devnet().url}/`]) {
      const c = createPublicClient({ transport: custom(eip1193(() => devnet().rpcUrl)) }).extend(infoActions({ url }))
      expect(await c.getNetworkName()).toBe('local')
    }
  })
})

describe('fallback with a dead first node', () => {
  it('chain and Info calls reach the second node', async () => {
    const dead = 'http://127.0.0.1:9/ext/bc/C/rpc'
    const c = createPublicClient({ transport: fallback([http(dead, { retryCount: 0 }), http(devnet().rpcUrl)]) })
      .extend(subnetActions())
      .extend(infoActions())
    expect((await c.feeConfig()).lastChangedAt).toBe(0n)
    expect(await c.getNetworkID()).toBe(12345)
  })
})
