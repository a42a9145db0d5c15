/**
 * The devnet's node profiles (`startDevnet({ nodeVersion })`, `--node-version`): what a node of each avalanchego
 * release reports, on Mainnet (1), Fuji (5) and a local network (12345), checked against the facts table of
 * docs/releases.md. The expected values are written out here, not computed with the code under test:
 * - v1.14.2 and v1.15.0-fuji from avalanchego at those tags (version/constants.go, utils/constants/acps.go,
 *   upgrade/upgrade.go, node/node.go, snow/consensus/snowman/topological.go, config/config.go);
 * - v1.15.0 to v1.15.3 from their release notes (Helicon on Mainnet 2026-09-22T15:00:00Z since v1.15.0, from
 *   genesis on local networks since v1.15.1, plugin version 46 then 47 since v1.15.2) and PR #5821 (the
 *   acceptance-time health check gone in v1.15.0). Their commits are unknown (the devnet reports `""`, as a build
 *   without the ldflag does); their ACP sets are unknown and the devnet carries v1.15.0-fuji's (docs/releases.md).
 */
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '../../src/index.js'
import { startDevnet, type DevnetOptions } from '../../packages/devnet/src/index.js'
import { rpc, useDevnet } from '../helpers/devnet.js'

const SUBNET_EVM = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy'
const U = '9999-12-01T00:00:00Z' // UnscheduledActivationTime
const GENESIS = '2020-12-05T05:00:00Z' // InitiallyActiveTime
const MAINNET_HELICON = '2026-09-22T15:00:00Z'
const FUJI_HELICON = '2026-07-28T15:00:00Z'
const unix = (t: string) => Date.parse(t) / 1000

/** upgrade.Mainnet, upgrade.Fuji and upgrade.Default but Helicon (upgrade/upgrade.go@v1.15.0-fuji), as info.upgrades writes them. */
const base = {
  1: {
    apricotPhase1Time: '2021-03-31T14:00:00Z',
    apricotPhase2Time: '2021-05-10T11:00:00Z',
    apricotPhase3Time: '2021-08-24T14:00:00Z',
    apricotPhase4Time: '2021-09-22T21:00:00Z',
    apricotPhase4MinPChainHeight: 793005,
    apricotPhase5Time: '2021-12-02T18:00:00Z',
    apricotPhasePre6Time: '2022-09-05T01:30:00Z',
    apricotPhase6Time: '2022-09-06T20:00:00Z',
    apricotPhasePost6Time: '2022-09-07T03:00:00Z',
    banffTime: '2022-10-18T16:00:00Z',
    cortinaTime: '2023-04-25T15:00:00Z',
    cortinaXChainStopVertexID: 'jrGWDh5Po9FMj54depyunNixpia5PN4aAYxfmNzU8n752Rjga',
    durangoTime: '2024-03-06T16:00:00Z',
    etnaTime: '2024-12-16T17:00:00Z',
    fortunaTime: '2025-04-08T15:00:00Z',
    graniteTime: '2025-11-19T16:00:00Z',
    graniteEpochDuration: 300000000000,
  },
  5: {
    apricotPhase1Time: '2021-03-26T14:00:00Z',
    apricotPhase2Time: '2021-05-05T14:00:00Z',
    apricotPhase3Time: '2021-08-16T19:00:00Z',
    apricotPhase4Time: '2021-09-16T21:00:00Z',
    apricotPhase4MinPChainHeight: 47437,
    apricotPhase5Time: '2021-11-24T15:00:00Z',
    apricotPhasePre6Time: '2022-09-06T20:00:00Z',
    apricotPhase6Time: '2022-09-06T20:00:00Z',
    apricotPhasePost6Time: '2022-09-07T06:00:00Z',
    banffTime: '2022-10-03T14:00:00Z',
    cortinaTime: '2023-04-06T15:00:00Z',
    cortinaXChainStopVertexID: '2D1cmbiG36BqQMRyHt4kFhWarmatA1ighSpND3FeFgz3vFVtCZ',
    durangoTime: '2024-02-13T16:00:00Z',
    etnaTime: '2024-11-25T16:00:00Z',
    fortunaTime: '2025-03-13T15:00:00Z',
    graniteTime: '2025-10-29T15:00:00Z',
    graniteEpochDuration: 300000000000,
  },
  12345: {
    ...Object.fromEntries(
      [
        'apricotPhase1Time',
        'apricotPhase2Time',
        'apricotPhase3Time',
        'apricotPhase4Time',
        'apricotPhase4MinPChainHeight',
        'apricotPhase5Time',
        'apricotPhasePre6Time',
        'apricotPhase6Time',
        'apricotPhasePost6Time',
        'banffTime',
        'cortinaTime',
      ].map((k) => [k, k === 'apricotPhase4MinPChainHeight' ? 0 : GENESIS]),
    ),
    cortinaXChainStopVertexID: '11111111111111111111111111111111LpoYY',
    durangoTime: GENESIS,
    etnaTime: GENESIS,
    fortunaTime: GENESIS,
    graniteTime: GENESIS,
    graniteEpochDuration: 30000000000,
  },
} as const
type Net = keyof typeof base
const GRANITE = { 1: unix(base[1].graniteTime), 5: unix(base[5].graniteTime), 12345: unix(GENESIS) }

