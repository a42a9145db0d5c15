#!/usr/bin/env node
/**
 * `npm run sync:node -- <avalanchego git dir> [tag…]` or `npm run sync:node -- <tag>` (the git dir then from
 * AVALANCHEGO_GIT_DIR): reads avalanchego at each release tag and rewrites the release data files
 * (src/core/config/releases/<tag>.json, one per release) and what is generated from them (the tables in
 * src/core/config/releases.generated.ts, the facts table in docs/releases.md).
 *
 * Read at each tag, with `git show <tag>:<path>` (a bare clone such as the search tools' `fetch` gives works):
 * - upgrade/upgrade.go: `Mainnet`, `Fuji`, `Default` (every other network), in `Config`'s field order and JSON names;
 * - version/constants.go: `Current`, `MinimumCompatibleVersion`, `RPCChainVMProtocol`, `CurrentDatabase`;
 * - version/compatibility.json: the release before (the newest older version it lists);
 * - utils/constants/acps.go: `CurrentACPs`, `ScheduledACPs`;
 * - node/node.go: the upgrade whose time `network.NewNetwork` announces in the handshake;
 * - graft/subnet-evm/params/extras/network_upgrades.go: the `*Timestamp` keys of Subnet-EVM's `NetworkUpgrades`;
 * - snow/consensus/snowman/topological.go: whether consensus health fails on a high average acceptance time;
 * - config/config.go: whether the node refuses Mainnet ("mainnet is not supported", a Fuji pre-release).
 * The fields read are overwritten and their sources set to `<file>@<tag>`; what a tree cannot say (publication
 * date, API changes, facts from release notes for a tag the tree lacks) is kept from the data file as it was.
 * Without tags, every data file whose tag the tree has is re-read, and every final release tag newer than the
 * newest data file gets a new one. `--check` writes nothing and exits 1 when a file would change.
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const root = join(dirname(fileURLToPath(import.meta.url)), '..')
export const dataDir = join(root, 'src/core/config/releases')
export const generatedFile = join(root, 'src/core/config/releases.generated.ts')
export const docsFile = join(root, 'docs/releases.md')
const biome = join(root, 'node_modules/.bin/biome')

/** The fields a tree gives, overwritten on each read. */
const readFields = [
  'version',
  'gitCommit',
  'tagDate',
  'rpcProtocolVersion',
  'databaseVersion',
  'minimumCompatible',
  'previousRelease',
  'currentACPs',
  'scheduledACPs',
  'handshakeUpgrade',
  'subnetEvmTimestamps',
  'healthChecks',
  'runsMainnet',
  'schedules',
]

// ---- Reading Go source -------------------------------------------------------------------------------------------

const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']
const durations = { Nanosecond: 1, Microsecond: 1e3, Millisecond: 1e6, Second: 1e9, Minute: 60e9, Hour: 3600e9 }

/** `time.Date(2021, time.March, 31, 14, 0, 0, 0, time.UTC)` → `2021-03-31T14:00:00Z`. */
function goDate(expr) {
  const m = /^time\.Date\((\d+),\s*time\.(\w+),\s*(\d+),\s*(\d+),\s*(\d+),\s*(\d+),\s*0,\s*time\.UTC\)$/.exec(expr)
  if (!m) return undefined
  const month = months.indexOf(m[2])
  if (month < 0) throw new Error(`upgrade.go: unknown month in ${expr}`)
  return new Date(Date.UTC(+m[1], month, +m[3], +m[4], +m[5], +m[6])).toISOString().replace('.000Z', 'Z')
}

/** The body of the Go composite literal that starts at `head` (e.g. `Mainnet = Config{`), to its matching brace. */
function literal(src, head, file) {
  const start = src.indexOf(head)
  if (start < 0) throw new Error(`${file}: no \`${head}\``)
  let depth = 0
  for (let i = start + head.length - 1; i < src.length; i++) {
    if (src[i] === '{' || src[i] === '(') depth++
    else if (src[i] === '}' || src[i] === ')') if (--depth === 0) return src.slice(start + head.length, i)
  }
  throw new Error(`${file}: \`${head}\` does not close`)
}

/** `upgrade.Config`'s fields → JSON names, in order. */
function configFields(src) {
  const body = literal(src, 'type Config struct {', 'upgrade/upgrade.go')
  return [...body.matchAll(/^\s*(\w+)\s+[\w.]+\s+`json:"(\w+)"`/gm)].map((m) => ({ go: m[1], json: m[2] }))
}

