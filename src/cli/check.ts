/**
 * `subnet-rpc check`: what a subnet-evm node makes of a genesis and an upgrade.json before you
 * restart validators with them. Offline, the node's parse and `Verify` rules (shared with the
 * devnet, src/core/config: `parseGenesis` in `plugin/evm/vm.go`, `params/extras`); with
 * `--rpc`, also the compatibility check the node runs against its last accepted block
 * (`SetupGenesisBlock`, `core/genesis.go`; core/rules/compat.ts), from the chain's own
 * `eth_getChainConfig` and latest block. Needs neither viem nor ethers nor the devnet: requests go through core's call seam over fetch.
 */
import { accessSync, constants } from 'node:fs'
import { parseArgs } from 'node:util'
import { object } from '../core/decode/kit.js'
import { callMethod } from '../core/methods/call.js'
import { getNetworkID, getNodeVersion, upgrades } from '../core/methods/info.js'
import type { UpgradesReturnType } from '../core/types/info.js'
import { getChainConfig } from '../core/methods/subnet.js'
import { checkCompatible } from '../core/rules/compat.js'
import { upgradeTimeline, type TimelineEvent } from '../core/rules/timeline.js'
import type { ChainConfig } from '../core/types/subnet.js'
import { deriveInfoUrl } from '../core/url.js'
import { chainConfigOf } from '../core/config/rules.js'
import { loadChainFiles } from '../core/config/genesis.js'
import { networkName } from '../core/config/network.js'
import { networkUpgradeDefaults } from '../core/config/networkUpgrades.js'
import { comesWith, newerNodeRelease, scheduleRelease, sourceRelease } from '../core/config/upgrades.js'
import { ChainConfigError } from '../errors/config.js'
import { isPendingPrecompileKey, pendingPrecompiles } from '../core/names.js'
import { errorLine, fetchSend, InputError, inputErrorText, l1Method, quantity, UsageError } from './fetchSend.js'

export type CliIo = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream; env: NodeJS.ProcessEnv }

export const checkUsage = `Usage: subnet-rpc check --genesis <file> [--upgrade <file>] [options]

Checks a Subnet-EVM genesis.json and upgrade.json as a node does at start: the node's parse
and Verify rules, and with --rpc the compatibility check against the running chain's last
accepted block. Prints what activates when, then a verdict.

Options:
  --genesis <file>   The chain's genesis.json (required)
  --upgrade <file>   The upgrade.json to check (default: none)
  --network <name>   mainnet, fuji, local or a network ID (default: the node's with --rpc, else mainnet)
  --rpc <url>        The L1's RPC URL (…/ext/bc/<blockchainID>/rpc): also check against the live chain
  --margin <time>    Warn about activations closer than this (default 1h; e.g. 90s, 30m, 2h, 1d)
  --json             Machine-readable output (see docs/cli.md)
  -h, --help         Show this help

Exit codes: 0 the node accepts the files, 1 the node refuses them, 2 bad input (flags, unreadable files, unreachable node).
`

const networks: Record<string, number> = { mainnet: 1, fuji: 5, local: 12345 }

function parseNetwork(v: string): number {
  const known = networks[v.toLowerCase()]
  if (known !== undefined) return known
  const n = /^\d+$/.test(v) ? Number(v) : Number.NaN
  if (!Number.isInteger(n) || n < 1 || n > 0xffffffff)
    throw new UsageError(`--network must be mainnet, fuji, local or a network ID from 1 to 4294967295, got ${JSON.stringify(v)}`)
  return n
}

const units: Record<string, bigint> = { s: 1n, m: 60n, h: 3600n, d: 86_400n }

function parseMargin(v: string): bigint {
  const m = /^(\d+)([smhd]?)$/.exec(v.trim())
  if (!m) throw new UsageError(`--margin must be a duration such as 90s, 30m, 1h or 2d, got ${JSON.stringify(v)}`)
  return BigInt(m[1]!) * units[m[2] || 's']!
}

/** `2h 5m`, `3d 4h`, `5y 12d`: the two largest units. */
export function duration(seconds: bigint): string {
  let s = seconds < 0n ? -seconds : seconds
  const parts: string[] = []
  for (const [unit, size] of [
    ['y', 365n * 86_400n],
    ['d', 86_400n],
    ['h', 3600n],
    ['m', 60n],
    ['s', 1n],
  ] as const) {
    if (s >= size || (unit === 's' && parts.length === 0)) {
      parts.push(`${s / size}${unit}`)
      s %= size
    }
    if (parts.length === 2) break
  }
  return parts.join(' ')
}

