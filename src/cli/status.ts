/**
 * `subnet-rpc status <url> [--chain <alias|id>] [--json]`: one look at a node and its L1 for
 * an operator. The node (ID, version, network, bootstrapped, health, peers, uptime) from its
 * Info and Health APIs; the L1 (chain ID, fee config, rules and precompiles active now, the
 * next scheduled activation, validators with connectivity and this node's view of their
 * uptime) from the L1's RPC and Validators API. Needs neither viem nor ethers: every request
 * goes through core's call seam (`callMethod`, the method tables and decoders) over fetch.
 */
import { parseArgs } from 'node:util'
import { callMethod, type Send } from '../core/methods/call.js'
import * as healthApi from '../core/methods/health.js'
import * as info from '../core/methods/info.js'
import type { MethodSpec } from '../core/methods/spec.js'
import * as subnet from '../core/methods/subnet.js'
import * as validatorsApi from '../core/methods/validators.js'
import { upgradeTimeline, type TimelineEvent } from '../core/rules/timeline.js'
import { comesWith, newerNodeRelease, scheduleRelease } from '../core/config/upgrades.js'
import { deriveHealthUrl, deriveInfoUrl, deriveValidatorsUrl } from '../core/url.js'
import type { HealthReturnType } from '../core/types/health.js'
import type { GetNodeIDReturnType, GetNodeVersionReturnType, PeersReturnType, UptimeReturnType } from '../core/types/info.js'
import type { ActiveRules, ChainConfig, FeeConfigReturnType } from '../core/types/subnet.js'
import type { CurrentValidator } from '../core/types/validators.js'
import { NodeRpcError } from '../errors/node.js'
import { fetchSend, InputError, inputErrorText, l1Method, quantity, UsageError } from './fetchSend.js'

export type StatusIo = { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream; env: NodeJS.ProcessEnv }

export const statusUsage = `Usage: subnet-rpc status <url> [options]

Shows a node and its L1 at a glance: node ID, version, network, bootstrapped, health, peers
and uptime; the L1's chain ID, fee config, rules and precompiles active now, the next
scheduled activation, and its validators with connectivity and uptime (this node's view).

<url> is any URL of the node: its base URL (http://127.0.0.1:9650), its Info URL
(…/ext/info) or an L1's URL (…/ext/bc/<blockchainID or alias>/rpc). With a base or Info URL
the L1 is the one --chain names, else the alias "devnet" if the node knows it.

Options:
  --chain <alias|id>  The L1 to show (default: from the URL, else "devnet")
  --json              Machine-readable output (uint64 values as decimal strings, times in RFC 3339)
  -h, --help          Show this help

Exit codes: 0 the node reports healthy, 1 it reports unhealthy (or a query failed), 2 bad input or unreachable node.
`

/** `eth_chainId`: a hex quantity. */
const chainId = l1Method('eth_chainId', quantity)

/** An endpoint that answered with an HTTP error and no JSON-RPC body: the API is not served there. */
class MissingApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
  }
}

/**
 * A sender to one of the node's APIs that asks once more only while the API is there: after an
 * HTTP error without a JSON-RPC body (a 404 from a node without the API, or a proxy), later
 * queries fail without a request and say so in short, so the table shows the URL and reply once.
 */
function apiSend(url: string, api: string): Send {
  const send = fetchSend(url, MissingApiError)
  let missing: MissingApiError | undefined
  return async (request) => {
    if (missing) throw new Error(`no ${api} at this URL (HTTP ${missing.status})`)
    try {
      return await send(request)
    } catch (e) {
      if (e instanceof MissingApiError) missing = e
      throw e
    }
  }
}

/** A query's value, or why it failed (the node's own message for its errors, or what a wrong endpoint's hint says). */
type Outcome<T> = { ok: true; value: T } | { ok: false; error: string }

const failure = (e: unknown) => (e instanceof NodeRpcError ? (e.hint ?? e.nodeMessage) : (e as Error).message)

/** The chain named by an L1 URL (`/ext/bc/<chain>/rpc|ws|validators`), if it is one. */
function chainOfUrl(url: string): string | undefined {
  return /\/ext\/bc\/([^/]+)\/(?:rpc|ws|validators)\/?$/.exec(new URL(url).pathname)?.[1]
}

