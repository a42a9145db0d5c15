/**
 * A precompile's refusal uses all the gas given to the call, as on a node: its Go error is not
 * `ErrExecutionReverted`, so libevm's `Call` keeps no gas (core/vm/evm.go). The stand-ins end every
 * failure with INVALID; only a simulation (`eth_call`, `eth_estimateGas`), which the devnet asks again
 * with a state-override flag when it fails, gets the node's -32000 text. Checked on a genesis with
 * the Native Minter, Fee Manager and Reward Manager (admin anvil's first dev account) and no Tx Allow
 * List, so a caller without any role can send: mined refusals sent raw and with eth_sendTransaction,
 * the simulations' texts with and without the caller's own state overrides, and a contract's view of
 * a refusal (no data, all forwarded gas gone). Real devnet, real anvil.
 */
import { readFileSync } from 'node:fs'
import { decodeEventLog, decodeFunctionResult, encodeFunctionData, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
import { allowListAbi, feeManagerAbi, nativeMinterAbi, rewardManagerAbi } from '../../src/core/precompiles/abis.js'
import { simulationSlot } from '../../packages/devnet/src/l1/precompiles/rpc.js'
// @ts-expect-error: a plain .mjs script without declarations
import { compileSolidity } from '../../scripts/compile-contracts.mjs'
import { rpc, testFeeConfig, useDevnet } from '../helpers/devnet.js'

const MINTER = '0x0200000000000000000000000000000000000001'
const FEE_MANAGER = '0x0200000000000000000000000000000000000003'
const REWARD_MANAGER = '0x0200000000000000000000000000000000000004'
const ADMIN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const ALICE_KEY = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const CHAIN_ID = 43_210

const admin = { adminAddresses: [ADMIN], blockTimestamp: 0 }
const genesis = {
  config: {
    chainId: CHAIN_ID,
    feeConfig: testFeeConfig,
    contractNativeMinterConfig: admin,
    feeManagerConfig: admin,
    rewardManagerConfig: admin,
  },
  alloc: {},
  timestamp: '0x65000000',
  gasLimit: '0x7A1200',
  difficulty: '0x0',
}
const devnet = useDevnet({ genesis })

type Reply = { result?: any; error?: { code: number; message: string; data?: unknown } }
const call = async (method: string, params: unknown[]): Promise<Reply> =>
  JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply
const receiptOf = async (hash: string) => (await call('eth_getTransactionReceipt', [hash])).result

const refusals: { name: string; to: string; data: Hex; text: string }[] = [
  {
    name: 'setEnabled (the Native Minter allow list)',
    to: MINTER,
    data: encodeFunctionData({ abi: allowListAbi, functionName: 'setEnabled', args: [BOB] }),
    text: `cannot modify allow list: modify address: ${ALICE}, from role: NoRole, to role: EnabledRole`,
  },
  {
    name: 'mintNativeCoin',
    to: MINTER,
    data: encodeFunctionData({ abi: nativeMinterAbi, functionName: 'mintNativeCoin', args: [ALICE, 1n] }),
    text: `non-enabled cannot mint: ${ALICE}`,
  },
  {
    name: 'setFeeConfig',
    to: FEE_MANAGER,
    data: encodeFunctionData({
      abi: feeManagerAbi,
      functionName: 'setFeeConfig',
      args: [8_000_000n, 2n, 25_000_000_000n, 15_000_000n, 36n, 0n, 1_000_000n, 200_000n],
    }),
    text: `non-enabled cannot change fee config: ${ALICE}`,
  },
  {
    name: 'setRewardAddress',
    to: REWARD_MANAGER,
    data: encodeFunctionData({ abi: rewardManagerAbi, functionName: 'setRewardAddress', args: [BOB] }),
    text: `non-enabled cannot call setRewardAddress: ${ALICE}`,
  },
]

const alice = privateKeyToAccount(ALICE_KEY)
let nonce = 0

describe('a refused call straight to a precompile', () => {
  for (const r of refusals) {
    describe(r.name, () => {
      it("eth_call and eth_estimateGas: the node's -32000 text, no data", async () => {
        const tx = { from: ALICE, to: r.to, data: r.data }
        const want = { code: -32000, message: r.text }
        expect((await call('eth_call', [tx, 'latest'])).error).toEqual(want)
        expect((await call('eth_estimateGas', [tx])).error).toEqual(want)
        // With a gas limit the simulation is given, too: at least what the node deducts before refusing (the Fee
        // Manager's 180,000; less runs out of gas, go-tables-*.test.ts).
        expect((await call('eth_call', [{ ...tx, gas: '0x40000' }, 'latest'])).error).toEqual(want)
      })

      it('eth_sendTransaction with a gas limit: mined, status 0, every unit of the limit used', async () => {
        const hash = (await call('eth_sendTransaction', [{ from: ALICE, to: r.to, data: r.data, gas: '0x30000' }])).result
        nonce++
        const receipt = await receiptOf(hash)
        expect(receipt.status).toBe('0x0')
        expect(BigInt(receipt.gasUsed)).toBe(0x30000n)
        expect(receipt.logs).toEqual([])
      })

      it('eth_sendRawTransaction with a gas limit: mined, status 0, every unit of the limit used', async () => {
        const signed = await alice.signTransaction({
          chainId: CHAIN_ID,
          type: 'eip1559',
          to: r.to as Hex,
          data: r.data,
          nonce: nonce++,
          gas: 150_000n,
          maxFeePerGas: 100_000_000_000n,
          maxPriorityFeePerGas: 1n,
        })
        const hash = (await call('eth_sendRawTransaction', [signed])).result
        const receipt = await receiptOf(hash)
        expect(receipt.status).toBe('0x0')
        expect(BigInt(receipt.gasUsed)).toBe(150_000n)
      })
    })
  }

  it('the refused calls changed nothing: no role, no mint, fee config and reward address as at genesis', async () => {
    const read = await call('eth_call', [
      { to: MINTER, data: encodeFunctionData({ abi: allowListAbi, functionName: 'readAllowList', args: [BOB] }) },
      'latest',
    ])
    expect(BigInt(read.result)).toBe(0n)
    const lastChanged = await call('eth_call', [
      { to: FEE_MANAGER, data: encodeFunctionData({ abi: feeManagerAbi, functionName: 'getFeeConfigLastChangedAt' }) },
      'latest',
    ])
    expect(BigInt(lastChanged.result)).toBe(0n)
    const reward = await call('eth_call', [
      { to: REWARD_MANAGER, data: encodeFunctionData({ abi: rewardManagerAbi, functionName: 'currentRewardAddress' }) },
      'latest',
    ])
    expect(BigInt(reward.result)).toBe(0x0100000000000000000000000000000000000000n)
  })
})

describe("the caller's state overrides with the devnet's simulation flag", () => {
  const mint = refusals[1]!
  const roleSlot = `0x${ALICE.slice(2).toLowerCase().padStart(64, '0')}`
  const enabled = `0x${'1'.padStart(64, '0')}`
  const other = `0x${'ab'.padStart(64, '0')}`

  it('a stateDiff for another slot of the precompile (checksummed key) is kept, and the refusal still has its text', async () => {
    const overrides = { [MINTER.toUpperCase().replace('0X', '0x')]: { stateDiff: { [other]: enabled } } }
    const tx = { from: ALICE, to: MINTER, data: mint.data }
    for (const method of ['eth_call', 'eth_estimateGas'])
      expect((await call(method, [tx, 'latest', overrides])).error, method).toEqual({ code: -32000, message: mint.text })
  })

  it("a stateDiff that gives the caller a role: the caller's override wins, the call succeeds", async () => {
    const tx = { from: ALICE, to: MINTER, data: mint.data }
    const overrides = { [MINTER]: { stateDiff: { [roleSlot]: enabled } } }
    expect((await call('eth_call', [tx, 'latest', overrides])).result).toBe('0x')
    expect((await call('eth_estimateGas', [tx, 'latest', overrides])).result).toMatch(/^0x[0-9a-f]+$/)
  })

  it("a full `state` replacement: the flag goes into it (no stateDiff beside it), the caller's storage as given", async () => {
    const tx = { from: ALICE, to: MINTER, data: mint.data }
    // The whole storage replaced by one unrelated slot: the admin's role is gone too, so the admin is refused.
    const replaced = { [MINTER]: { state: { [other]: enabled } } }
    expect((await call('eth_call', [tx, 'latest', replaced])).error).toEqual({ code: -32000, message: mint.text })
    const asAdmin = { from: ADMIN, to: MINTER, data: mint.data }
    expect((await call('eth_call', [asAdmin, 'latest', replaced])).error).toEqual({
      code: -32000,
      message: `non-enabled cannot mint: ${ADMIN}`,
    })
    const withRole = { [MINTER]: { state: { [roleSlot]: enabled } } }
    expect((await call('eth_call', [tx, 'latest', withRole])).result).toBe('0x')
  })

  it('the flag is never in the state: eth_getStorageAt of its slot is zero', async () => {
    for (const address of [MINTER, FEE_MANAGER, REWARD_MANAGER])
      expect(BigInt((await call('eth_getStorageAt', [address, simulationSlot, 'latest'])).result)).toBe(0n)
  })
})

describe('through a contract: a failed call with no data and all forwarded gas used (unchanged)', () => {
  let forwarder: { abi: any[]; bytecode: Hex }
  let address: Hex
  beforeAll(async () => {
    const source = readFileSync(new URL('../../contracts/test/Forwarder.sol', import.meta.url), 'utf8')
    forwarder = compileSolidity({ 'Forwarder.sol': source }).Forwarder
    const hash = (await call('eth_sendTransaction', [{ from: ADMIN, data: forwarder.bytecode, gas: '0x100000' }])).result
    address = (await receiptOf(hash)).contractAddress
  })
  const forward = (r: (typeof refusals)[number], gas: bigint) =>
    encodeFunctionData({ abi: forwarder.abi, functionName: 'forward', args: [r.to, r.data, gas] })

  for (const r of refusals) {
    it(`${r.name}: in eth_call and in a mined transaction`, async () => {
      const data = forward(r, 100_000n)
      const simulated = await call('eth_call', [{ from: ALICE, to: address, data }, 'latest'])
      const [ok, used, output] = decodeFunctionResult({ abi: forwarder.abi, functionName: 'forward', data: simulated.result }) as [
        boolean,
        bigint,
        Hex,
      ]
      expect(ok).toBe(false)
      expect(output).toBe('0x')
      expect(used).toBeGreaterThanOrEqual(100_000n)
      const hash = (await call('eth_sendTransaction', [{ from: ALICE, to: address, data, gas: '0x100000' }])).result
      nonce++
      const receipt = await receiptOf(hash)
      expect(receipt.status).toBe('0x1')
      const event = decodeEventLog({ abi: forwarder.abi, data: receipt.logs[0].data, topics: receipt.logs[0].topics }) as {
        args: { ok: boolean; used: bigint; output: Hex }
      }
      expect(event.args.ok).toBe(false)
      expect(event.args.output).toBe('0x')
      expect(event.args.used).toBeGreaterThanOrEqual(100_000n)
    })
  }
})
