import { createPublicClient, http } from 'viem'
import { infoActions } from '../../../src/viem/index.js'

const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(infoActions())
export const blockNumber = client.getBlockNumber()
export const version = client.getNodeVersion()
