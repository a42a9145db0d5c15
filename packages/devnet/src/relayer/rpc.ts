/**
 * `devnet_relayerMessages([filter])` on every L1 endpoint: the relayer's messages (./relayer.ts), oldest first, with
 * the relayer's address and reward address. `filter` may give `status` (`pending`, `delivered`, `failed`, `skipped`)
 * and `messageID`. With the relayer off, the node's -32000 saying how to turn it on.
 */
import { RpcError } from '../l1/rpc/envelope.js'
import type { LocalMethod } from '../l1/rpc/localMethods.js'
import { positionalArgs } from '../l1/rpc/params.js'
import { type RelayedMessage, relayedMessageJson } from './records.js'

const statuses = ['pending', 'delivered', 'failed', 'skipped']

const filterArg = (raw: string): { status?: RelayedMessage['status']; messageID?: string } => {
  const v = JSON.parse(raw) as unknown
  if (v === null) return {}
  if (typeof v !== 'object' || Array.isArray(v)) throw new Error('expected an object { status?, messageID? }')
  const { status, messageID, ...rest } = v as Record<string, unknown>
  const extra = Object.keys(rest)
  if (extra.length > 0) throw new Error(`unknown field ${JSON.stringify(extra[0])}: expected { status?, messageID? }`)
  if (status !== undefined && !statuses.includes(status as string))
    throw new Error(`status ${JSON.stringify(status)}: expected one of ${statuses.map((s) => `"${s}"`).join(', ')}`)
  if (messageID !== undefined && (typeof messageID !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(messageID)))
    throw new Error('messageID: expected a Teleporter message ID, 0x and 64 hex digits')
  return { status: status as RelayedMessage['status'] | undefined, messageID: (messageID as string | undefined)?.toLowerCase() }
}

export const relayerMessages: LocalMethod = (params, { relayer }) => {
  const [filter] = positionalArgs<[ReturnType<typeof filterArg>]>(params, [filterArg])
  const r = relayer?.current
  if (!r) throw new RpcError(-32000, 'devnet: the relayer is off (start the devnet with --relay, or startDevnet({ relayer: true }))')
  const messages = r
    .messages()
    .filter(
      (m) =>
        (filter?.status === undefined || m.status === filter.status) &&
        (filter?.messageID === undefined || m.messageID === filter.messageID),
    )
  return { relayerAddress: r.address, rewardAddress: r.rewardAddress, messages: messages.map(relayedMessageJson) }
}
