/**
 * Standard Ethereum methods go to the real anvil behind the devnet: results are what
 * anvil itself answers, re-framed as the node frames replies (trailing newline).
 */
import { describe, expect, it } from 'vitest'
import { rpc, useDevnet } from '../helpers/devnet.js'

const devnet = useDevnet()

const admin = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const ewoq = '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'

/** Asks the devnet and anvil the same question; the devnet's body is anvil's plus the Encoder's newline. */
async function same(method: string, params?: string) {
  const { rpcUrl, anvilUrl } = devnet()
  const d = await rpc(rpcUrl, method, params, '"q"')
  const a = await rpc(anvilUrl, method, params, '"q"')
  expect(d.status).toBe(200)
  expect(a.body.startsWith('{"jsonrpc":"2.0","id":"q",')).toBe(true)
  expect(d.body).toBe(`${a.body.trimEnd()}\n`)
  return JSON.parse(d.body) as { result?: unknown; error?: { code: number; message: string } }
}

// internal/ethapi/api.go `BlockChainAPI.ChainId`, `NetAPI` and node/api.go `web3API.ClientVersion`: answers
// from the node's config, never from the chain.
describe('what the node answers from its config', () => {
  it('eth_chainId, net_version, net_listening, net_peerCount and web3_clientVersion as a node writes them', async () => {
    const { rpcUrl, infoUrl } = devnet()
    const answer = async (method: string, params?: string) => (await rpc(rpcUrl, method, params)).body
    expect(await answer('eth_chainId')).toBe('{"jsonrpc":"2.0","id":1,"result":"0x1869f"}\n')
    expect(await answer('net_version')).toBe('{"jsonrpc":"2.0","id":1,"result":"99999"}\n')
    expect(await answer('net_listening')).toBe('{"jsonrpc":"2.0","id":1,"result":true}\n')
    expect(await answer('net_peerCount')).toBe('{"jsonrpc":"2.0","id":1,"result":"0x0"}\n')
    // The VM's version, as info.getNodeVersion reports it for Subnet-EVM (anvil would say anvil/v…).
    const version = (await rpc(infoUrl, 'info.getNodeVersion', '{}')).body
    const vm = (JSON.parse(version) as { result: { vmVersions: Record<string, string> } }).result.vmVersions
    const subnetEvm = vm.srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy
    expect(subnetEvm).toMatch(/^v\d+\.\d+\.\d+/)
    expect(await answer('web3_clientVersion')).toBe(`{"jsonrpc":"2.0","id":1,"result":"${subnetEvm}"}\n`)
    // Their arguments are checked as any method's (parsePositionalArguments).
    expect(await answer('net_version', '[1]')).toBe(
      '{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"too many arguments, want at most 0"}}\n',
    )
  })
})

