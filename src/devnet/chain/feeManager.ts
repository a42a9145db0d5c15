/**
 * The FeeManager precompile's state over blocks, reproduced from the chain spec and the
 * changes made through `devnet_setFeeConfig` (`GetFeeConfigAt`, `graft/subnet-evm/core/blockchain_reader.go`):
 * - not enabled at the block's time: the genesis fee config, `lastChangedAt` 0;
 * - enabled: the config stored on activation (`initialFeeConfig`, else the genesis one)
 *   with the activating block's number, unless a later change in that enabled period wins.
 * A disable wipes the stored state, so each enabled period starts afresh.
 */
import { defaultFeeConfig } from '../config/feeConfig.js'
import type { ChainSpec, FeeConfig } from '../config/types.js'
import { activePrecompileConfig } from './rules.js'
import type { AnvilClient, Block } from './anvilClient.js'

export type FeeChange = { block: bigint; hash: string; config: FeeConfig }

export class FeeManagerState {
  private changes: FeeChange[] = []
  constructor(
    private readonly spec: ChainSpec,
    private readonly anvil: AnvilClient,
  ) {}

  isEnabledAt(timestamp: bigint): boolean {
    const c = activePrecompileConfig(this.spec, 'feeManagerConfig', timestamp)
    return c !== undefined && !c.disable
  }

  record(change: FeeChange) {
    this.changes.push(change)
  }

  /** `GetFeeConfigAt(header)` for `block`; `latest` bounds the activation search. */
  async at(block: Block): Promise<{ feeConfig: FeeConfig; lastChangedAt: bigint | undefined }> {
    const nu = this.spec.networkUpgrades.subnetEVMTimestamp
    if (nu === undefined || nu > block.timestamp) return { feeConfig: defaultFeeConfig, lastChangedAt: undefined }
    const active = activePrecompileConfig(this.spec, 'feeManagerConfig', block.timestamp)
    if (!active || active.disable) return { feeConfig: this.spec.feeConfig, lastChangedAt: 0n }
    const activation = (await this.anvil.firstBlockAtOrAfter(active.timestamp!, block)) ?? 0n
    // Changes made in the enabled period up to this block; the newest still on the canonical chain wins.
    for (let i = this.changes.length - 1; i >= 0; i--) {
      const change = this.changes[i]!
      if (change.block < activation || change.block > block.number) continue
      const canonical = await this.anvil.blockByNumber(change.block)
      if (!canonical || canonical.hash !== change.hash) {
        this.changes.splice(i, 1) // reverted (evm_revert, anvil_reset): forget it
        continue
      }
      return { feeConfig: change.config, lastChangedAt: change.block }
    }
    return { feeConfig: active.initialFeeConfig ?? this.spec.feeConfig, lastChangedAt: activation }
  }
}
