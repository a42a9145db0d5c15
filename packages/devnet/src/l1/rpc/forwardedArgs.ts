/**
 * The node's argument decoding for the methods the devnet forwards to anvil (graft/subnet-evm
 * internal/ethapi/api.go: `GetBalance`, `GetTransactionCount`, `GetCode`, `GetStorageAt`, the reads
 * by transaction or block hash, by block number and index, `Call`, `EstimateGas`,
 * `CreateAccessList`, `SendRawTransaction`): a malformed call is answered with the node's -32602
 * text before anvil sees it, where anvil would give its own. A state read that names neither
 * block nor hash gets the backend's -32000 (eth/api_backend.go `StateAndHeaderByNumberOrHash`),
 * a raw transaction that is no transaction envelope `UnmarshalBinary`'s -32000. Each method's row in
 * ./methods.ts names its check.
 */
import { findMember, scanFirstValue } from '../../wire/goScanner.js'
import { RpcError } from './envelope.js'
import {
  type ArgDecoder,
  addressArg,
  bigJson,
  type BlockNumberOrHash,
  blockNumberOrHashArg,
  bytesJson,
  goStruct,
  hashArg,
  positionalArgs,
  uint64Json,
} from './params.js'

/** An argument check: throws the node's RpcError for arguments it would not decode. */
export type Check = (params: string | undefined) => void

/** Decodes the arguments as the node does; the block argument must name a block. */
export const checked =
  (decoders: ArgDecoder<unknown>[]): Check =>
  (params) => {
    const args = positionalArgs<unknown[]>(params, decoders, decoders.length)
    const block = args[args.length - 1] as BlockNumberOrHash
    if ('empty' in block) throw new RpcError(-32000, 'invalid arguments; neither block nor hash specified')
  }

/** Decodes one required `common.Hash` argument. */
export const oneHash: Check = (params) => {
  positionalArgs<[string]>(params, [hashArg], 1)
}

/** Decodes the arguments, all of them required Go values. */
export const values =
  (decoders: ArgDecoder<unknown>[]): Check =>
  (params) => {
    positionalArgs<unknown[]>(params, decoders, decoders.length)
  }

/** A field anvil decodes, passed on as JSON; only whether it is set (not null) matters here. */
const passedOn: ArgDecoder<unknown> = (raw) => JSON.parse(raw) as unknown

/** Whether `decode` takes `raw` (a JSON value's text). */
const decodes = (decode: ArgDecoder<unknown>, raw: string) => {
  try {
    decode(raw)
    return true
  } catch {
    return false
  }
}

/**
 * `*types.AccessList`: each tuple's generated `UnmarshalJSON` (core/types/gen_access_tuple.go) refuses a tuple without
 * `address` or `storageKeys` (null or absent; a null tuple has neither) once its members decoded. Only tuples whose
 * members all decode are checked here; anything else is anvil's to refuse.
 */
const accessListArg: ArgDecoder<unknown> = (raw) => {
  const list = scanFirstValue(raw)
  for (const element of list.ok && list.kind === 'array' ? list.elements : []) {
    const text = raw.slice(element.start, element.end)
    const tuple = text === 'null' ? undefined : scanFirstValue(text)
    if (tuple && !(tuple.ok && tuple.kind === 'object')) return passedOn(raw)
    const member = (name: string) => {
      const found = tuple?.ok ? findMember(tuple.members, name) : undefined
      return found ? text.slice(found.value.start, found.value.end) : 'null'
    }
    const [address, keys] = [member('address'), member('storageKeys')]
    const keyList = keys === 'null' ? undefined : scanFirstValue(keys)
    const keysDecode =
      keys === 'null' ||
      (keyList?.ok === true && keyList.kind === 'array' && keyList.elements.every((k) => decodes(hashArg, keys.slice(k.start, k.end))))
    if ((address !== 'null' && !decodes(addressArg, address)) || !keysDecode) return passedOn(raw)
    if (address === 'null') throw new Error("missing required field 'address' for AccessTuple")
    if (keys === 'null') throw new Error("missing required field 'storageKeys' for AccessTuple")
  }
  return passedOn(raw)
}

