/**
 * `eth_feeHistory` shaped as Subnet-EVM answers it (eth/gasprice/feehistory.go): one base fee per block of the range
 * (no next-block entry, no blob fields), `pending` one block shorter, the node's range limits and percentile
 * texts; and consistent with the blocks' own headers. Real devnet, real anvil.
 */
import { createPublicClient, http } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { rpc, testFeeConfig, useDevnet } from '../helpers/devnet.js'

const DEV = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const devnet = useDevnet({
  genesis: {
    config: { chainId: 4326, feeConfig: testFeeConfig },
    alloc: { [DEV.slice(2)]: { balance: '0x3635c9adc5dea00000' } },
    timestamp: `0x${Math.floor(Date.now() / 1000).toString(16)}`,
    gasLimit: '0x7A1200',
    difficulty: '0x0',
  },
})
const raw = async (params: string) => (await rpc(devnet().rpcUrl, 'eth_feeHistory', params)).body
const call = async (method: string, params: unknown[]) =>
  (JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as { result: any }).result

let head: number

beforeAll(async () => {
  // Blocks with different gas used: 1 to 3 transfers each, mined together with automine off.
  await call('evm_setAutomine', [false])
  for (let block = 1; block <= 5; block++) {
    for (let i = 0; i < (block % 3) + 1; i++)
      await call('eth_sendTransaction', [{ from: DEV, to: DEV, value: '0x1', maxPriorityFeePerGas: `0x${(i + 1).toString(16)}` }])
    await call('evm_mine', [])
  }
  await call('evm_setAutomine', [true])
  head = Number(BigInt(await call('eth_blockNumber', [])))
})

describe('eth_feeHistory', () => {
  it("has the node's keys in its order, one base fee per block, the blocks' own fees and gas used", async () => {
    const text = await raw('[4, "latest", [25, 75]]')
    const body = JSON.parse(text) as { result: Record<string, any> }
    expect(Object.keys(body.result)).toEqual(['oldestBlock', 'reward', 'baseFeePerGas', 'gasUsedRatio'])
    const { oldestBlock, reward, baseFeePerGas, gasUsedRatio } = body.result
    expect(Number(BigInt(oldestBlock))).toBe(head - 3)
    expect(baseFeePerGas).toHaveLength(4)
    expect(gasUsedRatio).toHaveLength(4)
    expect(reward).toHaveLength(4)
    for (let i = 0; i < 4; i++) {
      const block = await call('eth_getBlockByNumber', [`0x${(head - 3 + i).toString(16)}`, false])
      expect(baseFeePerGas[i]).toBe(block.baseFeePerGas)
      expect(gasUsedRatio[i]).toBe(Number(BigInt(block.gasUsed)) / Number(BigInt(block.gasLimit)))
    }
  })

  it('without percentiles has no reward; pending ends at the head, one block shorter', async () => {
    const plain = JSON.parse(await raw('["0x3", "latest"]')).result
    expect(Object.keys(plain)).toEqual(['oldestBlock', 'baseFeePerGas', 'gasUsedRatio'])
    const pending = JSON.parse(await raw('["3", "pending"]')).result
    expect(pending.baseFeePerGas).toHaveLength(2)
    expect(Number(BigInt(pending.oldestBlock))).toBe(head - 1)
  })

  it('a range longer than the chain starts at genesis; no blocks is an empty answer', async () => {
    const all = JSON.parse(await raw('[1000, "latest"]')).result
    expect(all.oldestBlock).toBe('0x0')
    expect(all.baseFeePerGas).toHaveLength(head + 1)
    expect(await raw('[0, "latest"]')).toBe('{"jsonrpc":"2.0","id":1,"result":{"oldestBlock":"0x0","gasUsedRatio":null}}\n')
  })

  it("refuses with the node's texts", async () => {
    const error = async (params: string) => JSON.parse(await raw(params)).error
    expect(await error('[2, "latest", [101]]')).toEqual({ code: -32000, message: 'invalid reward percentile: 101.000000' })
    expect(await error('[2, "latest", [50, 40]]')).toEqual({
      code: -32000,
      message: 'invalid reward percentile: #0:50.000000 >= #1:40.000000',
    })
    expect(await error(`[2, "0x${(head + 5).toString(16)}"]`)).toEqual({
      code: -32000,
      message: `request beyond head block: requested ${head + 5}, head ${head}`,
    })
    expect(await error('["abc", "latest"]')).toEqual({ code: -32602, message: 'invalid argument 0: invalid hex or decimal integer "abc"' })
    expect(await error('[2]')).toEqual({ code: -32602, message: 'missing value for required argument 1' })
  })

  it("viem's getFeeHistory reads it", async () => {
    const client = createPublicClient({ transport: http(devnet().rpcUrl) })
    const history = await client.getFeeHistory({ blockCount: 2, rewardPercentiles: [50] })
    expect(history.baseFeePerGas).toHaveLength(2)
    expect(history.oldestBlock).toBe(BigInt(head - 1))
  })
})
