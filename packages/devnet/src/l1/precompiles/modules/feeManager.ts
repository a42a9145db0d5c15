/**
 * The Fee Manager (precompile/contracts/feemanager): an allow list, and the fee config stored at
 * `Hash{byte(i)}` for its eight fields and its last-changed block at `Hash{'l','c','a'}` (contract.go
 * `StoreFeeConfig`), which `Configure` writes from the config's `initialFeeConfig` (else the chain's) at the
 * activating block (module.go).
 */
import { feeConfigKeys } from 'subnet-rpc'
import { precompileAddresses } from 'subnet-rpc'
import type { FeeConfigSpec } from 'subnet-rpc/config'
import { precompileConstants } from '../artifacts/contracts.js'
import { type Module, type ModuleHost, word } from './module.js'

/** Fee config field i (1…8): `common.Hash{byte(i)}`. */
const feeFieldSlot = (i: number) => `0x${i.toString(16).padStart(2, '0')}${'0'.repeat(62)}`
const lastChangedAtSlot = precompileConstants.FeeManager.LAST_CHANGED_AT_KEY
/** The fee config's eight fields, then its last-changed block (`GetStoredFeeConfig`, `GetFeeConfigLastChangedAt`). */
export const feeConfigSlots = [...feeConfigKeys.map((_, i) => feeFieldSlot(i + 1)), lastChangedAtSlot]

/** `StoreFeeConfig` without the check (a config in the chain spec was verified at start). */
async function storeFeeConfig(host: ModuleHost, address: string, config: FeeConfigSpec, block: bigint) {
  for (let i = 0; i < feeConfigKeys.length; i++)
    await host.write('anvil_setStorageAt', [address, feeFieldSlot(i + 1), word(config[feeConfigKeys[i]!] ?? 0n)])
  await host.write('anvil_setStorageAt', [address, lastChangedAtSlot, word(block)])
}

export const feeManager = {
  configKey: 'feeManagerConfig',
  address: precompileAddresses.feeManagerConfig.toLowerCase(),
  contract: 'FeeManager',
  allowList: true,
  async configure(host, config, { latest, block }) {
    const at = block ?? (await host.anvil.firstBlockAtOrAfter(config.timestamp!, latest)) ?? latest.number
    await storeFeeConfig(host, this.address, config.initialFeeConfig ?? host.spec.feeConfig, at)
  },
  keys: feeConfigSlots,
} as const satisfies Module
