/**
 * Errors of the ethers adapter: the node's JSON-RPC errors become subnet-rpc's typed
 * classes (NodeRpcError with the node's code and message, MethodNotFoundError), bad
 * arguments are InvalidArgumentError before any request, replies of the wrong shape are
 * ResponseShapeError, and standard ethers methods keep ethers' own errors. The node's errors
 * come from the devnet (and anvil); replies it never sends come from a tiny local server.
 */
import { FetchRequest, JsonRpcProvider, isError } from 'ethers'
import { afterAll, beforeEach, describe, expect, it } from 'vitest'
import { useSharedDevnet } from '../helpers/devnet.js'
import {
  InfoClient,
  estimateL1FeesPerGas,
  SubnetBrowserProvider,
  SubnetProvider,
  feeConfig,
  getActivePrecompilesAt,
  getActiveRulesAt,
  getChainConfig,
} from '../../src/ethers/index.js'
import { InvalidArgumentError, MethodNotFoundError, NodeRpcError, ResponseShapeError, SubnetRpcError } from '../../src/errors/index.js'
import { eip1193, rejection, useFakeNode } from './helpers.js'

const devnet = useSharedDevnet()
const fake = useFakeNode()

const destroyers: (() => void)[] = []
const track = <T extends { destroy(): void }>(p: T): T => {
  destroyers.push(() => p.destroy())
  return p
}
afterAll(() => {
  for (const d of destroyers) d()
})

beforeEach(() => {
  fake().requests.splice(0)
})

function expectNodeError(e: any, method: string, code: number, message: string) {
  expect(e).toBeInstanceOf(NodeRpcError)
  expect(e).toBeInstanceOf(SubnetRpcError)
  expect(e.name).toBe('NodeRpcError')
  expect(e.method).toBe(method)
  expect(e.code).toBe(code)
  expect(e.nodeMessage).toBe(message)
  expect(e.message).toContain(message)
}

describe('NodeRpcError: the node’s code and message, verbatim', () => {
  it('info: there is no ID with alias: nope', async () => {
    const p = track(new SubnetProvider(devnet().rpcUrl))
    const e = await rejection(p.info.getBlockchainID({ alias: 'nope' }))
    expectNodeError(e, 'info.getBlockchainID', -32000, 'there is no ID with alias: nope')
    expect(e).not.toBeInstanceOf(MethodNotFoundError)
    expect(e.data).toBeNull()
    expectNodeError(
      await rejection(new InfoClient(devnet().url).isBootstrapped({ chain: 'nope' })),
      'info.isBootstrapped',
      -32000,
      "there is no chain with alias/ID 'nope'",
    )
  })

  it('eth_feeConfig of a future block: cannot query unfinalized data, over every provider kind', async () => {
    const future = 1_000_000
    const subnet = track(new SubnetProvider(devnet().rpcUrl))
    const e = await rejection(subnet.feeConfig(future))
    expectNodeError(e, 'eth_feeConfig', -32000, 'cannot query unfinalized data')
    // The node's error is read straight from the reply, ethers never coalesced it: the cause is the
    // reply's error object as subnet-rpc read it, with the URL that answered.
    expect(e.cause).toMatchObject({ name: 'JsonRpcError', code: -32000, message: 'cannot query unfinalized data' })
    expect(e.metaMessages).toEqual(['Code: -32000', `URL: ${devnet().rpcUrl}`])
    expect(e.details).toBe('cannot query unfinalized data')
    expectNodeError(
      await rejection(track(new SubnetBrowserProvider(eip1193(() => devnet().rpcUrl))).feeConfig(future)),
      'eth_feeConfig',
      -32000,
      'cannot query unfinalized data',
    )
    expectNodeError(
      await rejection(feeConfig(track(new JsonRpcProvider(devnet().rpcUrl)), future)),
      'eth_feeConfig',
      -32000,
      'cannot query unfinalized data',
    )
    expectNodeError(
      await rejection(
        feeConfig(
          eip1193(() => devnet().rpcUrl),
          future,
        ),
      ),
      'eth_feeConfig',
      -32000,
      'cannot query unfinalized data',
    )
  })

  it('a node error from a local server (uptime of a non-validator)', async () => {
    fake().answer('info.uptime', { error: { code: -32000, message: "couldn't get node uptime: node is not a validator", data: null } })
    expectNodeError(
      await rejection(new InfoClient(fake().url).uptime()),
      'info.uptime',
      -32000,
      "couldn't get node uptime: node is not a validator",
    )
  })
})

