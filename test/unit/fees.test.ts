/**
 * The Subnet-EVM dynamic fee algorithm (src/core/fees/) against the Go tests it follows.
 * Each `describe` names its Go test function and file:
 * - avalanchego graft/subnet-evm (the current code): plugin/evm/upgrade/subnetevm/window_test.go,
 *   plugin/evm/customheader/{base_fee,block_gas_cost,gas_limit,extra,dynamic_fee_windower}_test.go,
 *   plugin/evm/blockgascost/cost_test.go;
 * - ava-labs/subnet-evm v0.6.9 / v0.6.10 consensus/dummy/dynamic_fees_test.go (the older code,
 *   and the `common.Big1` regression test of PR #1343).
 * Then boundary cases and fast-check properties, including a check against an independent
 * re-statement of the v0.6.x `CalcBaseFee` (roll the window, then insert the parent's gas).
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  addToFeeWindow,
  blockGasCost,
  blockGasCostWithStep,
  effectiveGasTip,
  encodeFeeWindow,
  estimateNextBaseFee,
  feeWindowLength,
  feeWindowSize,
  gasLimit,
  maxNextBaseFee,
  nextBaseFee,
  nextBlockFees,
  nextFeeWindow,
  parseFeeWindow,
  shiftFeeWindow,
  sumFeeWindow,
  verifyBlockFee,
  verifyGasLimit,
  type FeeAlgorithm,
  type FeeParentHeader,
  type FeeUpgrades,
  type FeeWindow,
} from '../../src/core/fees/index.js'
import type { FeeConfig } from '../../src/core/types/subnet.js'
import { InvalidArgumentError } from '../../src/errors/index.js'

const maxUint64 = 2n ** 64n - 1n
const maxUint256 = 2n ** 256n - 1n
const gwei = 1_000_000_000n

const win = (...slots: bigint[]): bigint[] => [...slots, ...new Array<bigint>(10 - slots.length).fill(0n)]
const emptyExtra = encodeFeeWindow(win())

// extras.Test*ChainConfig (params/extras/config.go): which upgrades are active from 0.
const preSubnetEVM: FeeUpgrades = {}
const subnetEVM: FeeUpgrades = { subnetEVMTimestamp: 0n }
const fortuna: FeeUpgrades = { subnetEVMTimestamp: 0n } // Durango, Etna, Fortuna change nothing here
const granite: FeeUpgrades = { subnetEVMTimestamp: 0n, graniteTimestamp: 0n }

// customheader/block_gas_cost_test.go testFeeConfig, testFeeConfigDouble.
const testFeeConfig: FeeConfig = {
  minBlockGasCost: 0n,
  maxBlockGasCost: 1_000_000n,
  targetBlockRate: 2n,
  blockGasCostStep: 50_000n,
  targetGas: 10_000_000n,
  baseFeeChangeDenominator: 12n,
  minBaseFee: 25n * gwei,
  gasLimit: 12_000_000n,
}
const testFeeConfigDouble: FeeConfig = {
  minBlockGasCost: 2n,
  maxBlockGasCost: 2_000_000n,
  targetBlockRate: 4n,
  blockGasCostStep: 100_000n,
  targetGas: 20_000_000n,
  baseFeeChangeDenominator: 24n,
  minBaseFee: 50n * gwei,
  gasLimit: 24_000_000n,
}
const configs = [
  ['normal', testFeeConfig],
  ['double', testFeeConfigDouble],
] as const

// params DefaultFeeConfig (v0.6.9 params/config_extra.go; also commontype.ValidTestFeeConfig).
const defaultFeeConfig: FeeConfig = {
  gasLimit: 8_000_000n,
  targetBlockRate: 2n,
  minBaseFee: 25n * gwei,
  targetGas: 15_000_000n,
  baseFeeChangeDenominator: 36n,
  minBlockGasCost: 0n,
  maxBlockGasCost: 1_000_000n,
  blockGasCostStep: 200_000n,
}

const algorithms: FeeAlgorithm[] = ['current', 'pre-v0.7.3']
const throwsArg = (f: () => unknown, text: string | RegExp) => {
  expect(f).toThrow(InvalidArgumentError)
  expect(f).toThrow(text)
}

describe('window.go (plugin/evm/upgrade/subnetevm/window_test.go)', () => {
  it('layout constants: WindowLen = 10, WindowSize = 80', () => {
    expect(feeWindowLength).toBe(10)
    expect(feeWindowSize).toBe(80)
  })

  describe('TestWindow_Add', () => {
    it.each([
      ['normal_addition', win(1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n), 5n, win(1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 15n)],
      ['amount_overflow', win(1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n), maxUint64, win(1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, maxUint64)],
      ['window_overflow', win(1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, maxUint64), 5n, win(1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, maxUint64)],
    ])('%s', (_, window, amount, expected) => {
      expect(addToFeeWindow(window, amount)).toEqual(expected)
      expect(window[9]).not.toBe(-1n) // the input is not mutated
    })

    it('several amounts, saturating at the first overflow (window.go add)', () => {
      expect(addToFeeWindow(win(), 1n, 2n, 3n)[9]).toBe(6n)
      expect(addToFeeWindow(win(), maxUint64 - 1n, 2n, 0n)[9]).toBe(maxUint64)
    })
  })

  describe('TestWindow_Shift', () => {
    const window = win(1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n)
    const cases: [bigint, bigint[]][] = [
      [0n, window],
      [1n, win(2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n)],
      [2n, win(3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n)],
      [3n, win(4n, 5n, 6n, 7n, 8n, 9n, 10n)],
      [4n, win(5n, 6n, 7n, 8n, 9n, 10n)],
      [5n, win(6n, 7n, 8n, 9n, 10n)],
      [6n, win(7n, 8n, 9n, 10n)],
      [7n, win(8n, 9n, 10n)],
      [8n, win(9n, 10n)],
      [9n, win(10n)],
      [10n, win()],
      [100n, win()],
      [maxUint64, win()],
    ]
    it.each(cases)('%s', (n, expected) => {
      expect(shiftFeeWindow(window, n)).toEqual(expected)
      expect(window).toEqual(win(1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n))
    })
  })

  describe('TestWindow_Sum', () => {
    it.each([
      ['empty', win(), 0n],
      ['full', win(1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n), 55n],
      ['overflow', win(maxUint64, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n), maxUint64],
      // v0.6.9 TestLongWindowOverflow: 2 + (2^64 − 2) overflows by exactly one.
      ['overflow by one (v0.6.9 TestLongWindowOverflow)', win(0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 2n, maxUint64 - 1n), maxUint64],
      ['exactly 2^64 − 1 does not saturate early', win(maxUint64 - 1n, 1n), maxUint64],
    ])('%s', (_, window, expected) => {
      expect(sumFeeWindow(window)).toBe(expected)
    })
  })

  describe('TestWindow_Bytes', () => {
    it('insufficient_length', () => {
      throwsArg(() => parseFeeWindow(new Uint8Array(79)), 'insufficient length for window: expected at least 80 bytes but got 79 bytes')
    })
    it('zero_window', () => {
      expect(parseFeeWindow(new Uint8Array(80))).toEqual(win())
      expect(encodeFeeWindow(win())).toBe(`0x${'00'.repeat(80)}`)
    })
    it('truncate_bytes: an 81st byte is ignored', () => {
      const bytes = new Uint8Array(81)
      bytes[80] = 1
      expect(parseFeeWindow(bytes)).toEqual(win())
    })
    it('endianess', () => {
      const bytes = new Uint8Array(80)
      for (let i = 0; i < 10; i++) for (let j = 0; j < 8; j++) bytes[i * 8 + j] = (i << 4) | (j + 1)
      const want = [
        0x0102030405060708n,
        0x1112131415161718n,
        0x2122232425262728n,
        0x3132333435363738n,
        0x4142434445464748n,
        0x5152535455565758n,
        0x6162636465666768n,
        0x7172737475767778n,
        0x8182838485868788n,
        0x9192939495969798n,
      ]
      expect(parseFeeWindow(bytes)).toEqual(want)
      const hex = `0x${Buffer.from(bytes).toString('hex')}` as const
      expect(parseFeeWindow(hex)).toEqual(want)
      expect(encodeFeeWindow(want)).toBe(hex)
    })
  })

  it('rejects malformed input', () => {
    throwsArg(() => parseFeeWindow('0x0' as `0x${string}`), 'Invalid extraData')
    throwsArg(() => encodeFeeWindow([1n]), 'an array of 10 uint64 bigints')
    throwsArg(() => encodeFeeWindow(win(2n ** 64n)), 'an array of 10 uint64 bigints')
    throwsArg(() => encodeFeeWindow(win(-1n)), 'an array of 10 uint64 bigints')
    throwsArg(() => addToFeeWindow(win(), 2n ** 64n), 'Invalid amounts[0]')
    throwsArg(() => shiftFeeWindow(win(), -1n), 'Invalid seconds')
  })
})

describe('customheader.BaseFee (plugin/evm/customheader/base_fee_test.go)', () => {
  const maxBaseFee = 225n * gwei // base_fee_test.go maxBaseFee

  describe.each(configs)('TestBaseFee/%s', (_, feeConfig) => {
    const target = feeConfig.targetGas
    const denom = feeConfig.baseFeeChangeDenominator
    // The expressions of the Go test's `want` closures.
    const smallDecrease = maxBaseFee - ((target - 0n) * maxBaseFee) / target / denom
    const largeDecrease = maxBaseFee - (2n * (((target - 0n) * maxBaseFee) / target)) / denom

    it('pre_subnet_evm: nil', () => {
      expect(
        nextBaseFee({ feeConfig, parent: undefined as unknown as FeeParentHeader, timestampMilliseconds: 0n, upgrades: preSubnetEVM }),
      ).toBeNull()
    })
    it('subnet_evm_first_block: a pre-SubnetEVM parent gives MinBaseFee', () => {
      const got = nextBaseFee({
        feeConfig,
        parent: { number: 1n, timestamp: 0n, gasUsed: 0n },
        timestampMilliseconds: 1000n,
        upgrades: { subnetEVMTimestamp: 1n },
      })
      expect(got?.baseFee).toBe(feeConfig.minBaseFee)
      expect(got?.feeWindow).toEqual(win())
    })
    it('subnet_evm_genesis_block: MinBaseFee', () => {
      expect(
        nextBaseFee({ feeConfig, parent: { number: 0n, timestamp: 0n, gasUsed: 0n }, timestampMilliseconds: 0n, upgrades: subnetEVM })
          ?.baseFee,
      ).toBe(feeConfig.minBaseFee)
    })
    it('subnet_evm_invalid_fee_window: ErrWindowInsufficientLength', () => {
      throwsArg(
        () =>
          nextBaseFee({ feeConfig, parent: { number: 1n, timestamp: 0n, gasUsed: 0n }, timestampMilliseconds: 0n, upgrades: subnetEVM }),
        'insufficient length for window: expected at least 80 bytes but got 0 bytes',
      )
    })
    it('subnet_evm_invalid_timestamp: errInvalidTimestamp', () => {
      throwsArg(
        () =>
          nextBaseFee({
            feeConfig,
            parent: { number: 1n, timestamp: 1n, gasUsed: 0n, extraData: emptyExtra },
            timestampMilliseconds: 0n,
            upgrades: subnetEVM,
          }),
        'invalid timestamp: timestamp 0 prior to parent timestamp 1',
      )
    })
    it('subnet_evm_no_change', () => {
      const parent = { number: 1n, gasUsed: target, timestamp: 1n, extraData: emptyExtra, baseFeePerGas: feeConfig.minBaseFee + 1n }
      expect(nextBaseFee({ feeConfig, parent, timestampMilliseconds: 1000n, upgrades: subnetEVM })?.baseFee).toBe(feeConfig.minBaseFee + 1n)
    })
    it('subnet_evm_small_decrease', () => {
      const parent = { number: 1n, timestamp: 0n, gasUsed: 0n, extraData: emptyExtra, baseFeePerGas: maxBaseFee }
      expect(nextBaseFee({ feeConfig, parent, timestampMilliseconds: 1000n, upgrades: subnetEVM })?.baseFee).toBe(smallDecrease)
    })
    it('subnet_evm_large_decrease: 20 s = two windows, the decrease is doubled', () => {
      const parent = { number: 1n, timestamp: 0n, gasUsed: 0n, extraData: emptyExtra, baseFeePerGas: maxBaseFee }
      expect(nextBaseFee({ feeConfig, parent, timestampMilliseconds: 20_000n, upgrades: subnetEVM })?.baseFee).toBe(largeDecrease)
    })
    it('subnet_evm_increase', () => {
      const parent = { number: 1n, timestamp: 0n, gasUsed: 2n * target, extraData: emptyExtra, baseFeePerGas: feeConfig.minBaseFee }
      const want = feeConfig.minBaseFee + ((2n * target - target) * feeConfig.minBaseFee) / target / denom
      expect(nextBaseFee({ feeConfig, parent, timestampMilliseconds: 1000n, upgrades: subnetEVM })?.baseFee).toBe(want)
    })
    it('subnet_evm_big_1_not_modified: 1 − max(1, 0)·2 clamps to MinBaseFee', () => {
      const parent = { number: 1n, timestamp: 0n, gasUsed: 1n, extraData: emptyExtra, baseFeePerGas: 1n }
      expect(nextBaseFee({ feeConfig, parent, timestampMilliseconds: 20_000n, upgrades: subnetEVM })?.baseFee).toBe(feeConfig.minBaseFee)
      // and the next computation is unaffected (Go asserts common.Big1 is still 1)
      expect(
        nextBaseFee({ feeConfig, parent: { ...parent, baseFeePerGas: maxBaseFee, gasUsed: 0n }, timestampMilliseconds: 1000n })?.baseFee,
      ).toBe(smallDecrease)
    })
    it('granite_rounds_seconds: 20 999 ms counts as 20 s', () => {
      const parent = { number: 1n, timestamp: 0n, gasUsed: 0n, extraData: emptyExtra, baseFeePerGas: maxBaseFee }
      expect(nextBaseFee({ feeConfig, parent, timestampMilliseconds: 20_999n, upgrades: granite })?.baseFee).toBe(largeDecrease)
    })
  })

  describe.each(configs)('TestEstimateNextBaseFee/%s', (_, feeConfig) => {
    const testBaseFee = 225n * gwei
    const want = testBaseFee - ((feeConfig.targetGas - 0n) * testBaseFee) / feeConfig.targetGas / feeConfig.baseFeeChangeDenominator
    const parent = { number: 1n, timestamp: 0n, gasUsed: 0n, extraData: emptyExtra, baseFeePerGas: testBaseFee }
    it('subnetevm_activated', () => {
      expect(estimateNextBaseFee({ feeConfig, parent, timestampMilliseconds: 1000n, upgrades: subnetEVM })).toBe(want)
    })
    it('granite_activated_rounds_seconds', () => {
      expect(estimateNextBaseFee({ feeConfig, parent, timestampMilliseconds: 1999n, upgrades: granite })).toBe(want)
    })
  })

  it('EstimateNextBaseFee: a time before the parent counts as the parent time (no errInvalidTimestamp)', () => {
    const parent = { number: 1n, timestamp: 100n, gasUsed: 0n, extraData: emptyExtra, baseFeePerGas: 225n * gwei }
    expect(estimateNextBaseFee({ feeConfig: testFeeConfig, parent, timestamp: 5n })).toBe(
      nextBaseFee({ feeConfig: testFeeConfig, parent, timestamp: 100n }).baseFee,
    )
    // the parent's milliseconds count when it has them
    const msParent = { ...parent, timestampMilliseconds: 100_999n }
    expect(estimateNextBaseFee({ feeConfig: testFeeConfig, parent: msParent, timestampMilliseconds: 100_001n })).toBe(
      nextBaseFee({ feeConfig: testFeeConfig, parent, timestamp: 100n }).baseFee,
    )
  })
})

describe('customheader.BlockGasCost (plugin/evm/customheader/block_gas_cost_test.go)', () => {
  describe.each(configs)('TestBlockGasCost/%s', (_, feeConfig) => {
    const { maxBlockGasCost: max, blockGasCostStep: step, minBlockGasCost: min, targetBlockRate: rate } = feeConfig
    it.each([
      ['before_subnet_evm', preSubnetEVM, 10n, max, 10n + rate + 1n, null],
      ['normal_pre_granite', fortuna, 10n, max, 10n + rate + 1n, max - step],
      ['negative_time_elapsed', fortuna, 10n, min, 9n, min + step * rate],
      ['granite_returns_zero', granite, 10n, max, 10n + rate + 1n, 0n],
    ] as const)('%s', (_, upgrades, parentTime, parentCost, timestamp, expected) => {
      expect(blockGasCost({ feeConfig, parent: { timestamp: parentTime, blockGasCost: parentCost }, timestamp, upgrades })).toBe(expected)
    })
  })

  describe.each(configs)('TestBlockGasCostWithStep/%s', (_, feeConfig) => {
    const { maxBlockGasCost: max, blockGasCostStep: step, minBlockGasCost: min, targetBlockRate: rate } = feeConfig
    it.each([
      ['nil_parentCost', null, 0n, min],
      ['timeElapsed_0', 0n, 0n, rate * step],
      ['timeElapsed_1', 0n, 1n, (rate - 1n) * step],
      ['timeElapsed_0_with_parentCost', 50_000n, 0n, 50_000n + rate * step],
      ['timeElapsed_0_with_max_parentCost', max, 0n, max],
      ['timeElapsed_1_with_max_parentCost', max, 1n, max],
      ['timeElapsed_at_target', 900_000n, rate, 900_000n],
      ['timeElapsed_over_target_1', max, rate + 1n, max - step],
      ['timeElapsed_over_target_10', max, rate + 10n, max - 10n * step],
      ['timeElapsed_over_target_15', max, rate + 15n, max - 15n * step],
      ['timeElapsed_large_clamped_to_0', max, rate + 100n, min],
    ] as const)('%s', (_, parentCost, timeElapsed, expected) => {
      for (const algorithm of algorithms)
        expect(blockGasCostWithStep({ feeConfig, parentCost, step, timeElapsed, algorithm })).toBe(expected)
    })
  })
})

describe('blockgascost.BlockGasCost (plugin/evm/blockgascost/cost_test.go TestBlockGasCost)', () => {
  const base = { ...defaultFeeConfig }
  describe.each([
    ['testFeeConfig', { ...base, minBlockGasCost: 0n, maxBlockGasCost: 1_000_000n, targetBlockRate: 2n, blockGasCostStep: 50_000n }],
    ['testFeeConfigDouble', { ...base, minBlockGasCost: 2n, maxBlockGasCost: 2_000_000n, targetBlockRate: 4n, blockGasCostStep: 100_000n }],
  ] as const)('%s', (_, feeConfig) => {
    const rate = feeConfig.targetBlockRate
    const max = feeConfig.maxBlockGasCost
    it.each([
      ['timeElapsed_under_target', 500n, 100n, 0n, 500n + 100n * rate],
      ['timeElapsed_at_target', 3n, 100n, rate, 3n],
      ['timeElapsed_over_target', 500n, 100n, 2n * rate, 500n - 100n * rate],
      ['change_overflow', 500n, maxUint64, 0n, max],
      ['cost_overflow', maxUint64, 1n, 0n, max],
      ['clamp_to_max', max, 100n, rate - 1n, max],
    ] as const)('%s', (_, parentCost, step, timeElapsed, want) => {
      expect(blockGasCostWithStep({ feeConfig, parentCost, step, timeElapsed })).toBe(want)
    })
  })
})

describe('v0.6.9 consensus/dummy/dynamic_fees_test.go TestCalcBlockGasCost (DefaultFeeConfig, step 50 000)', () => {
  const feeConfig = { ...defaultFeeConfig, blockGasCostStep: 50_000n }
  it.each([
    ['Nil parentBlockGasCost', null, 1n, 1n, 0n],
    ['Same timestamp from 0', 0n, 1n, 1n, 100_000n],
    ['1s from 0', 0n, 1n, 2n, 50_000n],
    ['Same timestamp from non-zero', 50_000n, 1n, 1n, 150_000n],
    ['0s Difference (MAX)', 1_000_000n, 1n, 1n, 1_000_000n],
    ['1s Difference (MAX)', 1_000_000n, 1n, 2n, 1_000_000n],
    ['2s Difference', 900_000n, 1n, 3n, 900_000n],
    ['3s Difference', 1_000_000n, 1n, 4n, 950_000n],
    ['10s Difference', 1_000_000n, 1n, 11n, 600_000n],
    ['20s Difference', 1_000_000n, 1n, 21n, 100_000n],
    ['22s Difference', 1_000_000n, 1n, 23n, 0n],
    ['23s Difference', 1_000_000n, 1n, 24n, 0n],
    ['-1s Difference', 50_000n, 1n, 0n, 150_000n],
  ] as const)('%s', (_, parentCost, parentTime, timestamp, want) => {
    for (const algorithm of algorithms)
      expect(
        blockGasCost({ feeConfig, parent: { timestamp: parentTime, blockGasCost: parentCost }, timestamp, upgrades: subnetEVM, algorithm }),
      ).toBe(want)
  })
})

describe('customheader.VerifyBlockFee (block_gas_cost_test.go TestVerifyBlockFee)', () => {
  const step = testFeeConfig.blockGasCostStep
  const rate = testFeeConfig.targetBlockRate
  // types.NewTransaction(…, gasLimit, gasPrice, …): legacy transactions, only gasPrice matters here.
  const legacy = (gasPrice: bigint, gasUsed: bigint) => ({ gasPrice, gasUsed })
  it.each([
    ['tx only base fee', 0n, 0n, [legacy(100n, 1000n)], null, 'insufficientBlockGas'],
    ['tx covers exactly block fee', 0n, 0n, [legacy(200n, 100_000n)], null, null],
    ['txs share block fee', 0n, 0n, [legacy(200n, 100_000n), legacy(100n, 100_000n)], null, null],
    ['txs split block fee', 0n, 0n, [legacy(150n, 100_000n), legacy(150n, 100_000n)], null, null],
    ['split block fee with extra state contribution', 0n, 0n, [legacy(150n, 100_000n)], 5_000_000n, null],
    ['extra state contribution insufficient', 0n, 0n, [], 9_999_999n, 'insufficientBlockGas'],
    ['negative extra state contribution', 0n, 0n, [], -1n, 'invalidExtraStateChangeContribution'],
    ['extra state contribution covers block fee', 0n, 0n, [], 10_000_000n, null],
    ['extra state contribution covers more than block fee', 0n, 0n, [], 10_000_001n, null],
    ['tx only base fee after full time window', 500_000n, rate + 10n, [legacy(100n, 1000n)], null, null],
    ['tx only base fee after large time window', 100_000n, maxUint64, [legacy(100n, 1000n)], null, null],
    ['zero block gas cost', 0n, rate + 1n, [], null, null],
  ] as const)('%s', (_, parentCost, timeElapsed, transactions, extraStateChangeContribution, reason) => {
    const required = blockGasCostWithStep({ feeConfig: testFeeConfig, parentCost, step, timeElapsed })
    const got = verifyBlockFee({ baseFee: 100n, blockGasCost: required, transactions, extraStateChangeContribution })
    if (reason === null) expect(got.ok).toBe(true)
    else expect(got).toMatchObject({ ok: false, reason })
  })

  it("Go's error texts and the gas bought", () => {
    expect(verifyBlockFee({ baseFee: 100n, blockGasCost: 100_000n, transactions: [legacy(100n, 1000n)] })).toEqual({
      ok: false,
      reason: 'insufficientBlockGas',
      message: 'insufficient gas to cover the block cost: expected 100000 but got 0',
      blockGas: 0n,
    })
    expect(verifyBlockFee({ baseFee: 0n, blockGasCost: 1n })).toMatchObject({
      ok: false,
      reason: 'invalidBaseFee',
      message: 'invalid base fee: 0',
    })
    expect(verifyBlockFee({ baseFee: null, blockGasCost: 1n })).toMatchObject({ message: 'invalid base fee: <nil>' })
    expect(verifyBlockFee({ baseFee: 1n, blockGasCost: 2n ** 64n })).toMatchObject({
      reason: 'invalidBlockGasCost',
      message: `invalid block gas cost: ${2n ** 64n}`,
    })
    expect(verifyBlockFee({ baseFee: 1n, blockGasCost: undefined })).toMatchObject({ message: 'invalid block gas cost: <nil>' })
    // a fee cap under the base fee is ErrGasFeeCapTooLow (libevm EffectiveGasTip)…
    expect(
      verifyBlockFee({ baseFee: 100n, blockGasCost: 1n, transactions: [{ maxFeePerGas: 99n, maxPriorityFeePerGas: 5n, gasUsed: 1n }] }),
    ).toMatchObject({
      reason: 'gasFeeCapTooLow',
      message: 'fee cap less than base fee',
    })
    // …but a required cost of 0 (Granite) passes before the transactions are looked at
    expect(verifyBlockFee({ baseFee: 100n, blockGasCost: 0n, transactions: [{ gasPrice: 1n, gasUsed: 1n }] })).toEqual({
      ok: true,
      blockGas: null,
    })
    // Σ tip × gasUsed / baseFee, floored
    expect(
      verifyBlockFee({ baseFee: 3n, blockGasCost: 3n, transactions: [{ maxFeePerGas: 10n, maxPriorityFeePerGas: 2n, gasUsed: 5n }] }),
    ).toEqual({
      ok: true,
      blockGas: 3n,
    })
  })

  it('effectiveGasTip: min(tipCap, feeCap − baseFee); negative under the base fee; the tip cap without one', () => {
    expect(effectiveGasTip({ maxFeePerGas: 100n, maxPriorityFeePerGas: 7n }, 90n)).toBe(7n)
    expect(effectiveGasTip({ maxFeePerGas: 100n, maxPriorityFeePerGas: 70n }, 90n)).toBe(10n)
    expect(effectiveGasTip({ maxFeePerGas: 80n, maxPriorityFeePerGas: 7n }, 90n)).toBe(-10n)
    expect(effectiveGasTip({ gasPrice: 150n }, 100n)).toBe(50n)
    expect(effectiveGasTip({ gasPrice: 150n }, null)).toBe(150n)
    // an EIP-1559 transaction as an RPC returns it also has gasPrice (the effective price): the caps win
    expect(effectiveGasTip({ maxFeePerGas: 100n, maxPriorityFeePerGas: 7n, gasPrice: 97n }, 90n)).toBe(7n)
  })
})

describe('customheader.GasLimit / VerifyGasLimit / GasCapacity (gas_limit_test.go)', () => {
  describe.each(configs)('%s', (_, feeConfig) => {
    it('TestGasLimit subnet_evm; TestGasCapacity subnet_evm', () => {
      expect(gasLimit({ feeConfig, timestampMilliseconds: 0n, upgrades: subnetEVM })).toBe(feeConfig.gasLimit)
    })
    it('TestGasLimit pre_subnet_evm: same as parent', () => {
      expect(gasLimit({ feeConfig, parent: { gasLimit: 1n }, timestampMilliseconds: 0n, upgrades: preSubnetEVM })).toBe(1n)
    })
    const minGasLimit = 5000n
    const maxGasLimit = 2n ** 63n - 1n
    it.each([
      ['subnet_evm_valid', subnetEVM, undefined, feeConfig.gasLimit, true],
      ['subnet_evm_invalid', subnetEVM, undefined, feeConfig.gasLimit + 1n, false],
      ['pre_subnet_evm_valid', preSubnetEVM, 50_000n, 50_001n, true],
      ['pre_subnet_evm_too_low', preSubnetEVM, minGasLimit, minGasLimit - 1n, false],
      ['pre_subnet_evm_too_high', preSubnetEVM, maxGasLimit, maxGasLimit + 1n, false],
      ['pre_subnet_evm_too_large', preSubnetEVM, minGasLimit, maxGasLimit, false],
    ] as const)('TestVerifyGasLimit %s', (_, upgrades, parentLimit, headerLimit, ok) => {
      const parent = parentLimit === undefined ? undefined : { gasLimit: parentLimit }
      expect(verifyGasLimit({ feeConfig, parent, header: { timestamp: 0n, gasLimit: headerLimit }, upgrades }).ok).toBe(ok)
    })
  })

  it("Go's error texts", () => {
    expect(verifyGasLimit({ feeConfig: testFeeConfig, header: { timestamp: 0n, gasLimit: 1n } })).toEqual({
      ok: false,
      message: 'invalid gas limit: expected to be 12000000 in Subnet-EVM, but found 1',
    })
    expect(
      verifyGasLimit({ feeConfig: testFeeConfig, parent: { gasLimit: 5000n }, header: { timestamp: 0n, gasLimit: 4999n }, upgrades: {} }),
    ).toEqual({
      ok: false,
      message: 'invalid gas limit: 4999 not in range [5000, 9223372036854775807]',
    })
    expect(
      verifyGasLimit({
        feeConfig: testFeeConfig,
        parent: { gasLimit: 50_000n },
        header: { timestamp: 0n, gasLimit: 50_048n },
        upgrades: {},
      }),
    ).toEqual({
      ok: false,
      message: 'invalid gas limit: have 50048, want 50000 += 48',
    })
  })

  it('gasLimit takes the low 64 bits of an oversized feeConfig.gasLimit, as (*big.Int).Uint64()', () => {
    expect(gasLimit({ feeConfig: { ...testFeeConfig, gasLimit: 2n ** 64n + 7n }, timestamp: 0n })).toBe(7n)
  })
})

describe('customheader.ExtraPrefix (extra_test.go TestExtraPrefix)', () => {
  it('pre_subnet_evm: nil', () => {
    expect(
      nextBaseFee({ feeConfig: testFeeConfig, parent: undefined as unknown as FeeParentHeader, timestamp: 0n, upgrades: preSubnetEVM }),
    ).toBeNull()
  })
  it('subnet_evm_first_block: empty window', () => {
    const got = nextBaseFee({
      feeConfig: testFeeConfig,
      parent: { number: 1n, timestamp: 0n, gasUsed: 5n },
      timestamp: 1n,
      upgrades: { subnetEVMTimestamp: 1n },
    })
    expect(got?.extraPrefix).toBe(encodeFeeWindow(win()))
  })
  it('subnet_evm_genesis_block: empty window', () => {
    expect(nextFeeWindow({ parent: { number: 0n, timestamp: 0n, gasUsed: 9n }, timestamp: 0n, upgrades: subnetEVM })).toEqual(win())
  })
  it('subnet_evm_invalid_fee_window', () => {
    throwsArg(
      () => nextFeeWindow({ parent: { number: 1n, timestamp: 0n, gasUsed: 0n }, timestamp: 0n, upgrades: subnetEVM }),
      'insufficient length for window',
    )
  })
  it('subnet_evm_invalid_timestamp', () => {
    throwsArg(
      () => nextFeeWindow({ parent: { number: 1n, timestamp: 1n, gasUsed: 0n, extraData: emptyExtra }, timestamp: 0n }),
      'invalid timestamp',
    )
  })
  it('subnet_evm_normal: Add(targetGas) then Shift(1)', () => {
    const parent = {
      number: 1n,
      timestamp: 0n,
      gasUsed: 10_000_000n,
      blockGasCost: 1_000_000n,
      extraData: encodeFeeWindow(win(1n, 2n, 3n, 4n)),
    }
    const want = shiftFeeWindow(addToFeeWindow(win(1n, 2n, 3n, 4n), 10_000_000n), 1n)
    expect(want).toEqual(win(2n, 3n, 4n, 0n, 0n, 0n, 0n, 0n, 10_000_000n))
    expect(nextFeeWindow({ parent, timestamp: 1n, upgrades: subnetEVM })).toEqual(want)
    const got = nextBaseFee({ feeConfig: testFeeConfig, parent: { ...parent, baseFeePerGas: 30n * gwei }, timestamp: 1n })
    expect(got.extraPrefix).toBe(encodeFeeWindow(want))
  })
  it('the window is read from a longer Extra (Durango predicate bytes after the 80)', () => {
    const extra = new Uint8Array(90)
    extra[79] = 3
    extra[85] = 0xff
    expect(nextFeeWindow({ parent: { number: 1n, timestamp: 0n, gasUsed: 0n, extraData: extra }, timestamp: 0n })).toEqual(
      win(0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 3n),
    )
  })
})

describe('v0.6.10 consensus/dummy/dynamic_fees_test.go TestCalcBaseFeeRegression (common.Big1, PR #1343)', () => {
  it.each(algorithms)('%s: 1 − max(1, 0)·101 clamps to MinBaseFee, and nothing shared is modified', (algorithm) => {
    const feeConfig = { ...defaultFeeConfig, minBaseFee: 1n * gwei, baseFeeChangeDenominator: 100_000n }
    const parent = { timestamp: 1n, gasUsed: 1_000_000n, number: 1n, baseFeePerGas: 1n, extraData: new Uint8Array(80) }
    expect(nextBaseFee({ feeConfig, parent, timestamp: 1n + 10n + 1000n, algorithm }).baseFee).toBe(1n * gwei)
    // With the bug, Big1 became 101 and every later max(1, 0) read 101: a later increase
    // with a rounded-down delta must still add exactly 1.
    const up = { ...parent, gasUsed: 15_000_001n, baseFeePerGas: 10n * gwei }
    expect(nextBaseFee({ feeConfig, parent: up, timestamp: 1n, algorithm }).baseFee).toBe(10n * gwei + 1n)
  })
})

/** subnet-evm v0.6.12 CalcBaseFee restated: roll the window first, then insert the parent's gas at slot 9 − roll. */
function v06CalcBaseFee(
  feeConfig: FeeConfig,
  parent: Required<Pick<FeeParentHeader, 'number' | 'timestamp' | 'gasUsed'>> & { baseFeePerGas: bigint; window: FeeWindow },
  timestamp: bigint,
) {
  if (parent.number === 0n) return { window: win(), baseFee: feeConfig.minBaseFee }
  const roll = timestamp - parent.timestamp
  const rolled = roll >= 10n ? win() : [...parent.window.slice(Number(roll)), ...new Array<bigint>(Number(roll)).fill(0n)]
  if (roll < 10n) {
    const slot = Number(9n - roll)
    rolled[slot] = rolled[slot]! + parent.gasUsed > maxUint64 ? maxUint64 : rolled[slot]! + parent.gasUsed
  }
  let total = 0n
  for (const v of rolled) total = total + v > maxUint64 ? maxUint64 : total + v
  const target = feeConfig.targetGas
  let baseFee = parent.baseFeePerGas
  if (total === target) return { window: rolled, baseFee }
  if (total > target) {
    const d = (parent.baseFeePerGas * (total - target)) / target / feeConfig.baseFeeChangeDenominator
    baseFee += d > 1n ? d : 1n
  } else {
    let d = (parent.baseFeePerGas * (target - total)) / target / feeConfig.baseFeeChangeDenominator
    if (d < 1n) d = 1n
    if (roll > 10n) d *= roll / 10n
    baseFee -= d
  }
  if (baseFee < feeConfig.minBaseFee) baseFee = feeConfig.minBaseFee
  return { window: rolled, baseFee }
}

