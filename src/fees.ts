/**
 * `subnet-rpc/fees`: Subnet-EVM's fee rules as pure functions, each the node's own (`plugin/evm/header`,
 * `commontype.FeeConfig`): the next block's base fee and gas limit, the block gas cost, the fee window in a header's
 * `extraData`, and the check a node runs on a block's fees. Browser-safe; needs neither viem nor ethers.
 *
 * @example
 * import { encodeFeeWindow, nextBaseFee } from 'subnet-rpc/fees'
 *
 * const feeConfig = {
 *   gasLimit: 8_000_000n, targetBlockRate: 2n, minBaseFee: 25_000_000_000n, targetGas: 15_000_000n,
 *   baseFeeChangeDenominator: 36n, minBlockGasCost: 0n, maxBlockGasCost: 1_000_000n, blockGasCostStep: 200_000n,
 * }
 * const parent = {
 *   number: 1n, timestamp: 100n, gasUsed: 0n, baseFeePerGas: 30_000_000_000n,
 *   extraData: encodeFeeWindow([0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n]),
 * }
 * console.log(nextBaseFee({ feeConfig, parent, timestamp: 102n }).baseFee) // 29_166_666_667n
 * @packageDocumentation
 */
export * from './core/fees/index.js'
