/**
 * The L1 endpoint's JSON-RPC layer: avalanchego's fork of go-ethereum's `rpc` package
 * (`graft/evm/rpc`: `http.go`, `server.go`, `handler.go`, `json.go`): HTTP checks, single and batch messages, notifications,
 * and the exact -32600/-32601/-32602/-32700 answers.
 */
import { findMember, goJsonTypeName, scanFirstValue, type Member, type ScanResult } from '../../wire/goScanner.js'
import { parseJson } from 'subnet-rpc'
import { goJson } from 'subnet-rpc/internal'
import { type HttpReply, textReply } from '../../http/types.js'

export const bodyLimit = 5 * 1024 * 1024
export const batchRequestLimit = 1000

/** A JSON-RPC error a local method raises: code and message go out as they are. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** One decoded request element; raw JSON text is kept where Go keeps `json.RawMessage`. */
export type ChainCall = {
  /** Raw `id` text, `"null"` included; undefined when absent (a notification). */
  id: string | undefined
  method: string
  /** Raw `params` text; undefined when absent. */
  params: string | undefined
}

/** The answer to one call: raw result text, an error, or an error object passed through as raw text. */
export type CallOutcome = { result: string } | { error: { code: number; message: string; data?: string } } | { rawError: string }

/** A node's Go error as a call's answer: code -32000 and its text (graft/evm/rpc/errors.go `defaultErrorCode`). */
export const nodeErrorOutcome = (message: string): CallOutcome => ({ error: { code: -32000, message } })

/** Executes a list of valid calls (some may be notifications) and returns their outcomes in order. */
export type CallExecutor = (calls: ChainCall[]) => Promise<CallOutcome[]>

const acceptedMediaTypes = new Set(['application/json', 'application/json-rpc', 'application/jsonrequest'])
const jsonHeaders = { 'content-type': 'application/json' }

const token = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/**
 * Go's `mime.ParseMediaType`: a token media type (lower-cased), then `;`-separated
 * `name=value` parameters (value a token or a quoted string), no duplicate names.
 */
export function chainContentTypeOk(header: string | undefined): boolean {
  if (header === 'application/json') return true
  if (!header) return false
  const [media = '', ...params] = header.split(';')
  const type = media.trim().toLowerCase()
  if (!acceptedMediaTypes.has(type)) return false
  const seen = new Set<string>()
  for (const raw of params) {
    const p = raw.trim()
    if (p === '') continue
    const eq = p.indexOf('=')
    if (eq <= 0) return false
    const name = p.slice(0, eq).trim().toLowerCase()
    const value = p.slice(eq + 1).trim()
    if (!token.test(name) || seen.has(name)) return false
    if (!(token.test(value) || /^"([^"\\]|\\.)*"$/.test(value))) return false
    seen.add(name)
  }
  return true
}

type Message = {
  version: string
  id: string | undefined
  method: string
  params: string | undefined
  /** Looks like a response (result or error, no method): the server drops it silently. */
  isResponse: boolean
}

/** A member's value as it is written in `text`. */
const memberText = (text: string, m: Member | undefined) => (m ? text.slice(m.value.start, m.value.end) : undefined)
/** A member's string value; '' for a member absent or not a string. */
function memberString(text: string, m: Member | undefined): string {
  const r = memberText(text, m)
  return r !== undefined && goJsonTypeName(r) === 'string' ? (JSON.parse(r) as string) : ''
}

function decodeMessage(text: string, scanned?: ScanResult): Message {
  const msg: Message = { version: '', id: undefined, method: '', params: undefined, isResponse: false }
  // `scanned`: the scan of `text` the caller already has (the members' spans index `text`).
  const scan = scanned ?? scanFirstValue(text)
  // A non-object element fails json.Unmarshal, whose error geth ignores: an empty message.
  if (!scan.ok || scan.kind !== 'object') return msg
  msg.version = memberString(text, findMember(scan.members, 'jsonrpc'))
  msg.method = memberString(text, findMember(scan.members, 'method'))
  msg.id = memberText(text, findMember(scan.members, 'id'))
  msg.params = memberText(text, findMember(scan.members, 'params'))
  const result = memberText(text, findMember(scan.members, 'result'))
  const error = memberText(text, findMember(scan.members, 'error'))
  msg.isResponse =
    msg.version === '2.0' &&
    msg.id !== undefined &&
    msg.method === '' &&
    msg.params === undefined &&
    (result !== undefined || (error !== undefined && goJsonTypeName(error) === 'object'))
  return msg
}

