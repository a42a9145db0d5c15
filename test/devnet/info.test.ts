/**
 * Wire contract of the devnet's `/ext/info` (avalanchego Info API behind gorilla json2 and
 * avalanchego's `lowercase` codec). Every expectation is the exact body text the node
 * writes (key order, escaping, trailing newline), per docs node-wire-spec.md §1 and §2.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { post, rpc, useDevnet, type RawReply } from '../helpers/devnet.js'
import { createNodeIdentity, verifyProofOfPossession } from '../../packages/devnet/src/identity.js'

// A node of the Fuji pre-release v1.15.0-fuji, the release read at its tag: its exact replies are written out below.
const devnet = useDevnet({ seed: 'info-tests', nodeVersion: '1.15.0-fuji' })

// Everything below follows from the seed 'info-tests' (and the local network, 12345).
const NODE_ID = 'NodeID-PfREQWEzzhxjX6E3FfeK3GCyYvPSJrTv1'
const L1_SUBNET = '2a1N9jKna34LGs7oSvpQjqVU6y3ifbMPcD5gDThPRZdPE9KHmi'
const OTHER_SUBNET = '2Pq7E4S1n5odPFKnNnKmfsxwNw8D2SnRa3TxpGihZmaFQZdXUo'
const PEER = [
  'NodeID-4199NTVpyuMUsk5WHUKcLChtBuojMHGsE',
  'NodeID-CueSQGFF9G7XGEqZ5953ygaFSu8U3ntDG',
  'NodeID-2o2NRnaxah81R5zUn3hkztCTAeGq7GbLA',
  'NodeID-Bjqp4aQHjj17dQFfExDgmwmKqWbgYLAtc',
  'NodeID-LSStS1GWvazShJjzAXRuMEpGPD6iuZrg6',
  'NodeID-6Me7Re3nZ9EWoshz5wAQn3hxeEtM3CULf',
] as const
// Primary chains of the local network (its genesis), and the P-Chain's fixed ID.
const P_CHAIN = '11111111111111111111111111111111LpoYY'
const X_CHAIN = '2eNy1mUFdmaxXNj1eQHUe7Np4gju9sJsEtWQ4MX3ToiNKuADed'
const C_CHAIN = '2CA6j5zYzasynPsFeNoqWkmTCt3VScMvXUZHbfDJ8k3oGzAPtU'
/** A syntactically valid NodeID that is not connected (the zero ID's neighbour would not verify). */
const UNKNOWN_NODE = 'NodeID-111111111111111111116DBWJs'

const UNMARSHAL = "couldn't unmarshal an argument. Ensure arguments are valid and properly formatted. See documentation for example calls"
const JSON_CT = 'application/json; charset=utf-8'
const TEXT_CT = 'text/plain; charset=utf-8'

/** `{"jsonrpc":"2.0","result":…,"id":…}\n` */
const ok = (result: string, id = '1') => `{"jsonrpc":"2.0","result":${result},"id":${id}}\n`
/** `{"jsonrpc":"2.0","error":{"code":…,"message":…,"data":…},"id":…}\n`; `message` is already JSON. */
const errRaw = (code: number, messageJson: string, data = 'null', id = '1') =>
  `{"jsonrpc":"2.0","error":{"code":${code},"message":${messageJson},"data":${data}},"id":${id}}\n`
/** A -32000 error whose message needs no HTML escaping. */
const err = (message: string, id = '1') => errRaw(-32000, JSON.stringify(message), 'null', id)

/** Every response of a node carries its `node-id` header. */
function checkNodeId(r: RawReply): RawReply {
  expect(r.headers.get('node-id')).toBe(devnet().nodeID)
  return r
}
async function call(method: string, params?: string, id?: string): Promise<RawReply> {
  return checkNodeId(await rpc(devnet().infoUrl, method, params, id))
}
async function send(body: string, headers?: Record<string, string>): Promise<RawReply> {
  return checkNodeId(await post(devnet().infoUrl, body, headers))
}
/** POSTs bytes, so fetch adds no Content-Type of its own (it would for a string body). */
async function sendBytes(body: string, headers: Record<string, string>): Promise<RawReply> {
  const res = await fetch(devnet().infoUrl, { method: 'POST', headers, body: new TextEncoder().encode(body) })
  return checkNodeId({ status: res.status, headers: res.headers, body: await res.text() })
}

/** A JSON-RPC reply after the method ran: 200, JSON content type and `nosniff`. */
function expectInvoked(r: RawReply, body: string) {
  expect({ status: r.status, body: r.body }).toEqual({ status: 200, body })
  expect(r.headers.get('content-type')).toBe(JSON_CT)
  expect(r.headers.get('x-content-type-options')).toBe('nosniff')
}
/** A JSON-RPC reply written before any method ran (envelope, lookup, params): no `nosniff`. */
function expectNotInvoked(r: RawReply, body: string) {
  expect({ status: r.status, body: r.body }).toEqual({ status: 200, body })
  expect(r.headers.get('content-type')).toBe(JSON_CT)
  expect(r.headers.get('x-content-type-options')).toBeNull()
}
/** Notification: the method may run, but nothing is written. */
function expectSilent(r: RawReply) {
  expect({ status: r.status, body: r.body }).toEqual({ status: 200, body: '' })
  expect(r.headers.get('content-type')).toBeNull()
}

// ---------------------------------------------------------------------------------------
// Exact replies of the devnet's node (seed 'info-tests', network 12345, v1.15.0-fuji).
// ---------------------------------------------------------------------------------------

const acpEntry = (support: string, supporters: string[], object: string, objectors: string[], abstain: string) =>
  `{"supportWeight":"${support}","supporters":${JSON.stringify(supporters)},"objectWeight":"${object}","objectors":${JSON.stringify(objectors)},"abstainWeight":"${abstain}"}`
