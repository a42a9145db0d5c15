/**
 * A precompile the devnet runs, described as subnet-evm registers one (precompile/modules/module.go
 * `Module`: `ConfigKey`, `Address`, `Contract`, and the `Configurator` whose `Configure` runs at
 * activation), with what the devnet needs beyond it: the Solidity stand-in that runs as its `Contract`
 * (packages/devnet/contracts/standins/*.sol), the storage its removal clears, and the logs of mined blocks it acts on. A new
 * precompile is one module, listed in ./index.ts.
 */
import type { PrecompileKey } from 'subnet-rpc'
import type { AnvilClient, Block } from '../../anvilClient.js'
import type { ChainSpec, PrecompileConfig } from 'subnet-rpc/config'
import type { precompileArtifacts } from '../artifacts/contracts.js'
import type { StateWrite } from '../parentState.js'

/** What a node's snow context gives the Warp precompile. */
export type WarpContext = {
  /** The L1's blockchain ID, 32 bytes as 0x-hex. */
  blockchainID: string
  networkID: number
}

/** What a module works with (../runtime.ts). */
export type ModuleHost = {
  readonly spec: ChainSpec
  readonly anvil: AnvilClient
  /** The genesis block's time. */
  readonly genesisTimestamp: bigint
  readonly warp: WarpContext
  /** Unsigned Warp messages (0x-hex) by message ID (0x-hex), as the node's warp backend keeps them. */
  readonly warpMessages: Map<string, string>
  /** A state write, recorded for reads at the parent block while a block is prepared (../parentState.ts). */
  write(method: StateWrite, params: [address: string, ...values: string[]]): Promise<void>
  /** Adds `amount` wei to the account's balance, as a write. */
  addBalance(account: string, amount: bigint): Promise<void>
}

/** A log as `eth_getLogs` gives it. */
export type Log = { address: string; topics: string[]; data: string }

export type Module = {
  /** The key of its config in the genesis and upgrade.json (`ConfigKey`). */
  readonly configKey: PrecompileKey
  /** Its address, lower case (`Address`). */
  readonly address: string
  /** The stand-in contract that runs as its `Contract`. */
  readonly contract: keyof typeof precompileArtifacts
  /** Whether it has an allow list: its `Configure` writes the config's roles (allowlist/config.go). */
  readonly allowList: boolean
  /** Code after the stand-in's runtime code, before the rules trailer (../runtime.ts `rulesTrailer`). */
  codeTrailer?(host: ModuleHost): string
  /**
   * `Configure` beyond the allow list, at the activating block: `block` is its number when known (a
   * prepared block), else `latest` is the head it is installed after.
   */
  configure?(host: ModuleHost, config: PrecompileConfig, at: { latest: Block; block?: bigint }): Promise<void>
  /** The storage keys beyond the roles that Configure or the stand-in may write: what its removal clears. */
  readonly keys?: readonly string[]
  /** The logs of mined blocks it acts on (topic 0), and what it does with its own logs of blocks `from`…`latest`. */
  readonly logs?: {
    readonly topic: string
    take(host: ModuleHost, logs: Log[], from: bigint, latest: Block): Promise<void>
  }
}

export const word = (v: bigint) => `0x${v.toString(16).padStart(64, '0')}`
export const hex = (v: bigint) => `0x${v.toString(16)}`
/** An address as a storage word: `common.BytesToHash(address.Bytes())`. */
export const addressWord = (address: string) => `0x${address.slice(2).toLowerCase().padStart(64, '0')}`