const isCb58Id = (s: string) => /^[1-9A-HJ-NP-Za-km-z]{49,50}$/.test(s)

export type StatusReport = {
  url: string
  node: {
    nodeID: Outcome<GetNodeIDReturnType>
    version: Outcome<GetNodeVersionReturnType>
    network: Outcome<{ name: string; id: number }>
    bootstrapped: Outcome<boolean>
    health: Outcome<HealthReturnType>
    peers: Outcome<PeersReturnType>
    uptime: Outcome<UptimeReturnType>
  }
  l1:
    | {
        chain: string
        blockchainID: string
        rpcUrl: string
        bootstrapped: Outcome<boolean>
        chainId: Outcome<bigint>
        feeConfig: Outcome<FeeConfigReturnType>
        rules: Outcome<ActiveRules>
        nextActivation: Outcome<TimelineEvent | null>
        validators: Outcome<CurrentValidator[]>
      }
    | { missing: string }
}

/** Queries everything `status` shows; `progress` is told each step. */
export async function queryStatus(url: string, chainOption: string | undefined, progress: (step: string) => void): Promise<StatusReport> {
  let infoUrl: string
  try {
    infoUrl = deriveInfoUrl(url)
  } catch (e) {
    throw new UsageError((e as Error).message)
  }
  const infoSend = apiSend(infoUrl, 'Info API')
  const q = queries(progress)
  const node = await queryNode(url, infoSend, q)

  // The L1: from the URL, --chain, or the devnet's alias.
  const chain = chainOption ?? chainOfUrl(url) ?? 'devnet'
  progress(`L1 ${chain}`)
  const blockchainID = await blockchainIdOf(chain, infoSend, q)
  if (!blockchainID) {
    const given = chainOption ?? chainOfUrl(url)
    return {
      url,
      node,
      l1: {
        missing: given
          ? `the node knows no chain ${JSON.stringify(given)}`
          : "no L1 given: pass the L1's URL (…/ext/bc/<blockchainID>/rpc) or --chain <alias|blockchainID>",
      },
    }
  }
  const base = new URL(infoUrl)
  base.pathname = base.pathname.replace(/\/ext\/info$/, `/ext/bc/${chainOfUrl(url) === chain ? chain : blockchainID}/rpc`)
  return { url, node, l1: await queryL1(chain, blockchainID, base.href, infoSend, q) }
}

/** How `status` queries: `run` makes a query one step of the report, `call` sends one request. */
type Queries = {
  run: <T>(step: string, f: () => Promise<T>) => Promise<Outcome<T>>
  call: <A, R>(send: Send, spec: MethodSpec<A, R>, args?: A) => Promise<R>
}

/** A query's failure is its row's error, except an InputError (the node does not answer: exit 2), which ends the run. */
function queries(progress: (step: string) => void): Queries {
  const run = async <T>(step: string, f: () => Promise<T>): Promise<Outcome<T>> => {
    progress(step)
    try {
      return { ok: true, value: await f() }
    } catch (e) {
      if (e instanceof InputError) throw e
      return { ok: false, error: failure(e) }
    }
  }
  // A wrong endpoint (an EVM chain where a node API was due) is said once per API too: its hint on the first
  // row, and later queries of that API fail without a request.
  const wrong = new Map<Send, string>()
  const call = async <A, R>(send: Send, spec: MethodSpec<A, R>, args?: A) => {
    const seen = wrong.get(send)
    if (seen) throw new Error(seen)
    try {
      return await callMethod(spec, args, send)
    } catch (e) {
      if (e instanceof NodeRpcError && e.hint) wrong.set(send, `${e.hint.split(':')[0]} (see above)`)
      throw e
    }
  }
  return { run, call }
}

