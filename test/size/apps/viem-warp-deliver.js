import { createPublicClient, createWalletClient, http } from 'viem'
import { deliverWarpMessage } from 'subnet-rpc/viem/warp'

const source = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/a/rpc') })
export const blockNumber = source.getBlockNumber()
const wallet = createWalletClient({
  account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  transport: http('http://127.0.0.1:9650/ext/bc/b/rpc'),
})
export const hash = deliverWarpMessage(wallet, {
  source,
  hash: `0x${'11'.repeat(32)}`,
  to: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
  data: '0x9d616d3f0000000000000000000000000000000000000000000000000000000000000000',
})
