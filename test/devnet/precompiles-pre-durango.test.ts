/**
 * A chain whose precompiles run before its Durango time: the node's pre-Durango rules until the first
 * block at or after `durangoTimestamp`, Durango's from that block on. Before Durango (allowlist.go,
 * the modules' contract.go): `setManager` is an inactive selector (`invalid non-activated function
 * selector`), no event is emitted (RoleSet, NativeCoinMinted, FeeConfigChanged, the Reward Manager's)
 * nor charged, and the input must have exactly the function's length (the Reward Manager's a multiple
 * of 32) with the node's texts. Checked through eth_call / eth_estimateGas texts, mined receipts and
 * logs, gas against the node's fixed costs, and a mint before Durango (no event: the devnet reads it
 * from anvil's traces). Real devnet, real anvil; the tests run in order and move the chain's time.
 */
import { readFileSync } from 'node:fs'
import { decodeEventLog, encodeFunctionData, type Hex } from 'viem'
import { beforeAll, describe, expect, it } from 'vitest'
import { allowListAbi, feeManagerAbi, nativeMinterAbi, rewardManagerAbi } from '../../src/core/precompiles/abis.js'
// @ts-expect-error: a plain .mjs script without declarations
import { compileSolidity } from '../../scripts/compile-contracts.mjs'
import { rpc, testFeeConfig, useDevnet } from '../helpers/devnet.js'

// Blocks are stamped with the wall clock: the schedule starts now.
const T0 = Math.floor(Date.now() / 1000)
const DURANGO = T0 + 1000
const MINTER = '0x0200000000000000000000000000000000000001'
const FEE_MANAGER = '0x0200000000000000000000000000000000000003'
const REWARD_MANAGER = '0x0200000000000000000000000000000000000004'
const ADMIN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const CAROL = '0x90F79bf6EB2c4f870365E785982E1f101E93b906'
const DAVE = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'

const admin = { adminAddresses: [ADMIN], blockTimestamp: 0 }
const genesis = {
  config: {
    chainId: 43_211,
    durangoTimestamp: DURANGO,
    etnaTimestamp: DURANGO,
    graniteTimestamp: DURANGO,
    // Not before Granite: a local network has Helicon from genesis since avalanchego v1.15.1.
    heliconTimestamp: DURANGO,
    feeConfig: testFeeConfig,
    contractNativeMinterConfig: admin,
    feeManagerConfig: admin,
    rewardManagerConfig: admin,
  },
  alloc: {},
  timestamp: `0x${T0.toString(16)}`,
  gasLimit: '0x7A1200',
  difficulty: '0x0',
}
const devnet = useDevnet({ genesis })

type Reply = { result?: any; error?: { code: number; message: string; data?: unknown } }
const call = async (method: string, params: unknown[]): Promise<Reply> =>
  JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply
const GAS = 0x80000n
/** Sends with an explicit gas limit in the next block (at `time` when given); the receipt. */
async function send(from: string, to: string, data: string, time?: number) {
  if (time !== undefined) expect((await call('evm_setNextBlockTimestamp', [time])).error).toBeUndefined()
  const sent = await call('eth_sendTransaction', [{ from, to, data, gas: `0x${GAS.toString(16)}` }])
  expect(sent.error).toBeUndefined()
  return (await call('eth_getTransactionReceipt', [sent.result])).result
}
const nodeError = (message: string) => ({ code: -32000, message })
/** eth_call and eth_estimateGas both answer the node's text. */
async function refused(from: string, to: string, data: string, message: string) {
  const tx = { from, to, data }
  expect((await call('eth_call', [tx, 'latest'])).error, 'eth_call').toEqual(nodeError(message))
  expect((await call('eth_estimateGas', [tx])).error, 'eth_estimateGas').toEqual(nodeError(message))
}
const calldataGas = (data: string) => {
  let gas = 0
  for (let i = 2; i < data.length; i += 2) gas += data.slice(i, i + 2) === '00' ? 4 : 16
  return gas
}
/** gasUsed against the node's 21,000 + calldata + the function's fixed gas: the same. */
function expectGas(receipt: { gasUsed: string }, data: string, fixed: number) {
  const node = 21_000 + calldataGas(data) + fixed
  const used = Number(BigInt(receipt.gasUsed))
  expect(used, `gasUsed ${used}, node ${node}`).toBe(node)
}
const balance = async (a: string) => BigInt((await call('eth_getBalance', [a, 'latest'])).result)
const role = async (account: string) =>
  BigInt(
    (
      await call('eth_call', [
        { to: MINTER, data: encodeFunctionData({ abi: allowListAbi, functionName: 'readAllowList', args: [account as Hex] }) },
        'latest',
      ])
    ).result,
  )