// v1.15.0-fuji's current ACPs (utils/constants/acps.go): the six scheduled ones every v1.15.0 peer supports implicitly,
// and 224 and 247, on which peers were told to vote. PEER[3], on v1.14.2 with weight 0, does not count.
const SCHEDULED = [194, 236, 267, 273, 283, 285]
const scheduledEntry = acpEntry('34000000000000', [PEER[2], PEER[0], PEER[5], PEER[1], PEER[4]], '0', [], '161113778098286584')
const ACPS_RESULT =
  '{"acps":{' +
  `"194":${scheduledEntry},` +
  `"224":${acpEntry('6000000000000', [PEER[0], PEER[1]], '6000000000000', [PEER[2]], '161135778098286584')},` +
  `"236":${scheduledEntry},` +
  `"247":${acpEntry('16000000000000', [PEER[5], PEER[1]], '2000000000000', [PEER[0]], '161129778098286584')},` +
  `"267":${scheduledEntry},"273":${scheduledEntry},"283":${scheduledEntry},"285":${scheduledEntry}` +
  '}}'

const LOCAL_TIME = '2020-12-05T05:00:00Z'
const UPGRADES_RESULT =
  `{"apricotPhase1Time":"${LOCAL_TIME}","apricotPhase2Time":"${LOCAL_TIME}","apricotPhase3Time":"${LOCAL_TIME}",` +
  `"apricotPhase4Time":"${LOCAL_TIME}","apricotPhase4MinPChainHeight":0,"apricotPhase5Time":"${LOCAL_TIME}",` +
  `"apricotPhasePre6Time":"${LOCAL_TIME}","apricotPhase6Time":"${LOCAL_TIME}","apricotPhasePost6Time":"${LOCAL_TIME}",` +
  `"banffTime":"${LOCAL_TIME}","cortinaTime":"${LOCAL_TIME}","cortinaXChainStopVertexID":"11111111111111111111111111111111LpoYY",` +
  `"durangoTime":"${LOCAL_TIME}","etnaTime":"${LOCAL_TIME}","fortunaTime":"${LOCAL_TIME}","graniteTime":"${LOCAL_TIME}",` +
  `"graniteEpochDuration":30000000000,"heliconTime":"9999-12-01T00:00:00Z"}`

// v1.15.0-fuji (version/constants.go at that tag, Current 1.15.0): protocol 46; the C-Chain and Subnet-EVM report version.Current.Semantic().
const NODE_VERSION_RESULT =
  '{"version":"avalanchego/1.15.0","databaseVersion":"v1.4.5","rpcProtocolVersion":"46",' +
  '"gitCommit":"e8f9781ee57de048bbfde5be0fa632e9efdf1448",' +
  '"vmVersions":{"avm":"avalanchego/1.15.0","evm":"v1.15.0","platform":"avalanchego/1.15.0","srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy":"v1.15.0"}}'

const TX_FEE_RESULT =
  '{"txFee":"1000000","createAssetTxFee":"1000000","createSubnetTxFee":"100000000","transformSubnetTxFee":"100000000",' +
  '"createBlockchainTxFee":"100000000","addPrimaryNetworkValidatorFee":"0","addPrimaryNetworkDelegatorFee":"0",' +
  '"addSubnetValidatorFee":"1000000","addSubnetDelegatorFee":"1000000"}'

const VMS_RESULT =
  '{"vms":{"jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq":["avm"],"mgj786NP7uDwBCcq6YwThhaN8FLyybkCa4zBWTQbNgmK6k9A6":["evm"],' +
  '"rWhpuQPF1kb72esV2momhMuTYGkEb1oL29pt2EBXWmSy4kxnT":["platform"],"srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy":[]},' +
  '"fxs":{"qd2U4HDWUvMrVUeTcCHp6xH3Qpnn1XbU5MDdnBoiifFqvgXwT":"nftfx","rXJsCSEYXg2TehWxCEEGj6JU2PWKTkd6cBdNLjoe2SpsKD9cy":"propertyfx",' +
  '"spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ":"secp256k1fx"}}'

const UPTIME_RESULT = '{"rewardingStakePercentage":"100.0000","weightedAveragePercentage":"99.4821"}'

/** One `peers` entry; `sent`/`received` are the RFC 3339 times the node prints. */
function peerJson(p: {
  ip: string
  publicIP: string
  nodeID: string
  version?: string
  upgradeTime?: number
  sent: string
  received: string
  uptime?: string
  subnets?: string[]
  supported?: number[]
  objected?: number[]
  benched?: string[]
}) {
  return (
    `{"ip":"${p.ip}","publicIP":"${p.publicIP}","nodeID":"${p.nodeID}","version":"${p.version ?? 'avalanchego/1.15.0'}",` +
    // A v1.15.0 peer announces its network's Helicon time (unscheduled on a local network), a v1.14.2 one its Granite time.
    `"upgradeTime":${p.upgradeTime ?? 253399622400},"lastSent":"${p.sent}","lastReceived":"${p.received}","observedUptime":"${p.uptime ?? '100'}",` +
    `"trackedSubnets":${JSON.stringify(p.subnets ?? [])},"supportedACPs":${JSON.stringify(p.supported ?? [])},` +
    `"objectedACPs":${JSON.stringify(p.objected ?? [])},"benched":${JSON.stringify(p.benched ?? [])}}`
  )
}

