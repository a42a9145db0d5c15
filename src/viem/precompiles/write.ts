/**
 * Writes to an L1's stateful precompiles, as standalone viem actions on a wallet client. Each
 * is checked before anything is sent: its arguments; that the precompile is active at the next
 * block; the sender's role where the rule is known (`Role.CanModify`); a fee config against the
 * node's `Verify`; then a simulation, whose refusal by the node becomes the typed error that says
 * what to do. Unless fees are given, they come from `estimateL1FeesPerGas`. Each resolves with
 * the transaction hash, as viem's `writeContract` does.
 */
import type {
  Abi,
  Account,
  Address,
  Chain,
  Client,
  GetBlockErrorType,
  Hash,
  SimulateContractErrorType,
  Transport,
  WriteContractErrorType,
} from 'viem'
import { getBlock, simulateContract, writeContract } from 'viem/actions'
import { getAction, parseAccount } from 'viem/utils'
import { getAddress } from 'viem'
import {
  type AllowListPrecompileKey,
  checkAddress,
  checkAllowListPrecompile,
  checkAmount,
  checkEnabled,
  checkRewardAddress,
  checkRole,
  checkRoleChange,
  feeConfigProblem,
  nextBlockTime,
  notActive,
  precompileErrorFromNode,
} from '../../core/precompiles/admin.js'
import { allowListAbi, feeManagerAbi, nativeMinterAbi, rewardManagerAbi } from '../../core/precompiles/abis.js'
import { type AllowListRole, allowListRoleSetters } from '../../core/precompiles/roles.js'
import { feeConfigKeys, type PrecompileKey, precompiles } from '../../core/names.js'
import { findRpcFailure } from '../../core/methods/call.js'
import type { FeeConfig } from '../../core/types/subnet.js'
import { InvalidArgumentError, type InvalidArgumentErrorType } from '../../errors/argument.js'
import { MethodNotFoundError } from '../../errors/node.js'
import {
  InvalidFeeConfigError,
  type AllowListRoleErrorType,
  type InvalidFeeConfigErrorType,
  type PrecompileNotActiveErrorType,
  type SelfDemotionErrorType,
} from '../../errors/precompile.js'
import { type EstimateL1FeesPerGasErrorType, estimateL1FeesPerGas } from './fees.js'
import { type GetAllowListRoleErrorType, type IsPrecompileActiveErrorType, getAllowListRole, isPrecompileActive } from './read.js'

/** What every write takes besides its own arguments: the sender (default: the client's account) and transaction fields. */
export type PrecompileWriteOptions = {
  /** The sender; default: the wallet client's account. */
  account?: Account | Address | undefined
  chain?: Chain | null | undefined
  gas?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
  nonce?: number | undefined
}

/**
 * What every write can reject with: a bad argument or no sender, a sender whose role may not
 * act, an inactive precompile, the reads its checks make, the fee estimate, and viem's
 * simulation and send (a node's refusal of either becomes one of the typed errors where it is one).
 */
type PrecompileWriteErrorType =
  | InvalidArgumentErrorType
  | AllowListRoleErrorType
  | PrecompileNotActiveErrorType
  | GetBlockErrorType
  | IsPrecompileActiveErrorType
  | GetAllowListRoleErrorType
  | EstimateL1FeesPerGasErrorType
  | SimulateContractErrorType
  | WriteContractErrorType

type WalletClient = Client<Transport, Chain | undefined, Account | undefined>

/** The sender: the option, else the client's account, else `InvalidArgumentError`. */
function senderOf(client: WalletClient, options: PrecompileWriteOptions): Account {
  const account = options.account ?? client.account
  if (!account)
    throw new InvalidArgumentError({ argument: 'account', value: account, accepted: 'an account on the wallet client or as `account`' })
  return parseAccount(account)
}

