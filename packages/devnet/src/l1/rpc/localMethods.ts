/**
 * The methods the devnet answers itself on the L1 endpoint: the four Subnet-EVM
 * extras (`internal/ethapi/api_extra.go`), the RPC server's built-ins, and the devnet's
 * control methods. Everything else goes to anvil.
 */
import { chainConfigJson } from 'subnet-rpc/config'
import type { ChainSpec } from 'subnet-rpc/config'
import { feeConfigJson, readFeeConfig, verifyFeeConfig } from 'subnet-rpc/config'
import { parseJson } from 'subnet-rpc'
import { RpcError } from './envelope.js'
import type { L1 } from '../context.js'
import { feeHistory } from '../block/feeHistory.js'
import { aggregateSignatures, blockMessage, canonicalSet, signBlock, signMessage, type WarpSigner } from '../warp/warpSigner.js'
import { type AnvilBlock, nodeBlock, nodeHeader } from './nodeReplies.js'
import {
  type BlockNumberOrHash,
  blockNumberOrHashArg,
  boolArg,
  decodeBlockNumber,
  hashArg,
  positionalArgs,
  stringArg,
  uint64Arg,
} from './params.js'
import { activePrecompilesJson, activeRulesJson } from 'subnet-rpc/config'
import type { AnvilClient, Block } from '../anvilClient.js'
import { feeConfigKeys } from 'subnet-rpc'
import { feeManagerAddress } from 'subnet-rpc'
import type { PrecompileConfig } from 'subnet-rpc/config'
import { revertText, withSimulationFlag } from '../precompiles/rpc.js'
import { precompileSelectors } from '../precompiles/artifacts/contracts.js'
import { isEnabled, roleOf } from '../precompiles/modules/allowList.js'
import { decodeCb58, encodeCb58 } from 'subnet-rpc'

/** ids.ID.UnmarshalJSON: a quoted CB58 string of 32 bytes; `null` leaves the zero ID (ids/id.go). */
const idArg = (raw: string): Uint8Array => {
  if (raw === 'null') return new Uint8Array(32)
  if (raw.length < 2 || raw[0] !== '"' || raw[raw.length - 1] !== '"') throw new Error('first and last characters should be quotes')
  let bytes: Uint8Array
  try {
    bytes = decodeCb58(raw.slice(1, -1))
  } catch (e) {
    throw new Error(`couldn't decode ID to bytes: ${(e as Error).message}`)
  }
  if (bytes.length !== 32) throw new Error(`invalid hash length: expected 32 bytes but got ${bytes.length}`)
  return bytes
}

const nodeError = (message: string) => new RpcError(-32000, message)

type BlockNumberArg = ReturnType<typeof decodeBlockNumber>

/** common.Address from a JSON string (hexutil): 0x and 40 hex digits. */
const addressArg = (raw: string): string => {
  const v = JSON.parse(raw) as unknown
  if (typeof v !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(v)) throw new Error('hex string has wrong length or is not an address')
  return v
}

/** The first listed address that holds a role on the Fee Manager in the latest state. */
async function firstWithRole(anvil: AnvilClient, config: PrecompileConfig): Promise<string | undefined> {
  for (const list of ['adminAddresses', 'managerAddresses', 'enabledAddresses'] as const) {
    for (const account of (config.json[list] as string[] | undefined) ?? []) {
      if (isEnabled(await roleOf(anvil, feeManagerAddress, account))) return account
    }
  }
  return undefined
}

/** HeaderByNumberOrHash of the subnet-evm backend; the devnet's last accepted block is anvil's latest. */
async function resolveBlock(anvil: AnvilClient, arg: BlockNumberOrHash | undefined): Promise<Block> {
  const latest = await anvil.latest()
  if (arg === undefined) return latest
  if ('empty' in arg) throw nodeError('invalid arguments; neither block nor hash specified')
  if ('tag' in arg) {
    if (arg.tag !== 'earliest') return latest
    return (await anvil.blockByNumber(0n))!
  }
  if ('number' in arg) {
    if (arg.number > latest.number) throw nodeError('cannot query unfinalized data')
    const b = await anvil.blockByNumber(arg.number)
    // A missing header below the accepted tip dereferences nil in the node.
    if (!b) throw new RpcError(-32603, 'method handler crashed')
    return b
  }
  // requireCanonical is parsed but ignored: only canonical hashes are found.
  const b = await anvil.blockByHash(arg.hash)
  if (!b) throw nodeError('header for hash not found')
  const canonical = await anvil.blockByNumber(b.number)
  if (!canonical || canonical.hash !== b.hash) throw nodeError('header for hash not found')
  return b
}