/** The six default peers, their times counted back from `now` (unix seconds) and shown by `fmt`. */
function defaultPeers(now: number, fmt: (unix: number) => string): string[] {
  const t = (ago: number) => fmt(now - ago)
  return [
    peerJson({
      ip: '127.0.0.1:9653',
      publicIP: '127.0.0.1:9653',
      nodeID: PEER[0],
      sent: t(1),
      received: t(2),
      subnets: [L1_SUBNET],
      supported: [194, 224, 236, 267, 273, 283, 285],
      objected: [247],
    }),
    peerJson({
      ip: '127.0.0.1:9655',
      publicIP: '127.0.0.1:9655',
      nodeID: PEER[1],
      sent: t(2),
      received: t(3),
      subnets: [OTHER_SUBNET, L1_SUBNET],
      supported: [194, 224, 236, 247, 267, 273, 283, 285],
      benched: ['C'],
    }),
    peerJson({
      ip: '127.0.0.1:9657',
      publicIP: '127.0.0.1:9657',
      nodeID: PEER[2],
      sent: t(3),
      received: t(4),
      uptime: '87',
      subnets: [OTHER_SUBNET],
      supported: SCHEDULED,
      objected: [224],
    }),
    peerJson({
      ip: '127.0.0.1:9659',
      publicIP: '',
      nodeID: PEER[3],
      version: 'avalanchego/1.14.2',
      upgradeTime: 1607144400,
      sent: t(4),
      received: t(5),
      supported: [224],
    }),
    peerJson({
      ip: '[::1]:9661',
      publicIP: '[::1]:9661',
      nodeID: PEER[4],
      sent: t(5),
      received: t(6),
      uptime: '96',
      subnets: [L1_SUBNET],
      supported: SCHEDULED,
      benched: ['P', 'X'],
    }),
    peerJson({
      ip: '127.0.0.1:9663',
      publicIP: '127.0.0.1:9663',
      nodeID: PEER[5],
      sent: t(6),
      received: t(7),
      subnets: [L1_SUBNET],
      supported: [194, 236, 247, 267, 273, 283, 285],
    }),
  ]
}

const utc = (unix: number) => new Date(unix * 1000).toISOString().replace('.000Z', 'Z')
const peersResult = (peers: string[]) => `{"numPeers":"${peers.length}","peers":[${peers.join(',')}]}`

/** Freezes the clock (Date only) and the process time zone while a test runs. */
const FROZEN_MS = Date.UTC(2026, 0, 2, 3, 4, 5, 678)
const FROZEN = Math.floor(FROZEN_MS / 1000)
const savedTz = process.env.TZ
function freeze(tz: string) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(FROZEN_MS)
  process.env.TZ = tz
}
afterEach(() => {
  vi.useRealTimers()
  if (savedTz === undefined) delete process.env.TZ
  else process.env.TZ = savedTz
})

// ---------------------------------------------------------------------------------------

describe('the devnet under test', () => {
  it('is the node the seed determines', () => {
    expect(devnet().nodeID).toBe(NODE_ID)
    expect(devnet().subnetID).toBe(L1_SUBNET)
    expect(devnet().infoUrl).toBe(`${devnet().url}/ext/info`)
  })
})

describe('spec §1.9 transcript', () => {
  it('getNetworkID answers with the quoted network ID', async () => {
    expectInvoked(await send('{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}'), ok('{"networkID":"12345"}'))
  })
  it('params "x" is the couldn\'t-unmarshal error', async () => {
    expectNotInvoked(await send('{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID","params":"x"}'), err(UNMARSHAL))
  })
  it('isBootstrapped with {} is the method\'s own "chain not given" error', async () => {
    expectInvoked(await send('{"jsonrpc":"2.0","id":7,"method":"info.isBootstrapped","params":{}}'), err("argument 'chain' not given", '7'))
  })
  it('an unknown method is named with its first letter upper-cased', async () => {
    expectNotInvoked(
      await send('{"jsonrpc":"2.0","id":1,"method":"info.fooBar","params":{}}'),
      errRaw(-32000, '"rpc: can\'t find method \\"info.FooBar\\""'),
    )
  })
  it('an upper-case method name is rejected', async () => {
    expectNotInvoked(
      await send('{"jsonrpc":"2.0","id":1,"method":"info.GetNetworkID","params":{}}'),
      err('method must start with a non-uppercase letter'),
    )
  })
  it('jsonrpc "1.0" is -32600 with the request echoed as data', async () => {
    expectNotInvoked(
      await send('{"jsonrpc":"1.0","id":1,"method":"info.getNetworkID","params":{}}'),
      errRaw(-32600, '"jsonrpc must be 2.0"', '{"jsonrpc":"1.0","method":"info.getNetworkID","params":{},"id":1}'),
    )
  })
  it('a missing jsonrpc is -32600 with jsonrpc "" and params null in data', async () => {
    expectNotInvoked(
      await send('{"id":1,"method":"info.getNetworkID"}'),
      errRaw(-32600, '"jsonrpc must be 2.0"', '{"jsonrpc":"","method":"info.getNetworkID","params":null,"id":1}'),
    )
  })
  it('a truncated body is -32700 "unexpected EOF" with id null', async () => {
    expectNotInvoked(
      await send('{"jsonrpc":"2.0",'),
      errRaw(-32700, '"unexpected EOF"', '{"jsonrpc":"","method":"","params":null,"id":null}', 'null'),
    )
  })
  it('an empty body is -32700 "EOF"', async () => {
    expectNotInvoked(await send(''), errRaw(-32700, '"EOF"', '{"jsonrpc":"","method":"","params":null,"id":null}', 'null'))
  })
  it('a batch array is a single -32700 object', async () => {
    expectNotInvoked(
      await send('[{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}]'),
      errRaw(
        -32700,
        '"json: cannot unmarshal array into Go value of type json2.serverRequest"',
        '{"jsonrpc":"","method":"","params":null,"id":null}',
        'null',
      ),
    )
  })
  it('a notification (no id) gets 200, an empty body and no content type', async () => {
    expectSilent(await send('{"jsonrpc":"2.0","method":"info.getNetworkID"}'))
  })
  it('id null is a notification too', async () => {
    expectSilent(await send('{"jsonrpc":"2.0","id":null,"method":"info.getNetworkID"}'))
  })
  it('a bad version without id is silent', async () => {
    expectSilent(await send('{"jsonrpc":"1.0","method":"info.getNetworkID"}'))
  })
  it('GET is 405 "rpc: POST method required, received GET" without trailing newline', async () => {
    const res = await fetch(devnet().infoUrl)
    const r = checkNodeId({ status: res.status, headers: res.headers, body: await res.text() })
    expect({ status: r.status, body: r.body }).toEqual({ status: 405, body: 'rpc: POST method required, received GET' })
    expect(r.headers.get('content-type')).toBe(TEXT_CT)
  })
  it('a POST without Content-Type is 415 with an empty type in the message', async () => {
    const r = await sendBytes('{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}', {})
    expect({ status: r.status, body: r.body }).toEqual({ status: 415, body: 'rpc: unrecognized Content-Type: ' })
    expect(r.headers.get('content-type')).toBe(TEXT_CT)
  })
})

