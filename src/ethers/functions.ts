/**
 * The Subnet-EVM methods as functions over any provider: an ethers provider
 * (`send(method, params)`, e.g. Hardhat's `hre.ethers.provider`) or an EIP-1193 one
 * (`request({ method, params })`, e.g. `hre.network.provider`). Arguments are ethers-style:
 * a block tag, a timestamp.
 */
import { callMethod } from '../core/methods/call.js'
import * as subnet from '../core/methods/subnet.js'
import type { Timestamp } from '../core/encode.js'
import type { ActivePrecompiles, ActiveRules, ChainConfig, FeeConfigReturnType } from '../core/types/subnet.js'
import { toBlockSelector, type EthersBlockTag } from './blockTag.js'
import { sendVia, type AnyProvider } from './request.js'

/**
 * `eth_feeConfig` at a block: a number, bigint, hex number, hash or tag (default: the node's head).
 * @example
 * import { JsonRpcProvider } from 'ethers'
 * import { feeConfig } from 'subnet-rpc/ethers'
 *
 * const provider = new JsonRpcProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const { feeConfig: fees, lastChangedAt } = await feeConfig(provider, 'latest')
 */
export async function feeConfig(provider: AnyProvider, blockTag?: EthersBlockTag): Promise<FeeConfigReturnType> {
  return callMethod(subnet.feeConfig, toBlockSelector(blockTag), sendVia(provider))
}

/**
 * `eth_getChainConfig`, with the post-genesis `upgrades`.
 * @example
 * import { JsonRpcProvider } from 'ethers'
 * import { getChainConfig } from 'subnet-rpc/ethers'
 *
 * const config = await getChainConfig(new JsonRpcProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc'))
 */
export async function getChainConfig(provider: AnyProvider): Promise<ChainConfig> {
  return callMethod(subnet.getChainConfig, undefined, sendVia(provider))
}

/**
 * `eth_getActiveRulesAt`: unix seconds (number or bigint) or a Date; default: the node's head time.
 * @example
 * import { JsonRpcProvider } from 'ethers'
 * import { getActiveRulesAt } from 'subnet-rpc/ethers'
 *
 * const { precompiles } = await getActiveRulesAt(new JsonRpcProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc'), new Date())
 */
export async function getActiveRulesAt(provider: AnyProvider, timestamp?: Timestamp): Promise<ActiveRules> {
  return callMethod(subnet.getActiveRulesAt, { timestamp }, sendVia(provider))
}

/**
 * `eth_getActivePrecompilesAt`.
 * @deprecated Use {@link getActiveRulesAt}; nodes mark this method deprecated.
 * @example
 * import { JsonRpcProvider } from 'ethers'
 * import { getActivePrecompilesAt } from 'subnet-rpc/ethers'
 *
 * const active = await getActivePrecompilesAt(new JsonRpcProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc'), 1_700_000_000)
 */
export async function getActivePrecompilesAt(provider: AnyProvider, timestamp?: Timestamp): Promise<ActivePrecompiles> {
  return callMethod(subnet.getActivePrecompilesAt, { timestamp }, sendVia(provider))
}
