/** A complete HTTP answer, built by the protocol layers and written by the server. */
export type HttpReply = {
  status: number
  headers: Record<string, string>
  body: string
}

export const textPlain = 'text/plain; charset=utf-8'

export function textReply(status: number, body: string, headers: Record<string, string> = {}): HttpReply {
  return { status, headers: { 'content-type': textPlain, ...headers }, body }
}
