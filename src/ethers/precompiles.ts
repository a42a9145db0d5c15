/**
 * An L1's stateful precompiles for ethers v6: the reads, the checked writes and the event
 * decoding of `subnet-rpc/viem/precompiles`, over an ethers provider (`SubnetProvider`,
 * `JsonRpcProvider`, Hardhat's `hre.ethers.provider`) and any `Signer` (Hardhat's included).
 * The rules and the reading of the node's refusals are core's (src/core/precompiles/admin.ts),
 * shared with viem; results are the same values viem's actions return.
 */
import {
  type BlockTag,
  Contract,
  type ContractTransactionResponse,
  getAddress,
  Interface,
  type Log,
  type Provider,
  type Signer,
} from 'ethers'
import type { Timestamp } from '../core/encode.js'
import { checkMaxBlockRange, readLogRange } from '../core/logRange.js'
import { findRpcFailure } from '../core/methods/call.js'
import { type PrecompileKey, isPrecompileKey, precompiles } from '../core/names.js'
import { allowListAbi, feeManagerAbi, nativeMinterAbi, rewardManagerAbi, warpMessengerAbi } from '../core/precompiles/abis.js'
import {
  type AllowListMembers,
  type AllowListPrecompileKey,
  activeAllowListConfig,
  allowListMembers,
  checkAddress,
  checkAllowListPrecompile,
  checkAmount,
  checkBaseFeeMultiplier,
  checkEnabled,
  checkRewardAddress,
  checkRole,
  checkRoleChange,
  feeConfigFromValues,
  feeConfigProblem,
  firstBlockAtOrAfter,
  headerMilliseconds,
  l1FeesPerGas,
  nextBlockTime,
  notActive,
  precompileErrorFromNode,
  rewardConfigFrom,
} from '../core/precompiles/admin.js'
import { type AllowListRole, allowListRoleFromNumber, allowListRoleSetters } from '../core/precompiles/roles.js'
import { feeConfigKeys } from '../core/names.js'
import type { FeeConfig } from '../core/types/subnet.js'
import { InvalidArgumentError } from '../errors/argument.js'
import { ResponseShapeError } from '../errors/response.js'
import { show } from '../errors/show.js'
import { MethodNotFoundError } from '../errors/node.js'
import { InvalidFeeConfigError } from '../errors/precompile.js'
import { feeConfig as readFeeConfig, getActiveRulesAt, getChainConfig } from './functions.js'
import type { Sender } from './request.js'

/** What the reads need: an ethers provider that also sends raw JSON-RPC (every JSON-RPC provider, Hardhat's too). */
export type PrecompileProvider = Provider & Sender

type Address = `0x${string}`
type At = { blockTag?: BlockTag | undefined }

const contract = (key: PrecompileKey, abi: readonly unknown[], runner: Provider | Signer) =>
  new Contract(precompiles[key].address, abi as never, runner)

/** ethers' "could not decode result data" for an empty reply: the address has no code. */
const noCode = (e: unknown) => (e as { code?: string; value?: string })?.code === 'BAD_DATA' && (e as { value?: string }).value === '0x'

/** A hex quantity of a reply (`hexutil.Uint64`, `hexutil.Big`), else the typed error with the method and the path. */
function quantity(method: string, path: string, value: unknown): bigint {
  if (typeof value === 'string' && /^0x(0|[1-9a-f][\da-f]*)$/i.test(value)) return BigInt(value)
  throw new ResponseShapeError({ method, path, expected: 'a hex quantity', received: show(value) })
}

/**
 * The head block as the node has it now, with the header fields the fee rules read. Not
 * `getBlock('latest')`: ethers answers a request the same as one made in the last 250 ms from its
 * own cache, so right after `tx.wait()` it can give the block before the one that mined the
 * transaction; and its `Block` drops `timestampMilliseconds`.
 */
