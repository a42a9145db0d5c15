/**
 * The network's upgrade schedule in `check` and `status`: with --rpc, the node's own
 * (`info.upgrades`, and the L1's `eth_getChainConfig`); offline, the built-in tables of
 * avalanchego v1.15.3 (Helicon on Fuji at 2026-07-28T15:00:00Z, unix 1785250800, and on Mainnet at
 * 2026-09-22T15:00:00Z, unix 1790089200, since v1.15.0). The fixture node answers as a v1.15.0 Fuji node;
 * its replies are written out here.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { check } from '../../src/cli/check.js'
import { status } from '../../src/cli/status.js'
import { useFakeNode } from '../helpers/servers.js'

const HELICON = 1_785_250_800
const A = '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'

class Capture extends Writable {
  text = ''
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString()
    done()
  }
}
const io = () => ({ stdout: new Capture(), stderr: new Capture(), env: {} })
async function cli(args: string[]) {
  const s = io()
  const code = await check(args, s)
  return { code, stdout: s.stdout.text, stderr: s.stderr.text }
}

const dir = mkdtempSync(join(tmpdir(), 'subnet-rpc-schedule-'))
const file = (name: string, value: unknown) => {
  const path = join(dir, name)
  writeFileSync(path, JSON.stringify(value))
  return path
}
const fee = {
  gasLimit: 8_000_000,
  targetBlockRate: 2,
  minBaseFee: 25_000_000_000,
  targetGas: 15_000_000,
  baseFeeChangeDenominator: 36,
  minBlockGasCost: 0,
  maxBlockGasCost: 1_000_000,
  blockGasCostStep: 200_000,
}
// A genesis that leaves every network upgrade to the network's schedule.
const genesis = file('genesis.json', {
  config: { chainId: 424242, feeConfig: fee },
  alloc: { [A.slice(2)]: { balance: '0x52B7D2DCC80CD2E4000000' } },
  timestamp: '0x0',
  gasLimit: '0x7A1200',
  difficulty: '0x0',
})

/** `upgrade.Fuji` of v1.15.0 as `info.upgrades` writes it. */
const fujiUpgrades = {
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
  heliconTime: '2026-07-28T15:00:00Z',
}
/** `eth_getChainConfig` of that genesis on such a node: `SetDefaults` from the schedule, `SetEthUpgrades`. */
const chainConfig = (helicon: number) => ({
  berlinBlock: 0,
  byzantiumBlock: 0,
  cancunTime: 1732550400,
  chainId: 424242,
  constantinopleBlock: 0,
  durangoTimestamp: 1707840000,
  eip150Block: 0,
  eip155Block: 0,
  eip158Block: 0,
  etnaTimestamp: 1732550400,
  feeConfig: fee,
  graniteTimestamp: 1761750000,
  heliconTimestamp: helicon,
  homesteadBlock: 0,
  istanbulBlock: 0,
  londonBlock: 0,
  muirGlacierBlock: 0,
  petersburgBlock: 0,
  shanghaiTime: 1707840000,
  subnetEVMTimestamp: 0,
  upgrades: {},
})

const node = useFakeNode()
function fujiNode(head: number, { networkID = 5, upgrades = fujiUpgrades as Record<string, unknown>, helicon = HELICON } = {}) {
  const n = node()
  n.answer('info.getNetworkID', { result: { networkID: `${networkID}` } })
  n.answer('info.upgrades', { result: upgrades })
  n.answer('eth_getChainConfig', { result: chainConfig(helicon) })
  n.answer('eth_getBlockByNumber', { result: { number: '0x10', timestamp: `0x${head.toString(16)}` } })
  return `${n.url}/ext/bc/2ebCneCbwthjQ1rYT41nhd7M76Hc6YmosMAQrTFhBq8qeqh6tt/rpc`
}

