/**
 * Warp predicates as the node reads them (the pure part; ./warpPredicates.ts runs them per block):
 * Warp predicates on the devnet, as a node handles a transaction whose access list carries signed Warp
 * messages for the Warp precompile:
 *
 * - intrinsic gas: each Warp tuple costs its predicate gas instead of the access-list price
 *   (graft/evm/precompileconfig/predicate.go `AccessListGasWithPredicates`, warp/config.go `PredicateGas`), and
 *   a predicate that does not parse refuses the transaction with `PredicateGas`'s text, in the pool
 *   (core/txpool/validation.go) and in `eth_call` / `eth_estimateGas` (core/state_transition.go);
 * - verification when the block is built (core/predicate_check.go `CheckTxPredicates`, warp/config.go
 *   `VerifyPredicate`): network ID, the source chain's subnet, its canonical validator set, the signers' weight
 *   against the quorum, the aggregate signature; a failing predicate sets its bit in the transaction's results,
 *   and `getVerifiedWarpMessage(index)` then answers `valid = false` (contract_warp_handler.go);
 * - the block's results (vms/evm/predicate/results.go `BlockResults.Bytes`) after the fee window in the header's
 *   extra data from Durango (miner/worker.go `commit`).
 *
 * Predicaters exist only while Warp is enabled (params/config_libevm.go): before, a tuple for its address is an
 * ordinary access-list entry.
 */
import {
  encodeUnsignedWarpMessage,
  parseSignedWarpMessage,
  parseWarpPayload,
  type SignedWarpMessage,
  signerIndices,
  signersBitset,
  unpackPredicate,
  verifyWarpWeight,
  type WarpPayload,
  warpPredicateGas,
  warpPredicateGasConfig,
} from 'subnet-rpc/warp'
import { precompileAddresses } from 'subnet-rpc'
import { requireBls } from '../../anvil.js'
import { SIGNATURE_DST } from '../../identity.js'
import type { WarpNetwork } from '../../network/types.js'
import { canonicalSet, warpQuorumDenominator } from './warpSigner.js'

type Hex = `0x${string}`

/** The Warp precompile's address, lower case. */
export const warpAddress = precompileAddresses.warpConfig.toLowerCase()

export type AccessList = readonly { address: string; storageKeys: readonly string[] }[]

/** One Warp predicate of a transaction: its chunks, its gas, and the signed message it carries. */
export type TxPredicate = { chunks: Hex[]; gas: bigint; message: SignedWarpMessage; payload: WarpPayload }

/** A transaction's Warp predicates, in access-list order (the index `getVerifiedWarpMessage` takes), or the node's refusal. */
export type TxPredicates = { predicates: TxPredicate[]; accessListGas: bigint } | { error: string }

/**
 * The Warp predicates of an access list under Warp's rules at the block (`isGranite` picks the gas table),
 * with the intrinsic gas of the whole list as the node computes it; `{ error }` with `PredicateGas`'s text
 * when one does not parse.
 */
export function txPredicates(accessList: AccessList | undefined, isGranite: boolean): TxPredicates {
  const gasConfig = warpPredicateGasConfig(isGranite)
  const predicates: TxPredicate[] = []
  let accessListGas = 0n
  for (const tuple of accessList ?? []) {
    if (tuple.address.toLowerCase() !== warpAddress) {
      accessListGas += tupleGas(tuple)
      continue
    }
    const chunks = tuple.storageKeys.map((k) => k.toLowerCase() as Hex)
    let gas: bigint
    try {
      gas = warpPredicateGas(chunks, gasConfig)
    } catch (e) {
      return { error: (e as { reason?: string; message: string }).reason ?? (e as Error).message }
    }
    accessListGas += gas
    const message = parseSignedWarpMessage(unpackPredicate(chunks))
    predicates.push({ chunks, gas, message, payload: parseWarpPayload(message.payload) })
  }
  return { predicates, accessListGas }
}

/** The access-list price anvil charged for the same list (EIP-2930: 2,400 per tuple, 1,900 per key). */
export function plainAccessListGas(accessList: AccessList | undefined): bigint {
  return (accessList ?? []).reduce((gas, tuple) => gas + tupleGas(tuple), 0n)
}

