// Hardhat 2 configuration of the subnet-rpc example (tested with hardhat 2.29.1 on Node 20).
// `.cjs` because the package around it is "type": "module"; Hardhat 2 loads its config with require().
require('@nomicfoundation/hardhat-ethers')

/** @type {import('hardhat/config').HardhatUserConfig} */
module.exports = {
  networks: {
    // `npx subnet-rpc devnet` serves the built-in L1 at /ext/bc/devnet/rpc on port 9650.
    devnet: {
      url: process.env.DEVNET_RPC_URL || 'http://127.0.0.1:9650/ext/bc/devnet/rpc',
      // The signer of scripts/administer.cjs. The default is the well-known key of 0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC,
      // the admin in Subnet-EVM's test genesis files: never use it on a network with real value.
      accounts: [process.env.SIGNER_KEY || '0x56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027'],
    },
  },
  // Hardhat writes cache/ (and artifacts/ when there are contracts) next to this file.
  paths: {
    cache: './cache',
    artifacts: './artifacts',
  },
}
