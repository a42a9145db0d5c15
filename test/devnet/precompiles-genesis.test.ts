/**
 * The precompiles running from real Subnet-EVM genesis files (test/fixtures/subnet-evm-genesis):
 * fee_manager.json (Fee Manager getters, setFeeConfig from the admin, the node's refusals, and
 * eth_feeConfig reading the precompile's state), tx_allow_list.json (anvil's dev accounts hold no
 * role and are refused) and contract_deployer_allow_list.json. Real anvil, no mocks; the genesis
 * admin 0x8db97C7c… is driven through anvil's impersonation.
 */
import { join, resolve } from 'node:path'
import { privateKeyToAccount } from 'viem/accounts'
import { getContractAddress, decodeEventLog, decodeFunctionResult, encodeFunctionData, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { feeManagerAbi } from '../../src/core/precompiles/abis.js'
import { rpc, useDevnet } from '../helpers/devnet.js'

const genesisDir = resolve(import.meta.dirname, '../fixtures/subnet-evm-genesis')
const FEE_MANAGER = '0x0200000000000000000000000000000000000003'
const TX_LIST = '0x0200000000000000000000000000000000000002'
const GENESIS_ADMIN = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'
const DEV = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

type Reply = { result?: any; error?: { code: number; message: string; data?: unknown } }
const caller =
  (url: () => string) =>
  async (method: string, params: unknown[]): Promise<Reply> =>
    JSON.parse((await rpc(url(), method, JSON.stringify(params))).body) as Reply

const genesisFee = [20_000_000n, 1n, 1_000_000_000n, 100_000_000n, 48n, 0n, 10_000_000n, 500_000n] as const
const feeJson = (f: readonly bigint[]) =>
  `{"gasLimit":${f[0]},"targetBlockRate":${f[1]},"minBaseFee":${f[2]},"targetGas":${f[3]},"baseFeeChangeDenominator":${f[4]},"minBlockGasCost":${f[5]},"maxBlockGasCost":${f[6]},"blockGasCostStep":${f[7]}}`
const setFee = (f: readonly bigint[]) =>
  encodeFunctionData({
    abi: feeManagerAbi,
    functionName: 'setFeeConfig',
    args: f as [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint],
  })

describe('fee_manager.json', () => {
  const devnet = useDevnet({ genesis: join(genesisDir, 'fee_manager.json') })
  const call = caller(() => devnet().rpcUrl)
  const feeConfig = async (block = 'latest') => (await rpc(devnet().rpcUrl, 'eth_feeConfig', `["${block}"]`)).body

  async function getFeeConfig(): Promise<bigint[]> {
    const r = await call('eth_call', [
      { to: FEE_MANAGER, data: encodeFunctionData({ abi: feeManagerAbi, functionName: 'getFeeConfig' }) },
      'latest',
    ])
    return [...(decodeFunctionResult({ abi: feeManagerAbi, functionName: 'getFeeConfig', data: r.result }) as readonly bigint[])]
  }
  async function lastChangedAt(): Promise<bigint> {
    const data = encodeFunctionData({ abi: feeManagerAbi, functionName: 'getFeeConfigLastChangedAt' })
    return BigInt((await call('eth_call', [{ to: FEE_MANAGER, data }, 'latest'])).result)
  }

  it('getFeeConfig / getFeeConfigLastChangedAt: the genesis config stored at block 0, as eth_feeConfig says', async () => {
    expect(await getFeeConfig()).toEqual([...genesisFee])
    expect(await lastChangedAt()).toBe(0n)
    expect(await feeConfig()).toBe(`{"jsonrpc":"2.0","id":1,"result":{"feeConfig":${feeJson(genesisFee)},"lastChangedAt":0}}\n`)
    expect((await call('eth_getCode', [FEE_MANAGER, 'latest'])).result).toBe('0x01')
  })

  it('setFeeConfig from a caller without a role: the node text from eth_call and eth_estimateGas', async () => {
    const tx = { from: DEV, to: FEE_MANAGER, data: setFee(genesisFee) }
    const want = { code: -32000, message: `non-enabled cannot change fee config: ${DEV}` }
    expect((await call('eth_call', [tx, 'latest'])).error).toEqual(want)
    expect((await call('eth_estimateGas', [tx])).error).toEqual(want)
  })

  it('setFeeConfig from the admin with an invalid config: cannot verify fee config', async () => {
    const zero = { from: GENESIS_ADMIN, to: FEE_MANAGER, data: setFee([0n, ...genesisFee.slice(1)]) }
    expect((await call('eth_call', [zero, 'latest'])).error).toEqual({
      code: -32000,
      message: 'cannot verify fee config: gasLimit cannot be less than or equal to 0: gasLimit = 0',
    })
    const minMax = { from: GENESIS_ADMIN, to: FEE_MANAGER, data: setFee([...genesisFee.slice(0, 5), 7n, 6n, 1n]) }
    expect((await call('eth_estimateGas', [minMax])).error).toEqual({
      code: -32000,
      message: 'cannot verify fee config: minBlockGasCost cannot be greater than maxBlockGasCost: minBlockGasCost = 7, maxBlockGasCost = 6',
    })
  })

  it('the admin sets a new config by transaction: FeeConfigChanged, the getters and eth_feeConfig follow, history kept', async () => {
    const next = [15_000_000n, 2n, 2_000_000_000n, 50_000_000n, 36n, 0n, 1_000_000n, 200_000n] as const
    expect((await call('anvil_impersonateAccount', [GENESIS_ADMIN])).error).toBeUndefined()
    const hash = (await call('eth_sendTransaction', [{ from: GENESIS_ADMIN, to: FEE_MANAGER, data: setFee(next), gas: '0x100000' }])).result
    const receipt = (await call('eth_getTransactionReceipt', [hash])).result
    expect(receipt.status).toBe('0x1')
    const block = BigInt(receipt.blockNumber)
    const event = decodeEventLog({ abi: feeManagerAbi, data: receipt.logs[0].data as Hex, topics: receipt.logs[0].topics }) as any
    expect(event.eventName).toBe('FeeConfigChanged')
    expect(event.args.sender).toBe(GENESIS_ADMIN)
    expect(event.args.newFeeConfig.minBaseFee).toBe(2_000_000_000n)
    expect(event.args.oldFeeConfig.minBaseFee).toBe(1_000_000_000n)
    expect(await getFeeConfig()).toEqual([...next])
    expect(await lastChangedAt()).toBe(block)
    expect(await feeConfig()).toBe(`{"jsonrpc":"2.0","id":1,"result":{"feeConfig":${feeJson(next)},"lastChangedAt":${block}}}\n`)
    expect(await feeConfig(`0x${(block - 1n).toString(16)}`)).toBe(
      `{"jsonrpc":"2.0","id":1,"result":{"feeConfig":${feeJson(genesisFee)},"lastChangedAt":0}}\n`,
    )
  })

  it('devnet_setFeeConfig is the same transaction, sent as the admin; refused as the node refuses a caller without a role', async () => {
    const r = JSON.parse((await rpc(devnet().rpcUrl, 'devnet_setFeeConfig', `[${feeJson(genesisFee)}]`)).body) as Reply
    const block = BigInt(r.result.blockNumber)
    expect(await lastChangedAt()).toBe(block)
    expect(await getFeeConfig()).toEqual([...genesisFee])
    const refused = await rpc(devnet().rpcUrl, 'devnet_setFeeConfig', `[${feeJson(genesisFee)},"${DEV}"]`)
    expect(refused.body).toBe(`{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"non-enabled cannot change fee config: ${DEV}"}}\n`)
  })
})

describe('tx_allow_list.json', () => {
  const devnet = useDevnet({ genesis: join(genesisDir, 'tx_allow_list.json') })
  const call = caller(() => devnet().rpcUrl)

  it("anvil's dev accounts hold no role and are refused; the genesis admin sends and grants", async () => {
    expect((await call('eth_sendTransaction', [{ from: DEV, to: DEV, value: '0x1' }])).error).toEqual({
      code: -32000,
      message: `cannot issue transaction from non-allow listed address: ${DEV}`,
    })
    await call('anvil_impersonateAccount', [GENESIS_ADMIN])
    const data = `0x0aaf7043${DEV.slice(2).toLowerCase().padStart(64, '0')}` // setEnabled(DEV)
    const hash = (await call('eth_sendTransaction', [{ from: GENESIS_ADMIN, to: TX_LIST, data, gas: '0x100000' }])).result
    expect((await call('eth_getTransactionReceipt', [hash])).result.status).toBe('0x1')
    expect((await call('eth_sendTransaction', [{ from: DEV, to: DEV, value: '0x1' }])).error).toBeUndefined()
  })
})

describe('contract_deployer_allow_list.json', () => {
  const devnet = useDevnet({ genesis: join(genesisDir, 'contract_deployer_allow_list.json') })
  const call = caller(() => devnet().rpcUrl)

  it('a top-level deploy simulated from an origin without a role: the node text; the admin may', async () => {
    const initCode = '0x600a600c600039600a6000f3602a60005260206000f3'
    const want = { code: -32000, message: `tx.origin ${DEV} is not authorized to deploy a contract` }
    expect((await call('eth_estimateGas', [{ from: DEV, data: initCode }])).error).toEqual(want)
    expect((await call('eth_call', [{ from: DEV, data: initCode }, 'latest'])).error).toEqual(want)
    expect((await call('eth_estimateGas', [{ from: GENESIS_ADMIN, data: initCode }])).result).toMatch(/^0x[0-9a-f]+$/)
  })

  it('a top-level deploy sent by an origin without a role is accepted and mined failed, all gas used; the admin deploys', async () => {
    const initCode = '0x600a600c600039600a6000f3602a60005260206000f3'
    const hash = (await call('eth_sendTransaction', [{ from: DEV, data: initCode, gas: '0x30000' }])).result
    const receipt = (await call('eth_getTransactionReceipt', [hash])).result
    expect(receipt.status).toBe('0x0')
    expect(receipt.gasUsed).toBe('0x30000')
    const key = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d' // anvil's second dev account
    const signer = privateKeyToAccount(key)
    const raw = await signer.signTransaction({
      chainId: Number(devnet().chainId),
      type: 'eip1559',
      data: initCode,
      nonce: 0,
      gas: 100_000n,
      maxFeePerGas: 100_000_000_000n,
      maxPriorityFeePerGas: 1n,
    })
    const rawHash = (await call('eth_sendRawTransaction', [raw])).result
    const rawReceipt = (await call('eth_getTransactionReceipt', [rawHash])).result
    expect(rawReceipt.status).toBe('0x0')
    expect(rawReceipt.gasUsed).toBe(`0x${(100_000).toString(16)}`)
    // Nothing is left at the addresses the contracts would have had.
    for (const [from, nonce] of [
      [DEV, 0n],
      [signer.address, 0n],
    ] as const)
      expect((await call('eth_getCode', [getContractAddress({ from, nonce }), 'latest'])).result).toBe('0x')
    await call('anvil_impersonateAccount', [GENESIS_ADMIN])
    const ok = (await call('eth_sendTransaction', [{ from: GENESIS_ADMIN, data: initCode, gas: '0x30000' }])).result
    const okReceipt = (await call('eth_getTransactionReceipt', [ok])).result
    expect(okReceipt.status).toBe('0x1')
    expect((await call('eth_getCode', [okReceipt.contractAddress, 'latest'])).result).toBe('0x602a60005260206000f3')
  })
})
