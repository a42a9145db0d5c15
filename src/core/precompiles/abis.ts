/**
 * The JSON ABIs of Subnet-EVM's stateful precompiles, as the node embeds them
 * (`//go:embed` in each precompile's `contract.go`), in the viem / abitype format and
 * `as const`, so viem, wagmi, ethers v6 and Hardhat infer argument and return types from
 * them. Entries keep the order of the node's `.abi` files. Library-neutral: plain data.
 *
 * Sources (ava-labs/avalanchego, `graft/subnet-evm/precompile/`):
 * - `allowlist/IAllowList.abi`, `allowlist/IAllowList.sol`
 * - `contracts/feemanager/IFeeManager.abi`, `IFeeManager.sol`
 * - `contracts/nativeminter/INativeMinter.abi`, `INativeMinter.sol`
 * - `contracts/rewardmanager/IRewardManager.abi`, `IRewardManager.sol`
 * - `contracts/warp/IWarpMessenger.abi`, `contracts/warp/warpbindings/IWarpMessenger.sol`
 * - `contracts/gaspricemanager/IGasPriceManager.abi`, `IGasPriceManager.sol` (not registered yet)
 * The Deployer and Tx allow lists have no ABI of their own: their `contract.go` builds them
 * with `allowlist.CreateAllowListPrecompile`, which serves `IAllowList.abi`.
 */
import type { PrecompileKey } from '../names.js'
import type { Address, Hash } from '../types/subnet.js'

/**
 * The allow list every permissioned precompile serves (`IAllowList`): `readAllowList`,
 * `setAdmin`, `setEnabled`, `setManager`, `setNone` and the `RoleSet` event. Roles are
 * `uint256` values: convert with {@link allowListRoleFromNumber} / {@link allowListRoleToNumber}.
 *
 * Versions (ava-labs/subnet-evm): `setManager` and the Manager role arrived in v0.5.6
 * (`precompile/allowlist/allowlist.go`, `role.go`), and the node serves `setManager` only
 * once Durango is active; before, a call fails with
 * `invalid non-activated function selector: 0xd0ebdbe7`. `RoleSet` arrived in v0.5.11
 * (`precompile/allowlist/event.go`) and is emitted only once Durango is active; older nodes
 * and pre-Durango blocks change roles without a log. Setters fail (a Go error, no revert
 * data) with `cannot modify allow list: …` when the caller may not make the change
 * (`allowlist/allowlist.go`, see {@link canModifyAllowListRole}).
 *
 * Source: `graft/subnet-evm/precompile/allowlist/IAllowList.abi` (ava-labs/avalanchego).
 *
 * @example
 * import { allowListAbi, allowListRoleFromNumber, txAllowListAddress } from 'subnet-rpc'
 * import type { PublicClient } from 'viem'
 * declare const client: PublicClient
 *
 * const role = await client.readContract({
 *   address: txAllowListAddress,
 *   abi: allowListAbi,
 *   functionName: 'readAllowList',
 *   args: ['0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'],
 * })
 * console.log(allowListRoleFromNumber(role)) // 'none' | 'enabled' | 'admin' | 'manager'
 */
export const allowListAbi = [
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'uint256', name: 'role', type: 'uint256' },
      { indexed: true, internalType: 'address', name: 'account', type: 'address' },
      { indexed: true, internalType: 'address', name: 'sender', type: 'address' },
      { indexed: false, internalType: 'uint256', name: 'oldRole', type: 'uint256' },
    ],
    name: 'RoleSet',
    type: 'event',
  },
  {
    inputs: [{ internalType: 'address', name: 'addr', type: 'address' }],
    name: 'readAllowList',
    outputs: [{ internalType: 'uint256', name: 'role', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'address', name: 'addr', type: 'address' }],
    name: 'setAdmin',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'address', name: 'addr', type: 'address' }],
    name: 'setEnabled',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'address', name: 'addr', type: 'address' }],
    name: 'setManager',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'address', name: 'addr', type: 'address' }],
    name: 'setNone',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
] as const

// The allow-list entries, shared by the ABIs that extend IAllowList (same objects, no copies).
const [roleSet, readAllowList, setAdmin, setEnabled, setManager, setNone] = allowListAbi

