/**
 * The relayer's account: its key, address, and EIP-1559 transactions signed with it (the envelope the pool
 * decodes in ../l1/pool/rawTx.ts), so that its deliveries enter an L1 as any client's do.
 */
import { createRequire } from 'node:module'
import { keccak_256 } from '@noble/hashes/sha3'
import { encodeRlp, type Rlp } from '../l1/pool/rawTx.js'

type Hex = `0x${string}`

type Secp = {
  sign(hash: Uint8Array, key: Uint8Array, opts?: { lowS?: boolean }): { r: bigint; s: bigint; recovery: number }
  getPublicKey(key: Uint8Array, compressed: boolean): Uint8Array
}
let secp: Secp | undefined
const curve = () => {
  secp ??= (createRequire(import.meta.url)('@noble/curves/secp256k1') as { secp256k1: Secp }).secp256k1
  return secp
}

const bytes = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/^0x/, ''), 'hex'))
const hex = (b: Uint8Array): Hex => `0x${Buffer.from(b).toString('hex')}`
const num = (v: bigint): Uint8Array =>
  v === 0n ? new Uint8Array() : bytes(v.toString(16).padStart(2 * Math.ceil(v.toString(16).length / 2), '0'))

/** The address of a secp256k1 private key. */
export function addressOf(privateKey: Hex): Hex {
  const key = curve().getPublicKey(bytes(privateKey), false)
  return hex(keccak_256(key.subarray(1)).subarray(12))
}

/** A private key derived from the devnet's seed: the same seed, the same relayer account. */
export function seedKey(seed: string): Hex {
  return hex(keccak_256(new TextEncoder().encode(`subnet-rpc-devnet relayer key/${seed}`)))
}

export type Eip1559Tx = {
  chainId: bigint
  nonce: bigint
  maxPriorityFeePerGas: bigint
  maxFeePerGas: bigint
  gas: bigint
  to: Hex
  data: Hex
  accessList: { address: string; storageKeys: string[] }[]
}

/** Signs an EIP-1559 transaction; returns its raw bytes and hash. */
export function signEip1559(tx: Eip1559Tx, privateKey: Hex): { raw: Hex; hash: Hex } {
  const fields: Rlp[] = [
    num(tx.chainId),
    num(tx.nonce),
    num(tx.maxPriorityFeePerGas),
    num(tx.maxFeePerGas),
    num(tx.gas),
    bytes(tx.to),
    new Uint8Array(),
    bytes(tx.data),
    tx.accessList.map((t) => [bytes(t.address), t.storageKeys.map(bytes)]),
  ]
  const payload = Uint8Array.of(2, ...encodeRlp(fields))
  const sig = curve().sign(keccak_256(payload), bytes(privateKey), { lowS: true })
  const raw = Uint8Array.of(2, ...encodeRlp([...fields, num(BigInt(sig.recovery)), num(sig.r), num(sig.s)]))
  return { raw: hex(raw), hash: hex(keccak_256(raw)) }
}
