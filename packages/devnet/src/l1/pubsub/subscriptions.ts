/**
 * The subscriptions of one WebSocket connection: `eth_subscribe` and `*_unsubscribe`, on top
 * of the endpoint's own executor for every other call.
 *
 * - Server side: graft/evm/rpc `handler.go` `handleSubscribe` (the name, then the arguments by
 *   `parsePositionalArguments`), `subscription.go` (IDs: 16 random bytes in hex, leading zeros
 *   trimmed; notifications held back until the subscribe reply is written), `json.go`
 *   (`{"jsonrpc":"2.0","method":"eth_subscription","params":{"subscription":…,"result":…}}`).
 * - The subscriptions: graft/subnet-evm/eth/filters/api.go `NewHeads`, `Logs`,
 *   `NewAcceptedTransactions` and `NewPendingTransactions`, with `allow-unfinalized-queries` off
 *   (a node's default), so heads, logs and accepted transactions follow acceptance: on the
 *   devnet, each block anvil mines. Each notification's payload is read through the endpoint's
 *   own methods, so it carries the node's shapes:
 *   - a head is `types.Header`'s own JSON (`HeaderSerializable`: its fields in order, `null` for
 *     those a block lacks), not `eth_getHeaderByNumber`'s map;
 *   - a log is `types.Log` (one per notification), matched as `filterLogs` matches;
 *   - a transaction is its hash, or with `fullTx` `NewRPCTransaction`'s pending form (no block
 *     hash, number or index; a fee-cap transaction's `gasPrice` its fee cap).
 */
import { randomBytes } from 'node:crypto'
import { goJson } from 'subnet-rpc/internal'
import { goJsonTypeName, goStringValue, scanFirstValue } from '../../wire/goScanner.js'
import type { ChainEvents } from './chainEvents.js'
import { BlockViews } from './blockViews.js'
import { type CallExecutor, type CallOutcome, type ChainCall, RpcError } from '../rpc/envelope.js'
import { unsubscribe } from '../rpc/unsubscribe.js'
import { tagValue } from '../rpc/logRange.js'
import { rpcLog, rpcTransaction } from '../rpc/nodeReplies.js'
import { type ArgDecoder, boolArg, decodeBlockNumber, hashArg, positionalArgs, stringArg } from '../rpc/params.js'
import type { ConnectionExecutor } from './websocket.js'

/** `HeaderSerializable`'s fields in its JSON order (plugin/evm/customtypes/gen_header_serializable_json.go). */
const headerFields = [
  'parentHash',
  'sha3Uncles',
  'miner',
  'stateRoot',
  'transactionsRoot',
  'receiptsRoot',
  'logsBloom',
  'difficulty',
  'number',
  'gasLimit',
  'gasUsed',
  'timestamp',
  'extraData',
  'mixHash',
  'nonce',
  'baseFeePerGas',
  'blockGasCost',
  'blobGasUsed',
  'excessBlobGas',
  'parentBeaconBlockRoot',
  'timestampMilliseconds',
  'minDelayExcess',
  'hash',
]

/** `FilterCriteria` as a logs subscription uses it: the range ends as rpc.BlockNumber values, addresses, topic sets. */
type Criteria = { from: bigint | undefined; to: bigint | undefined; addresses: string[]; topics: (string[] | null)[] }

/** One subscription kind of the `eth` namespace: its arguments after the name, and what it sends. */
type Kind = {
  args: ArgDecoder<unknown>[]
  /** Arguments that are Go values (not pointers), the name included. */
  required: number
  start(args: unknown[], notify: (result: string) => Promise<void>, reader: Reader): () => void
}

/** Reads through the endpoint's own executor, as a client would; `blocks` gives each block once to all. */
type Reader = { read<T>(method: string, params: unknown[]): Promise<T | undefined>; events: ChainEvents; blocks: BlockViews }

/** Runs `work` for each event in order, one at a time (a notification is read before the next one). */
function inOrder<T>(work: (value: T) => Promise<void>): (value: T) => void {
  let queue = Promise.resolve()
  return (value) => {
    queue = queue.then(() => work(value)).catch(() => {})
  }
}

const hex = (n: bigint) => `0x${n.toString(16)}`

/** `NewRPCTransaction` (internal/ethapi/api.go): the transaction as pending, whatever block holds it. */
function pendingTransaction(tx: Record<string, unknown>): Map<string, unknown> {
  const out = rpcTransaction(tx)
  out.set('blockHash', null)
  out.set('blockNumber', null)
  out.set('transactionIndex', null)
  if (tx.maxFeePerGas !== undefined) out.set('gasPrice', tx.maxFeePerGas)
  return out
}