async function assertActive(client: Client, precompile: PrecompileKey): Promise<void> {
  const t = nextBlockTime((await getAction(client, getBlock, 'getBlock')({ blockTag: 'latest' })).timestamp)
  let active: boolean
  try {
    active = await isPrecompileActive(client, { precompile, timestamp: t })
  } catch (e) {
    // A provider that blocks eth_getActiveRulesAt: the code at the address tells, as of the head.
    if (!(e instanceof MethodNotFoundError)) throw e
    active = await isPrecompileActive(client, { precompile })
  }
  if (!active) throw notActive(precompile, t)
}

type Call = { precompile: PrecompileKey; abi: Abi; functionName: string; args?: readonly unknown[] }

/** Simulates, then sends; a refusal by the node (of the simulation, or the pool's) becomes the typed error. */
async function send(
  client: WalletClient,
  call: Call,
  account: Account,
  options: PrecompileWriteOptions,
  role?: AllowListRole,
): Promise<Hash> {
  const { account: _, ...fields } = options
  // Unless the caller sets fees, they never fall under the fee config's minBaseFee (a generic estimate can).
  const fees =
    fields.maxFeePerGas === undefined && fields.maxPriorityFeePerGas === undefined ? await estimateL1FeesPerGas(client) : undefined
  const request = {
    address: precompiles[call.precompile].address,
    abi: call.abi,
    functionName: call.functionName,
    args: call.args,
    account,
    ...fields,
  }
  const typed = (e: unknown) => {
    const failure = findRpcFailure(e)
    return (failure && precompileErrorFromNode(failure.message, { precompile: call.precompile, role }, e as Error)) ?? e
  }
  try {
    // Simulated without fees: eth_call would check the balance against gas × fee cap, which a
    // high base fee (and the block gas limit as the default gas) can push past any balance.
    await getAction(client, simulateContract, 'simulateContract')(request as never)
    const priced = fees ? { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas, ...request } : request
    return await getAction(client, writeContract, 'writeContract')(priced as never)
  } catch (e) {
    throw typed(e)
  }
}

/** An enabled sender (Enabled, Manager or Admin) for a precompile's own functions, checked before the simulation. */
async function assertEnabled(client: Client, precompile: AllowListPrecompileKey, account: Address): Promise<AllowListRole> {
  const role = await getAllowListRole(client, { precompile, address: account })
  checkEnabled(precompile, account, role)
  return role
}

export type SetAllowListRoleParameters = PrecompileWriteOptions & {
  precompile: AllowListPrecompileKey
  /** The address whose role changes. */
  address: Address
  role: AllowListRole
  /** Let the sender take its own admin role away (refused by default: it can lock the list). */
  allowSelfDemotion?: boolean | undefined
}
export type SetAllowListRoleReturnType = Hash
export type SetAllowListRoleErrorType = PrecompileWriteErrorType | SelfDemotionErrorType

/**
 * Sets an address's role on an allow-list precompile (`setAdmin`, `setManager`, `setEnabled`,
 * `setNone`). Refused before sending: a sender whose role may not make the change
 * (`AllowListRoleError`), the sender's own admin role taken away without `allowSelfDemotion`
 * (`SelfDemotionError`), an inactive precompile (`PrecompileNotActiveError`).
 *
 * @example
 * import { createWalletClient, http } from 'viem'
 * import { privateKeyToAccount } from 'viem/accounts'
 * import { setAllowListRole } from 'subnet-rpc/viem/precompiles'
 *
 * const wallet = createWalletClient({
 *   account: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
 *   transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc'),
 * })
 * const hash = await setAllowListRole(wallet, { precompile: 'txAllowListConfig', address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', role: 'enabled' })
 */
