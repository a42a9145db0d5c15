/**
 * Gives each connection's hardhat-ethers provider the `SubnetProvider` methods (subnet-rpc/ethers' function forms over
 * it, and the node's other endpoints from the network's URL), and `connection.ethers.subnetProvider`, the same
 * provider, typed with them.
 */
import type { HookContext, NetworkHooks } from 'hardhat/types/hooks'
import type { ChainType, NetworkConnection } from 'hardhat/types/network'
import { InfoEndpointError } from 'subnet-rpc'
import {
  feeConfig,
  getActivePrecompilesAt,
  getActiveRulesAt,
  getChainConfig,
  HealthClient,
  InfoClient,
  ProposerVMClient,
  type SubnetProviderMethods,
  ValidatorsClient,
} from 'subnet-rpc/ethers'
import { nodeUrl } from '../node-url.js'
import type { SubnetEthersProvider } from './type-extensions.js'

export default async (): Promise<Partial<NetworkHooks>> => ({
  async newConnection<ChainTypeT extends ChainType | string>(
    context: HookContext,
    next: (nextContext: HookContext) => Promise<NetworkConnection<ChainTypeT>>,
  ): Promise<NetworkConnection<ChainTypeT>> {
    const connection = await next(context)
    const provider = connection.ethers.provider
    const url = await nodeUrl(connection)
    const endpoint = <T>(make: (url: string) => T, name: string) => {
      let client: T | undefined
      return () => {
        if (url === undefined)
          throw new InfoEndpointError(
            `network "${connection.networkName}" is simulated: it has no node URL for ${name} (use an http network)`,
          )
        client ??= make(url)
        return client
      }
    }
    const info = endpoint((u) => new InfoClient(u), 'InfoClient')
    const health = endpoint((u) => new HealthClient(u), 'HealthClient')
    const validators = endpoint((u) => new ValidatorsClient(u), 'ValidatorsClient')
    const proposervm = endpoint((u) => new ProposerVMClient(u), 'ProposerVMClient')
    const methods: PropertyDescriptorMap & { [K in keyof SubnetProviderMethods]: PropertyDescriptor } = {
      feeConfig: { value: (blockTag?: Parameters<SubnetProviderMethods['feeConfig']>[0]) => feeConfig(provider, blockTag) },
      getChainConfig: { value: () => getChainConfig(provider) },
      getActiveRulesAt: {
        value: (timestamp?: Parameters<SubnetProviderMethods['getActiveRulesAt']>[0]) => getActiveRulesAt(provider, timestamp),
      },
      getActivePrecompilesAt: {
        value: (timestamp?: Parameters<SubnetProviderMethods['getActivePrecompilesAt']>[0]) => getActivePrecompilesAt(provider, timestamp),
      },
      info: { get: info },
      health: { get: health },
      validators: { get: validators },
      proposervm: { get: proposervm },
    }
    connection.ethers.subnetProvider = Object.defineProperties(provider, methods) as SubnetEthersProvider
    return connection
  },
})
