/**
 * A reference for ./throughput.ts in a process of its own, as the devnet and anvil direct are: a bare keep-alive
 * proxy (./bare-proxy.ts) to the anvil at argv[2]'s `anvilUrl`, which with `recover` also recovers each raw send's
 * sender with the devnet's own decoder before forwarding it, the least a node's pool does with a send
 * (core/txpool/validation.go `ValidateTransactionWithState` reads the sender's nonce and balance). Prints
 * `READY <URL>`; stops on SIGTERM.
 */
import { decodeRawTransaction } from '../packages/devnet/src/l1/pool/rawTx.js'
import { startBareProxy } from './bare-proxy.js'

const { anvilUrl, recover } = JSON.parse(process.argv[2] ?? '{}') as { anvilUrl: string; recover?: boolean }
const recoverSenders = (body: string) => {
  if (!body.includes('"eth_sendRawTransaction"')) return
  const { params } = JSON.parse(body) as { params: [string] }
  if (!decodeRawTransaction(params[0])) throw new Error('bench: a raw send the decoder cannot read')
}
const proxy = await startBareProxy(anvilUrl, recover ? recoverSenders : undefined)
console.log(`READY ${proxy.url}`)
process.once('SIGTERM', () => {
  proxy.close()
  process.exit(0)
})
