/**
 * Exact numbers: a fee config with minBaseFee 2^53 + 1 set on the devnet (the number
 * unquoted on the wire) comes back exact over subnetHttp, and raises a PrecisionError that
 * names the path and subnetHttp over transports whose JSON.parse has rounded it.
 * The same for an Info field (a peer's upgradeTime) through the derived Info transport.
 */
import { createPublicClient, custom, fallback, http } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { infoActions, subnetActions, subnetHttp } from '../../src/viem/index.js'
import { feeConfig as feeConfigAction } from '../../src/viem/actions/index.js'
import { PrecisionError } from '../../src/errors/index.js'
import { parseJson } from '../../src/core/json/parse.js'
import { bigPeer, eip1193, rawCall } from './helpers.js'

const BIG = 9_007_199_254_740_993n
const _PEER_ID = 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'

const devnet = useDevnet({
  seed: 'viem-precision',
  node: {
    peers: [bigPeer],
  },
})

const bigFeeJson =
  '{"gasLimit":8000000,"targetBlockRate":2,"minBaseFee":9007199254740993,"targetGas":15000000,"baseFeeChangeDenominator":36,"minBlockGasCost":0,"maxBlockGasCost":1000000,"blockGasCostStep":200000}'

let changedAt: bigint

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
})

async function expectPrecisionError(p: Promise<unknown>, method: string, path: string) {
  const e = await p.then(
    () => undefined,
    (x: unknown) => x,
  )
  expect(e).toBeInstanceOf(PrecisionError)
  const err = e as PrecisionError
  expect(err.name).toBe('PrecisionError')
  expect(err.method).toBe(method)
  expect(err.path).toBe(path)
  expect(err.message).toContain(path)
  expect(err.message).toContain('subnetHttp')
  expect(Number.isSafeInteger(err.value)).toBe(false)
}

