/** The ethers half of the plugin, loaded when @nomicfoundation/hardhat-ethers is among the config's plugins (../index.ts). */
import type { HardhatPlugin } from 'hardhat/types/plugins'

const subnetRpcHardhatEthers: HardhatPlugin = {
  id: 'subnet-rpc-hardhat:ethers',
  npmPackage: 'subnet-rpc-hardhat',
  // After hardhat-ethers: its `newConnection` handler has set `connection.ethers` when ours runs.
  dependencies: () => [import('@nomicfoundation/hardhat-ethers')],
  hookHandlers: { network: () => import('./network.js') },
}

export default subnetRpcHardhatEthers
