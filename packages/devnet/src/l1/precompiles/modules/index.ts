/** The precompiles the devnet runs, in the order it installs them (./module.ts). */
import { contractDeployerAllowList } from './contractDeployerAllowList.js'
import { feeManager } from './feeManager.js'
import type { Module } from './module.js'
import { nativeMinter } from './nativeMinter.js'
import { rewardManager } from './rewardManager.js'
import { txAllowList } from './txAllowList.js'
import { warp } from './warp.js'

const all = [contractDeployerAllowList, nativeMinter, txAllowList, feeManager, rewardManager, warp] as const
export type RunPrecompileKey = (typeof all)[number]['configKey']
/** A module of the list, its key one the devnet runs. */
export type RunModule = Module & { readonly configKey: RunPrecompileKey }
export const modules: readonly RunModule[] = all

/** The module of `key`. */
export const moduleOf = (key: RunPrecompileKey): RunModule => modules.find((m) => m.configKey === key)!