describe('exact fee values', () => {
  it('subnetHttp returns 9007199254740993n', async () => {
    const c = createPublicClient({ transport: subnetHttp(devnet().rpcUrl) }).extend(subnetActions())
    const r = await c.feeConfig()
    expect(r.feeConfig.minBaseFee).toBe(BIG)
    expect(r.lastChangedAt).toBe(changedAt)
    expect((await c.feeConfig({ blockNumber: changedAt })).feeConfig.minBaseFee).toBe(BIG)
    expect(await feeConfigAction(createPublicClient({ transport: subnetHttp(devnet().rpcUrl) }))).toEqual(r)
  })

  it('subnetHttp inside a fallback, and with batching, stays exact', async () => {
    const viaFallback = createPublicClient({ transport: fallback([subnetHttp(devnet().rpcUrl)]) }).extend(subnetActions())
    expect((await viaFallback.feeConfig()).feeConfig.minBaseFee).toBe(BIG)
    const batched = createPublicClient({ transport: subnetHttp(devnet().rpcUrl, { batch: true }) }).extend(subnetActions())
    const [a, b] = await Promise.all([batched.feeConfig(), batched.feeConfig({ blockTag: 'latest' })])
    expect(a.feeConfig.minBaseFee).toBe(BIG)
    expect(b.feeConfig.minBaseFee).toBe(BIG)
  })

  it('plain http throws PrecisionError naming $.feeConfig.minBaseFee and subnetHttp', async () => {
    const c = createPublicClient({ transport: http(devnet().rpcUrl) }).extend(subnetActions())
    await expectPrecisionError(c.feeConfig(), 'eth_feeConfig', '$.feeConfig.minBaseFee')
    // Blocks before the change have no unsafe integer and decode fine.
    expect((await c.feeConfig({ blockNumber: changedAt - 1n })).feeConfig.minBaseFee).toBe(25_000_000_000n)
  })

  it('a fallback of plain http throws PrecisionError too', async () => {
    const c = createPublicClient({ transport: fallback([http(devnet().rpcUrl)]) }).extend(subnetActions())
    await expectPrecisionError(c.feeConfig(), 'eth_feeConfig', '$.feeConfig.minBaseFee')
  })

  it('a custom EIP-1193 transport using JSON.parse throws PrecisionError', async () => {
    const c = createPublicClient({ transport: custom(eip1193(() => devnet().rpcUrl)) }).extend(subnetActions())
    await expectPrecisionError(c.feeConfig(), 'eth_feeConfig', '$.feeConfig.minBaseFee')
  })

  it('a custom EIP-1193 transport whose parse yields bigints is exact', async () => {
    const c = createPublicClient({ transport: custom(eip1193(() => devnet().rpcUrl, parseJson)) }).extend(subnetActions())
    expect((await c.feeConfig()).feeConfig.minBaseFee).toBe(BIG)
  })

  it('a rounded number never becomes a wrong bigint (2^53 itself is refused as well)', async () => {
    // 9007199254740993 parses to 9007199254740992, which is not safe either.
    expect(Number('9007199254740993')).toBe(9007199254740992)
    const c = createPublicClient({ transport: http(devnet().rpcUrl) }).extend(subnetActions())
    const e = await c.feeConfig().catch((x: unknown) => x)
    expect((e as PrecisionError).value).toBe(9007199254740992)
  })

  it('concurrent requests with and without long integers: each result exact, none with a marker', async () => {
    const c = createPublicClient({ transport: subnetHttp(devnet().rpcUrl) }).extend(subnetActions())
    const runs = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? c.feeConfig() : c.feeConfig({ blockNumber: changedAt - 1n }))),
    )
    for (const [i, r] of runs.entries()) expect(r.feeConfig.minBaseFee).toBe(i % 2 ? BIG : 25_000_000_000n)
    const [block, raw] = await Promise.all([c.getBlockNumber(), c.request({ method: 'eth_feeConfig' as never })])
    expect(block).toBeGreaterThanOrEqual(changedAt)
    // subnetHttp itself hands out exact bigints, also to a raw request.
    expect((raw as { feeConfig: { minBaseFee: unknown } }).feeConfig.minBaseFee).toBe(BIG)
  })

  it('the lossless marker never leaks into results', async () => {
    const c = createPublicClient({ transport: subnetHttp(devnet().rpcUrl) }).extend(subnetActions())
    const all = [await c.feeConfig(), await c.getChainConfig(), await c.getActiveRulesAt(), await c.getActivePrecompilesAt()]
    const text = JSON.stringify(all, (_k, v) => (typeof v === 'bigint' ? v.toString() : v))
    expect(text).not.toContain('bigint:')
    expect(text).not.toContain('\\u0000')
  })
})

describe('exact Info values through the derived Info transport', () => {
  it('subnetHttp: the peer upgradeTime 2^53 + 1 is exact', async () => {
    const c = createPublicClient({ transport: subnetHttp(devnet().rpcUrl) }).extend(infoActions())
    const { peers } = await c.peers()
    expect(peers).toHaveLength(1)
    expect(peers[0]!.upgradeTime).toBe(BIG)
  })

  it('subnetHttp with infoActions({ url }) on another origin: still exact', async () => {
    const other = devnet().infoUrl.replace('127.0.0.1', 'localhost')
    const c = createPublicClient({ transport: subnetHttp(devnet().rpcUrl) }).extend(infoActions({ url: other }))
    expect((await c.peers()).peers[0]!.upgradeTime).toBe(BIG)
  })

  it('subnetHttp inside a fallback: exact as well', async () => {
    const c = createPublicClient({ transport: fallback([subnetHttp(devnet().rpcUrl)]) }).extend(infoActions())
    expect((await c.peers()).peers[0]!.upgradeTime).toBe(BIG)
  })

  it('plain http: PrecisionError at $.peers[0].upgradeTime', async () => {
    const c = createPublicClient({ transport: http(devnet().rpcUrl) }).extend(infoActions())
    await expectPrecisionError(c.peers(), 'info.peers', '$.peers[0].upgradeTime')
  })

  it('custom EIP-1193 + infoActions({ url }): PrecisionError (plain JSON.parse of the Info reply)', async () => {
    const c = createPublicClient({ transport: custom(eip1193(() => devnet().rpcUrl)) }).extend(infoActions({ url: devnet().infoUrl }))
    await expectPrecisionError(c.peers(), 'info.peers', '$.peers[0].upgradeTime')
  })
})
