/**
 * Exact numbers: a fee config with minBaseFee 2^53 + 1 set on the devnet (the raw JSON
 * text, so the number is unquoted on the wire) comes back as 9007199254740993n through
 * SubnetProvider's lossless parse, and raises PrecisionError wherever a JSON.parse has
 * already rounded it (a wallet-style EIP-1193 object, a plain JsonRpcProvider). The same
 * for an Info field (a peer's upgradeTime) through `provider.info` and `InfoClient`.
 */
import { JsonRpcProvider } from 'ethers'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { InfoClient, SubnetBrowserProvider, SubnetProvider, SubnetProviderMixin, feeConfig } from '../../src/ethers/index.js'
import { PrecisionError } from '../../src/errors/index.js'
import { parseJson } from '../../src/core/json/parse.js'
import { BIG, bigFeeJson, bigPeer, eip1193, rawCall, rejection } from './helpers.js'

const PEER_ID = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'

const devnet = useDevnet({
  seed: 'ethers-precision',
  node: {
    peers: [bigPeer],
  },
})

let changedAt: bigint
let provider: SubnetProvider
const destroyers: (() => void)[] = []
const track = <T extends { destroy(): void }>(p: T): T => {
  destroyers.push(() => p.destroy())
  return p
}

beforeAll(async () => {
  const r = await rawCall(devnet().rpcUrl, 'devnet_setFeeConfig', `[${bigFeeJson}]`)
  expect(r.error).toBeUndefined()
  changedAt = BigInt(r.result.blockNumber)
  // The wire really carries the bare number.
  const text = await (
    await fetch(devnet().rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"jsonrpc":"2.0","id":1,"method":"eth_feeConfig","params":[]}',
    })
  ).text()
  expect(text).toContain('"minBaseFee":9007199254740993,')
  provider = track(new SubnetProvider(devnet().rpcUrl))
})

afterAll(() => {
  for (const d of destroyers) d()
})

async function expectPrecisionError(p: Promise<unknown>, method: string, path: string) {
  const e = await rejection(p)
  expect(e).toBeInstanceOf(PrecisionError)
  expect(e.name).toBe('PrecisionError')
  expect(e.method).toBe(method)
  expect(e.path).toBe(path)
  expect(e.message).toContain('SubnetProvider')
  // 9007199254740993 rounds to 9007199254740992: never turned into a wrong bigint.
  expect(e.value).toBe(9007199254740992)
}

describe('exact by default', () => {
  it('SubnetProvider.feeConfig returns 9007199254740993n', async () => {
    const r = await provider.feeConfig()
    expect(r.feeConfig.minBaseFee).toBe(BIG)
    expect(r.lastChangedAt).toBe(changedAt)
    expect((await provider.feeConfig(changedAt)).feeConfig.minBaseFee).toBe(BIG)
    expect((await provider.feeConfig(Number(changedAt))).feeConfig.minBaseFee).toBe(BIG)
    expect((await provider.feeConfig(`0x${changedAt.toString(16)}`)).feeConfig.minBaseFee).toBe(BIG)
    expect((await provider.feeConfig('latest')).feeConfig.minBaseFee).toBe(BIG)
    // Blocks before the change are unaffected.
    expect((await provider.feeConfig(changedAt - 1n)).feeConfig.minBaseFee).toBe(25_000_000_000n)
  })

  it('the function form over a SubnetProvider is exact too', async () => {
    expect((await feeConfig(provider)).feeConfig.minBaseFee).toBe(BIG)
    expect((await feeConfig(provider, 'latest')).feeConfig.minBaseFee).toBe(BIG)
  })

  it('parallel calls batched by ethers stay exact', async () => {
    const p = track(new SubnetProvider(devnet().rpcUrl))
    const all = await Promise.all([p.feeConfig(), p.feeConfig('latest'), p.feeConfig(changedAt), p.getBlockNumber()])
    expect(all.slice(0, 3).map((r: any) => r.feeConfig.minBaseFee)).toEqual([BIG, BIG, BIG])
    expect(all[3]).toBe(Number(changedAt))
  })

  it('standard methods keep working; raw send() returns the exact bigint', async () => {
    expect(await provider.getBlockNumber()).toBe(Number(changedAt))
    expect((await provider.getNetwork()).chainId).toBe(99999n)
    expect((await provider.getBlock(changedAt))?.number).toBe(Number(changedAt))
    const raw = await provider.send('eth_feeConfig', [])
    expect(raw.feeConfig.minBaseFee).toBe(BIG)
    expect(raw.feeConfig.gasLimit).toBe(8_000_000)
  })

  it('the lossless marker never leaks into results', async () => {
    const all = [
      await provider.feeConfig(),
      await provider.getChainConfig(),
      await provider.getActiveRulesAt(),
      await provider.getActivePrecompilesAt(),
      await provider.info.peers(),
    ]
    const text = JSON.stringify(all, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))
    expect(text).not.toContain('bigint:')
    expect(text).not.toContain('\\u0000')
  })
})

describe('PrecisionError where JSON.parse has rounded the value', () => {
  it('SubnetBrowserProvider over a JSON.parse EIP-1193 object', async () => {
    const p = track(new SubnetBrowserProvider(eip1193(() => devnet().rpcUrl)))
    await expectPrecisionError(p.feeConfig(), 'eth_feeConfig', '$.feeConfig.minBaseFee')
    // Blocks without an unsafe integer decode fine.
    expect((await p.feeConfig(changedAt - 1n)).feeConfig.minBaseFee).toBe(25_000_000_000n)
  })

  it('the function form over a plain JsonRpcProvider', async () => {
    await expectPrecisionError(feeConfig(track(new JsonRpcProvider(devnet().rpcUrl))), 'eth_feeConfig', '$.feeConfig.minBaseFee')
  })

  it('the function form over a JSON.parse EIP-1193 object', async () => {
    await expectPrecisionError(feeConfig(eip1193(() => devnet().rpcUrl)), 'eth_feeConfig', '$.feeConfig.minBaseFee')
  })

  it('the mixin on plain JsonRpcProvider (no lossless parse of its own)', async () => {
    const Mixed = SubnetProviderMixin(JsonRpcProvider)
    class P extends Mixed {}
    await expectPrecisionError(track(new P(devnet().rpcUrl)).feeConfig(), 'eth_feeConfig', '$.feeConfig.minBaseFee')
  })

  it('an EIP-1193 object whose parse keeps big integers is exact', async () => {
    const eth = eip1193(() => devnet().rpcUrl, parseJson)
    expect((await feeConfig(eth)).feeConfig.minBaseFee).toBe(BIG)
    expect((await track(new SubnetBrowserProvider(eth)).feeConfig()).feeConfig.minBaseFee).toBe(BIG)
  })
})

describe('exact Info values', () => {
  it('provider.info.peers: the upgradeTime 2^53 + 1 is exact', async () => {
    const { peers } = await provider.info.peers()
    expect(peers).toHaveLength(1)
    expect(peers[0]!.nodeID).toBe(PEER_ID)
    expect(peers[0]!.upgradeTime).toBe(BIG)
  })

  it('InfoClient from a URL: exact as well', async () => {
    expect((await new InfoClient(devnet().url).peers({ nodeIDs: [PEER_ID] })).peers[0]!.upgradeTime).toBe(BIG)
  })
})
