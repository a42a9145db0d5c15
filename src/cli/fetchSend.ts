/** What the CLI's commands share to reach a node: JSON-RPC over fetch, and the errors for input they cannot work with. */
import { mismatch } from '../core/decode/kit.js'
import { requestBody, type Send } from '../core/methods/call.js'
import { parseReply } from '../core/methods/envelope.js'
import { defineMethod, type MethodSpec } from '../core/methods/spec.js'
import { getChainConfig } from '../core/methods/subnet.js'
import { SubnetRpcError } from '../errors/base.js'
import { NodeRpcError } from '../errors/node.js'

/** Input the command cannot work with (exit code 2): bad flags, unreadable files, a node that cannot be reached. */
export class InputError extends Error {}

/** A command line that is itself wrong (a missing or malformed flag): an `InputError` shown with the usage. */
export class UsageError extends InputError {}

/**
 * What a command writes to stderr for input it cannot work with (exit code 2): `<command>: <message>`,
 * then the usage when the command line itself is wrong (a `UsageError` or a `parseArgs` error), not
 * when valid arguments met a runtime problem (an unreadable file, an unreachable node).
 */
export function inputErrorText(command: string, e: Error, usage: string): string {
  const wrongLine = e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  return `${command}: ${e.message}\n${wrongLine ? `\n${usage}` : ''}`
}

/**
 * A JSON-RPC sender over fetch: our request body, our envelope check, lossless parse. A URL
 * that cannot be reached is an `InputError`; an HTTP error without a JSON-RPC body is thrown
 * as `HttpError` (`subnet-rpc check` makes it bad input; `subnet-rpc status` one query's failure).
 */
export function fetchSend(url: string, HttpError: new (message: string, status: number) => Error = Error): Send {
  return async ({ method, params }) => {
    const body = requestBody(method, params)
    let res: Response
    try {
      res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    } catch (e) {
      throw new InputError(`cannot reach ${url}: ${(e as Error & { cause?: Error }).cause?.message ?? (e as Error).message}`)
    }
    const text = await res.text()
    if (!res.ok && !text.trimStart().startsWith('{'))
      throw new HttpError(`${url} answered HTTP ${res.status}: ${text.trim().slice(0, 200)}`, res.status)
    return parseReply(method, text, body.id, () => url)
  }
}

/** A hex quantity (`eth_chainId`, a block's `number` and `timestamp`) as a bigint. */
export const quantity = (v: unknown): bigint =>
  typeof v === 'string' && /^0x[\da-f]+$/i.test(v) ? BigInt(v) : mismatch('a hex quantity', v)

/**
 * A spec for one of the L1's standard methods the commands read: params positional, and the
 * L1 family's wording for a wrong endpoint (that of the Subnet-EVM table, core/methods/subnet.ts).
 */
export const l1Method = <R>(method: string, decoder: (v: unknown) => R, params: unknown[] = []): MethodSpec<undefined, R> =>
  defineMethod({ method, family: getChainConfig.family, decoder, encode: () => params })

/**
 * A failed request in one line: a subnet-rpc error's short message (a wrong endpoint's hint says
 * what to use in place of the node's message, which follows it), else the error's message.
 */
export function errorLine(e: unknown): string {
  if (e instanceof NodeRpcError && e.hint) return `${e.shortMessage} (the node: ${e.nodeMessage})`
  return e instanceof SubnetRpcError ? e.shortMessage : (e as Error).message
}