const configJsons = new WeakMap<ChainSpec, unknown>()
/** The chain config as `eth_getChainConfig` answers it, built once per spec. */
const configJsonOf = (spec: ChainSpec) => {
  if (!configJsons.has(spec)) configJsons.set(spec, chainConfigJson(spec))
  return configJsons.get(spec)
}

const timestampArg = async (params: string | undefined, anvil: AnvilClient) => {
  const [ts] = positionalArgs<[bigint]>(params, [uint64Arg])
  return ts ?? (await anvil.latest()).timestamp
}

/**
 * anvil's block a node reads for `arg`: the last accepted one for every tag but earliest; a number past it
 * is an error (looked for only when anvil has no such block, so a read costs one anvil request).
 */
async function blockAt(anvil: AnvilClient, arg: BlockNumberArg, fullTx: boolean) {
  const tag = 'tag' in arg ? (arg.tag === 'earliest' ? '0x0' : 'latest') : `0x${arg.number.toString(16)}`
  const block = await anvil.request<AnvilBlock | null>('eth_getBlockByNumber', [tag, fullTx])
  if (block === null && 'number' in arg && arg.number > (await anvil.latest()).number) throw nodeError('cannot query unfinalized data')
  return block
}

/** anvil's block of `hash` when it is the canonical one at its height (eth/api_backend.go `BlockByHash`), else null. */
async function canonicalBlock(anvil: AnvilClient, hash: string, fullTx: boolean) {
  const block = await anvil.request<AnvilBlock | null>('eth_getBlockByHash', [hash, fullTx])
  if (block === null) return null
  const canonical = await anvil.blockByNumber(BigInt(block.number))
  return canonical?.hash === block.hash ? block : null
}

/** A method the devnet answers itself: raw params in, a value for `goJson` out (an RpcError is the node's error). */
export type LocalMethod = (params: string | undefined, l1: L1) => unknown | Promise<unknown>

