/**
 * Block replies have a node's header fields (internal/ethapi `RPCMarshalHeader`, `RPCMarshalBlock`,
 * `rpcMarshalBlock`): difficulty 1 after genesis and `totalDifficulty` the block number, no withdrawals, and from
 * Granite `timestampMilliseconds` (the time in ms) and `minDelayExcess` (ACP-226: `InitialDelayExcess`, or
 * `DesiredDelayExcess(initialMinDelayMS)` when Granite is active at genesis, carried from block to block by a node
 * without `min-delay-target`). Real devnet, real anvil.
 */
import { describe, expect, it } from 'vitest'
import { rpc, testGenesis, testGenesisTime, useDevnet } from '../helpers/devnet.js'

const T0 = testGenesisTime
const genesis = (config: Record<string, unknown>) => testGenesis({ chainId: 4330, ...config })
const hex = (n: number | bigint) => `0x${n.toString(16)}`
/** acp226.InitialDelayExcess; DesiredDelayExcess(500) (vms/evm/acp226 tests). */
const initialDelayExcess = 7_970_124
const excessOf500ms = 6_516_490

type Block = Record<string, unknown> & { number: string; timestamp: string }

function chain(devnet: () => { rpcUrl: string }) {
  const reply = async (method: string, params: unknown[]) =>
    JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body) as {
      result?: unknown
      error?: { code: number; message: string }
    }
  const call = async (method: string, params: unknown[]) => (await reply(method, params)).result
  return {
    reply,
    raw: async (method: string, params: unknown[]) => (await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body,
    mineAt: (t: number) => call('evm_mine', [t]),
    block: async (tag: string) => (await call('eth_getBlockByNumber', [tag, false])) as Block,
    byHash: async (hash: string) => (await call('eth_getBlockByHash', [hash, true])) as Block,
  }
}

function expectNodeShape(block: Block) {
  expect(block).not.toHaveProperty('withdrawals')
  expect(block).not.toHaveProperty('withdrawalsRoot')
  expect(block.totalDifficulty).toBe(block.number)
  expect(block.difficulty).toBe(BigInt(block.number) === 0n ? '0x0' : '0x1')
  // wrapped_block.go refuses a block whose MixDigest is not zero.
  expect(block.mixHash).toBe(`0x${'0'.repeat(64)}`)
}

describe('Granite active at genesis, with the default excess', () => {
  const devnet = useDevnet({ genesis: genesis({}) })
  const { mineAt, block, byHash } = chain(devnet)

  it('every block, genesis included, has the time in ms and InitialDelayExcess', async () => {
    await mineAt(T0 + 1)
    await mineAt(T0 + 3)
    for (const tag of ['0x0', '0x1', 'latest']) {
      const b = await block(tag)
      expectNodeShape(b)
      expect(b.timestampMilliseconds, tag).toBe(hex(BigInt(b.timestamp) * 1000n))
      expect(b.minDelayExcess, tag).toBe(hex(initialDelayExcess))
    }
    // By hash and with full transactions, the same header.
    const latest = await block('latest')
    const full = await byHash(latest.hash as string)
    expect({ ...full, transactions: [] }).toEqual({ ...latest, transactions: [] })
  })
})

