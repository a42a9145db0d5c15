/**
 * The allow-list precompiles executing on the default devnet (real anvil, no mocks): roles read
 * and changed from EOAs and from a contract, the node's error texts from eth_call and
 * eth_estimateGas, the Tx Allow List refusing transactions, and activation / disable /
 * re-enable across the built-in schedule (+3600 s deployer list on, fee manager off; +7200 s fee
 * manager back with initialFeeConfig; +10800 s tx allow list off). The tests run in order.
 */
import { createRequire } from 'node:module'
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { allowListAbi, rewardManagerAbi } from '../../src/core/precompiles/abis.js'
import { rpc, useDevnet } from '../helpers/devnet.js'

const S = Math.floor(Date.now() / 1000)
const devnet = useDevnet({ startTime: S })

const TX_LIST = '0x0200000000000000000000000000000000000002'
const DEPLOYER_LIST = '0x0200000000000000000000000000000000000000'
const FEE_MANAGER = '0x0200000000000000000000000000000000000003'
const ADMIN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ALICE_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const CAROL = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'

type Reply = { result?: any; error?: { code: number; message: string; data?: unknown } }
async function call(method: string, params: unknown[]): Promise<Reply> {
  const r = await rpc(devnet().rpcUrl, method, JSON.stringify(params))
  return JSON.parse(r.body) as Reply
}
const data = (functionName: 'setAdmin' | 'setEnabled' | 'setManager' | 'setNone' | 'readAllowList', account: string) =>
  encodeFunctionData({ abi: allowListAbi, functionName, args: [account as Hex] })

async function role(precompile: string, account: string): Promise<bigint> {
  const r = await call('eth_call', [{ to: precompile, data: data('readAllowList', account) }, 'latest'])
  return decodeFunctionResult({ abi: allowListAbi, functionName: 'readAllowList', data: r.result }) as bigint
}

async function send(from: string, to: string | undefined, input: string) {
  const r = await call('eth_sendTransaction', [{ from, to, data: input, gas: '0x200000' }])
  if (r.error) return r
  const receipt = await call('eth_getTransactionReceipt', [r.result])
  return receipt
}

async function mineAt(t: number) {
  expect((await call('evm_setNextBlockTimestamp', [t])).error).toBeUndefined()
  expect((await call('evm_mine', [])).result).toBe('0x0')
}

function compile(): { abi: any[]; bytecode: string } {
  const require = createRequire(import.meta.url)
  const solc = require('solc')
  const { readFileSync } = require('node:fs') as typeof import('node:fs')
  const source = readFileSync(new URL('../../contracts/test/RoleCaller.sol', import.meta.url), 'utf8')
  const out = JSON.parse(
    solc.compile(
      JSON.stringify({
        language: 'Solidity',
        sources: { 'RoleCaller.sol': { content: source } },
        settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } },
      }),
    ),
  )
  const c = out.contracts['RoleCaller.sol'].RoleCaller
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }
}

const roleError = (caller: string, from: string, to: string) =>
  `cannot modify allow list: modify address: ${caller}, from role: ${from}, to role: ${to}`