/** One access-list tuple's price (`TxAccessListAddressGas`, `TxAccessListStorageKeyGas`). */
const tupleGas = (tuple: AccessList[number]) => 2400n + 1900n * BigInt(tuple.storageKeys.length)

/** What `VerifyPredicate` reads: the network, this chain's subnet, Warp's config at the block. */
export type VerifyContext = {
  network: WarpNetwork
  /** This chain's subnet (`snowCtx.SubnetID`). */
  subnetID: Uint8Array
  /** `quorumNumerator` of the Warp config in force (0: `WarpDefaultQuorumNumerator`, 67). */
  quorumNumerator: bigint
  requirePrimaryNetworkSigners: boolean
}

const isZero = (b: Uint8Array) => b.every((x) => x === 0)
const bytesOf = (hex: string) => Uint8Array.from(Buffer.from(hex.replace(/^0x/, ''), 'hex'))

/**
 * `VerifyPredicate`: undefined when the message verifies, else the reason (the node only keeps the bit). The
 * source chain's subnet from the P-Chain (`GetSubnetID`, an unknown chain fails); a primary-network source is
 * checked against this chain's own subnet unless `requirePrimaryNetworkSigners` (the P-Chain always); then
 * `BitSetSignature.Verify`.
 */
export function verifyPredicate(message: SignedWarpMessage, ctx: VerifyContext): string | undefined {
  const sourceChainID = bytesOf(message.sourceChainID)
  let subnetID = ctx.network.subnetOf(sourceChainID)
  if (!subnetID) return 'cannot retrieve validator set: unknown blockchain'
  if (isZero(subnetID) && (!ctx.requirePrimaryNetworkSigners || isZero(sourceChainID))) subnetID = ctx.subnetID
  const set = canonicalSet(ctx.network, subnetID)
  if (set.validators.length === 0) return 'cannot retrieve validator set: source subnet not found'
  // BitSetSignature.Verify
  if (message.networkID !== ctx.network.networkID) return 'wrong networkID'
  let signers: number[]
  try {
    signers = signerIndices(message.signature.signers)
  } catch {
    return 'bitset is invalid'
  }
  if (signers.some((i) => i >= set.validators.length)) return 'unknown validator'
  const chosen = signers.map((i) => set.validators[i]!)
  const weight = chosen.reduce((s, v) => s + v.weight, 0n)
  const quorum = ctx.quorumNumerator === 0n ? 67n : ctx.quorumNumerator
  try {
    verifyWarpWeight(weight, set.totalWeight, quorum, warpQuorumDenominator)
  } catch (e) {
    return (e as { reason?: string }).reason ?? 'signature weight is insufficient'
  }
  const bls = requireBls()
  try {
    if (chosen.length === 0) return 'no public keys'
    const publicKey = bls.aggregatePublicKeys(chosen.map((v) => v.publicKey))
    const unsigned = bytesOf(encodeUnsignedWarpMessage(message))
    if (!bls.verify(bytesOf(message.signature.signature), unsigned, publicKey, { DST: SIGNATURE_DST })) return 'invalid signature'
  } catch {
    return 'failed to parse signature'
  }
  return undefined
}

/** The failed predicates' bitset (`set.Bits.Bytes()`, as a signers bitset is written). */
export function resultBits(failed: readonly number[]): Uint8Array {
  return bytesOf(signersBitset(failed))
}

/**
 * `BlockResults.Bytes()`: codec version 0, then the map of transaction hash → (precompile address → bitset), each
 * map's keys sorted by their bytes as avalanchego's linear codec writes maps. Transactions without predicates are
 * not in it; a block without any encodes as the empty map (6 bytes).
 */
export function blockResultsBytes(results: ReadonlyMap<string, Uint8Array>): Uint8Array {
  const entries = [...results.entries()].map(([hash, bits]) => ({ key: bytesOf(hash), bits })).sort((a, b) => compare(a.key, b.key))
  const parts: number[] = [0, 0, ...u32(entries.length)]
  const warp = bytesOf(warpAddress)
  for (const { key, bits } of entries) parts.push(...key, ...u32(1), ...warp, ...u32(bits.length), ...bits)
  return Uint8Array.from(parts)
}

const u32 = (v: number) => [v >>> 24, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff]
function compare(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! - b[i]!
  return 0
}
