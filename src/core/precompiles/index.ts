/**
 * Subnet-EVM's stateful precompiles for viem, ethers, Hardhat and wagmi users: their ABIs,
 * addresses and allow-list roles, as plain data and pure functions (no library needed).
 */
export {
  allowListAbi,
  deployerAllowListAbi,
  feeManagerAbi,
  nativeMinterAbi,
  precompileAbis,
  rewardManagerAbi,
  txAllowListAbi,
  warpMessengerAbi,
  type WarpBlockHash,
  type WarpMessage,
} from './abis.js'
export {
  deployerAllowListAddress,
  feeManagerAddress,
  nativeMinterAddress,
  precompileAddresses,
  precompileKeyOf,
  rewardManagerAddress,
  txAllowListAddress,
  warpMessengerAddress,
  type PrecompileAddress,
} from './addresses.js'
export {
  allowListRoleFromNumber,
  allowListRoleIsEnabled,
  allowListRoles,
  allowListRoleSetters,
  allowListRoleString,
  allowListRoleToNumber,
  canModifyAllowListRole,
  type AllowListRole,
  type AllowListRoleLike,
  type AllowListRoleNumber,
  type AllowListRoleString,
} from './roles.js'
export {
  allowListPrecompileKeys,
  blackholeAddress,
  checkAllowListPrecompile,
  l1FeesPerGas,
  enabledRoles,
  feeConfigProblem,
  precompileErrorFromNode,
  roleChangeNeeds,
  type AllowListMember,
  type AllowListMembers,
  type AllowListPrecompileKey,
  type L1FeeInputs,
  type PrecompileCallContext,
} from './admin.js'