/** One schedule of upgrade.go (`Mainnet`, `Fuji`, `Default`), as `info.upgrades` writes it. */
function schedule(src, name, consts) {
  const body = literal(src, `${name} = Config{`, 'upgrade/upgrade.go')
  const values = {}
  for (const line of body.split('\n')) {
    const m = /^\s*(\w+):\s*(.+?),\s*(\/\/.*)?$/.exec(line)
    if (!m) continue
    const expr = m[2].trim()
    let value
    if (expr in consts) value = consts[expr]
    else if (goDate(expr)) value = goDate(expr)
    else if (/^\d+$/.test(expr)) value = Number(expr)
    else if (expr === 'ids.Empty') value = '11111111111111111111111111111111LpoYY'
    else if (/^ids\.FromStringOrPanic\("(\w+)"\)$/.test(expr)) value = /"(\w+)"/.exec(expr)[1]
    else if (/^(\d+)\s*\*\s*time\.(\w+)$/.test(expr)) {
      const [, n, unit] = /^(\d+)\s*\*\s*time\.(\w+)$/.exec(expr)
      if (!(unit in durations)) throw new Error(`upgrade.go: unknown duration ${expr}`)
      value = Number(n) * durations[unit]
    } else throw new Error(`upgrade.go: ${name}.${m[1]}: cannot read ${expr}`)
    values[m[1]] = value
  }
  return values
}

function readUpgrades(src) {
  const consts = {}
  for (const c of ['InitiallyActiveTime', 'UnscheduledActivationTime']) {
    const m = new RegExp(`${c}\\s*=\\s*(time\\.Date\\([^)]*\\))`).exec(src)
    if (!m) throw new Error(`upgrade/upgrade.go: no ${c}`)
    consts[c] = goDate(m[1])
  }
  const fields = configFields(src)
  const out = {}
  for (const [goName, key] of [
    ['Mainnet', 'mainnet'],
    ['Fuji', 'fuji'],
    ['Default', 'local'],
  ]) {
    const values = schedule(src, goName, consts)
    out[key] = {}
    for (const f of fields) {
      if (!(f.go in values)) throw new Error(`upgrade/upgrade.go: ${goName} has no ${f.go}`)
      out[key][f.json] = values[f.go]
    }
  }
  return out
}

function application(src, name) {
  const body = literal(src, `${name} = &Application{`, 'version/constants.go')
  const part = (p) => /\d+/.exec(new RegExp(`${p}:\\s*\\d+`).exec(body)?.[0] ?? '')?.[0]
  const [major, minor, patch] = ['Major', 'Minor', 'Patch'].map(part)
  if ([major, minor, patch].includes(undefined)) throw new Error(`version/constants.go: cannot read ${name}`)
  return `${major}.${minor}.${patch}`
}

const semver = (v) => v.replace(/^v/, '').split('.').map(Number)
export function compareVersions(a, b) {
  const [x, y] = [semver(a), semver(b)]
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i]
  return 0
}

function acpSet(src, name) {
  const m = new RegExp(`${name}\\s*=\\s*set\\.Of\\[uint32\\]\\(([^)]*)\\)`).exec(src)
  if (!m) throw new Error(`utils/constants/acps.go: no ${name}`)
  return [...m[1].matchAll(/^\s*(\d+),/gm)].map((x) => Number(x[1])).sort((a, b) => a - b)
}