/**
 * The Contract Deployer Allow List's ABI (`0x0200…0000`, `contractDeployerAllowListConfig`):
 * the plain allow list, {@link allowListAbi} itself. Only addresses it enables (as
 * `tx.origin`) may deploy contracts.
 *
 * Source: `graft/subnet-evm/precompile/contracts/deployerallowlist/contract.go`
 * (`allowlist.CreateAllowListPrecompile`) (ava-labs/avalanchego).
 *
 * @example
 * // Needs the Contract Deployer Allow List active (the built-in devnet enables it 1 hour after its start).
 * import { deployerAllowListAbi, deployerAllowListAddress } from 'subnet-rpc'
 * import type { Account, Chain, Transport, WalletClient } from 'viem'
 * declare const wallet: WalletClient<Transport, Chain, Account>
 *
 * await wallet.writeContract({
 *   address: deployerAllowListAddress,
 *   abi: deployerAllowListAbi,
 *   functionName: 'setEnabled',
 *   args: ['0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'],
 * })
 */
export const deployerAllowListAbi: typeof allowListAbi = allowListAbi

/**
 * The Tx Allow List's ABI (`0x0200…0002`, `txAllowListConfig`): the plain allow list,
 * {@link allowListAbi} itself. Only addresses it enables may send transactions.
 *
 * Source: `graft/subnet-evm/precompile/contracts/txallowlist/contract.go`
 * (`allowlist.CreateAllowListPrecompile`) (ava-labs/avalanchego).
 *
 * @example
 * import { txAllowListAbi, txAllowListAddress } from 'subnet-rpc'
 * import type { PublicClient } from 'viem'
 * declare const client: PublicClient
 *
 * const role = await client.readContract({
 *   address: txAllowListAddress,
 *   abi: txAllowListAbi,
 *   functionName: 'readAllowList',
 *   args: ['0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'],
 * })
 */
export const txAllowListAbi: typeof allowListAbi = allowListAbi

// `struct IFeeManager.FeeConfig` (IFeeManager.sol): 8 × uint256, in `commontype.FeeConfig`'s order.
const feeConfigComponents = [
  { internalType: 'uint256', name: 'gasLimit', type: 'uint256' },
  { internalType: 'uint256', name: 'targetBlockRate', type: 'uint256' },
  { internalType: 'uint256', name: 'minBaseFee', type: 'uint256' },
  { internalType: 'uint256', name: 'targetGas', type: 'uint256' },
  { internalType: 'uint256', name: 'baseFeeChangeDenominator', type: 'uint256' },
  { internalType: 'uint256', name: 'minBlockGasCost', type: 'uint256' },
  { internalType: 'uint256', name: 'maxBlockGasCost', type: 'uint256' },
  { internalType: 'uint256', name: 'blockGasCostStep', type: 'uint256' },
] as const

/**
 * The Fee Manager's ABI (`IFeeManager is IAllowList`, `0x0200…0003`, `feeManagerConfig`):
 * `getFeeConfig` (the 8 fee config fields as a tuple, in `feeConfigKeys` order),
 * `getFeeConfigLastChangedAt` (a block number), `setFeeConfig` (the same 8 fields), the
 * `FeeConfigChanged` event (old and new config as `FeeConfig` structs), and the allow list.
 *
 * The getters are open to anyone; `setFeeConfig` needs an enabled caller (Enabled, Manager
 * or Admin; else `non-enabled cannot change fee config: <caller>`) and a valid config
 * (`cannot verify fee config: …`) (`contracts/feemanager/contract.go`).
 * `FeeConfigChanged` arrived in subnet-evm v0.5.11 and is emitted only once Durango is
 * active (`contracts/feemanager/event.go`, `contract.go`).
 *
 * Source: `graft/subnet-evm/precompile/contracts/feemanager/IFeeManager.abi` (ava-labs/avalanchego).
 *
 * @example
 * import { feeManagerAbi, feeManagerAddress } from 'subnet-rpc'
 * import type { PublicClient } from 'viem'
 * declare const client: PublicClient
 *
 * const [gasLimit, targetBlockRate, minBaseFee] = await client.readContract({
 *   address: feeManagerAddress,
 *   abi: feeManagerAbi,
 *   functionName: 'getFeeConfig',
 * })
 * @example
 * // ethers v6 (also Hardhat's `ethers.getContractAt(feeManagerAbi, feeManagerAddress)`)
 * import { feeManagerAbi, feeManagerAddress } from 'subnet-rpc'
 * import { Contract, type Provider } from 'ethers'
 * declare const provider: Provider
 *
 * const feeManager = new Contract(feeManagerAddress, feeManagerAbi, provider)
 * const lastChangedAt: bigint = await feeManager.getFeeConfigLastChangedAt()
 */