describe('check --rpc against a Fuji L1 of avalanchego v1.15.0', () => {
  it('past Helicon: a valid upgrade.json is accepted and the timeline shows Helicon at its date, from the node', async () => {
    const head = HELICON + 86_400
    const rpc = fujiNode(head)
    const upgrade = file('upgrade.json', {
      precompileUpgrades: [{ feeManagerConfig: { adminAddresses: [A], blockTimestamp: head + 30 * 86_400 } }],
    })
    const r = await cli(['--genesis', genesis, '--upgrade', upgrade, '--rpc', rpc])
    expect(r.stdout).toContain('network   fuji (5), from the node')
    expect(r.stdout).toContain('schedule  the node (info.upgrades)')
    expect(r.stdout).toMatch(
      /● 2026-07-28 15:00:00 {2}\d+d( \d+h)? ago +heliconTimestamp +Helicon network upgrade: no change to Subnet-EVM's EVM rules/,
    )
    expect(r.stdout).toContain('OK: a node accepts these files (over this chain)')
    expect(r.code).toBe(0)
    const j = JSON.parse((await cli(['--genesis', genesis, '--upgrade', upgrade, '--rpc', rpc, '--json'])).stdout)
    expect(j.schedule).toBe('the node (info.upgrades)')
    expect(j.timeline.find((e: { name: string }) => e.name === 'helicon')).toMatchObject({
      timestamp: `${HELICON}`,
      time: '2026-07-28T15:00:00Z',
      source: 'heliconTimestamp',
      scheduled: true,
      active: true,
    })
  })

  it('an upgrade 30 minutes away: warned that it comes with the node version, not with upgrade.json', async () => {
    // A node whose schedule has Helicon 30 minutes from now (the clock, not the fixture's head, counts).
    const soon = Math.floor(Date.now() / 1000) + 1800
    const upgrades = { ...fujiUpgrades, heliconTime: new Date(soon * 1000).toISOString().replace('.000Z', 'Z') }
    const r = await cli(['--genesis', genesis, '--rpc', fujiNode(soon - 3600, { upgrades, helicon: soon })])
    expect(r.code).toBe(0)
    expect(r.stdout).toMatch(
      /! heliconTimestamp \(Helicon network upgrade: no change to Subnet-EVM's EVM rules\) activates in (29m \d+s|30m), less than the 1h margin: network upgrades come with the node version, not with upgrade.json: every node must run avalanchego v1\.15\.0 or later before then/,
    )
  })

  it("a schedule newer than this package's tables is the node's: Helicon on a mainnet node in 2027", async () => {
    const helicon = Date.parse('2027-02-22T16:00:00Z') / 1000 // in no table here
    const upgrades = { ...fujiUpgrades, heliconTime: '2027-02-22T16:00:00Z' }
    const rpc = fujiNode(helicon + 60, { networkID: 1, upgrades, helicon })
    // Mainnet's other defaults: only Helicon is compared here, so the fixture keeps Fuji's and --network is not given.
    const r = await cli(['--genesis', genesis, '--rpc', rpc, '--json'])
    const j = JSON.parse(r.stdout)
    expect(j.network).toEqual({ id: 1, name: 'mainnet', source: 'the node' })
    expect(j.errors).toEqual([])
    expect(j.timeline.find((e: { name: string }) => e.name === 'helicon')).toMatchObject({ timestamp: `${helicon}`, active: true })
    expect(r.code).toBe(0)
  })
})

describe('offline on Fuji: the tables of v1.15.3', () => {
  it('a heliconTimestamp override at or after 2026-07-28T15:00:00Z is valid; before it the node refuses it', async () => {
    const later = file('later.json', { networkUpgradeOverrides: { heliconTimestamp: HELICON + 3600 } })
    const ok = await cli(['--genesis', genesis, '--upgrade', later, '--network', 'fuji'])
    expect(ok.stdout).toContain('schedule  avalanchego v1.15.3 (built in)')
    expect(ok.code).toBe(0)
    const earlier = file('earlier.json', { networkUpgradeOverrides: { heliconTimestamp: HELICON - 1 } })
    const refused = await cli(['--genesis', genesis, '--upgrade', earlier, '--network', 'fuji'])
    expect(refused.code).toBe(1)
    expect(refused.stdout).toContain(
      `networkUpgradeOverrides.heliconTimestamp: failed to verify genesis: invalid network upgrades: helicon fork block timestamp is invalid: provided timestamp must be greater than or equal to the default timestamp: provided timestamp ${HELICON - 1}, default timestamp ${HELICON}`,
    )
  })
})

describe('offline on Mainnet: the tables of v1.15.3', () => {
  it('Helicon is active since 2026-09-22 15:00 UTC (v1.15.0 notes), not unscheduled', async () => {
    const r = await cli(['--genesis', genesis, '--network', 'mainnet'])
    expect(r.stdout).toContain('schedule  avalanchego v1.15.3 (built in)')
    expect(r.stdout).toMatch(/\n {2}● 2026-09-22 15:00:00 .* heliconTimestamp +Helicon network upgrade/)
    expect(r.stdout).not.toContain('unscheduled')
    const j = JSON.parse((await cli(['--genesis', genesis, '--network', 'mainnet', '--json'])).stdout)
    expect(j.timeline.find((e: { name: string }) => e.name === 'helicon')).toMatchObject({
      timestamp: '1790089200',
      active: true,
      scheduled: true,
    })
  })
})

describe('status on a Fuji L1', () => {
  it("the next activation is the chain config's Helicon, with the node version it comes with", async () => {
    const helicon = Math.floor(Date.now() / 1000) + 10 * 86_400
    const rpc = fujiNode(helicon - 86_400, { helicon })
    const s = io()
    await status([rpc, '--chain', '2ebCneCbwthjQ1rYT41nhd7M76Hc6YmosMAQrTFhBq8qeqh6tt'], s)
    // "in 10d", or a minute less when the second turned between the two clocks.
    const at = new Date(helicon * 1000).toISOString().replace('.000Z', 'Z')
    expect(s.stdout.text).toContain(`next          ${at} (in `)
    expect(s.stdout.text).toMatch(
      /\(in (10d|9d 23h 59m)\): Helicon network upgrade: no change to Subnet-EVM's EVM rules; comes with the node version \(avalanchego v1\.15\.0 or later\)/,
    )
  })
})