describe('info.getNetworkID / info.getNetworkName', () => {
  it('getNetworkID is a uint32 string', async () => {
    expectInvoked(await call('info.getNetworkID'), ok('{"networkID":"12345"}'))
  })
  it('getNetworkName of 12345 is "local"', async () => {
    expectInvoked(await call('info.getNetworkName'), ok('{"networkName":"local"}'))
  })
})

describe('no-arg methods: params handling (§1.5)', () => {
  const noArg: Array<[string, string]> = [
    ['info.acps', ACPS_RESULT],
    ['info.getNetworkID', '{"networkID":"12345"}'],
    ['info.getNetworkName', '{"networkName":"local"}'],
    ['info.getNodeIP', '{"ip":"127.0.0.1:9651"}'],
    ['info.getNodeVersion', NODE_VERSION_RESULT],
    ['info.getTxFee', TX_FEE_RESULT],
    ['info.getVMs', VMS_RESULT],
    ['info.upgrades', UPGRADES_RESULT],
    ['info.uptime', UPTIME_RESULT],
  ]
  const accepted = [undefined, 'null', '{}', '[]', '[{}]', '[null]', '{"foo":1}', '[{"foo":1},5,"x"]', '{ }']
  for (const [method, result] of noArg) {
    it(`${method} accepts params omitted, null, {}, [], [{}], [null] and unknown keys`, async () => {
      for (const params of accepted) expectInvoked(await call(method, params), ok(result))
    })
    it(`${method} rejects params "x", 5, [1], true, [[]] with the couldn't-unmarshal error`, async () => {
      for (const params of ['"x"', '5', '[1]', 'true', '[[]]', '["x"]']) expectNotInvoked(await call(method, params), err(UNMARSHAL))
    })
  }
  it('getNodeID also accepts every empty form', async () => {
    const base = (await call('info.getNodeID')).body
    for (const params of accepted) expectInvoked(await call('info.getNodeID', params), base)
    for (const params of ['"x"', '5', '[1]']) expectNotInvoked(await call('info.getNodeID', params), err(UNMARSHAL))
  })
})

describe('info.acps', () => {
  it('sums weights of staking peers only, keys sorted lexically ("181" < "77"), weights as strings', async () => {
    expectInvoked(await call('info.acps', '{}'), ok(ACPS_RESULT))
  })
})

describe('info.isBootstrapped', () => {
  const chains = ['P', 'X', 'C', 'platform', 'avm', 'evm', 'devnet', P_CHAIN, X_CHAIN, C_CHAIN]
  for (const chain of chains) {
    it(`is true for ${chain}`, async () => {
      expectInvoked(await call('info.isBootstrapped', `{"chain":"${chain}"}`), ok('{"isBootstrapped":true}'))
    })
  }
  it('is true for the L1 by its blockchain ID', async () => {
    expectInvoked(await call('info.isBootstrapped', `{"chain":"${devnet().blockchainID}"}`), ok('{"isBootstrapped":true}'))
  })
  it('accepts the by-position form and case-insensitive keys', async () => {
    for (const params of ['[{"chain":"X"}]', '{"CHAIN":"X"}', '{"Chain":"X"}', '{"chain":"\\u0058"}', '{"chain":"X","other":[1]}'])
      expectInvoked(await call('info.isBootstrapped', params), ok('{"isBootstrapped":true}'))
  })
  it('a later duplicate key wins, but null leaves the earlier value', async () => {
    expectInvoked(await call('info.isBootstrapped', '{"chain":"zzz","chain":"X"}'), ok('{"isBootstrapped":true}'))
    expectInvoked(await call('info.isBootstrapped', '{"chain":"X","chain":null}'), ok('{"isBootstrapped":true}'))
  })
  it('missing, null or empty chain is "argument \'chain\' not given"', async () => {
    for (const params of [undefined, 'null', '{}', '[]', '[{}]', '{"chain":""}', '{"chain":null}'])
      expectInvoked(await call('info.isBootstrapped', params), err("argument 'chain' not given"))
  })
  it('an unknown chain echoes the value in single quotes', async () => {
    expectInvoked(await call('info.isBootstrapped', '{"chain":"zzz"}'), err("there is no chain with alias/ID 'zzz'"))
  })
  it('aliases are case-sensitive', async () => {
    expectInvoked(await call('info.isBootstrapped', '{"chain":"x"}'), err("there is no chain with alias/ID 'x'"))
  })
  it("the echoed value is HTML-escaped like Go's json.Encoder", async () => {
    expectInvoked(
      await call('info.isBootstrapped', '{"chain":"<a&b>"}'),
      errRaw(-32000, '"there is no chain with alias/ID \'\\u003ca\\u0026b\\u003e\'"'),
    )
  })
  it("a non-string chain is the couldn't-unmarshal error", async () => {
    for (const params of ['{"chain":5}', '{"chain":true}', '{"chain":["X"]}', '"X"', '["X"]', '[1]', '{"chain":5,"chain":"X"}'])
      expectNotInvoked(await call('info.isBootstrapped', params), err(UNMARSHAL))
  })
})

