/**
 * The precompiles running on anvil. anvil has no custom precompiles, so the devnet installs a Solidity
 * stand-in (packages/devnet/contracts/standins/*.sol, compiled into ./artifacts/contracts.ts) at each precompile address while the
 * schedule enables it, in the storage layout the node uses, and removes it on disable, following
 * `ApplyPrecompileActivations` (graft/subnet-evm/core/state_processor_ext.go). What differs between
 * precompiles is in their modules (./modules); this file runs them:
 *
 * - activation: nonce 1, the code (the node writes `0x01`; `eth_getCode` is answered `0x01`),
 *   then the module's `Configure`: allow-list roles at `bytes32(address)` (allowlist/config.go), then
 *   the module's own (./modules/*.ts `configure`);
 * - disable: `SelfDestruct` + `Finalise`: the account goes, code, nonce, balance and storage.
 *
 * Every stand-in's code ends with the rules trailer (`rulesTrailer`: genesis, Durango and Granite
 * times), from which it takes the rules of the block it runs in, so nothing is rewritten when Durango
 * or Granite arrives.
 *
 * A node applies the activations of a block before its transactions (`ApplyUpgrades` runs first in
 * `Process` and in the miner's `commitNewWork`). The devnet does the same whenever it has anvil mine:
 * `prepareBlock` runs once the next block's time is pinned (../block/miner.ts `prepare`) and installs
 * what that time enables. `follow`, run for each new head the miner settles, brings the state in line
 * with the latest block for blocks mined without the devnet (anvil's own URL, its interval mining),
 * right after them, and hands the modules the logs of the blocks mined since. After the precompiles, as
 * `ApplyUpgrades` orders them, both apply upgrade.json's `stateUpgrades` (./stateUpgrades.ts).
 */
import type { AnvilClient, Block } from '../anvilClient.js'
import { activePrecompileConfig } from 'subnet-rpc/config'
import type { ChainSpec, PrecompileConfig } from 'subnet-rpc/config'
import { precompileArtifacts, precompileConstants, precompileEvents } from './artifacts/contracts.js'
import { roleLists, roleSlot } from './modules/allowList.js'
import { moduleOf, modules, type RunModule, type RunPrecompileKey } from './modules/index.js'
import { hex, type Log, type ModuleHost, type WarpContext, word } from './modules/module.js'
import { ParentStates, type StateWrite } from './parentState.js'
import { StateUpgrades } from './stateUpgrades.js'

export type { RunPrecompileKey, WarpContext }

/** `u64` big-endian as 16 hex digits; 2^64 - 1 for an upgrade that is not scheduled. */
const u64 = (v: bigint | undefined) => (v ?? 0xffffffffffffffffn).toString(16).padStart(16, '0')

/**
 * The rules trailer every stand-in's code ends with (packages/devnet/contracts/standins/Precompile.sol `_rules`, `RULES_TRAILER`
 * bytes): the genesis, Durango and Granite times. The stand-in compares them with its block's time, so it
 * follows the node's pre-Durango rules (strict input lengths, no `setManager`, no events) and Warp's
 * pre-Granite gas up to the first block at or after each upgrade, and the node's later rules from that
 * block on, with no rewrite of the code.
 */
export function rulesTrailer(spec: ChainSpec, genesisTimestamp: bigint): string {
  const trailer = u64(genesisTimestamp) + u64(spec.networkUpgrades.durangoTimestamp) + u64(spec.networkUpgrades.graniteTimestamp)
  if (trailer.length !== 2 * precompileConstants.Precompile.RULES_TRAILER) throw new Error('the rules trailer is not RULES_TRAILER bytes')
  return trailer
}

/** What {@link PrecompileRuntime.snapshot} keeps. */
export type PrecompilesSnapshot = {
  logsFrom: bigint
  warpMessages: [id: string, message: string][]
  stateUpgrades: ReturnType<StateUpgrades['snapshot']>
}

export class PrecompileRuntime implements ModuleHost {
  /** The config each precompile was last installed with, by key. */
  private installed = new Map<RunPrecompileKey, PrecompileConfig>()
  /** Next block whose logs are still to be handed to the modules. */
  private logsFrom = 0n
  readonly warpMessages = new Map<string, string>()
  private readonly rulesTrailer: string
  /**
   * The block `prepareBlock` last prepared: its parent and time. Until a block is mined on that parent,
   * the state holds the next block's schedule and `follow` keeps it.
   */
  private prepared: { parentHash: string; timestamp: bigint } | undefined
  private readonly stateUpgrades: StateUpgrades
  /** What the state was at the parent of each prepared block, for reads at it (./parentState.ts). */
  readonly parents: ParentStates

