/**
 * The sender of a signed raw transaction, as the tx pool recovers it (`types.Sender` with the
 * chain's latest signer): legacy (EIP-155 or not), EIP-2930, EIP-1559, EIP-4844 and EIP-7702
 * envelopes, RLP-decoded, the signing payload re-encoded, and the public key recovered with
 * libsecp256k1 compiled to WebAssembly (the `tiny-secp256k1` package: no install script, the same file on every
 * platform; about 0.33 ms a recovery) where it loads, else `@noble/curves`' secp256k1 (pure JS, about 1.5-2 ms: the
 * most of a send's cost in a burst). Returns
 * undefined for anything it cannot read, and the devnet then lets anvil answer.
 */
import { createRequire } from 'node:module'
import { keccak_256 } from '@noble/hashes/sha3'

export type Rlp = Uint8Array | Rlp[]

/**
 * One RLP item of `bytes` at `pos` (strings as views of `bytes`, lists as arrays) and where it ends.
 *
 * @example
 * decodeRlp(Uint8Array.of(0xc2, 0x01, 0x80)).item // [Uint8Array [1], Uint8Array []]
 */
export function decodeRlp(bytes: Uint8Array, pos = 0): { item: Rlp; end: number } {
  const b = bytes[pos]
  if (b === undefined) throw new Error('rlp: short input')
  const length = (at: number, n: number) => {
    let v = 0
    for (let i = 0; i < n; i++) v = v * 256 + bytes[at + i]!
    return v
  }
  if (b < 0x80) return { item: bytes.subarray(pos, pos + 1), end: pos + 1 }
  if (b < 0xb8) return { item: bytes.subarray(pos + 1, pos + 1 + b - 0x80), end: pos + 1 + b - 0x80 }
  if (b < 0xc0) {
    const n = b - 0xb7
    const len = length(pos + 1, n)
    return { item: bytes.subarray(pos + 1 + n, pos + 1 + n + len), end: pos + 1 + n + len }
  }
  const n = b < 0xf8 ? 0 : b - 0xf7
  const len = b < 0xf8 ? b - 0xc0 : length(pos + 1, n)
  const start = pos + 1 + n
  const end = start + len
  if (end > bytes.length) throw new Error('rlp: short input')
  const items: Rlp[] = []
  for (let p = start; p < end; ) {
    const d = decodeRlp(bytes, p)
    items.push(d.item)
    p = d.end
  }
  return { item: items, end }
}

