/**
 * Blocks on the devnet follow the L1's fee config as a node builds them: every block's base fee
 * is what the pure `nextBaseFee` (src/core/fees/) gives for its parent header (whose extraData
 * the devnet serves as the fee window), at the block's time, under the fee config in force at the
 * parent; the gas limit is that config's `gasLimit`; a `setFeeConfig` mined in block N governs
 * block N+1 on; the pool refuses a fee cap under `minBaseFee` with the node's text.
 */
import { createPublicClient, createWalletClient, http, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { nextBaseFee } from '../../src/core/fees/index.js'
import type { FeeConfig } from '../../src/core/types/subnet.js'
import { rpc, useDevnet } from '../helpers/devnet.js'

const devnet = useDevnet({ seed: 'block-fees' })
const admin = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const to = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

type RawBlock = { number: Hex; timestamp: Hex; gasUsed: Hex; gasLimit: Hex; baseFeePerGas: Hex; extraData: Hex }
const call = async <T>(method: string, params: unknown[] = []): Promise<{ result?: T; error?: { code: number; message: string } }> =>
  JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body)
const block = async (tag: string | bigint) =>
  (await call<RawBlock>('eth_getBlockByNumber', [typeof tag === 'bigint' ? `0x${tag.toString(16)}` : tag, false])).result!
const header = (b: RawBlock) => ({
  number: BigInt(b.number),
  timestamp: BigInt(b.timestamp),
  gasUsed: BigInt(b.gasUsed),
  gasLimit: BigInt(b.gasLimit),
  baseFeePerGas: BigInt(b.baseFeePerGas),
  extraData: b.extraData,
})
const feeConfigAt = async (n: bigint): Promise<FeeConfig> => {
  const r = await call<{ feeConfig: Record<string, number | string> }>('eth_feeConfig', [`0x${n.toString(16)}`])
  return Object.fromEntries(Object.entries(r.result!.feeConfig).map(([k, v]) => [k, BigInt(v)])) as FeeConfig
}

/** Checks every block from 1 to the head against the pure function, under the config in force at its parent. */
async function expectChainFollowsFeeConfig() {
  const head = BigInt((await call<Hex>('eth_blockNumber')).result!)
  for (let n = 1n; n <= head; n++) {
    const parent = header(await block(n - 1n))
    const child = header(await block(n))
    const feeConfig = await feeConfigAt(n - 1n)
    const want = nextBaseFee({ feeConfig, parent, timestamp: child.timestamp })
    expect(child.baseFeePerGas, `block ${n} base fee`).toBe(want.baseFee)
    // The fee window, then (Durango, from the default devnet's start) the block's predicate results: none, 6 bytes.
    expect(child.extraData, `block ${n} extraData`).toBe(`${want.extraPrefix}000000000000`)
    expect(child.gasLimit, `block ${n} gas limit`).toBe(feeConfig.gasLimit)
  }
  return head
}