export async function setAllowListRole(client: WalletClient, parameters: SetAllowListRoleParameters): Promise<SetAllowListRoleReturnType> {
  const { precompile: key, address: target, role: to, allowSelfDemotion, ...options } = parameters ?? ({} as SetAllowListRoleParameters)
  const precompile = checkAllowListPrecompile(key)
  const address = checkAddress('address', target)
  const role = checkRole(to)
  const account = senderOf(client, options)
  await assertActive(client, precompile)
  const [callerRole, from] = await Promise.all([
    getAllowListRole(client, { precompile, address: account.address }),
    getAllowListRole(client, { precompile, address }),
  ])
  checkRoleChange({ precompile, sender: getAddress(account.address), senderRole: callerRole, address, from, to: role, allowSelfDemotion })
  return send(
    client,
    { precompile, abi: allowListAbi, functionName: allowListRoleSetters[role], args: [address] },
    account,
    options,
    callerRole,
  )
}

export type SetFeeConfigParameters = PrecompileWriteOptions & { feeConfig: FeeConfig }
export type SetFeeConfigReturnType = Hash
export type SetFeeConfigErrorType = PrecompileWriteErrorType | InvalidFeeConfigErrorType

/**
 * Sets the L1's fee config through the Fee Manager (`setFeeConfig`); it governs blocks from the
 * one after the transaction's. Refused before sending: a config the node's `Verify` refuses
 * (`InvalidFeeConfigError`, with the node's text), a sender without a role
 * (`AllowListRoleError`), an inactive Fee Manager (`PrecompileNotActiveError`).
 *
 * @example
 * import { createPublicClient, createWalletClient, http } from 'viem'
 * import { privateKeyToAccount } from 'viem/accounts'
 * import { getFeeManagerConfig, setFeeConfig } from 'subnet-rpc/viem/precompiles'
 *
 * const transport = http('http://127.0.0.1:9650/ext/bc/devnet/rpc')
 * const client = createPublicClient({ transport })
 * const wallet = createWalletClient({ account: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'), transport })
 * const { feeConfig } = await getFeeManagerConfig(client)
 * const hash = await setFeeConfig(wallet, { feeConfig: { ...feeConfig, minBaseFee: feeConfig.minBaseFee * 2n } })
 */
export async function setFeeConfig(client: WalletClient, parameters: SetFeeConfigParameters): Promise<SetFeeConfigReturnType> {
  const { feeConfig, ...options } = parameters ?? ({} as SetFeeConfigParameters)
  const reason = feeConfigProblem(feeConfig)
  if (reason) throw new InvalidFeeConfigError({ reason })
  const account = senderOf(client, options)
  await assertActive(client, 'feeManagerConfig')
  const role = await assertEnabled(client, 'feeManagerConfig', getAddress(account.address))
  const args = feeConfigKeys.map((key) => feeConfig[key])
  return send(client, { precompile: 'feeManagerConfig', abi: feeManagerAbi, functionName: 'setFeeConfig', args }, account, options, role)
}

export type MintNativeCoinParameters = PrecompileWriteOptions & { to: Address; amount: bigint }
export type MintNativeCoinReturnType = Hash
export type MintNativeCoinErrorType = PrecompileWriteErrorType

/**
 * Mints native coin to an address through the Native Minter (`mintNativeCoin`). Refused before
 * sending: an amount that is not a bigint in [0, 2^256), a sender without a role
 * (`AllowListRoleError`), an inactive Native Minter (`PrecompileNotActiveError`).
 *
 * @example
 * import { createWalletClient, http, parseEther } from 'viem'
 * import { privateKeyToAccount } from 'viem/accounts'
 * import { mintNativeCoin } from 'subnet-rpc/viem/precompiles'
 *
 * const wallet = createWalletClient({
 *   account: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
 *   transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc'),
 * })
 * const hash = await mintNativeCoin(wallet, { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: parseEther('1000') })
 */
export async function mintNativeCoin(client: WalletClient, parameters: MintNativeCoinParameters): Promise<MintNativeCoinReturnType> {
  const { to, amount, ...options } = parameters ?? ({} as MintNativeCoinParameters)
  const recipient = checkAddress('to', to)
  checkAmount(amount)
  const account = senderOf(client, options)
  await assertActive(client, 'contractNativeMinterConfig')
  const role = await assertEnabled(client, 'contractNativeMinterConfig', getAddress(account.address))
  return send(
    client,
    { precompile: 'contractNativeMinterConfig', abi: nativeMinterAbi, functionName: 'mintNativeCoin', args: [recipient, amount] },
    account,
    options,
    role,
  )
}

