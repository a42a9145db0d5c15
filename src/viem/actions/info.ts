/**
 * The Info API as standalone viem actions (tree-shakeable), each over the core table entry
 * of the same name. Requests go to the node's `/ext/info`, derived from the client's
 * transport once per client (or the one `infoActions({ url })` set for it). This module
 * exports only the actions: `infoActions` adds each of its exports to a client.
 */
import * as table from '../../core/methods/info.js'
import type { ArgsOf, ResultOf } from '../../core/methods/spec.js'
import type { InfoActionErrorType } from '../types/actions.js'
import { endpointAction, infoEndpoint } from '../utils/endpoint.js'

const infoAction = /* @__PURE__ */ endpointAction(infoEndpoint)

type T = typeof table

/**
 * The ACPs this node's validators vote on (`info.acps`).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { acps } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { acps: votes } = await acps(client)
 */
export const acps = /* @__PURE__ */ infoAction(table.acps)
export type AcpsParameters = ArgsOf<T['acps']>
export type AcpsReturnType = ResultOf<T['acps']>
export type AcpsErrorType = InfoActionErrorType<T['acps']>

/**
 * Whether a chain has finished bootstrapping (`info.isBootstrapped`).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { isBootstrapped } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const ready = await isBootstrapped(client, { chain: 'P' })
 */
export const isBootstrapped = /* @__PURE__ */ infoAction(table.isBootstrapped)
export type IsBootstrappedParameters = ArgsOf<T['isBootstrapped']>
export type IsBootstrappedReturnType = ResultOf<T['isBootstrapped']>
export type IsBootstrappedErrorType = InfoActionErrorType<T['isBootstrapped']>

/**
 * The blockchain ID behind an alias (`info.getBlockchainID`).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getBlockchainID } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const xChainID = await getBlockchainID(client, { alias: 'X' })
 */
export const getBlockchainID = /* @__PURE__ */ infoAction(table.getBlockchainID)
export type GetBlockchainIDParameters = ArgsOf<T['getBlockchainID']>
export type GetBlockchainIDReturnType = ResultOf<T['getBlockchainID']>
export type GetBlockchainIDErrorType = InfoActionErrorType<T['getBlockchainID']>

/**
 * The network ID: 1 mainnet, 5 Fuji, others local (`info.getNetworkID`).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getNetworkID } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const networkID = await getNetworkID(client)
 */
export const getNetworkID = /* @__PURE__ */ infoAction(table.getNetworkID)
export type GetNetworkIDParameters = ArgsOf<T['getNetworkID']>
export type GetNetworkIDReturnType = ResultOf<T['getNetworkID']>
export type GetNetworkIDErrorType = InfoActionErrorType<T['getNetworkID']>

/**
 * The network's name (`info.getNetworkName`).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getNetworkName } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const name = await getNetworkName(client)
 */
export const getNetworkName = /* @__PURE__ */ infoAction(table.getNetworkName)
export type GetNetworkNameParameters = ArgsOf<T['getNetworkName']>
export type GetNetworkNameReturnType = ResultOf<T['getNetworkName']>
export type GetNetworkNameErrorType = InfoActionErrorType<T['getNetworkName']>

/**
 * The node's ID and its BLS public key with proof of possession (`info.getNodeID`).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getNodeID } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { nodeID, nodePOP } = await getNodeID(client)
 */
export const getNodeID = /* @__PURE__ */ infoAction(table.getNodeID)
export type GetNodeIDParameters = ArgsOf<T['getNodeID']>
export type GetNodeIDReturnType = ResultOf<T['getNodeID']>
export type GetNodeIDErrorType = InfoActionErrorType<T['getNodeID']>

/**
 * The IP and port the node announces (`info.getNodeIP`).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getNodeIP } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const ip = await getNodeIP(client)
 */
export const getNodeIP = /* @__PURE__ */ infoAction(table.getNodeIP)
export type GetNodeIPParameters = ArgsOf<T['getNodeIP']>
export type GetNodeIPReturnType = ResultOf<T['getNodeIP']>
export type GetNodeIPErrorType = InfoActionErrorType<T['getNodeIP']>

/**
 * The node's version and its VMs' versions (`info.getNodeVersion`).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getNodeVersion } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { version, vmVersions } = await getNodeVersion(client)
 */
export const getNodeVersion = /* @__PURE__ */ infoAction(table.getNodeVersion)
export type GetNodeVersionParameters = ArgsOf<T['getNodeVersion']>
export type GetNodeVersionReturnType = ResultOf<T['getNodeVersion']>
export type GetNodeVersionErrorType = InfoActionErrorType<T['getNodeVersion']>

/**
 * The primary network's transaction fees in nAVAX (`info.getTxFee`).
 * @deprecated Nodes since v1.12.2 answer with a static table.
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getTxFee } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { txFee } = await getTxFee(client)
 */
export const getTxFee = /* @__PURE__ */ infoAction(table.getTxFee)
export type GetTxFeeParameters = ArgsOf<T['getTxFee']>
export type GetTxFeeReturnType = ResultOf<T['getTxFee']>
export type GetTxFeeErrorType = InfoActionErrorType<T['getTxFee']>

/**
 * The VMs installed on the node, with their aliases (`info.getVMs`).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { getVMs } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { vms } = await getVMs(client)
 */
export const getVMs = /* @__PURE__ */ infoAction(table.getVMs)
export type GetVMsParameters = ArgsOf<T['getVMs']>
export type GetVMsReturnType = ResultOf<T['getVMs']>
export type GetVMsErrorType = InfoActionErrorType<T['getVMs']>

/**
 * The node's connected peers, or only the given NodeIDs (`info.peers`).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { peers } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { numPeers, peers: connected } = await peers(client)
 */
export const peers = /* @__PURE__ */ infoAction(table.peers)
export type PeersParameters = ArgsOf<T['peers']>
export type PeersReturnType = ResultOf<T['peers']>
export type PeersErrorType = InfoActionErrorType<T['peers']>

/**
 * The network's upgrade schedule (`info.upgrades`).
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { upgrades } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { durangoTime } = await upgrades(client)
 */
export const upgrades = /* @__PURE__ */ infoAction(table.upgrades)
export type UpgradesParameters = ArgsOf<T['upgrades']>
export type UpgradesReturnType = ResultOf<T['upgrades']>
export type UpgradesErrorType = InfoActionErrorType<T['upgrades']>

/**
 * This node's uptime as the primary network's validators see it (`info.uptime`). A node
 * that is not a validator answers with a `NodeRpcError`.
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { uptime } from 'subnet-rpc/viem/actions'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
 * const { rewardingStakePercentage } = await uptime(client)
 */
export const uptime = /* @__PURE__ */ infoAction(table.uptime)
export type UptimeParameters = ArgsOf<T['uptime']>
export type UptimeReturnType = ResultOf<T['uptime']>
export type UptimeErrorType = InfoActionErrorType<T['uptime']>
