/** subnet-rpc-hardhat: the plugin (its hooks in ./hooks, its viem and ethers halves in ./viem and ./ethers). */
import { definePlugin } from 'hardhat/plugins'
import type { HardhatPlugin } from 'hardhat/types/plugins'
import { pluginId } from './errors.js'

export type * from './type-extensions.js'
export type * from './viem/type-extensions.js'
export type * from './ethers/type-extensions.js'
export { DevnetStartError } from './errors.js'

/**
 * subnet-rpc-hardhat: a Hardhat 3 plugin for Avalanche L1s.
 *
 * - `networks.<name>.subnet.devnet` (an http network): each connection to the network starts a devnet
 *   (subnet-rpc-devnet) with the project's genesis and upgrade files, on the network's `url`, and stops it when the
 *   connection is closed or the process exits (./hooks/network.ts);
 * - with @nomicfoundation/hardhat-viem: `connection.viem.getSubnetPublicClient()` and `getSubnetWalletClients()`,
 *   clients that carry subnet-rpc's L1, Info and precompile actions (./viem);
 * - with @nomicfoundation/hardhat-ethers: `connection.ethers.subnetProvider`, hardhat-ethers' provider with the
 *   `SubnetProvider` methods (./ethers).
 *
 * @example
 * import hardhatViem from '@nomicfoundation/hardhat-viem'
 * import { defineConfig } from 'hardhat/config'
 * import subnetRpc from 'subnet-rpc-hardhat'
 *
 * export default defineConfig({
 *   plugins: [hardhatViem, subnetRpc],
 *   networks: {
 *     l1: {
 *       type: 'http',
 *       chainType: 'l1',
 *       url: 'http://127.0.0.1:0/ext/bc/devnet/rpc',
 *       subnet: { devnet: { genesis: './genesis.json' } },
 *     },
 *   },
 * })
 */
const subnetRpcHardhat: HardhatPlugin = definePlugin({
  id: pluginId,
  npmPackage: 'subnet-rpc-hardhat',
  hookHandlers: {
    config: () => import('./hooks/config.js'),
    network: () => import('./hooks/network.js'),
  },
  // The viem and ethers helpers, each when its Hardhat plugin is in the config's plugins.
  conditionalDependencies: [
    { condition: () => [import('@nomicfoundation/hardhat-viem')], plugin: () => import('./viem/plugin.js') },
    { condition: () => [import('@nomicfoundation/hardhat-ethers')], plugin: () => import('./ethers/plugin.js') },
  ],
})

export default subnetRpcHardhat