describe('info.getBlockchainID', () => {
  const cases: Array<[string, () => string]> = [
    ['P', () => P_CHAIN],
    ['platform', () => P_CHAIN],
    ['X', () => X_CHAIN],
    ['avm', () => X_CHAIN],
    ['C', () => C_CHAIN],
    ['evm', () => C_CHAIN],
    ['devnet', () => devnet().blockchainID],
    [P_CHAIN, () => P_CHAIN],
    [X_CHAIN, () => X_CHAIN],
  ]
  for (const [alias, id] of cases) {
    it(`resolves ${alias}`, async () => {
      expectInvoked(await call('info.getBlockchainID', `{"alias":"${alias}"}`), ok(`{"blockchainID":"${id()}"}`))
    })
  }
  it('resolves the L1 blockchain ID to itself, also by position', async () => {
    const id = devnet().blockchainID
    expectInvoked(await call('info.getBlockchainID', `[{"alias":"${id}"}]`), ok(`{"blockchainID":"${id}"}`))
  })
  it('an unknown alias is "there is no ID with alias: <alias>"', async () => {
    expectInvoked(await call('info.getBlockchainID', '{"alias":"zzz"}'), err('there is no ID with alias: zzz'))
  })
  it('a missing or empty alias keeps the trailing space', async () => {
    for (const params of [undefined, '{}', '{"alias":""}', '{"alias":null}', '[]'])
      expectInvoked(await call('info.getBlockchainID', params), err('there is no ID with alias: '))
  })
  it("a non-string alias is the couldn't-unmarshal error", async () => {
    expectNotInvoked(await call('info.getBlockchainID', '{"alias":1}'), err(UNMARSHAL))
  })
})

describe('info.getNodeID', () => {
  it('reports the devnet node ID and a BLS proof of possession as 0x hex', async () => {
    const r = await call('info.getNodeID')
    const m =
      /^\{"jsonrpc":"2\.0","result":\{"nodeID":"(NodeID-[1-9A-HJ-NP-Za-km-z]+)","nodePOP":\{"publicKey":"(0x[0-9a-f]{96})","proofOfPossession":"(0x[0-9a-f]{192})"\}\},"id":1\}\n$/.exec(
        r.body,
      )
    expect(m, r.body).not.toBeNull()
    const [, nodeID, publicKey, pop] = m!
    expect(nodeID).toBe(devnet().nodeID)
    expect(verifyProofOfPossession(publicKey!, pop!)).toBe(true)
    expectInvoked(r, r.body)
  })
  it('the proof does not verify for another key', async () => {
    const body = JSON.parse((await call('info.getNodeID')).body) as { result: { nodePOP: { proofOfPossession: string } } }
    const other = createNodeIdentity('not-info-tests')
    expect(verifyProofOfPossession(other.publicKey, body.result.nodePOP.proofOfPossession)).toBe(false)
  })
  it('is the identity the seed derives, every time', async () => {
    const id = createNodeIdentity('info-tests')
    const expected = ok(`{"nodeID":"${id.nodeID}","nodePOP":{"publicKey":"${id.publicKey}","proofOfPossession":"${id.proofOfPossession}"}}`)
    expectInvoked(await call('info.getNodeID'), expected)
    expectInvoked(await call('info.getNodeID', '{}'), expected)
  })
})

describe('info.getNodeIP / getNodeVersion / getTxFee / getVMs', () => {
  it('getNodeIP is host:port', async () => {
    expectInvoked(await call('info.getNodeIP'), ok('{"ip":"127.0.0.1:9651"}'))
  })
  it('getNodeVersion: rpcProtocolVersion is a string, vmVersions keys sorted', async () => {
    expectInvoked(await call('info.getNodeVersion'), ok(NODE_VERSION_RESULT))
  })
  it("getTxFee: nine quoted uint64s in the node's key order, local-network values", async () => {
    expectInvoked(await call('info.getTxFee'), ok(TX_FEE_RESULT))
  })
  it('getVMs: vms and fxs maps sorted by ID, empty alias list is [] not null', async () => {
    expectInvoked(await call('info.getVMs'), ok(VMS_RESULT))
  })
})

describe('info.upgrades', () => {
  it('is the upgrade.Config object itself, in field order, incl. graniteEpochDuration (ns) and heliconTime', async () => {
    expectInvoked(await call('info.upgrades'), ok(UPGRADES_RESULT))
  })
})

describe('info.uptime', () => {
  it('percentages are strings with four decimals', async () => {
    expectInvoked(await call('info.uptime'), ok(UPTIME_RESULT))
  })
  it('a subnetID is ignored (no args since v1.11.12), whatever its value', async () => {
    for (const params of [
      `{"subnetID":"${devnet().subnetID}"}`,
      '{"subnetID":"not-an-id"}',
      '{"subnetID":5}',
      `[{"subnetID":"${devnet().subnetID}"}]`,
    ])
      expectInvoked(await call('info.uptime', params), ok(UPTIME_RESULT))
  })
})

