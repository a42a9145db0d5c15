/**
 * Contract creations inside a transaction (contracts/test/Factory.sol) under the Contract Deployer
 * Allow List of the default devnet (on at +3600 s), real anvil: a node checks tx.origin at every
 * CREATE / CREATE2 (subnet-evm params/hooks_libevm.go `CanCreateContract`, called by libevm
 * core/vm/evm.go `createCommon`), and a refused one leaves the factory a zero address and none of the
 * gas it gave. ALICE is enabled on the Tx Allow List (so she may send) but has no deployer role.
 * The tests run in order.
 */
import { readFileSync } from 'node:fs'
import { decodeFunctionResult, encodeFunctionData, getContractAddress, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { beforeAll, describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script without declarations
import { compileSolidity } from '../../scripts/compile-contracts.mjs'
import { rpc, useDevnet } from '../helpers/devnet.js'

const S = Math.floor(Date.now() / 1000)
const devnet = useDevnet({ startTime: S })

const TX_LIST = '0x0200000000000000000000000000000000000002'
const ADMIN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const alice = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const GAS = 0x200000n

type Reply = { result?: any; error?: { code: number; message: string; data?: unknown } }
async function call(method: string, params: unknown[]): Promise<Reply> {
  return JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply
}

/** Factory.sol with the script that compiles the stand-ins (solc from npm, the same settings). */
function compile(): { abi: any[]; bytecode: Hex; child: Hex } {
  const source = readFileSync(new URL('../../contracts/test/Factory.sol', import.meta.url), 'utf8')
  const { Factory, Child } = compileSolidity({ 'Factory.sol': source })
  return { abi: Factory.abi, bytecode: Factory.bytecode, child: Child.bytecode }
}

const salt = (n: number) => `0x${n.toString(16).padStart(64, '0')}` as Hex

describe('creations inside a transaction under the Contract Deployer Allow List', () => {
  let f: ReturnType<typeof compile>
  let factory: Hex
  const input = (functionName: string, args: unknown[] = []) => encodeFunctionData({ abi: f.abi, functionName, args })
  const read = async (functionName: string) => {
    const r = await call('eth_call', [{ to: factory, data: input(functionName) }, 'latest'])
    return decodeFunctionResult({ abi: f.abi, functionName, data: r.result }) as any
  }
  const child2 = (n: number) => getContractAddress({ opcode: 'CREATE2', from: factory, salt: salt(n), bytecode: f.child })
  const code = async (address: string) => (await call('eth_getCode', [address, 'latest'])).result
  const receipt = async (hash: string) => (await call('eth_getTransactionReceipt', [hash])).result
  const send = async (from: string, data: string) => {
    const r = await call('eth_sendTransaction', [{ from, to: factory, data, gas: `0x${GAS.toString(16)}` }])
    expect(r.error).toBeUndefined()
    return receipt(r.result)
  }
  const signed = async (data: Hex, nonce: number) =>
    alice.signTransaction({
      chainId: 99999,
      type: 'eip1559',
      to: factory,
      data,
      nonce,
      gas: GAS,
      maxFeePerGas: 100_000_000_000n,
      maxPriorityFeePerGas: 1n,
    })
  const nonce = async () => Number((await call('eth_getTransactionCount', [ALICE, 'pending'])).result)

  beforeAll(async () => {
    f = compile()
    const setEnabled = `0x0aaf7043${ALICE.slice(2).toLowerCase().padStart(64, '0')}`
    expect((await receipt((await call('eth_sendTransaction', [{ from: ADMIN, to: TX_LIST, data: setEnabled }])).result)).status).toBe('0x1')
    const deployed = await receipt((await call('eth_sendTransaction', [{ from: ADMIN, data: f.bytecode }])).result)
    factory = deployed.contractAddress
    // +3600 s: the deployer list activates with ADMIN as its only admin.
    expect((await call('evm_setNextBlockTimestamp', [S + 3600])).error).toBeUndefined()
    await call('evm_mine', [])
    expect(await code('0x0200000000000000000000000000000000000000')).toBe('0x01')
  })

  it('`new` by an origin without a role fails: the factory reverts (status 0), nothing is left at the address', async () => {
    const target = getContractAddress({ from: factory, nonce: BigInt((await call('eth_getTransactionCount', [factory, 'latest'])).result) })
    const r = await send(ALICE, input('make'))
    expect(r.status).toBe('0x0')
    expect(await read('calls')).toBe(0n)
    expect(await code(target)).toBe('0x')
  })

  it('a caught failure: the rest of the transaction goes on, the creation used all the gas it was given; later the admin creates there', async () => {
    const hash = (await call('eth_sendRawTransaction', [await signed(input('tryMake', [salt(1)]), await nonce())])).result
    const r = await receipt(hash)
    expect(r.status).toBe('0x1')
    expect(await read('calls')).toBe(1n)
    expect(await read('lastOk')).toBe(false)
    expect(await read('last')).toBe('0x0000000000000000000000000000000000000000')
    // 63/64 of what was left went to the creation and is gone, as `CanCreateContract` returns gas 0.
    expect(await read('lastGasUsed')).toBeGreaterThan((GAS * 9n) / 10n)
    expect(await code(child2(1))).toBe('0x')
    // The factory's nonce was bumped by the failed CREATE2, as createCommon bumps it before the check.
    expect((await call('eth_getTransactionCount', [factory, 'latest'])).result).toBe('0x2')
    expect((await send(ADMIN, input('tryMake', [salt(1)]))).status).toBe('0x1')
    expect(await read('lastOk')).toBe(true)
    expect((await read('last')).toLowerCase()).toBe(child2(1).toLowerCase())
    expect(await code(child2(1))).not.toBe('0x')
  })

  it('an enabled origin creates', async () => {
    expect((await send(ADMIN, input('make'))).status).toBe('0x1')
    expect(await code(await read('last'))).not.toBe('0x')
  })

  it('a batch: each transaction is handled, every creation it would make is refused and freed', async () => {
    const n = await nonce()
    const txs = [await signed(input('tryMakeTwo', [salt(10)]), n), await signed(input('make'), n + 1)]
    const calls = await read('calls')
    const body = JSON.stringify(txs.map((tx, i) => ({ jsonrpc: '2.0', id: i + 1, method: 'eth_sendRawTransaction', params: [tx] })))
    const replies = (await (
      await fetch(devnet().rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })
    ).json()) as Reply[]
    const [first, second] = await Promise.all(replies.map((r) => receipt(r.result)))
    // tryMakeTwo: both creations refused (each sub-call lost its 300,000 gas), the call itself went on.
    expect(first.status).toBe('0x1')
    expect(second.status).toBe('0x0')
    expect(await read('calls')).toBe(calls + 1n)
    for (const address of [child2(10), child2(11)]) expect(await code(address)).toBe('0x')
  })

  it('eth_call / eth_estimateGas by an origin without a role: the creation fails as on a node, state untouched', async () => {
    for (const from of [{ from: ALICE }, {}]) {
      const make = { ...from, to: factory, data: input('make') }
      // A node: -32000 `execution reverted` (no data); anvil's answer for an empty revert is passed through.
      expect((await call('eth_call', [make, 'latest'])).error?.message).toBe('execution reverted')
      expect((await call('eth_estimateGas', [make])).error?.message).toBe('execution reverted')
      const tryMake = { ...from, to: factory, data: input('tryMake', [salt(20)]) }
      expect(BigInt((await call('eth_call', [tryMake, 'latest'])).result)).toBe(0n)
      expect((await call('eth_estimateGas', [tryMake])).result).toMatch(/^0x[0-9a-f]+$/)
    }
    // The caller's own state overrides are kept.
    const overridden = await call('eth_call', [
      { from: ALICE, to: factory, data: input('tryMake', [salt(20)]) },
      'latest',
      { [ALICE]: { balance: '0x1' } },
    ])
    expect(BigInt(overridden.result)).toBe(0n)
    expect(BigInt((await call('eth_call', [{ from: ADMIN, to: factory, data: input('tryMake', [salt(20)]) }, 'latest'])).result)).toBe(1n)
    expect(await code(child2(20))).toBe('0x')
  })

  it('automine off: the addresses stay blocked while the transaction is pending and are freed once a later call finds it mined', async () => {
    expect((await call('anvil_setAutomine', [false])).error).toBeUndefined()
    try {
      const hash = (await call('eth_sendRawTransaction', [await signed(input('tryMake', [salt(30)]), await nonce())])).result
      expect(await receipt(hash)).toBeNull()
      expect(await code(child2(30))).toBe('0xfe')
      await call('evm_mine', [])
      expect((await receipt(hash)).status).toBe('0x1')
      expect(await read('lastOk')).toBe(false)
      expect(await code(child2(30))).toBe('0x')
    } finally {
      await call('anvil_setAutomine', [true])
    }
  })
})
