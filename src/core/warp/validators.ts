/**
 * A subnet's Warp validator set in canonical order, and the weight a signed message's signers carry
 * (snow/validators/warp.go `FlattenValidatorSet`; vms/platformvm/warp/validator.go `FilterValidators`,
 * `SumWeight`). Pure: the order needs no BLS library, since the uncompressed key bytes sort as (x, y) and a
 * compressed key carries x and which of the two y values it is (the ZCash encoding's sign flag).
 */
import { WarpFormatError, WarpWeightError } from '../../errors/warp.js'
import { InvalidArgumentError } from '../../errors/argument.js'
import { bytesToHex, hexToBytes, signerIndices, verifyWarpWeight, type SignedWarpMessage } from './codec.js'
import { warpQuorum } from './args.js'

type Hex = `0x${string}`

/** One validator of the source subnet: its BLS public key (48 bytes compressed or 96 uncompressed) and weight. */
export type WarpValidator = {
  /** The BLS public key, compressed (48 bytes, as `info.getNodeID` and the P-Chain APIs show it) or uncompressed (96). */
  publicKey: Hex
  /** Its weight (a uint64). */
  weight: bigint | number
}

/** A validator set in the order Warp's signer bitsets index it. */
export type CanonicalWarpValidatorSet = {
  /** The distinct keys in canonical order, each with the summed weight of the validators that share it. */
  validators: { publicKey: Hex; weight: bigint; sources: number[] }[]
  /** The weight of the whole set. */
  totalWeight: bigint
}

/** The BLS12-381 base field's modulus, to tell which y an uncompressed key has. */
const fieldModulus = 0x1a0111ea397fe69a4b1ba7b6434bacd764774b84f38512bf6730d2a0f6b0f6241eabfffeb153ffffb9feffffffffaaabn
const halfField = (fieldModulus - 1n) / 2n

const toBig = (bytes: Uint8Array) => (bytes.length ? BigInt(bytesToHex(bytes)) : 0n)

/** The sort key of a key's uncompressed bytes: x (48 bytes) then 0 or 1 for the smaller or larger y. */
function sortKey(argument: string, publicKey: unknown): string {
  const bad = () =>
    new InvalidArgumentError({ argument, value: publicKey, accepted: 'a BLS public key: 48 bytes compressed or 96 uncompressed, as hex' })
  let bytes: Uint8Array
  try {
    bytes = hexToBytes(argument, publicKey as Hex)
  } catch {
    throw bad()
  }
  if (bytes.length === 48 && bytes[0]! & 0x80 && !(bytes[0]! & 0x40)) {
    const x = bytes.slice()
    const larger = (x[0]! & 0x20) !== 0
    x[0]! &= 0x1f
    return `${bytesToHex(x)}${larger ? 1 : 0}`
  }
  if (bytes.length === 96 && !(bytes[0]! & 0xe0))
    return `${bytesToHex(bytes.subarray(0, 48))}${toBig(bytes.subarray(48)) > halfField ? 1 : 0}`
  throw bad()
}

/**
 * The canonical validator set (`FlattenValidatorSet`): validators that share a key merged (weights summed), the
 * keys sorted by their uncompressed bytes. `sources` are the input indices each canonical validator stands for.
 *
 * @example
 * import { canonicalWarpValidators } from 'subnet-rpc/warp'
 * declare const a: `0x${string}`, b: `0x${string}` // BLS public keys, as info.getNodeID's nodePOP.publicKey
 * const { validators, totalWeight } = canonicalWarpValidators([{ publicKey: a, weight: 10n }, { publicKey: b, weight: 5n }])
 */
export function canonicalWarpValidators(validators: readonly WarpValidator[]): CanonicalWarpValidatorSet {
  if (!Array.isArray(validators) || validators.length === 0)
    throw new InvalidArgumentError({ argument: 'validators', value: validators, accepted: 'a non-empty list of { publicKey, weight }' })
  const byKey = new Map<string, { publicKey: Hex; weight: bigint; sources: number[] }>()
  let totalWeight = 0n
  validators.forEach((v, i) => {
    const w = v?.weight
    const weight = typeof w === 'bigint' ? w : Number.isSafeInteger(w) ? BigInt(w as number) : -1n
    if (weight < 0n || weight >> 64n)
      throw new InvalidArgumentError({ argument: `validators[${i}].weight`, value: w, accepted: 'an integer from 0 to 2^64-1' })
    const key = sortKey(`validators[${i}].publicKey`, v.publicKey)
    totalWeight += weight
    const entry = byKey.get(key)
    if (entry) {
      entry.weight += weight
      entry.sources.push(i)
    } else byKey.set(key, { publicKey: v.publicKey.toLowerCase() as Hex, weight, sources: [i] })
  })
  if (totalWeight >> 64n)
    throw new InvalidArgumentError({ argument: 'validators', value: validators, accepted: 'weights whose sum fits a uint64' })
  const sorted = [...byKey].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v)
  return { validators: sorted, totalWeight }
}

/**
 * The weight of a signed message's signers in a canonical set; throws `unknown validator` (`ErrUnknownValidator`)
 * for a signer beyond the set and `bitset is invalid` for a malformed bitset.
 *
 * @example
 * import { canonicalWarpValidators, warpSignedWeight } from 'subnet-rpc/warp'
 * declare const message: import('subnet-rpc/warp').SignedWarpMessage, publicKey: `0x${string}`
 * const weight = warpSignedWeight(message, canonicalWarpValidators([{ publicKey, weight: 10n }]))
 */
export function warpSignedWeight(message: SignedWarpMessage, set: CanonicalWarpValidatorSet): bigint {
  let weight = 0n
  for (const i of signerIndices(message.signature.signers)) {
    const v = set.validators[i]
    if (!v) throw new WarpFormatError('unknown validator')
    weight += v.weight
  }
  return weight
}

/**
 * Throws {@link WarpWeightError} unless `quorumNum * totalWeight <= quorumDen * signedWeight` (`warp.VerifyWeight`).
 *
 * @example
 * import { checkWarpWeight } from 'subnet-rpc/warp'
 * checkWarpWeight(67n, 100n) // passes at the default quorum 67/100; 66n would throw
 */
export function checkWarpWeight(signedWeight: bigint, totalWeight: bigint, quorumNum: bigint = warpQuorum.default): void {
  const den = warpQuorum.denominator
  try {
    verifyWarpWeight(signedWeight, totalWeight, quorumNum, den)
  } catch {
    throw new WarpWeightError(signedWeight, totalWeight, quorumNum, den)
  }
}
