/** The Subnet-EVM extras on an L1's `/ext/bc/<id>/rpc` (params as an array). */
import * as d from '../decoders/subnet.js'
import { encodeBlockSelector, encodeTimestamp, type BlockSelector, type Timestamp } from '../encode.js'
import { spec } from './spec.js'

const atTimestamp = (a: { timestamp?: Timestamp } | undefined) => encodeTimestamp(a?.timestamp)

export const feeConfigMethod = spec('eth_feeConfig', d.decodeFeeConfigResult, (a: BlockSelector | undefined) => encodeBlockSelector(a))
export const getChainConfigMethod = spec('eth_getChainConfig', d.decodeChainConfig)
export const getActiveRulesAtMethod = spec('eth_getActiveRulesAt', d.decodeActiveRules, atTimestamp)
export const getActivePrecompilesAtMethod = spec('eth_getActivePrecompilesAt', d.decodeActivePrecompiles, atTimestamp)