describe('v0.6.9 consensus/dummy/dynamic_fees_test.go TestDynamicFees (stays within range)', () => {
  const spaced = [1n, 1n, 2n, 5n, 15n, 120n]
  const scenarios: [string, bigint | null, [bigint, bigint][]][] = [
    ['minimal gas usage', null, spaced.map((t) => [t, 21_000n])],
    ['overflow handling', null, spaced.map((t) => [t, maxUint64])],
    ['update increase handling', 50n * gwei, spaced.map((t) => [t, maxUint64])],
    [
      'mixed',
      null,
      [
        [1n, 1_000_000n],
        [3n, 1_000_000n],
        [5n, 2_000_000n],
        [5n, 6_000_000n],
        [7n, 6_000_000n],
        [1000n, 6_000_000n],
        [1001n, 6_000_000n],
        [1002n, 6_000_000n],
      ],
    ],
  ]
  const feeConfig = { ...defaultFeeConfig, minBaseFee: 75n * gwei }
  it.each(scenarios)('%s', (_, genesisBaseFee, blocks) => {
    for (const algorithm of algorithms) {
      let header: FeeParentHeader = { timestamp: blocks[0]![0], gasUsed: blocks[0]![1], number: 0n, baseFeePerGas: genesisBaseFee }
      let ref = { ...header, baseFeePerGas: genesisBaseFee ?? 0n, window: win() as FeeWindow }
      blocks.slice(1).forEach(([timestamp, gasUsed], index) => {
        const next = nextBaseFee({ feeConfig, parent: header, timestamp, algorithm })
        expect(next.baseFee).toBeGreaterThanOrEqual(feeConfig.minBaseFee)
        const expected = v06CalcBaseFee(feeConfig, ref, timestamp)
        expect(next.baseFee).toBe(expected.baseFee)
        expect(next.feeWindow).toEqual(expected.window)
        header = { timestamp, gasUsed, number: BigInt(index) + 1n, baseFeePerGas: next.baseFee, extraData: next.extraPrefix }
        ref = { ...header, baseFeePerGas: next.baseFee, window: next.feeWindow }
      })
    }
  })
})

