/**
 * DELEGATECALL and CALLCODE into a precompile, as the node's rules for the active upgrade say
 * (params/hooks_libevm.go `makePrecompile`):
 * - from Granite the precompile reverts with no gas left, so the calling contract sees a failed call with no data and
 *   all the gas it forwarded used; Warp's getters too, which the stand-in answers in lean code from Granite;
 * - before Granite, in a block at or after `InvalidateDelegateUnix` (2025-08-02T04:00:00Z), the transaction's execution
 *   is void (core/state_transition.go): `eth_call` and `eth_estimateGas` fail with `precompile cannot be called with
 *   …`, and the miner never takes such a send (it stays pending, the sender's later sends behind it) until Granite,
 *   from which it is mined with its inner call failed;
 * - in a block before `InvalidateDelegateUnix` (here only a genesis block can be), the precompile runs in the caller's
 *   account, whose storage it reads.
 * A plain CALL is unchanged. L1s of one devnet: Granite active (the local network's 2020 time), Granite a day ahead,
 * Granite a few seconds ahead, and a genesis of 2023 with Granite ahead.
 */
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script without declarations
import { compileSolidity } from '../../scripts/compile-contracts.mjs'
import { allowListAbi, warpMessengerAbi } from '../../src/core/precompiles/abis.js'
import { rpc, testFeeConfig, testGenesisTime, useDevnet, verifyBlocks } from '../helpers/devnet.js'
import { type Devnet, startDevnet } from '../../packages/devnet/src/index.js'

const ADMIN = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const OTHER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const MINTER = '0x0200000000000000000000000000000000000001'
const FORWARDED = 100_000n

