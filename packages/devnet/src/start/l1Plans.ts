/**
 * Each L1's plan, before anything starts: its options checked (the built-in L1, or each entry of `l1s`), its
 * chain files and chain config read, its IDs derived, and with a state dir what it resumes from and keeps.
 * The checks run in the node's order; their errors are the ones `startDevnet` throws.
 */
import { existsSync } from 'node:fs'
import { type ChainConfig, ChainConfigError, InvalidArgumentError } from 'subnet-rpc'
import { type ChainFiles, chainConfigOf, type JsonSource, loadChainFiles, type NodeRelease, upgradeSchedule } from 'subnet-rpc/config'
import { type DevnetChainConfig, defaultChainConfig, readChainConfig } from '../config/chainConfig.js'
import { defaultGenesis, defaultUpgrade } from '../config/defaults.js'
import { derivedID } from '../config/node.js'
import type { L1Plan } from '../l1/l1.js'
import type { L1Snapshot } from '../l1/persist.js'
import { planValidators } from '../network/index.js'
import { checkRestart, readStoredL1, sourceText } from '../state/stateDir.js'
import type { DevnetL1Options, DevnetOptions } from './types.js'

/** An L1 to start, and its validator set: planned, or the built-in L1's default (this node and the peers tracking it). */
export type PlannedL1 = {
  plan: L1Plan
  validators: ReturnType<typeof planValidators> | 'node peers'
  /** With a state dir: the files the L1 starts with, to keep, and a warning of the restart's check. */
  persist?: { genesis: string; upgrade?: string; chainConfig: ChainConfig; warning?: string }
}

/** What every L1's plan depends on: the devnet's seed, network, start time and release, and its state dir. */
export type L1PlanContext = {
  seed: string
  networkID: number
  startTime: number
  /** The devnet's `apiMaxBlocksPerRequest`, for an L1 that sets none. */
  maxBlocksPerRequest: number
  /** The primary network's chain IDs, which no alias may take. */
  primary: string[]
  release: NodeRelease
  stateDir: string | undefined
}

const aliasPattern = /^[A-Za-z0-9_.-]+$/
/** The primary network's aliases (chains/manager.go, node/node.go): an L1 cannot take them. */
const reservedAliases = new Set(['P', 'platform', 'X', 'avm', 'C', 'evm'])

/** Checks the L1 options (the built-in one, or `l1s`), reads their chain files, and gives each L1's plan. */
export function planL1s(options: DevnetOptions, ctx: L1PlanContext): PlannedL1[] {
  if (options.l1s === undefined) return [planBuiltIn(options, ctx)]
  if (!Array.isArray(options.l1s) || options.l1s.length === 0)
    throw new InvalidArgumentError({
      argument: 'l1s',
      value: options.l1s,
      accepted: 'a non-empty list of { alias, genesis?, upgrade?, … }',
    })
  for (const key of ['genesis', 'upgrade', 'alias', 'anvilPort', 'validators', 'chainConfig'] as const)
    if (options[key] !== undefined)
      throw new InvalidArgumentError({ argument: key, value: options[key], accepted: `no ${key} beside l1s: give it in each entry of l1s` })
  const taken: TakenByOthers = { aliases: new Map(), ports: new Map() }
  const planned = options.l1s.map((entry, i) => planListed(entry, i, taken, ctx))
  checkChainIds(planned)
  return planned
}

/** The built-in L1 (no `l1s`): the devnet's own `alias`, `anvilPort`, `validators` and files. */
function planBuiltIn(options: DevnetOptions, ctx: L1PlanContext): PlannedL1 {
  const alias = checkAlias(options.alias ?? 'devnet', 'alias', ctx)
  const anvilPort = checkPort(options.anvilPort, 'anvilPort')
  const validators = options.validators === undefined ? ('node peers' as const) : planValidators(options.validators, 'validators')
  return plannedL1(alias, 'devnet', options, 'apiMaxBlocksPerRequest', anvilPort, validators, ctx)
}

