/**
 * The allow-list precompiles running on anvil. anvil has no custom precompiles, so the devnet
 * installs a Solidity stand-in (contracts/*.sol, compiled into ./artifacts/contracts.ts) at each
 * precompile address while the schedule enables it, in the storage layout the node uses, and
 * removes it on disable, following `ApplyPrecompileActivations`
 * (graft/subnet-evm/core/state_processor_ext.go):
 *
 * - activation: nonce 1, the code (the node writes `0x01`; `eth_getCode` is answered `0x01`),
 *   then the module's `Configure`: allow-list roles at `bytes32(address)` (allowlist/config.go),
 *   the Fee Manager's stored fee config and last-changed block (feemanager/module.go), the Native
 *   Minter's `initialMint` (nativeminter/module.go);
 * - disable: `SelfDestruct` + `Finalise`: the account goes, code, nonce, balance and storage.
 *
 * Every stand-in's code ends with the rules trailer (`rulesTrailer`: genesis, Durango and Granite
 * times), from which it takes the rules of the block it runs in, so nothing is rewritten when Durango
 * or Granite arrives. The Native Minter's stand-in pays mints from a reserve (`mintReserve`), topped up
 * once their block is mined by the amounts in its `NativeCoinMinted` logs, and before Durango, when the
 * node emits none, in anvil's traces (`preDurangoMints`).
 *
 * Warp keeps no state at its address: its stand-in reads the L1's IDs from a trailer on its code, and
 * each mined `SendWarpMessage` log is kept for `warp_getMessage`, as a node's warp backend stores the
 * message when the block is accepted (warp/config.go `Accept`, warp/backend.go `AddMessage`).
 *
 * A node applies the activations of a block before its transactions (`ApplyUpgrades` runs first in
 * `Process` and in the miner's `commitNewWork`). The devnet does the same whenever it has anvil mine:
 * `prepareBlock` runs once the next block's time is pinned (../chain/miner.ts `prepare`) and installs
 * what that time enables. `follow`, run for each new head the miner settles, brings the state in line
 * with the latest block for blocks mined without the devnet (anvil's own URL, its interval mining),
 * right after them. After the precompiles, as `ApplyUpgrades` orders them, both apply upgrade.json's
 * `stateUpgrades` (./stateUpgrades.ts).
 */
import { feeConfigKeys, type PrecompileKey } from '../../core/names.js'
import { precompileAddresses } from '../../core/precompiles/addresses.js'
import type { AnvilClient, Block } from '../chain/anvilClient.js'
import { activePrecompileConfig } from '../chain/rules.js'
import type { ChainSpec, FeeConfig, PrecompileConfig } from '../config/types.js'
import { precompileArtifacts } from './artifacts/contracts.js'
import { ParentStates } from './parentState.js'
import { StateUpgrades } from './stateUpgrades.js'

/** The precompiles the devnet runs, with their stand-in contract. */
export const runPrecompiles = {
  contractDeployerAllowListConfig: 'ContractDeployerAllowList',
  contractNativeMinterConfig: 'NativeMinter',
  txAllowListConfig: 'TxAllowList',
  feeManagerConfig: 'FeeManager',
  rewardManagerConfig: 'RewardManager',
  warpConfig: 'WarpMessenger',
} as const satisfies Partial<Record<PrecompileKey, keyof typeof precompileArtifacts>>
export type RunPrecompileKey = keyof typeof runPrecompiles
const runKeys = Object.keys(runPrecompiles) as RunPrecompileKey[]

export const roleSetTopic = '0xcdb7ea01f00a414d78757bdb0f6391664ba3fedf987eed280927c1e7d695be3e'
/**
 * The wei the Native Minter's stand-in holds beyond its own balance, to pay mints from (contracts/NativeMinter.sol):
 * balances at its address are reported without it.
 */
export const mintReserve = 1n << 255n
export const nativeCoinMintedTopic = '0x400cd392f3d56fd10bb1dbd5839fdda8298208ddaa97b368faa053e1850930ee'
/** `mintNativeCoin(address,uint256)`. */
const mintNativeCoinSelector = '0x4f5aaaba'
export const sendWarpMessageTopic = '0x56600c567728a800c0aa927500f831cb451df66a7af570eb4df4dfbf4674887d'

