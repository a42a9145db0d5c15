/**
 * Warp Messenger gas against the node's table (precompile/contracts/warp/contract.go): before Granite
 * `getBlockchainID` 2 and the verified-message getters' base 2, from Granite 200 and 750;
 * `sendWarpMessage` 41,500 (the log and its 3 topics, 20,000 for the BLS signature, 20,000 for a slot
 * write) plus 8 per byte of the whole input after the selector, in both. A top-level transaction
 * costs 21,000 + calldata + that, the gas its receipt reports. From Granite the getters cost exactly that
 * (packages/devnet/contracts/standins/WarpMessenger.sol `_answerLean`); before, no EVM code meets 2 gas, so eth_estimateGas asks for
 * the stand-in's own code (about 1,600-1,900 gas more). Checked with mined transactions and eth_estimateGas on a chain whose
 * Granite comes after its Warp activation; the first block at Granite switches. Real devnet, real anvil.
 */
import { encodeFunctionData, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { warpMessengerAbi } from '../../src/core/precompiles/abis.js'
import { rpc, testFeeConfig, useDevnet } from '../helpers/devnet.js'

// Blocks are stamped with the wall clock: the schedule starts now.
const T0 = Math.floor(Date.now() / 1000)
const GRANITE = T0 + 1000
const WARP = '0x0200000000000000000000000000000000000005'
const ADMIN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const genesis = {
  config: {
    chainId: 43_212,
    durangoTimestamp: T0,
    etnaTimestamp: T0,
    graniteTimestamp: GRANITE,
    // Not before Granite: a local network has Helicon from genesis since avalanchego v1.15.1.
    heliconTimestamp: GRANITE,
    feeConfig: testFeeConfig,
    warpConfig: { blockTimestamp: T0, quorumNumerator: 67 },
  },
  alloc: {},
  timestamp: `0x${T0.toString(16)}`,
  gasLimit: '0x7A1200',
  difficulty: '0x0',
}
const devnet = useDevnet({ genesis })

type Reply = { result?: any; error?: { code: number; message: string } }
const call = async (method: string, params: unknown[]): Promise<Reply> =>
  JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as Reply
const calldataGas = (data: string) => {
  let gas = 0
  for (let i = 2; i < data.length; i += 2) gas += data.slice(i, i + 2) === '00' ? 4 : 16
  return gas
}

const payload = (n: number) => `0x${Array.from({ length: n }, (_, i) => ((i * 7 + 1) % 256).toString(16).padStart(2, '0')).join('')}` as Hex
const send = (n: number) => encodeFunctionData({ abi: warpMessengerAbi, functionName: 'sendWarpMessage', args: [payload(n)] })
const getBlockchainID = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getBlockchainID' })
const getMessage = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpMessage', args: [0] })
const getBlockHash = encodeFunctionData({ abi: warpMessengerAbi, functionName: 'getVerifiedWarpBlockHash', args: [3] })
/** 41,500 + 8 per byte of the input after the selector. */
const sendGas = (data: Hex) => 41_500 + 8 * ((data.length - 10) / 2)

type Case = { name: string; data: Hex; fixed: number; excess: number }
// Payloads up to 2,000 bytes: beyond about 2,600, anvil's EIP-7623 calldata floor (Prague; Subnet-EVM has no
// Prague) sets a transaction's gas, not its execution.
const sendCases = (): Case[] =>
  [0, 1, 32, 100, 1_000, 2_000].map((n) => ({
    name: `sendWarpMessage, ${n}-byte payload`,
    data: send(n),
    fixed: sendGas(send(n)),
    excess: 0,
  }))

/** The gas of `c` mined (in a block at `time`, when given) and estimated, against the node's figure. */
async function measure(c: Case, time?: number) {
  const node = 21_000 + calldataGas(c.data) + c.fixed
  const estimate = Number(BigInt((await call('eth_estimateGas', [{ from: ADMIN, to: WARP, data: c.data }])).result))
  if (time !== undefined) expect((await call('evm_setNextBlockTimestamp', [time])).error).toBeUndefined()
  const hash = (await call('eth_sendTransaction', [{ from: ADMIN, to: WARP, data: c.data, gas: '0x200000' }])).result
  const receipt = (await call('eth_getTransactionReceipt', [hash])).result
  expect(receipt.status).toBe('0x1')
  const used = Number(BigInt(receipt.gasUsed))
  // The receipt reports the node's gas even where the stand-in spent more (packages/devnet/src/l1/block/nodeGas.ts).
  expect(used, `gasUsed ${used} against the node's ${node}`).toBe(node)
  expect(estimate, `eth_estimateGas ${estimate} against the node's ${node}`).toBeGreaterThanOrEqual(node)
  expect(estimate - node, `eth_estimateGas ${estimate} against the node's ${node}`).toBeLessThanOrEqual(c.excess)
  return { node, used, estimate, block: receipt.blockNumber }
}

describe('before Granite', () => {
  it('the chain is before Granite', async () => {
    expect((await call('eth_getActiveRulesAt', [])).result.avalancheRules.IsGranite).toBe(false)
  })

  // The getters' fixed gas is below the stand-in's own code (about 1,300-1,500 gas; the verified-message getters
  // about 2,350, as they pass the lean path and look for staged predicates first), which a mined call needs and eth_estimateGas asks for (an
  // eth_call given the node's gas still succeeds: go-tables-warp.test.ts).
  const cases: Case[] = [
    { name: 'getBlockchainID (2)', data: getBlockchainID, fixed: 2, excess: 2_000 },
    { name: 'getVerifiedWarpMessage (2)', data: getMessage, fixed: 2, excess: 2_400 },
    { name: 'getVerifiedWarpBlockHash (2)', data: getBlockHash, fixed: 2, excess: 2_400 },
    ...sendCases(),
  ]
  for (const c of cases) it(c.name, async () => void (await measure(c)))
})

describe('from Granite', () => {
  it('the first block at Granite charges the Granite table', async () => {
    // Estimated on the head before Granite: the pre-Granite code's need; mined at Granite, the node's 200.
    const c = { name: 'getBlockchainID', data: getBlockchainID, fixed: 200, excess: 2_000 }
    await measure(c, GRANITE)
    expect((await call('eth_getActiveRulesAt', [])).result.avalancheRules.IsGranite).toBe(true)
  })

  const cases: Case[] = [
    // From Granite the stand-in answers these at exactly the node's gas when no predicate is staged for the block
    // (packages/devnet/contracts/standins/WarpMessenger.sol `_answerLean`).
    { name: 'getBlockchainID (200)', data: getBlockchainID, fixed: 200, excess: 0 },
    { name: 'getVerifiedWarpMessage (750)', data: getMessage, fixed: 750, excess: 0 },
    { name: 'getVerifiedWarpBlockHash (750)', data: getBlockHash, fixed: 750, excess: 0 },
    ...sendCases(),
  ]
  for (const c of cases) it(c.name, async () => void (await measure(c)))
})
