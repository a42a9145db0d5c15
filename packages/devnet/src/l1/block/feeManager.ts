/**
 * `eth_feeConfig`'s source: the Fee Manager precompile's own state (`GetFeeConfigAt`,
 * `graft/subnet-evm/core/blockchain_reader.go`):
 * - before SubnetEVM: the default fee config;
 * - Fee Manager not enabled at the block's time: the genesis fee config, `lastChangedAt` 0;
 * - enabled: the fee config and last-changed block stored at the precompile's address in the
 *   block's state (`feemanager.GetStoredFeeConfig`, `GetFeeConfigLastChangedAt`), which the
 *   stand-in contract writes on `setFeeConfig` and the devnet writes on activation
 *   (../precompiles/modules/feeManager.ts). A disable wipes that storage, so each enabled period starts afresh.
 */
import { feeConfigKeys } from 'subnet-rpc'
import { feeManagerAddress } from 'subnet-rpc'
import { defaultFeeConfig } from 'subnet-rpc/config'
import type { ChainSpec, FeeConfigSpec, PrecompileConfig } from 'subnet-rpc/config'
import { feeConfigSlots } from '../precompiles/modules/feeManager.js'
import type { PrecompileRuntime } from '../precompiles/runtime.js'
import type { AnvilClient, Block } from '../anvilClient.js'
import { activePrecompileConfig } from 'subnet-rpc/config'

const uint64Mask = (1n << 64n) - 1n

export class FeeManagerState {
  constructor(
    private readonly spec: ChainSpec,
    private readonly anvil: AnvilClient,
    readonly precompiles: PrecompileRuntime,
  ) {}

  /** The Fee Manager config in force at `timestamp`, if it is enabled then. */
  enabledAt(timestamp: bigint): PrecompileConfig | undefined {
    const c = activePrecompileConfig(this.spec, 'feeManagerConfig', timestamp)
    return c && !c.disable ? c : undefined
  }

  /** `GetFeeConfigAt(header)` for `block`. */
  async at(block: Block): Promise<{ feeConfig: FeeConfigSpec; lastChangedAt: bigint | undefined }> {
    const nu = this.spec.networkUpgrades.subnetEVMTimestamp
    if (nu === undefined || nu > block.timestamp) return { feeConfig: defaultFeeConfig, lastChangedAt: undefined }
    const active = this.enabledAt(block.timestamp)
    if (!active) return { feeConfig: this.spec.feeConfig, lastChangedAt: 0n }
    const words = await Promise.all(
      feeConfigSlots.map(async (slot) => BigInt(await this.precompiles.parents.storageAt(feeManagerAddress, slot, block.number))),
    )
    if (words[0] === 0n) {
      // No stored config in this block's state: the activating block itself, which anvil mined
      // before the devnet could install the precompile. Configure stores this config at it.
      const activation = (await this.anvil.firstBlockAtOrAfter(active.timestamp!, block)) ?? 0n
      return { feeConfig: active.initialFeeConfig ?? this.spec.feeConfig, lastChangedAt: activation }
    }
    const feeConfig: FeeConfigSpec = {}
    feeConfigKeys.forEach((key, i) => {
      // GetStoredFeeConfig reads targetBlockRate with big.Int.Uint64.
      feeConfig[key] = key === 'targetBlockRate' ? words[i]! & uint64Mask : words[i]!
    })
    return { feeConfig, lastChangedAt: words[8]! }
  }
}
