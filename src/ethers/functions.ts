/**
 * The Subnet-EVM methods as functions over any provider: an ethers provider
 * (`send(method, params)`, e.g. Hardhat's `hre.ethers.provider`) or an EIP-1193 one
 * (`request({ method, params })`, e.g. `hre.network.provider`).
 */
import type { Timestamp } from '../core/encode.js'
import * as subnet from '../core/methods/subnet.js'
import type { ActivePrecompiles, ActiveRules, ChainConfig, FeeConfigReturnType } from '../core/types/subnet.js'
import { toBlockSelector, type EthersBlockTag } from './blockTag.js'
import { run, type AnyProvider } from './request.js'

/**
 * `eth_feeConfig` at a block (default: the node's head).
 * @example const { feeConfig } = await feeConfig(hre.ethers.provider, 'latest')
 */
export function feeConfig(provider: AnyProvider, blockTag?: EthersBlockTag): Promise<FeeConfigReturnType> {
  return Promise.resolve().then(() => run(provider, subnet.feeConfigMethod, toBlockSelector(blockTag)))
}

/**
 * `eth_getChainConfig`, with `upgrades`.
 * @example const config = await getChainConfig(hre.network.provider)
 */
export function getChainConfig(provider: AnyProvider): Promise<ChainConfig> {
  return run(provider, subnet.getChainConfigMethod, undefined)
}

/**
 * `eth_getActiveRulesAt` (seconds as number or bigint, or a Date; default: head time).
 * @example const { precompiles } = await getActiveRulesAt(provider, new Date())
 */
export function getActiveRulesAt(provider: AnyProvider, timestamp?: Timestamp): Promise<ActiveRules> {
  return run(provider, subnet.getActiveRulesAtMethod, { timestamp })
}

/**
 * `eth_getActivePrecompilesAt`.
 * @deprecated Use {@link getActiveRulesAt}; nodes mark this method deprecated.
 */
export function getActivePrecompilesAt(provider: AnyProvider, timestamp?: Timestamp): Promise<ActivePrecompiles> {
  return run(provider, subnet.getActivePrecompilesAtMethod, { timestamp })
}
