/**
 * The devnet relayer's listing (`devnet_relayerMessages`, subnet-rpc-devnet's relayer) decoded, and the wait for a
 * Teleporter message's delivery on its destination (its `ReceiveCrossChainMessage` log), for viem's and ethers'
 * actions over one `Send`.
 */
import { keccak_256 } from '@noble/hashes/sha3'
import { InvalidArgumentError } from '../../errors/argument.js'
import { ResponseShapeError } from '../../errors/response.js'
import { TeleporterDeliveryTimeoutError } from '../../errors/warp.js'
import type { Send } from '../methods/call.js'
import { bytesToHex } from './codec.js'
import { teleporterMessengerAddress } from './teleporter.js'

type Hex = `0x${string}`

/** One message the devnet's relayer saw: where it goes, where it stands, and what happened on the destination. */
export type RelayerMessage = {
  /** Teleporter's message ID (`calculateMessageID`). */
  messageID: Hex
  /** `pending` (being delivered), `delivered`, `failed` (after every attempt; see `error`), `skipped` (not this relayer's to deliver). */
  status: 'pending' | 'delivered' | 'failed' | 'skipped'
  /** Source and destination L1 aliases (no destination alias for a blockchain the devnet does not serve) and IDs (CB58). */
  source: string
  sourceBlockchainID: string
  destination?: string
  destinationBlockchainID: string
  messenger: Hex
  messageNonce: bigint
  originSenderAddress: Hex
  destinationAddress: Hex
  requiredGasLimit: bigint
  /** The Warp message's ID (0x-hex), as `warp_getMessage` takes it on the source. */
  warpMessageID: Hex
  sourceTxHash: Hex
  sourceBlockNumber: bigint
  attempts: number
  /** Why the last attempt failed, or why the message was skipped. */
  error?: string
  destinationTxHash?: Hex
  destinationBlockNumber?: bigint
  /** Teleporter's execution on the destination: `MessageExecuted`, `MessageExecutionFailed`, or none (an empty message). */
  execution?: 'succeeded' | 'failed' | 'none'
  /** The receiver's revert text when its execution failed. */
  executionError?: string
  /** Unix ms when the relayer saw the message, when its delivery was mined, and the time between. */
  seenAt: number
  deliveredAt?: number
  latencyMs?: number
}

/** `devnet_relayerMessages`' answer. */
export type RelayerMessages = { relayerAddress: Hex; rewardAddress: Hex; messages: RelayerMessage[] }

/** Which messages to list: by status, by Teleporter message ID. */
export type RelayerMessagesFilter = { status?: RelayerMessage['status']; messageID?: Hex }

const method = 'devnet_relayerMessages'
const isHex = (v: unknown, bytes?: number): v is Hex =>
  typeof v === 'string' && (bytes === undefined ? /^0x[0-9a-fA-F]*$/ : new RegExp(`^0x[0-9a-fA-F]{${2 * bytes}}$`)).test(v)

function shapeError(path: string, expected: string, value: unknown): ResponseShapeError {
  return new ResponseShapeError({ method, path, expected, received: JSON.stringify(value) ?? String(value) })
}

