/**
 * `SubnetBrowserProvider` over an EIP-1193 object backed by the devnet, the mixin on a
 * class of one's own, and the function forms over a `SubnetProvider`, a plain ethers
 * `JsonRpcProvider` and an EIP-1193 object, all against the devnet.
 */
import { JsonRpcProvider } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import {
  SubnetBrowserProvider,
  SubnetProvider,
  SubnetProviderMixin,
  feeConfig,
  getActivePrecompilesAt,
  getActiveRulesAt,
  getChainConfig,
  InfoClient,
  type AnyProvider,
} from '../../src/ethers/index.js'
import { InfoEndpointError } from '../../src/errors/index.js'
import { eip1193, numbersToBigint, rawCall, rawResult, rejection } from './helpers.js'

const devnet = useDevnet({ seed: 'ethers-functions' })

const changedFeeJson =
  '{"gasLimit":8000000,"targetBlockRate":2,"minBaseFee":40000000000,"targetGas":15000000,"baseFeeChangeDenominator":36,"minBlockGasCost":0,"maxBlockGasCost":1000000,"blockGasCostStep":200000}'

const chain = (method: string, params?: unknown[]) => rawResult(devnet().rpcUrl, method, params)
let blockOneHash: string
const destroyers: (() => void)[] = []

beforeAll(async () => {
  const r = await rawCall(devnet().rpcUrl, 'devnet_setFeeConfig', `[${changedFeeJson}]`)
  expect(r.error).toBeUndefined()
  blockOneHash = r.result.blockHash
})

afterAll(() => {
  for (const d of destroyers) d()
})

function track<T extends { destroy(): void }>(p: T): T {
  destroyers.push(() => p.destroy())
  return p
}

/** The four Subnet-EVM methods in every argument form, over `p`. */
function checkAllMethods(
  name: string,
  make: () => {
    feeConfig: (tag?: number | bigint | string) => Promise<unknown>
    getChainConfig: () => Promise<unknown>
    getActiveRulesAt: (t?: number | bigint | Date) => Promise<unknown>
    getActivePrecompilesAt: (t?: number | bigint | Date) => Promise<unknown>
  },
) {
  describe(name, () => {
    it('feeConfig: default, number, bigint, hex number, tags, block hash', async () => {
      const p = make()
      const head = numbersToBigint(await chain('eth_feeConfig'))
      const genesis = numbersToBigint(await chain('eth_feeConfig', ['0x0']))
      const one = numbersToBigint(await chain('eth_feeConfig', ['0x1']))
      expect(one.feeConfig.minBaseFee).toBe(40_000_000_000n)
      expect(genesis.feeConfig.minBaseFee).toBe(25_000_000_000n)
      expect(await p.feeConfig()).toEqual(head)
      expect(await p.feeConfig(0)).toEqual(genesis)
      expect(await p.feeConfig(0n)).toEqual(genesis)
      expect(await p.feeConfig('0x0')).toEqual(genesis)
      expect(await p.feeConfig(1)).toEqual(one)
      expect(await p.feeConfig(1n)).toEqual(one)
      expect(await p.feeConfig('0x1')).toEqual(one)
      expect(await p.feeConfig(blockOneHash)).toEqual(one)
      for (const tag of ['latest', 'earliest', 'pending', 'accepted', 'safe', 'finalized'])
        expect(await p.feeConfig(tag)).toEqual(numbersToBigint(await chain('eth_feeConfig', [tag])))
    })

    it('getChainConfig', async () => {
      const got = (await make().getChainConfig()) as { chainId: bigint }
      expect(got).toEqual(numbersToBigint(await chain('eth_getChainConfig')))
      expect(got.chainId).toBe(99999n)
    })

    it('getActiveRulesAt: default, number, bigint, Date', async () => {
      const p = make()
      const t = 1_700_000_000
      const expected = numbersToBigint(await chain('eth_getActiveRulesAt', [t]))
      expect(await p.getActiveRulesAt()).toEqual(numbersToBigint(await chain('eth_getActiveRulesAt')))
      expect(await p.getActiveRulesAt(t)).toEqual(expected)
      expect(await p.getActiveRulesAt(BigInt(t))).toEqual(expected)
      expect(await p.getActiveRulesAt(new Date(t * 1000 + 500))).toEqual(expected)
      expect(((await p.getActiveRulesAt(0)) as any).avalancheRules.IsDurango).toBe(false)
    })

    it('getActivePrecompilesAt: default, number, bigint, Date', async () => {
      const p = make()
      const t = 1_700_000_000
      const expected = numbersToBigint(await chain('eth_getActivePrecompilesAt', [t]))
      expect(await p.getActivePrecompilesAt()).toEqual(numbersToBigint(await chain('eth_getActivePrecompilesAt')))
      expect(await p.getActivePrecompilesAt(t)).toEqual(expected)
      expect(await p.getActivePrecompilesAt(BigInt(t))).toEqual(expected)
      expect(await p.getActivePrecompilesAt(new Date(t * 1000))).toEqual(expected)
    })
  })
}

