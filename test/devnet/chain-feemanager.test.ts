/**
 * FeeManager semantics over time on the default devnet (spec §4.1 GetFeeConfigAt,
 * research subnetevm-config §5): changes recorded at the mined block, a disable falling
 * back to the genesis config, a re-enable storing initialFeeConfig at the activating block.
 * Time is moved through anvil via the devnet URL. The tests run in order.
 */
import { describe, expect, it } from 'vitest'
import { rpc, useDevnet } from '../helpers/devnet.js'

const S = Math.floor(Date.now() / 1000)
const T1 = S + 3600
const T2 = S + 7200
const T3 = S + 10800

const devnet = useDevnet({ startTime: S })

const ok = (result: string, id = '1') => `{"jsonrpc":"2.0","id":${id},"result":${result}}\n`
const err = (code: number, message: string, id = '1') =>
  `{"jsonrpc":"2.0","id":${id},"error":{"code":${code},"message":${JSON.stringify(message)}}}\n`

const fee = (minBaseFee: string, targetBlockRate = 2) =>
  `{"gasLimit":8000000,"targetBlockRate":${targetBlockRate},"minBaseFee":${minBaseFee},"targetGas":15000000,"baseFeeChangeDenominator":36,"minBlockGasCost":0,"maxBlockGasCost":1000000,"blockGasCostStep":200000}`
const genesisFee = fee('25000000000')
const initialFee = fee('50000000000')
const bigFee = fee('9007199254740993')
const feeReply = (config: string, lastChangedAt: number | bigint) => ok(`{"feeConfig":${config},"lastChangedAt":${lastChangedAt}}`)

type Block = { number: bigint; hash: string; timestamp: number }

async function block(tag: string | number | bigint = 'latest'): Promise<Block> {
  const t = typeof tag === 'string' ? tag : `0x${tag.toString(16)}`
  const r = JSON.parse((await rpc(devnet().anvilUrl, 'eth_getBlockByNumber', `["${t}",false]`)).body) as {
    result: { number: string; hash: string; timestamp: string }
  }
  return { number: BigInt(r.result.number), hash: r.result.hash, timestamp: Number(BigInt(r.result.timestamp)) }
}

async function feeAt(arg?: string): Promise<string> {
  return (await rpc(devnet().rpcUrl, 'eth_feeConfig', arg === undefined ? undefined : `[${arg}]`)).body
}

