/**
 * The `url` of a network with `subnet.devnet`, resolved: Hardhat reads it (`getUrl()`) once for each connection, when it
 * creates the connection's HTTP provider, and that is when the devnet starts: the provider then talks to the devnet
 * the connection owns. ./hooks/network.ts opens the scope (`opening`) around the connection's creation and takes the
 * devnet that started in it.
 */
import { AsyncLocalStorage } from 'node:async_hooks'
import { HardhatPluginError } from 'hardhat/plugins'
import type { ResolvedConfigurationVariable } from 'hardhat/types/config'
import { type DevnetProcess, startDevnetProcess } from './devnet-process.js'
import { pluginId } from './errors.js'
import type { SubnetDevnetConfig } from './type-extensions.js'

/** The devnet started while one connection is being created. */
export type Opening = { devnet?: DevnetProcess }

/** Set by the `newConnection` hook around Hardhat's creation of a connection. */
export const opening = new AsyncLocalStorage<Opening>()

/** Hardhat's ResolvedConfigurationVariable for a devnet network's `url`. */
export class DevnetUrl implements ResolvedConfigurationVariable {
  readonly _type = 'ResolvedConfigurationVariable' as const
  readonly format = '{variable}'

  constructor(
    readonly network: string,
    /** The `url` of the network's config. */
    readonly configured: string,
    readonly devnet: SubnetDevnetConfig,
  ) {}

  /**
   * While a connection is created: starts its devnet (once) and gives its L1 URL. Elsewhere (another plugin reading the
   * config): the configured URL, where a connection's devnet listens; with port 0 there is no such URL.
   */
  async get(): Promise<string> {
    const scope = opening.getStore()
    if (scope) {
      scope.devnet ??= await startDevnetProcess(this.network, this.devnet)
      return scope.devnet.info.aliasRpcUrl
    }
    if (this.devnet.port === 0)
      throw new HardhatPluginError(
        pluginId,
        `network "${this.network}": its devnet listens on a free port of each connection's own (port 0 in url); read the URL from a connection, connection.subnetDevnet.aliasRpcUrl`,
      )
    return this.configured
  }

  getUrl(): Promise<string> {
    return this.get()
  }

  async getBigInt(): Promise<bigint> {
    throw new HardhatPluginError(pluginId, `network "${this.network}": url is not a number`)
  }

  async getHexString(): Promise<string> {
    throw new HardhatPluginError(pluginId, `network "${this.network}": url is not a hex string`)
  }
}