const hasValidId = (id: string | undefined) => id !== undefined && id.length > 0 && id[0] !== '{' && id[0] !== '['

const htmlUnsafe = /[<>&\u2028\u2029]/g
const htmlEscapes: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' }

/**
 * Raw JSON text (an echoed id, a forwarded result) as json.Encoder writes a RawMessage:
 * with Go's HTML-safe escaping. These characters can only occur inside strings, so a
 * plain replacement is exact.
 */
function goRaw(text: string): string {
  return text.replace(htmlUnsafe, (c) => htmlEscapes[c]!)
}

function errorObject(id: string | undefined, code: number, message: string, data?: string): string {
  const err = data === undefined ? goJson({ code, message }) : `{"code":${code},"message":${goJson(message)},"data":${goRaw(data)}}`
  return `{"jsonrpc":"2.0","id":${id === undefined ? 'null' : goRaw(id)},"error":${err}}`
}

function outcomeText(id: string | undefined, outcome: CallOutcome): string {
  const idText = id === undefined ? 'null' : goRaw(id)
  if ('result' in outcome) return `{"jsonrpc":"2.0","id":${idText},"result":${goRaw(outcome.result)}}`
  if ('rawError' in outcome) return `{"jsonrpc":"2.0","id":${idText},"error":${goRaw(outcome.rawError)}}`
  return errorObject(id, outcome.error.code, outcome.error.message, outcome.error.data)
}

/** json.Encoder replies end with a newline; the few written with json.Marshal do not. */
function jsonReply(text: string, newline = true): HttpReply {
  return { status: 200, headers: { ...jsonHeaders }, body: newline ? `${text}\n` : text }
}

const emptyJson: HttpReply = { status: 200, headers: { ...jsonHeaders }, body: '' }

export type ChainRequestInfo = {
  method: string
  contentType: string | undefined
  contentLength: number | undefined
  hasQuery: boolean
  body: string
  /** The body's real size in bytes (the body itself may be cut at the limit). */
  bodyBytes: number
}

/** Serves one HTTP request on `/ext/bc/<chain>/rpc`. */
export async function serveChain(req: ChainRequestInfo, execute: CallExecutor): Promise<HttpReply> {
  // Empty GETs are health checks.
  if (req.method === 'GET' && (req.contentLength ?? 0) === 0 && !req.hasQuery) return { status: 200, headers: {}, body: '' }
  if (req.method === 'PUT' || req.method === 'DELETE')
    return textReply(405, 'method not allowed\n', { 'x-content-type-options': 'nosniff' })
  // A node checks the real body size (the plugin sees the whole body), not the header.
  const size = Math.max(req.bodyBytes, req.contentLength ?? 0)
  if (size > bodyLimit) return textReply(413, `content length too large (${size}>${bodyLimit})\n`, { 'x-content-type-options': 'nosniff' })
  if (req.method !== 'OPTIONS' && !chainContentTypeOk(req.contentType))
    return textReply(415, 'invalid content type, only application/json is supported\n', { 'x-content-type-options': 'nosniff' })

  const body = req.body.length > bodyLimit ? req.body.slice(0, bodyLimit) : req.body
  const scan = scanFirstValue(body)
  if (!scan.ok) {
    // io.EOF (nothing but white space) writes nothing; any other failure is a parse error.
    if (scan.message === 'EOF') return emptyJson
    return jsonReply(errorObject(undefined, -32700, 'parse error'), false)
  }
  const reply = await answerMessage(body, scan, execute)
  return reply === undefined ? emptyJson : jsonReply(reply.text, reply.encoded)
}

