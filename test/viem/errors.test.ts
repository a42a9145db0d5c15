/**
 * Every error class of subnet-rpc, raised over real HTTP round trips: the devnet for node
 * errors, anvil's own URL for a chain without the Subnet-EVM methods, a small fake node for
 * replies of the wrong shape, and a recording proxy to prove invalid arguments are refused
 * before any request.
 */
import { createPublicClient, custom, fallback, http, type Client } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { healthActions, infoActions, subnetActions, subnetHttp, validatorsActions } from '../../src/viem/index.js'
import * as actions from '../../src/viem/actions/index.js'
import { callMethod, toSubnetError, type Send } from '../../src/core/methods/call.js'
import { defineMethod } from '../../src/core/methods/spec.js'
import { object, string } from '../../src/core/decode/kit.js'
import {
  InfoEndpointError,
  InvalidArgumentError,
  MethodNotFoundError,
  NodeRpcError,
  PrecisionError,
  ResponseShapeError,
  SubnetRpcError,
} from '../../src/errors/index.js'
import * as infoMethods from '../../src/core/methods/info.js'
import { eip1193, rawCall, startFakeNode, useRecorder, type FakeNode } from './helpers.js'

const devnet = useDevnet({ seed: 'viem-errors' })

async function failure(p: Promise<unknown>): Promise<any> {
  return p.then(
    (v) => {
      throw new Error(`expected a rejection, got ${String(v)}`)
    },
    (e: unknown) => e,
  )
}

function expectViemError(e: unknown, name: string) {
  expect(e).toBeInstanceOf(Error)
  expect(e).toBeInstanceOf(SubnetRpcError)
  expect((e as Error).name).toBe(name)
  expect(typeof (e as SubnetRpcError).shortMessage).toBe('string')
}

describe('MethodNotFoundError', () => {
  it('Info: -32000 "rpc: can\'t find method" from the devnet, through callMethod over the client request, with a spec of our own', async () => {
    const info = createPublicClient({ transport: http(devnet().infoUrl) })
    const fake = defineMethod({ method: 'info.fake', family: infoMethods.getNodeID.family, decoder: object<{ x: string }>({ x: string }) })
    const e = await failure(callMethod(fake, undefined, info.request as Send))
    expect(e).toBeInstanceOf(MethodNotFoundError)
    expect(e).toBeInstanceOf(NodeRpcError)
    expectViemError(e, 'MethodNotFoundError')
    expect(e.method).toBe('info.fake')
    expect(e.code).toBe(-32000)
    expect(e.nodeMessage).toBe('rpc: can\'t find method "info.Fake"')
    expect(e.data).toBeNull()
  })

  it('Info: an older node without info.acps (fake node) gives MethodNotFoundError from client.acps()', async () => {
    const node = await startFakeNode()
    try {
      node.answer('info.acps', { error: { code: -32000, message: 'rpc: can\'t find method "info.Acps"', data: null } })
      const c = createPublicClient({ transport: http(`${node.url}/ext/bc/C/rpc`) }).extend(infoActions())
      const e = await failure(c.acps())
      expect(e).toBeInstanceOf(MethodNotFoundError)
      expect(e.method).toBe('info.acps')
      expect(node.requests.map((r) => r.url)).toEqual(['/ext/info'])
    } finally {
      await node.close()
    }
  })

  it("chain: -32601 from an endpoint without eth_feeConfig (anvil's own URL, like the C-Chain)", async () => {
    const c = createPublicClient({ transport: http(devnet().anvilUrl) }).extend(subnetActions())
    for (const e of await Promise.all([c.feeConfig(), c.getChainConfig(), c.getActiveRulesAt(), c.getActivePrecompilesAt()].map(failure))) {
      expect(e).toBeInstanceOf(MethodNotFoundError)
      expectViemError(e, 'MethodNotFoundError')
      expect(e.code).toBe(-32601)
    }
    const e = await failure(c.feeConfig())
    expect(e.method).toBe('eth_feeConfig')
    expect(e.nodeMessage).toBe('Method not found')
  })

  it("chain: the devnet's rewritten -32601 through client.request and toSubnetError", async () => {
    const c = createPublicClient({ transport: http(devnet().rpcUrl) })
    const raw = await failure(c.request({ method: 'eth_fooBar' as never, params: [] as never }))
    const e = toSubnetError({ method: 'eth_fooBar' }, raw) as MethodNotFoundError
    expect(e).toBeInstanceOf(MethodNotFoundError)
    expect(e.code).toBe(-32601)
    expect(e.nodeMessage).toBe('the method eth_fooBar does not exist/is not available')
    expect(e.cause).toBe(raw)
  })

  it('chain: -32601 over a custom EIP-1193 transport', async () => {
    const c = createPublicClient({ transport: custom(eip1193(() => devnet().anvilUrl)) }).extend(subnetActions())
    const e = await failure(c.feeConfig())
    expect(e).toBeInstanceOf(MethodNotFoundError)
    expect(e.code).toBe(-32601)
  })
})