/** The node's rows, from its Info and Health APIs. */
async function queryNode(url: string, infoSend: Send, { run, call }: Queries): Promise<StatusReport['node']> {
  // The first query tells whether the node answers at all (InputError: exit 2).
  const nodeID = await run('node ID', () => call(infoSend, info.getNodeID))
  const [version, network, bootstrapped, health, peers, uptime] = [
    await run('version', () => call(infoSend, info.getNodeVersion)),
    await run('network', async () => ({
      name: await call(infoSend, info.getNetworkName),
      id: await call(infoSend, info.getNetworkID),
    })),
    await run('bootstrapped', () => call(infoSend, info.isBootstrapped, { chain: 'P' })),
    await run('health', () => call(apiSend(deriveHealthUrl(url), 'Health API'), healthApi.health)),
    await run('peers', () => call(infoSend, info.peers)),
    await run('uptime', () => call(infoSend, info.uptime)),
  ]
  return { nodeID, version, network, bootstrapped, health, peers, uptime }
}

/** The blockchain ID of an alias or ID, or undefined when the node knows no such chain. */
async function blockchainIdOf(chain: string, infoSend: Send, { call }: Queries): Promise<string | undefined> {
  try {
    return await call(infoSend, info.getBlockchainID, { alias: chain })
  } catch (e) {
    if (e instanceof InputError) throw e
    // A blockchain ID is not an alias to every node: use it as it is.
    return isCb58Id(chain) ? chain : undefined
  }
}

/** The L1's rows, from its RPC, the Info API and its Validators API. */
async function queryL1(chain: string, blockchainID: string, rpcUrl: string, infoSend: Send, { run, call }: Queries) {
  const rpc = apiSend(rpcUrl, "L1's RPC")
  const now = new Date()
  const config = await run<ChainConfig>('chain config', () => call(rpc, subnet.getChainConfig))
  return {
    chain,
    blockchainID,
    rpcUrl,
    bootstrapped: await run('L1 bootstrapped', () => call(infoSend, info.isBootstrapped, { chain: blockchainID })),
    chainId: await run('chain ID', () => call(rpc, chainId)),
    feeConfig: await run('fee config', () => call(rpc, subnet.feeConfig)),
    rules: await run('rules', () => call(rpc, subnet.getActiveRulesAt, { timestamp: now })),
    nextActivation: config.ok
      ? ({ ok: true, value: nextActivation(config.value, now) } as const)
      : ({ ok: false, error: config.error } as const),
    validators: await run('validators', () =>
      call(apiSend(deriveValidatorsUrl(rpcUrl), 'Validators API'), validatorsApi.getCurrentValidators),
    ),
  }
}

/** The first scheduled activation after `now` (network upgrade, precompile, state upgrade). */
function nextActivation(config: ChainConfig, now: Date): TimelineEvent | null {
  const t = BigInt(Math.floor(now.getTime() / 1000))
  return upgradeTimeline(config).find((e) => e.scheduled && e.timestamp > t) ?? null
}

/** ANSI styles, or none when NO_COLOR is set or stdout is not a terminal. */
function styles(io: StatusIo) {
  const on = !io.env.NO_COLOR && (io.stdout as NodeJS.WriteStream).isTTY === true
  const wrap = (code: string) => (s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s)
  return { bold: wrap('1'), dim: wrap('2'), green: wrap('32'), red: wrap('31'), yellow: wrap('33') }
}

const iso = (seconds: bigint) => new Date(Number(seconds) * 1000).toISOString().replace('.000Z', 'Z')

function inWords(seconds: bigint): string {
  const s = Number(seconds)
  if (s < 60) return `${s}s`
  const d = Math.floor(s / 86_400)
  const h = Math.floor((s % 86_400) / 3600)
  const m = Math.floor((s % 3600) / 60)
  return [d && `${d}d`, h && `${h}h`, m && `${m}m`].filter(Boolean).join(' ')
}

type Styles = ReturnType<typeof styles>

/** One row of the table: the label in its column, then the value. */
const row = (label: string, value: string) => `  ${label.padEnd(14)}${value}`

/** A query's value as `f` shows it, or its error in red. */
const shown =
  (c: Styles) =>
  <T>(o: Outcome<T>, f: (v: T) => string) =>
    o.ok ? f(o.value) : c.red(`error: ${o.error}`)

/** The readable table. */
export function formatStatus(r: StatusReport, io: StatusIo, now = new Date()): string {
  const c = styles(io)
  const lines = [c.bold(`Node  ${r.url}`), ...nodeRows(r.node, c), '']
  if ('missing' in r.l1) lines.push(c.bold('L1'), `  ${c.yellow(r.l1.missing)}`)
  else {
    const l1 = r.l1
    lines.push(c.bold(`L1  ${l1.chain === l1.blockchainID ? l1.chain : `${l1.chain} (${l1.blockchainID})`}  ${l1.rpcUrl}`))
    lines.push(...l1Rows(l1, c, now))
  }
  return `${lines.join('\n')}\n`
}

