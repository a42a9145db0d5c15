/**
 * Block replies carry the header's `blockGasCost`, as a node's do (internal/ethapi `RPCMarshalHeader`,
 * customheader `BlockGasCost`): before Granite it rises by `blockGasCostStep` for each second a block comes sooner than
 * `targetBlockRate` and falls for each second later, within [minBlockGasCost, maxBlockGasCost]; from Granite it is 0.
 * Real devnet, real anvil.
 */
import { describe, expect, it } from 'vitest'
import { rpc, testGenesis, testGenesisTime, useDevnet } from '../helpers/devnet.js'

const T0 = testGenesisTime
const genesis = (config: Record<string, unknown>) => testGenesis({ chainId: 4329, ...config })

function blocks(devnet: () => { rpcUrl: string }) {
  const call = async (method: string, params: unknown[]) =>
    (JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as { result: any }).result
  return {
    mineAt: (t: number) => call('evm_mine', [t]),
    cost: async (tag: string) => (await call('eth_getBlockByNumber', [tag, false])).blockGasCost as string | undefined,
  }
}

describe('before Granite', () => {
  const devnet = useDevnet({ genesis: genesis({ graniteTimestamp: 2_000_000_000, heliconTimestamp: 2_000_000_000 }) })
  const { mineAt, cost } = blocks(devnet)

  it('the genesis has 0 (Etna is active at its time); each block a second after its parent adds a step, up to the maximum', async () => {
    expect(await cost('0x0')).toBe('0x0')
    const want = [200_000, 400_000, 600_000, 800_000, 1_000_000, 1_000_000]
    for (let i = 0; i < want.length; i++) {
      await mineAt(T0 + 1 + i)
      expect(await cost('latest')).toBe(`0x${want[i]!.toString(16)}`)
    }
  })

  it('a block later than the target rate takes a step off for each second beyond it, down to the minimum', async () => {
    const head = Number(BigInt((await rpc(devnet().rpcUrl, 'eth_blockNumber').then((r) => JSON.parse(r.body).result)) as string))
    const time = T0 + head
    await mineAt(time + 4) // 2 s beyond the target: 1,000,000 − 2 × 200,000
    expect(await cost('latest')).toBe(`0x${(600_000).toString(16)}`)
    await mineAt(time + 4 + 30)
    expect(await cost('latest')).toBe('0x0')
  })
})

describe('from Granite', () => {
  const devnet = useDevnet({ genesis: genesis({}) })
  const { mineAt, cost } = blocks(devnet)

  it('is 0 in every block', async () => {
    await mineAt(T0 + 1)
    await mineAt(T0 + 2)
    expect(await cost('latest')).toBe('0x0')
    expect(await cost('0x1')).toBe('0x0')
  })
})
