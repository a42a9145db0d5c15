/**
 * Native Minter on the default devnet (enabled at genesis, admin anvil's first dev account):
 * `mintNativeCoin` by an enabled caller emits NativeCoinMinted and the recipient's balance grows by
 * the amount once the block is mined; a caller without a role gets the node's text.
 */
import { encodeFunctionData } from 'viem'
import { describe, expect, it } from 'vitest'
import { nativeMinterAbi } from '../../src/core/precompiles/abis.js'
import { rpc, useDevnet } from '../helpers/devnet.js'

const MINTER = '0x0200000000000000000000000000000000000001'
const ADMIN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const FRESH = '0x00000000000000000000000000000000000fee01'

const devnet = useDevnet()
type Reply = { result?: any; error?: { code: number; message: string } }
const call = async (method: string, params: unknown[]): Promise<Reply> =>
  JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply
const mint = (to: string, amount: bigint) =>
  encodeFunctionData({ abi: nativeMinterAbi, functionName: 'mintNativeCoin', args: [to as `0x${string}`, amount] })

describe('Native Minter', () => {
  it('a caller without a role: non-enabled cannot mint, from eth_call and eth_estimateGas', async () => {
    const tx = { from: ALICE, to: MINTER, data: mint(ALICE, 1n) }
    const want = { code: -32000, message: `non-enabled cannot mint: ${ALICE}` }
    expect((await call('eth_call', [tx, 'latest'])).error).toEqual(want)
    expect((await call('eth_estimateGas', [tx])).error).toEqual(want)
  })

  it('the admin mints to a fresh account: NativeCoinMinted, the balance appears after the block', async () => {
    const amount = 123_456_789_000_000_000_000n
    const hash = (await call('eth_sendTransaction', [{ from: ADMIN, to: MINTER, data: mint(FRESH, amount), gas: '0x100000' }])).result
    const receipt = (await call('eth_getTransactionReceipt', [hash])).result
    expect(receipt.status).toBe('0x1')
    expect(receipt.logs[0].topics[0]).toBe('0x400cd392f3d56fd10bb1dbd5839fdda8298208ddaa97b368faa053e1850930ee')
    expect(BigInt((await call('eth_getBalance', [FRESH, 'latest'])).result)).toBe(amount)
    // Paid once: later blocks do not pay it again.
    await call('evm_mine', [])
    await call('eth_blockNumber', [])
    expect(BigInt((await call('eth_getBalance', [FRESH, 'latest'])).result)).toBe(amount)
  })

  it('evm_snapshot / evm_revert across an activation: the precompiles follow the reverted state', async () => {
    const DEPLOYER_LIST = '0x0200000000000000000000000000000000000000'
    const snapshot = (await call('evm_snapshot', [])).result
    const latest = Number(BigInt((await call('eth_getBlockByNumber', ['latest', false])).result.timestamp))
    const t1 = Number(devnet().chainSpec.upgrades.precompileUpgrades[0]!.timestamp!) // +3600 s: the deployer list
    await call('evm_increaseTime', [t1 - latest])
    await call('evm_mine', [])
    expect((await call('eth_getCode', [DEPLOYER_LIST, 'latest'])).result).toBe('0x01')
    expect((await call('evm_revert', [snapshot])).result).toBe(true)
    expect((await call('eth_getCode', [DEPLOYER_LIST, 'latest'])).result).toBe('0x')
    // The minter installed at genesis is still there, with its roles.
    expect((await call('eth_getCode', [MINTER, 'latest'])).result).toBe('0x01')
    expect((await call('eth_call', [{ from: ALICE, to: MINTER, data: mint(ALICE, 1n) }, 'latest'])).error?.message).toBe(
      `non-enabled cannot mint: ${ALICE}`,
    )
  })
})
