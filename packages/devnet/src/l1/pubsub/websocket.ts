/**
 * The L1's WebSocket endpoint, `/ext/bc/<chain>/ws` (`graft/subnet-evm/plugin/evm/vm.go`
 * `CreateHandlers`: the same RPC server as `/rpc`, through `graft/evm/rpc/websocket.go`
 * `WebsocketHandlerWithDuration`). Every message is answered as the same body posted to
 * `/rpc` would be; the transport's own rules are gorilla/websocket's and the rpc package's:
 * - each reply is written with `Conn.WriteJSON` (json.Encoder: a trailing newline);
 * - the first JSON value of a message is read (`Conn.ReadJSON`), anything after it ignored;
 * - a message that is not JSON gets `-32700` with encoding/json's own text and the connection
 *   closes (`Client.read`); an empty or truncated one closes it without a reply;
 * - messages up to 32 MiB (`wsDefaultReadLimit`); any origin is accepted (`[]string{"*"}`);
 * - a request that is not a WebSocket handshake is refused as gorilla's `Upgrader` refuses it;
 * - every message, reply or notification, is written under the node's write deadline, through a
 *   bounded queue: a client that does not keep up is disconnected (./backpressure.ts).
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { type WebSocket, WebSocketServer } from 'ws'
import { pathOf, type Route, type UpgradeRoute } from '../../http/server.js'
import { textReply } from '../../http/types.js'
import { scanFirstValue } from '../../wire/goScanner.js'
import { answerMessage, type CallExecutor, errorReply } from '../rpc/envelope.js'
import { boundedOutgoing } from './backpressure.js'

/** `wsDefaultReadLimit` (graft/evm/rpc/websocket.go). */
export const wsReadLimit = 32 * 1024 * 1024

/**
 * The calls of one connection (its subscriptions live with it): `execute` answers them,
 * `afterReply` runs once the reply to a message is written (its subscriptions may notify from
 * then on), `close` when the connection ends.
 */
export type ConnectionExecutor = { execute: CallExecutor; afterReply(): void; close(): void }

/** How a connection's writes are bounded (./backpressure.ts); the defaults are the node's deadline and an 8 MiB queue. */
export type WebSocketLimits = { writeTimeoutMs?: number; maxQueuedBytes?: number; onDrop?: (reason: string) => void }

/**
 * The WebSocket endpoint at `paths`: its handshake route, and the HTTP route that refuses
 * anything else sent there. `connect` makes each connection's executor from its handshake request,
 * `send` the function its notifications are written with.
 */
export function webSocketEndpoint(
  paths: ReadonlySet<string>,
  connect: (send: (text: string) => void, req: IncomingMessage) => ConnectionExecutor,
  limits: WebSocketLimits = {},
): { upgrade: UpgradeRoute; http: Route; close(): void } {
  const server = new WebSocketServer({ noServer: true, maxPayload: wsReadLimit, perMessageDeflate: false })
  const upgrade: UpgradeRoute = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (!paths.has(pathOf(req.url)) || !isHandshake(req)) return false
    server.handleUpgrade(req, socket, head, (ws) => serve(ws, (send) => connect(send, req), limits))
    return true
  }
  // gorilla's Upgrader.returnError: `Sec-Websocket-Version: 13` and http.Error's 400 text.
  const http: Route = async (req) =>
    paths.has(pathOf(req.url))
      ? textReply(400, 'Bad Request\n', { 'sec-websocket-version': '13', 'x-content-type-options': 'nosniff' })
      : undefined
  return {
    upgrade,
    http,
    close: () => {
      for (const ws of server.clients) ws.terminate()
      server.close()
    },
  }
}

/** What gorilla's Upgrader checks before it answers 101: the Connection and Upgrade tokens, GET, version 13, a key. */
function isHandshake(req: IncomingMessage): boolean {
  const tokens = (name: string) =>
    (req.headers[name] ?? '')
      .toString()
      .toLowerCase()
      .split(/\s*,\s*/)
  return (
    tokens('connection').includes('upgrade') &&
    tokens('upgrade').includes('websocket') &&
    req.method === 'GET' &&
    req.headers['sec-websocket-version'] === '13' &&
    typeof req.headers['sec-websocket-key'] === 'string'
  )
}

/** One connection: messages answered one at a time, in the order they came. */
function serve(ws: WebSocket, connect: (send: (text: string) => void) => ConnectionExecutor, limits: WebSocketLimits): void {
  const outgoing = boundedOutgoing(ws, limits, limits.onDrop)
  const send = (text: string) => outgoing.send(`${text}\n`)
  const connection = connect(send)
  let queue = Promise.resolve()
  // Set once a message ended the connection: the ones after it are not read (Client.read has returned).
  let ended = false
  ws.on('message', (data: Buffer) => {
    const text = data.toString('utf8')
    queue = queue.then(() => (ended ? undefined : answer(text))).catch(() => ws.terminate())
  })
  ws.on('close', () => connection.close())
  ws.on('error', () => ws.terminate())

  async function answer(text: string): Promise<void> {
    const scan = scanFirstValue(text)
    if (!scan.ok) {
      ended = true
      // json.Decoder's io.EOF / io.ErrUnexpectedEOF close the connection; a *json.SyntaxError is answered first.
      if (scan.message === 'EOF' || scan.message === 'unexpected EOF') ws.terminate()
      else ws.send(`${errorReply(-32700, scan.message)}\n`, () => ws.terminate())
      return
    }
    const reply = await answerMessage(text, scan, connection.execute)
    if (reply) send(reply.text)
    connection.afterReply()
  }
}