/** RFC 3339 UTC of unix seconds, or null past what a Date holds. */
function isoTime(t: bigint): string | null {
  if (t > 8_640_000_000_000n) return null
  return new Date(Number(t) * 1000).toISOString().replace('.000Z', 'Z')
}

type Head = { number: bigint; timestamp: bigint }

/** `eth_getBlockByNumber("latest", false)`: the head's number and time. */
const latestHead = l1Method('eth_getBlockByNumber', object<Head>({ number: quantity, timestamp: quantity }), ['latest', false])

async function readChain(rpc: string) {
  const send = fetchSend(rpc, InputError)
  const config = await callMethod(getChainConfig, undefined, send)
  const head = await callMethod(latestHead, undefined, send)
  return { config, head }
}

/**
 * The node's network and upgrade schedule: its Info API (`info.getNetworkID`, `info.upgrades`,
 * so a schedule newer than this package's tables is the node's), else the network guessed from
 * the chain's Durango time, with the built-in tables.
 */
async function nodeNetwork(
  rpc: string,
  config: ChainConfig,
): Promise<{ id: number; source: string; schedule?: UpgradesReturnType; newer?: string } | undefined> {
  const send = fetchSend(deriveInfoUrl(rpc))
  try {
    const id = await callMethod(getNetworkID, undefined, send)
    // info.upgrades is v1.11.11+: an older node leaves the tables to it.
    const schedule = await callMethod(upgrades, undefined, send).catch(() => undefined)
    // A release newer than the tables may schedule upgrades they lack: said in the report.
    const version = await callMethod(getNodeVersion, undefined, send).catch(() => undefined)
    const newer = version && newerNodeRelease(version.version)
    return { id, source: 'the node', ...(schedule && { schedule }), ...(newer && { newer }) }
  } catch {
    for (const id of [1, 5, 12345])
      if (config.durangoTimestamp !== undefined && config.durangoTimestamp === networkUpgradeDefaults(id).durangoTimestamp)
        return { id, source: "the chain's Durango time" }
    return undefined
  }
}

export type CheckProblem = { kind: 'verify' | 'compatibility'; file?: string; entry?: string; message: string; hint?: string }
export type CheckWarning = { kind: 'margin' | 'past' | 'chainId' | 'ignored' | 'network'; source?: string; message: string }
export type CheckReport = {
  verdict: 'accepted' | 'refused' | 'error'
  exitCode: 0 | 1 | 2
  network: { id: number; name: string; source: string } | null
  /** Where the network upgrade defaults come from: `the node (info.upgrades)` or `avalanchego v1.15.3 (built in)`. */
  schedule: string | null
  /** The node's release (`info.getNodeVersion`) when it is newer than every release this package knows, e.g. `1.16.0`. */
  newerNodeRelease?: string
  files: { genesis: string | null; upgrade: string | null }
  chain: { rpc: string; chainId: string; head: { number: string; timestamp: string; time: string | null } } | null
  now: { timestamp: string; time: string | null }
  marginSeconds: string
  errors: CheckProblem[]
  warnings: CheckWarning[]
  timeline: {
    timestamp: string
    time: string | null
    kind: TimelineEvent['kind']
    name: string
    action: TimelineEvent['action']
    source: string
    scheduled: boolean
    description: string
    active: boolean
  }[]
}

/** Splits a config error's `file: entry: message`. */
function problemOf(e: ChainConfigError, files: string[]): CheckProblem {
  for (const file of files) {
    if (!e.message.startsWith(`${file}: `)) continue
    const rest = e.message.slice(file.length + 2)
    const i = rest.indexOf(': ')
    if (i < 0) return { kind: 'verify', file, message: rest }
    const message = rest.slice(i + 2)
    // A pending precompile (src/core/names.ts): the node's text, and why.
    const key = /^failed to parse upgrade bytes: unknown precompile config: (\w+)$/.exec(message)?.[1]
    const hint =
      key && isPendingPrecompileKey(key)
        ? `avalanchego ${sourceRelease} has the ${pendingPrecompiles[key].name}'s module but does not register it (precompile/registry/registry.go): no node accepts it yet`
        : undefined
    return { kind: 'verify', file, entry: rest.slice(0, i), message, ...(hint && { hint }) }
  }
  return { kind: 'verify', message: e.message }
}

