/**
 * The L1's WebSocket endpoint `/ext/bc/<chain>/ws` (graft/evm/rpc websocket.go, handler.go, subscription.go;
 * graft/subnet-evm/eth/filters/api.go): the same answers as `/rpc`, the transport's own rules, and the
 * subscriptions (newHeads, logs, newAcceptedTransactions, newPendingTransactions) with the node's shapes and texts.
 * Real devnet, real anvil, real sockets; and viem's webSocket transport on top.
 */
import { WebSocketProvider } from 'ethers'
import { createPublicClient, webSocket } from 'viem'
import { afterEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { SubnetProviderMixin } from '../../src/ethers/index.js'
import { infoActions } from '../../src/viem/index.js'
import { rpc, useDevnet } from '../helpers/devnet.js'

const devnet = useDevnet()

/** A connection that collects every frame it receives. */
class Socket {
  readonly frames: string[] = []
  closed = false
  #waiters: (() => void)[] = []
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data: Buffer) => {
      this.frames.push(data.toString('utf8'))
      for (const w of this.#waiters.splice(0)) w()
    })
    ws.on('close', () => {
      this.closed = true
      for (const w of this.#waiters.splice(0)) w()
    })
  }
  static async open(url: string): Promise<Socket> {
    const ws = new WebSocket(url)
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve())
      ws.once('error', reject)
    })
    return new Socket(ws)
  }
  send(text: string) {
    this.ws.send(text)
  }
  /** Waits until `count` frames have come (or the socket closed), at most 5 s. */
  async waitFor(count: number): Promise<string[]> {
    const deadline = Date.now() + 5_000
    while (this.frames.length < count && !this.closed && Date.now() < deadline)
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve)
        setTimeout(resolve, 100)
      })
    return this.frames
  }
  /** Sends one call and resolves with its reply text. */
  async call(method: string, params: unknown[], id = 1): Promise<string> {
    const before = this.frames.length
    this.send(JSON.stringify({ jsonrpc: '2.0', id, method, params }))
    return (await this.waitFor(before + 1))[before]!
  }
  close() {
    this.ws.terminate()
  }
}

const sockets: Socket[] = []
const open = async (url = devnet().wsUrl) => {
  const s = await Socket.open(url)
  sockets.push(s)
  return s
}
afterEach(() => {
  for (const s of sockets.splice(0)) s.close()
})

const notifications = (s: Socket, id: string) =>
  s.frames.map((f) => JSON.parse(f)).filter((m) => m.method === 'eth_subscription' && m.params.subscription === id)
const subscribe = async (s: Socket, params: unknown[]) => JSON.parse(await s.call('eth_subscribe', params)).result as string
const chainCall = async (method: string, params: unknown[]) =>
  JSON.parse((await rpc(devnet().rpcUrl, method, JSON.stringify(params))).body).result
const until = async (check: () => boolean) => {
  const deadline = Date.now() + 5_000
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25))
}

describe('calls over the WebSocket', () => {
  it('answers each call and batch as /rpc answers the same body, one JSON value and a newline per frame', async () => {
    const s = await open()
    const calls: [string, string][] = [
      ['eth_chainId', '[]'],
      ['eth_feeConfig', '[]'],
      ['eth_getChainConfig', '[]'],
      ['eth_getActiveRulesAt', '[1700000000]'],
      ['eth_getBalance', '["0x0000000000000000000000000000000000000001"]'],
      ['eth_nope', '[]'],
    ]
    for (const [method, params] of calls) {
      const body = `{"jsonrpc":"2.0","id":7,"method":"${method}","params":${params}}`
      const before = s.frames.length
      s.send(body)
      const [frame] = (await s.waitFor(before + 1)).slice(before)
      expect(frame, method).toBe((await rpc(devnet().rpcUrl, method, params, '7')).body)
    }
    const batch = '[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"},{"jsonrpc":"2.0","method":"eth_chainId"},{"id":2}]'
    const before = s.frames.length
    s.send(batch)
    const [frame] = (await s.waitFor(before + 1)).slice(before)
    expect(frame).toBe(
      '[{"jsonrpc":"2.0","id":1,"result":"0x1869f"},{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"invalid request"}}]\n',
    )
  })

  it('the alias path serves too; a message of only notifications gets nothing back', async () => {
    const s = await open(devnet().wsUrl.replace(devnet().blockchainID, devnet().alias))
    s.send('{"jsonrpc":"2.0","method":"eth_chainId"}')
    expect(await s.call('eth_chainId', [], 3)).toBe('{"jsonrpc":"2.0","id":3,"result":"0x1869f"}\n')
  })

  it('a message that is not JSON: -32700 with encoding/json text, then the connection closes', async () => {
    const s = await open()
    s.send('{"jsonrpc":')
    await s.waitFor(1)
    // io.ErrUnexpectedEOF: closed without a reply.
    expect(s.frames).toEqual([])
    expect(s.closed).toBe(true)
    const t = await open()
    t.send('xyz')
    t.send('{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}')
    await t.waitFor(2)
    expect(t.frames).toEqual([
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"invalid character \'x\' looking for beginning of value"}}\n',
    ])
    expect(t.closed).toBe(true)
  })

  it("a plain request to the WebSocket path is gorilla's 400; an upgrade elsewhere is answered as a plain request", async () => {
    const res = await fetch(devnet().wsUrl.replace('ws:', 'http:'))
    expect(res.status).toBe(400)
    expect(res.headers.get('sec-websocket-version')).toBe('13')
    expect(await res.text()).toBe('Bad Request\n')
    await expect(Socket.open(devnet().wsUrl.replace('/ws', '/nope'))).rejects.toThrow(/404/)
  })
})

