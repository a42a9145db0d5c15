/** The typed ethers provider the plugin adds to `connection.ethers` (with @nomicfoundation/hardhat-ethers). */
import type { HardhatEthersProvider } from '@nomicfoundation/hardhat-ethers/types'
import type { SubnetProviderMethods } from 'subnet-rpc/ethers'

/** hardhat-ethers' provider with the `SubnetProvider` methods: `feeConfig`, `getChainConfig`, `getActiveRulesAt`, `getActivePrecompilesAt`, `info`, `health`, `validators`. */
export type SubnetEthersProvider = HardhatEthersProvider & SubnetProviderMethods

declare module '@nomicfoundation/hardhat-ethers/types' {
  interface HardhatEthersHelpers {
    /** `provider` itself (the same object), typed with the `SubnetProvider` methods it carries (subnet-rpc-hardhat). */
    subnetProvider: SubnetEthersProvider
  }
}
