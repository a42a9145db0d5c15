/**
 * The shared decoders (src/core/decoders) on replies of older and newer nodes,
 * on keys such as `__proto__`, and on replies of the wrong shape (exact JSON paths).
 * Replies are parsed from JSON text, as a transport would.
 */
import { describe, expect, it } from 'vitest'
import * as info from '../../src/core/decoders/info.js'
import * as subnet from '../../src/core/decoders/subnet.js'
import { decodeResult, type Decoder } from '../../src/core/decode/kit.js'
import * as infoMethods from '../../src/core/methods/info.js'
import * as subnetMethods from '../../src/core/methods/subnet.js'
import * as proposervmMethods from '../../src/core/methods/proposervm.js'
import { markUnsafeIntegers, parseJson, revive } from '../../src/core/json/parse.js'
import { PrecisionError, ResponseShapeError } from '../../src/errors/index.js'

const decode = <T>(d: Decoder<T>, json: string, method = 'test.method'): T => decodeResult(d, method, JSON.parse(json))

function shapeError(fn: () => unknown): ResponseShapeError {
  try {
    fn()
  } catch (e) {
    expect(e).toBeInstanceOf(ResponseShapeError)
    return e as ResponseShapeError
  }
  throw new Error('expected a ResponseShapeError')
}
const pathOf = (fn: () => unknown) => shapeError(fn).path

const peerJson = {
  ip: '1.2.3.4:9651',
  publicIP: '1.2.3.4:9651',
  nodeID: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
  version: 'avalanchego/1.14.2',
  upgradeTime: 1763568000,
  lastSent: '2025-01-02T03:04:05Z',
  lastReceived: '2025-01-02T03:04:06+01:00',
  observedUptime: '97',
  trackedSubnets: ['2a1N9jKna34LGs7oSvpQjqVU6y3ifbMPcD5gDThPRZdPE9KHmi'],
  supportedACPs: ['77', 181],
  objectedACPs: [],
  benched: ['C'],
}
const feeJson = {
  gasLimit: 8000000,
  targetBlockRate: 2,
  minBaseFee: 25000000000,
  targetGas: 15000000,
  baseFeeChangeDenominator: 36,
  minBlockGasCost: 0,
  maxBlockGasCost: 1000000,
  blockGasCostStep: 200000,
}
const feeBig = {
  gasLimit: 8000000n,
  targetBlockRate: 2n,
  minBaseFee: 25000000000n,
  targetGas: 15000000n,
  baseFeeChangeDenominator: 36n,
  minBlockGasCost: 0n,
  maxBlockGasCost: 1000000n,
  blockGasCostStep: 200000n,
}
const ethRules = {
  IsHomestead: true,
  IsEIP150: true,
  IsEIP155: true,
  IsEIP158: true,
  IsByzantium: true,
  IsConstantinople: true,
  IsPetersburg: true,
  IsIstanbul: true,
  IsCancun: true,
}
const upgradesJson = {
  apricotPhase1Time: '2020-12-05T05:00:00Z',
  apricotPhase2Time: '2020-12-05T05:00:00Z',
  apricotPhase3Time: '2020-12-05T05:00:00Z',
  apricotPhase4Time: '2020-12-05T05:00:00Z',
  apricotPhase4MinPChainHeight: 0,
  apricotPhase5Time: '2020-12-05T05:00:00Z',
  apricotPhasePre6Time: '2020-12-05T05:00:00Z',
  apricotPhase6Time: '2020-12-05T05:00:00Z',
  apricotPhasePost6Time: '2020-12-05T05:00:00Z',
  banffTime: '2020-12-05T05:00:00Z',
  cortinaTime: '2020-12-05T05:00:00Z',
  cortinaXChainStopVertexID: '11111111111111111111111111111111LpoYY',
  durangoTime: '2020-12-05T05:00:00Z',
}

