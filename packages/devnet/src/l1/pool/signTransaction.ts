/**
 * `eth_signTransaction` as a Subnet-EVM node answers it (graft/subnet-evm/internal/ethapi/api.go
 * `TransactionAPI.SignTransaction`), where anvil would fill what is missing, sign any fee and answer the raw hex alone:
 * - refused, in this order: no `gas` (`gas not specified`), neither `gasPrice` nor both EIP-1559 fee fields
 *   (`missing gasPrice or maxFeePerGas/maxPriorityFeePerGas`), blob fields (`errBlobTxNotSupported`), no `nonce`
 *   (`nonce not specified`);
 * - then `setDefaults` (transaction_args.go): its checks of the fee fields (`setFeeDefaults`; London is active on every
 *   Subnet-EVM chain), `data` against `input`, a creation without data, the chain ID;
 * - then `checkTxFee` against the chain config's `rpc-tx-fee-cap` (./txFeeCap.ts) on the transaction `toTransaction`
 *   builds (a dynamic-fee one's fee cap as its price);
 * - then the wallet signs (anvil, holding the dev accounts' keys): an account it does not hold, or none given (the zero
 *   address), is `accounts.ErrUnknownAccount`;
 * - the answer is `SignTransactionResult` `{raw, tx}`, `tx` as libevm's `Transaction.MarshalJSON` writes it.
 * The arguments decode as every `TransactionArgs` does (../rpc/forwardedArgs.ts `transactionArgs`). Blob fields must
 * not reach anvil here: 1.7.1 aborts (SIGABRT, the L1's chain lost) signing with `maxFeePerBlobGas`; the node refuses
 * them first.
 */
import { keccak_256 } from '@noble/hashes/sha3'
import type { L1 } from '../context.js'
import { RpcError } from '../rpc/envelope.js'
import { transactionArgs } from '../rpc/forwardedArgs.js'
import { type ArgDecoder, positionalArgs } from '../rpc/params.js'
import { decodeRlp, type Rlp } from './rawTx.js'
import { txFeeRefusal } from './txFeeCap.js'

type SignArgs = {
  from?: string
  to?: string
  gas?: bigint
  gasPrice?: bigint
  maxFeePerGas?: bigint
  maxPriorityFeePerGas?: bigint
  value?: bigint
  nonce?: bigint
  data?: string
  input?: string
  accessList?: unknown
  chainId?: bigint
  maxFeePerBlobGas?: bigint
  blobVersionedHashes?: unknown
  blobs?: unknown
}

const refuse = (message: string) => new RpcError(-32000, message)
const hex = (v: bigint) => `0x${v.toString(16)}`

/**
 * The arguments decoded (one `TransactionArgs`, required) and the refusals that need no chain, in the node's order;
 * throws the node's RpcError.
 */
function decoded(params: string | undefined): SignArgs {
  const [args] = positionalArgs<[SignArgs]>(params, [transactionArgs as ArgDecoder<SignArgs>], 1)
  const a = args!
  if (a.gas === undefined) throw refuse('gas not specified')
  if (a.gasPrice === undefined && (a.maxPriorityFeePerGas === undefined || a.maxFeePerGas === undefined))
    throw refuse('missing gasPrice or maxFeePerGas/maxPriorityFeePerGas')
  // IsEIP4844: blob hashes or a blob fee cap.
  if (a.blobVersionedHashes !== undefined || a.maxFeePerBlobGas !== undefined) throw refuse('signing blob transactions not supported')
  if (a.nonce === undefined) throw refuse('nonce not specified')
  // setDefaults: setBlobTxSidecar (blobs not allowed here), then setFeeDefaults.
  if (a.blobs !== undefined) throw refuse('"blobs" is not supported for this RPC method')
  if (a.gasPrice !== undefined && (a.maxFeePerGas !== undefined || a.maxPriorityFeePerGas !== undefined))
    throw refuse('both gasPrice and (maxFeePerGas or maxPriorityFeePerGas) specified')
  if (a.maxFeePerGas !== undefined && a.maxPriorityFeePerGas !== undefined) {
    if (a.maxFeePerGas === 0n) throw refuse('maxFeePerGas must be non-zero')
    // `%v` of a *hexutil.Big: its String(), hex.
    if (a.maxFeePerGas < a.maxPriorityFeePerGas)
      throw refuse(`maxFeePerGas (${hex(a.maxFeePerGas)}) < maxPriorityFeePerGas (${hex(a.maxPriorityFeePerGas)})`)
  } else if (a.gasPrice === 0n) throw refuse('gasPrice must be non-zero after london fork')
  if (a.data !== undefined && a.input !== undefined && a.data !== a.input)
    throw refuse('both "data" and "input" are set and not equal. Please use "input" to pass transaction call data')
  if (a.to === undefined && (a.input ?? a.data ?? '0x') === '0x') throw refuse('contract creation without any data provided')
  return a
}

/**
 * The row's argument check of `eth_signTransaction` (../rpc/methods.ts): decoding and the refusals before the chain ID.
 *
 * @example
 * signTransactionArgs('[{"from":"0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"}]') // throws RpcError(-32000, 'gas not specified')
 */
export function signTransactionArgs(params: string | undefined): void {
  decoded(params)
}

/**
 * `eth_signTransaction`'s answer (see the top of this file): the node's refusals, then anvil's signature of the
 * arguments `toTransaction` reads (so that anvil builds the node's type: legacy with EIP-155, access list, dynamic fee),
 * written as `SignTransactionResult`.
 *
 * @example
 * const { raw, tx } = await signTransaction(
 *   '[{"from":"0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266","to":"0x00000000000000000000000000000000000000bb","gas":"0x5208","gasPrice":"0x1","nonce":"0x0"}]',
 *   l1,
 * ) // raw: '0xf861…'; tx: { type: '0x0', chainId, nonce: '0x0', …, hash }
 */
