import { createPublicClient, http } from 'viem'

const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
export const blockNumber = client.getBlockNumber()
