/**
 * Subnet-EVM's Warp API table, on an L1's `/ext/bc/<id>/rpc` (graft/subnet-evm/warp/service.go, the `warp`
 * namespace a node serves with `warp-api-enabled`): one entry per method, named as the action that calls it.
 * Params are positional, as geth-style RPC reads them: IDs as `ids.ID` unmarshals them (a CB58 string), the
 * quorum numerator as a JSON number (`uint64`) and the signing subnet as a string (`""`: the chain's own).
 */
import * as d from '../decoders/warp.js'
import { quorumNumerator, warpId } from '../warp/args.js'
import type { SignedWarpMessage, UnsignedWarpMessage } from '../warp/codec.js'
import { methodSpec, type MethodFamily } from './spec.js'

type Hex = `0x${string}`

/** A message's ID: CB58, or 0x-hex of 32 bytes (the `SendWarpMessage` log's second topic). */
export type WarpMessageIdParameters = { messageID: string }
/** A block's ID: its hash, as 0x-hex or CB58. */
export type WarpBlockIdParameters = { blockID: string }
/** What the aggregate methods take besides the ID. */
export type WarpAggregateOptions = {
  /** The quorum numerator (of 100) the signers must reach: 33 to 100, default 67. */
  quorumNum?: number | bigint | undefined
  /** The subnet whose validators sign (CB58); default: the source chain's own (`""`). */
  subnetID?: string | undefined
}

// Positional params. A wrong endpoint (nodeError): a chain without the `warp` namespace answers -32601, which a
// Subnet-EVM node does unless its chain config sets `warp-api-enabled` (plugin/evm/vm.go; off by default); one of
// the node's own APIs answers gorilla/rpc's `rpc: service/method request ill-formed`.
const warpApi: MethodFamily = {
  noParams: () => [],
  evm: "no Warp API here: an L1's node serves it at …/ext/bc/<blockchainID>/rpc with warp-api-enabled in its chain config",
  api: 'a node API, not an L1: use …/ext/bc/<blockchainID>/rpc',
}

const idParam = (argument: string) => (value: unknown) => [warpId(argument, value)]
const aggregateParams = (argument: string, id: unknown, a: WarpAggregateOptions) => {
  const subnetID = a.subnetID === undefined ? '' : a.subnetID
  if (subnetID !== '') warpId('subnetID', subnetID)
  // A uint64 param is a bare JSON number; 33..100 is safe.
  return [warpId(argument, id), Number(quorumNumerator(a.quorumNum)), subnetID]
}

/** The unsigned message a `sendWarpMessage` on this chain sent (`warp_getMessage`). */
export const getWarpMessage = methodSpec<WarpMessageIdParameters, UnsignedWarpMessage>(
  'warp_getMessage',
  warpApi,
  d.decodeUnsignedWarpMessage,
  (a) => idParam('messageID')(a?.messageID),
)

/** This node's BLS signature of a message (`warp_getMessageSignature`), 96 bytes. */
export const getWarpMessageSignature = methodSpec<WarpMessageIdParameters, Hex>(
  'warp_getMessageSignature',
  warpApi,
  d.decodeWarpSignature,
  (a) => idParam('messageID')(a?.messageID),
)

/** This node's BLS signature of an accepted block's hash message (`warp_getBlockSignature`), 96 bytes. */
export const getWarpBlockSignature = methodSpec<WarpBlockIdParameters, Hex>('warp_getBlockSignature', warpApi, d.decodeWarpSignature, (a) =>
  idParam('blockID')(a?.blockID),
)

/**
 * A message signed by the subnet's validators, aggregated by the node (`warp_getMessageAggregateSignature`). The
 * node returns what it gathered even short of the quorum: check the weight (or let the destination do it).
 */
export const getWarpMessageAggregateSignature = methodSpec<WarpMessageIdParameters & WarpAggregateOptions, SignedWarpMessage>(
  'warp_getMessageAggregateSignature',
  warpApi,
  d.decodeSignedWarpMessage,
  (a) => aggregateParams('messageID', a?.messageID, a ?? {}),
)

/** An accepted block's hash message signed by the subnet's validators, aggregated by the node (`warp_getBlockAggregateSignature`). */
export const getWarpBlockAggregateSignature = methodSpec<WarpBlockIdParameters & WarpAggregateOptions, SignedWarpMessage>(
  'warp_getBlockAggregateSignature',
  warpApi,
  d.decodeSignedWarpMessage,
  (a) => aggregateParams('blockID', a?.blockID, a ?? {}),
)