describe('boundaries', () => {
  const feeConfig = defaultFeeConfig
  const parentAt = (over: Partial<FeeParentHeader> & { window?: bigint[] } = {}): FeeParentHeader => {
    const { window = win(), ...rest } = over
    return { number: 7n, timestamp: 1000n, gasUsed: 0n, baseFeePerGas: 100n * gwei, extraData: encodeFeeWindow(window), ...rest }
  }

  describe('window shift by elapsed seconds', () => {
    const window = win(1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 10n)
    it('9 s: the parent gas lands in the oldest slot', () => {
      expect(nextFeeWindow({ parent: parentAt({ window, gasUsed: 100n }), timestamp: 1009n })).toEqual(win(110n))
    })
    it('exactly 10 s: cleared, parent gas included', () => {
      expect(nextFeeWindow({ parent: parentAt({ window, gasUsed: 100n }), timestamp: 1010n })).toEqual(win())
    })
    it('over 10 s (11 s, 2^64 − 1 − parent time): cleared', () => {
      expect(nextFeeWindow({ parent: parentAt({ window, gasUsed: 100n }), timestamp: 1011n })).toEqual(win())
      expect(nextFeeWindow({ parent: parentAt({ window, gasUsed: 100n }), timestamp: maxUint64 })).toEqual(win())
    })
    it('0 s (same second): the parent gas is added to the newest slot', () => {
      expect(nextFeeWindow({ parent: parentAt({ window, gasUsed: 100n }), timestamp: 1000n })).toEqual(
        win(1n, 2n, 3n, 4n, 5n, 6n, 7n, 8n, 9n, 110n),
      )
    })
    it('parent gas saturates the newest slot', () => {
      const w = nextFeeWindow({
        parent: parentAt({ window: win(0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, maxUint64 - 1n), gasUsed: 5n }),
        timestamp: 1000n,
      })
      expect(w[9]).toBe(maxUint64)
    })
  })

  describe('the base fee at 10 s windows: one decrease for 0–19 s, n for 10n–10n+9 s (n ≥ 2)', () => {
    const d = (100n * gwei) / 36n // total 0, full gap
    it.each([
      [0n, 1n],
      [9n, 1n],
      [10n, 1n],
      [19n, 1n],
      [20n, 2n],
      [29n, 2n],
      [35n, 3n],
    ])('%s s → ×%s', (elapsed, times) => {
      expect(nextBaseFee({ feeConfig, parent: parentAt(), timestamp: 1000n + elapsed }).baseFee).toBe(100n * gwei - d * times)
    })
  })

  describe('total == target: unchanged, even out of [minBaseFee, 2^256 − 1]', () => {
    it.each([
      ['inside the bounds', 100n * gwei],
      ['below minBaseFee', 1n],
      ['zero', 0n],
      ['above 2^256 − 1', maxUint256 + 12345n],
    ])('%s', (_, baseFeePerGas) => {
      const parent = parentAt({ baseFeePerGas, gasUsed: feeConfig.targetGas - 5n, window: win(0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 5n) })
      for (const algorithm of algorithms)
        expect(nextBaseFee({ feeConfig, parent, timestamp: 1003n, algorithm }).baseFee).toBe(baseFeePerGas)
    })
  })

  it('one gas over or under target still moves the base fee by at least 1', () => {
    expect(nextBaseFee({ feeConfig, parent: parentAt({ gasUsed: feeConfig.targetGas + 1n }), timestamp: 1000n }).baseFee).toBe(
      100n * gwei + 185n,
    )
    expect(
      nextBaseFee({ feeConfig, parent: parentAt({ gasUsed: feeConfig.targetGas + 1n, baseFeePerGas: 30n * gwei }), timestamp: 1000n })
        .baseFee,
    ).toBe(30n * gwei + 55n)
    const tiny = { ...feeConfig, minBaseFee: 0n }
    expect(
      nextBaseFee({ feeConfig: tiny, parent: parentAt({ gasUsed: feeConfig.targetGas + 1n, baseFeePerGas: 1n }), timestamp: 1000n })
        .baseFee,
    ).toBe(2n)
    expect(
      nextBaseFee({ feeConfig: tiny, parent: parentAt({ gasUsed: feeConfig.targetGas - 1n, baseFeePerGas: 1n }), timestamp: 1000n })
        .baseFee,
    ).toBe(0n)
  })

  it('lower clamp: a decrease below minBaseFee gives minBaseFee', () => {
    const parent = parentAt({ baseFeePerGas: feeConfig.minBaseFee + 1n })
    expect(nextBaseFee({ feeConfig, parent, timestamp: 1001n }).baseFee).toBe(feeConfig.minBaseFee)
    // a parent under a raised minimum is clamped up at once
    expect(
      nextBaseFee({ feeConfig, parent: parentAt({ baseFeePerGas: 1n, gasUsed: 2n * feeConfig.targetGas }), timestamp: 1001n }).baseFee,
    ).toBe(feeConfig.minBaseFee)
  })

  it('upper clamp at 2^256 − 1 since v0.7.3; none before', () => {
    const parent = parentAt({ baseFeePerGas: maxUint256, gasUsed: 2n * feeConfig.targetGas })
    const delta = maxUint256 / 36n
    expect(nextBaseFee({ feeConfig, parent, timestamp: 1000n }).baseFee).toBe(maxUint256)
    expect(nextBaseFee({ feeConfig, parent, timestamp: 1000n, algorithm: 'pre-v0.7.3' }).baseFee).toBe(maxUint256 + delta)
    // just under the top: clamps only when the increase crosses it
    const near = parentAt({ baseFeePerGas: maxUint256 - 1n, gasUsed: feeConfig.targetGas + 1n })
    expect(nextBaseFee({ feeConfig, parent: near, timestamp: 1000n }).baseFee).toBe(maxUint256)
  })

  describe('huge denominators (the common.Big1 history)', () => {
    const huge = { ...feeConfig, minBaseFee: 0n, baseFeeChangeDenominator: 2n ** 200n }
    it('a decrease rounds to 0, becomes 1, and is multiplied by the windows without side effects', () => {
      const parent = parentAt({ baseFeePerGas: 10n ** 12n })
      expect(nextBaseFee({ feeConfig: huge, parent, timestamp: 1035n }).baseFee).toBe(10n ** 12n - 3n)
      expect(nextBaseFee({ feeConfig: huge, parent, timestamp: 1000n + 10n * 1000n }).baseFee).toBe(10n ** 12n - 1000n)
      // repeated and interleaved calls see a clean max(1, 0)
      expect(
        nextBaseFee({ feeConfig: huge, parent: parentAt({ baseFeePerGas: 10n ** 12n, gasUsed: 2n * huge.targetGas }), timestamp: 1000n })
          .baseFee,
      ).toBe(10n ** 12n + 1n)
      expect(nextBaseFee({ feeConfig: huge, parent, timestamp: 1001n }).baseFee).toBe(10n ** 12n - 1n)
      expect(nextBaseFee({ feeConfig: huge, parent, timestamp: 1035n }).baseFee).toBe(10n ** 12n - 3n)
    })
    it('a decrease times 2^64/10 windows goes far below zero and clamps to minBaseFee', () => {
      const parent = parentAt({ baseFeePerGas: 5n, timestamp: 0n })
      expect(nextBaseFee({ feeConfig: { ...huge, minBaseFee: 4n }, parent, timestampMilliseconds: maxUint64 }).baseFee).toBe(4n)
    })
    it('a denominator larger than 2^256 (FeeConfig.Verify allows only 32 bytes; the formula does not care)', () => {
      expect(
        nextBaseFee({
          feeConfig: { ...huge, baseFeeChangeDenominator: 2n ** 300n },
          parent: parentAt({ baseFeePerGas: 9n }),
          timestamp: 1025n,
        }).baseFee,
      ).toBe(7n)
    })
  })

  describe('genesis parent', () => {
    it('MinBaseFee and an empty window, whatever the parent carries', () => {
      const parent = { number: 0n, timestamp: 50n, gasUsed: maxUint64, baseFeePerGas: 1n, extraData: '0x' as const }
      const got = nextBaseFee({ feeConfig, parent, timestamp: 60n })
      expect(got).toEqual({ baseFee: feeConfig.minBaseFee, feeWindow: win(), extraPrefix: emptyExtra })
      // even a child "before" the genesis: no timestamp check on this path
      expect(nextBaseFee({ feeConfig, parent, timestamp: 0n }).baseFee).toBe(feeConfig.minBaseFee)
    })
    it('current: big.NewInt(MinBaseFee.Int64()) keeps the low 64 bits as an int64; pre-v0.7.3: MinBaseFee', () => {
      const odd = { ...feeConfig, minBaseFee: 2n ** 63n + 5n }
      const parent = { number: 0n, timestamp: 0n, gasUsed: 0n }
      expect(nextBaseFee({ feeConfig: odd, parent, timestamp: 1n }).baseFee).toBe(-(2n ** 63n) + 5n)
      expect(nextBaseFee({ feeConfig: odd, parent, timestamp: 1n, algorithm: 'pre-v0.7.3' }).baseFee).toBe(2n ** 63n + 5n)
      expect(nextBaseFee({ feeConfig: { ...feeConfig, minBaseFee: 2n ** 64n + 9n }, parent, timestamp: 1n }).baseFee).toBe(9n)
    })
  })

  it('targetGas of 2^64 or more: Go compares with its low 64 bits; pre-v0.7.3 divides by the whole', () => {
    const big = { ...feeConfig, targetGas: 2n ** 64n + 1_000n, minBaseFee: 0n }
    const parent = parentAt({ gasUsed: 3_000n, baseFeePerGas: 36n * 10n ** 30n })
    // total 3000 > low64 target 1000: increase by 2000·bf/1000/36 (current) or 2000·bf/(2^64+1000)/36 (pre-v0.7.3)
    expect(nextBaseFee({ feeConfig: big, parent, timestamp: 1000n }).baseFee).toBe(36n * 10n ** 30n + 2n * 10n ** 30n)
    expect(nextBaseFee({ feeConfig: big, parent, timestamp: 1000n, algorithm: 'pre-v0.7.3' }).baseFee).toBe(
      36n * 10n ** 30n + (2000n * 36n * 10n ** 30n) / (2n ** 64n + 1000n) / 36n,
    )
    // low 64 bits 0: Go divides by zero (a panic); here a RangeError
    expect(() => nextBaseFee({ feeConfig: { ...big, targetGas: 2n ** 64n }, parent, timestamp: 1000n })).toThrow(RangeError)
  })

  it('window sum overflow: the total saturates at 2^64 − 1 and the increase uses it', () => {
    const parent = parentAt({ window: win(maxUint64, 2n), baseFeePerGas: 36n * gwei })
    const want = 36n * gwei + ((maxUint64 - feeConfig.targetGas) * 36n * gwei) / feeConfig.targetGas / 36n
    expect(nextBaseFee({ feeConfig, parent, timestamp: 1000n }).baseFee).toBe(want)
    // after one second the saturated slot has left: 2 + gasUsed
    expect(nextBaseFee({ feeConfig, parent, timestamp: 1001n }).feeWindow).toEqual(win(2n))
  })

  describe('Granite milliseconds', () => {
    const parent = parentAt({ timestampMilliseconds: 1000_250n })
    it('the base fee reads timestampMilliseconds / 1000', () => {
      const bySeconds = nextBaseFee({ feeConfig, parent, timestamp: 1020n, upgrades: granite })
      expect(nextBaseFee({ feeConfig, parent, timestampMilliseconds: 1020_999n, upgrades: granite })).toEqual(bySeconds)
      expect(nextBaseFee({ feeConfig, parent, timestamp: 1020n, timestampMilliseconds: 1020_000n, upgrades: granite })).toEqual(bySeconds)
      expect(nextBaseFee({ feeConfig, parent, timestampMilliseconds: 1019_999n }).baseFee).toBe(
        nextBaseFee({ feeConfig, parent, timestamp: 1019n }).baseFee,
      )
    })
    it('timestamp and timestampMilliseconds must agree', () => {
      throwsArg(
        () => nextBaseFee({ feeConfig, parent, timestamp: 1021n, timestampMilliseconds: 1020_999n }),
        'timestampMilliseconds / 1000 = 1020n',
      )
    })
    it("a seconds-only time is Go's uint64 Time×1000, which wraps past 2^64/1000 s", () => {
      const p = parentAt({ timestamp: 0n, baseFeePerGas: 10n ** 40n })
      expect(nextBaseFee({ feeConfig, parent: p, timestamp: maxUint64 }).baseFee).toBe(
        nextBaseFee({ feeConfig, parent: p, timestampMilliseconds: (maxUint64 * 1000n) % 2n ** 64n }).baseFee,
      )
    })
  })

  describe('block gas cost', () => {
    it('Granite: 0 from its activation second on', () => {
      const upgrades = { subnetEVMTimestamp: 0n, graniteTimestamp: 2000n }
      const parent = { timestamp: 1990n, blockGasCost: 500_000n }
      expect(blockGasCost({ feeConfig, parent, timestamp: 1999n, upgrades })).toBe(0n) // 500k − 7·200k clamps to 0
      expect(blockGasCost({ feeConfig, parent: { timestamp: 1999n, blockGasCost: 0n }, timestamp: 1999n, upgrades })).toBe(400_000n)
      expect(blockGasCost({ feeConfig, parent: { timestamp: 1999n, blockGasCost: 0n }, timestamp: 2000n, upgrades })).toBe(0n)
      // pre-v0.7.3 code has no Granite
      expect(
        blockGasCost({ feeConfig, parent: { timestamp: 1999n, blockGasCost: 0n }, timestamp: 2000n, upgrades, algorithm: 'pre-v0.7.3' }),
      ).toBe(200_000n)
    })
    it('first SubnetEVM block (no parent cost): minBlockGasCost; an Etna genesis reads 0 instead', () => {
      const cfg = { ...feeConfig, minBlockGasCost: 7n }
      expect(blockGasCost({ feeConfig: cfg, parent: { timestamp: 0n }, timestamp: 0n, upgrades: subnetEVM })).toBe(7n)
      expect(blockGasCost({ feeConfig: cfg, parent: { timestamp: 0n, blockGasCost: 0n }, timestamp: 0n, upgrades: subnetEVM })).toBe(
        400_000n,
      )
    })
    it('a step of 2^64 or more: current uses its low 64 bits, pre-v0.7.3 the whole', () => {
      const cfg = { ...feeConfig, blockGasCostStep: 2n ** 64n + 3n }
      const parent = { timestamp: 10n, blockGasCost: 100n }
      expect(blockGasCost({ feeConfig: cfg, parent, timestamp: 10n, upgrades: subnetEVM })).toBe(106n)
      expect(blockGasCost({ feeConfig: cfg, parent, timestamp: 10n, upgrades: subnetEVM, algorithm: 'pre-v0.7.3' })).toBe(1_000_000n)
    })
    it('a parent cost of 2^64 or more: current reads its low 64 bits (parentCost.Uint64()), pre-v0.7.3 the whole', () => {
      const parent = { timestamp: 10n, blockGasCost: 2n ** 64n + 5n }
      expect(blockGasCost({ feeConfig, parent, timestamp: 12n, upgrades: subnetEVM })).toBe(5n)
      expect(blockGasCost({ feeConfig, parent, timestamp: 12n, upgrades: subnetEVM, algorithm: 'pre-v0.7.3' })).toBe(
        feeConfig.maxBlockGasCost,
      )
    })
    it('requires upgrades (Granite decides it)', () => {
      throwsArg(
        () => blockGasCost({ feeConfig, parent: { timestamp: 0n }, timestamp: 0n, upgrades: undefined as unknown as FeeUpgrades }),
        'Invalid upgrades',
      )
    })
  })

  describe('pre-SubnetEVM and activation', () => {
    const upgrades = { subnetEVMTimestamp: 2000n }
    it('a child before activation: no base fee, the parent gas limit', () => {
      expect(nextBaseFee({ feeConfig, parent: parentAt(), timestamp: 1999n, upgrades })).toBeNull()
      expect(estimateNextBaseFee({ feeConfig, parent: parentAt(), timestamp: 1999n, upgrades })).toBeNull()
      expect(gasLimit({ feeConfig, parent: { gasLimit: 15_000_000n }, timestamp: 1999n, upgrades })).toBe(15_000_000n)
      expect(nextBlockFees({ feeConfig, parent: { ...parentAt(), gasLimit: 15_000_000n }, timestamp: 1999n, upgrades })).toEqual({
        baseFee: null,
        feeWindow: null,
        extraPrefix: null,
        gasLimit: 15_000_000n,
        blockGasCost: null,
      })
    })
    it('the first child at activation: MinBaseFee, feeConfig.gasLimit, minBlockGasCost', () => {
      expect(
        nextBlockFees({
          feeConfig,
          parent: { number: 7n, timestamp: 1999n, gasUsed: 1n, gasLimit: 15_000_000n },
          timestamp: 2000n,
          upgrades,
        }),
      ).toEqual({
        baseFee: feeConfig.minBaseFee,
        feeWindow: win(),
        extraPrefix: emptyExtra,
        gasLimit: feeConfig.gasLimit,
        blockGasCost: feeConfig.minBlockGasCost,
      })
    })
  })

  describe('maxNextBaseFee', () => {
    it('usually the base fee at the earliest time', () => {
      const parent = parentAt({ gasUsed: 3n * feeConfig.targetGas })
      expect(maxNextBaseFee({ feeConfig, parent, timestamp: 1004n })).toBe(nextBaseFee({ feeConfig, parent, timestamp: 1004n }).baseFee)
      expect(maxNextBaseFee({ feeConfig, parent, timestamp: 5n })).toBe(nextBaseFee({ feeConfig, parent, timestamp: 1000n }).baseFee)
      expect(maxNextBaseFee({ feeConfig, parent, timestamp: 5000n })).toBe(nextBaseFee({ feeConfig, parent, timestamp: 5000n }).baseFee)
    })
    it('on target below a raised minimum: later blocks are clamped up, so the maximum is later', () => {
      const parent = parentAt({ baseFeePerGas: 20n * gwei, gasUsed: feeConfig.targetGas })
      expect(nextBaseFee({ feeConfig, parent, timestamp: 1000n }).baseFee).toBe(20n * gwei)
      expect(nextBaseFee({ feeConfig, parent, timestamp: 1009n }).baseFee).toBe(20n * gwei)
      expect(nextBaseFee({ feeConfig, parent, timestamp: 1010n }).baseFee).toBe(feeConfig.minBaseFee)
      expect(maxNextBaseFee({ feeConfig, parent, timestamp: 1000n })).toBe(feeConfig.minBaseFee)
    })
    it('a pre-SubnetEVM parent: MinBaseFee once SubnetEVM activates, null if never', () => {
      const parent = { number: 3n, timestamp: 100n, gasUsed: 0n }
      expect(maxNextBaseFee({ feeConfig, parent, timestamp: 100n, upgrades: { subnetEVMTimestamp: 5000n } })).toBe(feeConfig.minBaseFee)
      expect(maxNextBaseFee({ feeConfig, parent, timestamp: 100n, upgrades: {} })).toBeNull()
    })
  })

  it('rejects values outside their Go types', () => {
    throwsArg(() => nextBaseFee({ feeConfig, parent: parentAt({ gasUsed: -1n }), timestamp: 1000n }), 'Invalid parent.gasUsed')
    throwsArg(() => nextBaseFee({ feeConfig, parent: parentAt({ timestamp: 2n ** 64n }), timestamp: 1000n }), 'Invalid parent.timestamp')
    throwsArg(() => nextBaseFee({ feeConfig, parent: parentAt({ baseFeePerGas: null }), timestamp: 1000n }), 'Invalid parent.baseFeePerGas')
    throwsArg(() => nextBaseFee({ feeConfig, parent: parentAt(), timestamp: -1n }), 'Invalid timestamp')
    throwsArg(() => nextBaseFee({ feeConfig, parent: parentAt({ number: -1n }), timestamp: 1000n }), 'Invalid parent.number')
    throwsArg(
      () => blockGasCostWithStep({ feeConfig: { ...feeConfig, targetBlockRate: -1n }, parentCost: 0n, step: 1n, timeElapsed: 0n }),
      'Invalid feeConfig.targetBlockRate',
    )
    throwsArg(
      () => verifyBlockFee({ baseFee: 1n, blockGasCost: 1n, transactions: [{ gasPrice: 2n, gasUsed: -1n }] }),
      'Invalid transactions[0].gasUsed',
    )
  })
})