async function latestHead(provider: PrecompileProvider) {
  const method = 'eth_getBlockByNumber'
  const head = (await provider.send(method, ['latest', false])) as Record<string, unknown> | null
  if (head === null || typeof head !== 'object' || Array.isArray(head))
    throw new ResponseShapeError({ method, path: '$', expected: 'the latest block', received: show(head) })
  const field = (name: string) => quantity(method, `$.${name}`, head[name])
  if (typeof head.extraData !== 'string' || !/^0x([\da-f]{2})*$/i.test(head.extraData))
    throw new ResponseShapeError({ method, path: '$.extraData', expected: 'hex bytes', received: show(head.extraData) })
  return {
    number: field('number'),
    timestamp: field('timestamp'),
    timestampMilliseconds: headerMilliseconds(method, head.timestampMilliseconds),
    gasUsed: field('gasUsed'),
    gasLimit: field('gasLimit'),
    // Absent before London (never on a Subnet-EVM chain); null then, as the fee rules take it.
    baseFeePerGas: head.baseFeePerGas === undefined || head.baseFeePerGas === null ? null : field('baseFeePerGas'),
    extraData: head.extraData as `0x${string}`,
  }
}

async function readPrecompile<T>(provider: Provider, key: PrecompileKey, at: At, read: () => Promise<T>): Promise<T> {
  try {
    return await read()
  } catch (e) {
    if (!noCode(e)) throw e
    const block = await provider.getBlock(at.blockTag ?? 'latest')
    throw notActive(key, BigInt(block?.timestamp ?? 0), block ? BigInt(block.number) : undefined)
  }
}

/**
 * The role of an address on an allow-list precompile: `none`, `enabled`, `admin` or `manager`.
 *
 * @example
 * import { SubnetProvider, getAllowListRole } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const role = await getAllowListRole(provider, { precompile: 'txAllowListConfig', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
 * provider.destroy()
 */
export async function getAllowListRole(
  provider: Provider,
  parameters: At & { precompile: AllowListPrecompileKey; address: string },
): Promise<AllowListRole> {
  const key = checkAllowListPrecompile(parameters?.precompile)
  const address = checkAddress('address', parameters.address)
  const role: bigint = await readPrecompile(provider, key, parameters, () =>
    contract(key, allowListAbi, provider).getFunction('readAllowList')(address, { blockTag: parameters.blockTag }),
  )
  return allowListRoleFromNumber(role)
}

/**
 * The Fee Manager's stored fee config and the block of its last change.
 *
 * @example
 * import { SubnetProvider, getFeeManagerConfig } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const { feeConfig, lastChangedAt } = await getFeeManagerConfig(provider)
 * provider.destroy()
 */
export async function getFeeManagerConfig(
  provider: Provider,
  parameters: At = {},
): Promise<{ feeConfig: FeeConfig; lastChangedAt: bigint }> {
  const fm = contract('feeManagerConfig', feeManagerAbi, provider)
  const overrides = { blockTag: parameters.blockTag }
  const [values, lastChangedAt] = await readPrecompile(provider, 'feeManagerConfig', parameters, () =>
    Promise.all([fm.getFunction('getFeeConfig')(overrides), fm.getFunction('getFeeConfigLastChangedAt')(overrides)]),
  )
  return { feeConfig: feeConfigFromValues([...values] as bigint[]), lastChangedAt: lastChangedAt as bigint }
}

/**
 * The Reward Manager's state: reward address, whether fee recipients are allowed, whether fees are burned.
 *
 * @example
 * // Needs the Reward Manager active (the built-in devnet enables it 3 hours after its start).
 * import { SubnetProvider, getRewardConfig } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const { rewardAddress, feeRecipientsAllowed } = await getRewardConfig(provider)
 * provider.destroy()
 */
export async function getRewardConfig(provider: Provider, parameters: At = {}) {
  const rm = contract('rewardManagerConfig', rewardManagerAbi, provider)
  const overrides = { blockTag: parameters.blockTag }
  const [rewardAddress, allowed] = await readPrecompile(provider, 'rewardManagerConfig', parameters, () =>
    Promise.all([rm.getFunction('currentRewardAddress')(overrides), rm.getFunction('areFeeRecipientsAllowed')(overrides)]),
  )
  return rewardConfigFrom(rewardAddress as Address, allowed as boolean)
}