describe('forwarding to anvil', () => {
  it('eth_chainId is the genesis chainId', async () => {
    const r = await rpc(devnet().rpcUrl, 'eth_chainId')
    expect(r.body).toBe('{"jsonrpc":"2.0","id":1,"result":"0x1869f"}\n')
    expect(devnet().chainId).toBe(99999n)
    expect(devnet().chainSpec.chainId).toBe(99999n)
    await same('eth_chainId')
    await same('net_version')
  })

  it('genesis alloc balances are applied', async () => {
    const r = await rpc(devnet().rpcUrl, 'eth_getBalance', `["${ewoq}","latest"]`)
    expect(r.body).toBe('{"jsonrpc":"2.0","id":1,"result":"0x52b7d2dcc80cd2e4000000"}\n')
    expect(BigInt((JSON.parse(r.body) as { result: string }).result)).toBe(0x52b7d2dcc80cd2e4000000n)
    const a = await same('eth_getBalance', `["${admin}","latest"]`)
    expect(BigInt(a.result as string)).toBeGreaterThan(0n)
  })

  it('eth_blockNumber and anvil_mine', async () => {
    const before = BigInt((await same('eth_blockNumber')).result as string)
    const mined = await rpc(devnet().rpcUrl, 'anvil_mine', '["0x3"]')
    expect(mined.body).toBe('{"jsonrpc":"2.0","id":1,"result":null}\n')
    const after = BigInt((await same('eth_blockNumber')).result as string)
    expect(after).toBe(before + 3n)
    // A block is anvil's, but for a node's header fields: extraData (the 80-byte fee window a Subnet-EVM header starts
    // with), difficulty 1, a zero mixHash, totalDifficulty the number, no withdrawals, blockGasCost (0 from Granite,
    // test/devnet/block-gas-cost.test.ts) and Granite's timestampMilliseconds and minDelayExcess
    // (test/devnet/block-header.test.ts); its keys sorted, as a node writes a Go map.
    const { rpcUrl, anvilUrl } = devnet()
    const d = await rpc(rpcUrl, 'eth_getBlockByNumber', '["latest",true]', '"q"')
    const a = await rpc(anvilUrl, 'eth_getBlockByNumber', '["latest",true]', '"q"')
    const ours = (JSON.parse(d.body) as { result: Record<string, unknown> }).result
    const { withdrawals: _, withdrawalsRoot: __, ...anvils } = (JSON.parse(a.body) as { result: Record<string, string> }).result
    // ...then, from Durango, the block's predicate results (miner/worker.go `commit`): none, 6 bytes.
    expect(ours.extraData).toMatch(/^0x[0-9a-f]{160}000000000000$/)
    expect(ours).toEqual({
      ...anvils,
      extraData: ours.extraData,
      difficulty: '0x1',
      mixHash: `0x${'0'.repeat(64)}`,
      totalDifficulty: anvils.number,
      blockGasCost: '0x0',
      timestampMilliseconds: `0x${(BigInt(anvils.timestamp!) * 1000n).toString(16)}`,
      minDelayExcess: '0x799d4c',
    })
    expect(Object.keys(ours)).toEqual(Object.keys(ours).sort())
    expect(d.body.startsWith('{"jsonrpc":"2.0","id":"q","result":{"baseFeePerGas":')).toBe(true)
  })

  it('a transaction sent from the first dev account is mined, with the same receipt seen through both', async () => {
    const { rpcUrl } = devnet()
    const balance = BigInt((await same('eth_getBalance', `["${ewoq}","latest"]`)).result as string)
    const sent = await rpc(rpcUrl, 'eth_sendTransaction', `[{"from":"${admin}","to":"${ewoq}","value":"0x2a"}]`)
    expect(sent.body).toMatch(/^\{"jsonrpc":"2.0","id":1,"result":"0x[0-9a-f]{64}"\}\n$/)
    const hash = (JSON.parse(sent.body) as { result: string }).result
    // The receipt as anvil has it, written as a node's marshalReceipt: the node's fields, keys sorted.
    const receipts = await Promise.all(
      [devnet().rpcUrl, devnet().anvilUrl].map(
        async (url) =>
          (JSON.parse((await rpc(url, 'eth_getTransactionReceipt', `["${hash}"]`)).body) as { result: Record<string, unknown> }).result,
      ),
    )
    const [receipt, anvilReceipt] = receipts as [Record<string, string>, Record<string, unknown>]
    expect(Object.keys(receipt)).toEqual(
      ['blockHash', 'blockNumber', 'contractAddress', 'cumulativeGasUsed', 'effectiveGasPrice', 'from', 'gasUsed', 'logs'].concat([
        'logsBloom',
        'status',
        'to',
        'transactionHash',
        'transactionIndex',
        'type',
      ]),
    )
    for (const [k, v] of Object.entries(receipt)) expect(v, k).toEqual(anvilReceipt[k])
    expect(receipt.status).toBe('0x1')
    expect(receipt.from).toBe(admin)
    expect(receipt.to).toBe(ewoq)
    // The transaction as anvil has it, written as a node's RPCTransaction (test/devnet/block-header.test.ts).
    const { rpcUrl: url, anvilUrl } = devnet()
    const ours = JSON.parse((await rpc(url, 'eth_getTransactionByHash', `["${hash}"]`)).body) as { result: Record<string, unknown> }
    const { blockTimestamp: _, ...anvils } = (
      JSON.parse((await rpc(anvilUrl, 'eth_getTransactionByHash', `["${hash}"]`)).body) as {
        result: Record<string, unknown>
      }
    ).result
    expect(ours.result).toEqual(anvils)
    expect(BigInt((await same('eth_getBalance', `["${ewoq}","latest"]`)).result as string)).toBe(balance + 42n)
    await same('eth_getTransactionCount', `["${admin}","latest"]`)
  })

  it('eth_call and eth_estimateGas answer as anvil does; eth_gasPrice is the next base fee (eth_baseFee) plus the tip', async () => {
    await same('eth_call', `[{"to":"${ewoq}","data":"0x"},"latest"]`)
    await same('eth_estimateGas', `[{"from":"${admin}","to":"${ewoq}","value":"0x1"}]`)
    const baseFee = BigInt((JSON.parse((await rpc(devnet().rpcUrl, 'eth_baseFee')).body) as { result: string }).result)
    // The node's tip oracle, not anvil's (test/devnet/tip-oracle.test.ts).
    const tip = BigInt((JSON.parse((await rpc(devnet().rpcUrl, 'eth_maxPriorityFeePerGas')).body) as { result: string }).result)
    const gasPrice = BigInt((JSON.parse((await rpc(devnet().rpcUrl, 'eth_gasPrice')).body) as { result: string }).result)
    expect(gasPrice).toBe(baseFee + tip)
    expect(baseFee).toBeGreaterThanOrEqual(devnet().chainSpec.feeConfig.minBaseFee!)
  })

  it("anvil's errors pass through unchanged (where the devnet does not decode the arguments first)", async () => {
    // eth_getBalance, eth_getTransactionByHash & co. get the node's argument texts instead (test/devnet/forwarded-args.test.ts).
    const e = await same('eth_getProof', '["0xzz",[],"latest"]')
    expect(e.error).toBeDefined()
    await same('eth_getTransactionReceipt', `["0x${'00'.repeat(32)}"]`)
  })

  it('forwarded reads and writes in one batch run in order', async () => {
    const { rpcUrl } = devnet()
    const n = BigInt((await same('eth_blockNumber')).result as string)
    const hex = (k: bigint) => `"0x${k.toString(16)}"`
    const calls = ['eth_blockNumber', 'eth_chainId', 'evm_mine', 'eth_blockNumber', 'anvil_mine', 'eth_blockNumber']
    const body = `[${calls.map((m, i) => `{"jsonrpc":"2.0","id":${i},"method":"${m}","params":[]}`).join(',')}]`
    const r = await (await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text()
    const results = [hex(n), '"0x1869f"', '"0x0"', hex(n + 1n), 'null', hex(n + 2n)]
    expect(r).toBe(`[${results.map((x, i) => `{"jsonrpc":"2.0","id":${i},"result":${x}}`).join(',')}]\n`)
  })

  it('a forwarded call inside a batch keeps its place and its own id', async () => {
    const { rpcUrl } = devnet()
    const r = await rpc(rpcUrl, 'eth_chainId')
    const batch = await (
      await fetch(rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '[{"jsonrpc":"2.0","id":"x","method":"eth_chainId"},{"jsonrpc":"2.0","id":"y","method":"rpc_modules"},{"jsonrpc":"2.0","id":"z","method":"eth_chainId"}]',
      })
    ).text()
    expect(r.body).toBe('{"jsonrpc":"2.0","id":1,"result":"0x1869f"}\n')
    expect(batch).toBe(
      '[{"jsonrpc":"2.0","id":"x","result":"0x1869f"},{"jsonrpc":"2.0","id":"y","result":{"eth":"1.0","net":"1.0","rpc":"1.0","warp":"1.0","web3":"1.0"}},{"jsonrpc":"2.0","id":"z","result":"0x1869f"}]\n',
    )
  })
})
