/**
 * DELEGATECALL and CALLCODE into a precompile, as the node's rules for the active upgrade say
 * (params/hooks_libevm.go `makePrecompile`): from Granite the precompile reverts with no gas left, so the calling
 * contract sees a failed call with no data and all the gas it forwarded used. Before Granite the stand-in runs it in
 * the caller's account, whose storage it reads, as a node did before `InvalidateDelegateUnix` (2025-08-02); from
 * then to Granite a node invalidates the transaction instead, which the devnet does not do (docs/devnet.md,
 * Precompiles): the second test pins the devnet's behaviour, not that rule. A plain CALL is unchanged. Two L1s of one devnet: Granite active (the
 * local network's 2020 time) and Granite a day ahead (a genesis override).
 */
import { decodeFunctionResult, encodeFunctionData, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
// @ts-expect-error: a plain .mjs script without declarations
import { compileSolidity } from '../../scripts/compile-contracts.mjs'
import { allowListAbi } from '../../src/core/precompiles/abis.js'
import { rpc, testFeeConfig, testGenesisTime, useDevnet } from '../helpers/devnet.js'

const ADMIN = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
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
const { Caller } = compileSolidity({ 'Caller.sol': source }) as { Caller: { bytecode: Hex; abi: unknown[] } }

const genesis = (chainId: number, granite?: number) => ({
  config: {
    chainId,
    feeConfig: testFeeConfig,
    contractNativeMinterConfig: { blockTimestamp: testGenesisTime, adminAddresses: [ADMIN] },
    ...(granite !== undefined && { graniteTimestamp: granite, heliconTimestamp: granite }),
  },
  alloc: { [ADMIN.slice(2)]: { balance: '0x56bc75e2d63100000' } },
  timestamp: `0x${testGenesisTime.toString(16)}`,
  gasLimit: '0x7A1200',
  difficulty: '0x0',
})

const devnet = useDevnet({
  l1s: [
    { alias: 'granite', genesis: genesis(88_801) },
    { alias: 'before', genesis: genesis(88_802, testGenesisTime + 86_400) },
  ],
})

type Reply = { result?: any; error?: { message: string } }
const call = async (alias: string, method: string, params: unknown[]): Promise<Reply> =>
  JSON.parse((await rpc(devnet().l1s.find((l) => l.alias === alias)!.rpcUrl, method, JSON.stringify(params))).body)

async function deploy(alias: string): Promise<string> {
  const hash = (await call(alias, 'eth_sendTransaction', [{ from: ADMIN, data: Caller.bytecode, gas: '0x200000' }])).result
  return (await call(alias, 'eth_getTransactionReceipt', [hash])).result.contractAddress
}

const read = encodeFunctionData({ abi: allowListAbi, functionName: 'readAllowList', args: [ADMIN] })
const run = (kind: number) => encodeFunctionData({ abi: Caller.abi as never, functionName: 'run', args: [kind, MINTER, read] } as never)
async function outcome(alias: string, to: string, kind: number) {
  const reply = await call(alias, 'eth_call', [{ from: ADMIN, to, data: run(kind), gas: '0x100000' }, 'latest'])
  expect(reply.error).toBeUndefined()
  const [ok, used, out] = decodeFunctionResult({ abi: Caller.abi, functionName: 'run', data: reply.result } as never) as unknown as [
    boolean,
    bigint,
    Hex,
  ]
  return { ok, used, out }
}

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

  it("before Granite the devnet runs it in the caller's account (no role there), as a node before InvalidateDelegateUnix", async () => {
    const at = await deploy('before')
    for (const kind of [1, 2]) {
      const { ok, used, out } = await outcome('before', at, kind)
      expect({ ok, out }).toEqual({ ok: true, out: `0x${'0'.repeat(64)}` })
      expect(used).toBeLessThan(FORWARDED)
    }
  })
})
