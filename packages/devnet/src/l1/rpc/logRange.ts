/**
 * The L1 chain config's `api-max-blocks-per-request` (subnet-evm `plugin/evm/config/config.go`
 * `MaxBlocksPerRequest`; `default_config.go` sets 0, no limit). `vm.go` hands it to the filter
 * backend, and `Filter.Logs` (`eth/filters/filter.go`) refuses a block range whose resolved
 * `end - begin` is at least it, before reading any block. Two methods run `Filter.Logs` on a range
 * (`eth/filters/api.go`): `FilterAPI.GetLogs` (eth_getLogs) and `FilterAPI.GetFilterLogs`
 * (eth_getFilterLogs, with the criteria given to eth_newFilter). A `blockHash` filter is never
 * limited, and neither are eth_newFilter and eth_getFilterChanges (they only subscribe and drain).
 *
 * The devnet answers the refusal itself, with the node's text and code, and forwards everything
 * else to anvil as before. A request that the node would refuse earlier for another reason (bad
 * criteria, a begin after the end, a block after the last accepted one, a pending range) is also
 * forwarded: the limit adds exactly the refusal, nothing else.
 */
import { findMember, goJsonTypeName, goStringValue, scanFirstValue } from '../../wire/goScanner.js'
import type { AnvilClient } from '../anvilClient.js'
import type { CallOutcome, ChainCall } from './envelope.js'
import { type ArgDecoder, type BlockTag, decodeBlockNumber, positionalArgs } from './params.js'

/** rpc.BlockNumber's values (`graft/evm/rpc/types.go`): a tag is negative, `earliest` is 0. */
export const tagValue: Record<BlockTag, bigint> = { earliest: 0n, latest: -2n, pending: -1n, accepted: -3n, finalized: -3n, safe: -4n }
const latest = -2n
const pending = -1n

/** A range filter's ends as `FilterCriteria` holds them (undefined: not given), and its number of topic positions. */
type Range = { from: bigint | undefined; to: bigint | undefined; topics: number }

/** `maxAddresses` and `maxTopics` of `eth/filters/api.go`. */
const maxAddresses = 1000
const maxTopics = 4
const address = /^0[xX][0-9a-fA-F]{40}$/
const topic = /^0[xX][0-9a-fA-F]{64}$/

/**
 * `FilterCriteria.UnmarshalJSON` (`eth/filters/api.go`): the range of the criteria, `undefined`
 * for a block-hash filter, or an Error where the node refuses the criteria (the devnet then
 * forwards the call as it is).
 */
const criteriaArg: ArgDecoder<Range | undefined> = (raw) => {
  // Go hands JSON null to the type's UnmarshalJSON, which leaves every field unset.
  if (raw === 'null') return { from: undefined, to: undefined, topics: 0 }
  const scan = scanFirstValue(raw)
  if (!scan.ok || scan.kind !== 'object') throw new Error('not an object')
  const text = (span: { start: number; end: number }) => raw.slice(span.start, span.end)
  // Fields fold case as encoding/json's do; each occurrence is decoded and the last one stays.
  const all = (name: string) => scan.members.filter((m) => m.key.toLowerCase() === name.toLowerCase()).map((m) => text(m.value))
  // *common.Hash: null unsets it, anything else must be a quoted 0x and 64 hex digits (a block-hash filter).
  let hash = false
  for (const v of all('blockHash')) {
    if (v !== 'null' && !/^"0[xX][0-9a-fA-F]{64}"$/.test(v)) throw new Error('invalid hash')
    hash = v !== 'null'
  }
  if (hash) return undefined
  const block = (name: string) => {
    let value: bigint | undefined
    for (const v of all(name)) {
      if (v === 'null') value = undefined
      else {
        const n = decodeBlockNumber(v)
        value = 'tag' in n ? tagValue[n.tag] : n.number
      }
    }
    return value
  }
  const from = block('fromBlock')
  const to = block('toBlock')
  const addresses = findMember(scan.members, 'address')
  if (addresses && !validAddresses(parse(text(addresses.value)))) throw new Error('invalid addresses')
  // []interface{}: every occurrence must be an array (or null), and the last one's topics valid.
  const topics = all('topics')
  if (topics.some((v) => v !== 'null' && goJsonTypeName(v) !== 'array')) throw new Error('invalid topics')
  const last = topics.length > 0 ? parse(topics[topics.length - 1]!) : null
  if (!validTopics(last)) throw new Error('invalid topics')
  return { from, to, topics: Array.isArray(last) ? last.length : 0 }
}

/** A JSON value as Go's `interface{}` gets it (strings decoded as Go decodes them). */
function parse(raw: string): unknown {
  const type = goJsonTypeName(raw)
  if (type === 'string') return goStringValue(raw)
  if (type === 'array') {
    const scan = scanFirstValue(raw)
    return scan.ok ? scan.elements.map((e) => parse(raw.slice(e.start, e.end))) : undefined
  }
  return type === 'null' ? null : { type }
}

function validAddresses(v: unknown): boolean {
  if (v === null || (typeof v === 'string' && address.test(v))) return true
  return Array.isArray(v) && v.length <= maxAddresses && v.every((a) => typeof a === 'string' && address.test(a))
}