export const feeManagerAbi = [
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'address', name: 'sender', type: 'address' },
      {
        components: feeConfigComponents,
        indexed: false,
        internalType: 'struct IFeeManager.FeeConfig',
        name: 'oldFeeConfig',
        type: 'tuple',
      },
      {
        components: feeConfigComponents,
        indexed: false,
        internalType: 'struct IFeeManager.FeeConfig',
        name: 'newFeeConfig',
        type: 'tuple',
      },
    ],
    name: 'FeeConfigChanged',
    type: 'event',
  },
  roleSet,
  {
    inputs: [],
    name: 'getFeeConfig',
    outputs: feeConfigComponents,
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'getFeeConfigLastChangedAt',
    outputs: [{ internalType: 'uint256', name: 'blockNumber', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  readAllowList,
  setAdmin,
  setEnabled,
  {
    inputs: feeConfigComponents,
    name: 'setFeeConfig',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  setManager,
  setNone,
] as const

/**
 * The Native Minter's ABI (`INativeMinter is IAllowList`, `0x0200…0001`,
 * `contractNativeMinterConfig`): `mintNativeCoin(addr, amount)`, the `NativeCoinMinted`
 * event, and the allow list.
 *
 * `mintNativeCoin` needs an enabled caller (Enabled, Manager or Admin; else
 * `non-enabled cannot mint: <caller>`); it adds `amount` wei to `addr`'s balance without
 * calling any code there (`contracts/nativeminter/contract.go`). `NativeCoinMinted` arrived
 * in subnet-evm v0.5.11 and is emitted only once Durango is active (`event.go`).
 *
 * Source: `graft/subnet-evm/precompile/contracts/nativeminter/INativeMinter.abi` (ava-labs/avalanchego).
 *
 * @example
 * import { nativeMinterAbi, nativeMinterAddress } from 'subnet-rpc'
 * import type { Account, Chain, Transport, WalletClient } from 'viem'
 * declare const wallet: WalletClient<Transport, Chain, Account>
 *
 * const hash = await wallet.writeContract({
 *   address: nativeMinterAddress,
 *   abi: nativeMinterAbi,
 *   functionName: 'mintNativeCoin',
 *   args: ['0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC', 10n ** 18n],
 * })
 */
export const nativeMinterAbi = [
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'address', name: 'sender', type: 'address' },
      { indexed: true, internalType: 'address', name: 'recipient', type: 'address' },
      { indexed: false, internalType: 'uint256', name: 'amount', type: 'uint256' },
    ],
    name: 'NativeCoinMinted',
    type: 'event',
  },
  roleSet,
  {
    inputs: [
      { internalType: 'address', name: 'addr', type: 'address' },
      { internalType: 'uint256', name: 'amount', type: 'uint256' },
    ],
    name: 'mintNativeCoin',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  readAllowList,
  setAdmin,
  setEnabled,
  setManager,
  setNone,
] as const

/**
 * The Reward Manager's ABI (`IRewardManager is IAllowList`, `0x0200…0004`,
 * `rewardManagerConfig`): `allowFeeRecipients`, `areFeeRecipientsAllowed`,
 * `currentRewardAddress`, `disableRewards`, `setRewardAddress`, the events
 * `FeeRecipientsAllowed`, `RewardAddressChanged` and `RewardsDisabled`, and the allow list.
 *
 * The writes need an enabled caller (else `non-enabled cannot call <function>: <caller>`);
 * `setRewardAddress` rejects the zero address (`reward address cannot be empty`); the reads
 * are open (`contracts/rewardmanager/contract.go`). The events arrived in subnet-evm v0.5.11
 * and are emitted only once Durango is active (`event.go`).
 *
 * Source: `graft/subnet-evm/precompile/contracts/rewardmanager/IRewardManager.abi` (ava-labs/avalanchego).
 *
 * @example
 * // Needs the Reward Manager active (the built-in devnet enables it 3 hours after its start).
 * import { rewardManagerAbi, rewardManagerAddress } from 'subnet-rpc'
 * import type { PublicClient } from 'viem'
 * declare const client: PublicClient
 *
 * const rewardAddress = await client.readContract({
 *   address: rewardManagerAddress,
 *   abi: rewardManagerAbi,
 *   functionName: 'currentRewardAddress',
 * })
 */
export const rewardManagerAbi = [
  {
    anonymous: false,
    inputs: [{ indexed: true, internalType: 'address', name: 'sender', type: 'address' }],
    name: 'FeeRecipientsAllowed',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'address', name: 'sender', type: 'address' },
      { indexed: true, internalType: 'address', name: 'oldRewardAddress', type: 'address' },
      { indexed: true, internalType: 'address', name: 'newRewardAddress', type: 'address' },
    ],
    name: 'RewardAddressChanged',
    type: 'event',
  },
  {
    anonymous: false,
    inputs: [{ indexed: true, internalType: 'address', name: 'sender', type: 'address' }],
    name: 'RewardsDisabled',
    type: 'event',
  },
  roleSet,
  {
    inputs: [],
    name: 'allowFeeRecipients',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [],
    name: 'areFeeRecipientsAllowed',
    outputs: [{ internalType: 'bool', name: 'isAllowed', type: 'bool' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'currentRewardAddress',
    outputs: [{ internalType: 'address', name: 'rewardAddress', type: 'address' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'disableRewards',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  readAllowList,
  setAdmin,
  setEnabled,
  setManager,
  setNone,
  {
    inputs: [{ internalType: 'address', name: 'addr', type: 'address' }],
    name: 'setRewardAddress',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
] as const

/**
 * The Warp Messenger's ABI (`IWarpMessenger`, `0x0200…0005`, `warpConfig`; no allow list):
 * `getBlockchainID`, `getVerifiedWarpBlockHash(index)`, `getVerifiedWarpMessage(index)`,
 * `sendWarpMessage(payload)` and the `SendWarpMessage` event. The verified getters return a
 * struct ({@link WarpMessage}, {@link WarpBlockHash}) and a `valid` flag; `index` picks one
 * of the transaction's Warp predicates (its access-list entries for the Warp address), and
 * must fit an int32 (`contracts/warp/contract_warp_handler.go`).
 *
 * Versions (ava-labs/subnet-evm `x/warp/contract.abi`): this interface dates from v0.5.7.
 * The first Warp releases, v0.5.4 to v0.5.6, had `sendWarpMessage(bytes32
 * destinationChainID, address destinationAddress, bytes payload)` and a four-field
 * `SendWarpMessage` event, and v0.5.4 and v0.5.5 a `getVerifiedWarpMessage()` without an
 * index; calls with this ABI do not match those.
 *
 * Source: `graft/subnet-evm/precompile/contracts/warp/IWarpMessenger.abi` (ava-labs/avalanchego).
 *
 * @example
 * import { warpMessengerAbi, warpMessengerAddress } from 'subnet-rpc'
 * import type { PublicClient } from 'viem'
 * declare const client: PublicClient
 *
 * const blockchainID = await client.readContract({
 *   address: warpMessengerAddress,
 *   abi: warpMessengerAbi,
 *   functionName: 'getBlockchainID',
 * })
 */
export const warpMessengerAbi = [
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'address', name: 'sender', type: 'address' },
      { indexed: true, internalType: 'bytes32', name: 'messageID', type: 'bytes32' },
      { indexed: false, internalType: 'bytes', name: 'message', type: 'bytes' },
    ],
    name: 'SendWarpMessage',
    type: 'event',
  },
  {
    inputs: [],
    name: 'getBlockchainID',
    outputs: [{ internalType: 'bytes32', name: 'blockchainID', type: 'bytes32' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'uint32', name: 'index', type: 'uint32' }],
    name: 'getVerifiedWarpBlockHash',
    outputs: [
      {
        components: [
          { internalType: 'bytes32', name: 'sourceChainID', type: 'bytes32' },
          { internalType: 'bytes32', name: 'blockHash', type: 'bytes32' },
        ],
        internalType: 'struct WarpBlockHash',
        name: 'warpBlockHash',
        type: 'tuple',
      },
      { internalType: 'bool', name: 'valid', type: 'bool' },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'uint32', name: 'index', type: 'uint32' }],
    name: 'getVerifiedWarpMessage',
    outputs: [
      {
        components: [
          { internalType: 'bytes32', name: 'sourceChainID', type: 'bytes32' },
          { internalType: 'address', name: 'originSenderAddress', type: 'address' },
          { internalType: 'bytes', name: 'payload', type: 'bytes' },
        ],
        internalType: 'struct WarpMessage',
        name: 'message',
        type: 'tuple',
      },
      { internalType: 'bool', name: 'valid', type: 'bool' },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ internalType: 'bytes', name: 'payload', type: 'bytes' }],
    name: 'sendWarpMessage',
    outputs: [{ internalType: 'bytes32', name: 'messageID', type: 'bytes32' }],
    stateMutability: 'nonpayable',
    type: 'function',
  },
] as const

