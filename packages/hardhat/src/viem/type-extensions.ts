/** The typed viem helpers the plugin adds to `connection.viem` (with @nomicfoundation/hardhat-viem). */
import type { PublicClient, WalletClient } from '@nomicfoundation/hardhat-viem/types'
import type { InfoActions, SubnetActions } from 'subnet-rpc/viem'
import type { PrecompileActions, PrecompileWalletActions } from 'subnet-rpc/viem/precompiles'
import type { Address, PublicClientConfig, WalletClientConfig } from 'viem'

/** hardhat-viem's public client with subnet-rpc's L1 actions (`feeConfig`, `getActiveRulesAt`, …), Info actions and precompile reads. */
export type SubnetPublicClient = PublicClient & SubnetActions & InfoActions & PrecompileActions

/** hardhat-viem's wallet client with subnet-rpc's precompile writes (`setAllowListRole`, `mintNativeCoin`, `setFeeConfig`, …). */
export type SubnetWalletClient = WalletClient & PrecompileWalletActions

declare module '@nomicfoundation/hardhat-viem/types' {
  // The type parameter as hardhat-viem declares it (unused here, as there).
  interface HardhatViemHelpers<
    ChainTypeT extends import('hardhat/types/network').ChainType | string = import('hardhat/types/network').DefaultChainType,
  > {
    /** `getPublicClient()`, extended with `subnetActions`, `infoActions` (on the network's node) and `precompileActions` (subnet-rpc-hardhat). */
    getSubnetPublicClient(publicClientConfig?: Partial<PublicClientConfig>): Promise<SubnetPublicClient>
    /** `getWalletClients()`, each extended with `precompileWalletActions` (subnet-rpc-hardhat). */
    getSubnetWalletClients(walletClientConfig?: Partial<WalletClientConfig>): Promise<SubnetWalletClient[]>
    /** `getWalletClient(address)`, extended with `precompileWalletActions` (subnet-rpc-hardhat). */
    getSubnetWalletClient(address: Address, walletClientConfig?: Partial<WalletClientConfig>): Promise<SubnetWalletClient>
  }
}