/** The devnet's own answers, by method; ./methods.ts gives each its row. */
export const localMethods = {
  eth_feeConfig: async (params, { anvil, fees }) => {
    const [arg] = positionalArgs<[BlockNumberOrHash]>(params, [blockNumberOrHashArg])
    const block = await resolveBlock(anvil, arg)
    const { feeConfig, lastChangedAt } = await fees.at(block)
    return { feeConfig: feeConfigJson(feeConfig), lastChangedAt }
  },
  /** `eth_feeHistory` as Subnet-EVM shapes it (../block/feeHistory.ts). */
  eth_feeHistory: (params, { anvil }) => feeHistory(anvil, params),
  /** `eth_baseFee` (internal/ethapi/api.go `BaseFee`): the base fee of a block built now. */
  eth_baseFee: async (params, { blockFees }) => {
    positionalArgs<[]>(params, [])
    const fee = await blockFees.estimateBaseFee()
    return fee === undefined ? null : `0x${fee.toString(16)}`
  },
  /** `eth_gasPrice` (internal/ethapi/api.go `GasPrice`): that base fee plus the suggested tip. */
  eth_gasPrice: async (params, { blockFees }) => {
    positionalArgs<[]>(params, [])
    const [fee, tip] = await Promise.all([blockFees.estimateBaseFee(), blockFees.tips.suggestTip()])
    return `0x${((fee ?? 0n) + tip).toString(16)}`
  },
  /** `eth_maxPriorityFeePerGas` (`MaxPriorityFeePerGas`): the tip oracle's suggestion (../block/tipOracle.ts). */
  eth_maxPriorityFeePerGas: async (params, { blockFees }) => {
    positionalArgs<[]>(params, [])
    return `0x${(await blockFees.tips.suggestTip()).toString(16)}`
  },
  /**
   * `eth_getBlockByNumber` (internal/ethapi `GetBlockByNumber`, eth/api_backend.go `BlockByNumber`): anvil's
   * block with a node's header fields (./nodeReplies.ts), the node's argument texts, every tag but `earliest` the
   * last accepted block (Subnet-EVM has no pending block), a number past it refused.
   */
  eth_getBlockByNumber: async (params, { anvil, blockFees }) => {
    const [arg, fullTx] = positionalArgs<[BlockNumberArg, boolean]>(params, [decodeBlockNumber, boolArg], 2)
    const block = await blockAt(anvil, arg!, fullTx!)
    return block === null ? null : nodeBlock(blockFees, block)
  },
  /** `eth_getBlockByHash` (`GetBlockByHash`): the block of a canonical hash, else null. */
  eth_getBlockByHash: async (params, { anvil, blockFees }) => {
    const [hash, fullTx] = positionalArgs<[string, boolean]>(params, [hashArg, boolArg], 2)
    const block = await canonicalBlock(anvil, hash!, fullTx!)
    return block === null ? null : nodeBlock(blockFees, block)
  },
  /** `eth_getHeaderByNumber` (`GetHeaderByNumber`, `HeaderByNumber`): the same block's header fields. */
  eth_getHeaderByNumber: async (params, { anvil, blockFees }) => {
    const [arg] = positionalArgs<[BlockNumberArg]>(params, [decodeBlockNumber], 1)
    const block = await blockAt(anvil, arg!, false)
    return block === null ? null : nodeHeader(blockFees, block)
  },
  /** `eth_getHeaderByHash` (`GetHeaderByHash`): the header of a canonical block, else null. */
  eth_getHeaderByHash: async (params, { anvil, blockFees }) => {
    const [hash] = positionalArgs<[string]>(params, [hashArg], 1)
    const block = await canonicalBlock(anvil, hash!, false)
    return block === null ? null : nodeHeader(blockFees, block)
  },
  eth_getChainConfig: (params, { spec }) => {
    positionalArgs<[]>(params, [])
    return configJsonOf(spec)
  },
  eth_getActiveRulesAt: async (params, { spec, anvil }) => activeRulesJson(spec, await timestampArg(params, anvil)),
  eth_getActivePrecompilesAt: async (params, { spec, anvil }) => activePrecompilesJson(spec, await timestampArg(params, anvil)),
  /** `eth_chainId` (internal/ethapi/api.go `BlockChainAPI.ChainId`): the chain config's ID. */
  eth_chainId: (params, { spec }) => {
    positionalArgs<[]>(params, [])
    return `0x${spec.chainId.toString(16)}`
  },
  /** `net_version` (internal/ethapi/api.go `NetAPI.Version`): the network ID, which plugin/evm/vm.go sets to the chain ID. */
  net_version: (params, { spec }) => {
    positionalArgs<[]>(params, [])
    return spec.chainId.toString()
  },
  /** `net_listening` (internal/ethapi/api.go `NetAPI.Listening`): always. */
  net_listening: (params) => {
    positionalArgs<[]>(params, [])
    return true
  },
  /** `net_peerCount` (internal/ethapi/api.go `NetAPI.PeerCount`): the EVM has no peers of its own; avalanchego's are elsewhere. */
  net_peerCount: (params) => {
    positionalArgs<[]>(params, [])
    return '0x0'
  },
  /** `web3_clientVersion` (node/api.go `web3API.ClientVersion`): the node config's `SubnetEVMVersion`, the VM's version. */
  web3_clientVersion: (params, { clientVersion }) => {
    positionalArgs<[]>(params, [])
    return clientVersion
  },
  rpc_modules: (params) => {
    positionalArgs<[]>(params, [])
    // The warp API is on, as with `warp-api-enabled` (plugin/evm/vm.go registers the "warp" namespace then).
    return { eth: '1.0', net: '1.0', rpc: '1.0', warp: '1.0', web3: '1.0' }
  },
  /**
   * warp_getMessage(messageID): the unsigned message of a mined `sendWarpMessage` (warp/service.go
   * `GetMessage`; a node serves it with `warp-api-enabled`, which the devnet always is).
   */
  warp_getMessage: async (params, { precompiles }) => {
    const [id] = positionalArgs<[Uint8Array]>(params, [idArg], 1)
    const message = precompiles.warpMessage(`0x${Buffer.from(id!).toString('hex')}`)
    if (!message) throw nodeError(`failed to get message ${encodeCb58(id!)} with error not found`)
    return message
  },
  /**
   * warp_getMessageSignature(messageID): the node's BLS signature of a mined `sendWarpMessage`'s
   * unsigned message (warp/service.go `GetMessageSignature`).
   */
  warp_getMessageSignature: async (params, { precompiles, warp }) => {
    const [id] = positionalArgs<[Uint8Array]>(params, [idArg], 1)
    const message = precompiles.warpMessage(`0x${Buffer.from(id!).toString('hex')}`)
    if (!message || !warp) throw nodeError(`failed to get message ${encodeCb58(id!)} with error not found`)
    return signMessage(warp, Uint8Array.from(Buffer.from(message.slice(2), 'hex')))
  },
  /**
   * warp_getBlockSignature(blockID): the node's BLS signature of the hash message of an accepted
   * block, the block ID being its hash (warp/service.go `GetBlockSignature`, verifier_backend.go
   * `verifyBlockMessage`).
   */
  warp_getBlockSignature: async (params, { anvil, warp }) => {
    const [id] = positionalArgs<[Uint8Array]>(params, [idArg], 1)
    const hash = `0x${Buffer.from(id!).toString('hex')}`
    const block = await anvil.request<{ hash: string } | null>('eth_getBlockByHash', [hash, false])
    if (!block || !warp) {
      const blockID = encodeCb58(id!)
      throw nodeError(
        `failed to get signature for block ${blockID} with error failed to validate block message: 2: failed to get block ${blockID}: not found`,
      )
    }
    return signBlock(warp, id!)
  },
  /**
   * warp_getMessageAggregateSignature(messageID, quorumNum, subnetID): the signed Warp message of a mined
   * `sendWarpMessage`, aggregated from the source subnet's validators (warp/service.go
   * `GetMessageAggregateSignature`; an unknown message answers the database's `not found`).
   */
  warp_getMessageAggregateSignature: async (params, { precompiles, warp }) => {
    const [id, quorumNum, subnetID] = positionalArgs<[Uint8Array, bigint, string]>(params, [idArg, uint64Arg, stringArg], 3)
    const message = precompiles.warpMessage(`0x${Buffer.from(id!).toString('hex')}`)
    if (!message || !warp) throw nodeError('not found')
    return aggregate(warp, Uint8Array.from(Buffer.from(message.slice(2), 'hex')), quorumNum!, subnetID!)
  },
  /**
   * warp_getBlockAggregateSignature(blockID, quorumNum, subnetID): the signed Warp message of a block hash
   * payload from this chain, aggregated as above (warp/service.go `GetBlockAggregateSignature`: any block ID; the
   * validators a node asks refuse a block they do not know, so the devnet answers `not found` for one anvil does not hold).
   */
  warp_getBlockAggregateSignature: async (params, { anvil, warp }) => {
    const [id, quorumNum, subnetID] = positionalArgs<[Uint8Array, bigint, string]>(params, [idArg, uint64Arg, stringArg], 3)
    if (!warp) throw nodeError('not found')
    const block = await anvil.request<{ hash: string } | null>('eth_getBlockByHash', [`0x${Buffer.from(id!).toString('hex')}`, false])
    // The validators' `verifyBlockMessage` refuses an unknown block: no signature, and with none the node returns
    // the message unsigned (acp118 `newWarpMessage`).
    if (!block) return aggregate(warp, blockMessage(warp, id!), quorumNum!, subnetID!, false)
    return aggregate(warp, blockMessage(warp, id!), quorumNum!, subnetID!)
  },
  /**
   * devnet_setFeeConfig(feeConfig, from?): a real Fee Manager `setFeeConfig` transaction, sent
   * as `from` (default: the first address of the active config's admin, manager and enabled
   * lists that still has a role) through anvil's impersonation; it mines one block.
   */
  devnet_setFeeConfig: async (params, { anvil, miner, fees, turns }) => {
    const [raw, fromArg] = positionalArgs<[unknown, string]>(params, [(r) => parseJson(r), addressArg])
    if (raw === undefined) throw new RpcError(-32602, 'missing value for required argument 0')
    let config: ReturnType<typeof readFeeConfig>
    try {
      config = readFeeConfig(raw, { file: 'devnet_setFeeConfig', path: 'params[0]' })
    } catch (e) {
      throw new RpcError(-32602, `invalid argument 0: ${(e as Error).message}`)
    }
    // Values the ABI cannot carry (nil, negative, over 256 bits) are refused here with Verify's text.
    const problem = verifyFeeConfig(config)
    if (problem) throw nodeError(`cannot verify fee config: ${problem}`)
    const latest = await anvil.latest()
    const active = fees.enabledAt(latest.timestamp)
    if (!active || !fees.precompiles.isRunning('feeManagerConfig')) {
      // No precompile at the address: the call would do nothing; the block is still mined.
      await miner.mine()
      const block = await anvil.latest()
      throw nodeError(
        `devnet: the FeeManager precompile (feeManagerConfig) is not enabled at block ${block.number} (timestamp ${block.timestamp})`,
      )
    }
    const from = fromArg ?? (await firstWithRole(anvil, active))
    if (!from) throw nodeError('devnet: no address of the feeManagerConfig lists holds a role any more; pass one as argument 1')
    const data = `${precompileSelectors.IFeeManager.setFeeConfig}${feeConfigKeys.map((k) => (config[k] ?? 0n).toString(16).padStart(64, '0')).join('')}`
    const tx = { from, to: feeManagerAddress, data, gas: '0x100000' }
    // Simulated first (with the stand-ins' simulation flag): a refusal is the node's text (as eth_call gives it) and mines nothing.
    const simulated = await anvil.raw('eth_call', [tx, 'latest', withSimulationFlag(undefined, feeManagerAddress)])
    if (simulated.error) {
      const text = revertText(simulated.error.data)
      throw nodeError(text ?? simulated.error.message)
    }
    // Sent and mined in one turn of the block builder's (../block/turns.ts), with what else waits in the pool.
    const hash = await turns.run(async () => {
      // Prepared first: anvil fills the fee cap from the base fee it will mine the block at.
      await miner.prepare()
      await anvil.request('anvil_impersonateAccount', [from])
      let sent: string
      try {
        sent = await anvil.request<string>('eth_sendTransaction', [tx])
      } finally {
        await anvil.request('anvil_stopImpersonatingAccount', [from])
      }
      await anvil.request('evm_mine', [])
      await miner.settle()
      return sent
    })
    const receipt = await anvil.receipt(hash, 0)
    if (!receipt) throw nodeError(`devnet: the setFeeConfig transaction ${hash} was sent but is not mined (the block was full?)`)
    if (receipt.status !== '0x1') throw nodeError(`devnet: the setFeeConfig transaction ${hash} failed`)
    return { blockNumber: receipt.blockNumber, blockHash: receipt.blockHash }
  },
} satisfies Record<string, LocalMethod>