const word = (v: bigint) => `0x${v.toString(16).padStart(64, '0')}`
const hex = (v: bigint) => `0x${v.toString(16)}`
/** Allow-list role slot of an account: `common.BytesToHash(address.Bytes())`. */
export const roleSlot = (account: string) => `0x${account.slice(2).toLowerCase().padStart(64, '0')}`
/** Fee Manager field i (1…8): `common.Hash{byte(i)}`. */
export const feeFieldSlot = (i: number) => `0x${i.toString(16).padStart(2, '0')}${'0'.repeat(62)}`
/** `common.Hash{'l','c','a'}`. */
export const lastChangedAtSlot = `0x6c6361${'0'.repeat(58)}`
/** Reward Manager keys (rewardmanager/contract.go): `Hash{'r','a','s','k'}`, `Hash{'a','f','r','a','v'}`. */
export const rewardAddressSlot = `0x7261736b${'0'.repeat(56)}`
const allowFeeRecipientsValue = `0x6166726176${'0'.repeat(54)}`
/** `constants.BlackholeAddr`, where `DisableFeeRewards` points the rewards. */
const blackholeWord = `0x${'01'.padEnd(40, '0').padStart(64, '0')}`
const rewardSlots = [rewardAddressSlot]

const runtimeCode = (key: RunPrecompileKey): string => precompileArtifacts[runPrecompiles[key]].deployedBytecode
const addressOf = (key: RunPrecompileKey) => precompileAddresses[key].toLowerCase()

const roleLists = [
  ['enabledAddresses', 1n],
  ['adminAddresses', 2n],
  ['managerAddresses', 3n],
] as const

/** `u64` big-endian as 16 hex digits; 2^64 - 1 for an upgrade that is not scheduled. */
const u64 = (v: bigint | undefined) => (v ?? 0xffffffffffffffffn).toString(16).padStart(16, '0')

/**
 * The rules trailer every stand-in's code ends with (contracts/Precompile.sol `_rules`): the genesis,
 * Durango and Granite times. The stand-in compares them with its block's time, so it follows the node's
 * pre-Durango rules (strict input lengths, no `setManager`, no events) and Warp's pre-Granite gas up to
 * the first block at or after each upgrade, and the node's later rules from that block on, with no
 * rewrite of the code.
 */
export function rulesTrailer(spec: ChainSpec, genesisTimestamp: bigint): string {
  return u64(genesisTimestamp) + u64(spec.networkUpgrades.durangoTimestamp) + u64(spec.networkUpgrades.graniteTimestamp)
}

/** What a node's snow context gives the Warp precompile. */
export type WarpContext = {
  /** The L1's blockchain ID, 32 bytes as 0x-hex. */
  blockchainID: string
  networkID: number
}

export class PrecompileRuntime {
  /** The config each precompile was last installed with, by key. */
  private installed = new Map<RunPrecompileKey, PrecompileConfig>()
  /** Next block whose NativeCoinMinted and SendWarpMessage logs are still to be taken in. */
  private logsFrom = 0n
  /** Unsigned Warp messages (0x-hex) by message ID (0x-hex), from mined SendWarpMessage logs. */
  private readonly warpMessages = new Map<string, string>()
  private readonly warpTrailer: string
  private readonly rulesTrailer: string
  private readonly genesisTimestamp: bigint
  /**
   * The block `prepareBlock` last prepared: its parent and time. Until a block is mined on that parent,
   * the state holds the next block's schedule and `follow` keeps it.
   */
  private prepared: { parentHash: string; timestamp: bigint } | undefined
  private readonly stateUpgrades: StateUpgrades
  /** What the state was at the parent of each prepared block, for reads at it (./parentState.ts). */
  readonly parents: ParentStates

  constructor(
    private readonly spec: ChainSpec,
    private readonly anvil: AnvilClient,
    warp: WarpContext,
    /** The genesis block's time, which the stand-ins take for block 0 (anvil simulates on it with time 1). */
    genesisTimestamp: bigint,
  ) {
    this.warpTrailer = warp.blockchainID.slice(2).toLowerCase() + warp.networkID.toString(16).padStart(8, '0')
    this.rulesTrailer = rulesTrailer(spec, genesisTimestamp)
    this.genesisTimestamp = genesisTimestamp
    this.parents = new ParentStates(anvil, (code) => runKeys.some((key) => code === this.code(key)))
    this.stateUpgrades = new StateUpgrades(spec, anvil, this.parents)
  }

  /** The code the devnet installs for `key`: the stand-in's runtime code, Warp's IDs, the rules trailer. */
  code(key: RunPrecompileKey): string {
    return (key === 'warpConfig' ? runtimeCode(key) + this.warpTrailer : runtimeCode(key)) + this.rulesTrailer
  }

  /** The unsigned message of a mined `sendWarpMessage` (0x-hex), by its ID (0x-hex). */
  warpMessage(messageID: string): string | undefined {
    return this.warpMessages.get(messageID.toLowerCase())
  }

  /** The key whose stand-in runs at `address` in the latest state, if any. */
  keyAt(address: string): RunPrecompileKey | undefined {
    const a = address.toLowerCase()
    for (const [key] of this.installed) if (addressOf(key) === a) return key
    return undefined
  }

  isRunning(key: RunPrecompileKey): boolean {
    return this.installed.has(key)
  }

