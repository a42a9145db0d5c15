/**
 * The node's argument decoding for state reads the devnet forwards to anvil (internal/ethapi
 * `GetBalance`, `GetTransactionCount`, `GetCode`, `GetStorageAt`): a malformed call is answered
 * with the node's -32602 text before anvil sees it, where anvil would give its own. A call that
 * names neither block nor hash gets the backend's -32000 (eth/api_backend.go
 * `StateAndHeaderByNumberOrHash`).
 */
import { RpcError } from './envelope.js'
import { type ArgDecoder, addressArg, type BlockNumberOrHash, blockNumberOrHashArg, positionalArgs, stringArg } from './params.js'

type Check = (params: string | undefined) => void

/** Decodes the arguments as the node does; the block argument must name a block. */
const checked =
  (decoders: ArgDecoder<unknown>[]): Check =>
  (params) => {
    const args = positionalArgs<unknown[]>(params, decoders, decoders.length)
    const block = args[args.length - 1] as BlockNumberOrHash
    if ('empty' in block) throw new RpcError(-32000, 'invalid arguments; neither block nor hash specified')
  }

/** Each forwarded state read's argument check, by method. */
export const forwardedArgChecks: ReadonlyMap<string, Check> = new Map([
  ['eth_getBalance', checked([addressArg, blockNumberOrHashArg])],
  ['eth_getTransactionCount', checked([addressArg, blockNumberOrHashArg])],
  ['eth_getCode', checked([addressArg, blockNumberOrHashArg])],
  ['eth_getStorageAt', checked([addressArg, stringArg, blockNumberOrHashArg])],
])