/**
 * `aggregateSignatures` (warp/service.go): the subnet (this chain's when `subnetIDStr` is empty), its validator set at
 * the current P-Chain height, then `AggregateSignatures` with every validator answering (../warp/warpSigner.ts); `sign`
 * false when no validator would sign, which returns the message with an empty signature.
 */
function aggregate(warp: WarpSigner, unsigned: Uint8Array, quorumNum: bigint, subnetIDStr: string, sign = true): string {
  let subnetID = warp.network?.subnetOf(warp.blockchainID) ?? new Uint8Array(32)
  if (subnetIDStr.length > 0) {
    try {
      // ids.FromString: CB58 with its checksum, 32 bytes.
      subnetID = decodeCb58(subnetIDStr)
      if (subnetID.length !== 32) throw new Error('length')
    } catch {
      throw nodeError(`failed to parse subnetID: ${JSON.stringify(subnetIDStr)}`)
    }
  }
  const set = warp.network ? canonicalSet(warp.network, subnetID) : { validators: [], totalWeight: 0n }
  if (set.validators.length === 0 && set.totalWeight === 0n)
    throw nodeError(`cannot retrieve validator set: ${encodeCb58(subnetID)} source subnet not found`)
  return aggregateSignatures(sign ? set : { validators: [], totalWeight: set.totalWeight }, unsigned, quorumNum)
}
