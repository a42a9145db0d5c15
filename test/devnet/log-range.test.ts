/**
 * The chain config's `api-max-blocks-per-request` on the devnet (`apiMaxBlocksPerRequest`), as
 * subnet-evm applies it: `Filter.Logs` (`eth/filters/filter.go`) refuses a range whose resolved
 * `end - begin` is at least the maximum, with -32000 `requested too many blocks from <begin> to
 * <end>, maximum is set to <max>`; eth_getLogs and eth_getFilterLogs run it (`eth/filters/api.go`),
 * a `blockHash` filter, eth_newFilter and eth_getFilterChanges are not limited. Exact bodies, over
 * real HTTP, on a devnet with a maximum of 3 and on one without (the node's default, 0).
 */
import { describe, expect, it } from 'vitest'
import { startDevnet } from '../../packages/devnet/src/index.js'
import { post, rpc, useDevnet } from '../helpers/devnet.js'

const limited = useDevnet({ seed: 'log-range-3', apiMaxBlocksPerRequest: 3 })
const unlimited = useDevnet({ seed: 'log-range-default' })

const refusal = (from: number, to: number, id = '1') =>
  `{"jsonrpc":"2.0","id":${id},"error":{"code":-32000,"message":"requested too many blocks from ${from} to ${to}, maximum is set to 3"}}\n`
const getLogs = (url: string, criteria: object | string) =>
  rpc(url, 'eth_getLogs', `[${typeof criteria === 'string' ? criteria : JSON.stringify(criteria)}]`)
const result = (body: string) => (JSON.parse(body) as { result?: unknown }).result
const head = async (url: string) => Number(result((await rpc(url, 'eth_blockNumber', '[]')).body))