/**
 * What every node must have before an activation: a network upgrade comes with the node
 * version (`upgrade/upgrade.go`), an override or any other upgrade.json entry with the file,
 * a genesis entry with the genesis every node already runs.
 */
function advice(e: TimelineEvent, upgradeFile: string | undefined): string {
  const file = e.source.startsWith('upgrades.')
  if (e.kind === 'networkUpgrade') {
    const version = comesWith(e.name)
    return file
      ? `every node must run ${version} and restart with ${upgradeFile ?? 'this upgrade.json'} before then`
      : `network upgrades come with the node version, not with upgrade.json: every node must run ${version} before then`
  }
  return file
    ? `every node must restart with ${upgradeFile ?? 'this upgrade.json'} before then`
    : 'it is in the genesis every node runs: nothing to restart'
}

type NetworkChoice = { id: number; source: string; schedule?: UpgradesReturnType }
type Chain = { config: ChainConfig; head: Head }

async function run(argv: string[]): Promise<CheckReport> {
  const { values } = parseArgs({
    args: argv,
    allowPositionals: false,
    options: {
      genesis: { type: 'string' },
      upgrade: { type: 'string' },
      network: { type: 'string' },
      rpc: { type: 'string' },
      margin: { type: 'string' },
      json: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  })
  const nowWall = BigInt(Math.floor(Date.now() / 1000))
  const report = emptyReport(values.genesis, values.upgrade, nowWall)
  if (!values.genesis) throw new UsageError('--genesis <file> is required')
  const margin = values.margin === undefined ? 3600n : parseMargin(values.margin)
  report.marginSeconds = `${margin}`
  let network: NetworkChoice | undefined =
    values.network === undefined ? undefined : { id: parseNetwork(values.network), source: '--network' }
  checkReadable(values.genesis, values.upgrade)

  let chain: Chain | undefined
  if (values.rpc !== undefined) {
    chain = await readLiveChain(values.rpc, report)
    const node = await nodeNetwork(values.rpc, chain.config)
    if (node?.newer) report.newerNodeRelease = node.newer
    // The node's schedule holds for the network it is on, whatever --network names.
    if (node?.schedule && (!network || network.id === node.id)) network = node
    network ??= node
  }
  network = settleNetwork(network, report)

  const next = verifyFiles(values.genesis, values.upgrade, network, report)
  if (next === undefined) return report
  if (chain) checkAgainstChain(chain, next, values.upgrade, report)
  reportTimeline(next, chain, nowWall, margin, values.upgrade, report)
  return report
}

/** The report before any check: accepted, with the files named and the clock's time. */
function emptyReport(genesis: string | undefined, upgrade: string | undefined, nowWall: bigint): CheckReport {
  return {
    verdict: 'accepted',
    exitCode: 0,
    network: null,
    schedule: null,
    files: { genesis: genesis ?? null, upgrade: upgrade ?? null },
    chain: null,
    now: { timestamp: `${nowWall}`, time: isoTime(nowWall) },
    marginSeconds: '3600',
    errors: [],
    warnings: [],
    timeline: [],
  }
}

/** Both files must be readable before anything is checked (exit code 2, not a refusal). */
function checkReadable(genesis: string, upgrade: string | undefined): void {
  for (const [flag, file] of [
    ['--genesis', genesis],
    ['--upgrade', upgrade],
  ] as const) {
    if (file === undefined) continue
    try {
      accessSync(file, constants.R_OK)
    } catch (e) {
      throw new InputError(`${flag}: cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`)
    }
  }
}

/** `--rpc`: the chain's config and head, recorded in the report. */
async function readLiveChain(rpc: string, report: CheckReport): Promise<Chain> {
  try {
    new URL(rpc)
  } catch {
    throw new UsageError(`--rpc must be a URL, got ${JSON.stringify(rpc)}`)
  }
  let chain: Chain
  try {
    chain = await readChain(rpc)
  } catch (e) {
    throw e instanceof InputError ? e : new InputError(`${rpc}: ${errorLine(e)}`)
  }
  report.chain = {
    rpc,
    chainId: `${chain.config.chainId}`,
    head: { number: `${chain.head.number}`, timestamp: `${chain.head.timestamp}`, time: isoTime(chain.head.timestamp) },
  }
  return chain
}

/** The network checked against (mainnet, with a warning, when nothing names one), recorded in the report. */
function settleNetwork(found: NetworkChoice | undefined, report: CheckReport): NetworkChoice {
  let network = found
  if (!network) {
    network = { id: 1, source: 'default' }
    report.warnings.push({
      kind: 'network',
      message: 'no --network given: checked as mainnet (network upgrade defaults differ on Fuji and local networks)',
    })
  }
  report.network = { id: network.id, name: networkName(network.id), source: network.source }
  report.schedule = network.schedule ? 'the node (info.upgrades)' : `avalanchego ${scheduleRelease} (built in)`
  if (report.newerNodeRelease)
    report.schedule += network.schedule
      ? `: avalanchego/${report.newerNodeRelease} is newer than the releases this package knows (up to ${scheduleRelease}), so its own schedule is used`
      : `: the node runs avalanchego/${report.newerNodeRelease}, newer than this package knows, but does not give its schedule`
  return network
}

/** The node's parse and Verify rules: the new chain config, or undefined when the node refuses the files (then in the report). */
function verifyFiles(genesis: string, upgrade: string | undefined, network: NetworkChoice, report: CheckReport): ChainConfig | undefined {
  try {
    const files = loadChainFiles(genesis, upgrade, network.id, network.schedule)
    for (const message of files.warnings) report.warnings.push({ kind: 'ignored', source: 'genesis', message })
    return chainConfigOf(files.spec)
  } catch (e) {
    if (!(e instanceof ChainConfigError)) throw new InputError((e as Error).message)
    report.errors.push(problemOf(e, [genesis, ...(upgrade ? [upgrade] : [])]))
    report.verdict = 'refused'
    report.exitCode = 1
    return undefined
  }
}

/** The node's compatibility check of the new config against the last accepted block. */
function checkAgainstChain(chain: Chain, next: ChainConfig, upgrade: string | undefined, report: CheckReport): void {
  if (chain.config.chainId !== next.chainId)
    report.warnings.push({
      kind: 'chainId',
      message: `the genesis chainId ${next.chainId} is not the chain's (${chain.config.chainId}): is this the right chain?`,
    })
  const compat = checkCompatible(chain.config, next, chain.head)
  if (compat.error && compat.refused) {
    const entry = compat.error.entry
    report.errors.push({
      kind: 'compatibility',
      message: compat.error.message,
      ...(entry && {
        entry: entry.source,
        hint: `the node counts ${entry.key}'s configs only, genesis first: this one is ${entry.source} ${entry.config === 'new' ? `in ${upgrade ?? 'the new config'}` : "in the chain's current config"}`,
      }),
    })
    report.verdict = 'refused'
    report.exitCode = 1
  } else if (compat.error)
    report.warnings.push({
      kind: 'ignored',
      message: `${compat.error.message || compat.error.what}: a node does not refuse this (its rewind point is 0), but the chain is past that time, so the change never took effect there`,
    })
}

/** What activates when, with a warning for each activation in the past or inside the margin. */
function reportTimeline(
  next: ChainConfig,
  chain: Chain | undefined,
  nowWall: bigint,
  margin: bigint,
  upgradeFile: string | undefined,
  report: CheckReport,
): void {
  // Relative times count from the later of the clock and the chain's head (a chain whose time ran ahead).
  const now = chain && chain.head.timestamp > nowWall ? chain.head.timestamp : nowWall
  report.now = { timestamp: `${now}`, time: isoTime(now) }
  for (const e of upgradeTimeline(next)) {
    const active = chain ? e.timestamp <= chain.head.timestamp : e.timestamp <= now
    report.timeline.push({
      timestamp: `${e.timestamp}`,
      time: isoTime(e.timestamp),
      kind: e.kind,
      name: e.name,
      action: e.action,
      source: e.source,
      scheduled: e.scheduled,
      description: e.description,
      active,
    })
    if (!e.scheduled || active) {
      // Without a chain to compare with, an upgrade entry in the past is what a node refuses once its chain passed it.
      if (!chain && e.scheduled && e.source.startsWith('upgrades.') && e.timestamp > 0n)
        report.warnings.push({
          kind: 'past',
          source: e.source,
          message: `${e.source} (${e.description}) is in the past (${isoTime(e.timestamp) ?? e.timestamp}): a node whose chain has passed it refuses it unless it was already in its upgrade.json (check with --rpc)`,
        })
      continue
    }
    if (e.timestamp - now < margin)
      report.warnings.push({
        kind: 'margin',
        source: e.source,
        message: `${e.source} (${e.description}) ${e.timestamp <= now ? 'is due: the next block activates it' : `activates in ${duration(e.timestamp - now)}`}, less than the ${duration(margin)} margin: ${advice(e, upgradeFile)}`,
      })
  }
}

// --- Output -------------------------------------------------------------------------------------

function colors(io: CliIo) {
  const no = io.env.NO_COLOR !== undefined && io.env.NO_COLOR !== ''
  const on = !no && (io.stdout as NodeJS.WriteStream).isTTY === true
  const c = (code: string) => (s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s)
  return { bold: c('1'), dim: c('2'), red: c('31'), green: c('32'), yellow: c('33'), cyan: c('36') }
}

function text(report: CheckReport, io: CliIo): string {
  const k = colors(io)
  const out: string[] = []
  out.push(k.bold('subnet-rpc check'))
  out.push(`  genesis   ${report.files.genesis}`)
  out.push(`  upgrade   ${report.files.upgrade ?? '(none)'}`)
  if (report.network) out.push(`  network   ${report.network.name} (${report.network.id}), from ${report.network.source}`)
  if (report.schedule) out.push(`  schedule  ${report.schedule}`)
  if (report.chain)
    out.push(
      `  chain     chainId ${report.chain.chainId}, last accepted block ${report.chain.head.number} at ${report.chain.head.time ?? report.chain.head.timestamp} (${report.chain.head.timestamp})`,
    )
  out.push(`  now       ${report.now.time}, margin ${duration(BigInt(report.marginSeconds))}`)
  if (report.timeline.length) {
    out.push('', k.bold(`Timeline (UTC${report.chain ? '; ● active on the chain' : '; ● in the past'})`))
    const now = BigInt(report.now.timestamp)
    const when = report.timeline.map((e) => {
      const t = BigInt(e.timestamp)
      if (!e.scheduled) return 'unscheduled'
      return t <= now ? `${duration(now - t)} ago` : `in ${duration(t - now)}`
    })
    const width = Math.max(...when.map((w) => w.length))
    const srcWidth = Math.max(...report.timeline.map((e) => e.source.length))
    report.timeline.forEach((e, i) => {
      const date = e.time ? e.time.replace('T', ' ').replace('Z', '') : `@${e.timestamp}`
      const mark = e.active ? k.green('●') : k.dim('○')
      const line = `  ${mark} ${date.padEnd(19)}  ${when[i]!.padEnd(width)}  ${e.source.padEnd(srcWidth)}  ${e.description}`
      out.push(e.active || !e.scheduled ? line : k.cyan(line))
    })
  }
  if (report.warnings.length) {
    out.push('', k.bold(k.yellow(`Warnings (${report.warnings.length})`)))
    for (const w of report.warnings) out.push(`  ${k.yellow('!')} ${w.message}`)
  }
  out.push('')
  if (report.verdict === 'accepted') {
    const how = report.chain ? 'over this chain' : 'offline; add --rpc to check against the chain'
    out.push(k.bold(k.green(`OK: a node accepts these files (${how})`)))
  } else {
    out.push(k.bold(k.red('REFUSED: a node will not start with these files')))
    for (const e of report.errors) {
      out.push(`  ${k.red('✗')} ${e.file ? `${e.file}: ${e.entry ? `${e.entry}: ` : ''}` : ''}${e.message}`)
      if (e.hint) out.push(`    (${e.hint})`)
    }
    if (report.errors.some((e) => e.kind === 'compatibility'))
      out.push(
        '    The chain has already passed this point: keep every activated upgrade exactly as it was, and schedule new ones after the last accepted block.',
      )
  }
  return `${out.join('\n')}\n`
}

/**
 * Runs `subnet-rpc check` with `argv` (the arguments after `check`); resolves with the exit
 * code: 0 accepted, 1 refused by the node, 2 bad input.
 */
export async function check(argv: string[], io: CliIo): Promise<number> {
  const json = argv.includes('--json')
  if (argv.includes('--help') || argv.includes('-h')) {
    io.stdout.write(checkUsage)
    return 0
  }
  let report: CheckReport
  try {
    report = await run(argv)
  } catch (e) {
    const known = e instanceof InputError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
    const error = known ? (e as Error) : new Error(String(e))
    if (json) io.stdout.write(`${JSON.stringify({ verdict: 'error', exitCode: 2, error: error.message }, null, 2)}\n`)
    else io.stderr.write(inputErrorText('subnet-rpc check', error, checkUsage))
    return 2
  }
  io.stdout.write(json ? `${JSON.stringify(report, null, 2)}\n` : text(report, io))
  return report.exitCode
}
