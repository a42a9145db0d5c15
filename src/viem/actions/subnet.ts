/**
 * The Subnet-EVM extras as standalone viem actions (tree-shakeable), each over the core
 * table entry of the same name, on any transport of an L1's `/ext/bc/<id>/rpc`.
 */
import * as table from '../../core/methods/subnet.js'
import type { ArgsOf, MethodSpec, ResultOf } from '../../core/methods/spec.js'
import type { StandaloneAction, SubnetActionErrorType } from '../types/actions.js'
import { callMethod, type Send } from '../../core/methods/call.js'
import type { Requester } from '../utils/request.js'

const subnetAction = <S extends MethodSpec<never, unknown>>(spec: S): StandaloneAction<S, Requester> =>
  ((client: Requester, parameters?: ArgsOf<S>) => callMethod(spec, parameters as never, client.request as Send)) as StandaloneAction<
    S,
    Requester
  >

type T = typeof table

/**
 * The fee config in force at a block, and the block of its last FeeManager change
 * (`eth_feeConfig`). Pass one of `blockNumber`, `blockHash` or `blockTag`; none reads at the
 * node's head.
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { feeConfig } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { feeConfig: fees, lastChangedAt } = await feeConfig(client, { blockTag: 'latest' })
 */
export const feeConfig = /* @__PURE__ */ subnetAction(table.feeConfig)
export type FeeConfigParameters = ArgsOf<T['feeConfig']>
export type FeeConfigReturnType = ResultOf<T['feeConfig']>
export type FeeConfigErrorType = SubnetActionErrorType<T['feeConfig']>

/**
 * The chain config with its post-genesis `upgrades` (`eth_getChainConfig`).
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { getChainConfig } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { chainId, feeConfig, upgrades } = await getChainConfig(client)
 */
export const getChainConfig = /* @__PURE__ */ subnetAction(table.getChainConfig)
export type GetChainConfigParameters = ArgsOf<T['getChainConfig']>
export type GetChainConfigReturnType = ResultOf<T['getChainConfig']>
export type GetChainConfigErrorType = SubnetActionErrorType<T['getChainConfig']>

/**
 * The rules and precompiles active at a time (`eth_getActiveRulesAt`): unix seconds (number
 * or bigint) or a Date; none means the node's head time.
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { getActiveRulesAt } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { avalancheRules, precompiles } = await getActiveRulesAt(client, { timestamp: new Date() })
 */
export const getActiveRulesAt = /* @__PURE__ */ subnetAction(table.getActiveRulesAt)
export type GetActiveRulesAtParameters = ArgsOf<T['getActiveRulesAt']>
export type GetActiveRulesAtReturnType = ResultOf<T['getActiveRulesAt']>
export type GetActiveRulesAtErrorType = SubnetActionErrorType<T['getActiveRulesAt']>

/**
 * The configs of the precompiles active at a time (`eth_getActivePrecompilesAt`).
 * @deprecated Use `getActiveRulesAt`; nodes mark this method deprecated.
 * @example
 * import { createPublicClient } from 'viem'
 * import { subnetHttp } from 'subnet-rpc/viem'
 * import { getActivePrecompilesAt } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: subnetHttp('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { feeManagerConfig } = await getActivePrecompilesAt(client, { timestamp: 1_700_000_000 })
 */
export const getActivePrecompilesAt = /* @__PURE__ */ subnetAction(table.getActivePrecompilesAt)
export type GetActivePrecompilesAtParameters = ArgsOf<T['getActivePrecompilesAt']>
export type GetActivePrecompilesAtReturnType = ResultOf<T['getActivePrecompilesAt']>
export type GetActivePrecompilesAtErrorType = SubnetActionErrorType<T['getActivePrecompilesAt']>
