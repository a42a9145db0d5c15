/**
 * The `network` hooks: a connection to a network with `subnet.devnet` gets its own devnet, started while Hardhat
 * creates the connection (../devnet-url.ts) and stopped when the connection is closed (or the process exits).
 */
import type { HookContext, NetworkHooks } from 'hardhat/types/hooks'
import type { ChainType, NetworkConnection } from 'hardhat/types/network'
import type { DevnetProcess } from '../devnet-process.js'
import { type Opening, opening } from '../devnet-url.js'

export default async (): Promise<Partial<NetworkHooks>> => {
  const devnets = new WeakMap<NetworkConnection<ChainType | string>, DevnetProcess>()
  return {
    async newConnection<ChainTypeT extends ChainType | string>(
      context: HookContext,
      next: (nextContext: HookContext) => Promise<NetworkConnection<ChainTypeT>>,
    ): Promise<NetworkConnection<ChainTypeT>> {
      const scope: Opening = {}
      let connection: NetworkConnection<ChainTypeT>
      try {
        connection = await opening.run(scope, () => next(context))
      } catch (e) {
        await scope.devnet?.stop()
        throw e
      }
      connection.subnetDevnet = scope.devnet?.info
      if (scope.devnet) devnets.set(connection, scope.devnet)
      return connection
    },

    async closeConnection<ChainTypeT extends ChainType | string>(
      context: HookContext,
      connection: NetworkConnection<ChainTypeT>,
      next: (nextContext: HookContext, nextConnection: NetworkConnection<ChainTypeT>) => Promise<void>,
    ): Promise<void> {
      try {
        await next(context, connection)
      } finally {
        await devnets.get(connection)?.stop()
        devnets.delete(connection)
      }
    },
  }
}
