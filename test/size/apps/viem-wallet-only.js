import { createPublicClient, createWalletClient, http, parseAbi } from 'viem'

// The floor for the wallet decorator: viem's own writeContract of the same call.
const transport = http('http://127.0.0.1:9650/ext/bc/devnet/rpc')
export const blockNumber = createPublicClient({ transport }).getBlockNumber()
const wallet = createWalletClient({ account: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', transport })
export const hash = wallet.writeContract({
  address: '0x0200000000000000000000000000000000000002',
  abi: parseAbi(['function setEnabled(address)']),
  functionName: 'setEnabled',
  args: ['0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
  chain: null,
})