describe('eth_subscribe and eth_unsubscribe', () => {
  it('refuses as the node does: unknown names, bad arguments, ranges a logs subscription cannot take', async () => {
    const s = await open()
    const error = async (method: string, params: unknown) => {
      const before = s.frames.length
      s.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method, ...(params === undefined ? {} : { params }) }))
      return JSON.parse((await s.waitFor(before + 1))[before]!).error
    }
    expect(await error('eth_subscribe', ['foo'])).toEqual({ code: -32601, message: 'no "foo" subscription in eth namespace' })
    expect(await error('debug_subscribe', ['newHeads'])).toEqual({ code: -32601, message: 'no "newHeads" subscription in debug namespace' })
    expect(await error('eth_subscribe', undefined)).toEqual({ code: -32602, message: 'non-array args' })
    expect(await error('eth_subscribe', { name: 'newHeads' })).toEqual({ code: -32602, message: 'non-array args' })
    expect(await error('eth_subscribe', [1])).toEqual({ code: -32602, message: 'expected subscription name as first argument' })
    expect(await error('eth_subscribe', ['newHeads', true])).toEqual({ code: -32602, message: 'too many arguments, want at most 1' })
    expect(await error('eth_subscribe', ['logs'])).toEqual({ code: -32602, message: 'missing value for required argument 1' })
    expect(await error('eth_subscribe', ['logs', 'x'])).toEqual({
      code: -32602,
      message: 'invalid argument 1: json: cannot unmarshal string into Go value of type filters.input',
    })
    expect(await error('eth_subscribe', ['logs', { address: ['0x01'] }])).toEqual({
      code: -32602,
      message: 'invalid argument 1: invalid address at index 0: hex has invalid length 1 after decoding; expected 20 for address',
    })
    expect(await error('eth_subscribe', ['logs', { address: 5 }])).toEqual({
      code: -32602,
      message: 'invalid argument 1: invalid addresses in query',
    })
    expect(await error('eth_subscribe', ['logs', { topics: [['0xzz']] }])).toEqual({
      code: -32602,
      message: 'invalid argument 1: invalid hex string',
    })
    expect(await error('eth_subscribe', ['logs', { topics: [5] }])).toEqual({
      code: -32602,
      message: 'invalid argument 1: invalid topic(s)',
    })
    expect(await error('eth_subscribe', ['logs', { topics: 'x' }])).toEqual({
      code: -32602,
      message: 'invalid argument 1: json: cannot unmarshal string into Go struct field input.topics of type []interface {}',
    })
    expect(await error('eth_subscribe', ['logs', { blockHash: `0x${'11'.repeat(32)}`, fromBlock: '0x1' }])).toEqual({
      code: -32602,
      message: 'invalid argument 1: cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other',
    })
    expect(await error('eth_subscribe', ['logs', { fromBlock: '0x5', toBlock: '0x1' }])).toEqual({
      code: -32000,
      message: 'invalid from and to block combination: from > to',
    })
    expect(await error('eth_subscribe', ['logs', { fromBlock: 'accepted' }])).toEqual({
      code: -32000,
      message: 'invalid from and to block combination: from > to',
    })
    expect(await error('eth_unsubscribe', ['0x1'])).toEqual({ code: -32000, message: 'subscription not found' })
    expect(await error('eth_unsubscribe', [])).toEqual({ code: -32602, message: 'missing value for required argument 0' })
  })

  it('newHeads: each accepted block as types.Header writes it (HeaderSerializable order); unsubscribe ends it', async () => {
    const s = await open()
    const id = await subscribe(s, ['newHeads'])
    expect(id).toMatch(/^0x[1-9a-f][0-9a-f]{0,31}$/)
    await chainCall('evm_mine', [])
    await chainCall('evm_mine', [])
    await until(() => notifications(s, id).length >= 2)
    const heads = notifications(s, id).map((n) => n.params.result)
    expect(heads).toHaveLength(2)
    const [a, b] = heads
    expect(BigInt(b.number) - BigInt(a.number)).toBe(1n)
    expect(b.parentHash).toBe(a.hash)
    const header = await chainCall('eth_getHeaderByNumber', [b.number])
    expect(Object.keys(b)).toEqual([
      'parentHash',
      'sha3Uncles',
      'miner',
      'stateRoot',
      'transactionsRoot',
      'receiptsRoot',
      'logsBloom',
      'difficulty',
      'number',
      'gasLimit',
      'gasUsed',
      'timestamp',
      'extraData',
      'mixHash',
      'nonce',
      'baseFeePerGas',
      'blockGasCost',
      'blobGasUsed',
      'excessBlobGas',
      'parentBeaconBlockRoot',
      'timestampMilliseconds',
      'minDelayExcess',
      'hash',
    ])
    for (const [k, v] of Object.entries(b)) expect(v, k).toEqual(header[k] ?? null)
    // The frame itself: the envelope's keys in json.go's order, a newline at the end.
    const frame = s.frames.find((f) => f.includes(b.hash) && f.includes('"parentHash"') && f.includes(id))!
    expect(frame.startsWith(`{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":"${id}","result":{"parentHash":`)).toBe(
      true,
    )
    expect(frame.endsWith('}}}\n')).toBe(true)

    expect(await s.call('eth_unsubscribe', [id])).toBe('{"jsonrpc":"2.0","id":1,"result":true}\n')
    expect(JSON.parse(await s.call('eth_unsubscribe', [id])).error).toEqual({ code: -32000, message: 'subscription not found' })
    const count = notifications(s, id).length
    await chainCall('evm_mine', [])
    await new Promise((r) => setTimeout(r, 300))
    expect(notifications(s, id)).toHaveLength(count)
  })

  it('logs: one types.Log per notification, matched by address and topics as filterLogs matches', async () => {
    const s = await open()
    const [from] = (await chainCall('eth_accounts', [])) as string[]
    const topicA = `0x${'aa'.repeat(32)}`
    const topicB = `0x${'bb'.repeat(32)}`
    // Init code that logs LOG2(topicA, topicB) with 1 byte of data and deploys nothing.
    const initCode = `0x60ff600052${'7f'}${topicB.slice(2)}${'7f'}${topicA.slice(2)}6001601fa200`
    const all = await subscribe(s, ['logs', {}])
    const onlyA = await subscribe(s, ['logs', { topics: [topicA] }])
    const eitherAThenB = await subscribe(s, ['logs', { topics: [[topicB, topicA], [topicB]] }])
    const wrongTopic = await subscribe(s, ['logs', { topics: [topicB] }])
    const wrongAddress = await subscribe(s, ['logs', { address: `0x${'12'.repeat(20)}` }])
    const hash = await chainCall('eth_sendTransaction', [{ from, data: initCode, gas: '0x30000' }])
    const receipt = await chainCall('eth_getTransactionReceipt', [hash])
    expect(receipt.logs).toHaveLength(1)
    await until(() => notifications(s, eitherAThenB).length >= 1)
    await new Promise((r) => setTimeout(r, 300))
    for (const id of [all, onlyA, eitherAThenB]) {
      const logs = notifications(s, id).map((n) => n.params.result)
      expect(logs, id).toEqual(receipt.logs)
      expect(Object.keys(logs[0]), id).toEqual([
        'address',
        'topics',
        'data',
        'blockNumber',
        'transactionHash',
        'transactionIndex',
        'blockHash',
        'logIndex',
        'removed',
      ])
    }
    expect(notifications(s, wrongTopic)).toEqual([])
    expect(notifications(s, wrongAddress)).toEqual([])
  })

  it('newAcceptedTransactions and newPendingTransactions: hashes, or with fullTx the pending form', async () => {
    const s = await open()
    const [from, to] = (await chainCall('eth_accounts', [])) as string[]
    const accepted = await subscribe(s, ['newAcceptedTransactions'])
    const acceptedFull = await subscribe(s, ['newAcceptedTransactions', true])
    const pending = await subscribe(s, ['newPendingTransactions'])
    const hash = await chainCall('eth_sendTransaction', [{ from, to, value: '0x1' }])
    await until(() => notifications(s, acceptedFull).length >= 1 && notifications(s, pending).length >= 1)
    expect(notifications(s, accepted).map((n) => n.params.result)).toEqual([hash])
    expect(notifications(s, pending).map((n) => n.params.result)).toEqual([hash])
    const [full] = notifications(s, acceptedFull).map((n) => n.params.result)
    const mined = await chainCall('eth_getTransactionByHash', [hash])
    // NewRPCTransaction: no block hash, number or index; a fee-cap transaction's gasPrice is its fee cap.
    expect(full).toEqual({ ...mined, blockHash: null, blockNumber: null, transactionIndex: null, gasPrice: mined.maxFeePerGas })
    expect(Object.keys(full)).toEqual(Object.keys(mined))
  })

  it('a batch may subscribe: its notifications come after the batch reply', async () => {
    const s = await open()
    s.send('[{"jsonrpc":"2.0","id":1,"method":"eth_subscribe","params":["newHeads"]},{"jsonrpc":"2.0","id":2,"method":"eth_blockNumber"}]')
    const [reply] = await s.waitFor(1)
    const [sub, number] = JSON.parse(reply!) as { result: string }[]
    await chainCall('evm_mine', [])
    await until(() => notifications(s, sub!.result).length >= 1)
    expect(BigInt(notifications(s, sub!.result)[0].params.result.number)).toBe(BigInt(number!.result) + 1n)
  })
})

