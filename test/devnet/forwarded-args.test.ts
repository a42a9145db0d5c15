/**
 * The methods the devnet forwards to anvil take their arguments as a node decodes them
 * (internal/ethapi `GetBalance`, `GetTransactionCount`, `GetCode`, `GetStorageAt`, the reads by hash and by block number
 * and index, `Call`, `EstimateGas`, `CreateAccessList`, `SendRawTransaction`; graft/evm/rpc `parsePositionalArguments`,
 * libevm hexutil, encoding/json): a malformed call gets the node's text, not anvil's
 * (`invalid length 1, expected tuple variant EthRequest::EthGetBalance with 2 elements`, `odd number of digits`).
 * Real devnet, real anvil.
 */
import { describe, expect, it } from 'vitest'
import { post, rpc, useDevnet } from '../helpers/devnet.js'

const devnet = useDevnet({ seed: 'forwarded-args' })
const admin = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

const call = async (method: string, params: unknown[]) =>
  (JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as { result?: unknown }).result
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

  it('reads by block number or hash and index: rpc.BlockNumber, common.Hash and hexutil.Uint, the first bad argument first', async () => {
    const hash = `0x${'11'.repeat(32)}`
    const cases: [string, unknown[], string][] = [
      ['eth_getTransactionByBlockNumberAndIndex', ['0x0'], 'missing value for required argument 1'],
      ['eth_getTransactionByBlockNumberAndIndex', ['zz'], 'invalid argument 0: hex string without 0x prefix'],
      [
        'eth_getTransactionByBlockNumberAndIndex',
        ['0x0', 1],
        'invalid argument 1: json: cannot unmarshal non-string into Go value of type hexutil.Uint',
      ],
      [
        'eth_getRawTransactionByBlockNumberAndIndex',
        ['latest', '0x00'],
        'invalid argument 1: json: cannot unmarshal hex number with leading zero digits into Go value of type hexutil.Uint',
      ],
      [
        'eth_getUncleByBlockNumberAndIndex',
        ['latest', `0x1${'0'.repeat(16)}`],
        'invalid argument 1: json: cannot unmarshal hex number > 64 bits into Go value of type hexutil.Uint',
      ],
      ['eth_getBlockTransactionCountByNumber', [], 'missing value for required argument 0'],
      // A JSON null reaches rpc.BlockNumber's UnmarshalJSON, which reads it as text.
      ['eth_getBlockTransactionCountByNumber', [null], 'invalid argument 0: hex string without 0x prefix'],
      ['eth_getUncleCountByBlockNumber', ['0x1', 2], 'too many arguments, want at most 1'],
      ['eth_getTransactionByBlockHashAndIndex', ['0x12', '0x0'], 'invalid argument 0: hex string has length 2, want 64 for common.Hash'],
      [
        'eth_getRawTransactionByBlockHashAndIndex',
        [hash, 'x'],
        'invalid argument 1: json: cannot unmarshal hex string without 0x prefix into Go value of type hexutil.Uint',
      ],
      ['eth_getUncleByBlockHashAndIndex', [hash], 'missing value for required argument 1'],
      ['eth_getUncleCountByBlockHash', [], 'missing value for required argument 0'],
    ]
    for (const [method, params, message] of cases)
      expect(await errorOf(method, params), `${method} ${JSON.stringify(params)}`).toEqual({ code: -32602, message })
  })

  it('eth_call, eth_estimateGas, eth_createAccessList: TransactionArgs as encoding/json decodes it (access list tuples included), then the block', async () => {
    const field = (value: string, name: string, type: string) =>
      `invalid argument 0: json: cannot unmarshal ${value} into Go struct field TransactionArgs.${name} of type ${type}`
    const cases: [string, unknown[], string][] = [
      ['eth_call', [], 'missing value for required argument 0'],
      ['eth_call', ['0x1'], 'invalid argument 0: json: cannot unmarshal string into Go value of type ethapi.TransactionArgs'],
      ['eth_call', [[]], 'invalid argument 0: json: cannot unmarshal array into Go value of type ethapi.TransactionArgs'],
      ['eth_call', [{ to: '0x123' }], field('hex string of odd length', 'to', 'common.Address')],
      ['eth_call', [{ to: '0x12' }], 'invalid argument 0: hex string has length 2, want 40 for common.Address'],
      ['eth_call', [{ from: 5 }], field('non-string', 'from', 'common.Address')],
      ['eth_call', [{ value: 5 }], field('non-string', 'value', '*hexutil.Big')],
      ['eth_call', [{ gas: '0x01' }], field('hex number with leading zero digits', 'gas', 'hexutil.Uint64')],
      ['eth_call', [{ nonce: `0x1${'0'.repeat(16)}` }], field('hex number > 64 bits', 'nonce', 'hexutil.Uint64')],
      ['eth_call', [{ maxFeePerGas: `0x1${'0'.repeat(64)}` }], field('hex number > 256 bits', 'maxFeePerGas', '*hexutil.Big')],
      ['eth_call', [{ gasPrice: '0x' }], field('hex string "0x"', 'gasPrice', '*hexutil.Big')],
      ['eth_call', [{ data: '0xzz' }], field('invalid hex string', 'data', 'hexutil.Bytes')],
      ['eth_call', [{ input: '12' }], field('hex string without 0x prefix', 'input', 'hexutil.Bytes')],
      // Keys match fields case-insensitively; the first bad member in the object ends the decode.
      ['eth_call', [{ DATA: '0x1' }], field('hex string of odd length', 'data', 'hexutil.Bytes')],
      ['eth_call', [{ value: 'x', to: '0x1' }], field('hex string without 0x prefix', 'value', '*hexutil.Big')],
      ['eth_call', [{ to: null, unknown: 5 }, 'bogus'], 'invalid argument 1: hex string without 0x prefix'],
      ['eth_call', [{}, 'latest', {}, {}, 1], 'too many arguments, want at most 4'],
      ['eth_estimateGas', [{ chainId: 5 }], field('non-string', 'chainId', '*hexutil.Big')],
      ['eth_estimateGas', [{}, 'latest', {}, 1], 'too many arguments, want at most 3'],
      ['eth_createAccessList', [{}, 'latest', {}], 'too many arguments, want at most 2'],
      // An access list tuple's generated decoder (core/types/gen_access_tuple.go), as for every TransactionArgs.
      [
        'eth_call',
        [{ to: admin, accessList: [{ address: admin }] }],
        "invalid argument 0: missing required field 'storageKeys' for AccessTuple",
      ],
      [
        'eth_estimateGas',
        [{ to: admin, accessList: [{ storageKeys: [] }] }],
        "invalid argument 0: missing required field 'address' for AccessTuple",
      ],
      ['eth_createAccessList', [{ to: admin, accessList: [null] }], "invalid argument 0: missing required field 'address' for AccessTuple"],
    ]
    for (const [method, params, message] of cases)
      expect(await errorOf(method, params), `${method} ${JSON.stringify(params)}`).toEqual({ code: -32602, message })
    // A block that names neither block nor hash; a missing or null one is latest.
    for (const method of ['eth_call', 'eth_estimateGas', 'eth_createAccessList'])
      expect(await errorOf(method, [{ to: admin }, {}]), method).toEqual({
        code: -32000,
        message: 'invalid arguments; neither block nor hash specified',
      })
    for (const params of [[{ to: admin }], [{ to: admin }, null], [{ to: admin, data: '0x', input: '0x' }, 'latest']])
      expect(await errorOf('eth_call', params), JSON.stringify(params)).toBeUndefined()
  })

  it('a simulation without a block (or with null) runs at the latest block, as a node’s; anvil would take its pending one', async () => {
    const latest = (await call('eth_getBlockByNumber', ['latest', false])) as { timestamp: string }
    const t = BigInt(latest.timestamp) + 1000n
    // Init code that stops before time t and fails (INVALID) from it: TIMESTAMP < t ? STOP : INVALID.
    const data = `0x63${t.toString(16).padStart(8, '0')}4210600b57fe5b00`
    // anvil's pending block would be at t + 1000, past t.
    expect((await rpc(devnet().rpcUrl, 'evm_setNextBlockTimestamp', `[${t + 1000n}]`)).status).toBe(200)
    for (const params of [[{ data }], [{ data }, null]]) {
      expect(await errorOf('eth_estimateGas', params), JSON.stringify(params)).toBeUndefined()
      expect(await errorOf('eth_createAccessList', params), JSON.stringify(params)).toBeUndefined()
      expect(await errorOf('eth_call', params), JSON.stringify(params)).toBeUndefined()
    }
    expect(await errorOf('eth_estimateGas', [{ data }, 'pending'])).toBeUndefined()
  })

  it('eth_sendRawTransaction: hexutil.Bytes, then a transaction envelope libevm knows (-32000)', async () => {
    const cases: [unknown[], number, string][] = [
      [[], -32602, 'missing value for required argument 0'],
      [[5], -32602, 'invalid argument 0: json: cannot unmarshal non-string into Go value of type hexutil.Bytes'],
      [['0x123'], -32602, 'invalid argument 0: json: cannot unmarshal hex string of odd length into Go value of type hexutil.Bytes'],
      [['0x'], -32000, 'typed transaction too short'],
      [['0x02'], -32000, 'typed transaction too short'],
      [['0x1234'], -32000, 'transaction type not supported'],
      // EIP-7702 (type 4) is past libevm's transaction types.
      [['0x04c0'], -32000, 'transaction type not supported'],
    ]
    for (const [params, code, message] of cases)
      expect(await errorOf('eth_sendRawTransaction', params), JSON.stringify(params)).toEqual({ code, message })
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
