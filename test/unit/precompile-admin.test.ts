/**
 * The client's pure rules for administering precompiles (src/core/precompiles/admin.ts): the fee
 * config checks against the node's `FeeConfig.Verify` texts, and the node's refusals (each text of
 * the precompiles' Go errors and the pool's) read back into the typed errors.
 */
import { describe, expect, it } from 'vitest'
import {
  feeConfigProblem,
  headerMilliseconds,
  l1FeesPerGas,
  precompileErrorFromNode,
  roleChangeNeeds,
} from '../../src/core/precompiles/admin.js'
import { ResponseShapeError } from '../../src/errors/response.js'
import { InvalidArgumentError } from '../../src/errors/argument.js'
import { AllowListRoleError, InvalidFeeConfigError } from '../../src/errors/precompile.js'

const valid = {
  gasLimit: 8_000_000n,
  targetBlockRate: 2n,
  minBaseFee: 25_000_000_000n,
  targetGas: 15_000_000n,
  baseFeeChangeDenominator: 36n,
  minBlockGasCost: 0n,
  maxBlockGasCost: 1_000_000n,
  blockGasCostStep: 200_000n,
}
const caller = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

describe('feeConfigProblem: FeeConfig.Verify (commontype/fee_config.go), in its order', () => {
  it('accepts the default config and zero minimums', () => {
    expect(feeConfigProblem(valid)).toBeUndefined()
    expect(feeConfigProblem({ ...valid, minBaseFee: 0n, minBlockGasCost: 0n, blockGasCostStep: 0n })).toBeUndefined()
  })

  it.each([
    [{ gasLimit: 0n }, 'gasLimit cannot be less than or equal to 0: gasLimit = 0'],
    [{ targetBlockRate: 0n }, 'targetBlockRate cannot be less than or equal to 0: targetBlockRate = 0'],
    [{ targetGas: 0n }, 'targetGas cannot be less than or equal to 0: targetGas = 0'],
    [{ baseFeeChangeDenominator: 0n }, 'baseFeeChangeDenominator cannot be less than or equal to 0: baseFeeChangeDenominator = 0'],
    [
      { minBlockGasCost: 2n, maxBlockGasCost: 1n },
      'minBlockGasCost cannot be greater than maxBlockGasCost: minBlockGasCost = 2, maxBlockGasCost = 1',
    ],
    [{ maxBlockGasCost: 1n << 64n }, 'maxBlockGasCost is not a valid uint64: maxBlockGasCost = 18446744073709551616'],
    // The first problem in Verify's order wins.
    [{ gasLimit: 0n, targetGas: 0n }, 'gasLimit cannot be less than or equal to 0: gasLimit = 0'],
  ])('%o: %s', (change, text) => {
    expect(feeConfigProblem({ ...valid, ...change })).toBe(text)
  })

  it('values the ABI cannot carry are InvalidArgumentError, naming the field', () => {
    expect(() => feeConfigProblem({ ...valid, minBaseFee: -1n })).toThrow(/Invalid feeConfig.minBaseFee: got -1n/)
    expect(() => feeConfigProblem({ ...valid, gasLimit: 1n << 256n })).toThrow(InvalidArgumentError)
    expect(() => feeConfigProblem({ ...valid, gasLimit: 8_000_000 as never })).toThrow(/a bigint from 0 to 2\^256 - 1/)
    expect(() => feeConfigProblem(null as never)).toThrow(/Invalid feeConfig: got null/)
  })
})

