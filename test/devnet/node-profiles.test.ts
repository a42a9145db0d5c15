/**
 * The devnet's node profiles (`startDevnet({ nodeVersion })`, `--node-version`): what a node of avalanchego
 * v1.14.2 and v1.15.0 reports, on Fuji (where the two differ by Helicon) and on a local network. The expected
 * values are written out here from avalanchego at tags v1.14.2 and v1.15.0-fuji (version/constants.go,
 * utils/constants/acps.go, upgrade/upgrade.go, graft/subnet-evm plugin/evm/vm.go `Version` and node/api.go
 * `ClientVersion`), not computed with the code under test.
 */
import { describe, expect, it } from 'vitest'
import { InvalidArgumentError } from '../../src/index.js'
import { startDevnet, type DevnetOptions } from '../../packages/devnet/src/index.js'
import { rpc, useDevnet } from '../helpers/devnet.js'

const SUBNET_EVM = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy'
const FUJI_HELICON = 1785250800 // 2026-07-28T15:00:00Z
const UNSCHEDULED = 253399622400 // 9999-12-01T00:00:00Z
const FUJI_GRANITE = 1761750000 // 2025-10-29T15:00:00Z

const profiles = {
  '1.14.2': {
    nodeVersion:
      '{"version":"avalanchego/1.14.2","databaseVersion":"v1.4.5","rpcProtocolVersion":"45",' +
      '"gitCommit":"6e5acf909c7a16b991142d6b3979bac5699bdb68",' +
      `"vmVersions":{"avm":"avalanchego/1.14.2","evm":"v1.14.2","platform":"avalanchego/1.14.2","${SUBNET_EVM}":"v1.14.2"}}`,
    clientVersion: 'v1.14.2',
    fujiHelicon: '9999-12-01T00:00:00Z',
    heliconTimestamp: UNSCHEDULED,
    isHelicon: false,
    // utils/constants/acps.go: CurrentACPs is empty, so the node keeps no peer's opinion either (peer.go).
    acps: [] as string[],
    // Every peer runs v1.14.2 but one on v1.14.1; each announces Fuji's Granite time (node.go: NewNetwork(GraniteTime)).
    peers: { 'avalanchego/1.14.2': 5, 'avalanchego/1.14.1': 1 },
    upgradeTimes: [FUJI_GRANITE],
  },
  '1.15.0': {
    nodeVersion:
      '{"version":"avalanchego/1.15.0","databaseVersion":"v1.4.5","rpcProtocolVersion":"46",' +
      '"gitCommit":"e8f9781ee57de048bbfde5be0fa632e9efdf1448",' +
      `"vmVersions":{"avm":"avalanchego/1.15.0","evm":"v1.15.0","platform":"avalanchego/1.15.0","${SUBNET_EVM}":"v1.15.0"}}`,
    clientVersion: 'v1.15.0',
    fujiHelicon: '2026-07-28T15:00:00Z',
    heliconTimestamp: FUJI_HELICON,
    // Fuji's Helicon is behind the wall clock of these tests (written in November 2026).
    isHelicon: Date.now() / 1000 >= FUJI_HELICON,
    acps: ['194', '224', '236', '247', '267', '273', '283', '285'],
    // Past Fuji's Helicon a v1.15.0 node accepts v1.15.0 peers only (MinimumCompatibleVersion), all announcing Helicon.
    peers: Date.now() / 1000 >= FUJI_HELICON ? { 'avalanchego/1.15.0': 6 } : { 'avalanchego/1.15.0': 5, 'avalanchego/1.14.2': 1 },
    upgradeTimes: Date.now() / 1000 >= FUJI_HELICON ? [FUJI_HELICON] : [FUJI_HELICON, FUJI_GRANITE],
  },
} as const

type Reply<T> = { result: T }
const info = async <T>(url: string, method: string) => (JSON.parse((await rpc(url, method)).body) as Reply<T>).result