/** The aliases and anvil ports the entries of `l1s` before this one took: alias to index, port to alias. */
type TakenByOthers = { aliases: Map<string, number>; ports: Map<number, string> }

/** Entry `i` of `l1s`, checked against the entries before it. */
function planListed(entry: DevnetL1Options, i: number, taken: TakenByOthers, ctx: L1PlanContext): PlannedL1 {
  const at = `l1s[${i}]`
  if (typeof entry !== 'object' || entry === null)
    throw new InvalidArgumentError({
      argument: at,
      value: entry,
      accepted: 'an object { alias, genesis?, upgrade?, anvilPort?, validators? }',
    })
  const alias = checkAlias(entry.alias, `${at}.alias`, ctx)
  if (taken.aliases.has(alias))
    throw new InvalidArgumentError({
      argument: `${at}.alias`,
      value: alias,
      accepted: `an alias no other L1 has (l1s[${taken.aliases.get(alias)}] has it)`,
    })
  taken.aliases.set(alias, i)
  const anvilPort = checkPort(entry.anvilPort, `${at}.anvilPort`)
  if (anvilPort !== undefined && anvilPort !== 0) {
    if (taken.ports.has(anvilPort))
      throw new InvalidArgumentError({
        argument: `${at}.anvilPort`,
        value: anvilPort,
        accepted: `a port no other L1's anvil has (${taken.ports.get(anvilPort)} has it)`,
      })
    taken.ports.set(anvilPort, alias)
  }
  if (entry.apiMaxBlocksPerRequest !== undefined && !Number.isSafeInteger(entry.apiMaxBlocksPerRequest))
    throw new InvalidArgumentError({
      argument: `${at}.apiMaxBlocksPerRequest`,
      value: entry.apiMaxBlocksPerRequest,
      accepted: 'an integer',
    })
  const validators = planValidators(entry.validators, `${at}.validators`)
  return plannedL1(alias, alias, entry, `${at}.apiMaxBlocksPerRequest`, anvilPort, validators, ctx)
}

/**
 * An L1's plan once its options are checked: its IDs (derived from `idAlias`), its chain files, its chain config
 * and block range limit (`limitArgument` names the limit's option), and with a state dir what it resumes and keeps.
 */
function plannedL1(
  alias: string,
  idAlias: string,
  source: Pick<DevnetL1Options, 'genesis' | 'upgrade' | 'chainConfig' | 'apiMaxBlocksPerRequest'>,
  limitArgument: string,
  anvilPort: number | undefined,
  validators: PlannedL1['validators'],
  ctx: L1PlanContext,
): PlannedL1 {
  const where = `the L1 ${alias}`
  const { files, kept } = l1Files(alias, source.genesis, source.upgrade, where, ctx)
  const plan: L1Plan = {
    alias,
    ...l1IDs(ctx.seed, idAlias),
    files,
    ...limits(source.chainConfig, source.apiMaxBlocksPerRequest, limitArgument, where, ctx),
    anvilPort,
  }
  if (!kept) return { plan, validators }
  const { restore, ...persist } = kept
  return { plan: { ...plan, restore }, validators, persist }
}

/**
 * An L1's chain files, read as a node reads them; with a state dir, what to keep of them and the state to resume
 * from. A resumed L1 given no files has the dir's, and changed files are checked as a node checks them at restart.
 */