/** The function forms bound to one provider object. */
const functionsOver = (p: AnyProvider) => ({
  feeConfig: (tag?: number | bigint | string) => feeConfig(p, tag),
  getChainConfig: () => getChainConfig(p),
  getActiveRulesAt: (t?: number | bigint | Date) => getActiveRulesAt(p, t),
  getActivePrecompilesAt: (t?: number | bigint | Date) => getActivePrecompilesAt(p, t),
})

describe('SubnetBrowserProvider over an EIP-1193 object backed by the devnet', () => {
  checkAllMethods('its Subnet-EVM methods', () => track(new SubnetBrowserProvider(eip1193(() => devnet().rpcUrl))))

  it('standard ethers calls work through the EIP-1193 object', async () => {
    const eth = eip1193(() => devnet().rpcUrl)
    const p = track(new SubnetBrowserProvider(eth))
    expect((await p.getNetwork()).chainId).toBe(99999n)
    expect(await p.getBlockNumber()).toBe(Number.parseInt(await chain('eth_blockNumber'), 16))
    expect((await p.getBlock(1))?.hash).toBe(blockOneHash)
    await p.feeConfig('latest')
    expect(eth.calls.map((c) => c.method)).toContain('eth_feeConfig')
    expect(eth.calls.find((c) => c.method === 'eth_feeConfig')?.params).toEqual(['latest'])
  })

  it('sends timestamps as JSON numbers', async () => {
    const eth = eip1193(() => devnet().rpcUrl)
    const p = track(new SubnetBrowserProvider(eth))
    await p.getActiveRulesAt(new Date(1_700_000_000_999))
    await p.getActivePrecompilesAt(1_700_000_000n)
    const sent = eth.calls.filter((c) => c.method.startsWith('eth_getActive')).map((c) => c.params)
    expect(sent).toEqual([[1_700_000_000], [1_700_000_000]])
  })

  it('has no URL for the Info API: info throws InfoEndpointError; InfoClient(url) is the way', async () => {
    const p = track(new SubnetBrowserProvider(eip1193(() => devnet().rpcUrl)))
    expect(() => p.info).toThrow(InfoEndpointError)
    expect(() => p.info).toThrow(/new InfoClient\(url\)/)
    expect(await new InfoClient(devnet().url).getNetworkID()).toBe(12345)
  })
})

describe('SubnetProviderMixin on a class of one’s own', () => {
  class MyProvider extends SubnetProviderMixin(JsonRpcProvider) {
    mine = true
  }
  checkAllMethods('MyProvider = SubnetProviderMixin(JsonRpcProvider)', () => track(new MyProvider(devnet().rpcUrl)))

  it('keeps the base constructor and gets info', async () => {
    const p = track(new MyProvider(devnet().rpcUrl, 99999, { staticNetwork: true }))
    expect(p).toBeInstanceOf(JsonRpcProvider)
    expect(p.mine).toBe(true)
    expect((await p.getNetwork()).chainId).toBe(99999n)
    expect(await p.info.getNetworkName()).toBe('local')
  })
})

describe('function forms', () => {
  checkAllMethods('over a SubnetProvider', () => functionsOver(track(new SubnetProvider(devnet().rpcUrl))))
  checkAllMethods('over a plain ethers JsonRpcProvider', () => functionsOver(track(new JsonRpcProvider(devnet().rpcUrl))))
  checkAllMethods('over an EIP-1193 object', () => functionsOver(eip1193(() => devnet().rpcUrl)))
  checkAllMethods('over the alias URL', () => functionsOver(track(new SubnetProvider(devnet().aliasRpcUrl))))

  it('send(method, params) is preferred when an object has both send and request', async () => {
    const eth = eip1193(() => devnet().rpcUrl)
    const sent: string[] = []
    const both = {
      request: eth.request,
      send: (method: string, params: unknown) => {
        sent.push(method)
        return eth.request({ method, params })
      },
    }
    expect((await feeConfig(both, 0)).feeConfig.minBaseFee).toBe(25_000_000_000n)
    expect(sent).toEqual(['eth_feeConfig'])
  })

  it('bad arguments reject (never throw) before anything is sent', async () => {
    const eth = eip1193(() => devnet().rpcUrl)
    for (const call of [
      () => feeConfig(eth, 'nope'),
      () => getActiveRulesAt(eth, -1),
      () => getActivePrecompilesAt(eth, new Date(Number.NaN)),
    ]) {
      let p: Promise<unknown> | undefined
      expect(() => (p = call())).not.toThrow()
      expect((await rejection(p!)).name).toBe('InvalidArgumentError')
    }
    expect(eth.calls).toEqual([])
  })
})