/** Notifies each transaction of `hashes`: its hash, or with `fullTx` its pending form. */
async function notifyTransactions(hashes: string[], fullTx: boolean, notify: (result: string) => Promise<void>, reader: Reader) {
  for (const hash of hashes) {
    if (!fullTx) {
      await notify(goJson(hash))
      continue
    }
    const tx = await reader.read<Record<string, unknown> | null>('eth_getTransactionByHash', [hash])
    if (tx) await notify(goJson(pendingTransaction(tx)))
  }
}

const kinds: Record<string, Kind> = {
  // Each block read and written once for every subscription (./blockViews.ts).
  newHeads: {
    args: [],
    required: 1,
    start: (_args, notify, reader) =>
      reader.blocks.onBlock(
        inOrder(async (view) => {
          const text = await view.once('newHeads', async () => {
            const header = await reader.read<Record<string, unknown> | null>('eth_getHeaderByNumber', [hex(view.number)])
            return header ? goJson(new Map(headerFields.map((k) => [k, header[k] ?? null]))) : undefined
          })
          if (text) await notify(text)
        }),
      ),
  },
  logs: {
    args: [criteriaArg],
    required: 2,
    start: ([criteria], notify, reader) =>
      reader.blocks.onBlock(
        inOrder(async (view) => {
          const logs = await view.once('logs', async () => {
            const header = await reader.read<{ hash: string } | null>('eth_getHeaderByNumber', [hex(view.number)])
            const logs = header && (await reader.read<Record<string, unknown>[]>('eth_getLogs', [{ blockHash: header.hash }]))
            return (logs ?? []).map((log) => ({ log, text: goJson(rpcLog(log)) }))
          })
          for (const { log, text } of logs) if (matches(log, criteria as Criteria)) await notify(text)
        }),
      ),
  },
  newAcceptedTransactions: {
    args: [boolArg],
    required: 1,
    start: ([fullTx], notify, reader) =>
      reader.blocks.onBlock(
        inOrder(async (view) => {
          const hashes = await view.once('transactions', async () => {
            const block = await reader.read<{ transactions: string[] } | null>('eth_getBlockByNumber', [hex(view.number), false])
            return block?.transactions ?? []
          })
          await notifyTransactions(hashes, fullTx === true, notify, reader)
        }),
      ),
  },
  newPendingTransactions: {
    args: [boolArg],
    required: 1,
    start: ([fullTx], notify, reader) =>
      reader.events.onTransaction(inOrder((hash) => notifyTransactions([hash], fullTx === true, notify, reader))),
  },
}

/** `filterLogs` (eth/filters/filter.go) for one log of the node's shape. */
function matches(log: Record<string, unknown>, { from, to, addresses, topics }: Criteria): boolean {
  const block = BigInt(log.blockNumber as string)
  if (from !== undefined && from >= 0n && from > block) return false
  if (to !== undefined && to >= 0n && to < block) return false
  if (addresses.length > 0 && !addresses.includes((log.address as string).toLowerCase())) return false
  const logTopics = (log.topics as string[]).map((t) => t.toLowerCase())
  if (topics.length > logTopics.length) return false
  return topics.every((set, i) => set === null || set.length === 0 || set.includes(logTopics[i]!))
}

/** hexutil.Decode's errors, then the length check of `decodeAddress` / `decodeTopic` (eth/filters/api.go). */
function decodeHex(s: string, bytes: number, what: string): string {
  if (s.length === 0) throw new Error('empty hex string')
  if (!(s[0] === '0' && (s[1] === 'x' || s[1] === 'X'))) throw new Error('hex string without 0x prefix')
  const digits = s.slice(2)
  // encoding/hex reports a bad character before an odd length.
  if (!/^[0-9a-fA-F]*$/.test(digits)) throw new Error('invalid hex string')
  if (digits.length % 2 !== 0) throw new Error('hex string of odd length')
  if (digits.length !== bytes * 2)
    throw new Error(`hex has invalid length ${digits.length / 2} after decoding; expected ${bytes} for ${what}`)
  return `0x${digits.toLowerCase()}`
}

/** A JSON value as Go's `interface{}` holds it: strings decoded, arrays as arrays, other kinds by name. */
function goValue(raw: string): unknown {
  const type = goJsonTypeName(raw)
  if (type === 'string') return goStringValue(raw)
  if (type === 'null') return null
  if (type !== 'array') return { kind: type }
  const scan = scanFirstValue(raw)
  return scan.ok ? scan.elements.map((e) => goValue(raw.slice(e.start, e.end))) : []
}