describe('blocks follow the fee config', () => {
  it('genesis has the fee config’s minBaseFee as its base fee, and block 1 too', async () => {
    await call('evm_mine')
    expect(BigInt((await block(0n)).baseFeePerGas)).toBe(devnet().chainSpec.feeConfig.minBaseFee)
    expect(BigInt((await block(1n)).baseFeePerGas)).toBe(devnet().chainSpec.feeConfig.minBaseFee)
  })

  it('over many blocks, busy and idle, one and many seconds apart: every base fee is the pure function’s', async () => {
    // A small targetGas (gas per 10 s) makes a single transfer push the base fee up.
    const { feeConfig } = devnet().chainSpec
    const busy = { ...feeConfig, targetGas: 50_000n, baseFeeChangeDenominator: 8n }
    const json = JSON.stringify(Object.fromEntries(Object.entries(busy).map(([k, v]) => [k, Number(v)])))
    expect((await rpc(devnet().rpcUrl, 'devnet_setFeeConfig', `[${json}]`)).status).toBe(200)
    const client = createPublicClient({ transport: http(devnet().rpcUrl) })
    const wallet = createWalletClient({ account: admin, transport: http(devnet().rpcUrl) })
    let time = (await client.getBlock()).timestamp
    for (const [gap, sends] of [
      [1n, 2],
      [1n, 2],
      [2n, 1],
      [1n, 3],
      [12n, 1],
      [3n, 0],
      [25n, 0],
      [1n, 1],
    ] as const) {
      time += gap
      await call('evm_setNextBlockTimestamp', [`0x${time.toString(16)}`])
      if (sends === 0) await call('evm_mine')
      else {
        // anvil mines each send in its own block: the first at `time`, the next ones one second later each.
        for (let i = 0; i < sends; i++) {
          const fees = await client.estimateFeesPerGas()
          const hash = await wallet.sendTransaction({ to, value: 1n, maxFeePerGas: fees.maxFeePerGas * 4n, chain: null })
          await client.waitForTransactionReceipt({ hash })
          time = (await client.getBlock()).timestamp
          if (i < sends - 1) await call('evm_setNextBlockTimestamp', [`0x${(time + 1n).toString(16)}`])
        }
      }
    }
    const head = await expectChainFollowsFeeConfig()
    expect(head).toBeGreaterThan(10n)
    // The busy blocks raised it above the minimum at some point.
    const fees = await Promise.all(
      Array.from({ length: Number(head) }, (_, i) => block(BigInt(i + 1)).then((b) => BigInt(b.baseFeePerGas))),
    )
    expect(fees.some((f) => f > feeConfig.minBaseFee!)).toBe(true)
  })

  it('a setFeeConfig mined in block N governs block N+1: its gas limit, and a raised minBaseFee clamps the base fee up', async () => {
    const { feeConfig } = devnet().chainSpec
    const raised = { ...feeConfig, minBaseFee: 75_000_000_000n, gasLimit: 12_000_000n }
    const json = JSON.stringify(Object.fromEntries(Object.entries(raised).map(([k, v]) => [k, Number(v)])))
    const set = await call<{ blockNumber: Hex }>('devnet_setFeeConfig', [JSON.parse(json)])
    const n = BigInt(set.result!.blockNumber)
    expect(BigInt((await block(n)).gasLimit)).not.toBe(12_000_000n)
    await call('evm_mine')
    const next = await block(n + 1n)
    expect(BigInt(next.gasLimit)).toBe(12_000_000n)
    expect(BigInt(next.baseFeePerGas)).toBeGreaterThanOrEqual(75_000_000_000n)
    await expectChainFollowsFeeConfig()
  })

  it('the pool refuses a fee cap under minBaseFee with the node’s text; eth_gasPrice is not under the head’s base fee', async () => {
    const wallet = createWalletClient({ account: admin, transport: http(devnet().rpcUrl) })
    const error = await wallet
      .sendTransaction({ to, value: 1n, maxFeePerGas: 60_000_000_000n, maxPriorityFeePerGas: 1n, chain: null })
      .catch((e: unknown) => e as Error)
    expect((error as Error).message).toContain(
      `transaction underpriced: address ${admin.address} have gas fee cap (60000000000) < pool minimum fee cap (75000000000)`,
    )
    // eth_baseFee is the next block's base fee if built now; eth_gasPrice adds the tip.
    const head = header(await block('latest'))
    const baseFee = BigInt((await call<Hex>('eth_baseFee')).result!)
    expect(baseFee).toBeGreaterThanOrEqual(75_000_000_000n)
    expect(BigInt((await call<Hex>('eth_gasPrice')).result!)).toBeGreaterThan(baseFee)
    expect(head.baseFeePerGas).toBeGreaterThanOrEqual(75_000_000_000n)
  })

  it('each transaction’s whole fee (gas used × price) goes to the coinbase: the blackhole, then the Reward Manager’s address', async () => {
    const client = createPublicClient({ transport: http(devnet().rpcUrl) })
    const wallet = createWalletClient({ account: admin, transport: http(devnet().rpcUrl) })
    const blackhole = '0x0100000000000000000000000000000000000000'
    const send = async () => {
      const fees = await client.estimateFeesPerGas()
      const hash = await wallet.sendTransaction({ to, value: 1n, maxFeePerGas: fees.maxFeePerGas * 4n, chain: null })
      return client.waitForTransactionReceipt({ hash })
    }
    // No Reward Manager yet and allowFeeRecipients unset: the blackhole address (a node's default coinbase).
    const before = await client.getBalance({ address: blackhole })
    const receipt = await send()
    expect((await client.getBlock({ blockNumber: receipt.blockNumber })).miner).toBe(blackhole)
    expect(await client.getBalance({ address: blackhole })).toBe(before + receipt.gasUsed * receipt.effectiveGasPrice)

    // +10800 s: the Reward Manager runs; its admin sends rewards to one address, from the next block on.
    const start = BigInt(devnet().chainSpec.upgrades.precompileUpgrades[0]!.timestamp!) - 3600n
    await call('evm_setNextBlockTimestamp', [`0x${(start + 10_800n).toString(16)}`])
    await call('evm_mine')
    const treasury = '0x00000000000000000000000000000000000A11CE'
    const setReward: Hex = `0x5e00e679${treasury.slice(2).toLowerCase().padStart(64, '0')}`
    const fees = await client.estimateFeesPerGas()
    const set = await wallet.sendTransaction({
      to: '0x0200000000000000000000000000000000000004',
      data: setReward,
      maxFeePerGas: fees.maxFeePerGas * 4n,
      chain: null,
    })
    await client.waitForTransactionReceipt({ hash: set })
    const paid = await send()
    expect((await client.getBlock({ blockNumber: paid.blockNumber })).miner.toLowerCase()).toBe(treasury.toLowerCase())
    expect(await client.getBalance({ address: treasury })).toBe(paid.gasUsed * paid.effectiveGasPrice)
  })

  it('anvil_mine mines each block with its fees set', async () => {
    const before = BigInt((await call<Hex>('eth_blockNumber')).result!)
    await call('anvil_mine', ['0x4', '0xc'])
    const after = BigInt((await call<Hex>('eth_blockNumber')).result!)
    expect(after).toBe(before + 4n)
    expect(BigInt((await block(after)).timestamp) - BigInt((await block(after - 1n)).timestamp)).toBe(12n)
    await expectChainFollowsFeeConfig()
  })
})
