/** Adds `getSubnetPublicClient`, `getSubnetWalletClients` and `getSubnetWalletClient` to each connection's `viem`. */
import type { WalletClient } from '@nomicfoundation/hardhat-viem/types'
import type { HookContext, NetworkHooks } from 'hardhat/types/hooks'
import type { ChainType, NetworkConnection } from 'hardhat/types/network'
import { infoActions, subnetActions } from 'subnet-rpc/viem'
import { precompileActions, precompileWalletActions } from 'subnet-rpc/viem/precompiles'
import { nodeUrl } from '../node-url.js'
import type { SubnetPublicClient, SubnetWalletClient } from './type-extensions.js'

export default async (): Promise<Partial<NetworkHooks>> => ({
  async newConnection<ChainTypeT extends ChainType | string>(
    context: HookContext,
    next: (nextContext: HookContext) => Promise<NetworkConnection<ChainTypeT>>,
  ): Promise<NetworkConnection<ChainTypeT>> {
    const connection = await next(context)
    const viem = connection.viem
    const url = await nodeUrl(connection)
    // An op connection's wallet client is hardhat-viem's WalletClient with op-stack actions added: the same base.
    const wallet = (client: unknown) => (client as WalletClient).extend(precompileWalletActions()) as unknown as SubnetWalletClient
    viem.getSubnetPublicClient = async (config) =>
      (await viem.getPublicClient(config))
        .extend(subnetActions)
        .extend(infoActions({ url }))
        .extend(precompileActions()) as unknown as SubnetPublicClient
    viem.getSubnetWalletClients = async (config) => (await viem.getWalletClients(config)).map(wallet)
    viem.getSubnetWalletClient = async (address, config) => wallet(await viem.getWalletClient(address, config))
    return connection
  },
})