const allow = (functionName: 'setEnabled' | 'setManager' | 'setNone' | 'readAllowList', a: string) =>
  encodeFunctionData({ abi: allowListAbi, functionName, args: [a as Hex] })
const mint = (to: string, amount: bigint) =>
  encodeFunctionData({ abi: nativeMinterAbi, functionName: 'mintNativeCoin', args: [to as Hex, amount] })
const fee = [8_000_000n, 2n, 25_000_000_000n, 15_000_000n, 36n, 0n, 1_000_000n, 200_000n] as const
const setFee = encodeFunctionData({ abi: feeManagerAbi, functionName: 'setFeeConfig', args: [...fee] })
const setReward = (a: string) => encodeFunctionData({ abi: rewardManagerAbi, functionName: 'setRewardAddress', args: [a as Hex] })
const allowFeeRecipients = encodeFunctionData({ abi: rewardManagerAbi, functionName: 'allowFeeRecipients' })
const setManagerSelector = allow('setManager', BOB).slice(0, 10)
const pad = (data: string, bytes: number) => data + '00'.repeat(bytes)
const cut = (data: string, bytes: number) => data.slice(0, data.length - 2 * bytes)

let forwarder: { abi: any[]; bytecode: Hex }
let forwarderAddress: Hex

describe('before Durango', () => {
  beforeAll(async () => {
    const source = readFileSync(new URL('../../contracts/test/Forwarder.sol', import.meta.url), 'utf8')
    forwarder = compileSolidity({ 'Forwarder.sol': source }).Forwarder
    const sent = await call('eth_sendTransaction', [{ from: ADMIN, data: forwarder.bytecode, gas: '0x200000' }])
    forwarderAddress = (await call('eth_getTransactionReceipt', [sent.result])).result.contractAddress
  })

  it('the chain is before Durango: eth_getActiveRulesAt says so', async () => {
    const rules = (await call('eth_getActiveRulesAt', [])).result
    expect(rules.avalancheRules.IsDurango).toBe(false)
  })

  it('setManager is an inactive selector, even for the admin; mined, it fails with all its gas', async () => {
    await refused(ADMIN, MINTER, allow('setManager', BOB), `invalid non-activated function selector: ${setManagerSelector}`)
    // Before its input is read: a short input is refused the same way.
    await refused(ADMIN, MINTER, setManagerSelector, `invalid non-activated function selector: ${setManagerSelector}`)
    const receipt = await send(ADMIN, MINTER, allow('setManager', BOB))
    expect(receipt.status).toBe('0x0')
    expect(BigInt(receipt.gasUsed)).toBe(GAS)
    expect(await role(BOB)).toBe(0n)
  })

  it('allow-list changes: no RoleSet, and the gas without its event (20,000)', async () => {
    const enable = await send(ADMIN, MINTER, allow('setEnabled', BOB))
    expect(enable.status).toBe('0x1')
    expect(enable.logs).toEqual([])
    expect(await role(BOB)).toBe(1n)
    const none = allow('setNone', DAVE)
    const receipt = await send(ADMIN, MINTER, none)
    expect(receipt.status).toBe('0x1')
    expect(receipt.logs).toEqual([])
    expectGas(receipt, none, 20_000)
  })

  it("strict input lengths, with the node's texts", async () => {
    await refused(ADMIN, MINTER, pad(allow('setEnabled', CAROL), 32), 'invalid input length for modifying allow list: 64')
    await refused(ADMIN, MINTER, cut(allow('setEnabled', CAROL), 1), 'invalid input length for modifying allow list: 31')
    await refused(ADMIN, MINTER, pad(allow('setNone', CAROL), 1), 'invalid input length for modifying allow list: 33')
    await refused(ADMIN, MINTER, pad(allow('readAllowList', CAROL), 1), 'invalid input length for read allow list: 33')
    await refused(ADMIN, MINTER, allow('readAllowList', CAROL).slice(0, 10), 'invalid input length for read allow list: 0')
    await refused(ADMIN, MINTER, pad(mint(CAROL, 1n), 32), 'invalid input length for minting: 96')
    // The length is checked before the caller's role.
    await refused(ALICE, MINTER, cut(mint(CAROL, 1n), 2), 'invalid input length for minting: 62')
    await refused(ADMIN, FEE_MANAGER, cut(setFee, 1), 'invalid input length for fee config Input: 255')
    await refused(ADMIN, FEE_MANAGER, pad(setFee, 32), 'invalid input length for fee config Input: 288')
    await refused(ADMIN, REWARD_MANAGER, pad(setReward(CAROL), 1), 'invalid input length for setting reward address: 33')
    // The Reward Manager only wants a multiple of 32, then the ABI's own unpacking.
    await refused(
      ADMIN,
      REWARD_MANAGER,
      setReward(CAROL).slice(0, 10),
      'abi: attempting to unmarshal an empty string while arguments are expected',
    )
    expect((await call('eth_call', [{ from: ADMIN, to: REWARD_MANAGER, data: pad(setReward(CAROL), 32) }, 'latest'])).result).toBe('0x')
    // The getters read no input: any length is fine.
    const getter = encodeFunctionData({ abi: feeManagerAbi, functionName: 'getFeeConfigLastChangedAt' })
    expect(BigInt((await call('eth_call', [{ to: FEE_MANAGER, data: pad(getter, 7) }, 'latest'])).result)).toBe(0n)
    // A mined one fails with all its gas.
    const receipt = await send(ADMIN, MINTER, pad(allow('setEnabled', CAROL), 32))
    expect(receipt.status).toBe('0x0')
    expect(BigInt(receipt.gasUsed)).toBe(GAS)
    expect(await role(CAROL)).toBe(0n)
  })

  it('mintNativeCoin: no NativeCoinMinted, the gas without its event (30,000), the coins paid once', async () => {
    const data = mint(CAROL, 5_000n)
    const before = await balance(CAROL)
    const receipt = await send(ADMIN, MINTER, data)
    expect(receipt.status).toBe('0x1')
    expect(receipt.logs).toEqual([])
    expectGas(receipt, data, 30_000)
    expect(await balance(CAROL)).toBe(before + 5_000n)
    await call('evm_mine', [])
    expect(await balance(CAROL)).toBe(before + 5_000n)
  })

  it('a mint through a contract is paid; one the caller reverts, or through STATICCALL, is not', async () => {
    expect((await send(ADMIN, MINTER, allow('setEnabled', forwarderAddress))).status).toBe('0x1')
    const before = await balance(DAVE)
    const forward = encodeFunctionData({ abi: forwarder.abi, functionName: 'forward', args: [MINTER, mint(DAVE, 7n), 100_000n] })
    const receipt = await send(ADMIN, forwarderAddress, forward)
    expect(receipt.status).toBe('0x1')
    const event = decodeEventLog({ abi: forwarder.abi, data: receipt.logs[0].data, topics: receipt.logs[0].topics }) as {
      args: { ok: boolean }
    }
    expect(event.args.ok).toBe(true)
    expect(receipt.logs).toHaveLength(1)
    expect(await balance(DAVE)).toBe(before + 7n)
    const reverted = encodeFunctionData({ abi: forwarder.abi, functionName: 'forwardThenRevert', args: [MINTER, mint(DAVE, 1_000n)] })
    expect((await send(ADMIN, forwarderAddress, reverted)).status).toBe('0x0')
    const viaStatic = encodeFunctionData({
      abi: forwarder.abi,
      functionName: 'forwardStatic',
      args: [MINTER, mint(DAVE, 1_000n), 100_000n],
    })
    const staticReceipt = await send(ADMIN, forwarderAddress, viaStatic)
    const staticEvent = decodeEventLog({ abi: forwarder.abi, data: staticReceipt.logs[0].data, topics: staticReceipt.logs[0].topics }) as {
      args: { ok: boolean; used: bigint }
    }
    // ErrWriteProtection: a failed call, all its gas used.
    expect(staticEvent.args.ok).toBe(false)
    expect(staticEvent.args.used).toBeGreaterThanOrEqual(100_000n)
    expect(await balance(DAVE)).toBe(before + 7n)
  })

  it('setFeeConfig: no FeeConfigChanged, the gas without its event (180,000)', async () => {
    const receipt = await send(ADMIN, FEE_MANAGER, setFee)
    expect(receipt.status).toBe('0x1')
    expect(receipt.logs).toEqual([])
    expectGas(receipt, setFee, 180_000)
    const lastChanged = encodeFunctionData({ abi: feeManagerAbi, functionName: 'getFeeConfigLastChangedAt' })
    expect(BigInt((await call('eth_call', [{ to: FEE_MANAGER, data: lastChanged }, 'latest'])).result)).toBe(BigInt(receipt.blockNumber))
  })

  it('the Reward Manager: no events, the gas without them (25,000 each)', async () => {
    const set = setReward(CAROL)
    const receipt = await send(ADMIN, REWARD_MANAGER, set)
    expect(receipt.status).toBe('0x1')
    expect(receipt.logs).toEqual([])
    expectGas(receipt, set, 25_000)
    const allowed = await send(ADMIN, REWARD_MANAGER, allowFeeRecipients)
    expect(allowed.status).toBe('0x1')
    expect(allowed.logs).toEqual([])
    expectGas(allowed, allowFeeRecipients, 25_000)
  })
})