function nodeRows(n: StatusReport['node'], c: Styles): string[] {
  const show = shown(c)
  return [
    row(
      'node ID',
      show(n.nodeID, (v) => v.nodeID),
    ),
    row(
      'version',
      show(
        n.version,
        (v) =>
          `${v.version} (database ${v.databaseVersion}${v.rpcProtocolVersion === undefined ? '' : `, rpc ${v.rpcProtocolVersion}`})${
            // The schedule below is the node's own (its chain config), whatever this package's tables say.
            newerNodeRelease(v.version)
              ? `: newer than the releases this package knows (up to ${scheduleRelease}); the schedule shown is the node's own`
              : ''
          }`,
      ),
    ),
    row(
      'network',
      show(n.network, (v) => `${v.name} (${v.id})`),
    ),
    row(
      'bootstrapped',
      show(n.bootstrapped, (v) => `${v ? c.green('yes') : c.yellow('no')} (P-Chain)`),
    ),
    row(
      'health',
      show(n.health, (h) => {
        const names = Object.keys(h.checks)
        const failing = names.filter((k) => h.checks[k]!.error !== undefined)
        if (h.healthy) return `${c.green('healthy')} (${names.length} checks)`
        return `${c.red('unhealthy')}: ${failing.map((k) => `${k}: ${h.checks[k]!.error}`).join('; ')}`
      }),
    ),
    row(
      'peers',
      show(n.peers, (p) => {
        const versions = new Map<string, number>()
        for (const peer of p.peers) versions.set(peer.version, (versions.get(peer.version) ?? 0) + 1)
        const list = [...versions].sort((a, b) => b[1] - a[1]).map(([v, k]) => `${v} ×${k}`)
        return `${p.numPeers}${list.length ? ` (${list.join(', ')})` : ''}`
      }),
    ),
    row(
      'uptime',
      n.uptime.ok
        ? `${n.uptime.value.rewardingStakePercentage.toFixed(4)}% rewarding stake, ${n.uptime.value.weightedAveragePercentage.toFixed(4)}% weighted average`
        : c.dim(n.uptime.error),
    ),
  ]
}

function l1Rows(l1: Exclude<StatusReport['l1'], { missing: string }>, c: Styles, now: Date): string[] {
  const show = shown(c)
  const nowSeconds = BigInt(Math.floor(now.getTime() / 1000))
  return [
    row(
      'bootstrapped',
      show(l1.bootstrapped, (v) => (v ? c.green('yes') : c.yellow('no'))),
    ),
    row('chain ID', show(l1.chainId, String)),
    row(
      'fee config',
      show(l1.feeConfig, ({ feeConfig: f, lastChangedAt }) =>
        [
          `gasLimit ${f.gasLimit}, targetBlockRate ${f.targetBlockRate}s, minBaseFee ${f.minBaseFee}, targetGas ${f.targetGas}`,
          `${' '.repeat(16)}baseFeeChangeDenominator ${f.baseFeeChangeDenominator}, blockGasCost ${f.minBlockGasCost}–${f.maxBlockGasCost} step ${f.blockGasCostStep}`,
          `${' '.repeat(16)}last changed at ${lastChangedAt === undefined || lastChangedAt === 0n ? 'genesis (never by the FeeManager)' : `block ${lastChangedAt}`}`,
        ].join('\n'),
      ),
    ),
    row(
      'rules',
      show(l1.rules, (rules) =>
        Object.entries(rules.avalancheRules)
          .filter(([, on]) => on === true)
          .map(([k]) => k.replace(/^Is/, ''))
          .join(', '),
      ),
    ),
    row(
      'precompiles',
      show(l1.rules, (rules) => {
        const list = Object.entries(rules.precompiles).map(
          ([k, v]) => `${k} (${v.timestamp === 0n ? 'from genesis' : `since ${iso(v.timestamp)}`})`,
        )
        return list.length ? list.join(', ') : 'none'
      }),
    ),
    row(
      'next',
      show(l1.nextActivation, (e) =>
        e
          ? `${iso(e.timestamp)} (in ${inWords(e.timestamp - nowSeconds)}): ${e.description}${e.kind === 'networkUpgrade' ? `; comes with the node version (${comesWith(e.name)})` : ''}`
          : 'nothing scheduled',
      ),
    ),
    row(
      'validators',
      show(l1.validators, (vs) => {
        const connected = vs.filter((v) => v.isConnected).length
        const total = vs.reduce((s, v) => s + v.weight, 0n)
        const head = `${vs.length} (${connected} connected), total weight ${total}; uptime is this node's view`
        const rows = vs.map(
          (v) =>
            `${' '.repeat(16)}${v.nodeID}  weight ${v.weight}  ${v.isConnected ? c.green('connected') : c.red('disconnected')}  uptime ${v.uptimePercentage}% (${inWords(v.uptimeSeconds)})${v.isActive ? '' : c.yellow('  inactive')}`,
        )
        return [head, ...rows].join('\n')
      }),
    ),
  ]
}