describe("precompileErrorFromNode: the node's texts", () => {
  const ctx = { precompile: 'txAllowListConfig' } as const

  it('a role change the caller may not make: AllowListRoleError with what it needs', () => {
    const text = `cannot modify allow list: modify address: ${caller}, from role: EnabledRole, to role: AdminRole`
    const e = precompileErrorFromNode(text, { ...ctx, role: 'manager' }) as AllowListRoleError
    expect(e).toBeInstanceOf(AllowListRoleError)
    expect(e.shortMessage).toBe(`not allowed: ${caller} has role manager on txAllowListConfig, needs admin`)
    expect(e.nodeMessage).toBe(text)
    const plain = precompileErrorFromNode(
      `cannot modify allow list: modify address: ${caller}, from role: NoRole, to role: EnabledRole`,
      ctx,
    )
    expect((plain as AllowListRoleError).needs).toBe('manager or admin')
  })

  it.each([
    [`non-enabled cannot change fee config: ${caller}`, 'feeManagerConfig'],
    [`non-enabled cannot mint: ${caller}`, 'contractNativeMinterConfig'],
    [`non-enabled cannot call setRewardAddress: ${caller}`, 'rewardManagerConfig'],
    [`non-enabled cannot call allowFeeRecipients: ${caller}`, 'rewardManagerConfig'],
    [`non-enabled cannot call disableRewards: ${caller}`, 'rewardManagerConfig'],
  ] as const)('%s: AllowListRoleError, needs an enabled role', (text, precompile) => {
    const e = precompileErrorFromNode(text, { precompile }) as AllowListRoleError
    expect(e.shortMessage).toBe(`not allowed: ${caller} has role none on ${precompile}, needs enabled, manager or admin`)
  })

  it('subnet-evm ≤ v0.5.5: non-admin cannot modify allow list', () => {
    const e = precompileErrorFromNode(`non-admin cannot modify allow list: ${caller}`, ctx) as AllowListRoleError
    expect(e.needs).toBe('admin')
  })

  it('the Tx Allow List refusing a sender in the pool: AllowListRoleError on txAllowListConfig', () => {
    const e = precompileErrorFromNode(`cannot issue transaction from non-allow listed address: ${caller}`, {
      precompile: 'contractNativeMinterConfig',
    }) as AllowListRoleError
    expect(e.precompile).toBe('txAllowListConfig')
    expect(e.account).toBe(caller)
  })

  it('cannot verify fee config: InvalidFeeConfigError with the reason', () => {
    const e = precompileErrorFromNode('cannot verify fee config: gasLimit cannot be less than or equal to 0: gasLimit = 0', {
      precompile: 'feeManagerConfig',
    })
    expect(e).toBeInstanceOf(InvalidFeeConfigError)
    expect((e as InvalidFeeConfigError).reason).toBe('gasLimit cannot be less than or equal to 0: gasLimit = 0')
  })

  it('setManager before Durango: InvalidArgumentError that says when it is served', () => {
    const e = precompileErrorFromNode('invalid non-activated function selector: 0xd0ebdbe7', ctx)
    expect(e).toBeInstanceOf(InvalidArgumentError)
    expect((e as Error).message).toMatch(/before Durango/)
  })

  it('any other text is not ours to type', () => {
    expect(precompileErrorFromNode('execution reverted', ctx)).toBeUndefined()
    expect(precompileErrorFromNode('insufficient funds for gas * price + value', ctx)).toBeUndefined()
  })

  it('roleChangeNeeds follows Role.CanModify', () => {
    expect(roleChangeNeeds('none', 'enabled')).toBe('manager or admin')
    expect(roleChangeNeeds('enabled', 'none')).toBe('manager or admin')
    expect(roleChangeNeeds('none', 'manager')).toBe('admin')
    expect(roleChangeNeeds('admin', 'enabled')).toBe('admin')
  })
})

describe('headerMilliseconds: a Granite header’s timestampMilliseconds as viem and ethers leave it', () => {
  it('reads the node’s hex quantity, keeps a bigint, and is null without one', () => {
    expect(headerMilliseconds('eth_getBlockByNumber', '0x1a211f50500')).toBe(0x1a211f50500n)
    expect(headerMilliseconds('eth_getBlockByNumber', 0x1a211f50500n)).toBe(0x1a211f50500n)
    expect(headerMilliseconds('eth_getBlockByNumber', undefined)).toBeNull()
    expect(headerMilliseconds('eth_getBlockByNumber', null)).toBeNull()
  })

  it('refuses what is not a uint64 quantity with the method and the JSON path', () => {
    for (const bad of ['0x', '0x01', `0x1${'0'.repeat(16)}`, '123', 5]) {
      const error = (() => {
        try {
          headerMilliseconds('eth_getBlockByNumber', bad)
        } catch (e) {
          return e
        }
      })() as ResponseShapeError
      expect(error, String(bad)).toBeInstanceOf(ResponseShapeError)
      expect(error.message).toContain('$.timestampMilliseconds')
      expect(error.message).toContain('eth_getBlockByNumber')
    }
  })

  it('l1FeesPerGas takes a head with a Granite time and the other fields a host library adds', () => {
    const head = {
      number: 5n,
      timestamp: 1_795_000_000n,
      timestampMilliseconds: 1_795_000_000_000n,
      gasUsed: 0n,
      gasLimit: 8_000_000n,
      baseFeePerGas: 25_000_000_000n,
      extraData: `0x${'00'.repeat(80)}` as const,
      minDelayExcess: '0x799d4c',
    }
    expect(l1FeesPerGas({ head, feeConfig: valid, maxPriorityFeePerGas: 1n }).minBaseFee).toBe(25_000_000_000n)
  })
})
