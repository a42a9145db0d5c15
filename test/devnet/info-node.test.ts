/**
 * `/ext/info` on devnets whose simulated node is configured differently from the default:
 * a non-validator with no peers and no current ACPs (what a v1.14.2 node really reports),
 * and a node with custom peers, ACPs, uptime and L1 alias. Exact bodies, spec §2.
 */
import { describe, expect, it } from 'vitest'
import { rpc, useDevnet, type RawReply } from '../helpers/devnet.js'
import type { PeerConfig } from '../../packages/devnet/src/index.js'
import { createNodeIdentity, derivePeerNodeIds } from '../../packages/devnet/src/identity.js'

const ok = (result: string, id = '1') => `{"jsonrpc":"2.0","result":${result},"id":${id}}\n`
const err = (message: string, id = '1') =>
  `{"jsonrpc":"2.0","error":{"code":-32000,"message":${JSON.stringify(message)},"data":null},"id":${id}}\n`

function expectInvoked(r: RawReply, nodeID: string, body: string) {
  expect({ status: r.status, body: r.body }).toEqual({ status: 200, body })
  expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8')
  expect(r.headers.get('x-content-type-options')).toBe('nosniff')
  expect(r.headers.get('node-id')).toBe(nodeID)
}

describe('a non-validator with no peers and no current ACPs (node: { uptime: null, … })', () => {
  const devnet = useDevnet({ seed: 'info-tests', node: { uptime: null, peers: [], currentACPs: [] } })
  const call = async (method: string, params?: string) => {
    const r = await rpc(devnet().infoUrl, method, params)
    return r
  }

  it('uptime is "couldn\'t get node uptime: node is not a validator" (-32000, data null)', async () => {
    expectInvoked(await call('info.uptime'), devnet().nodeID, err("couldn't get node uptime: node is not a validator"))
  })
  it('uptime with a subnetID gives the same error: the argument is ignored', async () => {
    expectInvoked(
      await call('info.uptime', `{"subnetID":"${devnet().subnetID}"}`),
      devnet().nodeID,
      err("couldn't get node uptime: node is not a validator"),
    )
  })
  it('acps with no current ACPs is {"acps":{}}', async () => {
    expectInvoked(await call('info.acps'), devnet().nodeID, ok('{"acps":{}}'))
  })
  it('peers with no connected peer is numPeers "0" and peers [] (never null)', async () => {
    expectInvoked(await call('info.peers'), devnet().nodeID, ok('{"numPeers":"0","peers":[]}'))
    const someone = derivePeerNodeIds('info-tests', 1)[0]!
    expectInvoked(await call('info.peers', `{"nodeIDs":["${someone}"]}`), devnet().nodeID, ok('{"numPeers":"0","peers":[]}'))
  })
  it('the same seed gives the same node identity on another devnet', async () => {
    const id = createNodeIdentity('info-tests')
    expect(devnet().nodeID).toBe('NodeID-PfREQWEzzhxjX6E3FfeK3GCyYvPSJrTv1')
    expectInvoked(
      await call('info.getNodeID'),
      devnet().nodeID,
      ok(`{"nodeID":"${id.nodeID}","nodePOP":{"publicKey":"${id.publicKey}","proofOfPossession":"${id.proofOfPossession}"}}`),
    )
  })
})

