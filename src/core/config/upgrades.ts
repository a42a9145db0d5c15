/**
 * avalanchego's network upgrade schedules (`upgrade/upgrade.go`), as `info.upgrades`
 * writes them and as subnet-evm reads its network upgrade timestamps from them, and what a node
 * of each release reports about itself (`nodeReleaseTable`, the devnet's node profiles). These are
 * the offline tables: a running node's own `info.upgrades` wins over them (`subnet-rpc check --rpc`).
 */

import type { NetworkUpgradeName } from '../names.js'

/** The avalanchego releases these tables describe, oldest first (the devnet's node profiles). */
export const nodeReleases = ['1.14.2', '1.15.0'] as const
export type NodeRelease = (typeof nodeReleases)[number]
/** The latest release: what the offline tables follow unless a release is named. */
export const latestNodeRelease: NodeRelease = '1.15.0'
/** The avalanchego release whose `upgrade/upgrade.go` the offline tables follow by default, e.g. `v1.15.0`. */
export const scheduleRelease = `v${latestNodeRelease}`

/**
 * The avalanchego release that first schedules each network upgrade on Mainnet and Fuji
 * (`upgrade/upgrade.go`, `version/constants.go` before v1.12): network upgrades come with the
 * node version, not with upgrade.json. Helicon is scheduled on Fuji only (v1.15.0).
 */
export const upgradeRelease: Partial<Record<NetworkUpgradeName, string>> = {
  durango: 'v1.11.0',
  etna: 'v1.12.0',
  fortuna: 'v1.13.0',
  granite: 'v1.14.0',
  helicon: 'v1.15.0',
}

export type UpgradeSchedule = {
  apricotPhase1Time: string
  apricotPhase2Time: string
  apricotPhase3Time: string
  apricotPhase4Time: string
  apricotPhase4MinPChainHeight: bigint
  apricotPhase5Time: string
  apricotPhasePre6Time: string
  apricotPhase6Time: string
  apricotPhasePost6Time: string
  banffTime: string
  cortinaTime: string
  cortinaXChainStopVertexID: string
  durangoTime: string
  etnaTime: string
  fortunaTime: string
  graniteTime: string
  /** Nanoseconds. */
  graniteEpochDuration: bigint
  heliconTime: string
}

/** `avalanchego v1.15.0 or later`: the node version every node needs before a network upgrade activates. */
export const comesWith = (name: string) =>
  `avalanchego ${upgradeRelease[name as NetworkUpgradeName] ?? 'with this upgrade'}${name in upgradeRelease ? ' or later' : ''}`

/** Far-future time an unscheduled upgrade carries (9999-12-01). */
export const unscheduledTime = '9999-12-01T00:00:00Z'
export const unscheduledTimestamp = 253_399_622_400

const mainnet: UpgradeSchedule = {
  apricotPhase1Time: '2021-03-31T14:00:00Z',
  apricotPhase2Time: '2021-05-10T11:00:00Z',
  apricotPhase3Time: '2021-08-24T14:00:00Z',
  apricotPhase4Time: '2021-09-22T21:00:00Z',
  apricotPhase4MinPChainHeight: 793_005n,
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
  graniteEpochDuration: 300_000_000_000n,
  heliconTime: unscheduledTime,
}

const fuji: UpgradeSchedule = {
  apricotPhase1Time: '2021-03-26T14:00:00Z',
  apricotPhase2Time: '2021-05-05T14:00:00Z',
  apricotPhase3Time: '2021-08-16T19:00:00Z',
  apricotPhase4Time: '2021-09-16T21:00:00Z',
  apricotPhase4MinPChainHeight: 47_437n,
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
  graniteEpochDuration: 300_000_000_000n,
  heliconTime: '2026-07-28T15:00:00Z',
}

const initiallyActive = '2020-12-05T05:00:00Z'
const local: UpgradeSchedule = {
  apricotPhase1Time: initiallyActive,
  apricotPhase2Time: initiallyActive,
  apricotPhase3Time: initiallyActive,
  apricotPhase4Time: initiallyActive,
  apricotPhase4MinPChainHeight: 0n,
  apricotPhase5Time: initiallyActive,
  apricotPhasePre6Time: initiallyActive,
  apricotPhase6Time: initiallyActive,
  apricotPhasePost6Time: initiallyActive,
  banffTime: initiallyActive,
  cortinaTime: initiallyActive,
  cortinaXChainStopVertexID: '11111111111111111111111111111111LpoYY',
  durangoTime: initiallyActive,
  etnaTime: initiallyActive,
  fortunaTime: initiallyActive,
  graniteTime: initiallyActive,
  graniteEpochDuration: 30_000_000_000n,
  heliconTime: unscheduledTime,
}