describe('a wrong endpoint: MethodNotFoundError says what the URL is and which to use, with a URL line', () => {
  const useL1 = 'use …/ext/bc/<blockchainID>/rpc'
  const urlLine = (e: SubnetRpcError, url: string) => expect(e.metaMessages).toContain(`URL: ${url}`)

  it("the devnet's Info URL as an L1 URL (gorilla/rpc's ill-formed method), over http and subnetHttp", async () => {
    for (const transport of [http(devnet().infoUrl), subnetHttp(devnet().infoUrl)]) {
      const c = createPublicClient({ transport }).extend(subnetActions())
      const e = await failure(c.feeConfig())
      expect(e).toBeInstanceOf(MethodNotFoundError)
      expect(e.shortMessage).toBe(`eth_feeConfig failed: a node API, not an L1: ${useL1}`)
      expect(e.hint).toBe(`a node API, not an L1: ${useL1}`)
      expect(e.code).toBe(-32000)
      expect(e.nodeMessage).toBe('rpc: service/method request ill-formed: "eth_feeConfig"')
      expect(e.details).toBe(e.nodeMessage)
      urlLine(e, devnet().infoUrl)
      expect(e.message).toContain(`URL: ${devnet().infoUrl}`)
    }
  })

  it("a plain EVM node (the devnet's anvil): not a Subnet-EVM L1, for each Subnet-EVM method (or SAE for two)", async () => {
    const c = createPublicClient({ transport: http(devnet().anvilUrl) }).extend(subnetActions())
    // SAE serves eth_getChainConfig and eth_getActiveRulesAt; for the two it does not, the hint names what it has.
    const calls = {
      eth_feeConfig: [c.feeConfig, '; on SAE, use the Gas Price Manager'],
      eth_getChainConfig: [c.getChainConfig, ''],
      eth_getActiveRulesAt: [c.getActiveRulesAt, ''],
      eth_getActivePrecompilesAt: [c.getActivePrecompilesAt, '; on SAE, use getActiveRulesAt'],
    } as const
    for (const [method, [call, sae]] of Object.entries(calls)) {
      const e = await failure(call())
      expect(e).toBeInstanceOf(MethodNotFoundError)
      expect(e.shortMessage).toBe(`${method} failed: not a Subnet-EVM L1: ${useL1}${sae}`)
      expect(e.code).toBe(-32601)
      expect(e.nodeMessage).toBe('Method not found')
      urlLine(e, devnet().anvilUrl)
    }
  })

  it('credentials in the URL are left out of the URL line (viem sends them as a header)', async () => {
    const withCredentials = devnet().anvilUrl.replace('http://', 'http://user:s3cret@')
    const c = createPublicClient({ transport: http(withCredentials) }).extend(subnetActions())
    const e = await failure(c.getChainConfig())
    expect(e).toBeInstanceOf(MethodNotFoundError)
    expect(e.hint).toBe(`not a Subnet-EVM L1: ${useL1}`)
    urlLine(e, new URL(devnet().anvilUrl).href)
    expect(e.message).not.toContain('s3cret')
    expect(e.message).not.toContain('user:')
  })

  it("the devnet's L1 URL as the Info, Health and Validators APIs' transport: an EVM chain, use the node's URL", async () => {
    const transport = http(devnet().rpcUrl)
    const c = createPublicClient({ transport: http(devnet().rpcUrl) })
      .extend(infoActions({ transport }))
      .extend(healthActions({ transport }))
      .extend(validatorsActions({ transport }))
    const info = await failure(c.getNodeID())
    expect(info).toBeInstanceOf(MethodNotFoundError)
    expect(info.shortMessage).toBe("info.getNodeID failed: an EVM chain, not the node's Info API: use the node's URL (…/ext/info)")
    expect(info.code).toBe(-32601)
    expect(info.nodeMessage).toBe('the method info.getNodeID does not exist/is not available')
    urlLine(info, devnet().rpcUrl)
    const health = await failure(c.health())
    expect(health.shortMessage).toBe("health.health failed: an EVM chain, not the node's Health API: use the node's URL (…/ext/health)")
    urlLine(health, devnet().rpcUrl)
    const validators = await failure(c.getCurrentValidators())
    expect(validators.shortMessage).toBe(
      "validators.getCurrentValidators failed: an EVM chain, not an L1's Validators API: use …/ext/bc/<blockchainID>/validators",
    )
    urlLine(validators, devnet().rpcUrl)
  })

  it("a right endpoint's node error keeps the node's message, no hint, and gains the URL line", async () => {
    const c = createPublicClient({ transport: http(devnet().rpcUrl) }).extend(infoActions())
    const e = await failure(c.getBlockchainID({ alias: 'nope' }))
    expect(e).not.toBeInstanceOf(MethodNotFoundError)
    expect(e.shortMessage).toBe('info.getBlockchainID failed: there is no ID with alias: nope')
    expect(e.hint).toBeUndefined()
    urlLine(e, devnet().infoUrl)
  })

  it("an older node's Info API without the method (gorilla's can't find method) is no wrong endpoint: no hint", async () => {
    const info = createPublicClient({ transport: http(devnet().infoUrl) })
    const e = await failure(callMethod({ ...infoMethods.getNodeID, method: 'info.fake' }, undefined, info.request as Send))
    expect(e).toBeInstanceOf(MethodNotFoundError)
    expect(e.hint).toBeUndefined()
    expect(e.shortMessage).toBe('info.fake failed: rpc: can\'t find method "info.Fake"')
  })
})

