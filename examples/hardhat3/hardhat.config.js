// Hardhat 3 configuration of the subnet-rpc example (tested with hardhat 3.18.0, @nomicfoundation/hardhat-viem 3.0.9
// and @nomicfoundation/hardhat-ethers 4.2.0 on Node 22.23.3, the `node` devDependency: `npx hardhat` runs on it
// whatever Node is on your PATH).
//
// JavaScript, type-checked through tsconfig.json (checkJs): the repository's root tsconfig type-checks
// examples/**/*.ts against the root's Hardhat 2, so this example's TypeScript is in .mts files it does not pick up.
import hardhatEthers from '@nomicfoundation/hardhat-ethers'
import hardhatViem from '@nomicfoundation/hardhat-viem'
import { defineConfig } from 'hardhat/config'

export default defineConfig({
  // viem for scripts/administer.mts; ethers for the ethers function forms (docs/hardhat.md).
  plugins: [hardhatViem, hardhatEthers],
  networks: {
    // `npx subnet-rpc devnet` serves the built-in L1 at /ext/bc/devnet/rpc on port 9650.
    devnet: {
      type: 'http',
      chainType: 'l1',
      url: process.env.DEVNET_RPC_URL || 'http://127.0.0.1:9650/ext/bc/devnet/rpc',
      // The signer of scripts/administer.mts. The default is the well-known key of 0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC,
      // the admin in Subnet-EVM's test genesis files: never use it on a network with real value (there, use Hardhat's
      // configVariable('SIGNER_KEY') and its keystore).
      accounts: [process.env.SIGNER_KEY || '0x56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027'],
    },
  },
  // Hardhat writes cache/ (and artifacts/ when there are contracts) next to this file; both are git-ignored.
  paths: {
    cache: './cache',
    artifacts: './artifacts',
  },
})
