/**
 * `eth_maxPriorityFeePerGas` and `eth_gasPrice` from the node's tip oracle (eth/gasprice/gasprice.go `suggestTip`,
 * `DefaultFullGPOConfig`): the 40th percentile of the recent blocks' effective tips, 1 wei to 150 gwei, the last
 * suggestion kept while no recent block has a transaction. Real devnet, real anvil.
 */
import { describe, expect, it } from 'vitest'
import { rpc, testFeeConfig, useDevnet } from '../helpers/devnet.js'

const DEV = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const GWEI = 10n ** 9n
const devnet = useDevnet({
  genesis: {
    config: { chainId: 4327, feeConfig: testFeeConfig },
    alloc: { [DEV.slice(2)]: { balance: '0x3635c9adc5dea00000' } },
    timestamp: `0x${Math.floor(Date.now() / 1000).toString(16)}`,
    gasLimit: '0x7A1200',
    difficulty: '0x0',
  },
})
const call = async (method: string, params: unknown[] = []) => {
  const body = JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as { result?: any; error?: any }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}
const tip = async () => BigInt(await call('eth_maxPriorityFeePerGas'))
const send = (tipGwei: bigint) =>
  call('eth_sendTransaction', [
    {
      from: DEV,
      to: DEV,
      value: '0x1',
      maxPriorityFeePerGas: `0x${(tipGwei * GWEI).toString(16)}`,
      maxFeePerGas: `0x${(300n * GWEI).toString(16)}`,
    },
  ])

describe('the tip oracle', () => {
  it('suggests the minimum, 1 wei, before any transaction', async () => {
    expect(await tip()).toBe(1n)
  })

  it("takes the 40th percentile of the recent blocks' tips", async () => {
    for (const t of [5n, 1n, 4n, 2n, 3n]) await send(t)
    // Sorted 1…5 gwei: index (5 - 1) × 40 / 100 = 1.
    expect(await tip()).toBe(2n * GWEI)
  })

  it('eth_gasPrice is the base fee of a block built now plus that tip', async () => {
    const [price, baseFee, suggested] = await Promise.all([call('eth_gasPrice'), call('eth_baseFee'), tip()])
    expect(BigInt(price)).toBe(BigInt(baseFee) + suggested)
  })

  it('keeps its last suggestion once the blocks with transactions are more than 80 seconds old', async () => {
    await call('evm_increaseTime', [120])
    await call('evm_mine')
    expect(await tip()).toBe(2n * GWEI)
  })

  it('never suggests more than 150 gwei', async () => {
    for (let i = 0; i < 3; i++) await send(200n)
    expect(await tip()).toBe(150n * GWEI)
  })
})