describe('NodeRpcError', () => {
  it('unknown alias: code, node message and data, as sent', async () => {
    const c = createPublicClient({ transport: http(devnet().rpcUrl) }).extend(infoActions())
    const e = await failure(c.getBlockchainID({ alias: 'nope' }))
    expect(e).toBeInstanceOf(NodeRpcError)
    expect(e).not.toBeInstanceOf(MethodNotFoundError)
    expectViemError(e, 'NodeRpcError')
    expect(e.method).toBe('info.getBlockchainID')
    expect(e.code).toBe(-32000)
    expect(e.nodeMessage).toBe('there is no ID with alias: nope')
    expect(e.data).toBeNull()
    expect(e.shortMessage).toContain('there is no ID with alias: nope')
    expect(e.details).toBe('there is no ID with alias: nope')
  })

  it('unknown chain in isBootstrapped', async () => {
    const c = createPublicClient({ transport: http(devnet().rpcUrl) }).extend(infoActions())
    const e = await failure(c.isBootstrapped({ chain: 'nope' }))
    expect(e).toBeInstanceOf(NodeRpcError)
    expect(e.nodeMessage).toBe("there is no chain with alias/ID 'nope'")
  })

  it('cannot query unfinalized data: feeConfig at a future block, over http, subnetHttp and custom', async () => {
    const latest = BigInt((await rawCall(devnet().rpcUrl, 'eth_blockNumber')).result)
    const transports = [http(devnet().rpcUrl), subnetHttp(devnet().rpcUrl), custom(eip1193(() => devnet().rpcUrl))]
    for (const transport of transports) {
      const c = createPublicClient({ transport }).extend(subnetActions())
      const e = await failure(c.feeConfig({ blockNumber: latest + 100n }))
      expect(e).toBeInstanceOf(NodeRpcError)
      expect(e.method).toBe('eth_feeConfig')
      expect(e.code).toBe(-32000)
      expect(e.nodeMessage).toBe('cannot query unfinalized data')
    }
  })

  it('unknown alias over a custom transport with infoActions({ url })', async () => {
    const c = createPublicClient({ transport: custom(eip1193(() => devnet().rpcUrl)) }).extend(infoActions({ url: devnet().infoUrl }))
    const e = await failure(c.getBlockchainID({ alias: 'nope' }))
    expect(e).toBeInstanceOf(NodeRpcError)
    expect(e.nodeMessage).toBe('there is no ID with alias: nope')
  })

  it('revert data of a forwarded anvil error is kept in data', async () => {
    // PUSH4 deadbeef PUSH1 0 MSTORE PUSH1 4 PUSH1 28 REVERT
    const target = '0x00000000000000000000000000000000000000aa'
    expect((await rawCall(devnet().rpcUrl, 'anvil_setCode', `["${target}","0x63deadbeef6000526004601cfd"]`)).error).toBeUndefined()
    const c = createPublicClient({ transport: http(devnet().rpcUrl) })
    const call = defineMethod({
      method: 'eth_call',
      family: { noParams: () => [] },
      decoder: string,
      encode: () => [{ to: target, data: '0x' }, 'latest'],
    })
    const e = await failure(callMethod(call, undefined, c.request as Send))
    expect(e).toBeInstanceOf(NodeRpcError)
    expect(e.method).toBe('eth_call')
    expect(e.nodeMessage).toMatch(/revert/)
    expect(e.data).toBe('0xdeadbeef')
  })

  it('data of an error object is kept (fake node)', async () => {
    const node = await startFakeNode()
    try {
      node.answer('eth_feeConfig', { error: { code: -32000, message: 'boom', data: { reason: 'x', n: [1, 2] } } })
      const c = createPublicClient({ transport: http(`${node.url}/ext/bc/C/rpc`) }).extend(subnetActions())
      const e = await failure(c.feeConfig())
      expect(e).toBeInstanceOf(NodeRpcError)
      expect(e.data).toEqual({ reason: 'x', n: [1, 2] })
    } finally {
      await node.close()
    }
  })
})