/**
 * What a node of each release reports about itself, read from avalanchego at the release's tag:
 * `version/constants.go` (`Current`, `RPCChainVMProtocol`, `CurrentDatabase`, the minimum compatible
 * versions), `version/compatibility.json`, `utils/constants/acps.go` and `upgrade/upgrade.go`. Since
 * v1.14.0 the Subnet-EVM plugin (`graft/subnet-evm`) and the C-Chain report avalanchego's own version
 * (`plugin/evm/vm.go` `Version`: `version.Current.Semantic()`).
 */
export type NodeReleaseInfo = {
  /** The git tag the row was read at. */
  tag: string
  /** The commit the tag names: a release build's `version.GitCommit`. */
  gitCommit: string
  /** `version.RPCChainVMProtocol`: the plugin protocol (`rpcProtocolVersion`). */
  rpcProtocolVersion: number
  /** `version.CurrentDatabase`. */
  databaseVersion: string
  /** `constants.CurrentACPs`: the ACPs `info.acps` counts votes for and peers' handshakes keep. */
  currentACPs: readonly number[]
  /** `constants.ScheduledACPs`: the ACPs a node of this release supports unless told otherwise (`config/config.go`). */
  scheduledACPs: readonly number[]
  /** The upgrade whose time the node announces in its handshake (`network.NewNetwork`'s argument in `node/node.go`). */
  handshakeUpgrade: NetworkUpgradeName
  /** `version.MinimumCompatibleVersion`: the oldest peer version accepted once `handshakeUpgrade` is active. */
  minimumCompatible: string
  /** The release before it (`version/compatibility.json`). */
  previousRelease: string
  /** `upgrade.Mainnet`, `upgrade.Fuji` and `upgrade.Default` (every other network). */
  schedules: { mainnet: UpgradeSchedule; fuji: UpgradeSchedule; local: UpgradeSchedule }
}

/**
 * One row per release: the devnet's node profiles and the offline schedules read these.
 *
 * @example
 * import { nodeReleaseTable } from 'subnet-rpc/config'
 *
 * nodeReleaseTable['1.15.0'].rpcProtocolVersion // 46
 * nodeReleaseTable['1.14.2'].schedules.fuji.heliconTime // '9999-12-01T00:00:00Z'
 */
export const nodeReleaseTable: Record<NodeRelease, NodeReleaseInfo> = {
  '1.14.2': {
    tag: 'v1.14.2',
    gitCommit: '6e5acf909c7a16b991142d6b3979bac5699bdb68',
    rpcProtocolVersion: 45,
    databaseVersion: 'v1.4.5',
    currentACPs: [],
    scheduledACPs: [],
    handshakeUpgrade: 'granite',
    minimumCompatible: '1.14.0',
    previousRelease: '1.14.1',
    // v1.14.2 schedules Helicon nowhere.
    schedules: { mainnet, fuji: { ...fuji, heliconTime: unscheduledTime }, local },
  },
  '1.15.0': {
    tag: 'v1.15.0-fuji',
    gitCommit: 'e8f9781ee57de048bbfde5be0fa632e9efdf1448',
    rpcProtocolVersion: 46,
    databaseVersion: 'v1.4.5',
    currentACPs: [194, 224, 236, 247, 267, 273, 283, 285],
    scheduledACPs: [194, 236, 267, 273, 283, 285],
    handshakeUpgrade: 'helicon',
    minimumCompatible: '1.15.0',
    previousRelease: '1.14.2',
    schedules: { mainnet, fuji, local },
  },
}

/**
 * The schedule a node of `release` (default the latest) runs with on `networkID`.
 *
 * @example
 * import { upgradeSchedule } from 'subnet-rpc/config'
 *
 * upgradeSchedule(5).heliconTime // '2026-07-28T15:00:00Z'
 * upgradeSchedule(5, '1.14.2').heliconTime // '9999-12-01T00:00:00Z'
 */
export function upgradeSchedule(networkID: number, release: NodeRelease = latestNodeRelease): UpgradeSchedule {
  const { schedules } = nodeReleaseTable[release]
  return networkID === 1 ? schedules.mainnet : networkID === 5 ? schedules.fuji : schedules.local
}

/** `info.upgrades` reply of a node of `release` (default the latest): the schedule object itself, in `upgrade.Config` field order. */
export function upgradeScheduleJson(networkID: number, release: NodeRelease = latestNodeRelease): UpgradeSchedule {
  return upgradeSchedule(networkID, release)
}

/** Unix seconds of an RFC 3339 time or a Date (as `info.upgrades` decodes). */
export function unixSeconds(time: string | Date): number {
  return Math.floor(new Date(time).getTime() / 1000)
}