/**
 * `struct WarpMessage` (`IWarpMessenger.sol`): what `getVerifiedWarpMessage` returns first,
 * as viem decodes it. `sourceChainID` is the 32-byte blockchain ID the message came from,
 * `originSenderAddress` the contract that sent it there, `payload` its bytes.
 *
 * Source: `graft/subnet-evm/precompile/contracts/warp/warpbindings/IWarpMessenger.sol` (ava-labs/avalanchego).
 *
 * @example
 * import { warpMessengerAbi, warpMessengerAddress, type WarpMessage } from 'subnet-rpc'
 * import type { PublicClient } from 'viem'
 * declare const client: PublicClient
 *
 * const [message, valid]: readonly [WarpMessage, boolean] = await client.readContract({
 *   address: warpMessengerAddress,
 *   abi: warpMessengerAbi,
 *   functionName: 'getVerifiedWarpMessage',
 *   args: [0],
 * })
 */
export type WarpMessage = {
  sourceChainID: Hash
  originSenderAddress: Address
  payload: `0x${string}`
}

/**
 * `struct WarpBlockHash` (`IWarpMessenger.sol`): what `getVerifiedWarpBlockHash` returns
 * first, as viem decodes it: the source chain's 32-byte blockchain ID and a block hash
 * accepted there.
 *
 * Source: `graft/subnet-evm/precompile/contracts/warp/warpbindings/IWarpMessenger.sol` (ava-labs/avalanchego).
 *
 * @example
 * import { warpMessengerAbi, warpMessengerAddress, type WarpBlockHash } from 'subnet-rpc'
 * import type { PublicClient } from 'viem'
 * declare const client: PublicClient
 *
 * const [warpBlockHash, valid]: readonly [WarpBlockHash, boolean] = await client.readContract({
 *   address: warpMessengerAddress,
 *   abi: warpMessengerAbi,
 *   functionName: 'getVerifiedWarpBlockHash',
 *   args: [0],
 * })
 */