describe('NodeRpcError: a node that is not a validator', () => {
  const nonValidator = useDevnet({ seed: 'viem-errors-nv', node: { uptime: null } })
  it("uptime: couldn't get node uptime: node is not a validator", async () => {
    const c = createPublicClient({ transport: http(nonValidator().rpcUrl) }).extend(infoActions())
    const all = [
      c.uptime(),
      c.uptime({ subnetID: nonValidator().subnetID }),
      actions.uptime(createPublicClient({ transport: http(nonValidator().url) })),
    ].map(failure)
    for (const e of await Promise.all(all)) {
      expect(e).toBeInstanceOf(NodeRpcError)
      expect(e).not.toBeInstanceOf(MethodNotFoundError)
      expect(e.method).toBe('info.uptime')
      expect(e.code).toBe(-32000)
      expect(e.nodeMessage).toBe("couldn't get node uptime: node is not a validator")
      expect(e.data).toBeNull()
    }
  })
})

describe('ResponseShapeError over a real HTTP round trip (fake node)', () => {
  let node: FakeNode
  beforeAll(async () => {
    node = await startFakeNode()
  })
  afterAll(async () => {
    await node.close()
  })
  const client = (make: typeof http = http) =>
    createPublicClient({ transport: make(`${node.url}/ext/bc/C/rpc`) })
      .extend(subnetActions())
      .extend(infoActions())
  const peer = {
    ip: '127.0.0.1:9651',
    publicIP: '127.0.0.1:9651',
    nodeID: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
    version: 'avalanchego/1.14.2',
    upgradeTime: 1763568000,
    lastSent: '2025-01-01T00:00:00Z',
    lastReceived: '2025-01-01T00:00:00Z',
    observedUptime: '100',
    trackedSubnets: [],
    supportedACPs: [],
    objectedACPs: [],
    benched: [],
  }
  const fee = {
    gasLimit: 8000000,
    targetBlockRate: 2,
    minBaseFee: 25000000000,
    targetGas: 15000000,
    baseFeeChangeDenominator: 36,
    minBlockGasCost: 0,
    maxBlockGasCost: 1000000,
    blockGasCostStep: 200000,
  }

  async function shape(p: Promise<unknown>, method: string, path: string, expected?: RegExp) {
    const e = await failure(p)
    expect(e).toBeInstanceOf(ResponseShapeError)
    expectViemError(e, 'ResponseShapeError')
    expect(e.method).toBe(method)
    expect(e.path).toBe(path)
    expect(e.message).toContain(path)
    if (expected) expect(e.message).toMatch(expected)
    return e as ResponseShapeError
  }

  it('a good reply first decodes fine', async () => {
    node.answer('info.peers', { result: { numPeers: '1', peers: [peer] } })
    expect((await client().peers()).peers[0]!.observedUptime).toBe(100)
  })

  it('numPeers as an object: $.numPeers', async () => {
    node.answer('info.peers', { result: { numPeers: { n: 1 }, peers: [peer] } })
    const e = await shape(client().peers(), 'info.peers', '$.numPeers')
    expect(e.received).toContain('{"n":1}')
  })

  it('the first mismatch deep in an array: $.peers[1].observedUptime', async () => {
    node.answer('info.peers', { result: { numPeers: '2', peers: [peer, { ...peer, observedUptime: 'high', benched: 'later' }] } })
    await shape(client().peers(), 'info.peers', '$.peers[1].observedUptime')
  })

  it('a bad RFC 3339 time: $.peers[0].lastSent', async () => {
    node.answer('info.peers', { result: { numPeers: '1', peers: [{ ...peer, lastSent: 'yesterday' }] } })
    await shape(client().peers(), 'info.peers', '$.peers[0].lastSent', /RFC 3339/)
  })

  it('a missing field: $.feeConfig.minBaseFee', async () => {
    const { minBaseFee: _m, ...rest } = fee
    node.answer('eth_feeConfig', { result: { feeConfig: rest, lastChangedAt: 0 } })
    await shape(client().feeConfig(), 'eth_feeConfig', '$.feeConfig.minBaseFee', /expected an integer, got nothing/)
  })

  it('a fractional number where an integer is due: $.feeConfig.gasLimit', async () => {
    node.answer('eth_feeConfig', { result: { feeConfig: { ...fee, gasLimit: 1.5 }, lastChangedAt: 0 } })
    await shape(client().feeConfig(), 'eth_feeConfig', '$.feeConfig.gasLimit')
  })

  it('a null result: $', async () => {
    node.answer('info.getNetworkID', { rawResult: 'null' })
    await shape(client().getNetworkID(), 'info.getNetworkID', '$')
  })

  it('networkID beyond uint32: $.networkID', async () => {
    node.answer('info.getNetworkID', { result: { networkID: '4294967296' } })
    await shape(client().getNetworkID(), 'info.getNetworkID', '$.networkID')
  })

  it('a rule that is not a boolean: $.avalancheRules.IsDurango', async () => {
    node.answer('eth_getActiveRulesAt', {
      result: {
        ethRules: {
          IsHomestead: true,
          IsEIP150: true,
          IsEIP155: true,
          IsEIP158: true,
          IsByzantium: true,
          IsConstantinople: true,
          IsPetersburg: true,
          IsIstanbul: true,
          IsCancun: true,
        },
        avalancheRules: { IsSubnetEVM: true, IsDurango: 'yes' },
        precompiles: {},
      },
    })
    await shape(client().getActiveRulesAt({ timestamp: 1 }), 'eth_getActiveRulesAt', '$.avalancheRules.IsDurango')
  })

  it('a bad address in an allow list: $.txAllowListConfig.adminAddresses[1]', async () => {
    node.answer('eth_getActivePrecompilesAt', {
      result: { txAllowListConfig: { adminAddresses: [`0x${'1'.repeat(40)}`, '0x12'], blockTimestamp: 0 } },
    })
    await shape(client().getActivePrecompilesAt(), 'eth_getActivePrecompilesAt', '$.txAllowListConfig.adminAddresses[1]')
  })

  it('keys that are not identifiers are bracketed: $.acps["7x"], $.vms.__proto__', async () => {
    node.answer('info.acps', {
      result: { acps: { '7x': { supportWeight: '0', supporters: [], objectWeight: '0', objectors: [], abstainWeight: '0' } } },
    })
    await shape(client().acps(), 'info.acps', '$.acps["7x"]', /ACP number/)
    node.answer('info.getVMs', { rawResult: '{"vms":{"__proto__":5}}' })
    await shape(client().getVMs(), 'info.getVMs', '$.vms.__proto__', /an array/)
    node.answer('info.getVMs', { rawResult: '{"vms":{"a-b":["x", 1]}}' })
    await shape(client().getVMs(), 'info.getVMs', '$.vms["a-b"][1]')
  })

  it('over subnetHttp an exact big integer where a string is due is still a shape error, not a marker string', async () => {
    node.answer('info.getBlockchainID', { rawResult: '{"blockchainID":123456789012345678901234567890}' })
    const e = await shape(client(subnetHttp as typeof http).getBlockchainID({ alias: 'X' }), 'info.getBlockchainID', '$.blockchainID')
    expect(e.received).toContain('123456789012345678901234567890')
    expect(e.message).not.toContain('bigint:')
  })

  it('PrecisionError vs ResponseShapeError: a rounded big integer in a bigint field over http', async () => {
    node.answer('eth_feeConfig', {
      rawResult: `{"feeConfig":${JSON.stringify(fee).replace('"gasLimit":8000000', '"gasLimit":18446744073709551615')},"lastChangedAt":0}`,
    })
    const e = await failure(client().feeConfig())
    expect(e).toBeInstanceOf(PrecisionError)
    expect(e.path).toBe('$.feeConfig.gasLimit')
    const exact = await client(subnetHttp as typeof http).feeConfig()
    expect(exact.feeConfig.gasLimit).toBe(18446744073709551615n)
  })
})