export async function signTransaction(params: string | undefined, l1: L1): Promise<{ raw: string; tx: Record<string, unknown> }> {
  const a = decoded(params)
  const chainId = l1.spec.chainId
  if (a.chainId !== undefined && a.chainId !== BigInt(chainId))
    throw refuse(`chainId does not match node's (have=${a.chainId}, want=${chainId})`)
  const price = a.maxFeePerGas ?? a.gasPrice!
  const overCap = txFeeRefusal(price, a.gas!, l1.chainConfig.rpcTxFeeCap)
  if (overCap) throw refuse(overCap)
  // The wallet is asked for `args.from()`: the zero address when none is given, which no wallet holds.
  if (a.from === undefined) throw refuse('unknown account')
  const input = a.input ?? a.data
  const fees =
    a.maxFeePerGas !== undefined
      ? { maxFeePerGas: hex(a.maxFeePerGas), maxPriorityFeePerGas: hex(a.maxPriorityFeePerGas!) }
      : { gasPrice: hex(a.gasPrice!) }
  const request = {
    from: a.from,
    ...(a.to !== undefined ? { to: a.to } : {}),
    gas: hex(a.gas!),
    ...fees,
    value: hex(a.value ?? 0n),
    nonce: hex(a.nonce!),
    input: input ?? '0x',
    ...(a.accessList !== undefined ? { accessList: a.accessList } : {}),
    chainId: hex(BigInt(chainId)),
  }
  const signed = await l1.anvil.raw<string>('eth_signTransaction', [request])
  if (signed.error) {
    if (signed.error.message === 'No Signer available') throw refuse('unknown account')
    throw new RpcError(signed.error.code, signed.error.message)
  }
  const raw = String(signed.result).toLowerCase()
  return { raw, tx: transactionJson(raw) }
}

/**
 * A signed legacy, access-list or dynamic-fee transaction as libevm writes a `*types.Transaction`
 * (core/types/transaction_marshalling.go `MarshalJSON`, `txJSON`'s field order): the fields a type lacks are null
 * (`gasPrice` of a dynamic-fee one, the EIP-1559 fees of the others), `chainId` only where signed with one,
 * `accessList` and `yParity` only for typed ones, then the hash.
 *
 * @example
 * transactionJson('0xf861800182520894f39fd6e51aad88f6f4ce6ab8827279cfffb92266808082f4f6a00fc1d9ec48813e502eeb850f68a3364a284a4c2458c537d432fe4d1962067c66a07bc546260f4b3f02f49a962a57432f1ad6f39745f7ea5b21c163b3b1c8780db6')
 * // { type: '0x0', chainId: '0x7a69', nonce: '0x0', to: '0xf39f…', gas: '0x5208', gasPrice: '0x1', … }
 */
export function transactionJson(raw: string): Record<string, unknown> {
  const bytes = Uint8Array.from(Buffer.from(raw.slice(2), 'hex'))
  const legacy = bytes[0]! >= 0xc0
  const type = legacy ? 0 : bytes[0]!
  if (type > 2) throw new Error(`transaction type ${type}: not one a node signs here`)
  const fields = decodeRlp(bytes, legacy ? 0 : 1).item as Rlp[]
  const bytesHex = (b: Rlp) => `0x${Buffer.from(b as Uint8Array).toString('hex')}`
  const big = (b: Rlp) => ((b as Uint8Array).length === 0 ? 0n : BigInt(bytesHex(b)))
  const q = (b: Rlp) => hex(big(b))
  // Legacy [nonce, gasPrice, gas, to, value, data, v, r, s]; type 1 [chainId, nonce, gasPrice, gas, to, value, data,
  // accessList, yParity, r, s]; type 2 [chainId, nonce, tip, feeCap, gas, to, value, data, accessList, yParity, r, s].
  const at = legacy ? -1 : 0
  const toAt = type === 2 ? 5 : at + 4
  const to = fields[toAt] as Uint8Array
  const [v, r, s] = fields.slice(-3)
  let chainId: string | undefined
  if (!legacy) chainId = q(fields[0]!)
  else {
    // Protected (`isProtectedV`; anvil signs with EIP-155, v = chain ID × 2 + 35 + y parity): `deriveChainId`.
    const vv = big(v!)
    if (vv >= 35n) chainId = hex((vv - 35n) / 2n)
  }
  const accessList = legacy
    ? undefined
    : (fields[toAt + 3] as Rlp[][]).map(([address, keys]) => ({ address: bytesHex(address!), storageKeys: (keys as Rlp[]).map(bytesHex) }))
  return {
    type: hex(BigInt(type)),
    chainId,
    nonce: q(fields[at + 1]!),
    to: to.length === 0 ? null : bytesHex(to),
    gas: q(fields[toAt - 1]!),
    gasPrice: type === 2 ? null : q(fields[at + 2]!),
    maxPriorityFeePerGas: type === 2 ? q(fields[2]!) : null,
    maxFeePerGas: type === 2 ? q(fields[3]!) : null,
    value: q(fields[toAt + 1]!),
    input: bytesHex(fields[toAt + 2]!),
    accessList,
    v: q(v!),
    r: q(r!),
    s: q(s!),
    yParity: legacy ? undefined : q(v!),
    hash: `0x${Buffer.from(keccak_256(bytes)).toString('hex')}`,
  }
}