describe('MethodNotFoundError', () => {
  it('a node that does not serve eth_feeConfig (-32601 the node way)', async () => {
    // ethers turns "the method … does not exist" into UNSUPPORTED_OPERATION; the node's error is inside.
    for (const p of [track(new SubnetProvider(fake().url)), track(new JsonRpcProvider(fake().url)), eip1193(() => fake().url)]) {
      const e = await rejection(feeConfig(p))
      expect(e).toBeInstanceOf(MethodNotFoundError)
      expect(e).toBeInstanceOf(NodeRpcError)
      expect(e.name).toBe('MethodNotFoundError')
      expect(e.code).toBe(-32601)
      expect(e.nodeMessage).toBe('the method eth_feeConfig does not exist/is not available')
    }
    const e = await rejection(track(new SubnetProvider(fake().url)).getChainConfig())
    expect(e).toBeInstanceOf(MethodNotFoundError)
    expect(e.method).toBe('eth_getChainConfig')
    // Over a provider with only send() (Hardhat's), ethers' error is kept as the cause.
    const viaSend = await rejection(
      feeConfig({ send: (m: string, p: unknown) => track(new JsonRpcProvider(fake().url)).send(m, p as unknown[]) }),
    )
    expect(viaSend).toBeInstanceOf(MethodNotFoundError)
    expect(isError(viaSend.cause, 'UNSUPPORTED_OPERATION')).toBe(true)
  })

  it('anvil itself (-32601 "Method not found", which ethers cannot coalesce)', async () => {
    const e = await rejection(track(new SubnetProvider(devnet().anvilUrl)).getActiveRulesAt())
    expect(e).toBeInstanceOf(MethodNotFoundError)
    expect(e.code).toBe(-32601)
    expect(e.method).toBe('eth_getActiveRulesAt')
  })

  it('the Info endpoint’s rpc: can’t find method (an older node)', async () => {
    fake().answer('info.acps', { error: { code: -32000, message: 'rpc: can\'t find method "info.acps"', data: null } })
    const e = await rejection(new InfoClient(fake().url).acps())
    expect(e).toBeInstanceOf(MethodNotFoundError)
    expect(e.code).toBe(-32000)
    expect(e.method).toBe('info.acps')
  })
})

