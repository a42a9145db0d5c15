/**
 * Delivering Warp messages, host-agnostic: the viem and ethers adapters supply the I/O (the source chain's
 * requests and receipt, the destination's network ID and its transaction) and this does the rest once: the
 * `SendWarpMessage` logs of the source transaction, the node's aggregate signature of each message, the checks
 * a destination would make (network, weight when the validator set is given), and the predicates in the
 * destination transaction's access list, in log order (`getVerifiedWarpMessage(i)` reads the i-th).
 */
import { InvalidArgumentError } from '../../errors/argument.js'
import { NodeRpcError } from '../../errors/node.js'
import { WarpMessageNotFoundError, WarpNetworkError, WarpWeightError } from '../../errors/warp.js'
import { callMethod, type Send } from '../methods/call.js'
import type { MethodSpec } from '../methods/spec.js'
import { getWarpMessage, getWarpMessageAggregateSignature, type WarpAggregateOptions } from '../methods/warp.js'
import { quorumNumerator, warpId, warpQuorum } from './args.js'
import { precompileAddresses } from '../precompiles/addresses.js'
import { encodeSignedWarpMessage, parseUnsignedWarpMessage, type SignedWarpMessage, type UnsignedWarpMessage } from './codec.js'
import { type WarpAccessListEntry, warpPredicateAccessListEntry } from './predicate.js'
import { canonicalWarpValidators, checkWarpWeight, warpSignedWeight, type WarpValidator } from './validators.js'

type Hex = `0x${string}`

/** topic 0 of `SendWarpMessage(address indexed sender, bytes32 indexed messageID, bytes message)`. */
export const sendWarpMessageTopic: Hex = '0x56600c567728a800c0aa927500f831cb451df66a7af570eb4df4dfbf4674887d'

/**
 * One Warp API call: as `callMethod`, with the node's "not found" for a message or block as
 * WarpMessageNotFoundError.
 */
export async function callWarp<A, R>(spec: MethodSpec<A, R>, args: A, send: Send): Promise<R> {
  try {
    return await callMethod(spec, args, send)
  } catch (e) {
    if (e instanceof NodeRpcError && /not found/i.test(e.nodeMessage)) {
      const a = args as { messageID?: string; blockID?: string }
      const block = a.blockID !== undefined
      throw new WarpMessageNotFoundError(
        warpId(block ? 'blockID' : 'messageID', block ? a.blockID : a.messageID),
        block ? 'block' : 'message',
        e,
      )
    }
    throw e
  }
}

/** A log as both hosts give it. */
export type WarpLog = { address: string; topics: readonly string[]; data: string }

/** The one `bytes` of ABI-encoded log data (offset, length, bytes); undefined when it is not that. */
function logBytes(data: string): Hex | undefined {
  const word = (at: number) => Number.parseInt(data.slice(2 + 2 * at, 66 + 2 * at), 16)
  const offset = word(0)
  const length = word(offset)
  const start = 2 + 2 * (offset + 32)
  return Number.isSafeInteger(length) && data.length >= start + 2 * length
    ? (`0x${data.slice(start, start + 2 * length)}` as Hex)
    : undefined
}

/**
 * The Warp messages a transaction sent: its `SendWarpMessage` logs of the Warp precompile, in log order, each
 * with its ID (0x-hex, the log's second topic) and unsigned message (the log's data).
 *
 * @example
 * import { warpMessagesOfLogs } from 'subnet-rpc/warp'
 * declare const receipt: { logs: { address: string; topics: readonly string[]; data: string }[] }
 * for (const { id, message } of warpMessagesOfLogs(receipt.logs)) console.log(id, message.payload)
 */
export function warpMessagesOfLogs(logs: readonly WarpLog[]): { id: Hex; message: UnsignedWarpMessage }[] {
  const out: { id: Hex; message: UnsignedWarpMessage }[] = []
  for (const l of logs) {
    if (l.address.toLowerCase() !== precompileAddresses.warpConfig || l.topics[0] !== sendWarpMessageTopic || !l.topics[2]) continue
    const bytes = logBytes(l.data)
    if (bytes) out.push({ id: l.topics[2].toLowerCase() as Hex, message: parseUnsignedWarpMessage(bytes) })
  }
  return out
}

/**
 * The access list that carries signed messages to the destination's Warp precompile: one entry per message, in
 * order, so that `getVerifiedWarpMessage(i)` is the i-th.
 *
 * @example
 * import { warpPredicateAccessList } from 'subnet-rpc/warp'
 * declare const signed: import('subnet-rpc/warp').SignedWarpMessage
 * const accessList = warpPredicateAccessList([signed])
 */
export function warpPredicateAccessList(messages: readonly (Hex | SignedWarpMessage)[]): WarpAccessListEntry[] {
  return messages.map((m) => warpPredicateAccessListEntry(typeof m === 'string' ? m : encodeSignedWarpMessage(m)))
}