describe('viem over the devnet WebSocket', () => {
  it('watchBlockNumber and watchEvent by subscription, chain calls on the socket, Info over http', async () => {
    const client = createPublicClient({ transport: webSocket(devnet().wsUrl) }).extend(infoActions)
    const blocks: bigint[] = []
    const stop = client.watchBlockNumber({ onBlockNumber: (n) => blocks.push(n), emitOnBegin: false })
    await new Promise((r) => setTimeout(r, 200))
    await chainCall('evm_mine', [])
    await until(() => blocks.length >= 1)
    stop()
    expect(blocks[0]).toBe(await client.getBlockNumber())
    expect(await client.getChainId()).toBe(Number(devnet().chainId))
    expect((await client.getNodeVersion()).version).toMatch(/^avalanchego\//)

    const logs: { topics: readonly string[]; transactionHash: string | null }[] = []
    const topic = `0x${'cd'.repeat(32)}` as const
    const unwatch = client.watchEvent({ onLogs: (found) => logs.push(...found) })
    await new Promise((r) => setTimeout(r, 200))
    const [from] = (await chainCall('eth_accounts', [])) as string[]
    // Init code that logs LOG1(topic) and deploys nothing.
    const hash = await chainCall('eth_sendTransaction', [{ from, data: `0x7f${topic.slice(2)}60006000a100`, gas: '0x30000' }])
    await until(() => logs.length >= 1)
    unwatch()
    expect(logs.map((l) => [l.topics, l.transactionHash])).toEqual([[[topic], hash]])
  })
})

describe('ethers over the devnet WebSocket', () => {
  it('SubnetProviderMixin(WebSocketProvider): the Subnet-EVM methods on the socket, info/health/validators/proposervm over http, block events', async () => {
    const provider = new (SubnetProviderMixin(WebSocketProvider))(devnet().wsUrl)
    try {
      const { feeConfig } = await provider.feeConfig()
      expect(feeConfig.gasLimit).toBe(8_000_000n)
      expect(provider.info.url).toBe(`${devnet().url}/ext/info`)
      expect(await provider.info.getNetworkID()).toBe(12345)
      expect(provider.validators.url).toBe(`${devnet().url}/ext/bc/${devnet().blockchainID}/validators`)
      expect(provider.proposervm.url).toBe(`${devnet().url}/ext/bc/${devnet().blockchainID}/proposervm`)
      expect(await provider.proposervm.getProposedHeight()).toBe(3n)
      expect((await provider.health.liveness()).healthy).toBe(true)
      const blocks: number[] = []
      await provider.on('block', (n: number) => blocks.push(n))
      await new Promise((r) => setTimeout(r, 300))
      await chainCall('evm_mine', [])
      await until(() => blocks.length >= 1)
      expect(blocks).toContain(await provider.getBlockNumber())
    } finally {
      await provider.destroy()
    }
  })
})