describe('older and newer nodes', () => {
  it('getVMs: fxs absent (before v1.10.19) is fine; present is kept', () => {
    const old = decode(
      info.decodeVMs,
      '{"vms":{"jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq":["avm"],"spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ":["secp256k1fx"]}}',
    )
    expect(old).toEqual({
      vms: {
        jvYyfQTxGMJLuGWa55kdP2p2zSUYsQ5Raupu4TW34ZAUBAbtq: ['avm'],
        spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ: ['secp256k1fx'],
      },
    })
    expect('fxs' in old).toBe(false)
    const neu = decode(info.decodeVMs, '{"vms":{},"fxs":{"spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ":"secp256k1fx"}}')
    expect(neu.fxs).toEqual({ spdxUxVJQbX85MGxMHbKw1sHxMnSqJ3QBzDyDYEP3h6TLuxqQ: 'secp256k1fx' })
  })

  it('peers: observedSubnetUptimes (v1.9.4–v1.11.11) kept as numbers; upgradeTime, publicIP, ACP lists absent on old nodes', () => {
    const { upgradeTime: _u, publicIP: _p, supportedACPs: _s, objectedACPs: _o, ...old } = peerJson
    const r = decode(
      info.decodePeers,
      JSON.stringify({
        numPeers: '1',
        peers: [{ ...old, observedSubnetUptimes: { '2a1N9jKna34LGs7oSvpQjqVU6y3ifbMPcD5gDThPRZdPE9KHmi': '88' } }],
      }),
    )
    const p = r.peers[0]!
    expect(p.observedSubnetUptimes).toEqual({ '2a1N9jKna34LGs7oSvpQjqVU6y3ifbMPcD5gDThPRZdPE9KHmi': 88 })
    expect('upgradeTime' in p).toBe(false)
    expect('publicIP' in p).toBe(false)
    expect('supportedACPs' in p).toBe(false)
    expect(p.observedUptime).toBe(97)
    expect(r.numPeers).toBe(1)
  })

  it('peers of a current node: types per spec (bigint upgradeTime, Date times, number ACPs and uptime)', () => {
    const r = decode(info.decodePeers, JSON.stringify({ numPeers: '1', peers: [peerJson] }))
    expect(r.peers[0]).toEqual({
      ...peerJson,
      upgradeTime: 1763568000n,
      lastSent: new Date('2025-01-02T03:04:05Z'),
      lastReceived: new Date('2025-01-02T02:04:06Z'),
      observedUptime: 97,
      supportedACPs: [77, 181],
    })
    // numPeers as a bare number is accepted too.
    expect(decode(info.decodePeers, '{"numPeers":0,"peers":[]}')).toEqual({ numPeers: 0, peers: [] })
  })

  it('peers: fields added by newer nodes are kept', () => {
    const r = decode(info.decodePeers, JSON.stringify({ numPeers: '1', peers: [{ ...peerJson, newField: { a: 1 } }] }))
    expect((r.peers[0] as Record<string, unknown>).newField).toEqual({ a: 1 })
  })

  it('upgrades: new *Time keys as Date, other new keys kept as sent, older nodes without etna…helicon', () => {
    const r = decode(
      info.decodeUpgrades,
      JSON.stringify({ ...upgradesJson, fooTime: '2031-01-01T00:00:00Z', graniteEpochDuration: 30000000000, someNewHeight: 5 }),
    )
    expect(r.fooTime).toEqual(new Date('2031-01-01T00:00:00Z'))
    expect(r.graniteEpochDuration).toBe(30000000000n)
    expect((r as Record<string, unknown>).someNewHeight).toBe(5)
    expect(r.etnaTime).toBeUndefined()
    expect('etnaTime' in r).toBe(false)
    expect(r.apricotPhase4MinPChainHeight).toBe(0n)
    expect(pathOf(() => decode(info.decodeUpgrades, JSON.stringify({ ...upgradesJson, fooTime: 'soon' })))).toBe('$.fooTime')
  })

  it("upgrades of a current node: etna…helicon and graniteEpochDuration decoded, keys in the node's order", () => {
    const wire = {
      ...upgradesJson,
      etnaTime: '2024-12-16T17:00:00Z',
      fortunaTime: '2025-04-08T15:00:00Z',
      graniteTime: '2025-11-19T16:00:00Z',
      graniteEpochDuration: 30000000000,
      heliconTime: '9999-12-01T00:00:00Z',
    }
    const r = decode(info.decodeUpgrades, JSON.stringify(wire))
    expect(Object.keys(r)).toEqual(Object.keys(wire))
    expect(r.etnaTime).toEqual(new Date('2024-12-16T17:00:00Z'))
    expect(r.heliconTime).toEqual(new Date('9999-12-01T00:00:00Z'))
    expect(r.graniteEpochDuration).toBe(30000000000n)
    expect(pathOf(() => decode(info.decodeUpgrades, JSON.stringify({ ...wire, graniteEpochDuration: '30s' })))).toBe(
      '$.graniteEpochDuration',
    )
    expect(pathOf(() => decode(info.decodeUpgrades, JSON.stringify({ ...wire, etnaTime: 1 })))).toBe('$.etnaTime')
    // The upgrades every node since Durango has are required.
    const { durangoTime: _, ...withoutDurango } = wire
    expect(pathOf(() => decode(info.decodeUpgrades, JSON.stringify(withoutDurango)))).toBe('$.durangoTime')
  })

  it('getNodeVersion: rpcProtocolVersion absent before v1.9.2; quoted or bare when present', () => {
    const base = { version: 'avalanche/1.9.0', databaseVersion: 'v1.4.5', gitCommit: 'abc', vmVersions: { avm: 'v1.9.0' } }
    const old = decode(info.decodeNodeVersion, JSON.stringify(base))
    expect(old).toEqual(base)
    expect('rpcProtocolVersion' in old).toBe(false)
    expect(decode(info.decodeNodeVersion, JSON.stringify({ ...base, rpcProtocolVersion: '45' })).rpcProtocolVersion).toBe(45)
    expect(decode(info.decodeNodeVersion, JSON.stringify({ ...base, rpcProtocolVersion: 45 })).rpcProtocolVersion).toBe(45)
  })

  it('getTxFee: creationTxFee of old nodes and new fee fields as bigint', () => {
    const fees = Object.fromEntries(
      [
        'txFee',
        'createAssetTxFee',
        'createSubnetTxFee',
        'transformSubnetTxFee',
        'createBlockchainTxFee',
        'addPrimaryNetworkValidatorFee',
        'addPrimaryNetworkDelegatorFee',
        'addSubnetValidatorFee',
        'addSubnetDelegatorFee',
      ].map((k) => [k, '1000000']),
    )
    const r = decode(info.decodeTxFee, JSON.stringify({ ...fees, creationTxFee: '10000000', someNewFee: '5' }))
    expect(r.creationTxFee).toBe(10000000n)
    expect((r as Record<string, unknown>).someNewFee).toBe(5n)
    expect(r.txFee).toBe(1000000n)
  })

  it('getNodeID: nodePOP null on a node without BLS key', () => {
    expect(decode(info.decodeNodeID, '{"nodeID":"NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg","nodePOP":null}')).toEqual({
      nodeID: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
      nodePOP: null,
    })
  })

  it('uptime: 4-decimal strings as number', () => {
    expect(decode(info.decodeUptime, '{"rewardingStakePercentage":"99.1234","weightedAveragePercentage":"100.0000"}')).toEqual({
      rewardingStakePercentage: 99.1234,
      weightedAveragePercentage: 100,
    })
  })

  it('acps: keys as ACP numbers, weights as bigint even beyond 2^53', () => {
    const r = decode(
      info.decodeAcps,
      '{"acps":{"77":{"supportWeight":"161147778098286584","supporters":["NodeID-x"],"objectWeight":"0","objectors":[],"abstainWeight":"0"}}}',
    )
    expect(r.acps[77]!.supportWeight).toBe(161147778098286584n)
  })

  it('feeConfig: lastChangedAt absent before Subnet-EVM activation; targetBlockRate omitted means 0', () => {
    const { targetBlockRate: _t, ...noRate } = feeJson
    const r = decode(subnet.decodeFeeConfigResult, JSON.stringify({ feeConfig: noRate }))
    expect(r).toEqual({ feeConfig: { ...feeBig, targetBlockRate: 0n } })
    expect('lastChangedAt' in r).toBe(false)
    expect(decode(subnet.decodeFeeConfigResult, JSON.stringify({ feeConfig: feeJson, lastChangedAt: 3 }))).toEqual({
      feeConfig: feeBig,
      lastChangedAt: 3n,
    })
    // A *big.Int is a bare integer: big.Int.UnmarshalJSON refuses a quoted one, and so do we.
    expect(
      pathOf(() => decode(subnet.decodeFeeConfigResult, JSON.stringify({ feeConfig: { ...feeJson, minBaseFee: '25000000000' } }))),
    ).toBe('$.feeConfig.minBaseFee')
  })

  it('allow lists: adminAddresses null from old nodes is kept as null', () => {
    const r = decode(
      subnet.decodeActivePrecompiles,
      '{"txAllowListConfig":{"adminAddresses":null,"enabledAddresses":["0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc"],"blockTimestamp":0}}',
    )
    expect(r.txAllowListConfig).toEqual({
      adminAddresses: null,
      enabledAddresses: ['0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'],
      blockTimestamp: 0n,
    })
    expect(decode(subnet.decodeActivePrecompiles, '{"feeManagerConfig":{"blockTimestamp":null}}').feeManagerConfig).toEqual({
      blockTimestamp: null,
    })
  })

  it('chain config: new *Timestamp and *Block keys as bigint, other new keys kept, networkUpgradeOverrides with new keys', () => {
    const json = JSON.stringify({
      chainId: 99999,
      feeConfig: feeJson,
      homesteadBlock: 0,
      futureForkTimestamp: 1900000000,
      someNewBlock: 12,
      osakaTime: 1800000000,
      terminalTotalDifficulty: 0,
      initialMinDelayMS: 100,
      someNewFlag: true,
      someNewObject: { nested: [1, 'a'] },
      upgrades: { networkUpgradeOverrides: { graniteTimestamp: 5, futureForkTimestamp: 6 } },
    })
    const r = decode(subnet.decodeChainConfig, json)
    expect(r.chainId).toBe(99999n)
    expect(r.homesteadBlock).toBe(0n)
    expect(r.futureForkTimestamp).toBe(1900000000n)
    expect(r.someNewBlock).toBe(12n)
    expect(r.osakaTime).toBe(1800000000n)
    expect(r.terminalTotalDifficulty).toBe(0n)
    expect(r.initialMinDelayMS).toBe(100n)
    expect(r.someNewFlag).toBe(true)
    expect(r.someNewObject).toEqual({ nested: [1, 'a'] })
    expect(r.upgrades.networkUpgradeOverrides).toEqual({ graniteTimestamp: 5n, futureForkTimestamp: 6n })
  })

  it('chain config of a C-Chain-like node without upgrades is a shape error at $.upgrades', () => {
    expect(pathOf(() => decode(subnet.decodeChainConfig, JSON.stringify({ chainId: 43114, feeConfig: feeJson })))).toBe('$.upgrades')
  })

  it('active rules: new Is… rules kept, IsEUpgrade of v0.6.4–v0.6.8 kept, ChainID absent on older nodes', () => {
    const r = decode(
      subnet.decodeActiveRules,
      JSON.stringify({
        ethRules: { ...ethRules, IsOsaka: true },
        avalancheRules: { IsSubnetEVM: true, IsDurango: true, IsEUpgrade: true, IsNextThing: false },
        precompiles: { warpConfig: { timestamp: 1607144400 } },
      }),
    )
    expect(r.ethRules.IsOsaka).toBe(true)
    expect('ChainID' in r.ethRules).toBe(false)
    expect(r.avalancheRules.IsEUpgrade).toBe(true)
    expect(r.avalancheRules.IsNextThing).toBe(false)
    expect('IsEtna' in r.avalancheRules).toBe(false)
    expect(r.precompiles).toEqual({ warpConfig: { timestamp: 1607144400n } })
    const withId = decode(
      subnet.decodeActiveRules,
      JSON.stringify({
        ethRules: { ...ethRules, ChainID: 99999 },
        avalancheRules: { IsSubnetEVM: true, IsDurango: true },
        precompiles: {},
      }),
    )
    expect(withId.ethRules.ChainID).toBe(99999n)
  })

  it('unknown precompile modules are kept as sent', () => {
    const r = decode(subnet.decodeActivePrecompiles, '{"someNewPrecompileConfig":{"blockTimestamp":5,"x":[1]}}')
    expect(r.someNewPrecompileConfig).toEqual({ blockTimestamp: 5, x: [1] })
  })

  it('the method specs pick the field each action returns', () => {
    expect(infoMethods.getNetworkID.decode({ networkID: '12345' })).toBe(12345)
    expect(infoMethods.isBootstrapped.decode({ isBootstrapped: true })).toBe(true)
    expect(infoMethods.getBlockchainID.decode({ blockchainID: 'abc' })).toBe('abc')
    expect(subnetMethods.feeConfig.decode({ feeConfig: feeJson, lastChangedAt: 0 })).toEqual({ feeConfig: feeBig, lastChangedAt: 0n })
  })
})

