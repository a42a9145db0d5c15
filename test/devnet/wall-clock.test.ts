/**
 * The wall clock on a real genesis whose timestamp is 0 (as most are), on Fuji's upgrade times: block 0
 * keeps the genesis time, every later block is stamped when it is built (miner/worker.go `commitNewWork`),
 * so Durango, Etna and Granite are on at the head, and an upgrade.json entry scheduled a few seconds
 * after the start activates then, in real time.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rpc, testGenesis, useDevnet } from '../helpers/devnet.js'

const DEV = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const MINTER = '0x0200000000000000000000000000000000000001'
const genesis = {
  ...JSON.parse(readFileSync(resolve(import.meta.dirname, '../fixtures/subnet-evm-genesis/fee_manager.json'), 'utf8')),
  timestamp: '0x0',
}
const started = Math.floor(Date.now() / 1000)
const ACTIVATION = started + 4

const devnet = useDevnet({
  genesis,
  networkID: 5,
  upgrade: { precompileUpgrades: [{ contractNativeMinterConfig: { adminAddresses: [DEV], blockTimestamp: ACTIVATION } }] },
})

type Reply = { result?: any; error?: { code: number; message: string } }
const call = async (method: string, params: unknown[] = []): Promise<any> => {
  const reply = JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply
  if (reply.error) throw new Error(`${method}: ${reply.error.message}`)
  return reply.result
}
const send = async () => {
  const hash = await call('eth_sendTransaction', [{ from: DEV, to: DEV, value: '0x1' }])
  return call('eth_getBlockByNumber', [(await call('eth_getTransactionReceipt', [hash])).blockNumber, false])
}
/** readAllowList(DEV) on the Native Minter. */
const minterRole = () => call('eth_call', [{ to: MINTER, data: `0xeb54dae1${DEV.slice(2).padStart(64, '0')}` }, 'latest'])

describe('a genesis at timestamp 0', () => {
  it('block 0 keeps the genesis time; the next is stamped with the wall clock, with Durango, Etna and Granite on', async () => {
    await call('anvil_setBalance', [DEV, '0x3635c9adc5dea00000'])
    expect(BigInt((await call('eth_getBlockByNumber', ['0x0', false])).timestamp)).toBe(0n)
    const before = Date.now()
    const block = await send()
    const ms = BigInt(block.timestampMilliseconds)
    // Generous bounds: stamped when built, not 3, 17, 104… seconds after 1970.
    expect(ms).toBeGreaterThanOrEqual(BigInt(before) - 1000n)
    expect(ms).toBeLessThanOrEqual(BigInt(Date.now()) + 1000n)
    expect(BigInt(block.timestamp)).toBe(ms / 1000n)
    const rules = await call('eth_getActiveRulesAt')
    expect(rules.avalancheRules).toMatchObject({ IsDurango: true, IsEtna: true, IsGranite: true })
    expect(rules.ethRules).toMatchObject({ IsShanghai: true, IsCancun: true })
    expect(rules.precompiles).not.toHaveProperty('contractNativeMinterConfig')
    expect(await call('eth_getCode', [MINTER, 'latest'])).toBe('0x')
  })

  it('an upgrade scheduled a few seconds after the start activates once the wall clock reaches it', async () => {
    // The test waits for the wall clock; the devnet never does.
    await new Promise((done) => setTimeout(done, Math.max(0, ACTIVATION * 1000 - Date.now() + 100)))
    const block = await send()
    expect(Number(block.timestamp)).toBeGreaterThanOrEqual(ACTIVATION)
    expect(Number(block.timestamp)).toBeLessThan(ACTIVATION + 30)
    expect(BigInt(await minterRole())).toBe(2n)
    const rules = await call('eth_getActiveRulesAt')
    expect(rules.precompiles.contractNativeMinterConfig).toEqual({ timestamp: ACTIVATION })
    expect(rules.avalancheRules).toMatchObject({ IsDurango: true, IsEtna: true, IsGranite: true })
  })

  it('a burst of sends runs the chain ahead of the wall clock by the minimum delay (2 s) per block, never sooner', async () => {
    const blocks = []
    for (let i = 0; i < 4; i++) blocks.push(await send())
    for (let i = 1; i < blocks.length; i++)
      expect(BigInt(blocks[i].timestampMilliseconds) - BigInt(blocks[i - 1].timestampMilliseconds)).toBeGreaterThanOrEqual(2000n)
    // An explicit time sooner than that is refused as the node refuses the block.
    const head = BigInt(blocks.at(-1).timestamp)
    const reply = JSON.parse((await rpc(devnet().rpcUrl, 'evm_mine', JSON.stringify([Number(head) + 1]))).body) as Reply
    expect(reply.error).toEqual({
      code: -32602,
      message: `Timestamp error: minimum block delay not met: actual delay ${(head + 1n) * 1000n - BigInt(blocks.at(-1).timestampMilliseconds)}ms < required 2000ms`,
    })
  })
})

describe('before Granite, a block is built once its tips pay its block gas cost (customheader.VerifyBlockFee)', () => {
  const devnet = useDevnet({ genesis: testGenesis({ chainId: 4330, graniteTimestamp: 4_000_000_000, heliconTimestamp: 4_000_000_000 }) })
  const send = async (tip: bigint) => {
    const raw = JSON.parse(
      (
        await rpc(
          devnet().rpcUrl,
          'eth_sendTransaction',
          JSON.stringify([
            { from: DEV, to: DEV, value: '0x1', maxFeePerGas: '0x1d1a94a2000', maxPriorityFeePerGas: `0x${tip.toString(16)}` },
          ]),
        )
      ).body,
    ) as Reply
    if (raw.error) throw new Error(raw.error.message)
    const receipt = JSON.parse((await rpc(devnet().rpcUrl, 'eth_getTransactionReceipt', JSON.stringify([raw.result]))).body).result
    const block = JSON.parse((await rpc(devnet().rpcUrl, 'eth_getBlockByNumber', JSON.stringify([receipt.blockNumber, false]))).body).result
    return { timestamp: BigInt(block.timestamp), blockGasCost: BigInt(block.blockGasCost) }
  }

  it('without a tip, each block waits (in chain time) until its cost is 0: targetBlockRate (2 s) apart', async () => {
    await rpc(devnet().rpcUrl, 'anvil_setBalance', JSON.stringify([DEV, '0x3635c9adc5dea00000']))
    const blocks = [await send(0n), await send(0n), await send(0n)]
    for (const b of blocks) expect(b.blockGasCost).toBe(0n)
    for (let i = 1; i < blocks.length; i++) expect(blocks[i]!.timestamp - blocks[i - 1]!.timestamp).toBeGreaterThanOrEqual(2n)
  })

  it('a tip that pays the cost goes in at once, in the same second as its parent', async () => {
    const first = await send(0n)
    // Counted for the least gas a transaction uses (16,800), 1,000 gwei of tip buys 672,000 gas at a 25 gwei
    // base fee: more than the 400,000 a block in its parent's second costs.
    const second = await send(1_000_000_000_000n)
    expect(second.timestamp).toBe(first.timestamp)
    expect(second.blockGasCost).toBe(400_000n)
  })
})