export type WarpBlockHash = {
  sourceChainID: Hash
  blockHash: Hash
}

/**
 * Each precompile's ABI by its config key (`precompiles` in src/core/names.ts), in address
 * order. The Deployer and Tx allow lists map to {@link allowListAbi}.
 *
 * @example
 * import { precompileAbis, precompileAddresses } from 'subnet-rpc'
 * import type { PublicClient } from 'viem'
 * declare const client: PublicClient
 *
 * const minBaseFee = (
 *   await client.readContract({
 *     address: precompileAddresses.feeManagerConfig,
 *     abi: precompileAbis.feeManagerConfig,
 *     functionName: 'getFeeConfig',
 *   })
 * )[2]
 */
// Typed by reference, so its declaration and hover name the ABIs above instead of restating them.
export const precompileAbis: {
  readonly contractDeployerAllowListConfig: typeof allowListAbi
  readonly contractNativeMinterConfig: typeof nativeMinterAbi
  readonly txAllowListConfig: typeof allowListAbi
  readonly feeManagerConfig: typeof feeManagerAbi
  readonly rewardManagerConfig: typeof rewardManagerAbi
  readonly warpConfig: typeof warpMessengerAbi
} = {
  contractDeployerAllowListConfig: allowListAbi,
  contractNativeMinterConfig: nativeMinterAbi,
  txAllowListConfig: allowListAbi,
  feeManagerConfig: feeManagerAbi,
  rewardManagerConfig: rewardManagerAbi,
  warpConfig: warpMessengerAbi,
} satisfies { readonly [K in PrecompileKey]: readonly unknown[] }