/**
 * The L1's blockchain ID from Warp's `getBlockchainID`, bytes32 hex.
 *
 * @example
 * import { SubnetProvider, getWarpBlockchainId } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const id = await getWarpBlockchainId(provider)
 * provider.destroy()
 */
export async function getWarpBlockchainId(provider: Provider, parameters: At = {}): Promise<`0x${string}`> {
  return readPrecompile(provider, 'warpConfig', parameters, () =>
    contract('warpConfig', warpMessengerAbi, provider).getFunction('getBlockchainID')({ blockTag: parameters.blockTag }),
  )
}

/**
 * Whether a precompile is active now or at a time (`eth_getActiveRulesAt`; without a time, the
 * code at its address where a provider does not serve that method).
 *
 * @example
 * import { SubnetProvider, isPrecompileActive } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const active = await isPrecompileActive(provider, { precompile: 'feeManagerConfig' })
 * provider.destroy()
 */
export async function isPrecompileActive(
  provider: PrecompileProvider,
  parameters: { precompile: PrecompileKey; timestamp?: Timestamp | undefined },
): Promise<boolean> {
  const key = parameters?.precompile
  if (typeof key !== 'string' || !isPrecompileKey(key))
    throw new InvalidArgumentError({ argument: 'precompile', value: key, accepted: Object.keys(precompiles).join(', ') })
  try {
    return Object.hasOwn((await getActiveRulesAt(provider, parameters.timestamp)).precompiles, key)
  } catch (e) {
    if (!(e instanceof MethodNotFoundError) || parameters.timestamp !== undefined) throw e
    return (await provider.getCode(precompiles[key].address)) === '0x01'
  }
}

/**
 * An allow list's members (admins, managers, enabled) with the block each got its role: the
 * activating config's lists, then the `RoleSet` events since, each checked against `readAllowList`.
 * The events are read as viem's `getAllowListMembers` reads them: in one `eth_getLogs`, or in chunks
 * of `maxBlockRange` blocks, or of the maximum a node that refuses the range names.
 *
 * @example
 * import { SubnetProvider, getAllowListMembers } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const { admins, enabled } = await getAllowListMembers(provider, { precompile: 'txAllowListConfig' })
 * const minters = await getAllowListMembers(provider, { precompile: 'contractNativeMinterConfig', maxBlockRange: 2048n })
 * provider.destroy()
 */
export async function getAllowListMembers(
  provider: PrecompileProvider,
  parameters: { precompile: AllowListPrecompileKey; fromBlock?: bigint | undefined; maxBlockRange?: bigint | undefined },
): Promise<AllowListMembers> {
  const key = checkAllowListPrecompile(parameters?.precompile)
  const maxBlockRange = checkMaxBlockRange(parameters.maxBlockRange)
  const head = await latestHead(provider)
  const config = activeAllowListConfig(await getChainConfig(provider), key, head.timestamp)
  if (!config) throw notActive(key, head.timestamp)
  const timestampOf = async (n: bigint) => BigInt((await provider.getBlock(n))?.timestamp ?? 0)
  const activation = parameters.fromBlock ?? (await firstBlockAtOrAfter(config.timestamp, head.number, timestampOf))
  const list = contract(key, allowListAbi, provider)
  const events = await readLogRange(
    (fromBlock, toBlock) => list.queryFilter(list.filters.RoleSet!(), Number(fromBlock), Number(toBlock)),
    activation,
    head.number,
    maxBlockRange,
  )
  return allowListMembers(
    config.lists,
    activation,
    events.map((e) => ({ account: (e as unknown as { args: { account: Address } }).args.account, blockNumber: BigInt(e.blockNumber) })),
    (address) => getAllowListRole(provider, { precompile: key, address, blockTag: head.number }),
    (address) => getAddress(address) as Address,
  )
}

/**
 * EIP-1559 fees for the L1's next block, never under the fee config's `minBaseFee` in force then
 * (the same rule as viem's `estimateL1FeesPerGas`).
 *
 * @example
 * import { SubnetProvider, estimateL1FeesPerGas } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const { maxFeePerGas, maxPriorityFeePerGas } = await estimateL1FeesPerGas(provider)
 * provider.destroy()
 */