describe('info.peers', () => {
  it('lists every peer: numPeers a string, publicIP "" when unknown, sets sorted, times in UTC', async () => {
    freeze('UTC')
    expectInvoked(await call('info.peers'), ok(peersResult(defaultPeers(FROZEN, utc))))
  })
  it("prints lastSent/lastReceived in the node's local time zone at second precision", async () => {
    freeze('Asia/Kolkata')
    const kolkata = (unix: number) => new Date((unix + 5.5 * 3600) * 1000).toISOString().replace('.000Z', '+05:30')
    expectInvoked(await call('info.peers', '{}'), ok(peersResult(defaultPeers(FROZEN, kolkata))))
  })
  it('params omitted, null, {}, [], nodeIDs null or [] all mean every peer', async () => {
    freeze('UTC')
    const all = ok(peersResult(defaultPeers(FROZEN, utc)))
    for (const params of [undefined, 'null', '{}', '[]', '[{}]', '{"nodeIDs":null}', '{"nodeIDs":[]}', '{"foo":1}'])
      expectInvoked(await call('info.peers', params), all)
  })
  it('nodeIDs filters; unknown IDs are omitted', async () => {
    freeze('UTC')
    const peers = defaultPeers(FROZEN, utc)
    expectInvoked(await call('info.peers', `{"nodeIDs":["${PEER[3]}","${UNKNOWN_NODE}"]}`), ok(peersResult([peers[3]!])))
  })
  it('nodeIDs keeps the requested order and repeats duplicates (peerSet.Info)', async () => {
    freeze('UTC')
    const peers = defaultPeers(FROZEN, utc)
    expectInvoked(
      await call('info.peers', `{"nodeIDs":["${PEER[2]}","${PEER[0]}","${PEER[2]}"]}`),
      ok(peersResult([peers[2]!, peers[0]!, peers[2]!])),
    )
  })
  it('accepts the by-position form [{"nodeIDs":[…]}]', async () => {
    freeze('UTC')
    const peers = defaultPeers(FROZEN, utc)
    expectInvoked(await call('info.peers', `[{"nodeIDs":["${PEER[4]}"]}]`), ok(peersResult([peers[4]!])))
  })
  it('only unknown or null IDs give numPeers "0" and peers []', async () => {
    for (const params of [`{"nodeIDs":["${UNKNOWN_NODE}"]}`, '{"nodeIDs":[null]}'])
      expectInvoked(await call('info.peers', params), ok('{"numPeers":"0","peers":[]}'))
  })
  it("a malformed NodeID is the couldn't-unmarshal error", async () => {
    const bad = [
      '{"nodeIDs":["NodeID-abc"]}',
      `{"nodeIDs":["${PEER[0]!.slice(0, -1)}x"]}`, // checksum
      `{"nodeIDs":["${PEER[0]!.slice('NodeID-'.length)}"]}`, // no prefix
      `{"nodeIDs":["nodeid-${PEER[0]!.slice('NodeID-'.length)}"]}`, // prefix is case-sensitive
      '{"nodeIDs":["NodeID-"]}',
      '{"nodeIDs":[5]}',
      `{"nodeIDs":"${PEER[0]}"}`,
      `["${PEER[0]}"]`,
    ]
    for (const params of bad) expectNotInvoked(await call('info.peers', params), err(UNMARSHAL))
  })
  it('NodeID strings are read raw: a JSON escape inside is malformed', async () => {
    const escaped = PEER[0]!.replace('NodeID-4', 'NodeID-\\u0034')
    expectNotInvoked(await call('info.peers', `{"nodeIDs":["${escaped}"]}`), err(UNMARSHAL))
  })
})

describe('envelope: id echo', () => {
  for (const id of ['"abc"', '1.50', '{"a":1}', '12345678901234567890', '-0', '1e3', '[1,"x"]', 'true', '"\\u00e9"'])
    it(`echoes id ${id} byte for byte`, async () => {
      expectInvoked(await call('info.getNetworkID', undefined, id), ok('{"networkID":"12345"}', id))
    })
  it('echoes the id in errors too', async () => {
    expectNotInvoked(await call('info.nope', undefined, '"q"'), errRaw(-32000, '"rpc: can\'t find method \\"info.Nope\\""', 'null', '"q"'))
  })
  it("re-encodes the id like Go's RawMessage: whitespace compacted, <>& escaped", async () => {
    expectInvoked(await call('info.getNetworkID', undefined, '{ "a" : [ 1 , 2 ] }'), ok('{"networkID":"12345"}', '{"a":[1,2]}'))
    expectInvoked(await call('info.getNetworkID', undefined, '"<a&b>"'), ok('{"networkID":"12345"}', '"\\u003ca\\u0026b\\u003e"'))
    expectInvoked(await call('info.getNetworkID', undefined, '"a b"'), ok('{"networkID":"12345"}', '"a b"'))
    expectInvoked(await call('info.getNetworkID', undefined, '"\u2028\\" x"'), ok('{"networkID":"12345"}', '"\\u2028\\" x"'))
  })
  it('compacts params echoed in -32600 data', async () => {
    expectNotInvoked(
      await send('{"jsonrpc":"1.0","id":1,"method":"info.getNetworkID","params":{ "a" : "<" }}'),
      errRaw(-32600, '"jsonrpc must be 2.0"', '{"jsonrpc":"1.0","method":"info.getNetworkID","params":{"a":"\\u003c"},"id":1}'),
    )
  })
})

