/** Types of scripts/sync-node.mjs, for the tests that import it (test/unit/releases-data.test.ts). */

/** A release data file (src/core/config/releases/<tag>.json). */
export type ReleaseData = {
  tag: string
  release: string
  version: string
  gitCommit: string | null
  tagDate: string | null
  published: string | null
  rpcProtocolVersion: number
  databaseVersion: string
  minimumCompatible: string
  previousRelease: string | null
  currentACPs: number[]
  scheduledACPs: number[]
  handshakeUpgrade: string
  subnetEvmTimestamps: string[]
  healthChecks: { avgAcceptanceTime: boolean }
  runsMainnet: boolean
  schedules: Record<'mainnet' | 'fuji' | 'local', Record<string, string | number>>
  apiChanges: string[]
  sources: Record<string, string>
  assumed: Record<string, string>
}

export const dataDir: string
export const generatedFile: string
export const docsFile: string
export const factsStart: string
export const factsEnd: string
export function compareVersions(a: string, b: string): number
export function readTag(gitDir: string, tag: string): Partial<ReleaseData>
export function merge(existing: ReleaseData | undefined, tag: string, read: Partial<ReleaseData>): ReleaseData
export function loadData(dir?: string): ReleaseData[]
export function renderTables(data: ReleaseData[]): string
export function renderFacts(data: ReleaseData[]): string
export function renderDocs(current: string, data: ReleaseData[]): string
export function format(text: string, path: string): string
