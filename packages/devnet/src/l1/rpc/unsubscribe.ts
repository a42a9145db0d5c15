import { goJsonTypeName, goStringValue, scanFirstValue } from '../../wire/goScanner.js'
import type { CallOutcome } from './envelope.js'

/**
 * The server's built-in `*_unsubscribe` callback, `unsubscribe(ctx, id rpc.ID) (bool, error)`
 * (graft/evm/rpc/handler.go): one required string argument, then `cancel` of that ID (a
 * WebSocket connection's subscriptions); over HTTP no subscription ever exists.
 */
export function unsubscribe(params: string | undefined, cancel: (id: string) => boolean = () => false): CallOutcome {
  const invalid = (message: string): CallOutcome => ({ error: { code: -32602, message } })
  if (params !== undefined && params !== 'null') {
    if (goJsonTypeName(params) !== 'array') return invalid('non-array args')
    const scan = scanFirstValue(params)
    if (!scan.ok) return invalid('non-array args')
    if (scan.elements.length > 1) {
      const first = params.slice(scan.elements[0]!.start, scan.elements[0]!.end)
      const type = goJsonTypeName(first)
      if (type !== 'string' && type !== 'null')
        return invalid(`invalid argument 0: json: cannot unmarshal ${type} into Go value of type rpc.ID`)
      return invalid('too many arguments, want at most 1')
    }
    if (scan.elements.length === 1) {
      const first = params.slice(scan.elements[0]!.start, scan.elements[0]!.end)
      const type = goJsonTypeName(first)
      if (type !== 'string' && type !== 'null')
        return invalid(`invalid argument 0: json: cannot unmarshal ${type} into Go value of type rpc.ID`)
      // rpc.ID is a string: JSON null leaves it empty.
      if (cancel(type === 'string' ? goStringValue(first) : '')) return { result: 'true' }
      return { error: { code: -32000, message: 'subscription not found' } }
    }
  }
  return invalid('missing value for required argument 0')
}