describe('a wrong endpoint: MethodNotFoundError says what the URL is and which to use, with a URL line', () => {
  const useL1 = 'use …/ext/bc/<blockchainID>/rpc'

  it("the devnet's Info URL as an L1 URL, through SubnetProvider and a plain JsonRpcProvider", async () => {
    for (const p of [track(new SubnetProvider(devnet().infoUrl)), track(new JsonRpcProvider(devnet().infoUrl))]) {
      const e = await rejection(feeConfig(p))
      expect(e).toBeInstanceOf(MethodNotFoundError)
      expect(e.shortMessage).toBe(`eth_feeConfig failed: a node API, not an L1: ${useL1}`)
      expect(e.hint).toBe(`a node API, not an L1: ${useL1}`)
      expect(e.nodeMessage).toBe('rpc: service/method request ill-formed: "eth_feeConfig"')
      expect(e.details).toBe(e.nodeMessage)
      expect(e.metaMessages).toEqual(['Code: -32000', `URL: ${devnet().infoUrl}`])
    }
  })

  it("a plain EVM node (the devnet's anvil): not a Subnet-EVM L1, and credentials are left out of the URL line", async () => {
    const e = await rejection(track(new SubnetProvider(devnet().anvilUrl)).getChainConfig())
    expect(e).toBeInstanceOf(MethodNotFoundError)
    expect(e.shortMessage).toBe(`eth_getChainConfig failed: not a Subnet-EVM L1: ${useL1}`)
    expect(e.nodeMessage).toBe('Method not found')
    expect(e.metaMessages).toEqual(['Code: -32601', `URL: ${devnet().anvilUrl}`])
    const request = new FetchRequest(devnet().anvilUrl.replace('http://', 'http://user:s3cret@'))
    const withCredentials = await rejection(track(new SubnetProvider(request)).feeConfig())
    expect(withCredentials.hint).toBe(`not a Subnet-EVM L1: ${useL1}; on SAE, use the Gas Price Manager`)
    expect(withCredentials.metaMessages).toContain(`URL: ${new URL(devnet().anvilUrl).href}`)
    expect(withCredentials.message).not.toContain('s3cret')
  })

  it("an EVM chain's URL for the Info and Health APIs (InfoClient, provider.health): use the node's URL", async () => {
    // InfoClient and provider.health derive /ext/info and /ext/health from any URL: the devnet serves its node APIs
    // there and anvil answers 404 off "/", so the chain is the fake node, which answers the node's -32601 on every path
    // (as a hosted RPC endpoint does).
    const info = await rejection(new InfoClient(`${fake().url}/ext/bc/C/rpc`).getNodeID())
    expect(info).toBeInstanceOf(MethodNotFoundError)
    expect(info.shortMessage).toBe("info.getNodeID failed: an EVM chain, not the node's Info API: use the node's URL (…/ext/info)")
    expect(info.code).toBe(-32601)
    expect(info.metaMessages).toEqual(['Code: -32601', `URL: ${fake().url}/ext/info`])
    const health = await rejection(track(new SubnetProvider(`${fake().url}/ext/bc/C/rpc`)).health.health())
    expect(health.shortMessage).toBe("health.health failed: an EVM chain, not the node's Health API: use the node's URL (…/ext/health)")
    expect(health.metaMessages).toContain(`URL: ${fake().url}/ext/health`)
  })

  it("a right endpoint's node error keeps the node's message, no hint, with the URL line", async () => {
    const e = await rejection(new InfoClient(devnet().url).getBlockchainID({ alias: 'nope' }))
    expect(e).not.toBeInstanceOf(MethodNotFoundError)
    expect(e.shortMessage).toBe('info.getBlockchainID failed: there is no ID with alias: nope')
    expect(e.hint).toBeUndefined()
    expect(e.metaMessages).toEqual(['Code: -32000', `URL: ${devnet().infoUrl}`])
  })
})

