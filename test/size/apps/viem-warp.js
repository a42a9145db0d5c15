import { createPublicClient, http } from 'viem'
import { warpActions } from 'subnet-rpc/viem/warp'

const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/a/rpc') }).extend(warpActions)
export const blockNumber = client.getBlockNumber()
export const message = client.getWarpMessage({ messageID: '2Z36RnQuk1hvsnFeGWzfZUfXNr7w1SjzmDQ78YxfTVNAkDq3nZ' })
