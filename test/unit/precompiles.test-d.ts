/**
 * What viem (and abitype, which wagmi shares) infers from the precompile ABIs, and that
 * ethers accepts them: the `as const` literals must carry every name and type through.
 */
import { Contract, Interface, type InterfaceAbi } from 'ethers'
import {
  createPublicClient,
  createWalletClient,
  decodeEventLog,
  http,
  type Abi,
  type Address,
  type ContractFunctionArgs,
  type ContractFunctionName,
  type Hex,
} from 'viem'
import { describe, expectTypeOf, it } from 'vitest'
import {
  allowListAbi,
  allowListRoleFromNumber,
  allowListRoleSetters,
  allowListRoleToNumber,
  deployerAllowListAbi,
  feeManagerAbi,
  feeManagerAddress,
  nativeMinterAbi,
  precompileAbis,
  precompileAddresses,
  precompileKeyOf,
  rewardManagerAbi,
  txAllowListAbi,
  warpMessengerAbi,
  warpMessengerAddress,
  type AllowListRole,
  type WarpBlockHash,
  type WarpMessage,
} from '../../src/core/precompiles/index.js'
import type { PrecompileKey } from '../../src/core/names.js'

const client = createPublicClient({ transport: http('http://127.0.0.1:9650/ext/bc/devnet/rpc') })
const wallet = createWalletClient({ account: '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC', transport: http() })
const a: Address = '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC'
type Eight = readonly [bigint, bigint, bigint, bigint, bigint, bigint, bigint, bigint]

