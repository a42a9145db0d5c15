/** One HTTP round trip with ethers' `FetchRequest`, shared by `SubnetProvider` and the endpoint clients (`EndpointClient`). */
import { makeError, type FetchRequest, type FetchResponse } from 'ethers'
import { notJson } from '../core/methods/envelope.js'
import { parseJson } from '../core/json/parse.js'

const utf8 = new TextDecoder()

/**
 * The body as text via the platform's decoder: ethers' own `bodyText` decodes UTF-8 in
 * JavaScript, which costs more than the parse on a large `peers` reply.
 */
export function bodyText(res: FetchResponse): string {
  return res.body ? utf8.decode(res.body) : ''
}

/**
 * Sends `request` and checks its status (`SERVER_ERROR` for a non-2xx reply), failing with
 * ethers' `TIMEOUT` once `request.timeout` has passed. ethers' own timeout in Node is a
 * socket idle timeout: a reply that keeps trickling in, or a large one still arriving,
 * would otherwise outlive it without bound.
 */
export async function sendChecked(request: FetchRequest): Promise<FetchResponse> {
  const ms = request.timeout
  // 0 (or a value setTimeout cannot hold) leaves ethers' own behaviour alone.
  if (!(ms > 0 && ms < 2 ** 31)) return checked(await request.send())
  let timer: ReturnType<typeof setTimeout> | undefined
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(makeError('request timeout', 'TIMEOUT', { operation: 'request.send', reason: 'timeout', request }))
      // Stops ethers from reading further (its CANCELLED rejection is handled by the race).
      request.cancel()
    }, ms)
  })
  try {
    return checked(await Promise.race([request.send(), deadline]))
  } finally {
    clearTimeout(timer)
  }
}

function checked(response: FetchResponse): FetchResponse {
  response.assertOk()
  return response
}

/**
 * Posts a JSON-RPC payload with `request` (a fresh clone) and parses the reply losslessly;
 * a 2xx body that is not JSON is a `ResponseShapeError` of the payload's method.
 */
export async function postJson(request: FetchRequest, payload: unknown): Promise<unknown> {
  request.body = JSON.stringify(payload)
  request.setHeader('content-type', 'application/json')
  const text = bodyText(await sendChecked(request))
  try {
    return parseJson(text)
  } catch (e) {
    throw notJson((payload as { method: string }).method, e as Error)
  }
}
