/**
 * Warp predicates: how a transaction carries a signed Warp message to the destination chain. The message's
 * bytes, ended by a 0xff delimiter and zero-padded to 32-byte chunks, are the storage keys of an access-list
 * entry for the Warp precompile (vms/evm/predicate/predicate.go `New`, `Bytes`, `FromAccessList`). The node
 * charges and verifies the predicate before the transaction runs (graft/subnet-evm/precompile/contracts/warp
 * config.go `PredicateGas`, `VerifyPredicate`), and `getVerifiedWarpMessage(index)` reads the index-th one.
 */
import { WarpFormatError } from '../../errors/warp.js'
import { precompileAddresses } from '../precompiles/addresses.js'
import { bytesToHex, hexToBytes, parseSignedWarpMessage, parseWarpPayload, signerIndices } from './codec.js'

type Hex = `0x${string}`

const chunkLength = 32
const delimiter = 0xff

/**
 * Packs bytes into predicate chunks (`predicate.New`): 32-byte words, the last one holding the 0xff
 * delimiter and zero padding.
 *
 * @example
 * import { packPredicate } from 'subnet-rpc/warp'
 * packPredicate('0x01') // ['0x01ff000000…'] (one 32-byte chunk)
 */
export function packPredicate(bytes: Hex | Uint8Array): Hex[] {
  const data = hexToBytes('predicate', bytes)
  const padded = new Uint8Array((Math.floor(data.length / chunkLength) + 1) * chunkLength)
  padded.set(data)
  padded[data.length] = delimiter
  const chunks: Hex[] = []
  for (let i = 0; i < padded.length; i += chunkLength) chunks.push(bytesToHex(padded.subarray(i, i + chunkLength)))
  return chunks
}

/**
 * Unpacks predicate chunks (`Predicate.Bytes`), refusing them with the node's texts: `no delimiter found`,
 * `predicate included excess padding`, `wrong delimiter`.
 *
 * @example
 * import { packPredicate, unpackPredicate } from 'subnet-rpc/warp'
 * unpackPredicate(packPredicate('0xabcd')) // '0xabcd'
 */
export function unpackPredicate(chunks: readonly (Hex | Uint8Array)[]): Hex {
  const padded = new Uint8Array(chunks.length * chunkLength)
  chunks.forEach((chunk, i) => {
    const bytes = hexToBytes(`predicate chunk ${i}`, chunk)
    if (bytes.length !== chunkLength) throw new WarpFormatError(`predicate chunk ${i}: expected 32 bytes, got ${bytes.length}`)
    padded.set(bytes, i * chunkLength)
  })
  let end = padded.length
  while (end > 0 && padded[end - 1] === 0) end--
  if (end === 0) throw new WarpFormatError(`no delimiter found: length (${chunks.length})`)
  const expected = Math.ceil(end / chunkLength)
  if (expected !== chunks.length)
    throw new WarpFormatError(`predicate included excess padding: got length (${chunks.length}), expected length (${expected})`)
  if (padded[end - 1] !== delimiter) throw new WarpFormatError('wrong delimiter')
  return bytesToHex(padded.subarray(0, end - 1))
}

/** An access-list entry, as viem and ethers take them. */
export type WarpAccessListEntry = { address: Hex; storageKeys: Hex[] }

/**
 * The access-list entry that carries a signed Warp message to the destination chain's Warp precompile. Put it
 * in the transaction's `accessList`; the n-th such entry is `getVerifiedWarpMessage(n)`.
 *
 * @example
 * import { encodeSignedWarpMessage, warpPredicateAccessListEntry } from 'subnet-rpc/warp'
 * const signed = encodeSignedWarpMessage({
 *   networkID: 1337, sourceChainID: `0x${'11'.repeat(32)}`, payload: '0x',
 *   signature: { signers: '0x01', signature: `0x${'00'.repeat(96)}` },
 * })
 * warpPredicateAccessListEntry(signed).address // '0x0200000000000000000000000000000000000005'
 */
export function warpPredicateAccessListEntry(signedMessage: Hex | Uint8Array): WarpAccessListEntry {
  return { address: precompileAddresses.warpConfig, storageKeys: packPredicate(signedMessage) }
}

/** The Warp precompile's predicate gas figures (warp/contract.go `GasConfig`). */
export type WarpPredicateGasConfig = { verifyPredicateBase: bigint; perWarpMessageChunk: bigint; perWarpSigner: bigint }

/**
 * The predicate gas in force (warp/contract.go `CurrentGasConfig`): Granite lowered it from
 * `preGraniteGasConfig` to `graniteGasConfig`.
 *
 * @example
 * import { warpPredicateGasConfig } from 'subnet-rpc/warp'
 * warpPredicateGasConfig(true).verifyPredicateBase // 125000n
 */
export function warpPredicateGasConfig(isGranite: boolean): WarpPredicateGasConfig {
  return isGranite
    ? { verifyPredicateBase: 125_000n, perWarpMessageChunk: 512n, perWarpSigner: 250n }
    : { verifyPredicateBase: 200_000n, perWarpMessageChunk: 3_200n, perWarpSigner: 500n }
}

/**
 * A Warp predicate's gas (warp/config.go `PredicateGas`): the base, per chunk, per signer; refuses what the
 * node refuses before the pool with its texts (`cannot unpack predicate bytes: …`, `cannot unpack warp message:
 * …`, `cannot unpack warp message payload: …`, `cannot fetch num signers from warp message: …`).
 *
 * @example
 * import { encodeSignedWarpMessage, encodeWarpPayload, packPredicate, warpPredicateGas, warpPredicateGasConfig } from 'subnet-rpc/warp'
 * const payload = encodeWarpPayload({ type: 'hash', hash: `0x${'22'.repeat(32)}` })
 * const signed = encodeSignedWarpMessage({
 *   networkID: 1337, sourceChainID: `0x${'11'.repeat(32)}`, payload,
 *   signature: { signers: '0x07', signature: `0x${'00'.repeat(96)}` },
 * })
 * warpPredicateGas(packPredicate(signed), warpPredicateGasConfig(true)) // 125000n + 512n * 5n + 250n * 3n
 */
export function warpPredicateGas(chunks: readonly (Hex | Uint8Array)[], gas: WarpPredicateGasConfig): bigint {
  const total = gas.verifyPredicateBase + gas.perWarpMessageChunk * BigInt(chunks.length)
  const stage = <T>(prefix: string, fn: () => T): T => {
    try {
      return fn()
    } catch (e) {
      if (e instanceof WarpFormatError) throw new WarpFormatError(`${prefix}: ${e.reason}`)
      throw e
    }
  }
  const bytes = stage('cannot unpack predicate bytes', () => unpackPredicate(chunks))
  const message = stage('cannot unpack warp message', () => parseSignedWarpMessage(bytes))
  stage('cannot unpack warp message payload', () => parseWarpPayload(message.payload))
  const signers = stage('cannot fetch num signers from warp message', () => signerIndices(message.signature.signers))
  return total + gas.perWarpSigner * BigInt(signers.length)
}
