/**
 * The ProposerVM API's table, on any Snowman++ chain's `/ext/bc/<blockchainID>/proposervm` (the
 * P-Chain's, the C-Chain's, an L1's; avalanchego v1.14.0+, `vms/proposervm/vm.go` `CreateHandlers`
 * registers `jsonrpcService` as `proposervm` with avalanchego's `utils/json` codec). Both methods
 * take no arguments (`*struct{}`): params are one object, as gorilla/rpc's json2 reads them.
 */
import * as d from '../decoders/proposervm.js'
import type { ProposerVMEpoch } from '../types/proposervm.js'
import { methodSpec, type MethodFamily } from './spec.js'

// A wrong endpoint (nodeError, src/errors/node.ts): an EVM chain's URL answers -32601, another gorilla service
// (`/ext/info`, `/validators`) `rpc: can't find service "proposervm.X"`. Every node with the API has both methods,
// so any gorilla `rpc: …` refusal is a wrong endpoint; a node before v1.14.0 has no such path and answers 404.
const proposerVMApi: MethodFamily = {
  noParams: () => ({}),
  evm: "an EVM chain, not a chain's ProposerVM API: use …/ext/bc/<blockchainID>/proposervm",
  api: "another API of the node, not a chain's ProposerVM API: use …/ext/bc/<blockchainID>/proposervm",
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