export async function estimateL1FeesPerGas(provider: PrecompileProvider, parameters: { baseFeeMultiplier?: number | undefined } = {}) {
  const baseFeeMultiplier = checkBaseFeeMultiplier(parameters.baseFeeMultiplier ?? 1.2)
  const [head, fees, tip] = await Promise.all([
    latestHead(provider),
    readFeeConfig(provider, 'latest'),
    provider.send('eth_maxPriorityFeePerGas', []) as Promise<unknown>,
  ])
  return l1FeesPerGas({
    head,
    feeConfig: fees.feeConfig,
    maxPriorityFeePerGas: quantity('eth_maxPriorityFeePerGas', '$', tip),
    baseFeeMultiplier,
  })
}

/** Transaction fields a write takes besides its arguments (ethers overrides). */
export type PrecompileWriteOverrides = {
  gasLimit?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
  nonce?: number | undefined
}

/** The signer's provider, as the reads need it. */
function providerOf(signer: Signer): PrecompileProvider {
  const provider = signer.provider as PrecompileProvider | null
  if (!provider || typeof provider.send !== 'function')
    throw new InvalidArgumentError({
      argument: 'signer',
      value: 'a signer without a JSON-RPC provider',
      accepted: 'a signer connected to a JSON-RPC provider',
    })
  return provider
}

async function assertActive(provider: PrecompileProvider, key: PrecompileKey): Promise<void> {
  const t = nextBlockTime((await latestHead(provider)).timestamp)
  let active: boolean
  try {
    active = await isPrecompileActive(provider, { precompile: key, timestamp: t })
  } catch (e) {
    // A provider that blocks eth_getActiveRulesAt: the code at the address tells, as of the head.
    if (!(e instanceof MethodNotFoundError)) throw e
    active = await isPrecompileActive(provider, { precompile: key })
  }
  if (!active) throw notActive(key, t)
}

/** Simulates as the signer, then sends; a refusal by the node becomes the typed error. */
async function send(
  signer: Signer,
  key: PrecompileKey,
  abi: readonly unknown[],
  functionName: string,
  args: readonly unknown[],
  overrides: PrecompileWriteOverrides,
  role?: AllowListRole,
): Promise<ContractTransactionResponse> {
  const provider = providerOf(signer)
  const fn = contract(key, abi, signer).getFunction(functionName)
  const fees =
    overrides.maxFeePerGas === undefined && overrides.maxPriorityFeePerGas === undefined ? await estimateL1FeesPerGas(provider) : undefined
  const tx = { ...(fees && { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas }), ...overrides }
  try {
    // Simulated without fees: eth_call would check the balance against gas × fee cap.
    await fn.staticCall(...args, { ...overrides, maxFeePerGas: undefined, maxPriorityFeePerGas: undefined })
    return await fn.send(...args, tx)
  } catch (e) {
    const failure = findRpcFailure(e)
    throw (failure && precompileErrorFromNode(failure.message, { precompile: key, role }, e as Error)) ?? e
  }
}

async function enabledSender(signer: Signer, key: AllowListPrecompileKey): Promise<{ sender: Address; role: AllowListRole }> {
  const provider = providerOf(signer)
  await assertActive(provider, key)
  const sender = (await signer.getAddress()) as Address
  const role = await getAllowListRole(provider, { precompile: key, address: sender })
  checkEnabled(key, sender, role)
  return { sender, role }
}

/**
 * Sets an address's role on an allow-list precompile, checked first as viem's `setAllowListRole` is.
 *
 * @example
 * import { Wallet } from 'ethers'
 * import { SubnetProvider, setAllowListRole } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const signer = new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', provider)
 * const tx = await setAllowListRole(signer, { precompile: 'txAllowListConfig', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', role: 'enabled' })
 * await tx.wait()
 * provider.destroy()
 */
