/**
 * The node's argument decoding for reads the devnet forwards to anvil (internal/ethapi
 * `GetBalance`, `GetTransactionCount`, `GetCode`, `GetStorageAt`, and the reads by transaction or
 * block hash): a malformed call is answered with the node's -32602 text before anvil sees it,
 * where anvil would give its own. A state read that names neither block nor hash gets the
 * backend's -32000 (eth/api_backend.go `StateAndHeaderByNumberOrHash`).
 */
import { RpcError } from './envelope.js'
import { type ArgDecoder, addressArg, type BlockNumberOrHash, blockNumberOrHashArg, hashArg, positionalArgs, stringArg } from './params.js'

type Check = (params: string | undefined) => void

/** Decodes the arguments as the node does; the block argument must name a block. */
const checked =
  (decoders: ArgDecoder<unknown>[]): Check =>
  (params) => {
    const args = positionalArgs<unknown[]>(params, decoders, decoders.length)
    const block = args[args.length - 1] as BlockNumberOrHash
    if ('empty' in block) throw new RpcError(-32000, 'invalid arguments; neither block nor hash specified')
  }

/** Decodes one required `common.Hash` argument. */
const oneHash: Check = (params) => {
  positionalArgs<[string]>(params, [hashArg], 1)
}

/** Each forwarded read's argument check, by method. */
export const forwardedArgChecks: ReadonlyMap<string, Check> = new Map([
  ['eth_getTransactionByHash', oneHash],
  ['eth_getRawTransactionByHash', oneHash],
  ['eth_getTransactionReceipt', oneHash],
  ['eth_getBlockTransactionCountByHash', oneHash],
  ['eth_getBalance', checked([addressArg, blockNumberOrHashArg])],
  ['eth_getTransactionCount', checked([addressArg, blockNumberOrHashArg])],
  ['eth_getCode', checked([addressArg, blockNumberOrHashArg])],
  ['eth_getStorageAt', checked([addressArg, stringArg, blockNumberOrHashArg])],
])
