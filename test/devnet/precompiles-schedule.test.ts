/**
 * Activation, disable and re-enable of a precompile from an `upgrade` file with near-future
 * timestamps, on the real tx_allow_list.json genesis, moved with anvil's evm_increaseTime / evm_mine
 * through the devnet URL. The re-enabled list has another admin and nothing of the first period.
 */
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { rpc, useDevnet } from '../helpers/devnet.js'

const genesis = join(resolve(import.meta.dirname, '../fixtures/subnet-evm-genesis'), 'tx_allow_list.json')
const TX_LIST = '0x0200000000000000000000000000000000000002'
const GENESIS_ADMIN = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'
const DEV = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const DEV2 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

// The genesis is from 2020, but blocks are stamped with the wall clock: "near future" is relative to now.
const T0 = Math.floor(Date.now() / 1000)
const OFF = T0 + 100
const ON = T0 + 200
const upgrade = {
  precompileUpgrades: [
    { txAllowListConfig: { blockTimestamp: OFF, disable: true } },
    { txAllowListConfig: { blockTimestamp: ON, adminAddresses: [DEV2] } },
  ],
}
const devnet = useDevnet({ genesis, upgrade })
type Reply = { result?: any; error?: { code: number; message: string } }
const call = async (method: string, params: unknown[]): Promise<Reply> =>
  JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply
const role = async (account: string) =>
  BigInt(
    (await call('eth_call', [{ to: TX_LIST, data: `0xeb54dae1${account.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest'])).result,
  )
const refused = (a: string) => ({ code: -32000, message: `cannot issue transaction from non-allow listed address: ${a}` })
// The clock, not the head (which a burst of Granite blocks, 2 s apart, puts ahead of the clock), is set to t.
async function advanceTo(t: number) {
  expect((await call('evm_setTime', [t])).error).toBeUndefined()
  expect((await call('evm_mine', [])).result).toBe('0x0')
}

describe('tx allow list: genesis on, upgrade off, upgrade on again', () => {
  it('genesis period: the genesis admin only; an enabled dev account may send', async () => {
    expect((await call('eth_getCode', [TX_LIST, 'latest'])).result).toBe('0x01')
    expect(await role(GENESIS_ADMIN)).toBe(2n)
    expect((await call('eth_sendTransaction', [{ from: DEV, to: DEV, value: '0x1' }])).error).toEqual(refused(DEV))
    await call('anvil_impersonateAccount', [GENESIS_ADMIN])
    const data = `0x0aaf7043${DEV.slice(2).toLowerCase().padStart(64, '0')}`
    expect((await call('eth_sendTransaction', [{ from: GENESIS_ADMIN, to: TX_LIST, data, gas: '0x100000' }])).error).toBeUndefined()
    expect(await role(DEV)).toBe(1n)
  })

  it('disabled: no code, no roles, anyone sends', async () => {
    await advanceTo(OFF)
    expect((await call('eth_getCode', [TX_LIST, 'latest'])).result).toBe('0x')
    expect((await call('eth_getTransactionCount', [TX_LIST, 'latest'])).result).toBe('0x0')
    expect(BigInt((await call('eth_getStorageAt', [TX_LIST, `0x${DEV.slice(2).toLowerCase().padStart(64, '0')}`, 'latest'])).result)).toBe(
      0n,
    )
    expect((await call('eth_sendTransaction', [{ from: DEV2, to: DEV, value: '0x1' }])).error).toBeUndefined()
  })

  it('re-enabled afresh: the new admin only; the roles of the first period are gone', async () => {
    await advanceTo(ON)
    expect((await call('eth_getCode', [TX_LIST, 'latest'])).result).toBe('0x01')
    expect(await role(DEV2)).toBe(2n)
    expect(await role(DEV)).toBe(0n)
    expect(await role(GENESIS_ADMIN)).toBe(0n)
    expect((await call('eth_sendTransaction', [{ from: DEV, to: DEV, value: '0x1' }])).error).toEqual(refused(DEV))
    expect((await call('eth_sendTransaction', [{ from: DEV2, to: DEV, value: '0x1' }])).error).toBeUndefined()
    const active = (await rpc(devnet().rpcUrl, 'eth_getActivePrecompilesAt')).body
    expect(active).toContain(`"txAllowListConfig":{"adminAddresses":["${DEV2.toLowerCase()}"],"blockTimestamp":${ON}}`)
  })
})
