import { createPublicClient, createWalletClient, http } from 'viem'
import { precompileWalletActions } from 'subnet-rpc/viem/precompiles'

const transport = http('http://127.0.0.1:9650/ext/bc/devnet/rpc')
export const blockNumber = createPublicClient({ transport }).getBlockNumber()
const wallet = createWalletClient({ account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', transport }).extend(precompileWalletActions)
export const hash = wallet.setAllowListRole({
  precompile: 'txAllowListConfig',
  address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  role: 'enabled',
})