describe("from Durango's time", () => {
  it('the last block before it keeps the old rules; the first block at it has the new ones', async () => {
    const before = await send(ADMIN, MINTER, allow('setEnabled', CAROL), DURANGO - 1)
    expect(before.logs).toEqual([])
    // eth_call at that block: still before Durango.
    await refused(ADMIN, MINTER, allow('setManager', BOB), `invalid non-activated function selector: ${setManagerSelector}`)
    const at = await send(ADMIN, MINTER, allow('setNone', CAROL), DURANGO)
    expect(at.status).toBe('0x1')
    expect(at.logs).toHaveLength(1)
    expect(at.logs[0].topics[0]).toBe('0xcdb7ea01f00a414d78757bdb0f6391664ba3fedf987eed280927c1e7d695be3e')
    expect((await call('eth_getActiveRulesAt', [])).result.avalancheRules.IsDurango).toBe(true)
  })

  it('setManager works, with RoleSet and its gas', async () => {
    const data = allow('setManager', DAVE)
    const receipt = await send(ADMIN, MINTER, data)
    expect(receipt.status).toBe('0x1')
    expect(receipt.logs).toHaveLength(1)
    expect(await role(DAVE)).toBe(3n)
    const none = allow('setNone', '0x00000000000000000000000000000000000000cc')
    expectGas(await send(ADMIN, MINTER, none), none, 20_000 + 375 + 4 * 375 + 8 * 32)
  })

  it("longer input is accepted; a short one gets the ABI's texts", async () => {
    expect((await send(ADMIN, MINTER, pad(allow('setEnabled', CAROL), 32))).status).toBe('0x1')
    expect(await role(CAROL)).toBe(1n)
    await refused(ADMIN, MINTER, cut(allow('setEnabled', CAROL), 1), 'abi: cannot marshal in to go type: length insufficient 31 require 32')
    await refused(
      ADMIN,
      MINTER,
      cut(mint(CAROL, 1n), 24),
      'failed to unpack input: abi: cannot marshal in to go type: length insufficient 40 require 64',
    )
    await refused(
      ADMIN,
      FEE_MANAGER,
      setFee.slice(0, 10),
      'failed to unpack input: abi: attempting to unmarshal an empty string while arguments are expected',
    )
    // The ABI reads the address from the word's low 20 bytes, whatever the others hold.
    const dirty = `${allow('readAllowList', DAVE).slice(0, 10)}ff${allow('readAllowList', DAVE).slice(12)}`
    expect(BigInt((await call('eth_call', [{ to: MINTER, data: dirty }, 'latest'])).result)).toBe(3n)
  })

  it('the events come back: NativeCoinMinted (paid once), FeeConfigChanged, RewardAddressChanged', async () => {
    const before = await balance(CAROL)
    const minted = await send(ADMIN, MINTER, mint(CAROL, 11n))
    expect(minted.logs).toHaveLength(1)
    expectGas(minted, mint(CAROL, 11n), 30_000 + 375 + 3 * 375 + 8 * 32)
    expect(await balance(CAROL)).toBe(before + 11n)
    const changed = await send(ADMIN, FEE_MANAGER, setFee)
    expect(changed.logs).toHaveLength(1)
    expectGas(changed, setFee, 180_000 + 40_000 + 375 + 2 * 375 + 2 * 256 * 8)
    const reward = await send(ADMIN, REWARD_MANAGER, setReward(DAVE))
    expect(reward.logs).toHaveLength(1)
  })
})
