/**
 * A precompile activates (and deactivates) at the start of the first block whose timestamp reaches its
 * `blockTimestamp`, before that block's transactions, as a node's `ApplyUpgrades` does: a transaction in that
 * very block already uses it. The state at the parent block stays as it was (the devnet changes anvil's state
 * right before mining, and answers reads at the parent from what it recorded). Real devnet, real anvil.
 */
import { describe, expect, it } from 'vitest'
import { rpc, testFeeConfig, useDevnet } from '../helpers/devnet.js'

// Blocks are stamped with the wall clock: the schedule starts now.
const T0 = Math.floor(Date.now() / 1000)
const ON = T0 + 100
const OFF = T0 + 200
const AGAIN = T0 + 300
const MINTER = '0x0200000000000000000000000000000000000001'
const FEE_MANAGER = '0x0200000000000000000000000000000000000003'
const DEV = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const RECIPIENT = '0x2000000000000000000000000000000000000002'
const word = (v: bigint | string) => (typeof v === 'string' ? v.slice(2).toLowerCase() : v.toString(16)).padStart(64, '0')
const hex = (n: bigint) => `0x${n.toString(16)}`

const genesisFee = testFeeConfig
const initialFee = { ...genesisFee, minBaseFee: 30_000_000_000, targetGas: 20_000_000 }

const devnet = useDevnet({
  genesis: {
    config: { chainId: 4323, feeConfig: genesisFee },
    alloc: { [DEV.slice(2)]: { balance: '0x3635c9adc5dea00000' } },
    timestamp: hex(BigInt(T0)),
    gasLimit: '0x7A1200',
    difficulty: '0x0',
  },
  upgrade: {
    precompileUpgrades: [
      { contractNativeMinterConfig: { blockTimestamp: ON, adminAddresses: [DEV] } },
      { feeManagerConfig: { blockTimestamp: ON, adminAddresses: [DEV], initialFeeConfig: initialFee } },
      { contractNativeMinterConfig: { blockTimestamp: OFF, disable: true } },
      { contractNativeMinterConfig: { blockTimestamp: AGAIN, adminAddresses: [DEV] } },
    ],
  },
})

type Reply = { result?: any; error?: { code: number; message: string } }
const call = async (method: string, params: unknown[]): Promise<Reply> =>
  JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply
const result = async (method: string, params: unknown[]) => {
  const reply = await call(method, params)
  if (reply.error) throw new Error(`${method}: ${reply.error.message}`)
  return reply.result
}
/** Mines one block at `t` and returns its number. */
const mineAt = async (t: number): Promise<bigint> => {
  await result('evm_mine', [t])
  return BigInt((await result('eth_getBlockByNumber', ['latest', false])).number)
}
/** Sends `mintNativeCoin(RECIPIENT, amount)` from DEV in a block at `t`; returns the receipt. */
const mintAt = async (t: number, amount: bigint) => {
  await result('evm_setNextBlockTimestamp', [t])
  const data = `0x4f5aaaba${word(RECIPIENT)}${word(amount)}`
  const hash = await result('eth_sendTransaction', [{ from: DEV, to: MINTER, data, gas: '0x100000' }])
  return (await result('eth_getTransactionReceipt', [hash])) as { status: string; blockNumber: string; logs: unknown[] }
}
const readAllowList = (address: string, block: string) =>
  call('eth_call', [{ to: MINTER, data: `0xeb54dae1${word(address)}` }, block]).then((r) => r.result as string)
const feeConfigAt = async (n: bigint) =>
  JSON.parse((await rpc(devnet().rpcUrl, 'eth_feeConfig', `["${hex(n)}"]`)).body).result as {
    feeConfig: { minBaseFee: number }
    lastChangedAt: number
  }

