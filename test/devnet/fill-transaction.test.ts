/**
 * `eth_fillTransaction` and `eth_sendTransaction` fill a transaction's fees and gas as a node does
 * (internal/ethapi transaction_args.go `setDefaults`): the fee cap is the tip plus twice the head's base fee, and
 * the gas comes from the node's estimate, whose refusal is the answer (viem asks `eth_fillTransaction` before
 * each send it prepares). Real devnet, real anvil.
 */
import { createWalletClient, defineChain, http } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { rpc, testFeeConfig, useDevnet } from '../helpers/devnet.js'

const DEV = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const carol = privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6')
const MINTER = '0x0200000000000000000000000000000000000001'
/** Creation code of a contract whose runtime code returns a zero word. */
const INIT = '0x600a600c600039600a6000f3600060005260206000f3'
const chainId = 4325

const devnet = useDevnet({
  genesis: {
    config: {
      chainId,
      feeConfig: testFeeConfig,
      contractDeployerAllowListConfig: { adminAddresses: [DEV], blockTimestamp: 0 },
      contractNativeMinterConfig: { adminAddresses: [DEV], blockTimestamp: 0 },
    },
    alloc: { [DEV.slice(2)]: { balance: '0x3635c9adc5dea00000' }, [carol.address.slice(2)]: { balance: '0x3635c9adc5dea00000' } },
    timestamp: `0x${Math.floor(Date.now() / 1000).toString(16)}`,
    gasLimit: '0x7A1200',
    difficulty: '0x0',
  },
})

type Reply = { result?: any; error?: { code: number; message: string } }
const call = async (method: string, params: unknown[]): Promise<Reply> =>
  JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply
const notAuthorized = { code: -32000, message: `tx.origin ${carol.address} is not authorized to deploy a contract` }
const cannotMint = { code: -32000, message: `non-enabled cannot mint: ${carol.address}` }
const mint = `0x4f5aaaba${carol.address.slice(2).toLowerCase().padStart(64, '0')}${'1'.padStart(64, '0')}`

describe('eth_fillTransaction', () => {
  it("fills the fee cap as tip + 2 × the head's base fee, and the gas from the estimate", async () => {
    const reply = await call('eth_fillTransaction', [{ from: DEV, to: DEV, value: '0x1' }])
    expect(reply.error).toBeUndefined()
    const head = (await call('eth_getBlockByNumber', ['latest', false])).result
    const tip = BigInt((await call('eth_maxPriorityFeePerGas', [])).result)
    expect(BigInt(reply.result.tx.maxFeePerGas)).toBe(tip + 2n * BigInt(head.baseFeePerGas))
    expect(BigInt(reply.result.tx.maxPriorityFeePerGas)).toBe(tip)
    expect(BigInt(reply.result.tx.gas)).toBe(21_000n)
  })

  it('keeps the fees and gas it is given', async () => {
    const given = { from: DEV, to: DEV, gas: '0x6000', maxFeePerGas: '0x174876e800', maxPriorityFeePerGas: '0x1' }
    const { tx } = (await call('eth_fillTransaction', [given])).result
    expect([tx.gas, tx.maxFeePerGas, tx.maxPriorityFeePerGas]).toEqual(['0x6000', '0x174876e800', '0x1'])
  })

  it("answers with the estimate's refusal: a creation by an origin without a deployer role, a precompile's error", async () => {
    expect((await call('eth_fillTransaction', [{ from: carol.address, data: INIT }])).error).toEqual(notAuthorized)
    expect((await call('eth_fillTransaction', [{ from: carol.address, to: MINTER, data: mint }])).error).toEqual(cannotMint)
  })
})

describe('eth_sendTransaction without gas', () => {
  it("is refused with the estimate's error, nothing mined", async () => {
    await call('anvil_impersonateAccount', [carol.address])
    const before = (await call('eth_blockNumber', [])).result
    expect((await call('eth_sendTransaction', [{ from: carol.address, data: INIT }])).error).toEqual(notAuthorized)
    expect((await call('eth_sendTransaction', [{ from: carol.address, to: MINTER, data: mint }])).error).toEqual(cannotMint)
    expect((await call('eth_blockNumber', [])).result).toBe(before)
  })

  it("with a gas limit it is mined and fails, all its gas used, as the node's block fails it", async () => {
    const hash = (await call('eth_sendTransaction', [{ from: carol.address, data: INIT, gas: '0x30000' }])).result
    const receipt = (await call('eth_getTransactionReceipt', [hash])).result
    expect(receipt.status).toBe('0x0')
    expect(receipt.gasUsed).toBe('0x30000')
  })

  it("fills the node's fee cap", async () => {
    const head = (await call('eth_getBlockByNumber', ['latest', false])).result
    const tip = BigInt((await call('eth_maxPriorityFeePerGas', [])).result)
    const hash = (await call('eth_sendTransaction', [{ from: DEV, to: DEV, value: '0x1' }])).result
    const tx = (await call('eth_getTransactionByHash', [hash])).result
    expect(BigInt(tx.maxFeePerGas)).toBe(tip + 2n * BigInt(head.baseFeePerGas))
    expect(BigInt(tx.gas)).toBe(21_000n)
  })
})

describe('through viem', () => {
  it("a deploy by an origin without a deployer role is refused with the node's text before anything is sent", async () => {
    const chain = defineChain({
      id: chainId,
      name: 'devnet',
      nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 },
      rpcUrls: { default: { http: [devnet().rpcUrl] } },
    })
    const wallet = createWalletClient({ account: carol, chain, transport: http(devnet().rpcUrl) })
    await expect(wallet.deployContract({ abi: [], bytecode: INIT })).rejects.toThrow(notAuthorized.message)
  })
})
