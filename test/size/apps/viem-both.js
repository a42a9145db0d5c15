import { createPublicClient } from 'viem'
import { infoActions, subnetActions, subnetHttp } from 'subnet-rpc/viem'

const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
  .extend(subnetActions())
  .extend(infoActions())
export const blockNumber = client.getBlockNumber()
export const fees = client.feeConfig()
export const version = client.getNodeVersion()
