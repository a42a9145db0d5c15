import { createPublicClient, http } from 'viem'
import { subnetActions } from 'subnet-rpc/viem'

const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(subnetActions())
export const blockNumber = client.getBlockNumber()
export const fees = client.feeConfig()
