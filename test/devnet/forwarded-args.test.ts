/**
 * The state reads the devnet forwards to anvil take their arguments as a node decodes them
 * (internal/ethapi `GetBalance`, `GetTransactionCount`, `GetCode`, `GetStorageAt`, the reads by hash, graft/evm/rpc
 * `parsePositionalArguments`, hexutil): a malformed call gets the node's text, not anvil's
 * (`invalid length 1, expected tuple variant EthRequest::EthGetBalance with 2 elements`).
 * Real devnet, real anvil.
 */
import { describe, expect, it } from 'vitest'
import { post, rpc, useDevnet } from '../helpers/devnet.js'

const devnet = useDevnet({ seed: 'forwarded-args' })
const admin = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

const errorOf = async (method: string, params: unknown[]) =>
  (JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as { error?: { code: number; message: string } }).error

describe('forwarded reads: the node’s argument errors', () => {
  it('-32602 texts of parsePositionalArguments, common.Address, string and BlockNumberOrHash', async () => {
    const cases: [string, unknown[], string][] = [
      ['eth_getBalance', [admin], 'missing value for required argument 1'],
      ['eth_getBalance', [admin, 'latest', 1], 'too many arguments, want at most 2'],
      ['eth_getBalance', ['0x12', 'latest'], 'invalid argument 0: hex string has length 2, want 40 for common.Address'],
      ['eth_getBalance', [5, 'latest'], 'invalid argument 0: json: cannot unmarshal non-string into Go value of type common.Address'],
      [
        'eth_getBalance',
        [admin.slice(2), 'latest'],
        'invalid argument 0: json: cannot unmarshal hex string without 0x prefix into Go value of type common.Address',
      ],
      ['eth_getBalance', [admin, '0x'], 'invalid argument 1: hex string "0x"'],
      ['eth_getTransactionCount', [admin], 'missing value for required argument 1'],
      ['eth_getCode', [], 'missing value for required argument 0'],
      ['eth_getStorageAt', [admin, 5, 'latest'], 'invalid argument 1: json: cannot unmarshal number into Go value of type string'],
      ['eth_getStorageAt', [admin, '0x0'], 'missing value for required argument 2'],
      ['eth_getTransactionByHash', [], 'missing value for required argument 0'],
      ['eth_getTransactionByHash', ['0x12'], 'invalid argument 0: hex string has length 2, want 64 for common.Hash'],
      ['eth_getTransactionReceipt', [5], 'invalid argument 0: json: cannot unmarshal non-string into Go value of type common.Hash'],
      ['eth_getBlockTransactionCountByHash', [`0x${'11'.repeat(32)}`, 1], 'too many arguments, want at most 1'],
    ]
    for (const [method, params, message] of cases)
      expect(await errorOf(method, params), `${method} ${JSON.stringify(params)}`).toEqual({ code: -32602, message })
  })

  it('a block argument that names neither block nor hash (null, {}) is the backend’s -32000', async () => {
    for (const block of [null, {}])
      expect(await errorOf('eth_getBalance', [admin, block])).toEqual({
        code: -32000,
        message: 'invalid arguments; neither block nor hash specified',
      })
  })

  it('well-formed reads still go to anvil, and a batch answers each call in its place', async () => {
    const body = JSON.stringify([
      { jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: [admin] },
      { jsonrpc: '2.0', id: 2, method: 'eth_getBalance', params: [admin, 'latest'] },
      { jsonrpc: '2.0', id: 3, method: 'eth_getTransactionCount', params: [admin, 'latest'] },
    ])
    const replies = JSON.parse((await post(devnet().rpcUrl, body)).body) as { id: number; result?: string; error?: { message: string } }[]
    expect(replies.map((r) => r.id)).toEqual([1, 2, 3])
    expect(replies[0]!.error?.message).toBe('missing value for required argument 1')
    expect(BigInt(replies[1]!.result!)).toBeGreaterThan(0n)
    expect(replies[2]!.result).toMatch(/^0x[0-9a-f]+$/)
  })
})
