/**
 * Runs calls on the L1 endpoint: the Subnet-EVM extras and devnet controls locally,
 * `*_subscribe` refused as over HTTP, and everything else forwarded to anvil.
 * Forwarded results and errors pass through byte for byte; only anvil's "method not
 * found" is rewritten to the node's text, since a node names the method.
 */
import { findMember, scanFirstValue } from '../wire/goScanner.js'
import { goJson } from '../wire/goJson.js'
import { RpcError, type CallExecutor, type CallOutcome, type ChainCall } from './envelope.js'

/** A locally served method: takes raw params, returns a value for `goJson`. */
export type LocalMethod = (params: string | undefined) => unknown | Promise<unknown>

const methodNotFound = (method: string): CallOutcome => ({
  error: { code: -32601, message: `the method ${method} does not exist/is not available` },
})

function splitReply(text: string): { id?: string; result?: string; error?: string } | undefined {
  const scan = scanFirstValue(text)
  if (!scan.ok || scan.kind !== 'object') return undefined
  const raw = (name: string) => {
    const m = findMember(scan.members, name)
    return m ? text.slice(m.value.start, m.value.end) : undefined
  }
  return { id: raw('id'), result: raw('result'), error: raw('error') }
}

function toOutcome(method: string, reply: { result?: string; error?: string } | undefined): CallOutcome {
  if (!reply) return { error: { code: -32603, message: 'devnet: anvil sent an unreadable reply' } }
  if (reply.error !== undefined && reply.error !== 'null') {
    const scan = scanFirstValue(reply.error)
    const code = scan.ok ? findMember(scan.members, 'code') : undefined
    if (scan.ok && code && reply.error.slice(code.value.start, code.value.end) === '-32601') return methodNotFound(method)
    return { rawError: reply.error }
  }
  return { result: reply.result ?? 'null' }
}

export function createExecutor(opts: { anvilUrl: string; local: ReadonlyMap<string, LocalMethod> }): CallExecutor {
  async function forward(calls: ChainCall[]): Promise<CallOutcome[]> {
    const body = calls.map((c, i) => `{"jsonrpc":"2.0","id":${i},"method":${goJson(c.method)}${c.params === undefined ? '' : `,"params":${c.params}`}}`)
    let text: string
    try {
      const res = await fetch(opts.anvilUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: calls.length === 1 ? body[0] : `[${body.join(',')}]`,
      })
      text = await res.text()
    } catch (e) {
      const message = `devnet: anvil is not reachable: ${(e as Error).message}`
      return calls.map(() => ({ error: { code: -32000, message } }))
    }
    if (calls.length === 1) return [toOutcome(calls[0]!.method, splitReply(text))]
    const scan = scanFirstValue(text)
    const byId = new Map<string, { result?: string; error?: string }>()
    if (scan.ok && scan.kind === 'array') {
      for (const span of scan.elements) {
        const reply = splitReply(text.slice(span.start, span.end))
        if (reply?.id !== undefined) byId.set(reply.id, reply)
      }
    }
    return calls.map((c, i) => toOutcome(c.method, byId.get(String(i))))
  }

  async function runLocal(call: ChainCall, method: LocalMethod): Promise<CallOutcome> {
    try {
      return { result: goJson(await method(call.params)) }
    } catch (e) {
      if (e instanceof RpcError) return { error: { code: e.code, message: e.message } }
      return { error: { code: -32603, message: 'method handler crashed' } }
    }
  }

  // Calls run in order, as geth runs a batch; consecutive forwarded calls share one anvil batch.
  return async (calls) => {
    const outcomes: CallOutcome[] = new Array(calls.length)
    let run: number[] = []
    const flush = async () => {
      if (run.length === 0) return
      const indexes = run
      run = []
      const answers = await forward(indexes.map((i) => calls[i]!))
      indexes.forEach((i, k) => (outcomes[i] = answers[k]!))
    }
    for (let i = 0; i < calls.length; i++) {
      const call = calls[i]!
      const local = opts.local.get(call.method)
      if (local) {
        await flush()
        outcomes[i] = await runLocal(call, local)
      } else if (call.method.endsWith('_subscribe')) {
        outcomes[i] = { error: { code: -32601, message: 'notifications not supported' } }
      } else {
        run.push(i)
      }
    }
    await flush()
    return outcomes
  }
}