describe('allow-list precompiles on the default devnet', () => {
  let roleCaller: { abi: any[]; bytecode: string }
  let callerAddress: string
  beforeAll(() => {
    roleCaller = compile()
  })

  it('an active precompile reads as a node has it: code 0x01, nonce 1; an inactive one is empty', async () => {
    expect((await call('eth_getCode', [TX_LIST, 'latest'])).result).toBe('0x01')
    expect((await call('eth_getTransactionCount', [TX_LIST, 'latest'])).result).toBe('0x1')
    expect((await call('eth_getCode', [DEPLOYER_LIST, 'latest'])).result).toBe('0x')
    expect((await call('eth_getTransactionCount', [DEPLOYER_LIST, 'latest'])).result).toBe('0x0')
    // Inside a batch too.
    const batch = await fetch(devnet().rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `[{"jsonrpc":"2.0","id":1,"method":"eth_getCode","params":["${TX_LIST}","latest"]},{"jsonrpc":"2.0","id":2,"method":"eth_getCode","params":["${FEE_MANAGER}","latest"]}]`,
    })
    expect(await batch.text()).toBe('[{"jsonrpc":"2.0","id":1,"result":"0x01"},{"jsonrpc":"2.0","id":2,"result":"0x01"}]\n')
  })

  it('readAllowList: the genesis admin is AdminRole, anyone else NoRole', async () => {
    expect(await role(TX_LIST, ADMIN)).toBe(2n)
    expect(await role(TX_LIST, ALICE)).toBe(0n)
    expect(await role(FEE_MANAGER, ADMIN)).toBe(2n)
  })

  it('a caller without a role: the node error from eth_call and eth_estimateGas (-32000, EIP-55 caller)', async () => {
    const tx = { from: ALICE.toLowerCase(), to: TX_LIST, data: data('setAdmin', ALICE) }
    const want = { code: -32000, message: roleError(ALICE, 'NoRole', 'AdminRole') }
    expect((await call('eth_call', [tx, 'latest'])).error).toEqual(want)
    expect((await call('eth_estimateGas', [tx])).error).toEqual(want)
    const raw = await rpc(devnet().rpcUrl, 'eth_call', JSON.stringify([tx, 'latest']))
    expect(raw.body).toBe(`{"jsonrpc":"2.0","id":1,"error":${JSON.stringify(want)}}\n`)
  })

  it('the Tx Allow List refuses a sender without a role in eth_sendRawTransaction and eth_sendTransaction', async () => {
    const alice = privateKeyToAccount(ALICE_KEY)
    const signed = await alice.signTransaction({
      chainId: 99999,
      type: 'eip1559',
      to: BOB,
      value: 1n,
      nonce: 0,
      gas: 21000n,
      maxFeePerGas: 100_000_000_000n,
      maxPriorityFeePerGas: 1n,
    })
    const want = { code: -32000, message: `cannot issue transaction from non-allow listed address: ${ALICE}` }
    expect((await call('eth_sendRawTransaction', [signed])).error).toEqual(want)
    const legacy = await alice.signTransaction({
      chainId: 99999,
      type: 'legacy',
      to: BOB,
      value: 1n,
      nonce: 0,
      gas: 21000n,
      gasPrice: 100_000_000_000n,
    })
    expect((await call('eth_sendRawTransaction', [legacy])).error).toEqual(want)
    expect((await call('eth_sendTransaction', [{ from: ALICE, to: BOB, value: '0x1' }])).error).toEqual(want)
    // eth_call and eth_estimateGas skip the check, as on a node.
    expect((await call('eth_estimateGas', [{ from: ALICE, to: BOB, value: '0x1' }])).result).toBe('0x5208')
  })

  it('the admin grants roles by transaction: RoleSet logged, roles stored', async () => {
    const receipt = await send(ADMIN, TX_LIST, data('setManager', ALICE))
    expect(receipt.result.status).toBe('0x1')
    const [log] = receipt.result.logs
    expect(log.address).toBe(TX_LIST)
    expect(log.topics).toEqual([
      '0xcdb7ea01f00a414d78757bdb0f6391664ba3fedf987eed280927c1e7d695be3e',
      `0x${'3'.padStart(64, '0')}`,
      `0x${ALICE.slice(2).toLowerCase().padStart(64, '0')}`,
      `0x${ADMIN.slice(2).toLowerCase().padStart(64, '0')}`,
    ])
    expect(BigInt(log.data)).toBe(0n)
    expect(await role(TX_LIST, ALICE)).toBe(3n)
    // The role sits at the address's slot, as on a node.
    const slot = `0x${ALICE.slice(2).toLowerCase().padStart(64, '0')}`
    expect(BigInt((await call('eth_getStorageAt', [TX_LIST, slot, 'latest'])).result)).toBe(3n)
  })

  it('a manager moves None <-> Enabled only (CanModify)', async () => {
    expect((await send(ALICE, TX_LIST, data('setEnabled', BOB))).result.status).toBe('0x1')
    expect(await role(TX_LIST, BOB)).toBe(1n)
    const admin = { from: ALICE, to: TX_LIST, data: data('setAdmin', BOB) }
    expect((await call('eth_call', [admin, 'latest'])).error).toEqual({
      code: -32000,
      message: roleError(ALICE, 'EnabledRole', 'AdminRole'),
    })
    const demote = { from: ALICE, to: TX_LIST, data: data('setNone', ADMIN) }
    expect((await call('eth_estimateGas', [demote])).error).toEqual({
      code: -32000,
      message: roleError(ALICE, 'AdminRole', 'NoRole'),
    })
    // A mined refusal fails (status 0) and changes nothing.
    const failed = await send(ALICE, TX_LIST, data('setAdmin', BOB))
    expect(failed.result.status).toBe('0x0')
    expect(await role(TX_LIST, BOB)).toBe(1n)
  })

  it('an unknown selector and short input: the node texts', async () => {
    expect((await call('eth_call', [{ from: ADMIN, to: TX_LIST, data: '0x12345678' }, 'latest'])).error).toEqual({
      code: -32000,
      message: 'invalid function selector: 0x12345678',
    })
    expect((await call('eth_call', [{ from: ADMIN, to: TX_LIST, data: '0x1234' }, 'latest'])).error).toEqual({
      code: -32000,
      message: 'missing function selector to precompile - input length (2)',
    })
  })

  it('from a contract: an admin contract changes roles; without a role the call reverts without reason', async () => {
    const deployed = await send(ADMIN, undefined, roleCaller.bytecode)
    expect(deployed.result.status).toBe('0x1')
    callerAddress = deployed.result.contractAddress
    const setEnabled = (who: string) => encodeFunctionData({ abi: roleCaller.abi, functionName: 'setEnabled', args: [TX_LIST, who] })
    // No role yet: the precompile fails inside the contract, which reverts with no data.
    const refused = await call('eth_call', [{ from: ADMIN, to: callerAddress, data: setEnabled(CAROL) }, 'latest'])
    expect(refused.error?.message).toBe('execution reverted')
    expect(refused.error?.data ?? '0x').toBe('0x')
    expect((await send(ADMIN, TX_LIST, data('setAdmin', callerAddress))).result.status).toBe('0x1')
    // BOB (enabled on the tx list) calls the admin contract.
    expect((await send(BOB, callerAddress, setEnabled(CAROL))).result.status).toBe('0x1')
    expect(await role(TX_LIST, CAROL)).toBe(1n)
    const read = await call('eth_call', [
      { to: callerAddress, data: encodeFunctionData({ abi: roleCaller.abi, functionName: 'read', args: [TX_LIST, CAROL] }) },
      'latest',
    ])
    expect(BigInt(read.result)).toBe(1n)
  })

  it('an admin role granted on the Fee Manager before its disable', async () => {
    expect((await send(ADMIN, FEE_MANAGER, data('setEnabled', CAROL))).result.status).toBe('0x1')
    expect(await role(FEE_MANAGER, CAROL)).toBe(1n)
  })

  it('+3600 s: the deployer list activates, the Fee Manager is removed with its storage', async () => {
    await mineAt(S + 3600)
    expect((await call('eth_getCode', [DEPLOYER_LIST, 'latest'])).result).toBe('0x01')
    expect(await role(DEPLOYER_LIST, ADMIN)).toBe(2n)
    expect((await call('eth_getCode', [FEE_MANAGER, 'latest'])).result).toBe('0x')
    expect((await call('eth_getTransactionCount', [FEE_MANAGER, 'latest'])).result).toBe('0x0')
    const slot = `0x${CAROL.slice(2).toLowerCase().padStart(64, '0')}`
    expect(BigInt((await call('eth_getStorageAt', [FEE_MANAGER, slot, 'latest'])).result)).toBe(0n)
    expect(BigInt((await call('eth_getStorageAt', [FEE_MANAGER, `0x01${'0'.repeat(62)}`, 'latest'])).result)).toBe(0n)
    // A top-level deploy by an origin without a role, simulated: the node's text.
    const deploy = { from: BOB, data: roleCaller.bytecode }
    const want = { code: -32000, message: `tx.origin ${BOB} is not authorized to deploy a contract` }
    expect((await call('eth_call', [deploy, 'latest'])).error).toEqual(want)
    expect((await call('eth_estimateGas', [deploy])).error).toEqual(want)
    expect((await call('eth_estimateGas', [{ from: ADMIN, data: roleCaller.bytecode }])).result).toMatch(/^0x[0-9a-f]+$/)
  })

  it('+7200 s: the Fee Manager comes back afresh: initialFeeConfig stored, earlier roles gone', async () => {
    await mineAt(S + 7200)
    const activation = BigInt((await call('eth_blockNumber', [])).result)
    expect((await call('eth_getCode', [FEE_MANAGER, 'latest'])).result).toBe('0x01')
    expect(await role(FEE_MANAGER, ADMIN)).toBe(2n)
    expect(await role(FEE_MANAGER, CAROL)).toBe(0n)
    const minBaseFee = await call('eth_getStorageAt', [FEE_MANAGER, `0x03${'0'.repeat(62)}`, 'latest'])
    expect(BigInt(minBaseFee.result)).toBe(50_000_000_000n)
    const lca = await call('eth_getStorageAt', [FEE_MANAGER, `0x6c6361${'0'.repeat(58)}`, 'latest'])
    expect(BigInt(lca.result)).toBe(activation)
  })

  it('+10800 s: the Tx Allow List is disabled: code and roles gone, anyone may send', async () => {
    await mineAt(S + 10800)
    expect((await call('eth_getCode', [TX_LIST, 'latest'])).result).toBe('0x')
    const slot = `0x${ALICE.slice(2).toLowerCase().padStart(64, '0')}`
    expect(BigInt((await call('eth_getStorageAt', [TX_LIST, slot, 'latest'])).result)).toBe(0n)
    const sent = await call('eth_sendTransaction', [{ from: CAROL, to: BOB, value: '0x1' }])
    expect(sent.error).toBeUndefined()
  })

  it('+10800 s: the Reward Manager runs: initialRewardConfig allows fee recipients; setRewardAddress, disableRewards, refusals', async () => {
    const REWARD = '0x0200000000000000000000000000000000000004'
    const read = async (functionName: 'areFeeRecipientsAllowed' | 'currentRewardAddress') => {
      const r = await call('eth_call', [{ to: REWARD, data: encodeFunctionData({ abi: rewardManagerAbi, functionName }) }, 'latest'])
      return decodeFunctionResult({ abi: rewardManagerAbi, functionName, data: r.result })
    }
    expect((await call('eth_getCode', [REWARD, 'latest'])).result).toBe('0x01')
    expect(await read('areFeeRecipientsAllowed')).toBe(true)
    expect(await read('currentRewardAddress')).toBe('0x0000000000000000000000000000000000000000')
    const set = (a: string) => encodeFunctionData({ abi: rewardManagerAbi, functionName: 'setRewardAddress', args: [a as Hex] })
    expect((await call('eth_call', [{ from: ALICE, to: REWARD, data: set(BOB) }, 'latest'])).error).toEqual({
      code: -32000,
      message: `non-enabled cannot call setRewardAddress: ${ALICE}`,
    })
    expect(
      (await call('eth_estimateGas', [{ from: ADMIN, to: REWARD, data: set('0x0000000000000000000000000000000000000000') }])).error,
    ).toEqual({
      code: -32000,
      message: 'reward address cannot be empty',
    })
    const receipt = await send(ADMIN, REWARD, set(BOB))
    expect(receipt.result.status).toBe('0x1')
    expect(receipt.result.logs[0].topics[3]).toBe(`0x${BOB.slice(2).toLowerCase().padStart(64, '0')}`)
    expect(await read('currentRewardAddress')).toBe(BOB)
    expect(await read('areFeeRecipientsAllowed')).toBe(false)
    const disable = encodeFunctionData({ abi: rewardManagerAbi, functionName: 'disableRewards' })
    expect((await send(ADMIN, REWARD, disable)).result.status).toBe('0x1')
    expect(await read('currentRewardAddress')).toBe('0x0100000000000000000000000000000000000000')
  })
})
