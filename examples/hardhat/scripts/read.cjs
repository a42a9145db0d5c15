// Reads the L1's fee config, chain config and active rules through Hardhat's providers with
// subnet-rpc's function forms, and prints them as JSON (bigints as strings).
//
//   npx hardhat run scripts/read.cjs --network devnet
//
// DEVNET_RPC_URL overrides the devnet's URL (default http://127.0.0.1:9650/ext/bc/devnet/rpc).
const hre = require('hardhat')
const { feeConfig, getChainConfig, getActiveRulesAt, InfoClient } = require('subnet-rpc/ethers')

async function main() {
  // hre.ethers.provider is an ethers provider: the functions call its send(method, params).
  const fees = await feeConfig(hre.ethers.provider, 'latest')
  // hre.network.provider is an EIP-1193 provider: the functions call its request({ method, params }).
  const chainConfig = await getChainConfig(hre.network.provider)
  const rules = await getActiveRulesAt(hre.network.provider, new Date())

  // The Info API (/ext/info) is derived from the network's URL (an http network's config has one).
  const { url } = /** @type {import('hardhat/types').HttpNetworkConfig} */ (hre.network.config)
  const { version } = await new InfoClient(url).getNodeVersion()

  const out = {
    network: hre.network.name,
    blockNumber: await hre.ethers.provider.getBlockNumber(),
    chainId: chainConfig.chainId,
    feeConfig: fees.feeConfig,
    lastChangedAt: fees.lastChangedAt,
    chainConfig,
    rules,
    nodeVersion: version,
  }
  console.log(JSON.stringify(out, (_key, value) => (typeof value === 'bigint' ? value.toString() : value), 2))
}

main().catch((error) => {
  console.error(error)
  process.exitCode = 1
})
