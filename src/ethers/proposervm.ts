import type { FetchRequest } from 'ethers'
import * as table from '../core/methods/proposervm.js'
import type { ActionsOf } from '../core/methods/spec.js'
import { deriveProposerVMUrl } from '../core/url.js'
import { EndpointClient, type EndpointClientOptions } from './endpoint.js'

/** The ProposerVM API's methods, one per entry of the core table, documented there. */
export type ProposerVMMethods = ActionsOf<typeof table>

export type ProposerVMClientOptions = EndpointClientOptions & {
  /** The chain's blockchain ID or alias (`P`, `C`, an L1's), when the URL is not one of its `/ext/bc/<id>/…` URLs. */
  blockchainID?: string | undefined
}

/**
 * A chain's ProposerVM API (`/ext/bc/<id>/proposervm`, avalanchego v1.14.0+) for ethers users,
 * made and used as `InfoClient`: `getProposedHeight()`, the P-Chain height this node would propose
 * for the chain's next block, and `getCurrentEpoch()`, the Granite epoch (ACP-181) that block would
 * be in; every figure an exact `bigint`.
 *
 * @example
 * import { ProposerVMClient } from 'subnet-rpc/ethers'
 *
 * const l1 = new ProposerVMClient('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const height = await l1.getProposedHeight()
 * const { number, startTime, pChainHeight } = await l1.getCurrentEpoch()
 * const pChain = new ProposerVMClient('http://127.0.0.1:9650', { blockchainID: 'P' })
 */
// biome-ignore lint/suspicious/noUnsafeDeclarationMerging: its static block defines each method the merged interface declares.
export class ProposerVMClient extends EndpointClient {
  constructor(urlOrRequest: string | FetchRequest, options: ProposerVMClientOptions = {}) {
    super(urlOrRequest, (url) => deriveProposerVMUrl(url, options.blockchainID), options)
  }

  static {
    ProposerVMClient.defineMethods(ProposerVMClient.prototype, table)
  }
}

// The methods the static block defines, typed from the same table.
export interface ProposerVMClient extends ProposerVMMethods {}