/** Mines one block with exactly timestamp t, through the devnet URL. */
async function mineAt(t: number): Promise<Block> {
  const { rpcUrl } = devnet()
  expect((await rpc(rpcUrl, 'evm_setNextBlockTimestamp', `[${t}]`)).body).toMatch(/^\{"jsonrpc":"2.0","id":1,"result":/)
  expect((await rpc(rpcUrl, 'evm_mine')).body).toBe(ok('"0x0"'))
  const b = await block()
  expect(b.timestamp).toBe(t)
  return b
}

describe('FeeManager over time (default schedule)', () => {
  let changeBlock: Block
  let reenableBlock: Block

  it('at start: the genesis fee config, lastChangedAt 0 (enabled in genesis, activated at block 0)', async () => {
    expect(await feeAt()).toBe(feeReply(genesisFee, 0))
    expect(await feeAt('"earliest"')).toBe(feeReply(genesisFee, 0))
  })

  it('devnet_setFeeConfig mines one block and records the change there; earlier blocks keep the old config', async () => {
    await rpc(devnet().rpcUrl, 'evm_mine') // block 1
    const r = await rpc(devnet().rpcUrl, 'devnet_setFeeConfig', `[${bigFee}]`)
    changeBlock = await block()
    expect(changeBlock.number).toBe(2n)
    expect(r.body).toBe(ok(`{"blockNumber":"0x2","blockHash":"${changeBlock.hash}"}`))
    // 2^53 + 1 appears verbatim on the wire.
    expect(await feeAt()).toBe(feeReply(bigFee, 2))
    expect(await feeAt()).toContain('"minBaseFee":9007199254740993,')
    expect(await feeAt('"0x2"')).toBe(feeReply(bigFee, 2))
    expect(await feeAt(`"${changeBlock.hash}"`)).toBe(feeReply(bigFee, 2))
    expect(await feeAt('"0x1"')).toBe(feeReply(genesisFee, 0))
    expect(await feeAt('{"blockNumber":"0x0"}')).toBe(feeReply(genesisFee, 0))
    await rpc(devnet().rpcUrl, 'evm_mine') // block 3 still sees the change
    expect(await feeAt()).toBe(feeReply(bigFee, 2))
  })

  it('a second change wins from its own block on', async () => {
    const r = await rpc(devnet().rpcUrl, 'devnet_setFeeConfig', `[${fee('7', 5)}]`)
    const b = await block()
    expect(r.body).toBe(ok(`{"blockNumber":"0x${b.number.toString(16)}","blockHash":"${b.hash}"}`))
    expect(await feeAt()).toBe(feeReply(fee('7', 5), b.number))
    expect(await feeAt(`"0x${(b.number - 1n).toString(16)}"`)).toBe(feeReply(bigFee, 2))
  })

  it('devnet_setFeeConfig refuses invalid configs before mining', async () => {
    const before = await block()
    const { rpcUrl } = devnet()
    expect((await rpc(rpcUrl, 'devnet_setFeeConfig', '[{"gasLimit":8000000}]')).body).toBe(
      err(-32000, 'cannot verify fee config: minBaseFee cannot be nil'),
    )
    expect((await rpc(rpcUrl, 'devnet_setFeeConfig', `[${fee('-1')}]`)).body).toBe(
      err(-32000, 'cannot verify fee config: minBaseFee cannot be less than 0: minBaseFee = -1'),
    )
    expect((await rpc(rpcUrl, 'devnet_setFeeConfig')).body).toBe(err(-32602, 'missing value for required argument 0'))
    expect((await rpc(rpcUrl, 'devnet_setFeeConfig', '{}')).body).toBe(err(-32602, 'non-array args'))
    expect((await block()).number).toBe(before.number)
  })

  it('past +3600 (feeManager disabled): the genesis config with lastChangedAt 0; history is kept', async () => {
    const last = await block()
    const disabled = await mineAt(T1)
    expect(await feeAt()).toBe(feeReply(genesisFee, 0))
    expect(await feeAt(`"0x${disabled.number.toString(16)}"`)).toBe(feeReply(genesisFee, 0))
    expect(await feeAt(`"0x${last.number.toString(16)}"`)).toBe(feeReply(fee('7', 5), last.number))
    expect(await feeAt('"0x2"')).toBe(feeReply(bigFee, 2))
    expect((await rpc(devnet().rpcUrl, 'eth_getActiveRulesAt')).body).not.toContain('feeManagerConfig')
    expect((await rpc(devnet().rpcUrl, 'eth_getActivePrecompilesAt')).body).toContain(
      `"contractDeployerAllowListConfig":{"adminAddresses":["0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266"],"blockTimestamp":${T1}}`,
    )
  })

  it('devnet_setFeeConfig while the FeeManager is disabled leaves a block and an error', async () => {
    const before = await block()
    const r = await rpc(devnet().rpcUrl, 'devnet_setFeeConfig', `[${fee('1')}]`)
    const b = await block()
    expect(b.number).toBe(before.number + 1n)
    expect(r.body).toBe(
      err(-32000, `devnet: the FeeManager precompile (feeManagerConfig) is not enabled at block ${b.number} (timestamp ${b.timestamp})`),
    )
    expect(await feeAt()).toBe(feeReply(genesisFee, 0))
  })

  it('past +7200 (re-enabled): initialFeeConfig with lastChangedAt = the activating block; old changes do not come back', async () => {
    await rpc(devnet().rpcUrl, 'evm_increaseTime', '[600]')
    const quiet = await mineAt((await block()).timestamp + 2)
    expect(quiet.timestamp).toBeLessThan(T2)
    reenableBlock = await mineAt(T2 + 5)
    const hex = `0x${reenableBlock.number.toString(16)}`
    expect(await feeAt()).toBe(feeReply(initialFee, reenableBlock.number))
    expect(await feeAt(`"${hex}"`)).toBe(feeReply(initialFee, reenableBlock.number))
    expect(await feeAt(`{"blockHash":"${reenableBlock.hash}"}`)).toBe(feeReply(initialFee, reenableBlock.number))
    expect(await feeAt(`"0x${quiet.number.toString(16)}"`)).toBe(feeReply(genesisFee, 0))
    // Later blocks keep reporting the activating block.
    await rpc(devnet().rpcUrl, 'evm_increaseTime', '[60]')
    await rpc(devnet().rpcUrl, 'evm_mine')
    expect(await feeAt()).toBe(feeReply(initialFee, reenableBlock.number))
    expect((await rpc(devnet().rpcUrl, 'eth_getActiveRulesAt')).body).toContain(`"feeManagerConfig":{"timestamp":${T2}}`)
  })

  it('a change in the re-enabled period is recorded at its block', async () => {
    await rpc(devnet().rpcUrl, 'devnet_setFeeConfig', `[${bigFee}]`)
    const b = await block()
    expect(await feeAt()).toBe(feeReply(bigFee, b.number))
    expect(await feeAt(`"0x${(b.number - 1n).toString(16)}"`)).toBe(feeReply(initialFee, reenableBlock.number))
  })

  it('past +10800: txAllowList disabled, rewardManager enabled; the fee config is unaffected', async () => {
    const b = await block()
    await rpc(devnet().rpcUrl, 'evm_increaseTime', `[${T3 - b.timestamp}]`)
    await rpc(devnet().rpcUrl, 'evm_mine')
    const now = await block()
    expect(now.timestamp).toBeGreaterThanOrEqual(T3)
    const rules = (await rpc(devnet().rpcUrl, 'eth_getActiveRulesAt')).body
    expect(rules).toContain(
      `"precompiles":{"contractDeployerAllowListConfig":{"timestamp":${T1}},"contractNativeMinterConfig":{"timestamp":0},"feeManagerConfig":{"timestamp":${T2}},"rewardManagerConfig":{"timestamp":${T3}},"warpConfig":{"timestamp":1607144400}}`,
    )
    expect(await feeAt()).toBe(feeReply(bigFee, b.number))
  })
})
