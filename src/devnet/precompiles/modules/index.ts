/** The precompiles the devnet runs, in the order it installs them (./module.ts). */
import { contractDeployerAllowList } from './contractDeployerAllowList.js'
import { feeManager } from './feeManager.js'
import { nativeMinter } from './nativeMinter.js'
import { rewardManager } from './rewardManager.js'
import { txAllowList } from './txAllowList.js'
import { warp } from './warp.js'

export const modules = [contractDeployerAllowList, nativeMinter, txAllowList, feeManager, rewardManager, warp] as const
export type RunPrecompileKey = (typeof modules)[number]['configKey']
