import { createPublicClient, http } from 'viem'
import { proposerVMActions } from 'subnet-rpc/viem'

const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(proposerVMActions())
export const blockNumber = client.getBlockNumber()
export const epoch = client.getCurrentEpoch()
