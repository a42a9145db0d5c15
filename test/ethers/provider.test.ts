/**
 * Every method of `SubnetProvider` against the devnet: the four Subnet-EVM methods with
 * every block tag and timestamp form, the 13 Info methods of `provider.info`, and the
 * standard ethers calls, which must behave exactly as on a plain `JsonRpcProvider`.
 */
import { JsonRpcProvider, Wallet, isError, parseEther } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { expectedInfo } from '../viem/helpers.js'
import { SubnetProvider, InfoClient } from '../../src/ethers/index.js'
import { SubnetRpcError } from '../../src/errors/index.js'
import { DEV_KEY, numbersToBigint, rawCall, rawResult } from './helpers.js'

const devnet = useDevnet({ seed: 'ethers-provider' })

const changedFeeJson =
  '{"gasLimit":8000000,"targetBlockRate":2,"minBaseFee":30000000000,"targetGas":15000000,"baseFeeChangeDenominator":36,"minBlockGasCost":0,"maxBlockGasCost":1000000,"blockGasCostStep":200000}'

let provider: SubnetProvider
let plain: JsonRpcProvider
const chain = (method: string, params?: unknown[]) => rawResult(devnet().rpcUrl, method, params)
const info = (method: string, params?: Record<string, unknown>) => rawResult(devnet().infoUrl, method, params ?? {})

beforeAll(async () => {
  // Block 1 changes the fee config, so block 0 and block 1 answer differently.
  const r = await rawCall(devnet().rpcUrl, 'devnet_setFeeConfig', `[${changedFeeJson}]`)
  expect(r.error).toBeUndefined()
  expect(r.result.blockNumber).toBe('0x1')
  provider = new SubnetProvider(devnet().rpcUrl, undefined, { pollingInterval: 100 })
  plain = new JsonRpcProvider(devnet().rpcUrl, undefined, { pollingInterval: 100 })
})

afterAll(() => {
  provider?.destroy()
  plain?.destroy()
})

function expectPeers(actual: any, expected: any) {
  expect(actual.peers).toHaveLength(expected.peers.length)
  actual.peers.forEach((p: any, i: number) => {
    expect(p.lastSent).toBeInstanceOf(Date)
    expect(p.lastReceived).toBeInstanceOf(Date)
    expect(Math.abs(p.lastSent.getTime() - expected.peers[i].lastSent.getTime())).toBeLessThanOrEqual(3000)
    expect(Math.abs(p.lastReceived.getTime() - expected.peers[i].lastReceived.getTime())).toBeLessThanOrEqual(3000)
  })
  const strip = (r: any) => ({ ...r, peers: r.peers.map(({ lastSent: _s, lastReceived: _r, ...p }: any) => p) })
  expect(strip(actual)).toEqual(strip(expected))
}