  /**
   * Applies what the block about to be mined on `latest` at `timestamp` activates, before anvil mines
   * it: a node installs a precompile (and applies a state upgrade) before the transactions of the first
   * block whose time reaches it (../chain/miner.ts `prepare`, only when a block is mined right after).
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
   * Brings anvil's state in line with `latest`, a head not seen before (../chain/miner.ts `settle`): the
   * mints and Warp messages of the blocks since, the schedule at its time, the state upgrades.
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

  /**
   * Installs and removes stand-ins so that the state holds the schedule at `time`. `activation` is the
   * number of the block the installs belong to, when known (a prepared block); else the first block
   * at or after the config's time.
   */
  private async applySchedule(time: bigint, latest: Block, activation?: bigint) {
    // evm_revert / anvil_reset can take installs back: trust the code in the state, not memory.
    const codes = await this.anvil.batch<string>(runKeys.map((k) => ['eth_getCode', [addressOf(k), 'latest']]))
    runKeys.forEach((key, i) => {
      if (codes[i] !== this.code(key)) this.installed.delete(key)
    })
    for (const key of runKeys) {
      const active = activePrecompileConfig(this.spec, key, time)
      const want = active && !active.disable ? active : undefined
      const have = this.installed.get(key)
      if (have === want) continue
      if (have || codes[runKeys.indexOf(key)] === this.code(key)) await this.remove(key)
      if (want) await this.install(key, want, latest, activation)
    }
  }

  /** `Configure` of the module at the activating block. */
  private async install(key: RunPrecompileKey, config: PrecompileConfig, latest: Block, activation?: bigint) {
    const address = addressOf(key)
    const a = this.anvil
    await this.parents.write('anvil_setNonce', [address, '0x1'])
    await this.parents.write('anvil_setCode', [address, this.code(key)])
    for (const [list, role] of roleLists) {
      const accounts = (config.json[list] as string[] | undefined) ?? []
      for (const account of accounts) await this.parents.write('anvil_setStorageAt', [address, roleSlot(account), word(role)])
    }
    if (key === 'feeManagerConfig') {
      const block = activation ?? (await a.firstBlockAtOrAfter(config.timestamp!, latest)) ?? latest.number
      await this.storeFeeConfig(config.initialFeeConfig ?? this.spec.feeConfig, block)
    }
    if (key === 'rewardManagerConfig') {
      // rewardmanager module.go Configure and InitialRewardConfig.Configure.
      const init = config.json.initialRewardConfig as { allowFeeRecipients: boolean; rewardAddress: string } | undefined
      const zero = (a: string) => /^0x0{40}$/i.test(a)
      const value = init
        ? init.allowFeeRecipients
          ? allowFeeRecipientsValue
          : zero(init.rewardAddress)
            ? blackholeWord
            : roleSlot(init.rewardAddress)
        : this.spec.allowFeeRecipients
          ? allowFeeRecipientsValue
          : blackholeWord
      await this.parents.write('anvil_setStorageAt', [address, rewardAddressSlot, value])
    }
    if (key === 'contractNativeMinterConfig') {
      await this.addBalance(address, mintReserve)
      for (const [account, amount] of config.initialMint ?? []) if (amount) await this.addBalance(account, amount)
    }
    this.installed.set(key, config)
  }

  /** `StoreFeeConfig` without the check (a config in the chain spec was verified at start). */
  async storeFeeConfig(config: FeeConfig, block: bigint) {
    const address = addressOf('feeManagerConfig')
    for (let i = 0; i < feeConfigKeys.length; i++) {
      const value = config[feeConfigKeys[i]!] ?? 0n
      await this.parents.write('anvil_setStorageAt', [address, feeFieldSlot(i + 1), word(value)])
    }
    await this.parents.write('anvil_setStorageAt', [address, lastChangedAtSlot, word(block)])
  }

  /** SelfDestruct + Finalise: every slot the stand-in or Configure may have written goes back to zero. */
  private async remove(key: RunPrecompileKey) {
    const address = addressOf(key)
    const slots = new Set<string>()
    for (const c of [...this.spec.genesisPrecompiles, ...this.spec.upgrades.precompileUpgrades]) {
      if (c.key !== key) continue
      for (const [list] of roleLists) for (const account of (c.json[list] as string[] | undefined) ?? []) slots.add(roleSlot(account))
    }
    const logs = await this.anvil.request<{ topics: string[] }[]>('eth_getLogs', [
      { address, fromBlock: '0x0', toBlock: 'latest', topics: [roleSetTopic] },
    ])
    for (const log of logs) slots.add(`0x${log.topics[2]!.slice(2)}`)
    if (key === 'feeManagerConfig') {
      for (let i = 1; i <= 8; i++) slots.add(feeFieldSlot(i))
      slots.add(lastChangedAtSlot)
    }
    if (key === 'rewardManagerConfig') for (const s of rewardSlots) slots.add(s)
    for (const slot of slots) await this.parents.write('anvil_setStorageAt', [address, slot, word(0n)])
    await this.parents.write('anvil_setCode', [address, '0x'])
    await this.parents.write('anvil_setNonce', [address, '0x0'])
    await this.parents.write('anvil_setBalance', [address, '0x0'])
    this.installed.delete(key)
  }

