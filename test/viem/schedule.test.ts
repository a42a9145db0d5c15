/**
 * Over time, through the viem actions: FeeManager changes show in `feeConfig` at the right
 * blocks with `lastChangedAt`, and the default upgrade schedule (+3600 deployer allow list
 * on and fee manager off, +7200 fee manager back, +10800 tx allow list off and reward
 * manager on) shows in the rules, by explicit timestamps and by moving anvil's clock.
 * The tests of the second block run in order.
 */
import { createPublicClient, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { infoActions, subnetActions, subnetHttp } from '../../src/viem/index.js'
import { rawCall, rawResult } from './helpers.js'

const S = Math.floor(Date.now() / 1000)
const T1 = S + 3600
const T2 = S + 7200
const T3 = S + 10800
const WARP = 1_607_144_400n
const ADMIN = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'

const devnet = useDevnet({ seed: 'viem-schedule', startTime: S })
const client = () =>
  createPublicClient({ transport: subnetHttp(devnet().rpcUrl) })
    .extend(subnetActions())
    .extend(infoActions())

const fee = (minBaseFee: bigint, targetBlockRate = 2n) => ({
  gasLimit: 8_000_000n,
  targetBlockRate,
  minBaseFee,
  targetGas: 15_000_000n,
  baseFeeChangeDenominator: 36n,
  minBlockGasCost: 0n,
  maxBlockGasCost: 1_000_000n,
  blockGasCostStep: 200_000n,
})
const feeJson = (minBaseFee: string, targetBlockRate = 2) =>
  `{"gasLimit":8000000,"targetBlockRate":${targetBlockRate},"minBaseFee":${minBaseFee},"targetGas":15000000,"baseFeeChangeDenominator":36,"minBlockGasCost":0,"maxBlockGasCost":1000000,"blockGasCostStep":200000}`
const genesisFee = fee(25_000_000_000n)
const initialFee = fee(50_000_000_000n)

const base = { contractNativeMinterConfig: { timestamp: 0n }, warpConfig: { timestamp: WARP } }
/** The active precompile set in each period of the default schedule. */
const period = {
  beforeT1: { ...base, feeManagerConfig: { timestamp: 0n }, txAllowListConfig: { timestamp: 0n } },
  t1: { ...base, contractDeployerAllowListConfig: { timestamp: BigInt(T1) }, txAllowListConfig: { timestamp: 0n } },
  t2: {
    ...base,
    contractDeployerAllowListConfig: { timestamp: BigInt(T1) },
    feeManagerConfig: { timestamp: BigInt(T2) },
    txAllowListConfig: { timestamp: 0n },
  },
  t3: {
    ...base,
    contractDeployerAllowListConfig: { timestamp: BigInt(T1) },
    feeManagerConfig: { timestamp: BigInt(T2) },
    rewardManagerConfig: { timestamp: BigInt(T3) },
  },
}

async function latestBlock(): Promise<{ number: bigint; hash: Hex; timestamp: number }> {
  const b = await rawResult(devnet().rpcUrl, 'eth_getBlockByNumber', ['latest', false])
  return { number: BigInt(b.number), hash: b.hash, timestamp: Number(BigInt(b.timestamp)) }
}

async function setFeeConfig(json: string): Promise<{ number: bigint; hash: Hex }> {
  const r = await rawCall(devnet().rpcUrl, 'devnet_setFeeConfig', `[${json}]`)
  expect(r.error).toBeUndefined()
  return { number: BigInt(r.result.blockNumber), hash: r.result.blockHash }
}

async function mineAt(t: number) {
  expect((await rawCall(devnet().rpcUrl, 'evm_setNextBlockTimestamp', `[${t}]`)).error).toBeUndefined()
  expect((await rawCall(devnet().rpcUrl, 'evm_mine')).error).toBeUndefined()
  const b = await latestBlock()
  expect(b.timestamp).toBe(t)
  return b
}

describe('rules at explicit timestamps', () => {
  const at = (t: number | bigint | Date) => client().getActiveRulesAt({ timestamp: t })

  it('each boundary of the default schedule, as number, bigint and Date', async () => {
    expect((await at(S)).precompiles).toEqual(period.beforeT1)
    expect((await at(T1 - 1)).precompiles).toEqual(period.beforeT1)
    expect((await at(T1)).precompiles).toEqual(period.t1)
    expect((await at(BigInt(T1))).precompiles).toEqual(period.t1)
    expect((await at(new Date(T1 * 1000))).precompiles).toEqual(period.t1)
    expect((await at(new Date(T1 * 1000 - 1))).precompiles).toEqual(period.beforeT1)
    expect((await at(T2 - 1)).precompiles).toEqual(period.t1)
    expect((await at(T2)).precompiles).toEqual(period.t2)
    expect((await at(T3 - 1)).precompiles).toEqual(period.t2)
    expect((await at(T3)).precompiles).toEqual(period.t3)
    expect((await at(T3 + 1_000_000)).precompiles).toEqual(period.t3)
  })

  it('the network rules do not depend on the precompile schedule', async () => {
    const a = await at(T1 - 1)
    const b = await at(T3)
    expect(a.ethRules).toEqual(b.ethRules)
    expect(a.avalancheRules).toEqual(b.avalancheRules)
    expect(a.avalancheRules.IsSubnetEVM).toBe(true)
    expect(a.avalancheRules.IsDurango).toBe(true)
  })

  it('getActivePrecompilesAt gives the config in force in each period', async () => {
    const c = client()
    const before = await c.getActivePrecompilesAt({ timestamp: T1 - 1 })
    expect(before.feeManagerConfig).toEqual({ adminAddresses: [ADMIN], blockTimestamp: 0n })
    expect(before.contractDeployerAllowListConfig).toBeUndefined()
    const t1 = await c.getActivePrecompilesAt({ timestamp: T1 })
    expect(t1.feeManagerConfig).toBeUndefined()
    expect(t1.contractDeployerAllowListConfig).toEqual({ adminAddresses: [ADMIN], blockTimestamp: BigInt(T1) })
    const t2 = await c.getActivePrecompilesAt({ timestamp: BigInt(T2) })
    expect(t2.feeManagerConfig).toEqual({ adminAddresses: [ADMIN], blockTimestamp: BigInt(T2), initialFeeConfig: initialFee })
    const t3 = await c.getActivePrecompilesAt({ timestamp: new Date(T3 * 1000) })
    expect(t3.txAllowListConfig).toBeUndefined()
    expect(t3.rewardManagerConfig).toEqual({
      adminAddresses: [ADMIN],
      blockTimestamp: BigInt(T3),
      initialRewardConfig: { allowFeeRecipients: true, rewardAddress: '0x0000000000000000000000000000000000000000' },
    })
    expect(Object.keys(t3).sort()).toEqual(Object.keys(period.t3).sort())
  })

  it('getChainConfig lists the schedule in upgrades.precompileUpgrades', async () => {
    const { upgrades } = await client().getChainConfig()
    expect(upgrades.precompileUpgrades).toEqual([
      { contractDeployerAllowListConfig: { adminAddresses: [ADMIN], blockTimestamp: BigInt(T1) } },
      { feeManagerConfig: { blockTimestamp: BigInt(T1), disable: true } },
      { feeManagerConfig: { adminAddresses: [ADMIN], blockTimestamp: BigInt(T2), initialFeeConfig: initialFee } },
      { txAllowListConfig: { blockTimestamp: BigInt(T3), disable: true } },
      {
        rewardManagerConfig: {
          adminAddresses: [ADMIN],
          blockTimestamp: BigInt(T3),
          initialRewardConfig: { allowFeeRecipients: true, rewardAddress: '0x0000000000000000000000000000000000000000' },
        },
      },
    ])
  })
})

describe('fee config changes and rules over chain time (in order)', () => {
  let first: { number: bigint; hash: Hex }
  let second: { number: bigint; hash: Hex }
  let reenable: { number: bigint; hash: Hex }

  it('at start: the genesis config, lastChangedAt 0', async () => {
    const c = client()
    expect(await c.feeConfig()).toEqual({ feeConfig: genesisFee, lastChangedAt: 0n })
    expect(await c.feeConfig({ blockTag: 'earliest' })).toEqual({ feeConfig: genesisFee, lastChangedAt: 0n })
    expect((await c.getActiveRulesAt()).precompiles).toEqual(period.beforeT1)
  })

  it('a change shows from its block on, with lastChangedAt = that block; earlier blocks keep the old config', async () => {
    const c = client()
    await rawCall(devnet().rpcUrl, 'evm_mine')
    first = await setFeeConfig(feeJson('30000000000', 3))
    const changed = { feeConfig: fee(30_000_000_000n, 3n), lastChangedAt: first.number }
    expect(await c.feeConfig()).toEqual(changed)
    expect(await c.feeConfig({ blockNumber: first.number })).toEqual(changed)
    expect(await c.feeConfig({ blockHash: first.hash })).toEqual(changed)
    expect(await c.feeConfig({ blockTag: 'latest' })).toEqual(changed)
    expect(await c.feeConfig({ blockNumber: first.number - 1n })).toEqual({ feeConfig: genesisFee, lastChangedAt: 0n })
    expect(await c.feeConfig({ blockNumber: 0 })).toEqual({ feeConfig: genesisFee, lastChangedAt: 0n })
    await rawCall(devnet().rpcUrl, 'evm_mine')
    expect(await c.feeConfig()).toEqual(changed)
    expect(await c.feeConfig({ blockNumber: first.number + 1n })).toEqual(changed)
  })

  it('a second change wins from its block on; the first is still reported before it', async () => {
    const c = client()
    second = await setFeeConfig(feeJson('7', 5))
    expect(await c.feeConfig()).toEqual({ feeConfig: fee(7n, 5n), lastChangedAt: second.number })
    expect(await c.feeConfig({ blockNumber: second.number - 1n })).toEqual({
      feeConfig: fee(30_000_000_000n, 3n),
      lastChangedAt: first.number,
    })
  })

  it('evm_increaseTime past +3600: the FeeManager is disabled, the genesis config is back with lastChangedAt 0', async () => {
    const c = client()
    const before = await latestBlock()
    expect(before.timestamp).toBeLessThan(T1)
    await rawCall(devnet().rpcUrl, 'evm_increaseTime', `[${T1 - before.timestamp}]`)
    await rawCall(devnet().rpcUrl, 'evm_mine')
    const now = await latestBlock()
    expect(now.timestamp).toBeGreaterThanOrEqual(T1)
    expect(now.timestamp).toBeLessThan(T2)
    expect((await c.getActiveRulesAt()).precompiles).toEqual(period.t1)
    expect(Object.keys(await c.getActivePrecompilesAt())).not.toContain('feeManagerConfig')
    expect(await c.feeConfig()).toEqual({ feeConfig: genesisFee, lastChangedAt: 0n })
    // History is kept.
    expect(await c.feeConfig({ blockNumber: before.number })).toEqual({ feeConfig: fee(7n, 5n), lastChangedAt: second.number })
  })

  it('past +7200: the FeeManager is back with initialFeeConfig, lastChangedAt = the activating block', async () => {
    const c = client()
    reenable = await mineAt(T2 + 5)
    expect((await c.getActiveRulesAt()).precompiles).toEqual(period.t2)
    expect(await c.feeConfig()).toEqual({ feeConfig: initialFee, lastChangedAt: reenable.number })
    expect(await c.feeConfig({ blockHash: reenable.hash })).toEqual({ feeConfig: initialFee, lastChangedAt: reenable.number })
    expect(await c.feeConfig({ blockNumber: reenable.number - 1n })).toEqual({ feeConfig: genesisFee, lastChangedAt: 0n })
    await rawCall(devnet().rpcUrl, 'evm_increaseTime', '[60]')
    await rawCall(devnet().rpcUrl, 'evm_mine')
    expect(await c.feeConfig()).toEqual({ feeConfig: initialFee, lastChangedAt: reenable.number })
    const change = await setFeeConfig(feeJson('60000000000'))
    expect(await c.feeConfig()).toEqual({ feeConfig: fee(60_000_000_000n), lastChangedAt: change.number })
  })

  it('past +10800: tx allow list off, reward manager on, by rules without a timestamp', async () => {
    const c = client()
    const before = await latestBlock()
    await rawCall(devnet().rpcUrl, 'evm_increaseTime', `[${T3 - before.timestamp}]`)
    await rawCall(devnet().rpcUrl, 'evm_mine')
    const rules = await c.getActiveRulesAt()
    expect(rules.precompiles).toEqual(period.t3)
    const active = await c.getActivePrecompilesAt()
    expect(active.txAllowListConfig).toBeUndefined()
    expect(active.rewardManagerConfig?.blockTimestamp).toBe(BigInt(T3))
    // Explicit timestamps still answer for the past.
    expect((await c.getActiveRulesAt({ timestamp: T1 - 1 })).precompiles).toEqual(period.beforeT1)
  })
})