describe('SubnetProvider: Subnet-EVM methods', () => {
  it('feeConfig() without a block tag is the head', async () => {
    const got = await provider.feeConfig()
    expect(got).toEqual(numbersToBigint(await chain('eth_feeConfig')))
    expect(got.feeConfig.minBaseFee).toBe(30_000_000_000n)
    expect(got.lastChangedAt).toBe(1n)
    for (const v of Object.values(got.feeConfig)) expect(typeof v).toBe('bigint')
  })

  it.each(['latest', 'earliest', 'pending', 'accepted', 'safe', 'finalized'])('feeConfig(%j) as the node answers the tag', async (tag) => {
    expect(await provider.feeConfig(tag)).toEqual(numbersToBigint(await chain('eth_feeConfig', [tag])))
  })

  it('feeConfig at a block as number, bigint and hex number', async () => {
    const atGenesis = numbersToBigint(await chain('eth_feeConfig', ['0x0']))
    const atOne = numbersToBigint(await chain('eth_feeConfig', ['0x1']))
    expect(atGenesis.feeConfig.minBaseFee).toBe(25_000_000_000n)
    expect(atGenesis.lastChangedAt).toBe(0n)
    expect(atOne.feeConfig.minBaseFee).toBe(30_000_000_000n)
    expect(await provider.feeConfig(0)).toEqual(atGenesis)
    expect(await provider.feeConfig(0n)).toEqual(atGenesis)
    expect(await provider.feeConfig('0x0')).toEqual(atGenesis)
    expect(await provider.feeConfig(1)).toEqual(atOne)
    expect(await provider.feeConfig(1n)).toEqual(atOne)
    expect(await provider.feeConfig('0x1')).toEqual(atOne)
    expect(await provider.feeConfig('0x01')).toEqual(atOne)
  })

  it('feeConfig at a block hash (from ethers getBlock)', async () => {
    const genesis = await provider.getBlock(0)
    const one = await provider.getBlock(1)
    expect(await provider.feeConfig(genesis!.hash!)).toEqual(numbersToBigint(await chain('eth_feeConfig', [genesis!.hash])))
    expect((await provider.feeConfig(genesis!.hash!)).feeConfig.minBaseFee).toBe(25_000_000_000n)
    expect((await provider.feeConfig(one!.hash!)).feeConfig.minBaseFee).toBe(30_000_000_000n)
    expect((await provider.feeConfig(one!.hash!.toUpperCase().replace('0X', '0x'))).lastChangedAt).toBe(1n)
  })

  it('getChainConfig: the whole config with upgrades, every integer a bigint', async () => {
    const got = await provider.getChainConfig()
    expect(got).toEqual(numbersToBigint(await chain('eth_getChainConfig')))
    expect(got.chainId).toBe(99999n)
    expect(got.upgrades.precompileUpgrades?.length).toBe(5)
    expect(got.feeManagerConfig?.adminAddresses).toEqual(['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'])
    expect(got.warpConfig?.quorumNumerator).toBe(67n)
  })

  it('getActiveRulesAt: default, and seconds as number, bigint and Date', async () => {
    expect(await provider.getActiveRulesAt()).toEqual(numbersToBigint(await chain('eth_getActiveRulesAt')))
    const t = 1_700_000_000
    const expected = numbersToBigint(await chain('eth_getActiveRulesAt', [t]))
    expect(expected.ethRules.ChainID).toBe(99999n)
    expect(await provider.getActiveRulesAt(t)).toEqual(expected)
    expect(await provider.getActiveRulesAt(BigInt(t))).toEqual(expected)
    expect(await provider.getActiveRulesAt(new Date(t * 1000 + 999))).toEqual(expected)
    // Before Durango (2020-12-05T05:00:00Z on the local network) warp is not active.
    const early = await provider.getActiveRulesAt(0)
    expect(early).toEqual(numbersToBigint(await chain('eth_getActiveRulesAt', [0])))
    expect(early.avalancheRules.IsDurango).toBe(false)
    expect(early.precompiles.warpConfig).toBeUndefined()
    // Two hours on, the schedule has disabled and re-enabled the FeeManager.
    const future = Math.floor(Date.now() / 1000) + 4 * 3600
    expect(await provider.getActiveRulesAt(future)).toEqual(numbersToBigint(await chain('eth_getActiveRulesAt', [future])))
    expect((await provider.getActiveRulesAt(future)).precompiles.rewardManagerConfig).toBeDefined()
  })

  it('getActivePrecompilesAt (deprecated): default, and seconds as number, bigint and Date', async () => {
    expect(await provider.getActivePrecompilesAt()).toEqual(numbersToBigint(await chain('eth_getActivePrecompilesAt')))
    const t = 1_700_000_000
    const expected = numbersToBigint(await chain('eth_getActivePrecompilesAt', [t]))
    expect(await provider.getActivePrecompilesAt(t)).toEqual(expected)
    expect(await provider.getActivePrecompilesAt(BigInt(t))).toEqual(expected)
    expect(await provider.getActivePrecompilesAt(new Date(t * 1000))).toEqual(expected)
    expect(await provider.getActivePrecompilesAt(0)).toEqual(numbersToBigint(await chain('eth_getActivePrecompilesAt', [0])))
  })

  it('the timestamp goes on the wire as a JSON number', async () => {
    // A node rejects a string timestamp; the devnet too.
    const asString = await rawCall(devnet().rpcUrl, 'eth_getActiveRulesAt', '["1700000000"]')
    expect(asString.error).toBeDefined()
    // ...so equal results prove a number was sent.
    expect(await provider.getActiveRulesAt(1_700_000_000n)).toEqual(numbersToBigint(await chain('eth_getActiveRulesAt', [1_700_000_000])))
  })

  it('parallel calls (batched by ethers) decode each result', async () => {
    const [a, b, c, d] = await Promise.all([
      provider.feeConfig(0),
      provider.feeConfig('latest'),
      provider.getChainConfig(),
      provider.getActiveRulesAt(0),
    ])
    expect(a.feeConfig.minBaseFee).toBe(25_000_000_000n)
    expect(b.feeConfig.minBaseFee).toBe(30_000_000_000n)
    expect(c.chainId).toBe(99999n)
    expect(d.avalancheRules.IsDurango).toBe(false)
  })
})