describe('envelope: request decoding', () => {
  it('matches keys case-insensitively', async () => {
    expectInvoked(await send('{"JSONRPC":"2.0","ID":1,"METHOD":"info.getNetworkID"}'), ok('{"networkID":"12345"}'))
    expectInvoked(await send('{"Jsonrpc":"2.0","Id":2,"Method":"info.getNetworkID","Params":{}}'), ok('{"networkID":"12345"}', '2'))
  })
  it('reads only the first JSON value: trailing garbage is ignored', async () => {
    expectInvoked(await send('{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"} trailing {'), ok('{"networkID":"12345"}'))
  })
  it('"jsonrpc":2.0 (a number) is -32700 with Go\'s type error and the rest decoded', async () => {
    expectNotInvoked(
      await send('{"jsonrpc":2.0,"id":1,"method":"info.getNetworkID"}'),
      errRaw(
        -32700,
        '"json: cannot unmarshal number into Go struct field serverRequest.jsonrpc of type string"',
        '{"jsonrpc":"","method":"info.getNetworkID","params":null,"id":1}',
      ),
    )
  })
  it('a type error is written even without id (parse errors are never silent)', async () => {
    expectNotInvoked(
      await send('{"jsonrpc":"2.0","method":5}'),
      errRaw(
        -32700,
        '"json: cannot unmarshal number into Go struct field serverRequest.method of type string"',
        '{"jsonrpc":"2.0","method":"","params":null,"id":null}',
        'null',
      ),
    )
  })
  it('reports the first type error in document order', async () => {
    expectNotInvoked(
      await send('{"method":true,"jsonrpc":1,"id":3}'),
      errRaw(
        -32700,
        '"json: cannot unmarshal bool into Go struct field serverRequest.method of type string"',
        '{"jsonrpc":"","method":"","params":null,"id":3}',
        '3',
      ),
    )
  })
  it('a null field leaves an earlier value; a later duplicate overrides', async () => {
    expectInvoked(await send('{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID","method":null}'), ok('{"networkID":"12345"}'))
    expectInvoked(await send('{"jsonrpc":"1.0","id":1,"method":"info.getNetworkID","JSONRPC":"2.0"}'), ok('{"networkID":"12345"}'))
  })
  it('a bad version with id is -32600 echoing the request (id kept raw)', async () => {
    expectNotInvoked(
      await send('{"jsonrpc":"2","id":"x","method":"info.getNodeID","params":[]}'),
      errRaw(-32600, '"jsonrpc must be 2.0"', '{"jsonrpc":"2","method":"info.getNodeID","params":[],"id":"x"}', '"x"'),
    )
  })
  it('a syntax error names the character like Go', async () => {
    expectNotInvoked(
      await send('{"jsonrpc":"2.0",}'),
      errRaw(
        -32700,
        '"invalid character \'}\' looking for beginning of object key string"',
        '{"jsonrpc":"","method":"","params":null,"id":null}',
        'null',
      ),
    )
    expectNotInvoked(
      await send('<xml/>'),
      errRaw(
        -32700,
        '"invalid character \'\\u003c\' looking for beginning of value"',
        '{"jsonrpc":"","method":"","params":null,"id":null}',
        'null',
      ),
    )
  })
  it('a control byte or a non-ASCII character is shown as Go quotes the offending byte', async () => {
    const data = '{"jsonrpc":"","method":"","params":null,"id":null}'
    // Go reports the first UTF-8 byte of 'é' (0xC3) as the rune U+00C3.
    expectNotInvoked(await send('é'), errRaw(-32700, '"invalid character \'Ã\' looking for beginning of value"', data, 'null'))
    expectNotInvoked(await send('\u0001'), errRaw(-32700, '"invalid character \'\\\\x01\' looking for beginning of value"', data, 'null'))
    expectNotInvoked(await send('{"id":"a\nb"}'), errRaw(-32700, '"invalid character \'\\\\n\' in string literal"', data, 'null'))
    expectNotInvoked(await send("'x'"), errRaw(-32700, "\"invalid character '\\\\'' looking for beginning of value\"", data, 'null'))
  })
  it('a string body is -32700 "cannot unmarshal string"', async () => {
    expectNotInvoked(
      await send('"hello"'),
      errRaw(
        -32700,
        '"json: cannot unmarshal string into Go value of type json2.serverRequest"',
        '{"jsonrpc":"","method":"","params":null,"id":null}',
        'null',
      ),
    )
  })
  it('a null body decodes to an empty request: -32600 without id, so silent', async () => {
    expectSilent(await send('null'))
  })
})

describe('envelope: notifications', () => {
  it('a notification still runs the method: nosniff is set, nothing is written', async () => {
    const r = await send('{"jsonrpc":"2.0","method":"info.getNodeID"}')
    expectSilent(r)
    expect(r.headers.get('x-content-type-options')).toBe('nosniff')
  })
  it('a failing method as a notification is silent too', async () => {
    expectSilent(await send('{"jsonrpc":"2.0","id":null,"method":"info.isBootstrapped","params":{"chain":"zzz"}}'))
  })
  it('lookup and params errors as notifications are silent and never reach the method', async () => {
    for (const body of [
      '{"jsonrpc":"2.0","method":"info.nope"}',
      '{"jsonrpc":"2.0","method":"info.getNodeID","params":5}',
      '{"jsonrpc":"2.0","method":"getNodeID"}',
    ]) {
      const r = await send(body)
      expectSilent(r)
      expect(r.headers.get('x-content-type-options')).toBeNull()
    }
  })
})