describe('InvalidArgumentError before any request', () => {
  const cases: [string, (p: SubnetProvider) => Promise<unknown>, string][] = [
    ["feeConfig('nope')", (p) => p.feeConfig('nope'), 'blockTag'],
    ['feeConfig(-1)', (p) => p.feeConfig(-1), 'blockNumber'],
    ['feeConfig(-1n)', (p) => p.feeConfig(-1n), 'blockNumber'],
    ['feeConfig(1.5)', (p) => p.feeConfig(1.5), 'blockNumber'],
    ['feeConfig(2^53)', (p) => p.feeConfig(2 ** 53), 'blockNumber'],
    ['feeConfig(2n^64n)', (p) => p.feeConfig(2n ** 64n), 'blockNumber'],
    ["feeConfig('0x')", (p) => p.feeConfig('0x'), 'blockTag'],
    ["feeConfig('0xzz')", (p) => p.feeConfig('0xzz'), 'blockTag'],
    ["feeConfig('12')", (p) => p.feeConfig('12'), 'blockTag'],
    ['feeConfig(a 20-digit hex)', (p) => p.feeConfig(`0x${'1'.repeat(20)}`), 'blockTag'],
    ['feeConfig(a 63-digit hex)', (p) => p.feeConfig(`0x${'a'.repeat(63)}`), 'blockTag'],
    ['getActiveRulesAt(-1)', (p) => p.getActiveRulesAt(-1), 'timestamp'],
    ['getActiveRulesAt(1.5)', (p) => p.getActiveRulesAt(1.5), 'timestamp'],
    ['getActiveRulesAt(-1n)', (p) => p.getActiveRulesAt(-1n), 'timestamp'],
    ['getActiveRulesAt(2n ** 60n)', (p) => p.getActiveRulesAt(2n ** 60n), 'timestamp'],
    ['getActiveRulesAt(Invalid Date)', (p) => p.getActiveRulesAt(new Date(Number.NaN)), 'timestamp'],
    ["getActiveRulesAt('1700000000')", (p) => p.getActiveRulesAt('1700000000' as never), 'timestamp'],
    ['getActivePrecompilesAt(-5)', (p) => p.getActivePrecompilesAt(-5), 'timestamp'],
    ['getActivePrecompilesAt(Invalid Date)', (p) => p.getActivePrecompilesAt(new Date('nope')), 'timestamp'],
    ["info.isBootstrapped({ chain: '' })", (p) => p.info.isBootstrapped({ chain: '' }), 'chain'],
    ['info.getBlockchainID({})', (p) => p.info.getBlockchainID({} as never), 'alias'],
    ["info.peers({ nodeIDs: ['bad'] })", (p) => p.info.peers({ nodeIDs: ['bad'] }), 'nodeIDs[0]'],
    ["info.uptime({ subnetID: 'bad' })", (p) => p.info.uptime({ subnetID: 'bad' }), 'subnetID'],
  ]
  it.each(cases)('%s rejects (never throws) and sends nothing', async (_name, call, argument) => {
    const p = track(new SubnetProvider(fake().url))
    let promise: Promise<unknown> | undefined
    expect(() => (promise = call(p))).not.toThrow()
    const e = await rejection(promise!)
    expect(e).toBeInstanceOf(InvalidArgumentError)
    expect(e.argument).toBe(argument)
    expect(e.message).toMatch(/^Invalid /)
    expect(fake().requests).toHaveLength(0)
  })

  it('the function forms check first too', async () => {
    const eth = eip1193(() => fake().url)
    expect(await rejection(feeConfig(eth, 'nope'))).toBeInstanceOf(InvalidArgumentError)
    expect(await rejection(getActiveRulesAt(eth, -1))).toBeInstanceOf(InvalidArgumentError)
    expect(await rejection(getActivePrecompilesAt(eth, 0.5))).toBeInstanceOf(InvalidArgumentError)
    expect(eth.calls).toHaveLength(0)
    expect(fake().requests).toHaveLength(0)
  })
})