/** The report as JSON: uint64 values as decimal strings, times as RFC 3339. */
export function statusJson(r: StatusReport): string {
  const plain = (o: Outcome<unknown>) => (o.ok ? o.value : { error: o.error })
  const out = {
    url: r.url,
    healthy: r.node.health.ok ? r.node.health.value.healthy : null,
    // Set when the node runs a release newer than this package's tables (its own schedule is what is shown).
    ...(r.node.version.ok &&
      newerNodeRelease(r.node.version.value.version) && { newerNodeRelease: newerNodeRelease(r.node.version.value.version) }),
    node: Object.fromEntries(Object.entries(r.node).map(([k, v]) => [k, plain(v)])),
    l1:
      'missing' in r.l1
        ? { error: r.l1.missing }
        : Object.fromEntries(Object.entries(r.l1).map(([k, v]) => [k, typeof v === 'string' ? v : plain(v as Outcome<unknown>)])),
  }
  return `${JSON.stringify(out, (_, v) => (typeof v === 'bigint' ? v.toString() : v), 2)}\n`
}

/**
 * `subnet-rpc status`: prints the node's and its L1's status; returns the exit code (0
 * healthy, 1 unhealthy or a query failed, 2 bad input or unreachable node).
 */
export async function status(argv: string[], io: StatusIo): Promise<number> {
  let values: { json?: boolean; chain?: string; help?: boolean }
  let positionals: string[]
  try {
    ;({ values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      options: { json: { type: 'boolean' }, chain: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }))
  } catch (e) {
    io.stderr.write(inputErrorText('subnet-rpc status', e as Error, statusUsage))
    return 2
  }
  if (values.help) {
    io.stdout.write(statusUsage)
    return 0
  }
  if (positionals.length !== 1) {
    io.stderr.write(inputErrorText('subnet-rpc status', new UsageError('needs one URL'), statusUsage))
    return 2
  }
  const tty = (io.stderr as NodeJS.WriteStream).isTTY === true
  const progress = (step: string) => {
    if (tty) io.stderr.write(`\r\x1b[2Kquerying ${step}…`)
  }
  let report: StatusReport
  try {
    report = await queryStatus(positionals[0]!, values.chain, progress)
  } catch (e) {
    if (tty) io.stderr.write('\r\x1b[2K')
    if (!(e instanceof InputError)) throw e
    io.stderr.write(inputErrorText('subnet-rpc status', e, statusUsage))
    return 2
  }
  if (tty) io.stderr.write('\r\x1b[2K')
  io.stdout.write(values.json ? statusJson(report) : formatStatus(report, io))
  const l1 = report.l1
  const outcomes: Outcome<unknown>[] = [
    ...Object.values(report.node),
    ...('missing' in l1 ? [] : [l1.bootstrapped, l1.chainId, l1.feeConfig, l1.rules, l1.nextActivation, l1.validators]),
  ]
  // info.uptime fails on a node that is not a validator: that is a fact, not a failed query.
  const failed = outcomes.some((o) => !o.ok && o !== report.node.uptime)
  return report.node.health.ok && report.node.health.value.healthy && !failed ? 0 : 1
}