/**
 * `FilterCriteria.UnmarshalJSON` (eth/filters/api.go), with its error texts. Its `json.Unmarshal`
 * into the `input` struct reads the members in order: an error of a field's own UnmarshalJSON
 * (`blockHash`, `fromBlock`, `toBlock`) ends it at once, a kind mismatch (`topics`) is kept and
 * reported only if nothing else fails. A member matches a field case-insensitively, and the last
 * one stays.
 */
function criteriaArg(raw: string): Criteria {
  const criteria: Criteria = { from: undefined, to: undefined, addresses: [], topics: [] }
  const type = goJsonTypeName(raw)
  if (type === 'null') return criteria
  if (type !== 'object') throw new Error(`json: cannot unmarshal ${type} into Go value of type filters.input`)
  const scan = scanFirstValue(raw)
  if (!scan.ok || scan.kind !== 'object') throw new Error('not an object')
  const fieldError = (value: string, name: string, goType: string) =>
    new Error(`json: cannot unmarshal ${value} into Go struct field input.${name} of type ${goType}`)

  let blockHash: string | undefined
  let from: bigint | undefined
  let to: bigint | undefined
  let addressRaw: string | undefined
  let topicsRaw: string | undefined
  let kindError: Error | undefined
  for (const member of scan.members) {
    const value = raw.slice(member.value.start, member.value.end)
    const isNull = value === 'null'
    switch (member.key.toLowerCase()) {
      case 'blockhash':
        try {
          blockHash = isNull ? undefined : hashArg(value)
        } catch (e) {
          // common.Hash's own errors are json.UnmarshalTypeErrors, which encoding/json places in the struct.
          throw new Error((e as Error).message.replace('into Go value of type', 'into Go struct field input.blockHash of type'))
        }
        break
      case 'fromblock':
      case 'toblock': {
        let n: bigint | undefined
        if (!isNull) {
          const decoded = decodeBlockNumber(value)
          n = 'tag' in decoded ? tagValue[decoded.tag] : decoded.number
        }
        if (member.key.toLowerCase() === 'fromblock') from = n
        else to = n
        break
      }
      case 'address':
        addressRaw = isNull ? undefined : value
        break
      case 'topics':
        if (isNull || goJsonTypeName(value) === 'array') topicsRaw = isNull ? undefined : value
        else kindError ??= fieldError(goJsonTypeName(value), 'topics', '[]interface {}')
        break
    }
  }
  if (kindError) throw kindError

  if (blockHash !== undefined) {
    if (from !== undefined || to !== undefined)
      throw new Error('cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other')
  } else {
    criteria.from = from
    criteria.to = to
  }

  criteria.addresses.push(...filterAddresses(addressRaw))
  criteria.topics.push(...filterTopics(topicsRaw))
  return criteria
}

/** The `address` member of a filter (FilterCriteria.UnmarshalJSON): one address or a list of at most 1,000. */
function filterAddresses(raw: string | undefined): string[] {
  const addresses = raw === undefined ? null : goValue(raw)
  if (addresses === null) return []
  if (typeof addresses === 'string') {
    try {
      return [decodeHex(addresses, 20, 'address')]
    } catch (e) {
      throw new Error(`invalid address: ${(e as Error).message}`)
    }
  }
  if (!Array.isArray(addresses)) throw new Error('invalid addresses in query')
  if (addresses.length > 1000) throw new Error('exceed max addresses')
  return addresses.map((a, i) => {
    if (typeof a !== 'string') throw new Error(`non-string address at index ${i}`)
    try {
      return decodeHex(a, 20, 'address')
    } catch (e) {
      throw new Error(`invalid address at index ${i}: ${(e as Error).message}`)
    }
  })
}

/** The `topics` member of a filter: per position, null (any), or the topics it may be. */
function filterTopics(raw: string | undefined): (string[] | null)[] {
  const topics = raw === undefined ? [] : (goValue(raw) as unknown[])
  return topics.map((t) => {
    if (t === null) return null
    if (typeof t === 'string') return [decodeHex(t, 32, 'topic')]
    if (!Array.isArray(t)) throw new Error('invalid topic(s)')
    const set: string[] = []
    for (const alternative of t) {
      // A null alternative matches anything and ends the position.
      if (alternative === null) return null
      if (typeof alternative !== 'string') throw new Error('invalid topic(s)')
      set.push(decodeHex(alternative, 32, 'topic'))
    }
    return set
  })
}

/** `SubscribeAcceptedLogs` (eth/filters/filter_system.go): the ranges a logs subscription takes. */
function checkRange({ from: f, to: t }: Criteria): void {
  const latest = tagValue.latest
  const pending = tagValue.pending
  const from = f ?? latest
  const to = t ?? latest
  const ok =
    (from === pending && to === pending) ||
    (from === latest && to === latest) ||
    (from >= 0n && to >= 0n && to >= from) ||
    (from >= latest && to === pending) ||
    (from >= 0n && to === latest)
  if (!ok) throw new RpcError(-32000, 'invalid from and to block combination: from > to')
}