function validTopics(v: unknown): boolean {
  if (v === null) return true
  if (!Array.isArray(v)) return false
  return v.every((t) => {
    if (t === null || (typeof t === 'string' && topic.test(t))) return true
    if (!Array.isArray(t)) return false
    // A null alternative matches anything and ends the decode of that position.
    for (const alternative of t) {
      if (alternative === null) return true
      if (typeof alternative !== 'string' || !topic.test(alternative)) return false
    }
    return true
  })
}

/** rpc.ID: a JSON string. */
const idArg: ArgDecoder<string> = (raw) => {
  if (goJsonTypeName(raw) !== 'string') throw new Error('not a string')
  return goStringValue(raw)
}

/**
 * `Filter.Logs`' checks up to the range check, on a devnet whose last accepted block is anvil's
 * head: the node's refusal text when it refuses the range as too long; `undefined` when the node
 * reads the logs or refuses for another reason first. `getLogs` adds `GetLogs`' own check of a
 * begin after the end.
 */
function rangeRefusal(range: Range, head: bigint, maxBlocks: bigint, getLogs: boolean): string | undefined {
  let begin = range.from ?? latest
  let end = range.to ?? latest
  if (getLogs && range.topics > maxTopics) return undefined // exceed max topics
  if (getLogs && begin > 0n && end > 0n && begin > end) return undefined // invalid block range params
  if ((begin >= 0n && begin > head) || (end >= 0n && end > head)) return undefined // after last accepted block
  if (begin === pending) return undefined // invalid block range params, or no logs at all
  const endSet = end >= 0n
  // latest, pending, finalized (accepted) and safe: the last accepted block.
  if (begin < 0n) begin = head
  if (end < 0n) end = head
  if (endSet && end < begin) return undefined // begin block … is greater than end block …
  if (end - begin >= maxBlocks) return `requested too many blocks from ${begin} to ${end}, maximum is set to ${maxBlocks}`
  return undefined
}

/**
 * Whether eth_newFilter installs a filter of this range: `FilterAPI.NewFilter` subscribes with
 * `EventSystem.SubscribeAcceptedLogs` (`eth/filters/filter_system.go`; unfinalized queries are off
 * by default), which refuses any other combination (`invalid from and to block combination`).
 */
function installs({ from = latest, to = latest }: Range): boolean {
  return (
    (from === pending && to === pending) ||
    (from === latest && to === latest) ||
    (from >= 0n && to >= 0n && to >= from) ||
    (from >= latest && to === pending) ||
    (from >= 0n && to === latest)
  )
}

/** Filters the devnet remembers the criteria of, at most this many (the oldest are forgotten first). */
const rememberedFilters = 10_000

/**
 * The node's limit on log ranges: eth_getLogs and eth_getFilterLogs of a range of `maxBlocks` blocks or
 * more are refused (-32000) before they reach anvil (their rows in ./methods.ts). The criteria of each
 * eth_newFilter are kept for its eth_getFilterLogs. Calls run in order, a batch's too: the head a range
 * resolves against is the one its call sees. `maxBlocks` ≤ 0 is no limit, as on a node (`maxBlocks > 0`
 * in `Filter.Logs`): the devnet keeps no `LogRanges` then.
 */
export class LogRanges {
  private readonly limit: bigint
  private readonly filters = new Map<string, Range>()

  constructor(
    private readonly anvil: AnvilClient,
    maxBlocks: number,
  ) {
    this.limit = BigInt(maxBlocks)
  }

  /** eth_getLogs: the node's refusal of the criteria's range, when it is one. */
  logsRefusal(call: ChainCall): Promise<CallOutcome | undefined> {
    return this.refusal(decode(call, criteriaArg), true)
  }

  /** eth_getFilterLogs: the node's refusal of the filter's range, when it is one. */
  filterLogsRefusal(call: ChainCall): Promise<CallOutcome | undefined> {
    const id = decode(call, idArg)
    return this.refusal(id === undefined ? undefined : this.filters.get(id), false)
  }

  /** eth_newFilter: keeps the criteria of the filter anvil installed. */
  remember(call: ChainCall, outcome: CallOutcome): void {
    if (!('result' in outcome) || goJsonTypeName(outcome.result) !== 'string') return
    const range = decode(call, criteriaArg)
    if (!range || !installs(range)) return
    this.filters.set(goStringValue(outcome.result), range)
    if (this.filters.size > rememberedFilters) this.filters.delete(this.filters.keys().next().value!)
  }

  /** eth_uninstallFilter: forgets the filter anvil uninstalled. */
  forget(call: ChainCall, outcome: CallOutcome): void {
    if (!('result' in outcome) || outcome.result !== 'true') return
    const id = decode(call, idArg)
    if (id !== undefined) this.filters.delete(id)
  }

  private async refusal(range: Range | undefined, getLogs: boolean): Promise<CallOutcome | undefined> {
    if (!range) return undefined
    let head: bigint
    try {
      head = BigInt(await this.anvil.request<string>('eth_blockNumber'))
    } catch {
      return undefined // forwarded: the executor answers that anvil is not reachable
    }
    const message = rangeRefusal(range, head, this.limit, getLogs)
    return message === undefined ? undefined : { error: { code: -32000, message } }
  }
}

function decode<T>(call: ChainCall, decoder: ArgDecoder<T>): T | undefined {
  try {
    return positionalArgs<[T]>(call.params, [decoder], 1)[0]
  } catch {
    return undefined
  }
}