describe('activation at the first block whose time reaches blockTimestamp', () => {
  let parent: bigint
  let activating: bigint

  it("a transaction in the activating block runs against the precompile and its config's initial state", async () => {
    parent = await mineAt(ON - 2)
    const receipt = await mintAt(ON, 5n)
    activating = BigInt(receipt.blockNumber)
    expect(activating).toBe(parent + 1n)
    expect(receipt.status).toBe('0x1')
    expect(receipt.logs).toHaveLength(1)
    expect(BigInt(await result('eth_getBalance', [RECIPIENT, hex(activating)]))).toBe(5n)
  })

  it('state at the parent block is as before the activation; at the activating block, after', async () => {
    expect(await result('eth_getCode', [MINTER, hex(parent)])).toBe('0x')
    expect(await result('eth_getTransactionCount', [MINTER, hex(parent)])).toBe('0x0')
    expect(await result('eth_getStorageAt', [MINTER, `0x${word(DEV)}`, hex(parent)])).toBe(`0x${word(0n)}`)
    expect(await readAllowList(DEV, hex(parent))).toBe('0x')
    expect(await result('eth_getCode', [MINTER, hex(activating)])).toBe('0x01')
    expect(await result('eth_getTransactionCount', [MINTER, hex(activating)])).toBe('0x1')
    expect(BigInt(await readAllowList(DEV, hex(activating)))).toBe(2n)
  })

  it('the Fee Manager stores its initial config at the activating block, where eth_feeConfig reads it', async () => {
    expect(await feeConfigAt(parent)).toMatchObject({ feeConfig: { minBaseFee: genesisFee.minBaseFee }, lastChangedAt: 0 })
    expect(await feeConfigAt(activating)).toMatchObject({
      feeConfig: { minBaseFee: initialFee.minBaseFee },
      lastChangedAt: Number(activating),
    })
    expect(BigInt(await result('eth_getStorageAt', [FEE_MANAGER, `0x6c6361${'0'.repeat(58)}`, hex(activating)]))).toBe(activating)
  })

  it('a disable takes effect for the transactions of its own block; the parent still has the precompile', async () => {
    const before = await mineAt(OFF - 2)
    const balance = BigInt(await result('eth_getBalance', [RECIPIENT, 'latest']))
    const receipt = await mintAt(OFF, 7n)
    const disabling = BigInt(receipt.blockNumber)
    expect(disabling).toBe(before + 1n)
    // A call to an account without code: nothing happens, nothing fails.
    expect(receipt.status).toBe('0x1')
    expect(receipt.logs).toHaveLength(0)
    expect(BigInt(await result('eth_getBalance', [RECIPIENT, 'latest']))).toBe(balance)
    expect(await result('eth_getCode', [MINTER, hex(disabling)])).toBe('0x')
    expect(await result('eth_getCode', [MINTER, hex(before)])).toBe('0x01')
    expect(await result('eth_getTransactionCount', [MINTER, hex(before)])).toBe('0x1')
    expect(BigInt(await readAllowList(DEV, hex(before)))).toBe(2n)
    expect(await readAllowList(DEV, hex(disabling))).toBe('0x')
  })

  it('with automine off, a send prepares nothing; the evm_mine that mines it activates the precompile first', async () => {
    await mineAt(AGAIN - 2)
    await result('evm_setAutomine', [false])
    const data = `0x4f5aaaba${word(RECIPIENT)}${word(3n)}`
    const hash = await result('eth_sendTransaction', [{ from: DEV, to: MINTER, data, gas: '0x100000' }])
    expect(await result('eth_getCode', [MINTER, 'latest'])).toBe('0x')
    const balance = BigInt(await result('eth_getBalance', [RECIPIENT, 'latest']))
    await result('evm_mine', [AGAIN])
    await result('evm_setAutomine', [true])
    const receipt = await result('eth_getTransactionReceipt', [hash])
    expect(receipt.status).toBe('0x1')
    expect(receipt.logs).toHaveLength(1)
    expect(BigInt(await result('eth_getBalance', [RECIPIENT, 'latest']))).toBe(balance + 3n)
    expect(await result('eth_getCode', [MINTER, hex(BigInt(receipt.blockNumber) - 1n)])).toBe('0x')
  })
})