describe('__proto__ and other prototype keys', () => {
  const clean = () => {
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined()
  }

  it('vms: kept as an own property, no prototype change', () => {
    const r = decode(info.decodeVMs, '{"vms":{"__proto__":["polluted"],"constructor":["c"],"toString":[]}}')
    expect(Object.getOwnPropertyNames(r.vms)).toEqual(['__proto__', 'constructor', 'toString'])
    expect(Object.getOwnPropertyDescriptor(r.vms, '__proto__')?.value).toEqual(['polluted'])
    expect(Object.getPrototypeOf(r.vms)).toBe(Object.prototype)
    expect(r.vms.constructor).toEqual(['c'])
    clean()
  })

  it('vmVersions: kept as an own property', () => {
    const r = decode(
      info.decodeNodeVersion,
      '{"version":"v","databaseVersion":"d","gitCommit":"g","vmVersions":{"__proto__":"v9","avm":"v1"}}',
    )
    expect(Object.getOwnPropertyDescriptor(r.vmVersions, '__proto__')?.value).toBe('v9')
    expect(Object.getPrototypeOf(r.vmVersions)).toBe(Object.prototype)
    expect(Object.keys(r.vmVersions)).toEqual(['__proto__', 'avm'])
    clean()
  })

  it('fxs and observedSubnetUptimes: kept as own properties', () => {
    const vms = decode(info.decodeVMs, '{"vms":{},"fxs":{"__proto__":"x"}}')
    expect(Object.getOwnPropertyDescriptor(vms.fxs, '__proto__')?.value).toBe('x')
    const peers = decode(
      info.decodePeers,
      JSON.stringify({ numPeers: '1', peers: [{ ...peerJson }] }).replace(
        '"benched"',
        '"observedSubnetUptimes":{"__proto__":"5"},"benched"',
      ),
    )
    expect(Object.getOwnPropertyDescriptor(peers.peers[0]!.observedSubnetUptimes, '__proto__')?.value).toBe(5)
    clean()
  })

  it('precompiles of getActiveRulesAt: kept as an own property', () => {
    const r = decode(
      subnet.decodeActiveRules,
      `{"ethRules":${JSON.stringify(ethRules)},"avalancheRules":{"IsSubnetEVM":true,"IsDurango":true},"precompiles":{"__proto__":{"timestamp":5}}}`,
    )
    expect(Object.getOwnPropertyDescriptor(r.precompiles, '__proto__')?.value).toEqual({ timestamp: 5n })
    expect(Object.getPrototypeOf(r.precompiles)).toBe(Object.prototype)
    clean()
  })

  it('precompile config keys (getActivePrecompilesAt, getChainConfig) and nested unknown values: own properties', () => {
    const r = decode(subnet.decodeActivePrecompiles, '{"__proto__":{"polluted":true,"blockTimestamp":1}}')
    expect(Object.getOwnPropertyDescriptor(r, '__proto__')?.value).toEqual({ polluted: true, blockTimestamp: 1 })
    expect(Object.getPrototypeOf(r)).toBe(Object.prototype)
    expect((r as Record<string, unknown>).polluted).toBeUndefined()
    const c = decode(
      subnet.decodeChainConfig,
      `{"chainId":1,"feeConfig":${JSON.stringify(feeJson)},"upgrades":{},"x":{"__proto__":{"polluted":true}},"__proto__":{"polluted":1}}`,
    )
    expect(Object.getPrototypeOf(c)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(c.x, '__proto__')?.value).toEqual({ polluted: true })
    expect((c.x as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.getOwnPropertyDescriptor(c, '__proto__')?.value).toEqual({ polluted: 1 })
    clean()
  })

  it('keys named like Object.prototype members (constructor, toString, hasOwnProperty) are unknown precompiles, kept as sent', () => {
    const r = decode(subnet.decodeActivePrecompiles, '{"constructor":5,"toString":{"a":1},"hasOwnProperty":[1]}')
    expect(Object.getOwnPropertyDescriptor(r, 'constructor')?.value).toBe(5)
    expect(Object.getOwnPropertyDescriptor(r, 'toString')?.value).toEqual({ a: 1 })
    expect(Object.getOwnPropertyDescriptor(r, 'hasOwnProperty')?.value).toEqual([1])
    const c = decode(
      subnet.decodeChainConfig,
      `{"chainId":1,"feeConfig":${JSON.stringify(feeJson)},"upgrades":{"precompileUpgrades":[{"toString":{"blockTimestamp":1}}]},"valueOf":2}`,
    )
    expect(c.upgrades.precompileUpgrades![0]!.toString).toEqual({ blockTimestamp: 1 })
    expect(Object.getOwnPropertyDescriptor(c, 'valueOf')?.value).toBe(2)
    clean()
  })

  it('initialMint and acps are keyed by addresses and ACP numbers: __proto__ is a shape error, not pollution', () => {
    const mint = shapeError(() =>
      decode(subnet.decodeActivePrecompiles, '{"contractNativeMinterConfig":{"blockTimestamp":0,"initialMint":{"__proto__":"1"}}}'),
    )
    expect(mint.path).toBe('$.contractNativeMinterConfig.initialMint.__proto__')
    const good = decode(
      subnet.decodeActivePrecompiles,
      '{"contractNativeMinterConfig":{"blockTimestamp":0,"initialMint":{"0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc":"1000000000000000000000"}}}',
    )
    expect(good.contractNativeMinterConfig?.initialMint).toEqual({ '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc': 1000000000000000000000n })
    const acps = shapeError(() =>
      decode(
        info.decodeAcps,
        '{"acps":{"__proto__":{"supportWeight":"0","supporters":[],"objectWeight":"0","objectors":[],"abstainWeight":"0"}}}',
      ),
    )
    expect(acps.path).toBe('$.acps.__proto__')
    clean()
  })
})

describe('shape errors with the exact path of the first mismatch', () => {
  const cases: [string, Decoder<unknown>, unknown, string][] = [
    ['result not an object', info.decodeNetworkID, [], '$'],
    ['result null', info.decodePeers, null, '$'],
    ['numPeers an object', info.decodePeers, { numPeers: {}, peers: [] }, '$.numPeers'],
    ['numPeers negative', info.decodePeers, { numPeers: '-1', peers: [] }, '$.numPeers'],
    ['peers not an array', info.decodePeers, { numPeers: '0', peers: {} }, '$.peers'],
    [
      'ACP number as a word',
      info.decodePeers,
      { numPeers: '1', peers: [{ ...peerJson, supportedACPs: [77, 'x'] }] },
      '$.peers[0].supportedACPs[1]',
    ],
    [
      'missing nodeID in the second peer',
      info.decodePeers,
      { numPeers: '2', peers: [peerJson, { ...peerJson, nodeID: undefined }] },
      '$.peers[1].nodeID',
    ],
    ['networkID beyond uint32', info.decodeNetworkID, { networkID: 4294967296 }, '$.networkID'],
    ['networkID negative', info.decodeNetworkID, { networkID: -1 }, '$.networkID'],
    ['isBootstrapped as a string', info.decodeIsBootstrapped, { isBootstrapped: 'true' }, '$.isBootstrapped'],
    [
      'nodePOP key not hex',
      info.decodeNodeID,
      { nodeID: 'x', nodePOP: { publicKey: 'zz', proofOfPossession: '0x' } },
      '$.nodePOP.publicKey',
    ],
    [
      'vmVersions value a number',
      info.decodeNodeVersion,
      { version: 'v', databaseVersion: 'd', gitCommit: 'g', vmVersions: { avm: 1 } },
      '$.vmVersions.avm',
    ],
    [
      'acps weight negative',
      info.decodeAcps,
      { acps: { 77: { supportWeight: '-5', supporters: [], objectWeight: '0', objectors: [], abstainWeight: '0' } } },
      '$.acps["77"].supportWeight',
    ],
    [
      'acps key out of uint32',
      info.decodeAcps,
      { acps: { 4294967296: { supportWeight: '0', supporters: [], objectWeight: '0', objectors: [], abstainWeight: '0' } } },
      '$.acps["4294967296"]',
    ],
    ['upgrades missing durangoTime', info.decodeUpgrades, { ...upgradesJson, durangoTime: undefined }, '$.durangoTime'],
    ['upgrades time not RFC 3339', info.decodeUpgrades, { ...upgradesJson, banffTime: '2020-12-05' }, '$.banffTime'],
    [
      'uptime not a number',
      info.decodeUptime,
      { rewardingStakePercentage: 'high', weightedAveragePercentage: '1' },
      '$.rewardingStakePercentage',
    ],
    ['fee field a hex string', subnet.decodeFeeConfigResult, { feeConfig: { ...feeJson, gasLimit: '0x10' } }, '$.feeConfig.gasLimit'],
    ['fee field fractional', subnet.decodeFeeConfigResult, { feeConfig: { ...feeJson, targetGas: 1.5 } }, '$.feeConfig.targetGas'],
    ['lastChangedAt negative', subnet.decodeFeeConfigResult, { feeConfig: feeJson, lastChangedAt: -1 }, '$.lastChangedAt'],
    ['chainId missing', subnet.decodeChainConfig, { feeConfig: feeJson, upgrades: {} }, '$.chainId'],
    [
      'a precompile upgrade with two keys',
      subnet.decodeChainConfig,
      {
        chainId: 1,
        feeConfig: feeJson,
        upgrades: {
          precompileUpgrades: [
            { txAllowListConfig: { blockTimestamp: 1 } },
            { txAllowListConfig: { blockTimestamp: 2 }, feeManagerConfig: { blockTimestamp: 2 } },
          ],
        },
      },
      '$.upgrades.precompileUpgrades[1]',
    ],
    [
      'initialFeeConfig deep in an upgrade',
      subnet.decodeChainConfig,
      {
        chainId: 1,
        feeConfig: feeJson,
        upgrades: { precompileUpgrades: [{ feeManagerConfig: { blockTimestamp: 1, initialFeeConfig: { ...feeJson, minBaseFee: true } } }] },
      },
      '$.upgrades.precompileUpgrades[0].feeManagerConfig.initialFeeConfig.minBaseFee',
    ],
    [
      'a state upgrade account that is not an address',
      subnet.decodeChainConfig,
      { chainId: 1, feeConfig: feeJson, upgrades: { stateUpgrades: [{ blockTimestamp: 1, accounts: { '0xZZ': {} } }] } },
      '$.upgrades.stateUpgrades[0].accounts["0xZZ"]',
    ],
    [
      'a new *Timestamp key with a string',
      subnet.decodeChainConfig,
      { chainId: 1, feeConfig: feeJson, upgrades: {}, futureTimestamp: 'soon' },
      '$.futureTimestamp',
    ],
    [
      'a new Is… rule that is not a boolean',
      subnet.decodeActiveRules,
      { ethRules: { ...ethRules, IsNew: 1 }, avalancheRules: { IsSubnetEVM: true, IsDurango: true }, precompiles: {} },
      '$.ethRules.IsNew',
    ],
    [
      'a precompile timestamp missing',
      subnet.decodeActiveRules,
      { ethRules, avalancheRules: { IsSubnetEVM: true, IsDurango: true }, precompiles: { warpConfig: {} } },
      '$.precompiles.warpConfig.timestamp',
    ],
    [
      'a bad enabled address',
      subnet.decodeActivePrecompiles,
      { txAllowListConfig: { blockTimestamp: 0, enabledAddresses: ['0x1'] } },
      '$.txAllowListConfig.enabledAddresses[0]',
    ],
    [
      'a key that needs brackets',
      subnet.decodeActivePrecompiles,
      { contractNativeMinterConfig: { blockTimestamp: 0, initialMint: { '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc': 'lots' } } },
      '$.contractNativeMinterConfig.initialMint["0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc"]',
    ],
    ['warp quorum missing', subnet.decodeActivePrecompiles, { warpConfig: { blockTimestamp: 0 } }, '$.warpConfig.quorumNumerator'],
  ]
  it.each(cases)('%s', (_name, decoder, value, path) => {
    const e = shapeError(() => decodeResult(decoder, 'm', JSON.parse(JSON.stringify(value))))
    expect(e.path).toBe(path)
    expect(e.method).toBe('m')
    expect(e.message).toContain(path)
    expect(e.expected.length).toBeGreaterThan(0)
  })

  it('the error names the method and what was expected', () => {
    const e = shapeError(() => infoMethods.peers.decode({ numPeers: { n: 1 }, peers: [] }))
    expect(e.method).toBe('info.peers')
    expect(e.path).toBe('$.numPeers')
    expect(e.message).toMatch(/info\.peers/)
  })
})

describe('integers beyond 2^53', () => {
  const text = `{"feeConfig":${JSON.stringify(feeJson).replace('25000000000', '9007199254740993')},"lastChangedAt":18446744073709551615}`

  it('plain JSON.parse: PrecisionError with the path, never a rounded bigint', () => {
    try {
      decodeResult(subnet.decodeFeeConfigResult, 'eth_feeConfig', JSON.parse(text))
      throw new Error('expected a PrecisionError')
    } catch (e) {
      expect(e).toBeInstanceOf(PrecisionError)
      expect((e as PrecisionError).path).toBe('$.feeConfig.minBaseFee')
      expect((e as PrecisionError).message).toContain('subnetHttp')
    }
  })

  it("parseJson and subnetHttp's path (markUnsafeIntegers, JSON.parse, revive) give exact bigints", () => {
    for (const parsed of [parseJson(text), revive(JSON.parse(markUnsafeIntegers(text)))]) {
      const r = decodeResult(subnet.decodeFeeConfigResult, 'eth_feeConfig', parsed)
      expect(r.feeConfig.minBaseFee).toBe(9007199254740993n)
      expect(r.lastChangedAt).toBe(18446744073709551615n)
    }
  })

  it('an integer beyond 2^53 is not accepted as a string', () => {
    const parsed = revive(JSON.parse(markUnsafeIntegers('{"blockchainID":123456789012345678901234567890}')))
    expect(pathOf(() => decodeResult(info.decodeBlockchainID, 'info.getBlockchainID', parsed))).toBe('$.blockchainID')
  })

  it('2^53 - 1 over plain JSON.parse is fine', () => {
    const r = decodeResult(
      subnet.decodeFeeConfigResult,
      'eth_feeConfig',
      JSON.parse(JSON.stringify({ feeConfig: { ...feeJson, minBaseFee: Number.MAX_SAFE_INTEGER } })),
    )
    expect(r.feeConfig.minBaseFee).toBe(9007199254740991n)
  })
})

describe('Go wire types: *math.HexOrDecimal256, *big.Int, uint64, common.Hash', () => {
  const minter = '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'
  const mintOf = (amount: unknown) =>
    decode(
      subnet.decodeActivePrecompiles,
      JSON.stringify({ contractNativeMinterConfig: { blockTimestamp: 0, initialMint: { [minter]: amount } } }),
    )
  const mint = (amount: unknown) => mintOf(amount).contractNativeMinterConfig!.initialMint![minter]
  const max256 = (1n << 256n) - 1n

  it('HexOrDecimal256: what MarshalText writes (%#x: 0x hex, "0x0", "-0x…" when negative), exactly', () => {
    expect(mint('0x3635c9adc5dea00000')).toBe(1000000000000000000000n)
    expect(mint('0x0')).toBe(0n)
    expect(mint('-0x5')).toBe(-5n)
    expect(mint(`0x${'f'.repeat(64)}`)).toBe(max256)
    expect(mint(`-0x${'f'.repeat(64)}`)).toBe(-max256)
  })

  it('HexOrDecimal256: the other texts UnmarshalText reads (ParseBig256): decimal, 0X, upper-case digits, leading zeros', () => {
    expect(mint('1000000000000000000000')).toBe(1000000000000000000000n)
    expect(mint('0')).toBe(0n)
    expect(mint('-5')).toBe(-5n)
    expect(mint('0X3635C9ADC5DEA00000')).toBe(1000000000000000000000n)
    expect(mint('0x00ff')).toBe(255n)
    expect(mint('007')).toBe(7n)
    expect(mint(max256.toString())).toBe(max256)
  })

  it('HexOrDecimal256: more than 256 bits is refused, as ParseBig256 refuses it', () => {
    for (const big of [`0x1${'0'.repeat(64)}`, (1n << 256n).toString(), `-0x1${'0'.repeat(64)}`]) {
      const e = shapeError(() => mintOf(big))
      expect(e.path).toBe(`$.contractNativeMinterConfig.initialMint["${minter}"]`)
      expect(e.expected).toBe('a 256-bit hex or decimal integer')
    }
  })

  it('HexOrDecimal256: anything else is a shape error at its path (the node always writes a quoted string)', () => {
    const bad: unknown[] = [
      '',
      '0x',
      '0xg1',
      '1.5',
      '1e3',
      ' 1',
      '1 ',
      '+5',
      '0x-5',
      '--5',
      '-',
      'lots',
      5,
      0,
      1.5,
      null,
      true,
      {},
      ['0x1'],
    ]
    for (const amount of bad)
      expect(shapeError(() => mintOf(amount)).path, JSON.stringify(amount)).toBe(`$.contractNativeMinterConfig.initialMint["${minter}"]`)
  })

  it('HexOrDecimal256: balanceChange of a state upgrade, negative included, at its path when bad', () => {
    const config = (balanceChange: unknown, accounts: unknown = { [minter]: { balanceChange } }) =>
      JSON.stringify({ chainId: 1, feeConfig: feeJson, upgrades: { stateUpgrades: [{ blockTimestamp: 5, accounts }] } })
    const change = (v: unknown) => decode(subnet.decodeChainConfig, config(v)).upgrades.stateUpgrades![0]!.accounts![minter]!.balanceChange
    expect(change('0x3635c9adc5dea00000')).toBe(1000000000000000000000n)
    expect(change('-0xde0b6b3a7640000')).toBe(-1000000000000000000n)
    expect(change('-1000000000000000000')).toBe(-1000000000000000000n)
    expect(pathOf(() => decode(subnet.decodeChainConfig, config(12)))).toBe(
      `$.upgrades.stateUpgrades[0].accounts["${minter}"].balanceChange`,
    )
    // map[common.Address]StateUpgradeAccount has no omitempty: null when the upgrade file gave no accounts.
    expect(decode(subnet.decodeChainConfig, config(undefined, null)).upgrades.stateUpgrades![0]!.accounts).toBeNull()
  })

  it('through the lossless parse: hex amounts stay exact next to integers beyond 2^53', () => {
    const text = `{"contractNativeMinterConfig":{"adminAddresses":["${minter}"],"blockTimestamp":18446744073709551615,"initialMint":{"${minter}":"0xffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"}}}`
    const r = decodeResult(subnet.decodeActivePrecompiles, 'eth_getActivePrecompilesAt', parseJson(text)).contractNativeMinterConfig!
    expect(r.blockTimestamp).toBe(18446744073709551615n)
    expect(r.initialMint).toEqual({ [minter]: max256 })
  })

  it('*big.Int is a bare integer of any size and sign; quoted is refused (big.Int.UnmarshalJSON)', () => {
    const parsed = parseJson(
      `{"chainId":99999,"feeConfig":${JSON.stringify(feeJson)},"terminalTotalDifficulty":58750000000000000000000,"homesteadBlock":-1,"upgrades":{}}`,
    )
    const r = decodeResult(subnet.decodeChainConfig, 'eth_getChainConfig', parsed)
    expect(r.terminalTotalDifficulty).toBe(58750000000000000000000n)
    expect(r.homesteadBlock).toBe(-1n)
    for (const [key, value] of [
      ['chainId', '99999'],
      ['homesteadBlock', '0'],
      ['someFutureBlock', '0x0'],
    ] as const)
      expect(
        pathOf(() => decode(subnet.decodeChainConfig, JSON.stringify({ chainId: 1, feeConfig: feeJson, upgrades: {}, [key]: value }))),
      ).toBe(`$.${key}`)
    const ruleId = (ChainID: unknown) =>
      JSON.stringify({ ethRules: { ...ethRules, ChainID }, avalancheRules: { IsSubnetEVM: true, IsDurango: true }, precompiles: {} })
    expect(pathOf(() => decode(subnet.decodeActiveRules, ruleId('99999')))).toBe('$.ethRules.ChainID')
  })

  it('uint64 is a bare integer from 0 to 2^64-1: timestamps, targetBlockRate, quorumNumerator, initialMinDelayMS', () => {
    const top = (extra: Record<string, unknown>) =>
      `{"chainId":1,"feeConfig":${JSON.stringify(feeJson)},"upgrades":{}${Object.entries(extra)
        .map(([k, v]) => `,"${k}":${v}`)
        .join('')}}`
    const r = decodeResult(
      subnet.decodeChainConfig,
      'm',
      parseJson(top({ durangoTimestamp: '18446744073709551615', initialMinDelayMS: '0', shanghaiTime: '5' })),
    )
    expect(r.durangoTimestamp).toBe(18446744073709551615n)
    expect(r.initialMinDelayMS).toBe(0n)
    const cases: [string, string][] = [
      [top({ durangoTimestamp: '18446744073709551616' }), '$.durangoTimestamp'],
      [top({ durangoTimestamp: '-1' }), '$.durangoTimestamp'],
      [top({ etnaTimestamp: '"5"' }), '$.etnaTimestamp'],
      [top({ someNewTimestamp: '"5"' }), '$.someNewTimestamp'],
      [top({ cancunTime: '18446744073709551616' }), '$.cancunTime'],
      [top({ initialMinDelayMS: '"1"' }), '$.initialMinDelayMS'],
      [top({ warpConfig: '{"blockTimestamp":"1","quorumNumerator":67}' }), '$.warpConfig.blockTimestamp'],
      [top({ warpConfig: '{"blockTimestamp":1,"quorumNumerator":"67"}' }), '$.warpConfig.quorumNumerator'],
      [`{"chainId":1,"feeConfig":${JSON.stringify({ ...feeJson, targetBlockRate: '2' })},"upgrades":{}}`, '$.feeConfig.targetBlockRate'],
      [
        `{"chainId":1,"feeConfig":${JSON.stringify(feeJson)},"upgrades":{"networkUpgradeOverrides":{"graniteTimestamp":-5}}}`,
        '$.upgrades.networkUpgradeOverrides.graniteTimestamp',
      ],
      [
        `{"chainId":1,"feeConfig":${JSON.stringify(feeJson)},"upgrades":{"stateUpgrades":[{"blockTimestamp":"7","accounts":{}}]}}`,
        '$.upgrades.stateUpgrades[0].blockTimestamp',
      ],
    ]
    for (const [text, path] of cases)
      expect(
        pathOf(() => decodeResult(subnet.decodeChainConfig, 'm', parseJson(text))),
        text,
      ).toBe(path)
    const rules = (ts: unknown) =>
      JSON.stringify({ ethRules, avalancheRules: { IsSubnetEVM: true, IsDurango: true }, precompiles: { warpConfig: { timestamp: ts } } })
    expect(pathOf(() => decode(subnet.decodeActiveRules, rules('1607144400')))).toBe('$.precompiles.warpConfig.timestamp')
    expect(pathOf(() => decode(subnet.decodeFeeConfigResult, JSON.stringify({ feeConfig: feeJson, lastChangedAt: '3' })))).toBe(
      '$.lastChangedAt',
    )
  })

  it('common.Hash storage keys and values: 0x and exactly 64 hex digits', () => {
    const slot = `0x${'0'.repeat(63)}1`
    const storage = (s: Record<string, unknown>) =>
      JSON.stringify({
        chainId: 1,
        feeConfig: feeJson,
        upgrades: { stateUpgrades: [{ blockTimestamp: 5, accounts: { [minter]: { code: '0x6000', storage: s } } }] },
      })
    const r = decode(subnet.decodeChainConfig, storage({ [slot]: slot }))
    expect(r.upgrades.stateUpgrades![0]!.accounts![minter]).toEqual({ code: '0x6000', storage: { [slot]: slot } })
    const at = `$.upgrades.stateUpgrades[0].accounts["${minter}"].storage`
    expect(pathOf(() => decode(subnet.decodeChainConfig, storage({ '0x1': slot })))).toBe(`${at}["0x1"]`)
    expect(pathOf(() => decode(subnet.decodeChainConfig, storage({ [slot]: '0x1' })))).toBe(`${at}["${slot}"]`)
  })
})

/**
 * `eth_getActiveRulesAt` and `eth_getChainConfig` as each release writes them, from the Go at
 * its tag: subnet-evm's `internal/ethapi/api_extra.go` `ActiveRulesResult` and `params` rules
 * (avalanchego v1.11–v1.13 ran subnet-evm v0.6.x–v0.7.x; from v1.14 it is
 * `graft/subnet-evm`), and the `alarso16/rules` branch of avalanchego, whose
 * `GetAvalancheRules` sends IsApricotPhase1…IsCortina in place of IsSubnetEVM.
 */
describe('rules and chain config of each release', () => {
  const eth = ethRules
  const libevm = {
    ChainID: 99999,
    ...eth,
    IsBerlin: true,
    IsLondon: true,
    IsMerge: true,
    IsShanghai: true,
    IsPrague: false,
    IsVerkle: false,
  }
  const apricot = {
    IsApricotPhase1: true,
    IsApricotPhase2: true,
    IsApricotPhase3: true,
    IsApricotPhase4: true,
    IsApricotPhase5: true,
    IsApricotPhasePre6: true,
    IsApricotPhase6: true,
    IsApricotPhasePost6: true,
    IsBanff: true,
    IsCortina: true,
  }
  const shapes: [string, Record<string, unknown>, Record<string, boolean>][] = [
    // subnet-evm v0.6.6 (avalanchego v1.11.x): params.EthRules, AvalancheRules with IsEUpgrade.
    ['v1.11 (subnet-evm v0.6.6)', eth, { IsSubnetEVM: true, IsDurango: true, IsEUpgrade: false }],
    // v0.7.0 (v1.12.x): EthRules gains IsVerkle, IsEUpgrade is IsEtna.
    ['v1.12 (subnet-evm v0.7.0)', { ...eth, IsVerkle: false }, { IsSubnetEVM: true, IsDurango: true, IsEtna: true }],
    // v0.7.4 (v1.13.x): libevm params.Rules with ChainID; IsFortuna, IsGranite.
    ['v1.13 (subnet-evm v0.7.4)', libevm, { IsSubnetEVM: true, IsDurango: true, IsEtna: true, IsFortuna: true, IsGranite: false }],
    // graft/subnet-evm (v1.14.x, v1.15.0): IsHelicon.
    [
      'v1.14–v1.15 (graft/subnet-evm)',
      libevm,
      { IsSubnetEVM: true, IsDurango: true, IsEtna: true, IsFortuna: true, IsGranite: true, IsHelicon: false },
    ],
    // avalanchego's rules branch: no IsSubnetEVM; IsApricotPhase1…IsCortina, then IsDurango on, and IsIgloo.
    [
      'rules branch (IsCortina, IsIgloo)',
      libevm,
      { ...apricot, IsDurango: true, IsEtna: true, IsFortuna: true, IsGranite: true, IsHelicon: true, IsIgloo: false },
    ],
  ]
  it.each(shapes)('active rules of %s decode, every rule kept', (_name, ethShape, avalanche) => {
    const r = decode(
      subnet.decodeActiveRules,
      JSON.stringify({ ethRules: ethShape, avalancheRules: avalanche, precompiles: { warpConfig: { timestamp: 0 } } }),
    )
    expect(r.avalancheRules).toEqual(avalanche)
    expect(Object.keys(r.avalancheRules)).toEqual(Object.keys(avalanche))
    expect(r.ethRules.IsCancun).toBe(true)
    expect(r.precompiles).toEqual({ warpConfig: { timestamp: 0n } })
  })

  it('a rule that is not a boolean is still a shape error at its path', () => {
    expect(
      pathOf(() => decode(subnet.decodeActiveRules, JSON.stringify({ ethRules: eth, avalancheRules: { IsCortina: 1 }, precompiles: {} }))),
    ).toBe('$.avalancheRules.IsCortina')
  })

  it('chain config of v1.10 (subnet-evm v0.5.x): eip150Hash and upgrades.networkUpgrades kept as sent', () => {
    // v0.5.0 params/config.go: EIP150Hash common.Hash, UpgradeConfig.NetworkUpgrades `json:"networkUpgrades"`.
    const r = decode(
      subnet.decodeChainConfig,
      JSON.stringify({
        chainId: 99999,
        feeConfig: feeJson,
        homesteadBlock: 0,
        eip150Block: 0,
        eip150Hash: '0x2086799aeebeae135c246c65021c82b4e15a2c451340993aacfd2751886514f0',
        subnetEVMTimestamp: 0,
        upgrades: { networkUpgrades: { subnetEVMTimestamp: 0 } },
      }),
    )
    expect(r.eip150Hash).toBe('0x2086799aeebeae135c246c65021c82b4e15a2c451340993aacfd2751886514f0')
    expect(r.subnetEVMTimestamp).toBe(0n)
    expect(r.upgrades).toEqual({ networkUpgrades: { subnetEVMTimestamp: 0 } })
  })

  it('chain config of v1.15.0 and of the rules branch: heliconTimestamp, iglooTimestamp and an unknown precompile kept', () => {
    const gasPriceManagerConfig = {
      adminAddresses: ['0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'],
      blockTimestamp: 5,
      initialGasPriceConfig: { x: 1 },
    }
    const r = decode(
      subnet.decodeChainConfig,
      JSON.stringify({
        chainId: 99999,
        feeConfig: feeJson,
        cancunTime: 1732550400,
        durangoTimestamp: 1707840000,
        heliconTimestamp: 1785250800,
        iglooTimestamp: 253399622400,
        gasPriceManagerConfig,
        upgrades: { networkUpgradeOverrides: { iglooTimestamp: 253399622400 } },
      }),
    )
    expect(r.heliconTimestamp).toBe(1785250800n)
    expect(r.iglooTimestamp).toBe(253399622400n)
    expect(r.gasPriceManagerConfig).toEqual(gasPriceManagerConfig)
    expect(r.upgrades.networkUpgradeOverrides).toEqual({ iglooTimestamp: 253399622400n })
  })
})

describe('ProposerVM API (vms/proposervm/service.go: avajson.Uint64, quoted decimals)', () => {
  const { getProposedHeight, getCurrentEpoch } = proposervmMethods
  const lossless = (spec: { decode: (raw: unknown) => unknown }, text: string) => spec.decode(revive(JSON.parse(markUnsafeIntegers(text))))

  it("getProposedHeight: service.md's example, uint64's largest, and a bare integer (avajson.Uint64 reads it)", () => {
    expect(getProposedHeight.decode(JSON.parse('{"height":"56"}'))).toBe(56n)
    expect(getProposedHeight.decode(JSON.parse('{"height":"18446744073709551615"}'))).toBe(18_446_744_073_709_551_615n)
    expect(lossless(getProposedHeight, '{"height":9007199254740993}')).toBe(9_007_199_254_740_993n)
    expect(getProposedHeight.encode(undefined)).toEqual({})
  })

  it("getCurrentEpoch: service.md's example as bigints; Granite not active: all zero", () => {
    const example = '{"number":"56","startTime":"1755802182","pChainHeight":"21857141"}'
    expect(getCurrentEpoch.decode(JSON.parse(example))).toEqual({ number: 56n, startTime: 1_755_802_182n, pChainHeight: 21_857_141n })
    expect(getCurrentEpoch.decode(JSON.parse('{"number":"0","startTime":"0","pChainHeight":"0"}'))).toEqual({
      number: 0n,
      startTime: 0n,
      pChainHeight: 0n,
    })
  })

  it('refused: beyond uint64, negative, a float, missing, another shape', () => {
    const error = (spec: { decode: (raw: unknown) => unknown }, json: string) => {
      try {
        spec.decode(JSON.parse(json))
      } catch (e) {
        expect(e).toBeInstanceOf(ResponseShapeError)
        const { path, expected, received } = e as ResponseShapeError
        return [path, expected, received]
      }
      throw new Error(`${json} was accepted`)
    }
    expect(error(getProposedHeight, '{"height":"18446744073709551616"}')).toEqual(['$.height', 'a uint64', '18446744073709551616n'])
    expect(error(getProposedHeight, '{"height":"-1"}')).toEqual(['$.height', 'an integer', '"-1"'])
    expect(error(getProposedHeight, '{"height":"01"}')).toEqual(['$.height', 'an integer', '"01"'])
    expect(error(getProposedHeight, '{}')).toEqual(['$.height', 'an integer', 'nothing'])
    expect(error(getCurrentEpoch, '{"number":"1","startTime":"2"}')).toEqual(['$.pChainHeight', 'an integer', 'nothing'])
    expect(error(getCurrentEpoch, '"56"')).toEqual(['$', 'an object', '"56"'])
  })
})
