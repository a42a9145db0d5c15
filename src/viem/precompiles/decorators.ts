import type { Account, Chain, Client, Transport } from 'viem'
import * as fees from './fees.js'
import * as read from './read.js'
import * as watch from './watch.js'
import * as write from './write.js'

/** The precompile reads and watchers a client gets from `precompileActions`. */
export type PrecompileActions = {
  /** {@link read.getAllowListRole} */
  getAllowListRole: (parameters: read.GetAllowListRoleParameters) => Promise<read.GetAllowListRoleReturnType>
  /** {@link read.getFeeManagerConfig} */
  getFeeManagerConfig: (parameters?: read.GetFeeManagerConfigParameters) => Promise<read.GetFeeManagerConfigReturnType>
  /** {@link read.getRewardConfig} */
  getRewardConfig: (parameters?: read.GetRewardConfigParameters) => Promise<read.GetRewardConfigReturnType>
  /** {@link read.getWarpBlockchainId} */
  getWarpBlockchainId: (parameters?: read.GetWarpBlockchainIdParameters) => Promise<read.GetWarpBlockchainIdReturnType>
  /** {@link read.isPrecompileActive} */
  isPrecompileActive: (parameters: read.IsPrecompileActiveParameters) => Promise<read.IsPrecompileActiveReturnType>
  /** {@link read.getAllowListMembers} */
  getAllowListMembers: (parameters: read.GetAllowListMembersParameters) => Promise<read.GetAllowListMembersReturnType>
  /** {@link watch.watchAllowListRoles} */
  watchAllowListRoles: (parameters: watch.WatchAllowListRolesParameters) => watch.WatchAllowListRolesReturnType
  /** {@link watch.watchFeeConfigChanges} */
  watchFeeConfigChanges: (parameters: watch.WatchFeeConfigChangesParameters) => watch.WatchFeeConfigChangesReturnType
  /** {@link watch.watchNativeCoinMints} */
  watchNativeCoinMints: (parameters: watch.WatchNativeCoinMintsParameters) => watch.WatchNativeCoinMintsReturnType
  /** {@link watch.watchRewardChanges} */
  watchRewardChanges: (parameters: watch.WatchRewardChangesParameters) => watch.WatchRewardChangesReturnType
  /** {@link fees.estimateL1FeesPerGas} */
  estimateL1FeesPerGas: (parameters?: fees.EstimateL1FeesPerGasParameters) => Promise<fees.EstimateL1FeesPerGasReturnType>
}

function precompileActionsFor(client: Client): PrecompileActions {
  return {
    getAllowListRole: (parameters) => read.getAllowListRole(client, parameters),
    getFeeManagerConfig: (parameters) => read.getFeeManagerConfig(client, parameters),
    getRewardConfig: (parameters) => read.getRewardConfig(client, parameters),
    getWarpBlockchainId: (parameters) => read.getWarpBlockchainId(client, parameters),
    isPrecompileActive: (parameters) => read.isPrecompileActive(client, parameters),
    getAllowListMembers: (parameters) => read.getAllowListMembers(client, parameters),
    watchAllowListRoles: (parameters) => watch.watchAllowListRoles(client, parameters),
    watchFeeConfigChanges: (parameters) => watch.watchFeeConfigChanges(client, parameters),
    watchNativeCoinMints: (parameters) => watch.watchNativeCoinMints(client, parameters),
    watchRewardChanges: (parameters) => watch.watchRewardChanges(client, parameters),
    estimateL1FeesPerGas: (parameters) => fees.estimateL1FeesPerGas(client, parameters),
  }
}

/**
 * Adds the precompile reads and watchers to a viem client (public or wallet): roles, the Fee
 * Manager's config, the Reward Manager's state, Warp's blockchain ID, activity, allow-list
 * members, and typed event watchers. Pass it to `extend` called or not.
 *
 * @example
 * import { createPublicClient, http } from 'viem'
 * import { precompileActions } from 'subnet-rpc/viem/precompiles'
 *
 * const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') }).extend(precompileActions)
 * const role = await client.getAllowListRole({ precompile: 'feeManagerConfig', address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' })
 */
export function precompileActions(): (client: Client) => PrecompileActions
export function precompileActions(client: Client): PrecompileActions
export function precompileActions(client?: Client): PrecompileActions | ((client: Client) => PrecompileActions) {
  return client ? precompileActionsFor(client) : precompileActionsFor
}

type WalletClient = Client<Transport, Chain | undefined, Account | undefined>

/** The precompile writes a wallet client gets from `precompileWalletActions`. */
export type PrecompileWalletActions = {
  /** {@link write.setAllowListRole} */
  setAllowListRole: (parameters: write.SetAllowListRoleParameters) => Promise<write.SetAllowListRoleReturnType>
  /** {@link write.setFeeConfig} */
  setFeeConfig: (parameters: write.SetFeeConfigParameters) => Promise<write.SetFeeConfigReturnType>
  /** {@link write.mintNativeCoin} */
  mintNativeCoin: (parameters: write.MintNativeCoinParameters) => Promise<write.MintNativeCoinReturnType>
  /** {@link write.setRewardAddress} */
  setRewardAddress: (parameters: write.SetRewardAddressParameters) => Promise<write.SetRewardAddressReturnType>
  /** {@link write.allowFeeRecipients} */
  allowFeeRecipients: (parameters?: write.AllowFeeRecipientsParameters) => Promise<write.AllowFeeRecipientsReturnType>
  /** {@link write.disableRewards} */
  disableRewards: (parameters?: write.DisableRewardsParameters) => Promise<write.DisableRewardsReturnType>
}

function precompileWalletActionsFor(client: WalletClient): PrecompileWalletActions {
  return {
    setAllowListRole: (parameters) => write.setAllowListRole(client, parameters),
    setFeeConfig: (parameters) => write.setFeeConfig(client, parameters),
    mintNativeCoin: (parameters) => write.mintNativeCoin(client, parameters),
    setRewardAddress: (parameters) => write.setRewardAddress(client, parameters),
    allowFeeRecipients: (parameters) => write.allowFeeRecipients(client, parameters),
    disableRewards: (parameters) => write.disableRewards(client, parameters),
  }
}

/**
 * Adds the precompile writes to a viem wallet client: roles, the fee config, minting, rewards;
 * each checked and simulated before it is sent (see each action). Pass it to `extend` called or not.
 *
 * @example
 * import { createWalletClient, http } from 'viem'
 * import { privateKeyToAccount } from 'viem/accounts'
 * import { precompileWalletActions } from 'subnet-rpc/viem/precompiles'
 *
 * const wallet = createWalletClient({
 *   account: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
 *   transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc'),
 * }).extend(precompileWalletActions)
 * const hash = await wallet.mintNativeCoin({ to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: 10n ** 18n })
 */
export function precompileWalletActions(): (client: WalletClient) => PrecompileWalletActions
export function precompileWalletActions(client: WalletClient): PrecompileWalletActions
export function precompileWalletActions(
  client?: WalletClient,
): PrecompileWalletActions | ((client: WalletClient) => PrecompileWalletActions) {
  return client ? precompileWalletActionsFor(client) : precompileWalletActionsFor
}
