/** The Subnet-EVM extras on an L1's `/ext/bc/<id>/rpc` (params as an array). */
import * as d from '../decoders/subnet.js'
import { encodeBlockSelector, encodeTimestamp, type BlockSelector, type Timestamp } from '../encode.js'
import { spec } from './spec.js'

export const feeConfigMethod = spec('eth_feeConfig', 'chain', (a: BlockSelector | undefined) => encodeBlockSelector(a), d.decodeFeeConfigResult)
export const getChainConfigMethod = spec('eth_getChainConfig', 'chain', () => [], d.decodeChainConfig)
export const getActiveRulesAtMethod = spec(
  'eth_getActiveRulesAt',
  'chain',
  (a: { timestamp?: Timestamp } | undefined) => encodeTimestamp(a?.timestamp),
  d.decodeActiveRules,
)
export const getActivePrecompilesAtMethod = spec(
  'eth_getActivePrecompilesAt',
  'chain',
  (a: { timestamp?: Timestamp } | undefined) => encodeTimestamp(a?.timestamp),
  d.decodeActivePrecompiles,
)