describe('properties (fast-check)', () => {
  const uint64 = fc.bigInt({ min: 0n, max: maxUint64 })
  const gas = fc.oneof(fc.bigInt({ min: 0n, max: 60_000_000n }), fc.constantFrom(0n, 15_000_000n, maxUint64))
  const feeConfigArb = fc.record({
    gasLimit: fc.constant(8_000_000n),
    targetBlockRate: fc.bigInt({ min: 1n, max: 10n }),
    minBaseFee: fc.bigInt({ min: 0n, max: 100n * gwei }),
    targetGas: fc.bigInt({ min: 1n, max: 50_000_000n }),
    baseFeeChangeDenominator: fc.oneof(fc.bigInt({ min: 1n, max: 100n }), fc.constant(2n ** 200n)),
    minBlockGasCost: fc.constant(0n),
    maxBlockGasCost: fc.constant(1_000_000n),
    blockGasCostStep: fc.constant(200_000n),
  })

  it('encode/parse round-trip; sum = min(Σ, 2^64 − 1); add saturates', () => {
    fc.assert(
      fc.property(fc.array(uint64, { minLength: 10, maxLength: 10 }), uint64, (window, amount) => {
        expect(parseFeeWindow(encodeFeeWindow(window))).toEqual(window)
        const exact = window.reduce((a, b) => a + b, 0n)
        expect(sumFeeWindow(window)).toBe(exact > maxUint64 ? maxUint64 : exact)
        const added = addToFeeWindow(window, amount)[9]!
        expect(added).toBe(window[9]! + amount > maxUint64 ? maxUint64 : window[9]! + amount)
      }),
    )
  })

  it('a chain from genesis: every base fee in [minBaseFee, 2^256 − 1], equal to the v0.6 restatement, and maxNextBaseFee bounds every later child', () => {
    fc.assert(
      fc.property(
        feeConfigArb,
        fc.array(fc.tuple(gas, fc.bigInt({ min: 0n, max: 45n })), { minLength: 1, maxLength: 40 }),
        (feeConfig, steps) => {
          let parent: FeeParentHeader = { number: 0n, timestamp: 1_000n, gasUsed: 0n, baseFeePerGas: feeConfig.minBaseFee }
          let ref = { number: 0n, timestamp: 1_000n, gasUsed: 0n, baseFeePerGas: feeConfig.minBaseFee, window: win() as FeeWindow }
          for (const [gasUsed, dt] of steps) {
            const timestamp = (parent.timestamp as bigint) + dt
            const next = nextBaseFee({ feeConfig, parent, timestamp })
            expect(next.baseFee).toBeGreaterThanOrEqual(feeConfig.minBaseFee)
            expect(next.baseFee).toBeLessThanOrEqual(maxUint256)
            const expected = v06CalcBaseFee(feeConfig, ref, timestamp)
            // v0.6 had no upper clamp; v0.7.3+ stops at 2^256 − 1 (dynamic_fee_windower.go), the one difference.
            expect(next.baseFee).toBe(expected.baseFee > maxUint256 ? maxUint256 : expected.baseFee)
            expect(next.feeWindow).toEqual(expected.window)
            const max = maxNextBaseFee({ feeConfig, parent, timestamp })
            for (const later of [0n, 1n, 5n, 10n, 19n, 20n, 100n])
              expect(nextBaseFee({ feeConfig, parent, timestamp: timestamp + later }).baseFee).toBeLessThanOrEqual(max)
            parent = {
              number: (parent.number as bigint) + 1n,
              timestamp,
              gasUsed,
              baseFeePerGas: next.baseFee,
              extraData: next.extraPrefix,
            }
            ref = { number: parent.number, timestamp, gasUsed, baseFeePerGas: next.baseFee, window: next.feeWindow }
          }
        },
      ),
      { numRuns: 150 },
    )
  })

  it('the v0.7.3 upper clamp: a base fee driven past 2^256 − 1 stays there (fast-check counterexample, seed -1288721212)', () => {
    const feeConfig = { ...defaultFeeConfig, minBaseFee: 0n, targetGas: 1n, baseFeeChangeDenominator: 1n }
    let parent: FeeParentHeader = { number: 0n, timestamp: 1_000n, gasUsed: 0n, baseFeePerGas: 0n }
    for (const gasUsed of [15_000_000n, 0n, 0n, 0n, maxUint64, 0n, 0n, 0n, 0n]) {
      const next = nextBaseFee({ feeConfig, parent, timestamp: parent.timestamp as bigint })
      expect(next.baseFee).toBeLessThanOrEqual(maxUint256)
      parent = {
        number: (parent.number as bigint) + 1n,
        timestamp: parent.timestamp,
        gasUsed,
        baseFeePerGas: next.baseFee,
        extraData: next.extraPrefix,
      }
    }
    expect(parent.baseFeePerGas).toBe(maxUint256)
  })

  it('with no gas used the base fee decays monotonically (strictly while above the minimum) to minBaseFee', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 50n * gwei }),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 1n, max: 50n }),
        fc.bigInt({ min: 0n, max: 25n }),
        (minBaseFee, above, denominator, dt) => {
          const feeConfig = { ...defaultFeeConfig, minBaseFee, baseFeeChangeDenominator: denominator }
          let parent: FeeParentHeader = { number: 1n, timestamp: 0n, gasUsed: 0n, baseFeePerGas: minBaseFee + above, extraData: emptyExtra }
          let previous = minBaseFee + above
          for (let i = 0; i < 100_000 && previous > minBaseFee; i++) {
            const timestamp = (parent.timestamp as bigint) + dt
            const next = nextBaseFee({ feeConfig, parent, timestamp })
            expect(next.baseFee).toBeLessThan(previous)
            expect(next.baseFee).toBeGreaterThanOrEqual(minBaseFee)
            previous = next.baseFee
            parent = {
              ...parent,
              number: (parent.number as bigint) + 1n,
              timestamp,
              baseFeePerGas: next.baseFee,
              extraData: next.extraPrefix,
            }
          }
          expect(previous).toBe(minBaseFee)
          // and it stays there
          expect(nextBaseFee({ feeConfig, parent, timestamp: (parent.timestamp as bigint) + dt }).baseFee).toBe(minBaseFee)
        },
      ),
      { numRuns: 60 },
    )
  })

  it('block gas cost stays in [minBlockGasCost, maxBlockGasCost]; current and pre-v0.7.3 agree for uint64 steps', () => {
    fc.assert(
      fc.property(
        uint64,
        uint64,
        fc.bigInt({ min: 0n, max: 100n }),
        fc.bigInt({ min: 0n, max: 2_000_000n }),
        fc.bigInt({ min: 0n, max: 2_000_000n }),
        (step, timeElapsed, rate, a, b) => {
          const [minBlockGasCost, maxBlockGasCost] = a <= b ? [a, b] : [b, a]
          const feeConfig = { ...defaultFeeConfig, targetBlockRate: rate, minBlockGasCost, maxBlockGasCost }
          for (const parentCost of [null, minBlockGasCost, maxBlockGasCost, (minBlockGasCost + maxBlockGasCost) / 2n]) {
            const cost = blockGasCostWithStep({ feeConfig, parentCost, step, timeElapsed })
            expect(cost).toBeGreaterThanOrEqual(minBlockGasCost)
            expect(cost).toBeLessThanOrEqual(maxBlockGasCost)
            expect(blockGasCostWithStep({ feeConfig, parentCost, step, timeElapsed, algorithm: 'pre-v0.7.3' })).toBe(cost)
          }
        },
      ),
    )
  })
})

