/**
 * The ProposerVM API's table, on any Snowman++ chain's `/ext/bc/<blockchainID>/proposervm` (the
 * P-Chain's, the C-Chain's, an L1's; avalanchego v1.14.0+, `vms/proposervm/vm.go` `CreateHandlers`
 * registers `jsonrpcService` as `proposervm` with avalanchego's `utils/json` codec). Both methods
 * take no arguments (`*struct{}`): params are one object, as gorilla/rpc's json2 reads them.
 */
import * as d from '../decoders/proposervm.js'
import type { ProposerVMEpoch } from '../types/proposervm.js'
import { methodSpec, type MethodFamily } from './spec.js'

// An EVM chain's URL given for this API answers -32601 (nodeError, src/errors/node.ts); a node before v1.14.0
// has no such path and answers 404, and gorilla's `rpc: can't find method` is no wrong endpoint, so no `api` here.
const proposerVMApi: MethodFamily = {
  noParams: () => ({}),
  evm: "an EVM chain, not a chain's ProposerVM API: use …/ext/bc/<blockchainID>/proposervm",
}

/**
 * The P-Chain height this node would propose for a child of its preferred block
 * (`proposervm.getProposedHeight`): the P-Chain's minimum height (`validators.State.GetMinimumHeight`),
 * never below the preferred block's own P-Chain height.
 */
export const getProposedHeight = methodSpec<undefined, bigint>('proposervm.getProposedHeight', proposerVMApi, d.decodeProposedHeight)

/**
 * The epoch (ACP-181, Granite) a child of this node's preferred block built now would be in
 * (`proposervm.getCurrentEpoch`): its number, start time and P-Chain height; all 0 before Granite.
 */
export const getCurrentEpoch = methodSpec<undefined, ProposerVMEpoch>('proposervm.getCurrentEpoch', proposerVMApi, d.decodeEpoch)