export async function setAllowListRole(
  signer: Signer,
  parameters: PrecompileWriteOverrides & {
    precompile: AllowListPrecompileKey
    address: string
    role: AllowListRole
    allowSelfDemotion?: boolean
  },
): Promise<ContractTransactionResponse> {
  const { precompile, address: target, role: to, allowSelfDemotion, ...overrides } = parameters ?? ({} as never)
  const key = checkAllowListPrecompile(precompile)
  const address = checkAddress('address', target)
  const role = checkRole(to)
  const provider = providerOf(signer)
  await assertActive(provider, key)
  const sender = (await signer.getAddress()) as Address
  const [senderRole, from] = await Promise.all([
    getAllowListRole(provider, { precompile: key, address: sender }),
    getAllowListRole(provider, { precompile: key, address }),
  ])
  checkRoleChange({ precompile: key, sender, senderRole, address, from, to: role, allowSelfDemotion })
  return send(signer, key, allowListAbi, allowListRoleSetters[role], [address], overrides, senderRole)
}

/**
 * Sets the fee config through the Fee Manager, checked first against the node's `Verify`.
 *
 * @example
 * import { Wallet } from 'ethers'
 * import { SubnetProvider, getFeeManagerConfig, setFeeConfig } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const signer = new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', provider)
 * const { feeConfig } = await getFeeManagerConfig(provider)
 * await (await setFeeConfig(signer, { feeConfig: { ...feeConfig, gasLimit: feeConfig.gasLimit } })).wait()
 * provider.destroy()
 */
export async function setFeeConfig(
  signer: Signer,
  parameters: PrecompileWriteOverrides & { feeConfig: FeeConfig },
): Promise<ContractTransactionResponse> {
  const { feeConfig, ...overrides } = parameters ?? ({} as never)
  const reason = feeConfigProblem(feeConfig)
  if (reason) throw new InvalidFeeConfigError({ reason })
  const { role } = await enabledSender(signer, 'feeManagerConfig')
  return send(
    signer,
    'feeManagerConfig',
    feeManagerAbi,
    'setFeeConfig',
    feeConfigKeys.map((k) => feeConfig[k]),
    overrides,
    role,
  )
}

/**
 * Mints native coin through the Native Minter.
 *
 * @example
 * import { Wallet, parseEther } from 'ethers'
 * import { SubnetProvider, mintNativeCoin } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const signer = new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', provider)
 * await (await mintNativeCoin(signer, { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: parseEther('1') })).wait()
 * provider.destroy()
 */
export async function mintNativeCoin(
  signer: Signer,
  parameters: PrecompileWriteOverrides & { to: string; amount: bigint },
): Promise<ContractTransactionResponse> {
  const { to, amount, ...overrides } = parameters ?? ({} as never)
  const recipient = checkAddress('to', to)
  checkAmount(amount)
  const { role } = await enabledSender(signer, 'contractNativeMinterConfig')
  return send(signer, 'contractNativeMinterConfig', nativeMinterAbi, 'mintNativeCoin', [recipient, amount], overrides, role)
}

async function rewardWrite(signer: Signer, functionName: string, args: readonly unknown[], overrides: PrecompileWriteOverrides) {
  const { role } = await enabledSender(signer, 'rewardManagerConfig')
  return send(signer, 'rewardManagerConfig', rewardManagerAbi, functionName, args, overrides, role)
}

/**
 * Sends every block's fees to one address (the zero address is refused before sending).
 *
 * @example
 * // Needs the Reward Manager active (the built-in devnet enables it 3 hours after its start).
 * import { Wallet } from 'ethers'
 * import { SubnetProvider, setRewardAddress } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const signer = new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', provider)
 * await (await setRewardAddress(signer, { rewardAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })).wait()
 */
export async function setRewardAddress(
  signer: Signer,
  parameters: PrecompileWriteOverrides & { rewardAddress: string },
): Promise<ContractTransactionResponse> {
  const { rewardAddress, ...overrides } = parameters ?? ({} as never)
  const address = checkRewardAddress(rewardAddress)
  return rewardWrite(signer, 'setRewardAddress', [address], overrides)
}