describe('SubnetProvider: provider.info (the 13 Info methods)', () => {
  it('is one InfoClient on the derived /ext/info URL', () => {
    expect(provider.info).toBeInstanceOf(InfoClient)
    expect(provider.info).toBe(provider.info)
    expect(provider.info.url).toBe(devnet().infoUrl)
  })

  it('acps: weights as bigint, keyed by ACP number', async () => {
    const got = await provider.info.acps()
    expect(got).toEqual(expectedInfo.acps(await info('info.acps')))
    expect(Object.keys(got.acps)).toEqual(['194', '224', '236', '247', '267', '273', '283', '285'])
    expect(typeof got.acps[194]!.abstainWeight).toBe('bigint')
  })

  it('isBootstrapped for aliases and IDs', async () => {
    for (const chainArg of ['C', 'X', 'P', 'devnet', devnet().blockchainID]) {
      const expected = (await info('info.isBootstrapped', { chain: chainArg })).isBootstrapped
      expect(await provider.info.isBootstrapped({ chain: chainArg })).toBe(expected)
      expect(expected).toBe(true)
    }
  })

  it('getBlockchainID for aliases', async () => {
    for (const alias of ['X', 'P', 'C', 'devnet'])
      expect(await provider.info.getBlockchainID({ alias })).toBe((await info('info.getBlockchainID', { alias })).blockchainID)
    expect(await provider.info.getBlockchainID({ alias: 'devnet' })).toBe(devnet().blockchainID)
  })

  it('getNetworkID (number), getNetworkName, getNodeIP', async () => {
    expect(await provider.info.getNetworkID()).toBe(Number((await info('info.getNetworkID')).networkID))
    expect(await provider.info.getNetworkID()).toBe(12345)
    expect(await provider.info.getNetworkName()).toBe((await info('info.getNetworkName')).networkName)
    expect(await provider.info.getNetworkName()).toBe('local')
    expect(await provider.info.getNodeIP()).toBe((await info('info.getNodeIP')).ip)
  })

  it('getNodeID with its proof of possession', async () => {
    const got = await provider.info.getNodeID()
    expect(got).toEqual(await info('info.getNodeID'))
    expect(got.nodeID).toBe(devnet().nodeID)
    expect(got.nodePOP?.publicKey).toMatch(/^0x[0-9a-f]{96}$/)
  })

  it('getNodeVersion, getTxFee, getVMs', async () => {
    const version = await provider.info.getNodeVersion()
    expect(version).toEqual(expectedInfo.getNodeVersion(await info('info.getNodeVersion')))
    expect(version.rpcProtocolVersion).toBe(47)
    const fee = await provider.info.getTxFee()
    expect(fee).toEqual(expectedInfo.getTxFee(await info('info.getTxFee')))
    expect(fee.txFee).toBe(1_000_000n)
    const vms = await provider.info.getVMs()
    expect(vms).toEqual(await info('info.getVMs'))
  })

  it('peers: all, some, none', async () => {
    const all = await provider.info.peers()
    expectPeers(all, expectedInfo.peers(await info('info.peers')))
    expect(all.numPeers).toBe(6)
    expect(typeof all.peers[0]!.upgradeTime).toBe('bigint')
    const some = [all.peers[1]!.nodeID, all.peers[4]!.nodeID]
    const filtered = await provider.info.peers({ nodeIDs: some })
    expectPeers(filtered, expectedInfo.peers(await info('info.peers', { nodeIDs: some })))
    expect(filtered.peers.map((p) => p.nodeID).sort()).toEqual([...some].sort())
    expectPeers(await provider.info.peers({}), expectedInfo.peers(await info('info.peers')))
    expectPeers(await provider.info.peers({ nodeIDs: [] }), expectedInfo.peers(await info('info.peers', { nodeIDs: [] })))
  })

  it('upgrades: times as Date, heights and durations as bigint', async () => {
    const got = await provider.info.upgrades()
    expect(got).toEqual(expectedInfo.upgrades(await info('info.upgrades')))
    expect(got.durangoTime).toEqual(new Date('2020-12-05T05:00:00Z'))
    expect(got.graniteEpochDuration).toBe(30_000_000_000n)
  })

  it('uptime: percentages as number, with and without subnetID', async () => {
    expect(await provider.info.uptime()).toEqual(expectedInfo.uptime(await info('info.uptime')))
    expect(await provider.info.uptime()).toEqual({ rewardingStakePercentage: 100, weightedAveragePercentage: 99.4821 })
    expect(await provider.info.uptime({ subnetID: devnet().subnetID })).toEqual(
      expectedInfo.uptime(await info('info.uptime', { subnetID: devnet().subnetID })),
    )
  })

  it('an InfoClient made from the base URL or the alias RPC URL answers the same', async () => {
    for (const url of [devnet().url, devnet().aliasRpcUrl, devnet().infoUrl]) {
      const c = new InfoClient(url)
      expect(c.url).toBe(devnet().infoUrl)
      expect(await c.getNodeID()).toEqual(await provider.info.getNodeID())
    }
  })
})