  constructor(
    readonly spec: ChainSpec,
    readonly anvil: AnvilClient,
    readonly warp: WarpContext,
    /** The genesis block's time, which the stand-ins take for block 0 (anvil simulates on it with time 1). */
    readonly genesisTimestamp: bigint,
  ) {
    this.rulesTrailer = rulesTrailer(spec, genesisTimestamp)
    this.parents = new ParentStates(anvil, (code) => modules.some((m) => this.isCodeOf(m.configKey, code)))
    this.stateUpgrades = new StateUpgrades(spec, anvil, this.parents)
  }

  /** The code the devnet installs for `key`: the stand-in's runtime code, the module's trailer, the rules trailer. */
  code(key: RunPrecompileKey): string {
    return this.codeWith(key, moduleOf(key).codeTrailer?.(this) ?? '')
  }

  /** The stand-in's code for `key` with another module trailer (Warp's staged predicates, ../warp/warpPredicates.ts). */
  codeWith(key: RunPrecompileKey, trailer: string): string {
    return precompileArtifacts[moduleOf(key).contract].deployedBytecode + trailer + this.rulesTrailer
  }

  /** The code staged for each key in place of its installed code (still the same stand-in, installed). */
  private readonly stagedCodes = new Map<RunPrecompileKey, string>()

  /** What a restart from a state dir needs back (../persist.ts): the logs taken, the Warp messages, the state upgrades applied. */
  snapshot(): PrecompilesSnapshot {
    return { logsFrom: this.logsFrom, warpMessages: [...this.warpMessages], stateUpgrades: this.stateUpgrades.snapshot() }
  }

  /**
   * Takes back a {@link snapshot} on the chain anvil loaded, head `latest`, before the first settlement; the
   * stand-ins in its state are the precompiles the schedule has active at the head, as they were configured
   * (a fresh install would configure them again, over what their calls have changed since).
   */
  async restore(s: PrecompilesSnapshot, latest: Block): Promise<void> {
    this.logsFrom = s.logsFrom
    for (const [id, message] of s.warpMessages) this.warpMessages.set(id, message)
    this.stateUpgrades.restore(s.stateUpgrades)
    const codes = await this.anvil.batch<string>(modules.map((m) => ['eth_getCode', [m.address, 'latest']]))
    modules.forEach((m, i) => {
      const active = activePrecompileConfig(this.spec, m.configKey, latest.timestamp)
      if (active && !active.disable && codes[i] === this.code(m.configKey)) this.installed.set(m.configKey, active)
    })
  }

  /** Writes the running stand-in of `key` with another module trailer, for the block about to be mined. */
  async stageCode(key: RunPrecompileKey, trailer: string): Promise<void> {
    const code = this.codeWith(key, trailer)
    this.stagedCodes.set(key, code)
    await this.write('anvil_setCode', [moduleOf(key).address, code])
  }

  /** Whether `code` is the installed or staged code of `key`. */
  private isCodeOf(key: RunPrecompileKey, code: string | undefined): boolean {
    return code === this.code(key) || (code !== undefined && code === this.stagedCodes.get(key))
  }

  /** The unsigned message of a mined `sendWarpMessage` (0x-hex), by its ID (0x-hex). */
  warpMessage(messageID: string): string | undefined {
    return this.warpMessages.get(messageID.toLowerCase())
  }

  /** The key whose stand-in runs at `address` in the latest state, if any. */
  keyAt(address: string): RunPrecompileKey | undefined {
    const a = address.toLowerCase()
    for (const [key] of this.installed) if (moduleOf(key).address === a) return key
    return undefined
  }

  isRunning(key: RunPrecompileKey): boolean {
    return this.installed.has(key)
  }

  /**
   * Applies what the block about to be mined on `latest` at `timestamp` activates, before anvil mines
   * it: a node installs a precompile (and applies a state upgrade) before the transactions of the first
   * block whose time reaches it (../block/miner.ts `prepare`, only when a block is mined right after).
   */
  async prepareBlock(latest: Block, timestamp: bigint): Promise<void> {
    this.prepared = { parentHash: latest.hash, timestamp }
    this.parents.record(latest)
    try {
      await this.applySchedule(timestamp, latest, latest.number + 1n)
      await this.stateUpgrades.sync(latest, { number: latest.number + 1n, timestamp })
    } finally {
      this.parents.stop()
    }
  }