/**
 * Lets each block's fee recipient take its fees.
 *
 * @example
 * // Needs the Reward Manager active (the built-in devnet enables it 3 hours after its start).
 * import { Wallet } from 'ethers'
 * import { SubnetProvider, allowFeeRecipients } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * await (await allowFeeRecipients(new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', provider))).wait()
 */
export async function allowFeeRecipients(signer: Signer, overrides: PrecompileWriteOverrides = {}): Promise<ContractTransactionResponse> {
  return rewardWrite(signer, 'allowFeeRecipients', [], overrides)
}

/**
 * Burns every block's fees.
 *
 * @example
 * // Needs the Reward Manager active (the built-in devnet enables it 3 hours after its start).
 * import { Wallet } from 'ethers'
 * import { SubnetProvider, disableRewards } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * await (await disableRewards(new Wallet('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80', provider))).wait()
 */
export async function disableRewards(signer: Signer, overrides: PrecompileWriteOverrides = {}): Promise<ContractTransactionResponse> {
  return rewardWrite(signer, 'disableRewards', [], overrides)
}

const events = new Interface([
  ...allowListAbi.filter((e) => e.type === 'event'),
  ...feeManagerAbi.filter((e) => e.type === 'event' && e.name !== 'RoleSet'),
  ...nativeMinterAbi.filter((e) => e.type === 'event' && e.name !== 'RoleSet'),
  ...rewardManagerAbi.filter((e) => e.type === 'event' && e.name !== 'RoleSet'),
  ...warpMessengerAbi.filter((e) => e.type === 'event'),
] as never)

/** A precompile's event, decoded: the same shapes as viem's watchers give. */
export type PrecompileEvent =
  | { kind: 'roleSet'; precompile: PrecompileKey; account: Address; role: AllowListRole; oldRole: AllowListRole; sender: Address }
  | { kind: 'feeConfigChanged'; sender: Address; oldFeeConfig: FeeConfig; newFeeConfig: FeeConfig }
  | { kind: 'nativeCoinMinted'; sender: Address; recipient: Address; amount: bigint }
  | { kind: 'rewardAddressChanged'; sender: Address; oldRewardAddress: Address; newRewardAddress: Address }
  | { kind: 'feeRecipientsAllowed'; sender: Address }
  | { kind: 'rewardsDisabled'; sender: Address }
  | { kind: 'sendWarpMessage'; sender: Address; messageID: `0x${string}`; message: `0x${string}` }

/**
 * Decodes a log of a precompile (from a receipt, `queryFilter` or `provider.on`): `undefined`
 * for a log from any other address or with another topic.
 *
 * @example
 * import { SubnetProvider, decodePrecompileLog } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const logs = await provider.getLogs({ address: '0x0200000000000000000000000000000000000002', fromBlock: 0 })
 * const changes = logs.map(decodePrecompileLog)
 * provider.destroy()
 */
export function decodePrecompileLog(log: Pick<Log, 'address' | 'topics' | 'data'>): PrecompileEvent | undefined {
  const key = (Object.keys(precompiles) as PrecompileKey[]).find((k) => precompiles[k].address.toLowerCase() === log.address.toLowerCase())
  if (!key) return undefined
  const parsed = events.parseLog({ topics: [...log.topics], data: log.data })
  if (!parsed) return undefined
  const a = parsed.args
  const fee = (tuple: Record<string, bigint>) => feeConfigFromValues(feeConfigKeys.map((k) => tuple[k]!))
  switch (parsed.name) {
    case 'RoleSet':
      return {
        kind: 'roleSet',
        precompile: key,
        account: a.account,
        role: allowListRoleFromNumber(a.role),
        oldRole: allowListRoleFromNumber(a.oldRole),
        sender: a.sender,
      }
    case 'FeeConfigChanged':
      return {
        kind: 'feeConfigChanged',
        sender: a.sender,
        oldFeeConfig: fee(a.oldFeeConfig.toObject()),
        newFeeConfig: fee(a.newFeeConfig.toObject()),
      }
    case 'NativeCoinMinted':
      return { kind: 'nativeCoinMinted', sender: a.sender, recipient: a.recipient, amount: a.amount }
    case 'RewardAddressChanged':
      return { kind: 'rewardAddressChanged', sender: a.sender, oldRewardAddress: a.oldRewardAddress, newRewardAddress: a.newRewardAddress }
    case 'FeeRecipientsAllowed':
      return { kind: 'feeRecipientsAllowed', sender: a.sender }
    case 'RewardsDisabled':
      return { kind: 'rewardsDisabled', sender: a.sender }
    case 'SendWarpMessage':
      return { kind: 'sendWarpMessage', sender: a.sender, messageID: a.messageID, message: a.message }
    default:
      return undefined
  }
}