describe.each(Object.entries(profiles))('nodeVersion %s on Fuji', (version, expected) => {
  const devnet = useDevnet({ seed: 'profiles', networkID: 5, nodeVersion: version as DevnetOptions['nodeVersion'] })

  it('info.getNodeVersion: version, database, protocol, commit, VM versions (the plugin reports the node version)', async () => {
    expect((await rpc(devnet().infoUrl, 'info.getNodeVersion')).body).toBe(`{"jsonrpc":"2.0","result":${expected.nodeVersion},"id":1}\n`)
    expect(devnet().nodeVersion).toBe(version)
  })

  it("info.upgrades: Fuji's schedule of that release (Helicon)", async () => {
    const upgrades = await info<Record<string, unknown>>(devnet().infoUrl, 'info.upgrades')
    expect(upgrades).toMatchObject({ graniteTime: '2025-10-29T15:00:00Z', heliconTime: expected.fujiHelicon })
  })

  it("info.acps: the release's current ACPs", async () => {
    const { acps } = await info<{ acps: Record<string, unknown> }>(devnet().infoUrl, 'info.acps')
    expect(Object.keys(acps)).toEqual(expected.acps)
  })

  it('info.peers: peer versions and the upgrade time each announces', async () => {
    const { peers } = await info<{ peers: { version: string; upgradeTime: number; supportedACPs: number[] }[] }>(
      devnet().infoUrl,
      'info.peers',
    )
    const versions: Record<string, number> = {}
    for (const p of peers) versions[p.version] = (versions[p.version] ?? 0) + 1
    expect(versions).toEqual(expected.peers)
    expect([...new Set(peers.map((p) => p.upgradeTime))]).toEqual(expected.upgradeTimes)
    for (const p of peers) for (const acp of p.supportedACPs) expect(expected.acps).toContain(String(acp))
  })

  it("web3_clientVersion is the Subnet-EVM VM's version", async () => {
    expect((await rpc(devnet().rpcUrl, 'web3_clientVersion', '[]')).body).toBe(
      `{"jsonrpc":"2.0","id":1,"result":"${expected.clientVersion}"}\n`,
    )
  })

  it("eth_getChainConfig and eth_getActiveRulesAt: the network upgrade times come from the release's schedule", async () => {
    const config = (JSON.parse((await rpc(devnet().rpcUrl, 'eth_getChainConfig', '[]')).body) as Reply<Record<string, unknown>>).result
    expect(config).toMatchObject({ durangoTimestamp: 1707840000, etnaTimestamp: 1732550400, graniteTimestamp: FUJI_GRANITE })
    expect(config.heliconTimestamp).toBe(expected.heliconTimestamp)
    expect(devnet().chainSpec.networkUpgrades.heliconTimestamp).toBe(BigInt(expected.heliconTimestamp))
    const rules = (
      JSON.parse((await rpc(devnet().rpcUrl, 'eth_getActiveRulesAt', '[]')).body) as Reply<{ avalancheRules: Record<string, boolean> }>
    ).result
    expect(rules.avalancheRules).toMatchObject({ IsGranite: true, IsHelicon: expected.isHelicon })
  })
})

describe('nodeVersion on a local network', () => {
  const v1142 = useDevnet({ seed: 'profiles-local', nodeVersion: '1.14.2' })
  const latest = useDevnet({ seed: 'profiles-local' })

  it('the default is the latest release, 1.15.0', async () => {
    expect(latest().nodeVersion).toBe('1.15.0')
    expect(await info(latest().infoUrl, 'info.getNodeVersion')).toMatchObject({ version: 'avalanchego/1.15.0', rpcProtocolVersion: '46' })
  })

  it('Helicon is unscheduled on a local network in both; peers announce their own upgrade (Granite at 2020-12-05, Helicon unscheduled)', async () => {
    for (const d of [v1142(), latest()]) {
      expect(await info(d.infoUrl, 'info.upgrades')).toMatchObject({ heliconTime: '9999-12-01T00:00:00Z' })
      expect(d.chainSpec.networkUpgrades.heliconTimestamp).toBe(BigInt(UNSCHEDULED))
    }
    const times = async (url: string) =>
      (await info<{ peers: { version: string; upgradeTime: number }[] }>(url, 'info.peers')).peers.map(
        (p) => `${p.version} ${p.upgradeTime}`,
      )
    expect(new Set(await times(v1142().infoUrl))).toEqual(new Set(['avalanchego/1.14.2 1607144400', 'avalanchego/1.14.1 1607144400']))
    expect(new Set(await times(latest().infoUrl))).toEqual(new Set([`avalanchego/1.15.0 ${UNSCHEDULED}`, 'avalanchego/1.14.2 1607144400']))
  })

  it('node overrides still apply over the profile', async () => {
    const d = await startDevnet({
      seed: 'profiles-override',
      nodeVersion: '1.14.2',
      node: { currentACPs: [236], version: 'avalanchego/1.14.2-custom' },
    })
    try {
      expect(await info(d.infoUrl, 'info.getNodeVersion')).toMatchObject({ version: 'avalanchego/1.14.2-custom', rpcProtocolVersion: '45' })
      expect(Object.keys((await info<{ acps: object }>(d.infoUrl, 'info.acps')).acps)).toEqual(['236'])
    } finally {
      await d.stop()
    }
  })
})

describe('an unknown nodeVersion', () => {
  it('is refused before anything starts (no anvil looked for), naming the accepted values', async () => {
    for (const nodeVersion of ['1.14.1', '1.15', 'v1.15.0', 1.15]) {
      const attempt = startDevnet({ nodeVersion: nodeVersion as never, anvilBinary: '/nonexistent/anvil' })
      await expect(attempt).rejects.toBeInstanceOf(InvalidArgumentError)
      await expect(attempt).rejects.toThrow(`Invalid nodeVersion: got ${JSON.stringify(nodeVersion)}`)
      await expect(attempt).rejects.toThrow("Accepted: '1.14.2' or '1.15.0'")
    }
  })
})