/** Decodes `devnet_relayerMessages`' reply: quantities to bigint, every field checked. */
export function parseRelayerMessages(reply: unknown): RelayerMessages {
  if (typeof reply !== 'object' || reply === null) throw shapeError('$', 'an object', reply)
  const r = reply as Record<string, unknown>
  if (!isHex(r.relayerAddress, 20)) throw shapeError('$.relayerAddress', 'an address', r.relayerAddress)
  if (!isHex(r.rewardAddress, 20)) throw shapeError('$.rewardAddress', 'an address', r.rewardAddress)
  if (!Array.isArray(r.messages)) throw shapeError('$.messages', 'an array', r.messages)
  const messages = r.messages.map((m: unknown, i): RelayerMessage => {
    const at = `$.messages[${i}]`
    if (typeof m !== 'object' || m === null) throw shapeError(at, 'an object', m)
    const o = m as Record<string, unknown>
    const hex = (k: string, bytes?: number): Hex => {
      if (!isHex(o[k], bytes)) throw shapeError(`${at}.${k}`, bytes ? `${bytes} bytes of hex` : 'hex', o[k])
      return o[k] as Hex
    }
    const quantity = (k: string): bigint => {
      if (!isHex(o[k]) || o[k] === '0x') throw shapeError(`${at}.${k}`, 'a hex quantity', o[k])
      return BigInt(o[k] as string)
    }
    const text = (k: string): string => {
      if (typeof o[k] !== 'string') throw shapeError(`${at}.${k}`, 'a string', o[k])
      return o[k] as string
    }
    const int = (k: string): number => {
      if (!Number.isSafeInteger(o[k])) throw shapeError(`${at}.${k}`, 'an integer', o[k])
      return o[k] as number
    }
    const optional = <T>(k: string, read: (k: string) => T): T | undefined => (o[k] === undefined || o[k] === null ? undefined : read(k))
    const status = text('status')
    if (!['pending', 'delivered', 'failed', 'skipped'].includes(status))
      throw shapeError(`${at}.status`, 'pending, delivered, failed or skipped', status)
    const execution = optional('execution', text)
    if (execution !== undefined && !['succeeded', 'failed', 'none'].includes(execution))
      throw shapeError(`${at}.execution`, 'succeeded, failed or none', execution)
    return {
      messageID: hex('messageID', 32),
      status: status as RelayerMessage['status'],
      source: text('source'),
      sourceBlockchainID: text('sourceBlockchainID'),
      destination: optional('destination', text),
      destinationBlockchainID: text('destinationBlockchainID'),
      messenger: hex('messenger', 20),
      messageNonce: quantity('messageNonce'),
      originSenderAddress: hex('originSenderAddress', 20),
      destinationAddress: hex('destinationAddress', 20),
      requiredGasLimit: quantity('requiredGasLimit'),
      warpMessageID: hex('warpMessageID', 32),
      sourceTxHash: hex('sourceTxHash', 32),
      sourceBlockNumber: quantity('sourceBlockNumber'),
      attempts: int('attempts'),
      error: optional('error', text),
      destinationTxHash: optional('destinationTxHash', (k) => hex(k, 32)),
      destinationBlockNumber: optional('destinationBlockNumber', quantity),
      execution: execution as RelayerMessage['execution'],
      executionError: optional('executionError', text),
      seenAt: int('seenAt'),
      deliveredAt: optional('deliveredAt', int),
      latencyMs: optional('latencyMs', int),
    }
  })
  return { relayerAddress: r.relayerAddress, rewardAddress: r.rewardAddress, messages }
}

/** Checks a filter before any request. */
function filterParams(filter: RelayerMessagesFilter | undefined): unknown[] {
  if (filter === undefined) return []
  if (typeof filter !== 'object' || filter === null)
    throw new InvalidArgumentError({ argument: 'filter', value: filter, accepted: 'an object { status?, messageID? }' })
  if (filter.status !== undefined && !['pending', 'delivered', 'failed', 'skipped'].includes(filter.status))
    throw new InvalidArgumentError({ argument: 'status', value: filter.status, accepted: "'pending', 'delivered', 'failed' or 'skipped'" })
  if (filter.messageID !== undefined && !isHex(filter.messageID, 32))
    throw new InvalidArgumentError({
      argument: 'messageID',
      value: filter.messageID,
      accepted: 'a Teleporter message ID: 0x and 64 hex digits',
    })
  return [{ ...(filter.status && { status: filter.status }), ...(filter.messageID && { messageID: filter.messageID }) }]
}

/** `devnet_relayerMessages` over `send`, decoded. */
export async function callRelayerMessages(send: Send, filter?: RelayerMessagesFilter): Promise<RelayerMessages> {
  return parseRelayerMessages(await send({ method, params: filterParams(filter) }))
}

const eventTopic = (signature: string): Hex => bytesToHex(keccak_256(new TextEncoder().encode(signature)))
const messageTuple = '(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes)'
/** Topic 0 of Teleporter's events. */
export const teleporterTopics = {
  sendCrossChainMessage: eventTopic(`SendCrossChainMessage(bytes32,bytes32,${messageTuple},(address,uint256))`),
  receiveCrossChainMessage: eventTopic(`ReceiveCrossChainMessage(bytes32,bytes32,address,address,${messageTuple})`),
  messageExecuted: eventTopic('MessageExecuted(bytes32,bytes32)'),
  messageExecutionFailed: eventTopic(`MessageExecutionFailed(bytes32,bytes32,${messageTuple})`),
} as const

type Log = { address: string; topics: readonly string[] }

/**
 * The Teleporter message IDs a source transaction sent: the first topic after the signature of each
 * `SendCrossChainMessage` log of `messenger` (default Teleporter's address), in log order.
 *
 * @example
 * import { teleporterMessageIDsOfLogs } from 'subnet-rpc/warp'
 * declare const receipt: { logs: { address: string; topics: readonly string[] }[] }
 * const [messageID] = teleporterMessageIDsOfLogs(receipt.logs)
 */