const gasPriceConfigComponents = [
  { internalType: 'bool', name: 'validatorTargetGas', type: 'bool' },
  { internalType: 'uint64', name: 'targetGas', type: 'uint64' },
  { internalType: 'bool', name: 'staticPricing', type: 'bool' },
  { internalType: 'uint64', name: 'minGasPrice', type: 'uint64' },
  { internalType: 'uint64', name: 'timeToDouble', type: 'uint64' },
] as const

/**
 * The Gas Price Manager's ABI (ACP-224, `IGasPriceManager is IAllowList`, `0x0200…0006`,
 * `gasPriceManagerConfig`): `getGasPriceConfig`, `getGasPriceConfigLastChangedAt`,
 * `setGasPriceConfig(config)`, the `GasPriceConfigUpdated` event, and the allow list. A config is
 * `commontype.GasPriceConfig` (`commontype/gas_price_config.go`): `validatorTargetGas`,
 * `targetGas`, `staticPricing`, `minGasPrice`, `timeToDouble`.
 *
 * Not served yet: avalanchego v1.15.0-fuji (the newest source read) has the module but does not register it
 * (`precompile/registry/registry.go`), so no chain runs it (see `pendingPrecompiles` in `subnet-rpc/config`).
 *
 * Source: `graft/subnet-evm/precompile/contracts/gaspricemanager/IGasPriceManager.abi` (ava-labs/avalanchego).
 *
 * @example
 * import { gasPriceManagerAbi } from 'subnet-rpc'
 * import { encodeFunctionData } from 'viem'
 *
 * const data = encodeFunctionData({
 *   abi: gasPriceManagerAbi,
 *   functionName: 'setGasPriceConfig',
 *   args: [{ validatorTargetGas: false, targetGas: 1_000_000n, staticPricing: false, minGasPrice: 1n, timeToDouble: 60n }],
 * })
 * console.log(data.slice(0, 10)) // the setGasPriceConfig selector
 */
export const gasPriceManagerAbi = [
  {
    anonymous: false,
    inputs: [
      { indexed: true, internalType: 'address', name: 'sender', type: 'address' },
      {
        components: gasPriceConfigComponents,
        indexed: false,
        internalType: 'struct IGasPriceManager.GasPriceConfig',
        name: 'oldGasPriceConfig',
        type: 'tuple',
      },
      {
        components: gasPriceConfigComponents,
        indexed: false,
        internalType: 'struct IGasPriceManager.GasPriceConfig',
        name: 'newGasPriceConfig',
        type: 'tuple',
      },
    ],
    name: 'GasPriceConfigUpdated',
    type: 'event',
  },
  roleSet,
  {
    inputs: [],
    name: 'getGasPriceConfig',
    outputs: [
      { components: gasPriceConfigComponents, internalType: 'struct IGasPriceManager.GasPriceConfig', name: 'config', type: 'tuple' },
    ],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [],
    name: 'getGasPriceConfigLastChangedAt',
    outputs: [{ internalType: 'uint256', name: 'blockNumber', type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  readAllowList,
  setAdmin,
  setEnabled,
  {
    inputs: [
      { components: gasPriceConfigComponents, internalType: 'struct IGasPriceManager.GasPriceConfig', name: 'config', type: 'tuple' },
    ],
    name: 'setGasPriceConfig',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  setManager,
  setNone,
] as const
