/**
 * Gas of the precompile stand-ins against the node's fixed costs: a top-level call from an EOA
 * costs 21,000 + calldata (4 per zero byte, 16 per other) + the function's fixed gas and, from
 * Durango, its event gas (precompile/contract/utils.go, each module's contract.go and event.go).
 * The stand-ins burn gas up to exactly that cost (packages/devnet/contracts/standins/Precompile.sol `_burn`), so gasUsed
 * and eth_estimateGas are the node's; only where the stand-in's own work costs more (a role write
 * to a fresh storage slot: two cold SLOADs and the SSTORE, against the node's flat 20,000) does a
 * mined call need more gas, which eth_estimateGas answers; its receipt still reports the node's.
 */
import { encodeFunctionData, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { allowListAbi, feeManagerAbi, nativeMinterAbi } from '../../src/core/precompiles/abis.js'
import { rpc, useDevnet } from '../helpers/devnet.js'

const devnet = useDevnet({ seed: 'precompile-gas' })
const admin = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const txAllowList = '0x0200000000000000000000000000000000000002'
const minter = '0x0200000000000000000000000000000000000001'
const feeManager = '0x0200000000000000000000000000000000000003'

const call = async (method: string, params: unknown[]) =>
  (JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as { result: any }).result
const calldataGas = (data: Hex) => {
  let gas = 0
  for (let i = 2; i < data.length; i += 2) gas += data.slice(i, i + 2) === '00' ? 4 : 16
  return gas
}
// contract.LogGas + topics × LogTopicGas + data bytes × LogDataGas
const event = (topics: number, dataBytes: number) => 375 + 375 * topics + 8 * dataBytes

const cases: { name: string; to: string; data: Hex; fixed: number; excess: number }[] = [
  {
    name: 'readAllowList',
    to: txAllowList,
    data: encodeFunctionData({ abi: allowListAbi, functionName: 'readAllowList', args: [admin] }),
    fixed: 5_000,
    excess: 0,
  },
  {
    name: 'setNone of an address without a role (slot stays zero)',
    to: txAllowList,
    data: encodeFunctionData({ abi: allowListAbi, functionName: 'setNone', args: ['0x00000000000000000000000000000000000000bb'] }),
    fixed: 20_000 + event(4, 32),
    excess: 0,
  },
  {
    name: 'setEnabled of an address without a role (a fresh slot: SSTORE 22,100)',
    to: txAllowList,
    data: encodeFunctionData({ abi: allowListAbi, functionName: 'setEnabled', args: ['0x00000000000000000000000000000000000000aa'] }),
    fixed: 20_000 + event(4, 32),
    // Two cold SLOADs (the caller's and the account's roles, 4,200) the node does not charge, then code and the
    // note of the node's cost for the receipt (packages/devnet/contracts/standins/Precompile.sol `_simulatedExcess`, about 130).
    excess: 6_700,
  },
  {
    name: 'mintNativeCoin',
    to: minter,
    data: encodeFunctionData({ abi: nativeMinterAbi, functionName: 'mintNativeCoin', args: [admin, 1n] }),
    fixed: 30_000 + event(3, 32),
    excess: 0,
  },
  {
    name: 'getFeeConfig',
    to: feeManager,
    data: encodeFunctionData({ abi: feeManagerAbi, functionName: 'getFeeConfig' }),
    fixed: 40_000,
    excess: 0,
  },
  {
    name: 'getFeeConfigLastChangedAt',
    to: feeManager,
    data: encodeFunctionData({ abi: feeManagerAbi, functionName: 'getFeeConfigLastChangedAt' }),
    fixed: 5_000,
    excess: 0,
  },
  {
    name: 'setFeeConfig',
    to: feeManager,
    data: encodeFunctionData({
      abi: feeManagerAbi,
      functionName: 'setFeeConfig',
      args: [8_000_000n, 2n, 25_000_000_000n, 15_000_000n, 36n, 0n, 1_000_000n, 200_000n],
    }),
    // 9 slots written, then FeeConfigChangedEventGasCost: the old config read (8 slots) and the log.
    fixed: 9 * 20_000 + 8 * 5_000 + event(2, 512),
    excess: 0,
  },
]

describe("precompile gas on the devnet: the node's, but the estimate where the stand-in's own work costs more", () => {
  for (const c of cases) {
    it(c.name, async () => {
      const node = 21_000 + calldataGas(c.data) + c.fixed
      const estimate = Number(BigInt(await call('eth_estimateGas', [{ from: admin, to: c.to, data: c.data }])))
      const hash = await call('eth_sendTransaction', [{ from: admin, to: c.to, data: c.data, gas: '0x100000' }])
      const receipt = await call('eth_getTransactionReceipt', [hash])
      expect(receipt.status).toBe('0x1')
      // The receipt reports the node's gas even where the stand-in spent more (packages/devnet/src/l1/block/nodeGas.ts).
      expect(Number(BigInt(receipt.gasUsed))).toBe(node)
      expect(estimate).toBeGreaterThanOrEqual(node)
      expect(estimate - node).toBeLessThanOrEqual(c.excess)
    })
  }
})
