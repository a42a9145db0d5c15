/**
 * The Subnet-EVM extras' table, on an L1's `/ext/bc/<id>/rpc` (`plugin/evm`'s eth service):
 * one entry per method, named as the action that calls it. Params are positional (an
 * array), as geth-style RPC reads them.
 */
import * as d from '../decoders/subnet.js'
import { encodeBlockSelector, encodeTimestamp, type BlockSelector, type Timestamp } from '../encode.js'
import type { ActivePrecompiles, ActiveRules, ChainConfig, FeeConfigReturnType } from '../types/subnet.js'
import { methodSpec, type MethodFamily } from './spec.js'

// Positional params. A wrong endpoint (nodeError, src/errors/node.ts): a chain without these methods answers
// -32601 (libevm's rpc/errors.go methodNotFoundError; anvil's `Method not found`), one of the node's own APIs
// gorilla/rpc's `rpc: service/method request ill-formed: "eth_feeConfig"` (rpc/v2 map.go: no `service.` in the name).
const l1: MethodFamily = {
  noParams: () => [],
  evm: 'not a Subnet-EVM L1: use …/ext/bc/<blockchainID>/rpc',
  api: 'a node API, not an L1: use …/ext/bc/<blockchainID>/rpc',
}

// Subnet-EVM on SAE (avalanchego vms/saevm/subnetevm, api/eth_extras.go) serves eth_getActiveRulesAt but neither
// eth_feeConfig nor eth_getActivePrecompilesAt: its -32601 for them is the same as a chain without the extras.
const notOnSae = (instead: string): MethodFamily => ({ ...l1, evm: `${l1.evm}; on SAE, use ${instead}` })

/** When to read rules: unix seconds (number or bigint) or a Date; none means the node's head time. */
export type AtTimestamp = { timestamp?: Timestamp | undefined }

const atTimestamp = (a: AtTimestamp | undefined) => encodeTimestamp(a?.timestamp)

/**
 * The fee config in force at a block, and the block of its last FeeManager change (`eth_feeConfig`). Not served on
 * SAE, which prices gas with the Gas Price Manager precompile (ACP-224, `gaspricemanager`) and retires the FeeManager.
 */
export const feeConfig = methodSpec<BlockSelector, FeeConfigReturnType>(
  'eth_feeConfig',
  notOnSae('the Gas Price Manager'),
  d.decodeFeeConfigResult,
  encodeBlockSelector,
)

/** The chain config with its post-genesis `upgrades` (`eth_getChainConfig`). */
export const getChainConfig = methodSpec<undefined, ChainConfig>('eth_getChainConfig', l1, d.decodeChainConfig)

/** The rules and precompiles active at a time (`eth_getActiveRulesAt`). */
export const getActiveRulesAt = methodSpec<AtTimestamp, ActiveRules>('eth_getActiveRulesAt', l1, d.decodeActiveRules, atTimestamp)

/**
 * The configs of the precompiles active at a time (`eth_getActivePrecompilesAt`). Not served on SAE.
 * @deprecated Use `getActiveRulesAt`; nodes mark this method deprecated.
 */
export const getActivePrecompilesAt = methodSpec<AtTimestamp, ActivePrecompiles>(
  'eth_getActivePrecompilesAt',
  notOnSae('getActiveRulesAt'),
  d.decodeActivePrecompiles,
  atTimestamp,
)