function l1Files(
  alias: string,
  genesis: JsonSource | undefined,
  upgrade: JsonSource | undefined,
  where: string,
  ctx: L1PlanContext,
): { files: ChainFiles; kept?: NonNullable<PlannedL1['persist']> & { restore?: L1Snapshot } } {
  checkFile(genesis, `genesis of ${where}`)
  checkFile(upgrade, `upgrade of ${where}`)
  // A resumed L1 given no files has the dir's.
  const stored = ctx.stateDir === undefined ? undefined : readStoredL1(ctx.stateDir, alias)
  const genesisSource = genesis ?? stored?.genesis ?? defaultGenesis(ctx.startTime, ctx.networkID)
  const upgradeSource = upgrade ?? (stored ? stored.upgrade : genesis === undefined ? defaultUpgrade(ctx.startTime) : undefined)
  // The network upgrade times a node of this release gives the chain config (params/extras GetNetworkUpgrades).
  const schedule = upgradeSchedule(ctx.networkID, ctx.release)
  const files = loadChainFiles(genesisSource, upgradeSource, ctx.networkID, schedule)
  if (ctx.stateDir === undefined) return { files }
  const genesisText = sourceText(genesisSource)
  const upgradeText = upgradeSource === undefined ? undefined : sourceText(upgradeSource)
  const chainConfig = chainConfigOf(files.spec)
  const warning = stored
    ? checkRestart(alias, stored, loadChainFiles(stored.genesis, stored.upgrade, ctx.networkID, schedule), {
        genesis: genesisText,
        files,
        chainConfig,
      })
    : undefined
  return { files, kept: { genesis: genesisText, upgrade: upgradeText, chainConfig, warning, restore: stored?.snapshot } }
}

/** The chain config read, and `api-max-blocks-per-request`: the option given for the L1, else its config's, else the devnet's. */
function limits(source: JsonSource | undefined, option: number | undefined, argument: string, where: string, ctx: L1PlanContext) {
  const chainConfig: DevnetChainConfig = source === undefined ? defaultChainConfig : readChainConfig(source, where)
  const configured = chainConfig.apiMaxBlocksPerRequest
  if (option !== undefined && configured !== undefined && option !== configured)
    throw new InvalidArgumentError({
      argument,
      value: option,
      accepted: `the chain config's api-max-blocks-per-request (${configured}), or no ${argument}: give the limit once`,
    })
  return { chainConfig, maxBlocksPerRequest: option ?? configured ?? ctx.maxBlocksPerRequest }
}

/** Each L1 its own EVM chain ID: a signed transaction (EIP-155) must not replay on another. */
function checkChainIds(planned: PlannedL1[]): void {
  const chainIds = new Map<bigint, string>()
  for (const { plan } of planned) {
    const other = chainIds.get(plan.files.spec.chainId)
    if (other !== undefined)
      throw new ChainConfigError(
        `L1s ${other} and ${plan.alias} have the same chain ID ${plan.files.spec.chainId} (config.chainId): each L1 needs its own`,
      )
    chainIds.set(plan.files.spec.chainId, plan.alias)
  }
}

/** An alias of letters, digits, '.', '_' or '-' that the primary network does not use. */
function checkAlias(alias: unknown, argument: string, ctx: L1PlanContext): string {
  if (typeof alias !== 'string' || !aliasPattern.test(alias))
    throw new InvalidArgumentError({ argument, value: alias, accepted: "letters, digits, '.', '_' or '-'" })
  if (reservedAliases.has(alias) || ctx.primary.includes(alias))
    throw new InvalidArgumentError({
      argument,
      value: alias,
      accepted: 'an alias the primary network does not use (P, X, C, platform, avm, evm)',
    })
  return alias
}

/**
 * The blockchain and subnet IDs of the L1 `alias`: derived from the seed, the built-in L1's (alias
 * `devnet`) as they always were, any other alias's from the alias too.
 */
function l1IDs(seed: string, alias: string): { blockchainID: string; subnetID: string } {
  const suffix = alias === 'devnet' ? '' : `/${alias}`
  return { blockchainID: derivedID(seed, `blockchain${suffix}`), subnetID: derivedID(seed, `subnet${suffix}`) }
}

/** A port option: an integer from 0 to 65535, or undefined. */
function checkPort(value: unknown, argument: string): number | undefined {
  if (value === undefined) return undefined
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > 65535)
    throw new InvalidArgumentError({ argument, value, accepted: 'a port number from 0 to 65535' })
  return value
}

/** A genesis or upgrade given as a path must name a file that exists. */
function checkFile(source: JsonSource | undefined, what: string): void {
  if (typeof source === 'string' && !source.trimStart().startsWith('{') && !existsSync(source))
    throw new ChainConfigError(`${source}: no such file (the ${what})`)
}