/** Where a watched event was mined: the same fields as viem's watchers give. */
export type PrecompileEventLocation = { blockNumber: bigint; transactionHash: `0x${string}`; logIndex: number }

/**
 * Calls `onEvent` with each event of a precompile, decoded ({@link decodePrecompileLog}), in the
 * order mined: every `pollingInterval` ms (default 4,000, ethers' own) it reads the new blocks'
 * logs with `getLogs`, as viem's watchers poll. A failed poll goes to `onError` and is tried
 * again from the same block. Resolves, once the head block is known, with the function that
 * stops watching (and waits for a poll under way). A node emits these events only from Durango on.
 *
 * @example
 * import { SubnetProvider, watchPrecompileEvents } from 'subnet-rpc/ethers'
 *
 * const provider = new SubnetProvider('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const stop = await watchPrecompileEvents(provider, {
 *   precompile: 'txAllowListConfig',
 *   onEvent: (event, at) => console.log(event.kind, at.blockNumber),
 * })
 * await stop()
 * provider.destroy()
 */
export async function watchPrecompileEvents(
  provider: Provider,
  parameters: {
    precompile: PrecompileKey
    onEvent: (event: PrecompileEvent, at: PrecompileEventLocation) => void
    onError?: ((error: Error) => void) | undefined
    pollingInterval?: number | undefined
  },
): Promise<() => Promise<void>> {
  const precompile = parameters?.precompile
  if (typeof precompile !== 'string' || !isPrecompileKey(precompile))
    throw new InvalidArgumentError({ argument: 'precompile', value: precompile, accepted: Object.keys(precompiles).join(', ') })
  const { onEvent, onError, pollingInterval = 4000 } = parameters
  if (typeof onEvent !== 'function') throw new InvalidArgumentError({ argument: 'onEvent', value: onEvent, accepted: 'a function' })
  if (!Number.isFinite(pollingInterval) || pollingInterval <= 0)
    throw new InvalidArgumentError({ argument: 'pollingInterval', value: pollingInterval, accepted: 'a number of milliseconds above 0' })
  const address = precompiles[precompile].address
  // The head as the node has it now where the provider sends raw JSON-RPC: ethers' getBlockNumber may be up to
  // 250 ms old, and the events of a block mined in between would be reported as if they came after the call.
  const sender = provider as Partial<Sender>
  const head =
    typeof sender.send === 'function'
      ? Number(quantity('eth_blockNumber', '$', await sender.send('eth_blockNumber', [])))
      : await provider.getBlockNumber()
  let next = head + 1
  let stopped = false
  const poll = async () => {
    try {
      const head = await provider.getBlockNumber()
      if (stopped || head < next) return
      const logs = await provider.getLogs({ address, fromBlock: next, toBlock: head })
      next = head + 1
      for (const log of logs) {
        const event = decodePrecompileLog(log)
        const at = { blockNumber: BigInt(log.blockNumber), transactionHash: log.transactionHash as `0x${string}`, logIndex: log.index }
        if (event && !stopped) onEvent(event, at)
      }
    } catch (error) {
      if (!stopped) onError?.(error as Error)
    }
  }
  let polling: Promise<void> = Promise.resolve()
  const timer = setInterval(() => {
    polling = polling.then(poll)
  }, pollingInterval)
  return async () => {
    stopped = true
    clearInterval(timer)
    await polling
  }
}