describe('viem infers from the ABIs', () => {
  it('every ABI is a viem Abi and an ethers InterfaceAbi', () => {
    for (const abi of [allowListAbi, feeManagerAbi, nativeMinterAbi, rewardManagerAbi, warpMessengerAbi]) {
      expectTypeOf(abi).toExtend<Abi>()
      expectTypeOf(abi).toExtend<InterfaceAbi>()
    }
    new Interface(feeManagerAbi)
    new Contract(feeManagerAddress, feeManagerAbi)
  })

  it('getFeeConfig returns the 8 uint256 fields as a tuple; setFeeConfig takes them', () => {
    expectTypeOf(
      client.readContract({ address: feeManagerAddress, abi: feeManagerAbi, functionName: 'getFeeConfig' }),
    ).resolves.toEqualTypeOf<Eight>()
    expectTypeOf(
      client.readContract({ address: feeManagerAddress, abi: feeManagerAbi, functionName: 'getFeeConfigLastChangedAt' }),
    ).resolves.toEqualTypeOf<bigint>()
    expectTypeOf<ContractFunctionArgs<typeof feeManagerAbi, 'nonpayable', 'setFeeConfig'>>().toEqualTypeOf<Eight>()
  })

  it('view and write function names', () => {
    expectTypeOf<ContractFunctionName<typeof feeManagerAbi, 'view'>>().toEqualTypeOf<
      'getFeeConfig' | 'getFeeConfigLastChangedAt' | 'readAllowList'
    >()
    expectTypeOf<ContractFunctionName<typeof allowListAbi, 'nonpayable'>>().toEqualTypeOf<
      'setAdmin' | 'setEnabled' | 'setManager' | 'setNone'
    >()
    expectTypeOf<ContractFunctionName<typeof rewardManagerAbi, 'view'>>().toEqualTypeOf<
      'areFeeRecipientsAllowed' | 'currentRewardAddress' | 'readAllowList'
    >()
    expectTypeOf<ContractFunctionName<typeof nativeMinterAbi, 'nonpayable'>>().toEqualTypeOf<
      'mintNativeCoin' | 'setAdmin' | 'setEnabled' | 'setManager' | 'setNone'
    >()
    expectTypeOf<ContractFunctionName<typeof warpMessengerAbi, 'nonpayable'>>().toEqualTypeOf<'sendWarpMessage'>()
  })

  it('allow list: readAllowList takes an address and returns a bigint role', () => {
    expectTypeOf(
      client.readContract({
        address: precompileAddresses.txAllowListConfig,
        abi: txAllowListAbi,
        functionName: 'readAllowList',
        args: [a],
      }),
    ).resolves.toEqualTypeOf<bigint>()
    expectTypeOf(deployerAllowListAbi).toEqualTypeOf(allowListAbi)
    expectTypeOf<ContractFunctionArgs<typeof deployerAllowListAbi, 'view', 'readAllowList'>>().toEqualTypeOf<readonly [Address]>()
    // A role name picks its setter, which viem accepts as a function name.
    const role = 'manager' as AllowListRole
    wallet.writeContract({ chain: null, address: a, abi: allowListAbi, functionName: allowListRoleSetters[role], args: [a] })
    // @ts-expect-error readAllowList is a view, not a setter
    wallet.writeContract({ chain: null, address: a, abi: allowListAbi, functionName: 'readAllowList', args: [a] })
  })

  it('reward manager and native minter', () => {
    expectTypeOf(
      client.readContract({ address: a, abi: rewardManagerAbi, functionName: 'currentRewardAddress' }),
    ).resolves.toEqualTypeOf<Address>()
    expectTypeOf(
      client.readContract({ address: a, abi: rewardManagerAbi, functionName: 'areFeeRecipientsAllowed' }),
    ).resolves.toEqualTypeOf<boolean>()
    expectTypeOf<ContractFunctionArgs<typeof nativeMinterAbi, 'nonpayable', 'mintNativeCoin'>>().toEqualTypeOf<readonly [Address, bigint]>()
  })

  it('warp: the structs come back as WarpMessage / WarpBlockHash with a valid flag', () => {
    const message = client.readContract({
      address: warpMessengerAddress,
      abi: warpMessengerAbi,
      functionName: 'getVerifiedWarpMessage',
      args: [0],
    })
    expectTypeOf(message).resolves.toEqualTypeOf<readonly [WarpMessage, boolean]>()
    const blockHash = client.readContract({
      address: warpMessengerAddress,
      abi: warpMessengerAbi,
      functionName: 'getVerifiedWarpBlockHash',
      args: [0],
    })
    expectTypeOf(blockHash).resolves.toEqualTypeOf<readonly [WarpBlockHash, boolean]>()
    expectTypeOf<ContractFunctionArgs<typeof warpMessengerAbi, 'view', 'getVerifiedWarpMessage'>>().toEqualTypeOf<readonly [number]>()
    expectTypeOf(client.readContract({ address: a, abi: warpMessengerAbi, functionName: 'getBlockchainID' })).resolves.toEqualTypeOf<Hex>()
  })

  it('event args, by name, from the ABI', () => {
    const roleSet = decodeEventLog({
      abi: allowListAbi,
      eventName: 'RoleSet',
      topics: [] as unknown as [signature: Hex, ...args: Hex[]],
      data: '0x',
    })
    expectTypeOf(roleSet.args).toEqualTypeOf<{ role: bigint; account: Address; sender: Address; oldRole: bigint }>()
    const minted = decodeEventLog({
      abi: nativeMinterAbi,
      eventName: 'NativeCoinMinted',
      topics: [] as unknown as [signature: Hex, ...args: Hex[]],
      data: '0x',
    })
    expectTypeOf(minted.args).toEqualTypeOf<{ sender: Address; recipient: Address; amount: bigint }>()
    const changed = decodeEventLog({
      abi: feeManagerAbi,
      eventName: 'FeeConfigChanged',
      topics: [] as unknown as [signature: Hex, ...args: Hex[]],
      data: '0x',
    })
    type Fields = {
      gasLimit: bigint
      targetBlockRate: bigint
      minBaseFee: bigint
      targetGas: bigint
      baseFeeChangeDenominator: bigint
      minBlockGasCost: bigint
      maxBlockGasCost: bigint
      blockGasCostStep: bigint
    }
    expectTypeOf(changed.args).toEqualTypeOf<{ sender: Address; oldFeeConfig: Fields; newFeeConfig: Fields }>()
    const sent = decodeEventLog({
      abi: warpMessengerAbi,
      eventName: 'SendWarpMessage',
      topics: [] as unknown as [signature: Hex, ...args: Hex[]],
      data: '0x',
    })
    expectTypeOf(sent.args).toEqualTypeOf<{ sender: Address; messageID: Hex; message: Hex }>()
    const reward = decodeEventLog({
      abi: rewardManagerAbi,
      eventName: 'RewardAddressChanged',
      topics: [] as unknown as [signature: Hex, ...args: Hex[]],
      data: '0x',
    })
    expectTypeOf(reward.args).toEqualTypeOf<{ sender: Address; oldRewardAddress: Address; newRewardAddress: Address }>()
  })
})

describe('addresses and roles', () => {
  it('keep literal types', () => {
    expectTypeOf(feeManagerAddress).toEqualTypeOf<'0x0200000000000000000000000000000000000003'>()
    expectTypeOf(precompileAddresses.warpConfig).toEqualTypeOf<'0x0200000000000000000000000000000000000005'>()
    expectTypeOf(precompileAbis.feeManagerConfig).toEqualTypeOf(feeManagerAbi)
    expectTypeOf(precompileKeyOf).returns.toEqualTypeOf<PrecompileKey | undefined>()
    expectTypeOf(allowListRoleToNumber('admin')).toEqualTypeOf<2>()
    expectTypeOf(allowListRoleFromNumber(2n)).toEqualTypeOf<AllowListRole>()
    expectTypeOf(allowListRoleSetters.manager).toEqualTypeOf<'setManager'>()
  })
})