/**
 * `TransactionArgs` (internal/ethapi/transaction_args.go) as the node decodes it for every method that takes it
 * (`goStruct`: null members unset, names matched case-insensitively): its address, quantity and data fields and its
 * access list's tuples; the blob fields are anvil's to decode.
 */
export const transactionArgs = goStruct('ethapi.TransactionArgs', {
  from: addressArg,
  to: addressArg,
  gas: uint64Json,
  gasPrice: bigJson,
  maxFeePerGas: bigJson,
  maxPriorityFeePerGas: bigJson,
  value: bigJson,
  nonce: uint64Json,
  data: bytesJson,
  input: bytesJson,
  accessList: accessListArg,
  chainId: bigJson,
  maxFeePerBlobGas: bigJson,
  blobVersionedHashes: passedOn,
  blobs: passedOn,
})

/** An argument passed on as it is (state and block overrides). */
const unchecked: ArgDecoder<string> = (raw) => raw

/** The node's refusal of mixed fee styles (transaction_args.go `setFeeDefaults` and `ToMessage`). */
export const bothFeeStylesText = 'both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified'

/**
 * Whether transaction arguments set both `gasPrice` and an EIP-1559 fee field, as Go's decoding reads
 * them: keys matched case-insensitively, the last one wins, `null` leaves a field unset. A node refuses
 * such arguments (`bothFeeStylesText`), and anvil 1.8.5 and later refuse them with their own text.
 */
export function bothFeeStyles(args: unknown): boolean {
  if (typeof args !== 'object' || args === null || Array.isArray(args)) return false
  const set = new Map<string, boolean>()
  for (const [key, value] of Object.entries(args)) set.set(key.toLowerCase(), value !== null && value !== undefined)
  return set.get('gasprice') === true && (set.get('maxfeepergas') === true || set.get('maxpriorityfeepergas') === true)
}

/**
 * A simulation: `TransactionArgs`, then an optional block (latest when absent; one naming neither
 * block nor hash is refused) and the optional arguments after it. Arguments with both fee styles
 * are refused with the node's -32000 (`ToMessage`, `setDefaults`), so anvil never sees them.
 */
export const simulation =
  (optional: number): Check =>
  (params) => {
    const [args, block] = positionalArgs<unknown[]>(
      params,
      [transactionArgs, blockNumberOrHashArg, ...new Array(optional).fill(unchecked)],
      1,
    )
    if (block && 'empty' in (block as BlockNumberOrHash)) throw new RpcError(-32000, 'invalid arguments; neither block nor hash specified')
    if (bothFeeStyles(args)) throw new RpcError(-32000, bothFeeStylesText)
  }

/**
 * `debug_traceCall(args, block, config)`: only the fee styles are checked (the node's `ToMessage`);
 * arguments that do not parse are left to anvil, as the method was before.
 */
export const feeStyles: Check = (params) => {
  let first: unknown
  try {
    first = (JSON.parse(params ?? '[]') as unknown[])[0]
  } catch {
    return
  }
  if (bothFeeStyles(first)) throw new RpcError(-32000, bothFeeStylesText)
}

/**
 * `SendRawTransaction(input hexutil.Bytes)`, then `Transaction.UnmarshalBinary`'s envelope: a first
 * byte over 0x7f is a legacy transaction (its RLP is anvil's to read), else a type byte and at
 * least one more byte, of a type libevm knows (access list 1, dynamic fee 2, blob 3).
 */
export const rawTransaction: Check = (params) => {
  const [input] = positionalArgs<[string]>(params, [bytesJson], 1)
  const first = input!.length > 2 ? Number.parseInt(input!.slice(2, 4), 16) : undefined
  if (first !== undefined && first > 0x7f) return
  if (input!.length <= 4) throw new RpcError(-32000, 'typed transaction too short')
  if (first !== 1 && first !== 2 && first !== 3) throw new RpcError(-32000, 'transaction type not supported')
}