  private async addBalance(account: string, amount: bigint) {
    const balance = BigInt(await this.anvil.request<string>('eth_getBalance', [account, 'latest']))
    await this.parents.write('anvil_setBalance', [account, hex(balance + amount)])
  }

  /**
   * The logs the devnet acts on once their block is mined: the Native Minter's mints, which its stand-in
   * paid from its reserve (topped up here by as much, its nonce put back to 1 after its couriers'
   * creations), and the messages of `sendWarpMessage`, one `eth_getLogs` for both.
   */
  private async takeLogs(latest: Block) {
    if (this.logsFrom > latest.number) return
    const from = this.logsFrom
    this.logsFrom = latest.number + 1n
    const minter = addressOf('contractNativeMinterConfig')
    const logs = await this.anvil.request<{ address: string; topics: string[]; data: string }[]>('eth_getLogs', [
      {
        address: [minter, addressOf('warpConfig')],
        fromBlock: hex(from),
        toBlock: hex(latest.number),
        topics: [[nativeCoinMintedTopic, sendWarpMessageTopic]],
      },
    ])
    let minted = 0n
    for (const log of logs) {
      if (log.address.toLowerCase() === minter) minted += BigInt(log.data)
      else this.warpMessages.set(log.topics[2]!.toLowerCase(), abiBytes(log.data))
    }
    for (const [, amount] of await this.preDurangoMints(from, latest)) minted += amount
    if (minted === 0n) return
    await this.addBalance(minter, minted)
    await this.anvil.request('anvil_setNonce', [minter, '0x1'])
  }

  /**
   * The mints of blocks `from`…`latest` that ran before Durango, when the Native Minter emits no
   * `NativeCoinMinted` (nativeminter/contract.go `mintNativeCoin`): read from anvil's traces of calls to
   * it (`trace_filter`), each kept when it and every frame above it succeeded, in a block before
   * `durangoTimestamp`. Nothing to ask for a chain that starts with Durango, nor once the range starts
   * after it.
   */
  private async preDurangoMints(from: bigint, latest: Block): Promise<[string, bigint][]> {
    const durango = this.spec.networkUpgrades.durangoTimestamp
    if (durango !== undefined && durango <= this.genesisTimestamp) return []
    const time = async (n: bigint) => (n === latest.number ? latest.timestamp : (await this.anvil.blockByNumber(n))?.timestamp)
    const before = async (n: bigint) => {
      const t = await time(n)
      return t !== undefined && (durango === undefined || t < durango)
    }
    if (!(await before(from))) return []
    type Trace = {
      type: string
      action: { callType?: string; to?: string; input?: string }
      error?: string
      traceAddress: number[]
      transactionHash: string
      blockNumber: number
    }
    const minter = addressOf('contractNativeMinterConfig')
    // An anvil without trace_filter (an older binary) pays no pre-Durango mint rather than failing the sync.
    const traces = await this.anvil.raw<Trace[]>('trace_filter', [
      { fromBlock: hex(from), toBlock: hex(latest.number), toAddress: [minter] },
    ])
    const mints: [string, bigint][] = []
    for (const t of traces.result ?? []) {
      const input = t.action.input ?? ''
      if (t.type !== 'call' || t.action.callType !== 'call' || t.action.to?.toLowerCase() !== minter || t.error) continue
      if (!input.startsWith(mintNativeCoinSelector) || input.length < 10 + 128) continue
      if (!(await before(BigInt(t.blockNumber)))) continue
      if (t.traceAddress.length > 0) {
        // A frame above that failed takes the mint back with it.
        const frames = await this.anvil.request<Trace[]>('trace_transaction', [t.transactionHash])
        const above = (f: Trace) => f.traceAddress.length < t.traceAddress.length && f.traceAddress.every((x, i) => x === t.traceAddress[i])
        if (frames.some((f) => above(f) && f.error)) continue
      }
      mints.push([`0x${input.slice(34, 74)}`, BigInt(`0x${input.slice(74, 138)}`)])
    }
    return mints
  }
}

/** The one `bytes` value of ABI-encoded log data (offset, length, bytes). */
function abiBytes(data: string): string {
  const offset = Number.parseInt(data.slice(2, 66), 16) * 2
  const length = Number.parseInt(data.slice(2 + offset, 66 + offset), 16) * 2
  return `0x${data.slice(66 + offset, 66 + offset + length)}`
}