describe('a node with custom peers, ACPs, uptime and alias', () => {
  const [a, b, c] = derivePeerNodeIds('info-custom', 3) as [string, string, string]
  const subnetA = '2Pq7E4S1n5odPFKnNnKmfsxwNw8D2SnRa3TxpGihZmaFQZdXUo'
  const subnetB = '11111111111111111111111111111111LpoYY'
  const base: PeerConfig = {
    nodeID: a,
    ip: '10.0.0.1:9651',
    publicIP: '203.0.113.1:9651',
    version: 'avalanchego/1.14.2',
    upgradeTime: 1_763_568_000n,
    weight: 1_000n,
    observedUptime: 0,
    trackedSubnets: [],
    supportedACPs: [],
    objectedACPs: [],
    benched: [],
    lastSentAgo: 0,
    lastReceivedAgo: 0,
  }
  const devnet = useDevnet({
    seed: 'info-custom',
    alias: 'my-l1',
    node: {
      ip: '[2001:db8::1]:9651',
      currentACPs: [23, 24, 103],
      // Above 2^53: must stay exact in the quoted uint64.
      totalWeight: 18_446_744_073_709_551_615n,
      uptime: { rewardingStakePercentage: 99.99999, weightedAveragePercentage: 0.03125 },
      peers: [
        // 999 is not a current ACP: the handshake drops it. Duplicates collapse (a set).
        {
          ...base,
          supportedACPs: [24, 999, 103, 23, 24],
          objectedACPs: [999],
          trackedSubnets: [subnetA, subnetB, subnetA],
          version: 'avalanchego/<1&2>',
        },
        { ...base, nodeID: b, weight: 2_000n, objectedACPs: [103, 23], benched: ['X', 'C'] },
        { ...base, nodeID: c, weight: 0n, supportedACPs: [23], publicIP: '' },
      ],
    },
  })
  const call = (method: string, params?: string) => rpc(devnet().infoUrl, method, params)

  it('sorts ACP sets by their JSON bytes ([103,23,24]) and drops non-current ACPs', async () => {
    const r = await call('info.peers', `{"nodeIDs":["${a}"]}`)
    const body = JSON.parse(r.body) as { result: { peers: Array<Record<string, unknown>> } }
    expect(body.result.peers[0]!.supportedACPs).toEqual([103, 23, 24])
    expect(body.result.peers[0]!.objectedACPs).toEqual([])
    expect(r.body).toContain('"supportedACPs":[103,23,24],"objectedACPs":[],')
  })
  it('sorts trackedSubnets as strings and HTML-escapes strings', async () => {
    const r = await call('info.peers', `{"nodeIDs":["${a}"]}`)
    expect(r.body).toContain(`"trackedSubnets":["${subnetB}","${subnetA}"]`)
    expect(r.body).toContain('"version":"avalanchego/\\u003c1\\u00262\\u003e"')
  })
  it('keeps benched in the node\'s order and publicIP "" when unknown', async () => {
    const r = await call('info.peers', `{"nodeIDs":["${b}","${c}"]}`)
    expect(r.body).toContain(`"nodeID":"${b}"`)
    expect(r.body).toContain('"benched":["X","C"]}')
    expect(r.body).toContain(`"ip":"10.0.0.1:9651","publicIP":"","nodeID":"${c}"`)
    expect(r.body).toContain('"numPeers":"2"')
  })
  it('acps: keys lexical ("103" < "23"), staking peers only, weights exact above 2^53', async () => {
    const entry = (support: string, supporters: string[], object: string, objectors: string[], abstain: string) =>
      `{"supportWeight":"${support}","supporters":${JSON.stringify(supporters)},"objectWeight":"${object}","objectors":${JSON.stringify(objectors)},"abstainWeight":"${abstain}"}`
    const max = 18_446_744_073_709_551_615n
    expectInvoked(
      await call('info.acps'),
      devnet().nodeID,
      ok(
        '{"acps":{' +
          `"103":${entry('1000', [a], '2000', [b], String(max - 3000n))},` +
          `"23":${entry('1000', [a], '2000', [b], String(max - 3000n))},` +
          `"24":${entry('1000', [a], '0', [], String(max - 1000n))}` +
          '}}',
      ),
    )
  })
  it('uptime rounds to four decimals like strconv.FormatFloat (half to even on exact ties)', async () => {
    expectInvoked(
      await call('info.uptime'),
      devnet().nodeID,
      ok('{"rewardingStakePercentage":"100.0000","weightedAveragePercentage":"0.0312"}'),
    )
  })
  it('getNodeIP prints an IPv6 address in brackets', async () => {
    expectInvoked(await call('info.getNodeIP'), devnet().nodeID, ok('{"ip":"[2001:db8::1]:9651"}'))
  })
  it('the custom alias resolves; the default one does not exist', async () => {
    expectInvoked(await call('info.isBootstrapped', '{"chain":"my-l1"}'), devnet().nodeID, ok('{"isBootstrapped":true}'))
    expectInvoked(
      await call('info.getBlockchainID', '{"alias":"my-l1"}'),
      devnet().nodeID,
      ok(`{"blockchainID":"${devnet().blockchainID}"}`),
    )
    expectInvoked(await call('info.isBootstrapped', '{"chain":"devnet"}'), devnet().nodeID, err("there is no chain with alias/ID 'devnet'"))
    expectInvoked(await call('info.getBlockchainID', '{"alias":"devnet"}'), devnet().nodeID, err('there is no ID with alias: devnet'))
  })
  it('a different seed is a different node', async () => {
    expect(devnet().nodeID).toBe(createNodeIdentity('info-custom').nodeID)
    expect(devnet().nodeID).not.toBe('NodeID-PfREQWEzzhxjX6E3FfeK3GCyYvPSJrTv1')
  })
})