function lengthPrefix(offset: number, len: number): Uint8Array {
  if (len < 56) return Uint8Array.of(offset + len)
  const digits: number[] = []
  for (let v = len; v > 0; v = Math.floor(v / 256)) digits.unshift(v % 256)
  return Uint8Array.of(offset + 55 + digits.length, ...digits)
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

export function encodeRlp(item: Rlp): Uint8Array {
  if (item instanceof Uint8Array) {
    if (item.length === 1 && item[0]! < 0x80) return item
    return concat([lengthPrefix(0x80, item.length), item])
  }
  const body = concat(item.map(encodeRlp))
  return concat([lengthPrefix(0xc0, body.length), body])
}

/** Hex digits of `b`, read in place (no copy). */
const hexOf = (b: Uint8Array) => Buffer.from(b.buffer, b.byteOffset, b.length).toString('hex')

/** The bytes of a raw transaction's hex (a `0x` prefix or none), as Node reads hex: up to the first bad digit. */
const rawBytes = (raw: string) => Buffer.from(raw.startsWith('0x') || raw.startsWith('0X') ? raw.slice(2) : raw, 'hex')

const toBig = (b: Rlp) => {
  if (!(b instanceof Uint8Array)) throw new Error('rlp: list where a number belongs')
  return b.length === 0 ? 0n : BigInt(`0x${hexOf(b)}`)
}
const bigBytes = (v: bigint) =>
  v === 0n ? new Uint8Array() : Uint8Array.from(Buffer.from(v.toString(16).padStart(2 * Math.ceil(v.toString(16).length / 2), '0'), 'hex'))

type Noble = {
  Signature: {
    new (
      r: bigint,
      s: bigint,
    ): { addRecoveryBit(bit: number): { recoverPublicKey(hash: Uint8Array): { toRawBytes(compressed: boolean): Uint8Array } } }
  }
}
/** What the devnet takes of `tiny-secp256k1`: ECDSA public key recovery (null where the signature has no key). */
type Wasm = { recover(hash: Uint8Array, signature: Uint8Array, recoveryId: 0 | 1 | 2 | 3, compressed: boolean): Uint8Array | null }

/** Uncompressed public key (65 bytes) of the signature (r, s, yParity) over `hash`; throws where there is none. */
export type Recover = (r: bigint, s: bigint, yParity: number, hash: Uint8Array) => Uint8Array

/** Recovery with libsecp256k1 in WebAssembly (`tiny-secp256k1`); undefined where it does not load. */
export function wasmRecover(): Recover | undefined {
  let wasm: Wasm
  try {
    wasm = createRequire(import.meta.url)('tiny-secp256k1') as Wasm
  } catch {
    return undefined
  }
  return (r, s, yParity, hash) => {
    // Over 32 bytes is no signature; libsecp256k1 refuses an r or s of zero, n or over, and a parity over 3, as
    // @noble/curves does (by a throw; a signature without a key is null).
    if (r >= 1n << 256n || s >= 1n << 256n) throw new Error('signature out of range')
    const sig = Buffer.from(r.toString(16).padStart(64, '0') + s.toString(16).padStart(64, '0'), 'hex')
    const key = wasm.recover(hash, sig, yParity as 0 | 1 | 2 | 3, false)
    if (!key) throw new Error('no public key for this signature')
    return key
  }
}

/** Recovery with `@noble/curves` (pure JS, on every platform). */
export function jsRecover(): Recover {
  const noble = (createRequire(import.meta.url)('@noble/curves/secp256k1') as { secp256k1: Noble }).secp256k1
  return (r, s, yParity, hash) => new noble.Signature(r, s).addRecoveryBit(yParity).recoverPublicKey(hash).toRawBytes(false)
}

let recover: Recover | undefined

/** The recovered sender, lower-case hex, or undefined when the bytes are not a signed transaction. */
export function rawTransactionSender(raw: string): string | undefined {
  return decodeRawTransaction(raw)?.sender
}

/** A decoded transaction's message fields, as `eth_call` / `debug_traceCall` take them. */
export type TxMessage = { to?: string; gas: string; value: string; input: string; accessList: { address: string; storageKeys: string[] }[] }

/** A decoded transaction as the pool reads it: sender, nonce, fee and tip caps, whether it creates, its message. */
export type DecodedTransaction = {
  sender: string
  /** The envelope's type: 0 legacy, else its first byte (1 to 4). */
  type: number
  nonce: bigint
  feeCap: bigint
  tipCap: bigint
  create: boolean
  message: TxMessage
}

/** A transaction's signature over its signing payload's hash: what its sender is recovered from. */
export type SignedPayload = { r: bigint; s: bigint; yParity: number; hash: Uint8Array }

/**
 * A transaction's fields and its signature, the sender not yet recovered (the costly part, ./senderRecovery.ts),
 * or undefined when the bytes are not a signed transaction.
 */
export function parseRawTransaction(raw: string): { unsigned: Omit<DecodedTransaction, 'sender'>; signed: SignedPayload } | undefined {
  try {
    const bytes = rawBytes(raw)
    if (bytes.length === 0) return undefined
    let payload: Uint8Array
    let fields: Rlp[]
    let yParity: bigint
    if (bytes[0]! >= 0xc0) {
      fields = decodeRlp(bytes).item as Rlp[]
      if (fields.length !== 9) return undefined
      const v = toBig(fields[6]!)
      if (v === 27n || v === 28n) {
        yParity = v - 27n
        payload = encodeRlp(fields.slice(0, 6))
      } else {
        const chainId = (v - 35n) / 2n
        yParity = (v - 35n) % 2n
        payload = encodeRlp([...fields.slice(0, 6), bigBytes(chainId), new Uint8Array(), new Uint8Array()])
      }
    } else {
      const type = bytes[0]!
      if (type < 1 || type > 4) return undefined
      fields = decodeRlp(bytes, 1).item as Rlp[]
      const unsigned = fields.slice(0, -3)
      yParity = toBig(fields[fields.length - 3]!)
      payload = concat([Uint8Array.of(type), encodeRlp(unsigned)])
    }
    const signed = {
      r: toBig(fields[fields.length - 2]!),
      s: toBig(fields[fields.length - 1]!),
      yParity: Number(yParity),
      hash: keccak_256(payload),
    }
    // Field positions: legacy [nonce, gasPrice, gas, to, …]; type 1 [chainId, nonce, gasPrice, gas, to, …];
    // types 2-4 [chainId, nonce, maxPriorityFeePerGas, maxFeePerGas, gas, to, …].
    const legacy = bytes[0]! >= 0xc0
    const toIndex = legacy ? 3 : bytes[0] === 1 ? 4 : 5
    const feeCapIndex = legacy ? 1 : bytes[0] === 1 ? 2 : 3
    const to = fields[toIndex]
    const hex = (b: Rlp) => `0x${hexOf(b as Uint8Array)}`
    // After `to`: value, data, and (typed envelopes) the access list.
    const accessList = legacy ? [] : (fields[toIndex + 3] as Rlp[][])
    const unsigned = {
      type: legacy ? 0 : bytes[0]!,
      nonce: toBig(fields[legacy ? 0 : 1]!),
      feeCap: toBig(fields[feeCapIndex]!),
      tipCap: toBig(fields[legacy || bytes[0] === 1 ? feeCapIndex : 2]!),
      create: to instanceof Uint8Array && to.length === 0,
      message: {
        ...(to instanceof Uint8Array && to.length === 20 ? { to: hex(to) } : {}),
        gas: `0x${toBig(fields[toIndex - 1]!).toString(16)}`,
        value: `0x${toBig(fields[toIndex + 1]!).toString(16)}`,
        input: hex(fields[toIndex + 2]!),
        accessList: accessList.map(([address, keys]) => ({ address: hex(address!), storageKeys: (keys as Rlp[]).map(hex) })),
      },
    }
    return { unsigned, signed }
  } catch {
    return undefined
  }
}

/** The address of the key that signed `signed`, lower-case hex; throws where the signature has none. */
export function recoverSender({ r, s, yParity, hash }: SignedPayload): string {
  recover ??= wasmRecover() ?? jsRecover()
  const key = recover(r, s, yParity, hash)
  return `0x${Buffer.from(keccak_256(key.subarray(1)).subarray(12)).toString('hex')}`
}

/** Sender, nonce, fee and tip caps, whether it creates a contract (empty `to`) and its message, or undefined when unreadable. */
export function decodeRawTransaction(raw: string): DecodedTransaction | undefined {
  const parsed = parseRawTransaction(raw)
  if (!parsed) return undefined
  try {
    return { sender: recoverSender(parsed.signed), ...parsed.unsigned }
  } catch {
    return undefined
  }
}

/** The address `CREATE` gives a contract made by `sender` at `nonce`: keccak256(rlp([sender, nonce]))[12:]. */
export function createAddress(sender: string, nonce: bigint): string {
  const encoded = encodeRlp([Uint8Array.from(Buffer.from(sender.slice(2), 'hex')), bigBytes(nonce)])
  return `0x${Buffer.from(keccak_256(encoded).subarray(12)).toString('hex')}`
}

/**
 * A signed transaction as `eth_getTransactionByHash` shows it while it waits in the pool
 * (internal/ethapi `newRPCPendingTransaction`): no block fields, a dynamic-fee transaction's
 * `gasPrice` its fee cap; keys in `RPCTransaction`'s order. Legacy, EIP-2930 and EIP-1559
 * envelopes; undefined for others.
 */
export function pendingTransactionJson(raw: string): Record<string, unknown> | undefined {
  const decoded = decodeRawTransaction(raw)
  if (!decoded) return undefined
  const bytes = Uint8Array.from(Buffer.from(raw.replace(/^0x/i, ''), 'hex'))
  const legacy = bytes[0]! >= 0xc0
  if (!legacy && bytes[0]! > 2) return undefined
  const type = legacy ? 0 : bytes[0]!
  const fields = decodeRlp(bytes, legacy ? 0 : 1).item as Rlp[]
  const q = (b: Rlp) => `0x${toBig(b).toString(16)}`
  const [v, r, s] = fields.slice(-3).map(q) as [string, string, string]
  const { message } = decoded
  const dynamic = type === 2
  return {
    blockHash: null,
    blockNumber: null,
    from: decoded.sender,
    gas: message.gas,
    gasPrice: `0x${decoded.feeCap.toString(16)}`,
    ...(dynamic ? { maxFeePerGas: q(fields[3]!), maxPriorityFeePerGas: q(fields[2]!) } : {}),
    hash: `0x${Buffer.from(keccak_256(bytes)).toString('hex')}`,
    input: message.input,
    nonce: `0x${decoded.nonce.toString(16)}`,
    to: message.to ?? null,
    transactionIndex: null,
    value: message.value,
    type: `0x${type.toString(16)}`,
    ...(legacy ? {} : { accessList: message.accessList, chainId: q(fields[0]!) }),
    ...(legacy && toBig(fields[6]!) >= 35n ? { chainId: `0x${((toBig(fields[6]!) - 35n) / 2n).toString(16)}` } : {}),
    v,
    r,
    s,
    ...(legacy ? {} : { yParity: v }),
  }
}

/**
 * A legacy transaction signed without EIP-155 replay protection, with its hash: `!tx.Protected()`, whose
 * `isProtectedV` takes a legacy `v` of 27, 28 (or 0, 1) as unprotected; typed envelopes always carry a chain ID.
 * Undefined for a protected or unreadable transaction.
 */
export function unprotectedTransaction(raw: string): { hash: string } | undefined {
  try {
    // A typed envelope's first byte is under 0xc0: told from the first two digits without reading the rest.
    if (!(Number.parseInt(raw.slice(raw.startsWith('0x') || raw.startsWith('0X') ? 2 : 0).slice(0, 2), 16) >= 0xc0)) return undefined
    const bytes = rawBytes(raw)
    if (bytes.length === 0 || bytes[0]! < 0xc0) return undefined
    const fields = decodeRlp(bytes).item as Rlp[]
    if (fields.length !== 9) return undefined
    const v = toBig(fields[6]!)
    if (v !== 27n && v !== 28n && v !== 0n && v !== 1n) return undefined
    return { hash: `0x${Buffer.from(keccak_256(bytes)).toString('hex')}` }
  } catch {
    return undefined
  }
}

/**
 * A signed transaction's gas price as `tx.GasPrice()` gives it (a dynamic-fee envelope's fee cap) and its gas limit,
 * for the RPC fee cap's check (./txFeeCap.ts): read from the first fields' hex digits alone, without converting the
 * rest (a 128 KiB input is not copied) or hashing anything; undefined where unreadable.
 */
export function gasPriceAndGas(raw: string): { gasPrice: bigint; gas: bigint } | undefined {
  const hex = raw.startsWith('0x') || raw.startsWith('0X') ? raw.slice(2) : raw
  const byte = (i: number) => {
    const b = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16)
    if (Number.isNaN(b) || 2 * i + 2 > hex.length) throw new Error('short')
    return b
  }
  const uint = (at: number, n: number) => {
    let v = 0
    for (let i = 0; i < n; i++) v = v * 256 + byte(at + i)
    return v
  }
  try {
    const type = byte(0)
    const legacy = type >= 0xc0
    if (!legacy && (type < 1 || type > 4)) return undefined
    // The envelope's list prefix, then its items in order: a string item's start and length, a list item skipped.
    let at = legacy ? 0 : 1
    const prefix = byte(at)
    if (prefix < 0xc0) return undefined
    at += prefix < 0xf8 ? 1 : 1 + (prefix - 0xf7)
    // Legacy [nonce, gasPrice, gas, …]; type 1 [chainId, nonce, gasPrice, gas, …]; types 2-4 [chainId, nonce, tip, feeCap, gas, …].
    const priceAt = legacy ? 1 : type === 1 ? 2 : 3
    const values: bigint[] = []
    for (let index = 0; index <= priceAt + 1; index++) {
      const b = byte(at)
      let start: number
      let length: number
      if (b < 0x80) [start, length] = [at, 1]
      else if (b < 0xb8) [start, length] = [at + 1, b - 0x80]
      else if (b < 0xc0) [start, length] = [at + 1 + (b - 0xb7), uint(at + 1, b - 0xb7)]
      else return undefined // a list where a number belongs
      if (2 * (start + length) > hex.length) return undefined
      if (index >= priceAt) values.push(length === 0 ? 0n : BigInt(`0x${hex.slice(2 * start, 2 * (start + length))}`))
      at = start + length
    }
    return { gasPrice: values[0]!, gas: values[1]! }
  } catch {
    return undefined
  }
}