describe('ResponseShapeError from a server answering the wrong shape', () => {
  it('chain methods over SubnetProvider and the function forms', async () => {
    fake().answer('eth_feeConfig', { result: { feeConfig: 'x', lastChangedAt: 0 } })
    fake().answer('eth_getChainConfig', { result: 42 })
    fake().answer('eth_getActiveRulesAt', { result: null })
    const p = track(new SubnetProvider(fake().url))
    const e = await rejection(p.feeConfig())
    expect(e).toBeInstanceOf(ResponseShapeError)
    expect(e.method).toBe('eth_feeConfig')
    expect(e.path).toBe('$.feeConfig')
    const f = await rejection(p.getChainConfig())
    expect(f).toBeInstanceOf(ResponseShapeError)
    expect(f.path).toBe('$')
    expect(await rejection(getActiveRulesAt(eip1193(() => fake().url)))).toBeInstanceOf(ResponseShapeError)
    expect(await rejection(getChainConfig(track(new JsonRpcProvider(fake().url))))).toBeInstanceOf(ResponseShapeError)
  })

  it('Info methods: a wrong field, a body that is not JSON, an array, an error without a code', async () => {
    fake().answer('info.getNetworkID', { result: { networkID: 'abc' } })
    const info = new InfoClient(fake().url)
    const e = await rejection(info.getNetworkID())
    expect(e).toBeInstanceOf(ResponseShapeError)
    expect(e.method).toBe('info.getNetworkID')
    expect(e.path).toBe('$.networkID')
    fake().answer('info.getNodeIP', { body: 'not json at all' })
    expect((await rejection(info.getNodeIP())).path).toBe('$')
    fake().answer('info.getVMs', { body: '[{"jsonrpc":"2.0","id":1,"result":{}}]' })
    expect(await rejection(info.getVMs())).toBeInstanceOf(ResponseShapeError)
    fake().answer('info.upgrades', { body: '{"jsonrpc":"2.0","id":1,"error":{"message":"no code"}}' })
    const g = await rejection(info.upgrades())
    expect(g).toBeInstanceOf(ResponseShapeError)
    expect(g.path).toBe('$.error')
  })

  it("estimateL1FeesPerGas: a head block or tip that is not the node's shape", async () => {
    const feeConfig = { gasLimit: 8_000_000, targetBlockRate: 2, minBaseFee: 25_000_000_000, targetGas: 15_000_000 }
    const fees = { ...feeConfig, baseFeeChangeDenominator: 36, minBlockGasCost: 0, maxBlockGasCost: 1_000_000, blockGasCostStep: 200_000 }
    fake().answer('eth_feeConfig', { result: { feeConfig: fees, lastChangedAt: 0 } })
    const head = { number: '0x1', timestamp: '0x2', gasUsed: '0x0', gasLimit: '0x7a1200', baseFeePerGas: '0x5d21dba00', extraData: '0x' }
    const p = track(new SubnetProvider(fake().url))
    for (const [reply, tip, path] of [
      [{ ...head, gasUsed: 5 }, '0x1', '$.gasUsed'],
      [{ ...head, extraData: '0x1' }, '0x1', '$.extraData'],
      [null, '0x1', '$'],
    ] as const) {
      fake().answer('eth_getBlockByNumber', { result: reply })
      fake().answer('eth_maxPriorityFeePerGas', { result: tip })
      const e = await rejection(estimateL1FeesPerGas(p))
      expect(e, path).toBeInstanceOf(ResponseShapeError)
      expect([e.method, e.path]).toEqual(['eth_getBlockByNumber', path])
    }
    fake().answer('eth_getBlockByNumber', { result: head })
    fake().answer('eth_maxPriorityFeePerGas', { result: 7 })
    const e = await rejection(estimateL1FeesPerGas(p))
    expect([e.method, e.path]).toEqual(['eth_maxPriorityFeePerGas', '$'])
  })

  it('an HTTP error status from the Info URL stays an ethers SERVER_ERROR', async () => {
    fake().answer('info.getNodeID', { body: '404 page not found', status: 404 })
    const e = await rejection(new InfoClient(fake().url).getNodeID())
    expect(isError(e, 'SERVER_ERROR')).toBe(true)
  })
})

describe('standard methods keep ethers’ errors', () => {
  it('a body that is not JSON: the same ethers error as JsonRpcProvider', async () => {
    fake().answer('eth_blockNumber', { body: 'oops' })
    const req = () => new FetchRequest(fake().url)
    const a = await rejection(track(new SubnetProvider(req(), 99999, { staticNetwork: true })).getBlockNumber())
    const b = await rejection(track(new JsonRpcProvider(req(), 99999, { staticNetwork: true })).getBlockNumber())
    expect(a).not.toBeInstanceOf(SubnetRpcError)
    expect(a).not.toBeInstanceOf(SyntaxError)
    expect(a.code).toBe(b.code)
    expect(a.shortMessage).toBe(b.shortMessage)
  })

  it('a node error on a standard method is ethers’ error, not NodeRpcError', async () => {
    fake().answer('eth_getBalance', { error: { code: -32000, message: 'something broke', data: null } })
    const p = track(new SubnetProvider(fake().url, 99999, { staticNetwork: true }))
    const e = await rejection(p.getBalance('0x0000000000000000000000000000000000000001'))
    expect(e).not.toBeInstanceOf(SubnetRpcError)
    expect(isError(e, 'UNKNOWN_ERROR')).toBe(true)
    expect(e.error).toEqual({ code: -32000, message: 'something broke', data: null })
  })
})