describe('eth_getHeaderByNumber, eth_getHeaderByHash and the block tags (internal/ethapi GetHeaderBy*, eth/api_backend.go)', () => {
  const devnet = useDevnet({ genesis: genesis({}) })
  const { mineAt, block, reply, raw } = chain(devnet)
  const headerOf = (b: Block) => {
    const { size: _, transactions: __, uncles: ___, ...header } = b
    return header
  }

  it('a header is the block without size, transactions and uncles, its keys sorted as a Go map writes them', async () => {
    await mineAt(T0 + 1)
    await mineAt(T0 + 2)
    const latest = await block('latest')
    for (const tag of ['latest', 'pending', 'accepted', 'finalized', 'safe', latest.number]) {
      const { result } = await reply('eth_getHeaderByNumber', [tag])
      expect(result, tag).toEqual(headerOf(latest))
    }
    expect((await reply('eth_getHeaderByNumber', ['earliest'])).result).toEqual(headerOf(await block('0x0')))
    expect((await reply('eth_getHeaderByHash', [latest.hash])).result).toEqual(headerOf(latest))
    const text = await raw('eth_getHeaderByHash', [latest.hash])
    const keys = [...text.matchAll(/"([A-Za-z]+)":/g)].map((m) => m[1]!).filter((k) => !['jsonrpc', 'id', 'result'].includes(k))
    expect(keys).toEqual([...keys].sort())
    expect(keys).toContain('timestampMilliseconds')
  })

  it('full transactions have RPCTransaction’s fields in its order (anvil’s blockTimestamp left out)', async () => {
    const from = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
    await reply('eth_sendTransaction', [{ from, to: '0x70997970c51812dc3a010c7d01d50e0e4f9a3f3e', value: '0x1' }])
    const text = await raw('eth_getBlockByNumber', ['latest', true])
    const tx = text.slice(text.indexOf('"transactions":[{') + 16, text.indexOf('}]'))
    const keys = [...tx.matchAll(/"([A-Za-z]+)":/g)].map((m) => m[1])
    // The same transaction alone (eth_getTransactionByHash, …ByBlockNumberAndIndex) has the same fields in the same order.
    const hash = /"hash":"(0x[0-9a-f]{64})"/.exec(tx)![1]!
    for (const [method, params] of [
      ['eth_getTransactionByHash', [hash]],
      ['eth_getTransactionByBlockNumberAndIndex', ['latest', '0x0']],
    ] as const) {
      const alone = await raw(method, [...params])
      expect(alone, method).toContain(`"result":${tx}}`)
    }
    expect(keys).toEqual([
      ...['blockHash', 'blockNumber', 'from', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'hash', 'input', 'nonce'],
      ...['to', 'transactionIndex', 'value', 'type', 'accessList', 'chainId', 'v', 'r', 's', 'yParity'],
    ])
  })

  it('pending is the last accepted block for eth_getBlockByNumber too (a node has no pending block); a null fullTx is false', async () => {
    expect(await block('pending')).toEqual(await block('latest'))
    expect((await reply('eth_getBlockByNumber', ['latest', null])).result).toEqual(await block('latest'))
    expect((await reply('eth_getBlockTransactionCountByNumber', ['pending'])).result).toBe(
      (await reply('eth_getBlockTransactionCountByNumber', ['latest'])).result,
    )
  })

  it('a number past the last accepted block: the node’s error for blocks and headers; an unknown hash: null', async () => {
    const next = hex(BigInt((await block('latest')).number) + 1n)
    const unfinalized = { code: -32000, message: 'cannot query unfinalized data' }
    expect((await reply('eth_getBlockByNumber', [next, false])).error).toEqual(unfinalized)
    expect((await reply('eth_getHeaderByNumber', [next])).error).toEqual(unfinalized)
    expect(await reply('eth_getHeaderByHash', [`0x${'11'.repeat(32)}`])).toMatchObject({ result: null })
  })

  it('bad arguments get the node’s -32602 texts', async () => {
    const cases: [string, unknown[], string][] = [
      ['eth_getHeaderByNumber', [], 'missing value for required argument 0'],
      ['eth_getHeaderByNumber', ['latest', true], 'too many arguments, want at most 1'],
      ['eth_getHeaderByNumber', [1], 'invalid argument 0: hex string without 0x prefix'],
      ['eth_getHeaderByNumber', ['0x01'], 'invalid argument 0: hex number with leading zero digits'],
      ['eth_getBlockByNumber', ['latest'], 'missing value for required argument 1'],
      ['eth_getBlockByNumber', ['latest', false, 1], 'too many arguments, want at most 2'],
      ['eth_getBlockByNumber', ['latest', 'yes'], 'invalid argument 1: json: cannot unmarshal string into Go value of type bool'],
      ['eth_getBlockByNumber', ['0x', false], 'invalid argument 0: hex string "0x"'],
      ['eth_getBlockByHash', ['0x12', false], 'invalid argument 0: hex string has length 2, want 64 for common.Hash'],
      ['eth_getBlockByHash', [`0x${'11'.repeat(32)}`], 'missing value for required argument 1'],
      ['eth_getHeaderByHash', [], 'missing value for required argument 0'],
      ['eth_getHeaderByHash', [5], 'invalid argument 0: json: cannot unmarshal non-string into Go value of type common.Hash'],
      ['eth_getHeaderByHash', [null], 'invalid argument 0: json: cannot unmarshal non-string into Go value of type common.Hash'],
      [
        'eth_getHeaderByHash',
        ['12'],
        'invalid argument 0: json: cannot unmarshal hex string without 0x prefix into Go value of type common.Hash',
      ],
      [
        'eth_getHeaderByHash',
        ['0x123'],
        'invalid argument 0: json: cannot unmarshal hex string of odd length into Go value of type common.Hash',
      ],
      ['eth_getHeaderByHash', ['0x12'], 'invalid argument 0: hex string has length 2, want 64 for common.Hash'],
      ['eth_getHeaderByHash', [''], 'invalid argument 0: hex string has length 0, want 64 for common.Hash'],
      [
        'eth_getHeaderByHash',
        [`0x${'zz'.repeat(32)}`],
        'invalid argument 0: json: cannot unmarshal invalid hex string into Go value of type common.Hash',
      ],
    ]
    for (const [method, params, message] of cases)
      expect((await reply(method, params)).error, `${method} ${JSON.stringify(params)}`).toEqual({ code: -32602, message })
  })
})