const source = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Caller {
    function run(uint8 kind, address target, bytes calldata data) external returns (bool ok, uint256 used, bytes memory out) {
        bytes memory input = data;
        uint256 g = ${FORWARDED};
        uint256 before = gasleft();
        assembly {
            switch kind
            case 0 { ok := call(g, target, 0, add(input, 32), mload(input), 0, 0) }
            case 1 { ok := delegatecall(g, target, add(input, 32), mload(input), 0, 0) }
            default { ok := callcode(g, target, 0, add(input, 32), mload(input), 0, 0) }
        }
        used = before - gasleft();
        out = new bytes(0);
        assembly {
            let n := returndatasize()
            out := mload(0x40)
            mstore(out, n)
            returndatacopy(add(out, 32), 0, n)
            mstore(0x40, add(add(out, 32), n))
        }
    }
}`
const { Caller } = compileSolidity({ 'Caller.sol': source }) as { Caller: { bytecode: Hex; deployedBytecode: Hex; abi: unknown[] } }

/** Where the 2023 genesis holds a Caller. */
const GENESIS_CALLER = '0x00000000000000000000000000000000000c4113'
/** 2023-11-14: before InvalidateDelegateUnix. */
const OLD_GENESIS = 1_700_000_000
/**
 * Granite on the `soon` L1, seconds after its devnet starts (in its test, so that a slow file before it cannot have
 * passed it): late enough for a deployment and two sends before it.
 */
const graniteLead = 12

const genesis = (chainId: number, granite?: number, time = testGenesisTime) => ({
  config: {
    chainId,
    feeConfig: testFeeConfig,
    contractNativeMinterConfig: { blockTimestamp: time, adminAddresses: [ADMIN] },
    warpConfig: { blockTimestamp: time, quorumNumerator: 67 },
    ...(granite !== undefined && { graniteTimestamp: granite, heliconTimestamp: granite }),
  },
  alloc: {
    [ADMIN.slice(2)]: { balance: '0x56bc75e2d63100000' },
    [OTHER.slice(2)]: { balance: '0x56bc75e2d63100000' },
    [GENESIS_CALLER.slice(2)]: { balance: '0x0', code: Caller.deployedBytecode },
  },
  timestamp: `0x${time.toString(16)}`,
  gasLimit: '0x7A1200',
  difficulty: '0x0',
})

const devnet = useDevnet({
  l1s: [
    { alias: 'granite', genesis: genesis(88_801) },
    { alias: 'before', genesis: genesis(88_802, testGenesisTime + 86_400) },
    { alias: 'old', genesis: genesis(88_804, testGenesisTime + 86_400, OLD_GENESIS) },
  ],
})

type Reply = { result?: any; error?: { code: number; message: string } }
/** The `soon` L1's devnet, while its test runs. */
let soonDevnet: Devnet | undefined
const call = async (alias: string, method: string, params: unknown[]): Promise<Reply> => {
  const l1s = alias === 'soon' ? soonDevnet!.l1s : devnet().l1s
  return JSON.parse((await rpc(l1s.find((l) => l.alias === alias)!.rpcUrl, method, JSON.stringify(params))).body)
}

async function deploy(alias: string): Promise<string> {
  const hash = (await call(alias, 'eth_sendTransaction', [{ from: ADMIN, data: Caller.bytecode, gas: '0x200000' }])).result
  return (await call(alias, 'eth_getTransactionReceipt', [hash])).result.contractAddress
}

const read = encodeFunctionData({ abi: allowListAbi, functionName: 'readAllowList', args: [ADMIN] })
const run = (kind: number, target: string = MINTER, data: Hex = read) =>
  encodeFunctionData({ abi: Caller.abi as never, functionName: 'run', args: [kind, target, data] } as never)
async function outcome(alias: string, to: string, kind: number, target?: string, data?: Hex, block = 'latest') {
  const reply = await call(alias, 'eth_call', [{ from: ADMIN, to, data: run(kind, target, data), gas: '0x100000' }, block])
  expect(reply.error).toBeUndefined()
  const [ok, used, out] = decodeFunctionResult({ abi: Caller.abi, functionName: 'run', data: reply.result } as never) as unknown as [
    boolean,
    bigint,
    Hex,
  ]
  return { ok, used, out }
}

const WARP = '0x0200000000000000000000000000000000000005'
const warpGetters: [string, Hex][] = [
  ['getBlockchainID', encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getBlockchainID' })],
  ['getVerifiedWarpMessage', encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', args: [0] })],
  ['getVerifiedWarpBlockHash', encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpBlockHash', args: [0] })],
]

describe('DELEGATECALL and CALLCODE into a precompile', () => {
  it('from Granite: a failed call, no data, all the forwarded gas used; a CALL still answers', async () => {
    const at = await deploy('granite')
    expect(await outcome('granite', at, 0)).toMatchObject({ ok: true, out: `0x${'0'.repeat(63)}2` })
    for (const kind of [1, 2]) {
      const { ok, used, out } = await outcome('granite', at, kind)
      expect({ ok, out }).toEqual({ ok: false, out: '0x' })
      expect(used).toBeGreaterThanOrEqual(FORWARDED)
    }
    // Mined: the transaction succeeds, its inner call failed.
    const hash = (await call('granite', 'eth_sendTransaction', [{ from: ADMIN, to: at, data: run(1), gas: '0x100000' }])).result
    const receipt = (await call('granite', 'eth_getTransactionReceipt', [hash])).result
    expect(receipt.status).toBe('0x1')
    expect(BigInt(receipt.gasUsed)).toBeGreaterThan(FORWARDED)
  })

  it("from Granite: Warp's lean getters fail a DELEGATECALL or CALLCODE too, and answer a CALL", async () => {
    const at = await deploy('granite')
    for (const [name, data] of warpGetters) {
      const plain = await outcome('granite', at, 0, WARP, data)
      expect(plain.ok, name).toBe(true)
      expect(plain.out.length, name).toBeGreaterThan(2)
      for (const kind of [1, 2]) {
        const { ok, used, out } = await outcome('granite', at, kind, WARP, data)
        expect({ name, kind, ok, out }).toEqual({ name, kind, ok: false, out: '0x' })
        expect(used).toBeGreaterThanOrEqual(FORWARDED)
      }
    }
  })

  it("from InvalidateDelegateUnix to Granite: eth_call and eth_estimateGas fail with the node's text; a CALL answers", async () => {
    const at = await deploy('before')
    expect(await outcome('before', at, 0)).toMatchObject({ ok: true, out: `0x${'0'.repeat(63)}2` })
    for (const [kind, type] of [
      [1, 'DELEGATECALL'],
      [2, 'CALLCODE'],
    ] as const) {
      for (const [target, data] of [[MINTER, read], ...warpGetters.map(([, d]) => [WARP, d] as const)] as const) {
        const tx = { from: ADMIN, to: at, data: run(kind, target, data), gas: '0x100000' }
        expect(await call('before', 'eth_call', [tx, 'latest'])).toMatchObject({
          error: { code: -32000, message: `err: precompile cannot be called with ${type} (supplied gas 1048576)` },
        })
        expect(await call('before', 'eth_estimateGas', [tx])).toMatchObject({
          error: { code: -32000, message: `failed with 1048576 gas: precompile cannot be called with ${type}` },
        })
      }
      // No gas named: the RPC gas cap for eth_call, the block's gas limit for eth_estimateGas (no fee cap to bound it).
      const open = { from: ADMIN, to: at, data: run(kind) }
      expect((await call('before', 'eth_call', [open, 'latest'])).error?.message).toBe(
        `err: precompile cannot be called with ${type} (supplied gas 50000000)`,
      )
      expect((await call('before', 'eth_estimateGas', [open])).error?.message).toBe(
        `failed with 8000000 gas: precompile cannot be called with ${type}`,
      )
    }
    // A creation whose init code makes such a call (PUSH1 0 ×4, PUSH20 the minter, PUSH2 0xffff, DELEGATECALL, STOP).
    const initCode = `0x600060006000600073${MINTER.slice(2)}61fffff400`
    expect((await call('before', 'eth_call', [{ from: ADMIN, data: initCode, gas: '0x100000' }, 'latest'])).error?.message).toBe(
      'err: precompile cannot be called with DELEGATECALL (supplied gas 1048576)',
    )
    // eth_sendTransaction estimates first (setDefaults), so it is refused with the estimate's error.
    expect((await call('before', 'eth_sendTransaction', [{ from: ADMIN, to: at, data: run(1) }])).error?.message).toBe(
      'failed with 8000000 gas: precompile cannot be called with DELEGATECALL',
    )
  })

  it("from InvalidateDelegateUnix to Granite: such a send is never mined, stays pending, and holds the sender's later sends", async () => {
    const at = await deploy('before')
    const nonce = BigInt((await call('before', 'eth_getTransactionCount', [ADMIN, 'latest'])).result)
    const started = Date.now()
    const voided = (await call('before', 'eth_sendTransaction', [{ from: ADMIN, to: at, data: run(1), gas: '0x100000' }])).result
    expect(voided).toMatch(/^0x[0-9a-f]{64}$/)
    // Answered without waiting out the send's 5 s for a block.
    expect(Date.now() - started).toBeLessThan(4000)
    const later = (await call('before', 'eth_sendTransaction', [{ from: ADMIN, to: OTHER, value: '0x1', gas: '0x5208' }])).result
    const other = (await call('before', 'eth_sendTransaction', [{ from: OTHER, to: ADMIN, value: '0x1', gas: '0x5208' }])).result
    expect((await call('before', 'eth_getTransactionReceipt', [other])).result?.status).toBe('0x1')
    expect((await call('before', 'eth_getTransactionReceipt', [voided])).result).toBeNull()
    expect((await call('before', 'eth_getTransactionReceipt', [later])).result).toBeNull()
    const pending = (await call('before', 'eth_getTransactionByHash', [voided])).result
    expect(pending).toMatchObject({ hash: voided, blockNumber: null, nonce: `0x${nonce.toString(16)}` })
    expect(BigInt((await call('before', 'eth_getTransactionCount', [ADMIN, 'pending'])).result)).toBe(nonce + 2n)
    expect(BigInt((await call('before', 'eth_getTransactionCount', [ADMIN, 'latest'])).result)).toBe(nonce)
    // Another block comes, and skips it again.
    const again = (await call('before', 'eth_sendTransaction', [{ from: OTHER, to: ADMIN, value: '0x1', gas: '0x5208' }])).result
    expect((await call('before', 'eth_getTransactionReceipt', [again])).result?.status).toBe('0x1')
    expect((await call('before', 'eth_getTransactionReceipt', [voided])).result).toBeNull()
  })

  it("from Granite on, the send kept pending is mined, its inner call failed, and the sender's later send after it", async () => {
    const soon = Math.floor(Date.now() / 1000) + graniteLead
    soonDevnet = await startDevnet({ l1s: [{ alias: 'soon', genesis: genesis(88_803, soon) }] })
    try {
      const at = await deploy('soon')
      const voided = (await call('soon', 'eth_sendTransaction', [{ from: ADMIN, to: at, data: run(1), gas: '0x100000' }])).result
      const later = (await call('soon', 'eth_sendTransaction', [{ from: ADMIN, to: OTHER, value: '0x1', gas: '0x5208' }])).result
      expect((await call('soon', 'eth_getTransactionReceipt', [voided])).result).toBeNull()
      const wait = soon + 1 - Date.now() / 1000
      expect(wait).toBeGreaterThan(0)
      await new Promise((resolve) => setTimeout(resolve, wait * 1000))
      // A block built after Granite takes it.
      await call('soon', 'eth_sendTransaction', [{ from: OTHER, to: ADMIN, value: '0x1', gas: '0x5208' }])
      let receipt: any
      for (let i = 0; i < 100 && !receipt; i++) {
        receipt = (await call('soon', 'eth_getTransactionReceipt', [voided])).result
        if (!receipt) await new Promise((resolve) => setTimeout(resolve, 50))
      }
      expect(receipt.status).toBe('0x1')
      expect(BigInt(receipt.gasUsed)).toBeGreaterThan(FORWARDED)
      const block = (await call('soon', 'eth_getBlockByNumber', [receipt.blockNumber, false])).result
      expect(BigInt(block.timestamp)).toBeGreaterThanOrEqual(BigInt(soon))
      expect((await call('soon', 'eth_getTransactionReceipt', [later])).result?.status).toBe('0x1')
      await verifyBlocks(soonDevnet)
    } finally {
      await soonDevnet.stop()
    }
  }, 60_000)

  it("before InvalidateDelegateUnix (a 2023 genesis block) the precompile runs in the caller's account (no role there)", async () => {
    for (const kind of [1, 2]) {
      const { ok, used, out } = await outcome('old', GENESIS_CALLER, kind, MINTER, read, '0x0')
      expect({ ok, out }).toEqual({ ok: true, out: `0x${'0'.repeat(64)}` })
      expect(used).toBeLessThan(FORWARDED)
    }
    // The same call at a head of now (after a transfer; before this chain's Granite) is void.
    const transfer = (await call('old', 'eth_sendTransaction', [{ from: OTHER, to: ADMIN, value: '0x1', gas: '0x5208' }])).result
    expect((await call('old', 'eth_getTransactionReceipt', [transfer])).result?.status).toBe('0x1')
    expect(
      (await call('old', 'eth_call', [{ from: ADMIN, to: GENESIS_CALLER, data: run(1), gas: '0x100000' }, 'latest'])).error?.message,
    ).toBe('err: precompile cannot be called with DELEGATECALL (supplied gas 1048576)')
  })
})
