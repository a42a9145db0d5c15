import { createPublicClient, http } from 'viem'
import { precompileActions } from 'subnet-rpc/viem/precompiles'

const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(precompileActions)
export const blockNumber = client.getBlockNumber()
export const role = client.getAllowListRole({ precompile: 'txAllowListConfig', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
