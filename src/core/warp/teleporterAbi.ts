/**
 * The part of `ITeleporterMessenger` (icm-contracts teleporter/ITeleporterMessenger.sol) an application and a
 * relayer use, written from the public interface: sending, receiving, retrying, the receipts and the events.
 */
const receipt = {
  type: 'tuple',
  components: [
    { name: 'receivedMessageNonce', type: 'uint256' },
    { name: 'relayerRewardAddress', type: 'address' },
  ],
} as const
const message = {
  type: 'tuple',
  components: [
    { name: 'messageNonce', type: 'uint256' },
    { name: 'originSenderAddress', type: 'address' },
    { name: 'destinationBlockchainID', type: 'bytes32' },
    { name: 'destinationAddress', type: 'address' },
    { name: 'requiredGasLimit', type: 'uint256' },
    { name: 'allowedRelayerAddresses', type: 'address[]' },
    { name: 'receipts', type: 'tuple[]', components: receipt.components },
    { name: 'message', type: 'bytes' },
  ],
} as const
const feeInfo = {
  type: 'tuple',
  components: [
    { name: 'feeTokenAddress', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
} as const

/**
 * Teleporter's ABI: `sendCrossChainMessage`, `receiveCrossChainMessage`, `retryMessageExecution`,
 * `messageReceived`, `calculateMessageID`, `getNextMessageID`, `blockchainID`, the relayer rewards, and the events.
 *
 * @example
 * import { teleporterMessengerAbi, teleporterMessengerAddress } from 'subnet-rpc/warp'
 * import { createPublicClient, http } from 'viem'
 *
 * declare const messageID: `0x${string}`
 * const destination = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/b/rpc') })
 * const received = await destination.readContract({
 *   address: teleporterMessengerAddress, abi: teleporterMessengerAbi, functionName: 'messageReceived', args: [messageID],
 * })
 */
export const teleporterMessengerAbi = [
  {
    type: 'function',
    name: 'sendCrossChainMessage',
    stateMutability: 'nonpayable',
    inputs: [
      {
        name: 'messageInput',
        type: 'tuple',
        components: [
          { name: 'destinationBlockchainID', type: 'bytes32' },
          { name: 'destinationAddress', type: 'address' },
          { name: 'feeInfo', ...feeInfo },
          { name: 'requiredGasLimit', type: 'uint256' },
          { name: 'allowedRelayerAddresses', type: 'address[]' },
          { name: 'message', type: 'bytes' },
        ],
      },
    ],
    outputs: [{ name: '', type: 'bytes32' }],
  },
  {
    type: 'function',
    name: 'receiveCrossChainMessage',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'messageIndex', type: 'uint32' },
      { name: 'relayerRewardAddress', type: 'address' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'retryMessageExecution',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'sourceBlockchainID', type: 'bytes32' },
      { name: 'message', ...message },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'messageReceived',
    stateMutability: 'view',
    inputs: [{ name: 'messageID', type: 'bytes32' }],
    outputs: [{ name: '', type: 'bool' }],
  },
  {
    type: 'function',
    name: 'calculateMessageID',
    stateMutability: 'view',
    inputs: [
      { name: 'sourceBlockchainID', type: 'bytes32' },
      { name: 'destinationBlockchainID', type: 'bytes32' },
      { name: 'nonce', type: 'uint256' },
    ],
    outputs: [{ name: '', type: 'bytes32' }],
  },
  {
    type: 'function',
    name: 'getNextMessageID',
    stateMutability: 'view',
    inputs: [{ name: 'destinationBlockchainID', type: 'bytes32' }],
    outputs: [{ name: '', type: 'bytes32' }],
  },
  { type: 'function', name: 'blockchainID', stateMutability: 'view', inputs: [], outputs: [{ name: '', type: 'bytes32' }] },
  {
    type: 'function',
    name: 'getRelayerRewardAddress',
    stateMutability: 'view',
    inputs: [{ name: 'messageID', type: 'bytes32' }],
    outputs: [{ name: '', type: 'address' }],
  },
  {
    type: 'function',
    name: 'getReceiptQueueSize',
    stateMutability: 'view',
    inputs: [{ name: 'sourceBlockchainID', type: 'bytes32' }],
    outputs: [{ name: '', type: 'uint256' }],
  },
  {
    type: 'event',
    name: 'SendCrossChainMessage',
    inputs: [
      { name: 'messageID', type: 'bytes32', indexed: true },
      { name: 'destinationBlockchainID', type: 'bytes32', indexed: true },
      { name: 'message', ...message, indexed: false },
      { name: 'feeInfo', ...feeInfo, indexed: false },
    ],
  },
  {
    type: 'event',
    name: 'ReceiveCrossChainMessage',
    inputs: [
      { name: 'messageID', type: 'bytes32', indexed: true },
      { name: 'sourceBlockchainID', type: 'bytes32', indexed: true },
      { name: 'deliverer', type: 'address', indexed: true },
      { name: 'rewardRedeemer', type: 'address', indexed: false },
      { name: 'message', ...message, indexed: false },
    ],
  },
  {
    type: 'event',
    name: 'MessageExecuted',
    inputs: [
      { name: 'messageID', type: 'bytes32', indexed: true },
      { name: 'sourceBlockchainID', type: 'bytes32', indexed: true },
    ],
  },
  {
    type: 'event',
    name: 'MessageExecutionFailed',
    inputs: [
      { name: 'messageID', type: 'bytes32', indexed: true },
      { name: 'sourceBlockchainID', type: 'bytes32', indexed: true },
      { name: 'message', ...message, indexed: false },
    ],
  },
  {
    type: 'event',
    name: 'ReceiptReceived',
    inputs: [
      { name: 'messageID', type: 'bytes32', indexed: true },
      { name: 'destinationBlockchainID', type: 'bytes32', indexed: true },
      { name: 'relayerRewardAddress', type: 'address', indexed: true },
      { name: 'feeInfo', ...feeInfo, indexed: false },
    ],
  },
] as const