describe('InvalidArgumentError before any request', () => {
  const rec = useRecorder(() => devnet().url)
  beforeEach(() => rec().clear())
  const client = () =>
    createPublicClient({ transport: http(`${rec().url}/ext/bc/${devnet().blockchainID}/rpc`) })
      .extend(subnetActions())
      .extend(infoActions())

  async function invalid(p: Promise<unknown>, argument: string | RegExp) {
    const e = await failure(p)
    expect(e).toBeInstanceOf(InvalidArgumentError)
    expectViemError(e, 'InvalidArgumentError')
    if (typeof argument === 'string') expect(e.argument).toBe(argument)
    else expect(e.argument).toMatch(argument)
    expect(e.message).toMatch(/Accepted:/)
  }

  it('timestamps: negative, fractional, out of range, invalid Date, wrong type', async () => {
    const c = client()
    const bad: unknown[] = [
      -1,
      -1n,
      1.5,
      0.1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2 ** 53,
      Number.MAX_SAFE_INTEGER + 2,
      2n ** 53n,
      2n ** 64n,
      new Date(Number.NaN),
      new Date(-1000),
      '1700000000',
      null,
    ]
    for (const timestamp of bad) {
      await invalid(c.getActiveRulesAt({ timestamp: timestamp as never }), 'timestamp')
      await invalid(c.getActivePrecompilesAt({ timestamp: timestamp as never }), 'timestamp')
      await invalid(actions.getActiveRulesAt(c as Client, { timestamp: timestamp as never }), 'timestamp')
    }
    expect(rec().requests).toEqual([])
    // The edges that are allowed do go out.
    await c.getActiveRulesAt({ timestamp: 0 })
    await c.getActiveRulesAt({ timestamp: Number.MAX_SAFE_INTEGER })
    await c.getActiveRulesAt({ timestamp: new Date(0) })
    expect(rec().requests).toHaveLength(3)
  })

  it('block selectors: number with hash, malformed hash, unknown tag, bad numbers', async () => {
    const c = client()
    const hash = `0x${'ab'.repeat(32)}` as const
    await invalid(c.feeConfig({ blockNumber: 1n, blockHash: hash }), 'block')
    await invalid(c.feeConfig({ blockTag: 'latest', blockNumber: 1n }), 'block')
    await invalid(c.feeConfig({ blockTag: 'latest', blockHash: hash }), 'block')
    // The error keeps the rejected value and shows it in one message form.
    const both = (await failure(c.feeConfig({ blockNumber: 1n, blockTag: 'latest' }))) as InvalidArgumentError
    expect(both.value).toEqual({ blockNumber: 1n, blockTag: 'latest' })
    expect(both.shortMessage).toBe('Invalid block: got {"blockNumber":"1","blockTag":"latest"}')
    expect(both.message).toMatch(/Accepted: one of blockNumber, blockHash, blockTag$/m)
    const tag = (await failure(c.feeConfig({ blockTag: 'newest' as never }))) as InvalidArgumentError
    expect([tag.value, tag.shortMessage]).toEqual(['newest', 'Invalid blockTag: got "newest"'])
    await invalid(c.feeConfig({ blockHash: '0x1234' }), 'blockHash')
    await invalid(c.feeConfig({ blockHash: `0x${'zz'.repeat(32)}` as `0x${string}` }), 'blockHash')
    await invalid(c.feeConfig({ blockHash: 'ab'.repeat(32) as never }), 'blockHash')
    await invalid(c.feeConfig({ blockTag: 'newest' as never }), 'blockTag')
    await invalid(c.feeConfig({ blockTag: 'Latest' as never }), 'blockTag')
    await invalid(c.feeConfig({ blockNumber: -1n }), 'blockNumber')
    await invalid(c.feeConfig({ blockNumber: -1 }), 'blockNumber')
    await invalid(c.feeConfig({ blockNumber: 1.5 }), 'blockNumber')
    await invalid(c.feeConfig({ blockNumber: 2n ** 63n }), 'blockNumber')
    await invalid(c.feeConfig({ blockNumber: '1' as never }), 'blockNumber')
    await invalid(actions.feeConfig(c as Client, { blockHash: '0x1' }), 'blockHash')
    expect(rec().requests).toEqual([])
  })

  it('Info arguments: empty chain, empty alias, bad NodeIDs, bad subnetID', async () => {
    const c = client()
    await invalid(c.isBootstrapped({ chain: '' }), 'chain')
    await invalid(c.isBootstrapped({} as never), 'chain')
    await invalid(c.isBootstrapped(undefined as never), 'chain')
    await invalid(c.getBlockchainID({ alias: '' }), 'alias')
    await invalid(c.getBlockchainID({ alias: 5 as never }), 'alias')
    await invalid(c.peers({ nodeIDs: ['nope'] }), 'nodeIDs[0]')
    await invalid(c.peers({ nodeIDs: ['NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg', 'NodeID-'] }), 'nodeIDs[1]')
    await invalid(c.peers({ nodeIDs: ['7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg'] }), 'nodeIDs[0]')
    await invalid(c.peers({ nodeIDs: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg' as never }), 'nodeIDs')
    await invalid(c.uptime({ subnetID: 'bad' }), 'subnetID')
    await invalid(c.uptime({ subnetID: '' }), 'subnetID')
    await invalid(actions.getBlockchainID(c as Client, { alias: '' }), 'alias')
    expect(rec().requests).toEqual([])
  })

  it('over a custom transport without an Info URL, bad arguments are reported before the missing URL', async () => {
    const provider = eip1193(() => devnet().rpcUrl)
    const c = createPublicClient({ transport: custom(provider) })
      .extend(subnetActions())
      .extend(infoActions())
    await invalid(c.getBlockchainID({ alias: '' }), 'alias')
    await invalid(c.isBootstrapped({ chain: '' }), 'chain')
    await invalid(c.peers({ nodeIDs: ['x'] }), 'nodeIDs[0]')
    await invalid(actions.getBlockchainID(c as Client, { alias: '' }), 'alias')
    await invalid(c.getActiveRulesAt({ timestamp: -5 }), 'timestamp')
    await invalid(c.feeConfig({ blockTag: 'nope' as never }), 'blockTag')
    expect(provider.calls).toEqual([])
  })

  it('the shared method specs check arguments the same way', () => {
    expect(() => infoMethods.getBlockchainID.encode({ alias: '' })).toThrow(InvalidArgumentError)
    expect(() => infoMethods.peers.encode({ nodeIDs: ['x'] })).toThrow(InvalidArgumentError)
  })
})

describe('InfoEndpointError', () => {
  it('a custom transport, standalone action', async () => {
    const provider = eip1193(() => devnet().rpcUrl)
    const e = await failure(actions.getNodeID(createPublicClient({ transport: custom(provider) })))
    expect(e).toBeInstanceOf(InfoEndpointError)
    expect(provider.calls).toEqual([])
  })

  it('a fallback that holds a non-http transport', async () => {
    const provider = eip1193(() => devnet().rpcUrl)
    const c = createPublicClient({ transport: fallback([http(devnet().rpcUrl), custom(provider)]) }).extend(infoActions())
    const e = await failure(c.getNodeIP())
    expect(e).toBeInstanceOf(InfoEndpointError)
    expect(e.message).toMatch(/fallback/)
    expect(provider.calls).toEqual([])
  })

  it('infoActions({ url }) with a URL that is neither http(s) nor ws(s)', async () => {
    const c = createPublicClient({ transport: http(devnet().rpcUrl) }).extend(infoActions({ url: 'ftp://127.0.0.1:1/ext/info' }))
    expect(await failure(c.getNetworkID())).toBeInstanceOf(InfoEndpointError)
  })
})