/** The destination transaction: the contract call that reads the messages, and its fields. */
export type WarpDestinationCall = {
  /** The destination contract. */
  to: Hex
  /** The call's data (e.g. `encodeFunctionData` / `interface.encodeFunctionData`). */
  data?: Hex | undefined
  value?: bigint | undefined
  /** Gas limit; default: the destination node's estimate (which counts the predicates' gas). */
  gas?: bigint | undefined
  /** More access-list entries, after the predicates. */
  accessList?: readonly WarpAccessListEntry[] | undefined
}

/** What `deliverWarpMessage` takes, in viem and in ethers. */
export type WarpDeliveryParameters = WarpDestinationCall &
  WarpAggregateOptions & {
    /** The source transaction: each of its `SendWarpMessage` logs is delivered, in log order. */
    hash?: Hex | undefined
    /** Or one message, by ID (CB58 or 0x-hex). */
    messageID?: string | undefined
    /**
     * The source subnet's validator set: with it, the signers' weight is checked against the quorum before
     * sending (WarpWeightError); without it, only an aggregate with no signer is refused and the destination judges.
     */
    validators?: readonly WarpValidator[] | undefined
    /** The destination's network ID; default: its node's `info.getNetworkID`. */
    destinationNetworkID?: number | undefined
  }

/** What an adapter gives `deliverWarp`. */
export type WarpDeliveryHost = {
  /** Requests to the source chain's `/ext/bc/<id>/rpc`. */
  source: Send
  /** The source transaction's receipt logs; null when there is no receipt. */
  sourceLogs(hash: Hex): Promise<readonly WarpLog[] | null>
  /** The destination node's network ID. */
  destinationNetworkID(): Promise<number>
  /** Sends the destination transaction and resolves with its hash. */
  send(tx: WarpDestinationCall & { accessList: WarpAccessListEntry[] }): Promise<Hex>
}

const isHex = (v: unknown): v is Hex => typeof v === 'string' && /^0x(?:[\da-fA-F]{2})*$/.test(v)

/** Checks what `deliverWarpMessage` is given, before any request. */
function checkDelivery(p: WarpDeliveryParameters): void {
  const bad = (argument: string, value: unknown, accepted: string) => new InvalidArgumentError({ argument, value, accepted })
  if (!p || (p.hash === undefined) === (p.messageID === undefined))
    throw bad(
      'hash / messageID',
      p && { hash: p.hash, messageID: p.messageID },
      'one of them: the source transaction hash, or a message ID',
    )
  if (p.hash !== undefined && !/^0x[\da-fA-F]{64}$/.test(p.hash)) throw bad('hash', p.hash, 'a 32-byte transaction hash as hex')
  if (p.messageID !== undefined) warpId('messageID', p.messageID)
  if (!/^0x[\da-fA-F]{40}$/.test(p.to ?? '')) throw bad('to', p.to, 'the destination contract address')
  if (p.data !== undefined && !isHex(p.data)) throw bad('data', p.data, 'hex bytes')
  if (
    p.destinationNetworkID !== undefined &&
    !(Number.isInteger(p.destinationNetworkID) && p.destinationNetworkID >>> 0 === p.destinationNetworkID)
  )
    throw bad('destinationNetworkID', p.destinationNetworkID, 'a uint32')
  quorumNumerator(p.quorumNum)
  if (p.validators !== undefined) canonicalWarpValidators(p.validators)
}

/**
 * Delivers the messages of a source transaction (or one message ID): finds them, gets each one's aggregate
 * signature from the source node, checks network and weight, and sends the destination call with the
 * predicates first in its access list. Resolves with the destination transaction's hash.
 */
export async function deliverWarp(host: WarpDeliveryHost, p: WarpDeliveryParameters): Promise<Hex> {
  checkDelivery(p)
  // The unsigned messages first (from the logs, or the node's warp_getMessage), so a wrong network is refused
  // before the source node is asked to gather signatures.
  let found: { id: string; message: UnsignedWarpMessage }[]
  if (p.hash !== undefined) {
    const logs = await host.sourceLogs(p.hash)
    found = logs ? warpMessagesOfLogs(logs) : []
    if (found.length === 0) throw new WarpMessageNotFoundError(p.hash, 'transaction')
  } else found = [{ id: p.messageID!, message: await callWarp(getWarpMessage, { messageID: p.messageID! }, host.source) }]
  const networkID = p.destinationNetworkID ?? (await host.destinationNetworkID())
  for (const { message } of found) if (message.networkID !== networkID) throw new WarpNetworkError(message.networkID, networkID)
  const options = { quorumNum: p.quorumNum, subnetID: p.subnetID }
  const signed = await Promise.all(
    found.map(({ id }) => callWarp(getWarpMessageAggregateSignature, { messageID: id, ...options }, host.source)),
  )
  const quorumNum = quorumNumerator(p.quorumNum)
  const set = p.validators && canonicalWarpValidators(p.validators)
  for (const message of signed) {
    if (set) checkWarpWeight(warpSignedWeight(message, set), set.totalWeight, quorumNum)
    else if (message.signature.signers === '0x') throw new WarpWeightError(0n, undefined, quorumNum, warpQuorum.denominator)
  }
  return host.send({
    to: p.to,
    data: p.data,
    value: p.value,
    gas: p.gas,
    accessList: [...warpPredicateAccessList(signed), ...(p.accessList ?? [])],
  })
}
