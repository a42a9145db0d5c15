/**
 * `subnet-rpc/warp`: Avalanche Warp Messaging without a host library. The node's binary formats (unsigned and
 * signed messages, payloads, signer bitsets), predicates and their gas, a subnet's canonical validator set and
 * signed weight, the BLS aggregation of validators' signatures (with the optional peer `@noble/curves`, loaded
 * only by {@link aggregateWarpSignatures}), and the access list that delivers signed messages. The Warp API calls
 * and delivery are `subnet-rpc/viem/warp` and `subnet-rpc/ethers`.
 * @packageDocumentation
 */
export {
  bytesToHex,
  encodeSignedWarpMessage,
  encodeUnsignedWarpMessage,
  encodeWarpPayload,
  hexToBytes,
  maxWarpPayloadSize,
  parseSignedWarpMessage,
  parseUnsignedWarpMessage,
  parseWarpPayload,
  signerIndices,
  signersBitset,
  verifyWarpWeight,
  warpMessageID,
  type BitSetSignature,
  type SignedWarpMessage,
  type UnsignedWarpMessage,
  type WarpPayload,
} from './core/warp/codec.js'
export {
  packPredicate,
  unpackPredicate,
  warpPredicateAccessListEntry,
  warpPredicateGas,
  warpPredicateGasConfig,
  type WarpAccessListEntry,
  type WarpPredicateGasConfig,
} from './core/warp/predicate.js'
export {
  canonicalWarpValidators,
  checkWarpWeight,
  warpSignedWeight,
  type CanonicalWarpValidatorSet,
  type WarpValidator,
} from './core/warp/validators.js'
export { aggregateWarpSignatures, type AggregateWarpSignaturesParameters, type WarpValidatorSignature } from './core/warp/aggregate.js'
export {
  sendWarpMessageTopic,
  warpMessagesOfLogs,
  warpPredicateAccessList,
  type WarpDeliveryParameters,
  type WarpDestinationCall,
  type WarpLog,
} from './core/warp/deliver.js'
export { warpQuorum } from './core/warp/args.js'
export type { WarpAggregateOptions, WarpBlockIdParameters, WarpMessageIdParameters } from './core/methods/warp.js'
export type {
  BlsLibraryErrorType,
  WarpMessageNotFoundErrorType,
  WarpNetworkErrorType,
  WarpQuorumErrorType,
  WarpWeightErrorType,
  TeleporterDeliveryTimeoutErrorType,
} from './errors/warp.js'
export {
  encodeTeleporterMessage,
  parseTeleporterMessage,
  teleporterMessageID,
  teleporterMessengerAddress,
  teleporterReceiveGas,
  teleporterReceiveGasLimit,
  type TeleporterMessage,
  type TeleporterMessageReceipt,
} from './core/warp/teleporter.js'
export { teleporterMessengerAbi } from './core/warp/teleporterAbi.js'
export {
  parseRelayerMessages,
  teleporterMessageIDsOfLogs,
  teleporterTopics,
  type RelayerMessage,
  type RelayerMessages,
  type RelayerMessagesFilter,
  type TeleporterDelivery,
  type TeleporterDeliveryParameters,
} from './core/warp/relayer.js'
