/**
 * The node's gas and execution results for ordinary transactions, over real HTTP against a devnet with a
 * real contract: no gas refunds (core/state_transition.go `refundGas` under Subnet-EVM), so a receipt that
 * clears storage, its block's gas used, the sender's charge and the coinbase's fee are the node's figures,
 * where anvil's own answers (read on its URL) have EIP-3529's refund taken off; and failed executions in
 * `eth_call` / `eth_estimateGas` answered with geth's codes and texts (libevm core/vm/errors.go through
 * internal/ethapi).
 */
import {
  type Abi,
  type Address,
  type Chain,
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
  parseGwei,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a JavaScript module without types
import { compileSolidity } from '../../scripts/compile-contracts.mjs'
import { allowListAbi, nativeMinterAbi } from '../../src/core/precompiles/abis.js'
import { rpc, useDevnet } from '../helpers/devnet.js'

const devnet = useDevnet({ seed: 'node-gas' })
const admin = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const blackhole = '0x0100000000000000000000000000000000000000'

const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Gas {
  uint256 public a = 1;
  uint256 public b = 2;
  uint256 public c = 3;
  uint256 public d = 4;
  function clear() external { a = 0; }
  function clearThree() external { b = 0; c = 0; d = 0; }
  function burn(uint256 n) external pure returns (uint256 s) { for (uint256 i = 0; i < n; i++) s += i * i; }
  function bad() external pure { assembly { invalid() } }
  function fail() external pure { revert("nope"); }
  function failEmpty() external pure { revert(); }
  function divide(uint256 x) external pure returns (uint256) { return 1 / x; }
}
/// Calls a precompile with the data given, as a contract would, and fails when it fails.
contract Relay {
  function relay(address to, bytes calldata data) external { (bool ok,) = to.call(data); require(ok); }
}`

type Call = { result?: unknown; error?: { code: number; message: string; data?: string } }
const call = async (method: string, params: unknown[]): Promise<Call> =>
  JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body)
const onAnvil = async (method: string, params: unknown[]): Promise<Call> =>
  (await fetch(devnet().anvilUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  }).then((r) => r.json())) as Call

/** Creation code that deploys `runtime` (at most 255 bytes) as it is. */
const deployer = (runtime: string) => {
  const n = (runtime.length / 2).toString(16).padStart(2, '0')
  return `0x60${n}600a5f3960${n}5ff3${runtime}` as Hex
}

let abi: Abi
let gas: Address
let relayAbi: Abi
let relay: Address
const raw: Record<string, Address> = {}
const client = () => createPublicClient({ transport: http(devnet().rpcUrl) })
let chain: Chain
const wallet = () => createWalletClient({ account: admin, transport: http(devnet().rpcUrl), chain })
const fees = { maxFeePerGas: parseGwei('100'), maxPriorityFeePerGas: parseGwei('2') }

async function deploy(data: Hex): Promise<Address> {
  const hash = await wallet().sendTransaction({ data, ...fees, gas: 1_000_000n })
  const receipt = await client().waitForTransactionReceipt({ hash })
  return receipt.contractAddress!
}

async function send(fn: string, args: unknown[] = []) {
  const data = encodeFunctionData({ abi, functionName: fn, args })
  const hash = await wallet().sendTransaction({ to: gas, data, ...fees, gas: 200_000n })
  return client().waitForTransactionReceipt({ hash })
}

beforeAll(async () => {
  const url = devnet().rpcUrl
  chain = defineChain({
    id: await client().getChainId(),
    name: 'devnet',
    nativeCurrency: { name: 'X', symbol: 'X', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  })
  const out = compileSolidity({ 'Gas.sol': source }) as Record<string, { abi: Abi; bytecode: Hex }>
  abi = out.Gas!.abi
  gas = await deploy(out.Gas!.bytecode)
  relayAbi = out.Relay!.abi
  relay = await deploy(out.Relay!.bytecode)
  // ADD on an empty stack; an undefined opcode (0x0c) after a push; a loop that pushes until the stack is full.
  raw.underflow = await deploy(deployer('6001600101016000'))
  raw.undefined = await deploy(deployer('60010c'))
  raw.overflow = await deploy(deployer('5b5f5f56'))
}, 60_000)

describe('no gas refunds', () => {
  it('a transaction that clears a slot: receipt, block, sender and coinbase at the node’s figures', async () => {
    const before = await client().getBlockNumber()
    const [senderBefore, coinbaseBefore] = await Promise.all([
      client().getBalance({ address: admin.address }),
      client().getBalance({ address: blackhole }),
    ])
    const receipt = await send('clear')
    expect(receipt.status).toBe('success')
    expect(receipt.blockNumber).toBe(before + 1n)
    // 21,064 intrinsic, a cold SSTORE that clears (2,100 + 2,900) and 225 for the rest of the code: nothing refunded.
    expect(receipt.gasUsed).toBe(26_289n)
    const anvil = (await onAnvil('eth_getTransactionReceipt', [receipt.transactionHash])).result as { gasUsed: Hex }
    // anvil takes EIP-3529's refund for clearing a slot off.
    expect(receipt.gasUsed - BigInt(anvil.gasUsed)).toBe(4_800n)
    expect(receipt.cumulativeGasUsed).toBe(receipt.gasUsed)
    const block = await client().getBlock({ blockNumber: receipt.blockNumber })
    expect(block.gasUsed).toBe(receipt.gasUsed)
    const blockReceipts = (await call('eth_getBlockReceipts', [`0x${receipt.blockNumber.toString(16)}`])).result as { gasUsed: Hex }[]
    expect(BigInt(blockReceipts[0]!.gasUsed)).toBe(receipt.gasUsed)
    const fee = receipt.gasUsed * receipt.effectiveGasPrice
    expect(senderBefore - (await client().getBalance({ address: admin.address }))).toBe(fee)
    expect((await client().getBalance({ address: blackhole })) - coinbaseBefore).toBe(fee)
  })

  it('several slots cleared: the whole gas, where anvil caps its refund at a fifth', async () => {
    const receipt = await send('clearThree')
    const anvil = BigInt(((await onAnvil('eth_getTransactionReceipt', [receipt.transactionHash])).result as { gasUsed: Hex }).gasUsed)
    expect(anvil).toBe(receipt.gasUsed - receipt.gasUsed / 5n)
    // The next block's fee window counts the node's gas used (./block-fees.test.ts checks the window itself).
    const block = await client().getBlock({ blockNumber: receipt.blockNumber })
    expect(block.gasUsed).toBe(receipt.gasUsed)
  })

  it('a transaction without storage cleared keeps anvil’s figures', async () => {
    const receipt = await send('burn', [10n])
    const anvil = BigInt(((await onAnvil('eth_getTransactionReceipt', [receipt.transactionHash])).result as { gasUsed: Hex }).gasUsed)
    expect(receipt.gasUsed).toBe(anvil)
  })
})

describe('execution errors as geth writes them', () => {
  const from = admin.address
  const data = (fn: string, args: unknown[] = []) => encodeFunctionData({ abi, functionName: fn, args })

  it.each(['eth_call', 'eth_estimateGas'])('%s: out of gas, invalid opcodes, stack underflow and overflow', async (method) => {
    const at = (to: string, input: string, extra: Record<string, string> = {}) =>
      call(method, [{ from, to, data: input, ...extra }, 'latest'])
    const limited = { gas: '0x7530' }
    if (method === 'eth_call')
      expect((await at(gas, data('burn', [100_000n]), limited)).error).toEqual({ code: -32000, message: 'out of gas' })
    else
      expect((await at(gas, data('burn', [10_000_000n]))).error).toEqual({
        code: -32000,
        message: expect.stringMatching(/^gas required exceeds allowance \(\d+\)$/),
      })
    expect((await at(gas, data('bad'))).error).toEqual({ code: -32000, message: 'invalid opcode: INVALID' })
    expect((await at(raw.undefined!, '0x')).error).toEqual({ code: -32000, message: 'invalid opcode: opcode 0xc not defined' })
    expect((await at(raw.underflow!, '0x')).error).toEqual({ code: -32000, message: 'stack underflow (1 <=> 2)' })
    expect((await at(raw.overflow!, '0x')).error).toEqual({ code: -32000, message: 'stack limit reached 1024 (1023)' })
  })

  it.each(['eth_call', 'eth_estimateGas'])(
    '%s: reverts with their data and decoded reason, code 3; an empty revert is -32000',
    async (method) => {
      const at = (input: string) => call(method, [{ from, to: gas, data: input }, 'latest'])
      const nope = (await at(data('fail'))).error!
      expect(nope.code).toBe(3)
      expect(nope.message).toBe('execution reverted: nope')
      expect(nope.data).toMatch(/^0x08c379a0/)
      expect((await at(data('divide', [0n]))).error).toEqual({
        code: 3,
        message: 'execution reverted: division or modulo by zero',
        data: `0x4e487b71${'12'.padStart(64, '0')}`,
      })
      expect((await at(data('failEmpty'))).error).toEqual({ code: -32000, message: 'execution reverted' })
    },
  )

  it('a gas limit given to eth_estimateGas is the allowance named', async () => {
    const r = await call('eth_estimateGas', [{ from, to: gas, data: data('burn', [100_000n]), gas: '0xc350' }, 'latest'])
    expect(r.error).toEqual({ code: -32000, message: 'gas required exceeds allowance (50000)' })
  })
})

describe("precompile stand-ins whose own work costs more than the node's fixed gas", () => {
  const txAllowList = '0x0200000000000000000000000000000000000002'
  const minter = '0x0200000000000000000000000000000000000001'
  const calldataGas = (data: Hex) => {
    let n = 0n
    for (let i = 2; i < data.length; i += 2) n += data.slice(i, i + 2) === '00' ? 4n : 16n
    return n
  }
  // contract.LogGas + topics × LogTopicGas + data bytes × LogDataGas (precompile/contract/utils.go)
  const event = (topics: bigint, bytes: bigint) => 375n + 375n * topics + 8n * bytes
  const sendTo = async (to: Address, data: Hex) => {
    const hash = await wallet().sendTransaction({ to, data, ...fees, gas: 300_000n })
    return client().waitForTransactionReceipt({ hash })
  }
  const anvilGasUsed = async (hash: Hex) =>
    BigInt(((await onAnvil('eth_getTransactionReceipt', [hash])).result as { gasUsed: Hex }).gasUsed)

  it('a role written to a fresh slot: receipt, block, sender and coinbase at the node’s figures', async () => {
    const data = encodeFunctionData({ abi: allowListAbi, functionName: 'setEnabled', args: ['0x00000000000000000000000000000000000000aa'] })
    // allowlist.go: ModifyAllowListGasCost (20,000) and, from Durango, the RoleSet event (3 topics and the signature, 32 bytes).
    const node = 21_000n + calldataGas(data) + 20_000n + event(4n, 32n)
    const [senderBefore, coinbaseBefore] = await Promise.all([
      client().getBalance({ address: admin.address }),
      client().getBalance({ address: blackhole }),
    ])
    const receipt = await sendTo(txAllowList, data)
    expect(receipt.status).toBe('success')
    expect(receipt.gasUsed).toBe(node)
    // anvil's: a fresh slot (22,100), two cold role reads (4,200) and the stand-in's code above the node's 20,000.
    expect((await anvilGasUsed(receipt.transactionHash)) - node).toBeGreaterThan(4_200n)
    const block = await client().getBlock({ blockNumber: receipt.blockNumber })
    expect(block.gasUsed).toBe(node)
    const fee = node * receipt.effectiveGasPrice
    expect(senderBefore - (await client().getBalance({ address: admin.address }))).toBe(fee)
    expect((await client().getBalance({ address: blackhole })) - coinbaseBefore).toBe(fee)
  })

  it('a mint to a new account, straight and through a contract: the node’s gas, as a mint to an existing account', async () => {
    const mint = (to: Address) => encodeFunctionData({ abi: nativeMinterAbi, functionName: 'mintNativeCoin', args: [to, 5n] })
    const fresh = '0x1111111111111111111111111111111111111111'
    const existing = '0x2222222222222222222222222222222222222222'
    await call('anvil_setBalance', [existing, '0x1'])
    // nativeminter/contract.go MintGasCost and, from Durango, the NativeCoinMinted event (3 topics, 32 bytes).
    const straight = await sendTo(minter, mint(fresh))
    expect(straight.status).toBe('success')
    expect(straight.gasUsed).toBe(21_000n + calldataGas(mint(fresh)) + 30_000n + event(3n, 32n))
    // anvil's: the value call creating the account (cold access, 9,000 and 25,000, less the unused 2,300 stipend), the
    // caller's role read and the event: about 9,000 above the node's 31,756.
    expect((await anvilGasUsed(straight.transactionHash)) - straight.gasUsed).toBeGreaterThan(5_000n)
    // The relay needs a role on the minter: enabled first (a fresh slot too).
    const enable = encodeFunctionData({ abi: allowListAbi, functionName: 'setEnabled', args: [relay] })
    expect((await sendTo(minter, enable)).status).toBe('success')
    const relayed = async (to: Address) =>
      sendTo(relay, encodeFunctionData({ abi: relayAbi, functionName: 'relay', args: [minter, mint(to)] }))
    const toExisting = await relayed(existing)
    const toFresh = await relayed('0x3333333333333333333333333333333333333333')
    expect([toExisting.status, toFresh.status]).toEqual(['success', 'success'])
    // On a node the two cost the same: the precompile charges a flat gas whether the recipient is new or not.
    expect(toFresh.gasUsed).toBe(toExisting.gasUsed)
    expect(await anvilGasUsed(toExisting.transactionHash)).toBe(toExisting.gasUsed)
    expect(await anvilGasUsed(toFresh.transactionHash)).toBeGreaterThan(toFresh.gasUsed)
    expect(await client().getBalance({ address: '0x3333333333333333333333333333333333333333' })).toBe(5n)
  })
})
