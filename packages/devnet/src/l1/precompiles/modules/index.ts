/** The precompiles the devnet runs, in the order it installs them (./module.ts). */
import { contractDeployerAllowList } from './contractDeployerAllowList.js'
import { feeManager } from './feeManager.js'
import type { Module } from './module.js'
import { nativeMinter } from './nativeMinter.js'
import { rewardManager } from './rewardManager.js'
import { txAllowList } from './txAllowList.js'
import { warp } from './warp.js'

/**
 * The config keys of the precompiles the devnet runs. Written out, not inferred from the list, so that the
 * package's declarations name no module's inferred type (which would point into subnet-rpc's build by path);
 * `satisfies` below keeps the two in step.
 */
export type RunPrecompileKey =
  | 'contractDeployerAllowListConfig'
  | 'contractNativeMinterConfig'
  | 'txAllowListConfig'
  | 'feeManagerConfig'
  | 'rewardManagerConfig'
  | 'warpConfig'
/** A module of the list, its key one the devnet runs. */
export type RunModule = Module & { readonly configKey: RunPrecompileKey }
const all = [contractDeployerAllowList, nativeMinter, txAllowList, feeManager, rewardManager, warp] as const satisfies readonly RunModule[]
// Every key has its module: a key above without one fails here.
const covered: Record<RunPrecompileKey, true> = Object.fromEntries(all.map((m) => [m.configKey, true])) as {
  [K in (typeof all)[number]['configKey']]: true
}
void covered
export const modules: readonly RunModule[] = all

/** The module of `key`. */
export const moduleOf = (key: RunPrecompileKey): RunModule => modules.find((m) => m.configKey === key)!
