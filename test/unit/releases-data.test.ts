/**
 * The release data files (src/core/config/releases/<tag>.json) and what scripts/sync-node.mjs generates from
 * them (src/core/config/releases.generated.ts, docs/releases.md's facts table) agree: a data file edited without
 * `npm run sync:node`, or a generated file edited by hand, fails here. No network and no avalanchego tree needed:
 * the data files are rendered again and compared with the checked-in files, byte for byte.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  dataDir,
  docsFile,
  format,
  generatedFile,
  loadData,
  merge,
  renderDocs,
  renderTables,
  type ReleaseData,
} from '../../scripts/sync-node.mjs'
import { latestNodeRelease, newerNodeRelease, nodeReleases, nodeReleaseTable, upgradeSchedule } from '../../src/config.js'

const data = loadData()

describe('release data files and the generated tables', () => {
  it('releases.generated.ts is what the data files generate', () => {
    expect(format(renderTables(data), 'releases.generated.ts')).toBe(readFileSync(generatedFile, 'utf8'))
  })

  it("docs/releases.md's facts table is what the data files generate", () => {
    const docs = readFileSync(docsFile, 'utf8')
    expect(renderDocs(docs, data)).toBe(docs)
  })

  it('each data file is written as sync:node writes it (so a sync without changes leaves no diff)', () => {
    for (const f of readdirSync(dataDir)) {
      const text = readFileSync(join(dataDir, f), 'utf8')
      expect(format(`${JSON.stringify(JSON.parse(text), null, 2)}\n`, f), f).toBe(text)
      expect(f).toBe(`${(JSON.parse(text) as ReleaseData).tag}.json`)
    }
  })

  it('every fact has a source, is assumed with a reason, or is unknown (null)', () => {
    const facts = ['version', 'gitCommit', 'tagDate', 'rpcProtocolVersion', 'databaseVersion', 'minimumCompatible', 'previousRelease']
    const more = ['currentACPs', 'scheduledACPs', 'handshakeUpgrade', 'subnetEvmTimestamps', 'healthChecks', 'runsMainnet', 'schedules']
    for (const d of data)
      for (const f of [...facts, ...more]) {
        const value = d[f as keyof ReleaseData]
        const sourced = Object.keys(d.sources).some((k) => (k === f || k.startsWith(`${f}.`)) && d.sources[k])
        expect(sourced || Boolean(d.assumed[f]) || value === null, `${d.tag}: ${f}`).toBe(true)
      }
  })

  it('the tables the package exports are the data files (oldest first, the latest final release the default)', () => {
    expect(nodeReleases).toEqual(data.map((d) => d.release))
    expect(latestNodeRelease).toBe('1.15.3')
    for (const d of data) {
      const row = nodeReleaseTable[d.release as (typeof nodeReleases)[number]]
      expect(row.tag).toBe(d.tag)
      expect(row.rpcProtocolVersion).toBe(d.rpcProtocolVersion)
      for (const [net, id] of [
        ['mainnet', 1],
        ['fuji', 5],
        ['local', 12345],
      ] as const)
        expect(
          JSON.parse(JSON.stringify(upgradeSchedule(id, d.release as never), (_, v) => (typeof v === 'bigint' ? Number(v) : v))),
        ).toEqual(d.schedules[net])
    }
  })

  it('merge keeps what a tree cannot say and overwrites what it read, with its source', () => {
    const old = data.find((d) => d.tag === 'v1.15.0')!
    const merged = merge(old, 'v1.15.0', { rpcProtocolVersion: 46, currentACPs: [194] })
    expect(merged.published).toBe(old.published)
    expect(merged.apiChanges).toEqual(old.apiChanges)
    expect(merged.currentACPs).toEqual([194])
    expect(merged.sources.currentACPs).toBe('utils/constants/acps.go@v1.15.0')
    expect(merged.assumed).not.toHaveProperty('currentACPs')
    expect(Object.keys(merged.sources).filter((k) => k.startsWith('schedules.'))).toEqual([])
  })
})

describe('newerNodeRelease', () => {
  it('names a node version newer than every release of the tables, and nothing else', () => {
    expect(newerNodeRelease('avalanchego/1.16.0')).toBe('1.16.0')
    expect(newerNodeRelease('avalanchego/1.15.4')).toBe('1.15.4')
    expect(newerNodeRelease('avalanchego/2.0.0')).toBe('2.0.0')
    for (const v of ['avalanchego/1.15.3', 'avalanchego/1.15.0', 'avalanchego/1.14.1', 'avalanchego/1.15.3-custom', 'subnet-evm/9.9.9', ''])
      expect(newerNodeRelease(v), v).toBeUndefined()
  })
})