export function teleporterMessageIDsOfLogs(logs: readonly Log[], messenger: string = teleporterMessengerAddress): Hex[] {
  return logs
    .filter(
      (l) => l.address.toLowerCase() === messenger.toLowerCase() && l.topics[0] === teleporterTopics.sendCrossChainMessage && l.topics[1],
    )
    .map((l) => l.topics[1]!.toLowerCase() as Hex)
}

/** What `waitForTeleporterDelivery` takes: the message, its messenger, and how long and how often to look. */
export type TeleporterDeliveryParameters = {
  /** Teleporter's message ID (the source's `SendCrossChainMessage` topic, `teleporterMessageIDsOfLogs`). */
  messageID: Hex
  /** The messenger on the destination (default Teleporter's address). */
  messenger?: Hex
  /** The first destination block to look at (default 0: the whole chain). */
  fromBlock?: bigint
  /** Between looks, in ms (default 100). */
  pollingInterval?: number
  /** Give up after this many ms (default 30,000) with a `TeleporterDeliveryTimeoutError`. */
  timeout?: number
}

/** The delivery of a message on its destination. */
export type TeleporterDelivery = {
  /** The destination transaction that delivered it. */
  transactionHash: Hex
  blockNumber: bigint
  /** Who sent the delivery (the `deliverer` topic). */
  deliverer: Hex
  /** Whether Teleporter executed it: `MessageExecuted`, `MessageExecutionFailed` (retry with `retryMessageExecution`), or none (a receipts-only message). */
  execution: 'succeeded' | 'failed' | 'none'
}

/** Polls the destination's logs for the message's `ReceiveCrossChainMessage`, then reads its transaction's receipt. */
export async function waitForDelivery(send: Send, p: TeleporterDeliveryParameters): Promise<TeleporterDelivery> {
  if (typeof p !== 'object' || p === null || !isHex(p.messageID, 32))
    throw new InvalidArgumentError({
      argument: 'messageID',
      value: p?.messageID,
      accepted: 'a Teleporter message ID: 0x and 64 hex digits',
    })
  const messenger = p.messenger ?? teleporterMessengerAddress
  if (!isHex(messenger, 20))
    throw new InvalidArgumentError({ argument: 'messenger', value: messenger, accepted: 'a 0x-prefixed 20-byte address' })
  const interval = p.pollingInterval ?? 100
  const timeout = p.timeout ?? 30_000
  for (const [k, v] of [
    ['pollingInterval', interval],
    ['timeout', timeout],
  ] as const)
    if (!Number.isFinite(v) || v < 0) throw new InvalidArgumentError({ argument: k, value: v, accepted: 'a number of ms, 0 or more' })
  const fromBlock = p.fromBlock ?? 0n
  if (typeof fromBlock !== 'bigint' || fromBlock < 0n)
    throw new InvalidArgumentError({ argument: 'fromBlock', value: fromBlock, accepted: 'a block number as a bigint, 0n or more' })
  const messageID = p.messageID.toLowerCase() as Hex
  const deadline = Date.now() + timeout
  for (;;) {
    const logs = (await send({
      method: 'eth_getLogs',
      params: [
        {
          address: messenger,
          fromBlock: `0x${fromBlock.toString(16)}`,
          toBlock: 'latest',
          topics: [teleporterTopics.receiveCrossChainMessage, messageID],
        },
      ],
    })) as { transactionHash: Hex; blockNumber: Hex; topics: Hex[] }[]
    const found = Array.isArray(logs) ? logs[0] : undefined
    if (found) {
      const receipt = (await send({ method: 'eth_getTransactionReceipt', params: [found.transactionHash] })) as {
        logs: { address: string; topics: string[] }[]
      } | null
      const ours = (receipt?.logs ?? []).filter(
        (l) => l.address.toLowerCase() === messenger.toLowerCase() && l.topics[1]?.toLowerCase() === messageID,
      )
      const execution = ours.some((l) => l.topics[0] === teleporterTopics.messageExecuted)
        ? 'succeeded'
        : ours.some((l) => l.topics[0] === teleporterTopics.messageExecutionFailed)
          ? 'failed'
          : 'none'
      return {
        transactionHash: found.transactionHash,
        blockNumber: BigInt(found.blockNumber),
        deliverer: `0x${(found.topics[3] ?? '').slice(-40)}` as Hex,
        execution,
      }
    }
    if (Date.now() >= deadline) throw new TeleporterDeliveryTimeoutError(messageID, messenger, timeout)
    await new Promise((r) => setTimeout(r, interval))
  }
}
