/** The viem half of the plugin, loaded when @nomicfoundation/hardhat-viem is among the config's plugins (../index.ts). */
import type { HardhatPlugin } from 'hardhat/types/plugins'

const subnetRpcHardhatViem: HardhatPlugin = {
  id: 'subnet-rpc-hardhat:viem',
  npmPackage: 'subnet-rpc-hardhat',
  // After hardhat-viem: its `newConnection` handler has set `connection.viem` when ours runs.
  dependencies: () => [import('@nomicfoundation/hardhat-viem')],
  hookHandlers: { network: () => import('./network.js') },
}

export default subnetRpcHardhatViem
