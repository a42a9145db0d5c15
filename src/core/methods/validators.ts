/**
 * Subnet-EVM's Validators API table, on an L1's `/ext/bc/<blockchainID>/validators`
 * (`graft/subnet-evm/plugin/evm/service.go` `ValidatorsAPI`; Subnet-EVM v0.6.12+, enabled by
 * default by `validators-api-enabled`). Params are one object, as gorilla/rpc's json2 codec
 * (avalanchego's `utils/json` codec) reads them.
 */
import * as d from '../decoders/validators.js'
import { encodeNodeIds } from '../encode.js'
import type { CurrentValidator, GetCurrentValidatorsParameters } from '../types/validators.js'
import { methodSpec, type MethodFamily } from './spec.js'

// Params as one object (gorilla/rpc's json2). An EVM chain's URL given for this API answers -32601 (nodeError,
// src/errors/node.ts); gorilla's own `rpc: can't find method` (an older node) is no wrong endpoint, so no `api` here.
const validatorsApi: MethodFamily = {
  noParams: () => ({}),
  evm: "an EVM chain, not an L1's Validators API: use …/ext/bc/<blockchainID>/validators",
}

/**
 * The L1's current validators, or only the given NodeIDs, with this node's view of their
 * connectivity and uptime (`validators.getCurrentValidators`). Unknown NodeIDs are left out
 * by v0.8+ and fail the call on v0.6.12–v0.7.x.
 */
export const getCurrentValidators = methodSpec<GetCurrentValidatorsParameters, CurrentValidator[]>(
  'validators.getCurrentValidators',
  validatorsApi,
  d.decodeCurrentValidators,
  (a) => ({ nodeIDs: encodeNodeIds(a?.nodeIDs) }),
)