describe("the header fields viem leaves as the node's hex quantities (timestampMilliseconds, blockGasCost)", () => {
  const feeConfig = defaultFeeConfig
  const parent: FeeParentHeader = {
    number: 7n,
    timestamp: 1000n,
    timestampMilliseconds: 1_000_700n,
    gasUsed: 3_000_000n,
    baseFeePerGas: 30n * gwei,
    blockGasCost: 400_000n,
    extraData: encodeFeeWindow(win(0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 5_000_000n)),
  }
  const asHex = { ...parent, timestampMilliseconds: '0xf44fc', blockGasCost: '0x61a80' } as const

  it('give what the bigints give, for every function that reads them', () => {
    for (const upgrades of [subnetEVM, granite]) {
      const at = { feeConfig, upgrades, timestamp: 1001n }
      expect(nextBaseFee({ ...at, parent: asHex })).toEqual(nextBaseFee({ ...at, parent }))
      expect(estimateNextBaseFee({ ...at, parent: asHex, timestampMilliseconds: 1_000_800n, timestamp: undefined })).toBe(
        estimateNextBaseFee({ ...at, parent, timestampMilliseconds: 1_000_800n, timestamp: undefined }),
      )
      expect(maxNextBaseFee({ ...at, parent: asHex })).toBe(maxNextBaseFee({ ...at, parent }))
      expect(blockGasCost({ ...at, parent: asHex })).toBe(blockGasCost({ ...at, parent }))
    }
    // The parent's milliseconds count: 1,000,700 ms is later than a child at 1,000,500 ms.
    expect(estimateNextBaseFee({ feeConfig, parent: asHex, timestampMilliseconds: 1_000_500n })).toBe(
      estimateNextBaseFee({ feeConfig, parent, timestampMilliseconds: 1_000_700n }),
    )
    expect(blockGasCost({ feeConfig, parent: asHex, timestamp: 1001n, upgrades: subnetEVM })).toBe(400_000n + 200_000n)
  })

  it('refuse a malformed one with a typed error naming the field', () => {
    for (const bad of ['0x', '0x01', 'f45bc', '1000700', 1_000_700]) {
      throwsArg(
        () => nextBaseFee({ feeConfig, parent: { ...parent, timestampMilliseconds: bad as never }, timestamp: 1001n }),
        /Invalid parent\.timestampMilliseconds[\s\S]*Accepted: a bigint, or the node's hex quantity/,
      )
      throwsArg(
        () => blockGasCost({ feeConfig, parent: { ...parent, blockGasCost: bad as never }, timestamp: 1001n, upgrades: subnetEVM }),
        /Invalid parent\.blockGasCost/,
      )
    }
    throwsArg(
      () => nextBaseFee({ feeConfig, parent: { ...parent, timestampMilliseconds: '0x10000000000000000' }, timestamp: 1001n }),
      /Invalid parent\.timestampMilliseconds/,
    )
  })
})