const ACPS_FUJI = ['194', '224', '236', '247', '267', '273', '283', '285']
/**
 * One row of the facts table per release: what getNodeVersion reports, Helicon per network, the ACPs, the
 * acceptance-time health check, and each network's peers (`<version> <upgradeTime>` → count): five on the
 * release and one, without stake, on the release before while the node accepts it (after the handshake upgrade
 * only MinimumCompatibleVersion and later). The tests run after Helicon on Mainnet and Fuji (November 2026).
 */
const facts = {
  '1.14.2': {
    version: '1.14.2',
    rpc: 45,
    commit: '6e5acf909c7a16b991142d6b3979bac5699bdb68',
    helicon: { 1: U, 5: U, 12345: U },
    acps: [] as string[],
    avgAcceptanceTime: true,
    // node.go@v1.14.2 announces Granite; v1.14.1 (MinimumCompatibleVersion 1.14.0) stays connected.
    peers: (n: Net) => ({ [`avalanchego/1.14.2 ${GRANITE[n]}`]: 5, [`avalanchego/1.14.1 ${GRANITE[n]}`]: 1 }),
  },
  '1.15.0-fuji': {
    version: '1.15.0',
    rpc: 46,
    commit: 'e8f9781ee57de048bbfde5be0fa632e9efdf1448',
    helicon: { 5: FUJI_HELICON, 12345: U },
    acps: ACPS_FUJI,
    avgAcceptanceTime: true,
    // Past Fuji's Helicon only 1.15.0 peers; on a local network Helicon is unscheduled, so a 1.14.2 peer stays.
    peers: (n: Net) =>
      n === 5
        ? { [`avalanchego/1.15.0 ${unix(FUJI_HELICON)}`]: 6 }
        : { [`avalanchego/1.15.0 ${unix(U)}`]: 5, [`avalanchego/1.14.2 ${GRANITE[n]}`]: 1 },
  },
  '1.15.0': {
    version: '1.15.0',
    rpc: 46,
    commit: '',
    helicon: { 1: MAINNET_HELICON, 5: FUJI_HELICON, 12345: U },
    acps: ACPS_FUJI,
    avgAcceptanceTime: false,
    peers: (n: Net) =>
      n === 12345
        ? { [`avalanchego/1.15.0 ${unix(U)}`]: 5, [`avalanchego/1.14.2 ${GRANITE[n]}`]: 1 }
        : { [`avalanchego/1.15.0 ${unix(n === 1 ? MAINNET_HELICON : FUJI_HELICON)}`]: 6 },
  },
  '1.15.1': {
    version: '1.15.1',
    rpc: 46,
    commit: '',
    helicon: { 1: MAINNET_HELICON, 5: FUJI_HELICON, 12345: GENESIS },
    acps: ACPS_FUJI,
    avgAcceptanceTime: false,
    // A v1.15.0 peer (compatible: MinimumCompatibleVersion 1.15.0) announces its own Helicon: unscheduled on a local network.
    peers: (n: Net) => {
      const h = unix(n === 1 ? MAINNET_HELICON : n === 5 ? FUJI_HELICON : GENESIS)
      return { [`avalanchego/1.15.1 ${h}`]: 5, [`avalanchego/1.15.0 ${n === 12345 ? unix(U) : h}`]: 1 }
    },
  },
  '1.15.2': {
    version: '1.15.2',
    rpc: 47,
    commit: '',
    helicon: { 1: MAINNET_HELICON, 5: FUJI_HELICON, 12345: GENESIS },
    acps: ACPS_FUJI,
    avgAcceptanceTime: false,
    peers: (n: Net) => {
      const h = unix(n === 1 ? MAINNET_HELICON : n === 5 ? FUJI_HELICON : GENESIS)
      return { [`avalanchego/1.15.2 ${h}`]: 5, [`avalanchego/1.15.1 ${h}`]: 1 }
    },
  },
  '1.15.3': {
    version: '1.15.3',
    rpc: 47,
    commit: '',
    helicon: { 1: MAINNET_HELICON, 5: FUJI_HELICON, 12345: GENESIS },
    acps: ACPS_FUJI,
    avgAcceptanceTime: false,
    peers: (n: Net) => {
      const h = unix(n === 1 ? MAINNET_HELICON : n === 5 ? FUJI_HELICON : GENESIS)
      return { [`avalanchego/1.15.3 ${h}`]: 5, [`avalanchego/1.15.2 ${h}`]: 1 }
    },
  },
} as const