/** Reads one release tag of an avalanchego git dir. */
export function readTag(gitDir, tag) {
  const git = (...args) => execFileSync('git', ['-C', gitDir, ...args], { encoding: 'utf8', maxBuffer: 64 << 20 })
  const show = (path) => git('show', `${tag}:${path}`)
  const constants = show('version/constants.go')
  const version = application(constants, 'Current')
  const compatibility = JSON.parse(show('version/compatibility.json'))
  const older = Object.values(compatibility)
    .flat()
    .map((v) => v.replace(/^v/, ''))
    .filter((v) => compareVersions(v, version) < 0)
    .sort(compareVersions)
  const node = show('node/node.go')
  const handshake = /network\.NewNetwork\(([\s\S]*?)\n\t\)/.exec(node)?.[1]
  const upgrade = handshake && /UpgradeConfig\.(\w+)Time/.exec(handshake)?.[1]
  if (!upgrade) throw new Error('node/node.go: cannot find the upgrade time network.NewNetwork announces')
  const nu = literal(show('graft/subnet-evm/params/extras/network_upgrades.go'), 'type NetworkUpgrades struct {', 'network_upgrades.go')
  const acps = show('utils/constants/acps.go')
  const rpc = /RPCChainVMProtocol\s+uint\s*=\s*(\d+)/.exec(constants)?.[1]
  const database = /CurrentDatabase\s*=\s*"([^"]+)"/.exec(constants)?.[1]
  if (!rpc || !database) throw new Error('version/constants.go: cannot read RPCChainVMProtocol or CurrentDatabase')
  const date = git('for-each-ref', '--format=%(taggerdate:short)%(committerdate:short)', `refs/tags/${tag}`).trim().slice(0, 10)
  return {
    version,
    gitCommit: git('rev-list', '-n', '1', tag).trim(),
    tagDate: date,
    rpcProtocolVersion: Number(rpc),
    databaseVersion: database,
    minimumCompatible: application(constants, 'MinimumCompatibleVersion'),
    previousRelease: older.at(-1) ?? null,
    currentACPs: acpSet(acps, 'CurrentACPs'),
    scheduledACPs: acpSet(acps, 'ScheduledACPs'),
    handshakeUpgrade: upgrade[0].toLowerCase() + upgrade.slice(1),
    subnetEvmTimestamps: [...nu.matchAll(/`json:"(\w+Timestamp)[,"]/g)].map((m) => m[1]),
    healthChecks: { avgAcceptanceTime: /avgAcceptanceTime/.test(show('snow/consensus/snowman/topological.go')) },
    runsMainnet: !show('config/config.go').includes('"mainnet is not supported"'),
    schedules: readUpgrades(show('upgrade/upgrade.go')),
  }
}

const sourceOf = {
  version: 'version/constants.go',
  gitCommit: 'git rev-list',
  tagDate: 'git tag',
  rpcProtocolVersion: 'version/constants.go',
  databaseVersion: 'version/constants.go',
  minimumCompatible: 'version/constants.go',
  previousRelease: 'version/compatibility.json',
  currentACPs: 'utils/constants/acps.go',
  scheduledACPs: 'utils/constants/acps.go',
  handshakeUpgrade: 'node/node.go',
  subnetEvmTimestamps: 'graft/subnet-evm/params/extras/network_upgrades.go',
  healthChecks: 'snow/consensus/snowman/topological.go',
  runsMainnet: 'config/config.go',
  schedules: 'upgrade/upgrade.go',
}

/** A data file updated with what the tree says at its tag; the rest of it kept. */
export function merge(existing, tag, read) {
  const release = tag.replace(/^v/, '')
  const base = existing ?? { tag, release, published: null, apiChanges: [], sources: {}, assumed: {} }
  const sources = { ...base.sources }
  const assumed = { ...base.assumed }
  for (const f of readFields) {
    for (const k of Object.keys(sources)) if (k.startsWith(`${f}.`)) delete sources[k]
    for (const k of Object.keys(assumed)) if (k === f || k.startsWith(`${f}.`)) delete assumed[k]
    sources[f] = `${sourceOf[f]}@${tag}`
  }
  return { ...base, ...read, tag, release, sources, assumed }
}

// ---- Data files and what is generated from them -----------------------------------------------------------------

/** The data files, oldest release first. */
export function loadData(dir = dataDir) {
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')))
    .sort((a, b) => compareVersions(a.version, b.version) || (a.tag.includes('-') ? -1 : 1) - (b.tag.includes('-') ? -1 : 1))
}

const bigintFields = new Set(['apricotPhase4MinPChainHeight', 'graniteEpochDuration'])
const ts = (v, key) =>
  typeof v === 'number' && bigintFields.has(key)
    ? `${v}n`
    : Array.isArray(v)
      ? `[${v.map((x) => ts(x)).join(', ')}]`
      : v !== null && typeof v === 'object'
        ? `{ ${Object.entries(v)
            .map(([k, x]) => `${/^[a-zA-Z_]\w*$/.test(k) ? k : JSON.stringify(k)}: ${ts(x, k)}`)
            .join(', ')} }`
        : JSON.stringify(v)

/** src/core/config/releases.generated.ts for these data files (before formatting). */
export function renderTables(data) {
  const rows = data.map((d) => {
    const row = {
      tag: d.tag,
      version: d.version,
      gitCommit: d.gitCommit ?? '',
      date: d.published ?? d.tagDate ?? null,
      rpcProtocolVersion: d.rpcProtocolVersion,
      databaseVersion: d.databaseVersion,
      currentACPs: d.currentACPs,
      scheduledACPs: d.scheduledACPs,
      handshakeUpgrade: d.handshakeUpgrade,
      minimumCompatible: d.minimumCompatible,
      previousRelease: d.previousRelease,
      healthChecks: d.healthChecks,
      runsMainnet: d.runsMainnet,
      schedules: d.schedules,
    }
    return `  ${JSON.stringify(d.release)}: ${ts(row)},`
  })
  return `// Generated by scripts/sync-node.mjs from src/core/config/releases/*.json: edit those, then run \`npm run sync:node\`.
// No import: upgrades.ts types these rows (NodeReleaseInfo) and re-exports them.

/** The avalanchego releases of the data files, oldest first (the devnet's node profiles). */
export const nodeReleases = [${data.map((d) => JSON.stringify(d.release)).join(', ')}] as const

/** The newest release read from avalanchego's source (the others from release notes): what is known of its code, e.g. the precompile registry. */
export const newestReadTag = ${JSON.stringify([...data].reverse().find((d) => d.sources?.version === `version/constants.go@${d.tag}`)?.tag ?? null)}

/** One row per release (src/core/config/releases/<tag>.json). */
export const nodeReleaseRows = {
${rows.join('\n')}
} as const
`
}

const unixOf = (iso) => Math.floor(new Date(iso).getTime() / 1000)
const time = (iso) => (iso.startsWith('9999-12-01') ? 'unscheduled' : iso.startsWith('2020-12-05T05:00:00') ? `${iso} (from genesis)` : iso)

/** The facts table of docs/releases.md (between its markers). */
export function renderFacts(data) {
  // A field's source or assumption, or its parent's (`schedules` for `schedules.fuji.heliconTime`).
  const lookup = (o, field) => o?.[field] ?? o?.[field.split('.')[0]]
  const cell = (d, field, text) => {
    const assumed = lookup(d.assumed, field)
    if (assumed) return `unknown; the devnet assumes ${text}: ${assumed}`
    if (text === null || text === undefined) return 'unknown'
    const source = lookup(d.sources, field)
    return source ? `${text} (${source})` : `${text} (source not recorded)`
  }
  const helicon = (d, net) => cell(d, `schedules.${net}.heliconTime`, time(d.schedules[net].heliconTime))
  const lines = [
    '| release | tag | commit | tag date | published | protocol | database | minimum compatible | Helicon on Mainnet (1) | Helicon on Fuji (5) | Helicon on local networks (12345) | current ACPs | scheduled ACPs | consensus health: average acceptance time | runs Mainnet |',
    '| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ]
  for (const d of data)
    lines.push(
      `| ${d.release} | \`${d.tag}\` | ${cell(d, 'gitCommit', d.gitCommit && `\`${d.gitCommit}\``)} | ${cell(d, 'tagDate', d.tagDate)} | ${cell(d, 'published', d.published)} | ${cell(d, 'rpcProtocolVersion', d.rpcProtocolVersion)} | ${cell(d, 'databaseVersion', d.databaseVersion)} | ${cell(d, 'minimumCompatible', d.minimumCompatible)} | ${helicon(d, 'mainnet')} | ${helicon(d, 'fuji')} | ${helicon(d, 'local')} | ${cell(d, 'currentACPs', d.currentACPs.join(', ') || 'none')} | ${cell(d, 'scheduledACPs', d.scheduledACPs.join(', ') || 'none')} | ${cell(d, 'healthChecks', d.healthChecks.avgAcceptanceTime ? 'checked (fails above 15 s)' : 'not checked')} | ${cell(d, 'runsMainnet', d.runsMainnet ? 'yes' : 'no ("mainnet is not supported")')} |`,
    )
  lines.push('', 'Helicon as unix seconds (`info.upgrades` `heliconTime`, Subnet-EVM `heliconTimestamp`):', '')
  for (const d of data)
    lines.push(
      `- ${d.release}: Mainnet ${unixOf(d.schedules.mainnet.heliconTime)}, Fuji ${unixOf(d.schedules.fuji.heliconTime)}, local ${unixOf(d.schedules.local.heliconTime)}`,
    )
  lines.push('', 'What changed in the APIs this project serves (Info, Health, the Subnet-EVM `eth_*` extras, validators, proposervm):', '')
  for (const d of data) {
    lines.push(`- **${d.release}**:${d.apiChanges?.length ? '' : ' unknown'}`)
    for (const c of d.apiChanges ?? []) lines.push(`  - ${c}`)
  }
  return lines.join('\n')
}

export const factsStart = '<!-- facts: generated by scripts/sync-node.mjs from src/core/config/releases/*.json -->'
export const factsEnd = '<!-- /facts -->'

/** docs/releases.md with its facts table replaced. */
export function renderDocs(current, data) {
  const [a, b] = [current.indexOf(factsStart), current.indexOf(factsEnd)]
  if (a < 0 || b < a) throw new Error(`docs/releases.md: no ${factsStart} … ${factsEnd} markers`)
  return `${current.slice(0, a + factsStart.length)}\n${renderFacts(data)}\n${current.slice(b)}`
}

/** Formats source text as biome does in this repository (the checked-in files are biome-formatted). */
export function format(text, path) {
  return execFileSync(biome, ['format', `--stdin-file-path=${path}`], { cwd: root, input: text, encoding: 'utf8' })
}

// ---- Command ----------------------------------------------------------------------------------------------------

function main(argv) {
  const check = argv.includes('--check')
  const args = argv.filter((a) => a !== '--check')
  if (args.length === 0 || args.includes('--help')) {
    console.log(
      'usage: npm run sync:node -- <avalanchego git dir> [tag…] [--check]\n       npm run sync:node -- <tag…> (AVALANCHEGO_GIT_DIR names the git dir)',
    )
    return args.length === 0 ? 2 : 0
  }
  const isDir = existsSync(args[0]) && statSync(args[0]).isDirectory()
  const gitDir = isDir ? args[0] : process.env.AVALANCHEGO_GIT_DIR
  if (!gitDir)
    throw new Error(`${args[0]} is not a directory; give an avalanchego git dir, or set AVALANCHEGO_GIT_DIR to read tag ${args[0]}`)
  const tagsAsked = isDir ? args.slice(1) : args
  const present = new Set(execFileSync('git', ['-C', gitDir, 'tag'], { encoding: 'utf8' }).split('\n').filter(Boolean))
  const data = loadData()
  const byTag = new Map(data.map((d) => [d.tag, d]))
  let tags = tagsAsked
  if (tags.length === 0) {
    const newest = data.at(-1)?.version ?? '0.0.0'
    const newer = [...present].filter((t) => /^v\d+\.\d+\.\d+$/.test(t) && compareVersions(t, newest) > 0)
    tags = [...data.map((d) => d.tag).filter((t) => present.has(t)), ...newer]
  }
  for (const t of tags) if (!present.has(t)) throw new Error(`${gitDir} has no tag ${t}`)
  const skipped = data.map((d) => d.tag).filter((t) => !tags.includes(t))
  for (const tag of tags) byTag.set(tag, merge(byTag.get(tag), tag, readTag(gitDir, tag)))
  const files = new Map()
  for (const [tag, d] of byTag) files.set(join(dataDir, `${tag}.json`), format(`${JSON.stringify(d, null, 2)}\n`, `${tag}.json`))
  const all = [...byTag.values()].sort(
    (a, b) => compareVersions(a.version, b.version) || (a.tag.includes('-') ? -1 : 1) - (b.tag.includes('-') ? -1 : 1),
  )
  files.set(generatedFile, format(renderTables(all), 'releases.generated.ts'))
  files.set(docsFile, renderDocs(readFileSync(docsFile, 'utf8'), all))
  let changed = 0
  for (const [path, text] of files) {
    const before = existsSync(path) ? readFileSync(path, 'utf8') : ''
    if (before === text) continue
    changed++
    console.log(`${check ? 'would change' : 'wrote'} ${path.slice(root.length + 1)}`)
    if (!check) writeFileSync(path, text)
  }
  console.log(
    `read ${tags.join(', ') || 'no tag'} from ${gitDir}${skipped.length ? `; kept as they are (not read): ${skipped.join(', ')}` : ''}; ${changed} file(s) ${check ? 'would change' : 'changed'}`,
  )
  return check && changed ? 1 : 0
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    process.exitCode = main(process.argv.slice(2))
  } catch (e) {
    console.error(`sync:node: ${e.message}`)
    process.exitCode = 1
  }
}