describe('envelope: method names (§1.4)', () => {
  const cases: Array<[string, string]> = [
    ['info.a.b', '"rpc: service/method request ill-formed: \\"info.A.b\\""'],
    ['getNodeID', '"rpc: service/method request ill-formed: \\"getNodeID\\""'],
    ['', '"rpc: service/method request ill-formed: \\"\\""'],
    ['Info.getNodeID', '"rpc: can\'t find service \\"Info.GetNodeID\\""'],
    ['platform.getHeight', '"rpc: can\'t find service \\"platform.GetHeight\\""'],
    ['.getNodeID', '"rpc: can\'t find service \\".GetNodeID\\""'],
    ['info.getNodeId', '"rpc: can\'t find method \\"info.GetNodeId\\""'],
    ['info.', '"rpc: can\'t find method \\"info.\\""'],
    ['info.GetNodeID', '"method must start with a non-uppercase letter"'],
    ['info.Ébc', '"method must start with a non-uppercase letter"'],
    ['info.ébc', '"rpc: can\'t find method \\"info.Ébc\\""'],
    ['info.<x>', '"rpc: can\'t find method \\"info.\\u003cx\\u003e\\""'],
  ]
  for (const [method, message] of cases)
    it(`${JSON.stringify(method)} → ${message}`, async () => {
      expectNotInvoked(await call(method), errRaw(-32000, message))
    })
  it("quotes the name like Go's %q: control and non-printable characters escaped, ß not upper-cased", async () => {
    expectNotInvoked(await call('info.a\tb\u0001'), errRaw(-32000, '"rpc: can\'t find method \\"info.A\\\\tb\\\\x01\\""'))
    expectNotInvoked(await call('info.x\u00a0y'), errRaw(-32000, '"rpc: can\'t find method \\"info.X\\\\u00a0y\\""'))
    expectNotInvoked(await call('info.ßx'), errRaw(-32000, '"rpc: can\'t find method \\"info.ßx\\""'))
  })
  it("the first rune is upper-cased with Go's one-rune mapping: dotless ı reaches IsBootstrapped", async () => {
    expectInvoked(await call('info.ısBootstrapped', '{"chain":"X"}'), ok('{"isBootstrapped":true}'))
  })
  it('a lone surrogate decodes to U+FFFD as in Go', async () => {
    expectNotInvoked(
      await send('{"jsonrpc":"2.0","id":1,"method":"info.\\ud800"}'),
      errRaw(-32000, '"rpc: can\'t find method \\"info.\uFFFD\\""'),
    )
  })
  it('all 13 methods are served', async () => {
    const methods = [
      'acps',
      'isBootstrapped',
      'getBlockchainID',
      'getNetworkID',
      'getNetworkName',
      'getNodeID',
      'getNodeIP',
      'getNodeVersion',
      'getTxFee',
      'getVMs',
      'peers',
      'upgrades',
      'uptime',
    ]
    for (const m of methods) {
      const r = await call(`info.${m}`, '{"chain":"X","alias":"X"}')
      expect(r.body, m).toMatch(/^\{"jsonrpc":"2\.0","result":/)
    }
  })
})

describe('HTTP layer (§1.1, §1.2)', () => {
  it('accepts application/json with parameters and in any case', async () => {
    for (const ct of [
      'application/json; charset=utf-8',
      'application/json;charset=UTF-8',
      'application/json;',
      'Application/JSON',
      'APPLICATION/JSON; x=y',
    ])
      expectInvoked(
        await send('{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}', { 'content-type': ct }),
        ok('{"networkID":"12345"}'),
      )
  })
  it('text/plain is 415 naming the type', async () => {
    const r = await send('{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}', { 'content-type': 'text/plain' })
    expect({ status: r.status, body: r.body }).toEqual({ status: 415, body: 'rpc: unrecognized Content-Type: text/plain' })
    expect(r.headers.get('content-type')).toBe(TEXT_CT)
    expect(r.headers.get('x-content-type-options')).toBeNull()
  })
  it('the 415 message shows the type as sent, cut at ";" but not lower-cased or trimmed', async () => {
    const r = await send('{}', { 'content-type': 'Text/Plain; charset=utf-8' })
    expect({ status: r.status, body: r.body }).toEqual({ status: 415, body: 'rpc: unrecognized Content-Type: Text/Plain' })
    const spaced = await send('{}', { 'content-type': 'application/json ;x' })
    expect({ status: spaced.status, body: spaced.body }).toEqual({ status: 415, body: 'rpc: unrecognized Content-Type: application/json ' })
  })
  it('an empty Content-Type is 415 like a missing one', async () => {
    const r = await sendBytes('{}', { 'content-type': '' })
    expect({ status: r.status, body: r.body }).toEqual({ status: 415, body: 'rpc: unrecognized Content-Type: ' })
  })
  it('the method check comes before the content-type check', async () => {
    const res = await fetch(devnet().infoUrl, { method: 'PUT', body: 'x', headers: { 'content-type': 'text/plain' } })
    expect({ status: res.status, body: await res.text() }).toEqual({ status: 405, body: 'rpc: POST method required, received PUT' })
    expect(res.headers.get('node-id')).toBe(devnet().nodeID)
  })
  it('an unknown path is 404 "404 page not found\\n" with the node-id header', async () => {
    for (const path of ['/ext/nope', '/ext/info/x', '/']) {
      const r = checkNodeId(await post(`${devnet().url}${path}`, '{"jsonrpc":"2.0","id":1,"method":"info.getNodeID"}'))
      expect({ status: r.status, body: r.body }).toEqual({ status: 404, body: '404 page not found\n' })
      expect(r.headers.get('content-type')).toBe(TEXT_CT)
    }
  })
  it('a query string does not change the route', async () => {
    expectInvoked(
      checkNodeId(await post(`${devnet().infoUrl}?x=1`, '{"jsonrpc":"2.0","id":1,"method":"info.getNetworkID"}')),
      ok('{"networkID":"12345"}'),
    )
  })
})