describe('Granite active at genesis, with initialMinDelayMS', () => {
  const devnet = useDevnet({ genesis: genesis({ initialMinDelayMS: 500 }) })
  const { mineAt, block } = chain(devnet)

  it('the genesis seeds the excess (DesiredDelayExcess(500)), and every block carries it', async () => {
    await mineAt(T0 + 2)
    for (const tag of ['0x0', 'latest']) expect((await block(tag)).minDelayExcess, tag).toBe(hex(excessOf500ms))
  })
})

describe('Granite after genesis', () => {
  const granite = T0 + 100
  // initialMinDelayMS only seeds a genesis that is already in Granite.
  const devnet = useDevnet({ genesis: genesis({ graniteTimestamp: granite, heliconTimestamp: granite, initialMinDelayMS: 500 }) })
  const { mineAt, block } = chain(devnet)

  it('no ACP-226 fields before it; from its first block, InitialDelayExcess', async () => {
    await mineAt(granite - 1)
    for (const tag of ['0x0', 'latest']) {
      const b = await block(tag)
      expectNodeShape(b)
      expect(b, tag).not.toHaveProperty('timestampMilliseconds')
      expect(b, tag).not.toHaveProperty('minDelayExcess')
    }
    await mineAt(granite)
    const first = await block('latest')
    expectNodeShape(first)
    expect(first.timestampMilliseconds).toBe(hex(BigInt(granite) * 1000n))
    expect(first.minDelayExcess).toBe(hex(initialDelayExcess))
  })
})

describe('receipts and logs as a node writes them (marshalReceipt, types.Log)', () => {
  const devnet = useDevnet({ seed: 'node-logs' })
  const { reply, raw } = chain(devnet)
  const logKeys = ['address', 'topics', 'data', 'blockNumber', 'transactionHash', 'transactionIndex', 'blockHash', 'logIndex', 'removed']
  const keysOf = (json: string) => [...json.matchAll(/"([A-Za-z]+)":/g)].map((m) => m[1])

  it('a receipt has the node’s fields with sorted keys, its logs and eth_getLogs’ logs types.Log’s fields in order', async () => {
    // The built-in L1's Tx Allow List: its admin (anvil's first account) enables another address, which emits RoleSet.
    const admin = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
    const data = `0x0aaf7043${'00'.repeat(12)}70997970c51812dc3a010c7d01d50e0e4f9a3f3e`
    const { result: hash } = await reply('eth_sendTransaction', [{ from: admin, to: '0x0200000000000000000000000000000000000002', data }])
    const receipt = await raw('eth_getTransactionReceipt', [hash])
    const top = JSON.parse(receipt).result as Record<string, unknown>
    expect(Object.keys(top)).toEqual(Object.keys(top).sort())
    const log = receipt.slice(receipt.indexOf('"logs":[{') + 8, receipt.indexOf('}]') + 1)
    expect(keysOf(log)).toEqual(logKeys)
    const logs = await raw('eth_getLogs', [{ fromBlock: top.blockNumber, toBlock: top.blockNumber }])
    expect(logs).toContain(`"result":[${log}]`)
    expect(logs).not.toContain('blockTimestamp')
  })
})

describe('sends arriving at once (they share blocks)', () => {
  const devnet = useDevnet({ genesis: genesis({}) })
  it('every block still has a time a node would give it: the header checks run on stop (test/helpers/devnet.ts)', async () => {
    const { rpcUrl } = devnet()
    // anvil's first dev accounts, unlocked in anvil: eth_sendTransaction signs for them.
    const senders = [
      '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      '0x70997970c51812dc3a010c7d01b50e0d17dc79c8',
      '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc',
      '0x90f79bf6eb2c4f870365e785982e1f101e93b906',
    ]
    for (let round = 0; round < 3; round++) {
      const replies = await Promise.all(
        senders.map((from) =>
          rpc(rpcUrl, 'eth_sendTransaction', JSON.stringify([{ from, to: '0x000000000000000000000000000000000000dEaD', value: '0x1' }])),
        ),
      )
      for (const r of replies) expect(JSON.parse(r.body), r.body).toHaveProperty('result')
    }
    // The sends of a round share blocks, as a node's builder takes every pending transaction: all 12 mined.
    const head = JSON.parse((await rpc(rpcUrl, 'eth_getBlockByNumber', '["latest", false]')).body).result as Block
    expect(BigInt(head.number)).toBeGreaterThanOrEqual(3n)
    const balance = JSON.parse((await rpc(rpcUrl, 'eth_getBalance', '["0x000000000000000000000000000000000000dEaD","latest"]')).body)
    expect(BigInt(balance.result)).toBe(12n)
  })
})