describe('a devnet with apiMaxBlocksPerRequest: 3', () => {
  const url = () => limited().rpcUrl

  it('mines to block 10 for the ranges below', async () => {
    await rpc(url(), 'anvil_mine', '["0xa"]')
    expect(await head(url())).toBe(10)
  })

  it('eth_getLogs of 4 blocks or more: the node’s refusal, exactly; of 3 or fewer: the logs', async () => {
    const r = await getLogs(url(), { fromBlock: '0x0', toBlock: '0xa' })
    expect(r.status).toBe(200)
    expect(r.body).toBe(refusal(0, 10))
    expect((await getLogs(url(), { fromBlock: '0x2', toBlock: '0x5' })).body).toBe(refusal(2, 5))
    expect((await getLogs(url(), { fromBlock: '0x2', toBlock: '0x4' })).body).toBe('{"jsonrpc":"2.0","id":1,"result":[]}\n')
    expect((await getLogs(url(), { fromBlock: '0x7', toBlock: '0x7' })).body).toBe('{"jsonrpc":"2.0","id":1,"result":[]}\n')
  })

  it('tags resolve to the last accepted block (the head) and earliest to 0 before the check', async () => {
    expect((await getLogs(url(), { fromBlock: 'earliest' })).body).toBe(refusal(0, 10))
    expect((await getLogs(url(), { fromBlock: '0x1', toBlock: 'latest' })).body).toBe(refusal(1, 10))
    for (const tag of ['pending', 'finalized', 'accepted', 'safe'])
      expect((await getLogs(url(), { fromBlock: '0x6', toBlock: tag })).body, tag).toBe(refusal(6, 10))
    expect((await getLogs(url(), { fromBlock: 'safe', toBlock: 'latest' })).body).toBe('{"jsonrpc":"2.0","id":1,"result":[]}\n')
    expect((await getLogs(url(), { fromBlock: '0x8' })).body).toBe('{"jsonrpc":"2.0","id":1,"result":[]}\n')
    // Go's field names fold case, as encoding/json's do; the last of two keys wins.
    expect((await getLogs(url(), '{"FROMBLOCK":"0x0","toblock":"0x9"}')).body).toBe(refusal(0, 9))
    expect((await getLogs(url(), '{"fromBlock":"0x0","fromBlock":"0x8"}')).body).toBe('{"jsonrpc":"2.0","id":1,"result":[]}\n')
  })

  it('a blockHash filter is not limited; criteria the node refuses earlier are not the range refusal', async () => {
    const hash = (result((await rpc(url(), 'eth_getBlockByNumber', '["0x5",false]')).body) as { hash: string }).hash
    expect((await getLogs(url(), { blockHash: hash })).body).toBe('{"jsonrpc":"2.0","id":1,"result":[]}\n')
    // A bad address, five topics, a begin after the end, a block after the head: refused by the node for
    // their own reasons before the range check, so the devnet passes them to anvil as it always did.
    for (const criteria of [
      { fromBlock: '0x0', toBlock: '0xa', address: '0x1234' },
      { fromBlock: '0x0', toBlock: '0xa', topics: [null, null, null, null, null] },
      { fromBlock: '0x9', toBlock: '0x1' },
      { fromBlock: '0x0', toBlock: '0x64' },
    ])
      expect((await getLogs(url(), criteria)).body, JSON.stringify(criteria)).not.toContain('requested too many blocks')
  })

  it('eth_newFilter takes any range; eth_getFilterLogs refuses a long one; eth_getFilterChanges drains it', async () => {
    const wide = result((await rpc(url(), 'eth_newFilter', '[{"fromBlock":"0x1"}]')).body) as string
    expect(wide).toMatch(/^0x[0-9a-f]+$/)
    expect((await rpc(url(), 'eth_getFilterLogs', JSON.stringify([wide]))).body).toBe(refusal(1, 10))
    expect(result((await rpc(url(), 'eth_getFilterChanges', JSON.stringify([wide]))).body)).toEqual([])
    const narrow = result((await rpc(url(), 'eth_newFilter', '[{"fromBlock":"0x8","toBlock":"0xa"}]')).body) as string
    expect((await rpc(url(), 'eth_getFilterLogs', JSON.stringify([narrow]))).body).toBe('{"jsonrpc":"2.0","id":1,"result":[]}\n')
    // Uninstalled: whatever anvil says of an unknown filter, not the range refusal.
    expect(result((await rpc(url(), 'eth_uninstallFilter', JSON.stringify([wide]))).body)).toBe(true)
    expect((await rpc(url(), 'eth_getFilterLogs', JSON.stringify([wide]))).body).not.toContain('requested too many blocks')
  })

  it('in a batch each call sees the head as it is when it runs', async () => {
    const start = await head(url())
    const r = await post(
      url(),
      JSON.stringify([
        { jsonrpc: '2.0', id: 1, method: 'eth_getLogs', params: [{ fromBlock: `0x${(start - 2).toString(16)}` }] },
        { jsonrpc: '2.0', id: 2, method: 'evm_mine', params: [] },
        { jsonrpc: '2.0', id: 3, method: 'eth_getLogs', params: [{ fromBlock: `0x${(start - 2).toString(16)}` }] },
        { jsonrpc: '2.0', id: 4, method: 'eth_blockNumber', params: [] },
      ]),
    )
    expect(r.body).toBe(
      `[{"jsonrpc":"2.0","id":1,"result":[]},{"jsonrpc":"2.0","id":2,"result":"0x0"},${refusal(start - 2, start + 1, '3').trim()},` +
        `{"jsonrpc":"2.0","id":4,"result":"0x${(start + 1).toString(16)}"}]\n`,
    )
  })
})

describe('the default devnet (the node’s default, 0): no limit', () => {
  it('eth_getLogs and eth_getFilterLogs from block 0', async () => {
    const url = unlimited().rpcUrl
    await rpc(url, 'anvil_mine', '["0x10"]')
    expect((await getLogs(url, { fromBlock: 'earliest' })).body).toBe('{"jsonrpc":"2.0","id":1,"result":[]}\n')
    const id = result((await rpc(url, 'eth_newFilter', '[{"fromBlock":"0x0"}]')).body) as string
    expect((await rpc(url, 'eth_getFilterLogs', JSON.stringify([id]))).body).toBe('{"jsonrpc":"2.0","id":1,"result":[]}\n')
  })
})

it('startDevnet refuses an apiMaxBlocksPerRequest that is not an integer', async () => {
  await expect(startDevnet({ apiMaxBlocksPerRequest: 1.5 })).rejects.toThrow('apiMaxBlocksPerRequest must be an integer, got 1.5')
})
