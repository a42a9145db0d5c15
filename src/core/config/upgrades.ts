/**
 * avalanchego's network upgrade schedules (`upgrade/upgrade.go`), as `info.upgrades`
 * writes them and as subnet-evm reads its network upgrade timestamps from them, and what a node
 * of each release reports about itself (`nodeReleaseTable`, the devnet's node profiles). These are
 * the offline tables: a running node's own `info.upgrades` wins over them (`subnet-rpc check --rpc`).
 */

import type { NetworkUpgradeName } from '../names.js'
import { newestReadTag, nodeReleaseRows, nodeReleases } from './releases.generated.js'

/** The avalanchego releases these tables describe, oldest first (the devnet's node profiles): one data file each. */
export { nodeReleases }
export type NodeRelease = (typeof nodeReleases)[number]
/** The latest release (the newest that is not a pre-release): what the offline tables follow unless a release is named. */
export const latestNodeRelease: NodeRelease = [...nodeReleases].reverse().find((r) => !r.includes('-'))!
/**
 * The newest release read from avalanchego's source (`v1.15.0-fuji`; later ones from their release notes): what
 * this package knows of the node's code beyond the tables, such as which precompiles it registers, is as of it.
 */
export const sourceRelease: string = newestReadTag!
/** The avalanchego release whose `upgrade/upgrade.go` the offline tables follow by default, e.g. `v1.15.3`. */
export const scheduleRelease = nodeReleaseRows[latestNodeRelease].tag

/**
 * The avalanchego release that first schedules each network upgrade on Mainnet and Fuji
 * (`upgrade/upgrade.go`, `version/constants.go` before v1.12): network upgrades come with the
 * node version, not with upgrade.json. Helicon: v1.15.0 on Mainnet (the Fuji pre-release
 * v1.15.0-fuji scheduled it on Fuji only).
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

/**
 * What a node of each release reports about itself, read from avalanchego at the release's tag
 * (`scripts/sync-node.mjs`): `version/constants.go` (`Current`, `RPCChainVMProtocol`, `CurrentDatabase`,
 * the minimum compatible version), `version/compatibility.json`, `utils/constants/acps.go`, `node/node.go`
 * and `upgrade/upgrade.go`; for a tag not yet read, from its release notes (docs/releases.md names the
 * source of each fact and what is assumed). Since
 * v1.14.0 the Subnet-EVM plugin (`graft/subnet-evm`) and the C-Chain report avalanchego's own version
 * (`plugin/evm/vm.go` `Version`: `version.Current.Semantic()`).
 */
export type NodeReleaseInfo = {
  /** The git tag of the release, e.g. `v1.15.0-fuji`. */
  tag: string
  /** `version.Current`: what the node reports (`avalanchego/<version>`); `1.15.0` for the tag `v1.15.0-fuji` too. */
  version: string
  /** The commit the tag names: a release build's `version.GitCommit`; `''` where unknown (as a build without it reports). */
  gitCommit: string
  /** The day the release was published (else its tag's date), `YYYY-MM-DD`; null where unknown. */
  date: string | null
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
  /** The health checks that differ between releases: `avgAcceptanceTime`, consensus failing on a high average acceptance time (v1.14.2 to v1.15.0-fuji, `snow/consensus/snowman/topological.go`). */
  healthChecks: { avgAcceptanceTime: boolean }
  /** False for a Fuji pre-release, which refuses to start on Mainnet (`config/config.go`: "mainnet is not supported"). */
  runsMainnet: boolean
  /** `upgrade.Mainnet`, `upgrade.Fuji` and `upgrade.Default` (every other network). */
  schedules: { mainnet: UpgradeSchedule; fuji: UpgradeSchedule; local: UpgradeSchedule }
}

/**
 * One row per release, generated from its data file (`src/core/config/releases/<tag>.json`,
 * `npm run sync:node`): the devnet's node profiles and the offline schedules read these.
 *
 * @example
 * import { nodeReleaseTable } from 'subnet-rpc/config'
 *
 * nodeReleaseTable['1.15.3'].rpcProtocolVersion // 47
 * nodeReleaseTable['1.15.3'].schedules.mainnet.heliconTime // '2026-09-22T15:00:00Z'
 * nodeReleaseTable['1.14.2'].schedules.fuji.heliconTime // '9999-12-01T00:00:00Z'
 */
export const nodeReleaseTable: Record<NodeRelease, NodeReleaseInfo> = nodeReleaseRows

/**
 * The schedule a node of `release` (default the latest) runs with on `networkID`.
 *
 * @example
 * import { upgradeSchedule } from 'subnet-rpc/config'
 *
 * upgradeSchedule(1).heliconTime // '2026-09-22T15:00:00Z'
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

/**
 * The release a node reports (`info.getNodeVersion` `version`, `avalanchego/1.15.4`) when it is newer than every
 * release of these tables, e.g. `1.15.4`; undefined when the tables know it (or the version is not avalanchego's).
 * Such a node may schedule upgrades these tables do not have: read its own schedule (`info.upgrades`).
 *
 * @example
 * import { newerNodeRelease } from 'subnet-rpc/config'
 *
 * newerNodeRelease('avalanchego/1.16.0') // '1.16.0'
 * newerNodeRelease('avalanchego/1.15.3') // undefined
 */
export function newerNodeRelease(nodeVersion: string): string | undefined {
  const m = /^avalanchego\/(\d+)\.(\d+)\.(\d+)$/.exec(nodeVersion)
  if (!m) return undefined
  const parts = (v: string) => v.split('.').map(Number)
  const node = [m[1], m[2], m[3]].map(Number)
  for (const known of Object.values(nodeReleaseTable).map((r) => parts(r.version))) {
    const i = node.findIndex((n, j) => n !== known[j])
    if (i < 0 || node[i]! < known[i]!) return undefined
  }
  return node.join('.')
}