type Reply<T> = { result: T }
const call = async <T>(url: string, method: string, params?: string) =>
  (JSON.parse((await rpc(url, method, params)).body) as Reply<T>).result

const runs = Object.entries(facts).flatMap(([release, f]) =>
  ([1, 5, 12345] as const).filter((n) => n in f.helicon).map((networkID) => ({ release, networkID, f })),
)

describe.each(runs)('nodeVersion $release on network $networkID', ({ release, networkID, f }) => {
  const devnet = useDevnet({ seed: 'profiles', networkID, nodeVersion: release as DevnetOptions['nodeVersion'] })
  const helicon = (f.helicon as Record<number, string>)[networkID]!

  it("info.upgrades is the release's upgrade.GetConfig for the network (field order included)", async () => {
    const body = (await rpc(devnet().infoUrl, 'info.upgrades')).body
    expect(body).toBe(`{"jsonrpc":"2.0","result":${JSON.stringify({ ...base[networkID], heliconTime: helicon })},"id":1}\n`)
  })

  it('info.getNodeVersion: version, database, protocol, commit, VM versions (the plugin reports the node version)', async () => {
    const v = f.version
    expect((await rpc(devnet().infoUrl, 'info.getNodeVersion')).body).toBe(
      `{"jsonrpc":"2.0","result":{"version":"avalanchego/${v}","databaseVersion":"v1.4.5","rpcProtocolVersion":"${f.rpc}",` +
        `"gitCommit":"${f.commit}","vmVersions":{"avm":"avalanchego/${v}","evm":"v${v}","platform":"avalanchego/${v}","${SUBNET_EVM}":"v${v}"}},"id":1}\n`,
    )
    expect(devnet().nodeVersion).toBe(release)
    expect((await rpc(devnet().rpcUrl, 'web3_clientVersion', '[]')).body).toBe(`{"jsonrpc":"2.0","id":1,"result":"v${v}"}\n`)
  })

  it("info.acps: the release's current ACPs; peers support only ACPs the node counts", async () => {
    expect(Object.keys((await call<{ acps: object }>(devnet().infoUrl, 'info.acps')).acps)).toEqual(f.acps)
  })

  it("info.peers: each peer's version and the upgrade time its handshake announces", async () => {
    const { peers } = await call<{ peers: { version: string; upgradeTime: number; supportedACPs: number[] }[] }>(
      devnet().infoUrl,
      'info.peers',
    )
    const seen: Record<string, number> = {}
    for (const p of peers) seen[`${p.version} ${p.upgradeTime}`] = (seen[`${p.version} ${p.upgradeTime}`] ?? 0) + 1
    expect(seen).toEqual(f.peers(networkID))
  })

  it('health: the consensus check of each chain reports avgAcceptanceTime up to v1.15.0-fuji only (keys as Go sorts a map)', async () => {
    const body = (await rpc(`${devnet().url}/ext/health`, 'health.health', '{}')).body
    const { checks } = (JSON.parse(body) as Reply<{ checks: Record<string, { message: { engine: { consensus: object } } }> }>).result
    const keys = ['lastAcceptedHeight', 'lastAcceptedID', 'longestProcessingBlock', 'processingBlocks']
    for (const chain of ['P', 'X', 'C', 'devnet'])
      expect(Object.keys(checks[chain]!.message.engine.consensus)).toEqual(f.avgAcceptanceTime ? ['avgAcceptanceTime', ...keys] : keys)
    if (f.avgAcceptanceTime) expect(body).toContain('"avgAcceptanceTime":"0s"')
  })

  it("the chain config's heliconTimestamp and IsHelicon follow the release's schedule (from genesis on a local network since v1.15.1)", async () => {
    const config = await call<Record<string, unknown>>(devnet().rpcUrl, 'eth_getChainConfig', '[]')
    expect(config).toMatchObject({ graniteTimestamp: GRANITE[networkID], heliconTimestamp: unix(helicon) })
    const rules = await call<{ avalancheRules: Record<string, boolean> }>(devnet().rpcUrl, 'eth_getActiveRulesAt', '[]')
    // Helicon is behind the wall clock on Mainnet and Fuji (November 2026), at genesis on a local network since v1.15.1.
    expect(rules.avalancheRules).toMatchObject({ IsGranite: true, IsHelicon: helicon !== U })
  })
})