  /**
   * Brings anvil's state in line with `latest`, a head not seen before (../block/miner.ts `settle`): the
   * logs of the blocks since to their modules, the schedule at its time, the state upgrades.
   */
  async follow(latest: Block): Promise<void> {
    this.parents.follow(latest)
    // A block prepared on the head and not mined yet (a send anvil refused, automine off): keep its schedule.
    if (this.prepared?.parentHash !== latest.hash) this.prepared = undefined
    if (latest.number < this.logsFrom) this.logsFrom = latest.number + 1n
    await this.takeLogs(latest)
    await this.applySchedule(this.prepared?.timestamp ?? latest.timestamp, latest)
    await this.stateUpgrades.sync(latest, undefined, this.prepared !== undefined)
  }

  write(method: StateWrite, params: [address: string, ...values: string[]]): Promise<void> {
    return this.parents.write(method, params)
  }

  async addBalance(account: string, amount: bigint): Promise<void> {
    const balance = BigInt(await this.anvil.request<string>('eth_getBalance', [account, 'latest']))
    await this.write('anvil_setBalance', [account, hex(balance + amount)])
  }

  /**
   * Installs and removes stand-ins so that the state holds the schedule at `time`. `activation` is the
   * number of the block the installs belong to, when known (a prepared block); else the first block
   * at or after the config's time.
   */
  private async applySchedule(time: bigint, latest: Block, activation?: bigint) {
    // evm_revert / anvil_reset can take installs back: trust the code in the state, not memory.
    const codes = await this.anvil.batch<string>(modules.map((m) => ['eth_getCode', [m.address, 'latest']]))
    modules.forEach((m, i) => {
      if (!this.isCodeOf(m.configKey, codes[i])) this.installed.delete(m.configKey)
    })
    for (const [i, m] of modules.entries()) {
      const active = activePrecompileConfig(this.spec, m.configKey, time)
      const want = active && !active.disable ? active : undefined
      const have = this.installed.get(m.configKey)
      if (have === want) continue
      if (have || this.isCodeOf(m.configKey, codes[i])) await this.remove(m)
      if (want) await this.install(m, want, latest, activation)
    }
  }

  /** `Configure` of the module at the activating block. */
  private async install(m: RunModule, config: PrecompileConfig, latest: Block, activation?: bigint) {
    await this.write('anvil_setNonce', [m.address, '0x1'])
    await this.write('anvil_setCode', [m.address, this.code(m.configKey)])
    if (m.allowList)
      for (const [list, role] of roleLists)
        for (const account of (config.json[list] as string[] | undefined) ?? [])
          await this.write('anvil_setStorageAt', [m.address, roleSlot(account), word(role)])
    await m.configure?.(this, config, { latest, block: activation })
    this.installed.set(m.configKey, config)
  }

  /** SelfDestruct + Finalise: every slot the stand-in or Configure may have written goes back to zero. */
  private async remove(m: RunModule) {
    const slots = new Set<string>()
    if (m.allowList) {
      for (const c of [...this.spec.genesisPrecompiles, ...this.spec.upgrades.precompileUpgrades]) {
        if (c.key !== m.configKey) continue
        for (const [list] of roleLists) for (const account of (c.json[list] as string[] | undefined) ?? []) slots.add(roleSlot(account))
      }
      const logs = await this.anvil.request<{ topics: string[] }[]>('eth_getLogs', [
        { address: m.address, fromBlock: '0x0', toBlock: 'latest', topics: [precompileEvents.RoleSet] },
      ])
      for (const log of logs) slots.add(`0x${log.topics[2]!.slice(2)}`)
    }
    for (const key of m.keys ?? []) slots.add(key)
    for (const slot of slots) await this.write('anvil_setStorageAt', [m.address, slot, word(0n)])
    await this.write('anvil_setCode', [m.address, '0x'])
    await this.write('anvil_setNonce', [m.address, '0x0'])
    await this.write('anvil_setBalance', [m.address, '0x0'])
    this.installed.delete(m.configKey)
  }

  /** The logs the modules act on once their block is mined, one `eth_getLogs` for all. */
  private async takeLogs(latest: Block) {
    if (this.logsFrom > latest.number) return
    const from = this.logsFrom
    this.logsFrom = latest.number + 1n
    const readers = modules.flatMap((m) => (m.logs ? [{ address: m.address, ...m.logs }] : []))
    const logs = await this.anvil.request<Log[]>('eth_getLogs', [
      { address: readers.map((r) => r.address), fromBlock: hex(from), toBlock: hex(latest.number), topics: [readers.map((r) => r.topic)] },
    ])
    for (const r of readers) {
      const own = logs.filter((log) => log.address.toLowerCase() === r.address)
      await r.take(this, own, from, latest)
    }
  }
}