/**
 * The reply to one JSON-RPC message (a call, a notification or a batch) that `scan` found
 * well-formed in `text`, as the handler writes it over any transport (handler.go
 * `handleMsg`, `handleBatch`): its text, and whether it went through json.Encoder (`encoded`,
 * which ends it with a newline over HTTP) rather than json.Marshal. Undefined when nothing
 * is written (notifications only).
 */
export async function answerMessage(
  text: string,
  scan: ScanResult & { ok: true },
  execute: CallExecutor,
): Promise<{ text: string; encoded: boolean } | undefined> {
  if (scan.kind !== 'array') {
    const reply = await handleMessages([decodeMessage(text, scan)], execute)
    return reply[0] === undefined ? undefined : { text: reply[0], encoded: true }
  }
  const messages = scan.elements.map((span) => decodeMessage(text.slice(span.start, span.end)))
  if (messages.length === 0) return { text: errorObject(undefined, -32600, 'empty batch'), encoded: false }
  if (messages.length > batchRequestLimit) {
    const firstCall = messages.find((m) => m.version === '2.0' && hasValidId(m.id) && m.method !== '')
    return { text: `[${errorObject(firstCall?.id, -32600, 'batch too large')}]`, encoded: false }
  }
  const replies = (await handleMessages(messages, execute)).filter((r): r is string => r !== undefined)
  return replies.length === 0 ? undefined : { text: `[${replies.join(',')}]`, encoded: true }
}

/** A JSON-RPC error reply with a null id, e.g. the -32700 a WebSocket connection writes before it closes. */
export function errorReply(code: number, message: string): string {
  return errorObject(undefined, code, message)
}

/** handleCallMsg for each message; undefined where nothing is written. */
async function handleMessages(messages: Message[], execute: CallExecutor): Promise<(string | undefined)[]> {
  const out: (string | undefined)[] = new Array(messages.length).fill(undefined)
  const calls: ChainCall[] = []
  const slots: number[] = []
  messages.forEach((m, i) => {
    if (m.isResponse) return
    const validVersion = m.version === '2.0'
    const notification = validVersion && m.id === undefined && m.method !== ''
    const call = validVersion && hasValidId(m.id) && m.method !== ''
    // Notifications of subscription events are dropped without being run.
    if (notification && m.method.endsWith('_subscription')) return
    if (notification || call) {
      calls.push({ id: m.id, method: m.method, params: m.params })
      slots.push(i)
    } else {
      out[i] = errorObject(hasValidId(m.id) ? m.id : undefined, -32600, 'invalid request')
    }
  })
  if (calls.length > 0) {
    const outcomes = await execute(calls)
    calls.forEach((call, k) => {
      if (call.id !== undefined) out[slots[k]!] = outcomeText(call.id, outcomes[k]!)
    })
  }
  return out
}

/** A call's positional arguments, parsed; none when they do not parse (the row's checks answered that already). */
export function argsOf(call: ChainCall): unknown[] {
  if (call.params === undefined) return []
  try {
    const p = parseJson(call.params)
    return Array.isArray(p) ? p : []
  } catch {
    return []
  }
}

/**
 * What an admission stage decides about a call: answer it now (`outcome`), or let it go on, rewritten (`call`)
 * and followed by `after` once answered, in the call's turn; then by `wait`, out of it (a send waiting for
 * the block that takes it while other sends join that block), before the answer goes out.
 */
export type Admission =
  | { outcome: CallOutcome }
  | {
      call?: ChainCall
      /** Of an admission made out of the call's turn (a send's): its last checks and writes, in the turn; an outcome answers instead. */
      inTurn?: () => Promise<CallOutcome | undefined>
      after?: (outcome: CallOutcome) => Promise<void>
      wait?: (outcome: CallOutcome) => Promise<void>
      /**
       * Of a send's admission: it may go to anvil in one batch with the sends before it in the turn that have the
       * same `state` (what its `inTurn` leaves in anvil: the base fee it pins) and another `slot` (its sender and
       * nonce), so that a replacement follows what it replaces. Absent: it goes alone.
       */
      shares?: { slot: string; state: string }
    }
