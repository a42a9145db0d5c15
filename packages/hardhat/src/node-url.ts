import type { ChainType, NetworkConnection } from 'hardhat/types/network'

/**
 * A URL of the connection's node, from which the Info, Health and Validators endpoints are derived: the devnet's L1 URL
 * for a devnet network, the configured `url` of another http network (already resolved by Hardhat when it created the
 * provider), none for a simulated network.
 */
export async function nodeUrl(connection: NetworkConnection<ChainType | string>): Promise<string | undefined> {
  if (connection.subnetDevnet) return connection.subnetDevnet.aliasRpcUrl
  return connection.networkConfig.type === 'http' ? await connection.networkConfig.url.getUrl() : undefined
}
