/**
 * Block replies have a node's header fields (internal/ethapi `RPCMarshalHeader`, `RPCMarshalBlock`,
 * `rpcMarshalBlock`): difficulty 1 after genesis and `totalDifficulty` the block number, no withdrawals, and from
 * Granite `timestampMilliseconds` (the time in ms) and `minDelayExcess` (ACP-226: `InitialDelayExcess`, or
 * `DesiredDelayExcess(initialMinDelayMS)` when Granite is active at genesis, carried from block to block by a node
 * without `min-delay-target`). Real devnet, real anvil.
 */
import { describe, expect, it } from 'vitest'
import { rpc, testFeeConfig, useDevnet } from '../helpers/devnet.js'

const T0 = 0x65000000
const genesis = (config: Record<string, unknown>) => ({
  config: { chainId: 4330, feeConfig: testFeeConfig, ...config },
  alloc: {},
  timestamp: `0x${T0.toString(16)}`,
  gasLimit: '0x7A1200',
  difficulty: '0x0',
})
const hex = (n: number | bigint) => `0x${n.toString(16)}`
/** acp226.InitialDelayExcess; DesiredDelayExcess(500) (vms/evm/acp226 tests). */
const initialDelayExcess = 7_970_124
const excessOf500ms = 6_516_490

type Block = Record<string, unknown> & { number: string; timestamp: string }

function chain(devnet: () => { rpcUrl: string }) {
  const call = async (method: string, params: unknown[]) =>
    (JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as { result: unknown }).result
  return {
    mineAt: (t: number) => call('evm_mine', [t]),
    block: async (tag: string) => (await call('eth_getBlockByNumber', [tag, false])) as Block,
    byHash: async (hash: string) => (await call('eth_getBlockByHash', [hash, true])) as Block,
  }
}

function expectNodeShape(block: Block) {
  expect(block).not.toHaveProperty('withdrawals')
  expect(block).not.toHaveProperty('withdrawalsRoot')
  expect(block.totalDifficulty).toBe(block.number)
  expect(block.difficulty).toBe(BigInt(block.number) === 0n ? '0x0' : '0x1')
}

describe('Granite active at genesis, with the default excess', () => {
  const devnet = useDevnet({ genesis: genesis({}) })
  const { mineAt, block, byHash } = chain(devnet)

  it('every block, genesis included, has the time in ms and InitialDelayExcess', async () => {
    await mineAt(T0 + 1)
    await mineAt(T0 + 3)
    for (const tag of ['0x0', '0x1', 'latest']) {
      const b = await block(tag)
      expectNodeShape(b)
      expect(b.timestampMilliseconds, tag).toBe(hex(BigInt(b.timestamp) * 1000n))
      expect(b.minDelayExcess, tag).toBe(hex(initialDelayExcess))
    }
    // By hash and with full transactions, the same header.
    const latest = await block('latest')
    const full = await byHash(latest.hash as string)
    expect({ ...full, transactions: [] }).toEqual({ ...latest, transactions: [] })
  })
})

describe('Granite active at genesis, with initialMinDelayMS', () => {
  const devnet = useDevnet({ genesis: genesis({ initialMinDelayMS: 500 }) })
  const { mineAt, block } = chain(devnet)

  it('the genesis seeds the excess (DesiredDelayExcess(500)), and every block carries it', async () => {
    await mineAt(T0 + 2)
    for (const tag of ['0x0', 'latest']) expect((await block(tag)).minDelayExcess, tag).toBe(hex(excessOf500ms))
  })
})

describe('Granite after genesis', () => {
  const granite = T0 + 100
  // initialMinDelayMS only seeds a genesis that is already in Granite.
  const devnet = useDevnet({ genesis: genesis({ graniteTimestamp: granite, initialMinDelayMS: 500 }) })
  const { mineAt, block } = chain(devnet)

  it('no ACP-226 fields before it; from its first block, InitialDelayExcess', async () => {
    await mineAt(granite - 1)
    for (const tag of ['0x0', 'latest']) {
      const b = await block(tag)
      expectNodeShape(b)
      expect(b, tag).not.toHaveProperty('timestampMilliseconds')
      expect(b, tag).not.toHaveProperty('minDelayExcess')
    }
    await mineAt(granite)
    const first = await block('latest')
    expectNodeShape(first)
    expect(first.timestampMilliseconds).toBe(hex(BigInt(granite) * 1000n))
    expect(first.minDelayExcess).toBe(hex(initialDelayExcess))
  })
})