/** The first argument of `*_subscribe`: the subscription's name (json.go `parseSubscriptionName`). */
function subscriptionName(params: string | undefined): string {
  const invalid = (message: string) => new RpcError(-32602, message)
  if (params === undefined || goJsonTypeName(params) !== 'array') throw invalid('non-array args')
  const scan = scanFirstValue(params)
  const first = scan.ok ? scan.elements[0] : undefined
  const raw = first && params.slice(first.start, first.end)
  if (raw === undefined || goJsonTypeName(raw) !== 'string') throw invalid('expected subscription name as first argument')
  return goStringValue(raw)
}

/** `rpc.NewID` of the server's `randomIDGenerator`: 16 random bytes, hex, leading zeros trimmed. */
function newId(): string {
  return `0x${randomBytes(16).toString('hex').replace(/^0+/, '') || '0'}`
}

/**
 * Answers `calls` in order: `own` the subscription calls, `execute` every run of others between them, as one batch.
 * A subscription call that throws is answered with its error.
 */
async function answerInOrder(
  calls: ChainCall[],
  execute: CallExecutor,
  own: (call: ChainCall) => CallOutcome | Promise<CallOutcome>,
): Promise<CallOutcome[]> {
  const outcomes: CallOutcome[] = []
  let others: ChainCall[] = []
  const flush = async () => {
    if (others.length > 0) outcomes.push(...(await execute(others)))
    others = []
  }
  for (const call of calls) {
    if (!call.method.endsWith('_subscribe') && !call.method.endsWith('_unsubscribe')) {
      others.push(call)
      continue
    }
    await flush()
    try {
      outcomes.push(await own(call))
    } catch (e) {
      outcomes.push(
        e instanceof RpcError
          ? { error: { code: e.code, message: e.message } }
          : { error: { code: -32000, message: (e as Error).message } },
      )
    }
  }
  await flush()
  return outcomes
}

/**
 * The executor of one WebSocket connection: its subscription calls here, every other call to
 * `execute` (the endpoint's), in order. `send` writes a notification to the connection.
 */
export function connectionExecutor(execute: CallExecutor, events: ChainEvents, send: (text: string) => void): ConnectionExecutor {
  const subscriptions = new Map<string, { stop: () => void; held: string[] | undefined }>()
  /** Subscriptions made by the message being answered: they notify once its reply is written. */
  let made: string[] = []
  const reader: Reader = {
    events,
    blocks: BlockViews.of(events),
    async read<T>(method: string, params: unknown[]) {
      const [outcome] = await execute([{ id: '1', method, params: JSON.stringify(params) }])
      return outcome && 'result' in outcome ? (JSON.parse(outcome.result) as T) : undefined
    },
  }

  async function subscribe(call: ChainCall): Promise<CallOutcome> {
    const namespace = call.method.split('_')[0]!
    const name = subscriptionName(call.params)
    const kind = namespace === 'eth' && Object.hasOwn(kinds, name) ? kinds[name]! : undefined
    if (!kind) return { error: { code: -32601, message: `no ${goJson(name)} subscription in ${namespace} namespace` } }
    const [, ...args] = positionalArgs(call.params, [stringArg, ...kind.args], kind.required)
    if (name === 'logs') checkRange(args[0] as Criteria)
    // Anvil's events are flowing before the ID goes out, so no block after the reply is missed.
    await events.ready()
    const id = newId()
    const subscription = { stop: () => {}, held: [] as string[] | undefined }
    const notify = async (result: string) => {
      const text = `{"jsonrpc":"2.0","method":"${namespace}_subscription","params":{"subscription":"${id}","result":${result}}}`
      if (subscription.held) subscription.held.push(text)
      else if (subscriptions.has(id)) send(text)
    }
    subscription.stop = kind.start(args, notify, reader)
    subscriptions.set(id, subscription)
    made.push(id)
    return { result: goJson(id) }
  }

  const cancel = (id: string) => {
    const subscription = subscriptions.get(id)
    if (!subscription) return false
    subscription.stop()
    subscriptions.delete(id)
    return true
  }

  return {
    execute: (calls) =>
      answerInOrder(calls, execute, (call) => (call.method.endsWith('_subscribe') ? subscribe(call) : unsubscribe(call.params, cancel))),
    afterReply() {
      for (const id of made) {
        const subscription = subscriptions.get(id)
        const held = subscription?.held ?? []
        if (subscription) subscription.held = undefined
        for (const text of held) send(text)
      }
      made = []
    },
    close() {
      for (const id of [...subscriptions.keys()]) cancel(id)
    },
  }
}
