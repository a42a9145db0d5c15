/**
 * The methods the devnet answers itself on the L1 endpoint: the four Subnet-EVM
 * extras (`internal/ethapi/api_extra.go`), the RPC server's built-ins, and the devnet's
 * control methods. Everything else goes to anvil.
 */
import { chainConfigJson } from '../config/chainSpec.js'
import type { ChainSpec } from '../config/types.js'
import { feeConfigJson, readFeeConfig, verifyFeeConfig } from '../config/feeConfig.js'
import { parseJson } from '../../core/json/parse.js'
import { RpcError } from './envelope.js'
import type { LocalMethod } from './executor.js'
import { blockNumberOrHashArg, positionalArgs, uint64Arg, type BlockNumberOrHash } from './params.js'
import { activePrecompilesJson, activeRulesJson } from './rules.js'
import type { AnvilClient, Block } from './anvilClient.js'
import type { FeeManagerState } from './feeManager.js'

const nodeError = (message: string) => new RpcError(-32000, message)

/** HeaderByNumberOrHash of the subnet-evm backend; the devnet's last accepted block is anvil's latest. */
async function resolveBlock(anvil: AnvilClient, arg: BlockNumberOrHash | undefined): Promise<Block> {
  const latest = await anvil.latest()
  if (arg === undefined) return latest
  if ('empty' in arg) throw nodeError('invalid arguments; neither block nor hash specified')
  if ('tag' in arg) {
    if (arg.tag !== 'earliest') return latest
    return (await anvil.blockByNumber(0n))!
  }
  if ('number' in arg) {
    if (arg.number > latest.number) throw nodeError('cannot query unfinalized data')
    const b = await anvil.blockByNumber(arg.number)
    // A missing header below the accepted tip dereferences nil in the node.
    if (!b) throw new RpcError(-32603, 'method handler crashed')
    return b
  }
  // requireCanonical is parsed but ignored: only canonical hashes are found.
  const b = await anvil.blockByHash(arg.hash)
  if (!b) throw nodeError('header for hash not found')
  const canonical = await anvil.blockByNumber(b.number)
  if (!canonical || canonical.hash !== b.hash) throw nodeError('header for hash not found')
  return b
}

export function createChainService(spec: ChainSpec, anvil: AnvilClient, fees: FeeManagerState): Map<string, LocalMethod> {
  const configJson = chainConfigJson(spec)
  const timestampArg = async (params: string | undefined) => {
    const [ts] = positionalArgs<[bigint]>(params, [uint64Arg])
    return ts ?? (await anvil.latest()).timestamp
  }
  const methods: Record<string, LocalMethod> = {
    eth_feeConfig: async (params) => {
      const [arg] = positionalArgs<[BlockNumberOrHash]>(params, [blockNumberOrHashArg])
      const block = await resolveBlock(anvil, arg)
      const { feeConfig, lastChangedAt } = await fees.at(block)
      return { feeConfig: feeConfigJson(feeConfig), lastChangedAt }
    },
    eth_getChainConfig: (params) => {
      positionalArgs<[]>(params, [])
      return configJson
    },
    eth_getActiveRulesAt: async (params) => activeRulesJson(spec, await timestampArg(params)),
    eth_getActivePrecompilesAt: async (params) => activePrecompilesJson(spec, await timestampArg(params)),
    rpc_modules: (params) => {
      positionalArgs<[]>(params, [])
      return { eth: '1.0', net: '1.0', rpc: '1.0', web3: '1.0' }
    },
    /**
     * devnet_setFeeConfig(feeConfig): what a FeeManager `setFeeConfig` transaction does,
     * without the transaction: mines one block and records the change at it.
     */
    devnet_setFeeConfig: async (params) => {
      const [raw] = positionalArgs<[unknown]>(params, [(r) => parseJson(r)])
      if (raw === undefined) throw new RpcError(-32602, 'missing value for required argument 0')
      let config: ReturnType<typeof readFeeConfig>
      try {
        config = readFeeConfig(raw, { file: 'devnet_setFeeConfig', path: 'params[0]' })
      } catch (e) {
        throw new RpcError(-32602, `invalid argument 0: ${(e as Error).message}`)
      }
      const problem = verifyFeeConfig(config)
      if (problem) throw nodeError(`cannot verify fee config: ${problem}`)
      await anvil.request('evm_mine', [])
      const block = await anvil.latest()
      // Like a reverted transaction, a refused change still leaves its block behind.
      if (!fees.isEnabledAt(block.timestamp))
        throw nodeError(
          `devnet: the FeeManager precompile (feeManagerConfig) is not enabled at block ${block.number} (timestamp ${block.timestamp})`,
        )
      fees.record({ block: block.number, hash: block.hash, config })
      return { blockNumber: `0x${block.number.toString(16)}`, blockHash: block.hash }
    },
  }
  return new Map(Object.entries(methods))
}