/** A Reward Manager write: checked as every write, then the function with its arguments. */
async function rewardWrite(
  client: WalletClient,
  functionName: string,
  args: readonly unknown[],
  options: PrecompileWriteOptions,
): Promise<Hash> {
  const account = senderOf(client, options)
  await assertActive(client, 'rewardManagerConfig')
  const role = await assertEnabled(client, 'rewardManagerConfig', getAddress(account.address))
  return send(client, { precompile: 'rewardManagerConfig', abi: rewardManagerAbi, functionName, args }, account, options, role)
}

export type SetRewardAddressParameters = PrecompileWriteOptions & { rewardAddress: Address }
export type SetRewardAddressReturnType = Hash
export type SetRewardAddressErrorType = PrecompileWriteErrorType

/**
 * Sends every block's fees to one address (`setRewardAddress`). The zero address is refused
 * before sending (the node: `reward address cannot be empty`); use `disableRewards` to burn.
 *
 * @example
 * // Needs the Reward Manager active (the built-in devnet enables it 3 hours after its start).
 * import { createWalletClient, http } from 'viem'
 * import { privateKeyToAccount } from 'viem/accounts'
 * import { setRewardAddress } from 'subnet-rpc/viem/precompiles'
 *
 * const wallet = createWalletClient({
 *   account: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
 *   transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc'),
 * })
 * const hash = await setRewardAddress(wallet, { rewardAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 */
export async function setRewardAddress(client: WalletClient, parameters: SetRewardAddressParameters): Promise<SetRewardAddressReturnType> {
  const { rewardAddress, ...options } = parameters ?? ({} as SetRewardAddressParameters)
  const address = checkRewardAddress(rewardAddress)
  return rewardWrite(client, 'setRewardAddress', [address], options)
}

export type AllowFeeRecipientsParameters = PrecompileWriteOptions
export type AllowFeeRecipientsReturnType = Hash
export type AllowFeeRecipientsErrorType = PrecompileWriteErrorType

/**
 * Lets each block's fee recipient (coinbase) take its fees (`allowFeeRecipients`).
 *
 * @example
 * // Needs the Reward Manager active (the built-in devnet enables it 3 hours after its start).
 * import { createWalletClient, http } from 'viem'
 * import { privateKeyToAccount } from 'viem/accounts'
 * import { allowFeeRecipients } from 'subnet-rpc/viem/precompiles'
 *
 * const wallet = createWalletClient({
 *   account: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
 *   transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc'),
 * })
 * const hash = await allowFeeRecipients(wallet)
 */
export async function allowFeeRecipients(
  client: WalletClient,
  parameters: AllowFeeRecipientsParameters = {},
): Promise<AllowFeeRecipientsReturnType> {
  return rewardWrite(client, 'allowFeeRecipients', [], parameters)
}

export type DisableRewardsParameters = PrecompileWriteOptions
export type DisableRewardsReturnType = Hash
export type DisableRewardsErrorType = PrecompileWriteErrorType

/**
 * Burns every block's fees (`disableRewards`: the reward address becomes the blackhole).
 *
 * @example
 * // Needs the Reward Manager active (the built-in devnet enables it 3 hours after its start).
 * import { createWalletClient, http } from 'viem'
 * import { privateKeyToAccount } from 'viem/accounts'
 * import { disableRewards } from 'subnet-rpc/viem/precompiles'
 *
 * const wallet = createWalletClient({
 *   account: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
 *   transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc'),
 * })
 * const hash = await disableRewards(wallet)
 */
export async function disableRewards(client: WalletClient, parameters: DisableRewardsParameters = {}): Promise<DisableRewardsReturnType> {
  return rewardWrite(client, 'disableRewards', [], parameters)
}