describe('SubnetProvider: standard ethers calls are unchanged', () => {
  it('getBlockNumber and getNetwork', async () => {
    expect(await provider.getBlockNumber()).toBe(await plain.getBlockNumber())
    expect(await provider.getBlockNumber()).toBe(Number.parseInt(await chain('eth_blockNumber'), 16))
    const network = await provider.getNetwork()
    expect(network.chainId).toBe(99999n)
    expect(network.chainId).toBe(devnet().chainId)
  })

  it('getBlock gives the same block as JsonRpcProvider', async () => {
    const a = await provider.getBlock(1)
    const b = await plain.getBlock(1)
    expect(a!.toJSON()).toEqual(b!.toJSON())
    expect(a!.number).toBe(1)
  })

  it('getFeeData equals JsonRpcProvider.getFeeData', async () => {
    const fee = await provider.getFeeData()
    expect(fee.toJSON()).toEqual((await plain.getFeeData()).toJSON())
    expect(typeof fee.gasPrice).toBe('bigint')
    expect(typeof fee.maxFeePerGas).toBe('bigint')
  })

  it('a Wallet sends value with anvil’s first dev key; receipt and balance', async () => {
    const wallet = new Wallet(DEV_KEY, provider)
    expect(wallet.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
    const to = Wallet.createRandom().address
    const before = await provider.getBlockNumber()
    const tx = await wallet.sendTransaction({ to, value: parseEther('1.5') })
    const receipt = await tx.wait()
    expect(receipt?.status).toBe(1)
    expect(receipt?.blockNumber).toBe(before + 1)
    expect(await provider.getBalance(to)).toBe(parseEther('1.5'))
    expect(await plain.getBalance(to)).toBe(parseEther('1.5'))
    expect((await provider.getTransaction(tx.hash))?.to).toBe(to)
    expect(await provider.getTransactionCount(wallet.address)).toBe(tx.nonce + 1)
    // The L1 methods still answer after the transaction, at the new head.
    expect((await provider.feeConfig()).feeConfig.minBaseFee).toBe(30_000_000_000n)
  })

  it('a call revert stays ethers’ CALL_EXCEPTION', async () => {
    const reverter = '0x00000000000000000000000000000000000000aa'
    await provider.send('anvil_setCode', [reverter, '0x60006000fd']) // PUSH1 0 PUSH1 0 REVERT
    for (const p of [provider, plain]) {
      const e = await p.call({ to: reverter, data: '0x' }).catch((x: unknown) => x)
      expect(isError(e, 'CALL_EXCEPTION')).toBe(true)
      expect(e).not.toBeInstanceOf(SubnetRpcError)
    }
  })

  it('getBalance("not-an-address") fails with the same ethers error as JsonRpcProvider', async () => {
    const a = (await provider.getBalance('not-an-address').catch((x: unknown) => x)) as any
    const b = (await plain.getBalance('not-an-address').catch((x: unknown) => x)) as any
    expect(a).not.toBeInstanceOf(SubnetRpcError)
    expect(typeof a.code).toBe('string')
    expect(a.code).toBe(b.code)
    expect(a.shortMessage).toBe(b.shortMessage)
  })

  it('send() of an unknown method stays an ethers error', async () => {
    const a = (await provider.send('eth_noSuchMethod', []).catch((x: unknown) => x)) as any
    const b = (await plain.send('eth_noSuchMethod', []).catch((x: unknown) => x)) as any
    expect(a).not.toBeInstanceOf(SubnetRpcError)
    expect(isError(a, 'UNSUPPORTED_OPERATION')).toBe(true)
    expect(a.code).toBe(b.code)
    expect(a.info.error).toEqual(b.info.error)
  })
})

describe("SubnetProvider: send's lifecycle", () => {
  it('each Subnet-EVM and Info call emits the debug events send emits, with one payload and its reply', async () => {
    const p = new SubnetProvider(devnet().rpcUrl, undefined, { staticNetwork: true })
    const events: { action: string; payload?: { method: string; id: number }; result?: { id: number }[]; error?: unknown }[] = []
    await p.on('debug', (e) => void events.push(e))
    await p.feeConfig()
    await p.info.getNetworkID()
    await new Promise((resolve) => setTimeout(resolve, 20))
    const actions = events.map((e) => `${e.action} ${e.payload?.method ?? e.result?.[0]?.id}`)
    expect(actions.filter((a) => a.startsWith('sendRpcPayload'))).toEqual([
      'sendRpcPayload eth_feeConfig',
      'sendRpcPayload info.getNetworkID',
    ])
    const sent = events.filter((e) => e.action === 'sendRpcPayload').map((e) => e.payload!.id)
    const received = events.filter((e) => e.action === 'receiveRpcResult').map((e) => e.result![0]!.id)
    expect(received).toEqual(sent)
    p.destroy()
  })

  it('a failed round trip emits receiveRpcError', async () => {
    const p = new SubnetProvider('http://127.0.0.1:9/ext/bc/C/rpc', undefined, { staticNetwork: true })
    const events: string[] = []
    await p.on('debug', (e: { action: string }) => void events.push(e.action))
    await expect(p.getChainConfig()).rejects.toThrow()
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(events).toEqual(['sendRpcPayload', 'receiveRpcError'])
    p.destroy()
  })

  it('after destroy(), the methods and provider.info reject as send does, and nothing is sent', async () => {
    const p = new SubnetProvider(devnet().rpcUrl, undefined, { staticNetwork: true })
    const info = p.info
    p.destroy()
    const expected = await p.send('eth_chainId', []).catch((e: unknown) => e)
    expect(isError(expected, 'UNSUPPORTED_OPERATION')).toBe(true)
    for (const call of [
      p.feeConfig(),
      p.getChainConfig(),
      p.getActiveRulesAt(),
      p.getActivePrecompilesAt(),
      info.getNodeID(),
      info.peers(),
    ]) {
      const e = await call.catch((x: unknown) => x)
      expect(isError(e, 'UNSUPPORTED_OPERATION')).toBe(true)
      expect((e as Error & { shortMessage: string }).shortMessage).toBe((expected as Error & { shortMessage: string }).shortMessage)
    }
  })

  it('a standalone InfoClient has no provider lifecycle and keeps working', async () => {
    const p = new SubnetProvider(devnet().rpcUrl, undefined, { staticNetwork: true })
    const standalone = new InfoClient(devnet().url)
    p.destroy()
    expect(await standalone.getNetworkID()).toBe(12345)
  })
})