describe('the default and the choices', () => {
  const latest = useDevnet({ seed: 'profiles-default' })

  it('the default is the latest release, 1.15.3', async () => {
    expect(latest().nodeVersion).toBe('1.15.3')
    expect(await call(latest().infoUrl, 'info.getNodeVersion')).toMatchObject({ version: 'avalanchego/1.15.3', rpcProtocolVersion: '47' })
  })

  it('node overrides still apply over the profile', async () => {
    const d = await startDevnet({
      seed: 'profiles-override',
      nodeVersion: '1.14.2',
      node: { currentACPs: [236], version: 'avalanchego/1.14.2-custom' },
    })
    try {
      expect(await call(d.infoUrl, 'info.getNodeVersion')).toMatchObject({ version: 'avalanchego/1.14.2-custom', rpcProtocolVersion: '45' })
      expect(Object.keys((await call<{ acps: object }>(d.infoUrl, 'info.acps')).acps)).toEqual(['236'])
    } finally {
      await d.stop()
    }
  })

  it('the Fuji pre-release refuses Mainnet, as avalanchego v1.15.0-fuji does ("mainnet is not supported"), before anything starts', async () => {
    const attempt = startDevnet({ nodeVersion: '1.15.0-fuji', networkID: 1, anvilBinary: '/nonexistent/anvil' })
    await expect(attempt).rejects.toBeInstanceOf(InvalidArgumentError)
    await expect(attempt).rejects.toThrow('Invalid networkID: got 1')
    await expect(attempt).rejects.toThrow('mainnet is not supported')
  })

  it('an unknown nodeVersion is refused before anything starts (no anvil looked for), naming the accepted values', async () => {
    for (const nodeVersion of ['1.14.1', '1.15', 'v1.15.0', '1.15.4', 1.15]) {
      const attempt = startDevnet({ nodeVersion: nodeVersion as never, anvilBinary: '/nonexistent/anvil' })
      await expect(attempt).rejects.toBeInstanceOf(InvalidArgumentError)
      await expect(attempt).rejects.toThrow(`Invalid nodeVersion: got ${JSON.stringify(nodeVersion)}`)
      await expect(attempt).rejects.toThrow("Accepted: '1.14.2', '1.15.0-fuji', '1.15.0', '1.15.1', '1.15.2' or '1.15.3'")
    }
  })
})
