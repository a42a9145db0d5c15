/**
 * What the Warp stand-in reads of the predicates staged for a block: a trailer on its code
 * (packages/devnet/contracts/standins/WarpMessenger.sol `_stagedPredicate`), words written here.
 */
import type { TxPredicate } from './predicates.js'

type Hex = `0x${string}`

const wordOf = (v: bigint) => v.toString(16).padStart(64, '0')
const bare = (hex: string) => hex.replace(/^0x/, '').toLowerCase()
/** `bytes` in ABI: its length, then the bytes padded to whole words. */
const abiBytes = (hex: string) => {
  const b = bare(hex)
  return wordOf(BigInt(b.length / 2)) + b.padEnd(Math.ceil(b.length / 64) * 64, '0')
}
/** An ABI tuple of static words (`{ word }`) and dynamic parts (`{ tail }`, written after the heads). */
function abiTuple(items: ({ word: string } | { tail: string })[]): string {
  let head = ''
  let tail = ''
  const headSize = items.length * 32
  for (const item of items) {
    if ('word' in item) head += item.word
    else {
      head += wordOf(BigInt(headSize + tail.length / 2))
      tail += item.tail
    }
  }
  return head + tail
}
/** `T[]` of dynamic items. */

/** `getVerifiedWarpMessage`'s and `getVerifiedWarpBlockHash`'s answers for one valid predicate (contract_warp_handler.go). */
function getterAnswers(p: TxPredicate): { errors: number; message: string; blockHash: string } {
  const chain = bare(p.message.sourceChainID)
  if (p.payload.type === 'addressedCall') {
    // PackGetVerifiedWarpMessageOutput(WarpMessage{SourceChainID, OriginSenderAddress, Payload}, true)
    const sender = bare(p.payload.sourceAddress).slice(-40).padStart(64, '0')
    const message = abiTuple([
      { tail: abiTuple([{ word: chain }, { word: sender }, { tail: abiBytes(p.payload.payload) }]) },
      { word: wordOf(1n) },
    ])
    const text = Buffer.from('cannot unpack block hash payload: wrong payload type: *payload.AddressedCall').toString('hex')
    return { errors: 2, message, blockHash: text }
  }
  const blockHash = chain + bare(p.payload.hash) + wordOf(1n)
  return {
    errors: 1,
    message: Buffer.from('cannot unpack addressed payload: wrong payload type: *payload.Hash').toString('hex'),
    blockHash,
  }
}

/** One transaction's predicates as staged: its origin, the key that finds it, each predicate with its result. */
export type StagedTx = { origin: string; key: Hex; predicates: { predicate: TxPredicate; valid: boolean }[] }

/** The stand-in's code trailer: the staged predicates (none: an empty blob), their length, the chain's IDs. */
export function warpCodeTrailer(
  ids: { blockchainID: string; networkID: number },
  staged?: { blockNumber: bigint; txs: StagedTx[] },
): string {
  let blob = ''
  if (staged && staged.txs.length > 0) {
    // Word offsets from the staging's start (packages/devnet/contracts/standins/WarpMessenger.sol `_stagedPredicate`): the header, the tables,
    // then the outputs' bytes, each padded to whole words.
    const n = staged.txs.length
    let tables = ''
    let data = ''
    const tablesStart = 64 + 96 * n
    const dataStart = tablesStart + staged.txs.reduce((size, tx) => size + 32 + 160 * tx.predicates.length, 0)
    const put = (hex: string) => {
      const b = bare(hex)
      const at = dataStart + data.length / 2
      data += b.padEnd(Math.ceil(b.length / 64) * 64, '0')
      return wordOf(BigInt(at)) + wordOf(BigInt(b.length / 2))
    }
    let head = wordOf(staged.blockNumber) + wordOf(BigInt(n))
    for (const tx of staged.txs) {
      head += bare(tx.origin).padStart(64, '0') + bare(tx.key) + wordOf(BigInt(tablesStart + tables.length / 2))
      tables += wordOf(BigInt(tx.predicates.length))
      for (const { predicate, valid } of tx.predicates) {
        const answers = getterAnswers(predicate)
        const header = (BigInt(predicate.chunks.length) << 16n) | (BigInt(answers.errors) << 8n) | (valid ? 1n : 0n)
        tables += wordOf(header) + put(answers.message) + put(answers.blockHash)
      }
    }
    blob = head + tables + data
  }
  return blob + wordOf(BigInt(blob.length / 2)) + bare(ids.blockchainID) + ids.networkID.toString(16).padStart(8, '0')
}

/** `blockNumber` of a staging that holds in any block (an `eth_call`'s state override): `type(uint256).max`. */
export const anyBlock = (1n << 256n) - 1n

/** Picks, for each transaction, a key of its Warp tuples no other staged transaction of its origin holds (else its first). */
export function withKeys(txs: { origin: string; predicates: StagedTx['predicates'] }[]): StagedTx[] {
  return txs.map((tx, i) => {
    const others = new Set(
      txs
        .filter((o, j) => j !== i && o.origin.toLowerCase() === tx.origin.toLowerCase())
        .flatMap((o) => o.predicates.flatMap((p) => p.predicate.chunks)),
    )
    const chunks = tx.predicates.flatMap((p) => p.predicate.chunks)
    return { ...tx, origin: tx.origin.toLowerCase(), key: chunks.find((c) => !others.has(c)) ?? chunks[0]! }
  })
}
