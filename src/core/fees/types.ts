/** The parameter types the fee rules share: the algorithm, the upgrade times, the parent header and the child's time. */
import type { NetworkUpgradeTimestamps } from '../types/subnet.js'

/**
 * Which Subnet-EVM code to follow.
 *
 * - `'current'` (the default): Subnet-EVM v0.7.3 and later, now avalanchego `graft/subnet-evm`.
 * - `'pre-v0.7.3'`: subnet-evm v0.6.10 to v0.7.2, `consensus/dummy/dynamic_fees.go` (`CalcBaseFee`,
 *   `calcBlockGasCost`). The two agree on every realistic config; they differ only where:
 *   1. the base fee would exceed 2^256−1: v0.7.3 clamps it to 2^256−1, older code has no upper clamp;
 *   2. the parent is genesis or before SubnetEVM: v0.7.3 returns `big.NewInt(MinBaseFee.Int64())`
 *      (different from `minBaseFee` when it is 2^63 or more), older code `minBaseFee` itself;
 *   3. the base fee change divides by `TargetGas.Uint64()` in v0.7.3, by `TargetGas` itself before
 *      (different when `targetGas` is 2^64 or more);
 *   4. the block gas cost uses `BlockGasCostStep.Uint64()` in v0.7.3, the whole step before
 *      (different when the step is 2^64 or more). Granite does not exist in that code, so
 *      `graniteTimestamp` is ignored.
 *
 * Not modelled: v0.6.0–v0.6.9 also overwrote the shared constant `common.Big1` when a decrease
 * of 1 was multiplied by the elapsed windows (subnet-evm issue #1342, fixed by PR #1343), which
 * corrupted every later computation in the process; these functions never mutate anything.
 */
export type FeeAlgorithm = 'current' | 'pre-v0.7.3'

/**
 * The network upgrade times the fee rules depend on (unix seconds): Go's `IsSubnetEVM(t)` and
 * `IsGranite(t)` are `timestamp != nil && timestamp <= t`. A `ChainConfig` from
 * `eth_getChainConfig` fits as is. Where a function makes `upgrades` optional and it is
 * omitted, SubnetEVM counts as active from time 0 (true of every Subnet-EVM chain today).
 */
export type FeeUpgrades = {
  [K in keyof Pick<NetworkUpgradeTimestamps, 'subnetEVMTimestamp' | 'graniteTimestamp'>]?: bigint | null
}

/**
 * The fields of the parent header the fee rules read, named as in the node's JSON
 * (`eth_getBlockByNumber`), as bigints. Which are needed depends on the function; each says.
 * A viem block can be passed as it is: the two fields viem does not know and so leaves as the
 * node's hex quantity (`timestampMilliseconds`, `blockGasCost`) are read from that too.
 */
export type FeeParentHeader = {
  /** `header.Number`; 0 is genesis. */
  number: bigint
  /** `header.Time`, unix seconds. */
  timestamp: bigint
  /**
   * `timestampMilliseconds` (Granite headers), a bigint or the node's hex quantity; when absent,
   * `timestamp × 1000` (Go's `HeaderTimeMilliseconds`).
   */
  timestampMilliseconds?: bigint | Hex | null
  /** `header.GasUsed`. */
  gasUsed: bigint
  /** `header.GasLimit`; read only before SubnetEVM. */
  gasLimit?: bigint | null
  /** `header.BaseFee`; needed for a non-genesis SubnetEVM parent. */
  baseFeePerGas?: bigint | null
  /**
   * `blockGasCost`, a bigint or the node's hex quantity; absent (nil) on a pre-SubnetEVM parent
   * and on a genesis read back without Etna active at genesis.
   */
  blockGasCost?: bigint | Hex | null
  /** `header.Extra`; its first 80 bytes are the fee window of a non-genesis SubnetEVM parent. */
  extraData?: `0x${string}` | Uint8Array | null
}

/**
 * The child block's time: `timestamp` (header.Time, seconds), `timestampMilliseconds` (Granite's
 * header field), or both (then `timestamp` must be `timestampMilliseconds / 1000`, as VerifyTime
 * requires). The base fee reads the milliseconds, as Go's `BaseFee(…, timeMS)` does; the fee
 * window and the block gas cost read the seconds.
 */
export type FeeChildTime =
  | { timestamp: bigint; timestampMilliseconds?: bigint | null }
  | { timestamp?: undefined; timestampMilliseconds: bigint }

/** `0x` then an even number of hex digits. */
export type Hex = `0x${string}`
