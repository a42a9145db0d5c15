/**
 * The Contract Deployer Allow List (precompile/contracts/deployerallowlist/module.go): an allow list; creations by
 * origins without a role fail (params/hooks_libevm.go `CanCreateContract`; ../../pool/txpool.ts, ../rpc.ts).
 */
import { precompileAddresses } from 'subnet-rpc'
import type { Module } from './module.js'

export const contractDeployerAllowList = {
  configKey: 'contractDeployerAllowListConfig',
  address: precompileAddresses.contractDeployerAllowListConfig.toLowerCase(),
  contract: 'ContractDeployerAllowList',
  allowList: true,
} as const satisfies Module
