/**
 * `stateDir`: a devnet stopped and started on the same dir resumes its L1 (real anvil, real HTTP): after
 * 1,000 blocks, a deployment, a fee-config change, a precompile activation and a Warp message, the restart
 * answers the same balances, storage, fee config, activations, messages and IDs. A restart with changed files
 * is checked as the node checks them at start (a changed upgrade.json that rewrites what the chain passed, a
 * retroactive enable and a changed genesis are refused with the node's text; a new future upgrade is applied
 * at its time), and `subnet-rpc check --rpc` against the running devnet says the same.
 */
import { existsSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { encodeFunctionData } from 'viem'
import { afterAll, describe, expect, it } from 'vitest'
import { startDevnet, type Devnet } from '../../packages/devnet/src/index.js'
import { check } from '../../src/cli/check.js'
import { encodeCb58 } from '../../src/core/cb58.js'
import { feeManagerAbi, nativeMinterAbi, warpMessengerAbi } from '../../src/core/precompiles/abis.js'
import { post, rpc, testFeeConfig, testGenesisTime, verifyBlocks } from '../helpers/devnet.js'

const ADMIN = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const OTHER = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const MINTED = '0x00000000000000000000000000000000000000aa'
const FEE_MANAGER = '0x0200000000000000000000000000000000000003'
const MINTER = '0x0200000000000000000000000000000000000001'
const WARP = '0x0200000000000000000000000000000000000005'
/** Stores 42 at slot 0, its runtime code one STOP. */
const STORE_42 = '0x602a60005560018060106000396000f300'
const T0 = testGenesisTime
/** The Native Minter's activation: in the future at the start, passed once the test moves time on. */
const MINTER_AT = T0 + 600

const dir = mkdtempSync(join(tmpdir(), 'subnet-rpc-state-dir-'))
const file = (name: string, content: unknown) => {
  const path = join(dir, name)
  writeFileSync(path, JSON.stringify(content, null, 2))
  return path
}
const genesisJson = {
  config: {
    chainId: 77_701,
    feeConfig: testFeeConfig,
    feeManagerConfig: { blockTimestamp: 0, adminAddresses: [ADMIN] },
    warpConfig: { blockTimestamp: T0 },
  },
  alloc: { [OTHER.slice(2)]: { balance: '0x56bc75e2d63100000' } },
  timestamp: `0x${T0.toString(16)}`,
  gasLimit: '0x7A1200',
  difficulty: '0x0',
}
const minterUpgrade = { contractNativeMinterConfig: { blockTimestamp: MINTER_AT, adminAddresses: [ADMIN] } }
const genesis = file('genesis.json', genesisJson)
/** A state upgrade at the Native Minter's time: run once in the chain's history, never again after a restart. */
const UPGRADED = '0x00000000000000000000000000000000000000cc'
const stateUpgrades = [{ blockTimestamp: MINTER_AT, accounts: { [UPGRADED]: { balanceChange: '0x64' } } }]
const upgrade = file('upgrade.json', { precompileUpgrades: [minterUpgrade], stateUpgrades })
const stateDir = join(dir, 'state')

type Reply = { result?: any; error?: { code: number; message: string } }
const call = async (devnet: Devnet, method: string, params: unknown[] = []): Promise<Reply> =>
  JSON.parse((await rpc(devnet.rpcUrl, method, JSON.stringify(params))).body) as Reply
const info = async (devnet: Devnet, method: string, params: object = {}) =>
  JSON.parse((await post(devnet.infoUrl, JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }))).body).result
async function send(devnet: Devnet, tx: object) {
  const sent = await call(devnet, 'eth_sendTransaction', [{ from: ADMIN, gas: '0x200000', ...tx }])
  expect(sent.error).toBeUndefined()
  const receipt = (await call(devnet, 'eth_getTransactionReceipt', [sent.result])).result
  expect(receipt.status).toBe('0x1')
  return receipt as { contractAddress: string | null; logs: { topics: string[] }[]; blockNumber: string; transactionHash: string }
}

class Capture extends Writable {
  text = ''
  override _write(chunk: Buffer, _enc: string, done: () => void) {
    this.text += chunk.toString()
    done()
  }
}
async function checkRpc(devnet: Devnet, args: string[]) {
  const stdout = new Capture()
  const stderr = new Capture()
  const code = await check([...args, '--rpc', devnet.rpcUrl, '--json'], { stdout, stderr, env: {} })
  return { code, report: JSON.parse(stdout.text) as { verdict: string; errors: { message: string }[] } }
}

/** What a client sees of the chain: compared before the stop and after the start. */
async function observe(devnet: Devnet, ids: { contract: string; warpID: string; deployTx: string; feeTxBlock: string }) {
  const head = (await call(devnet, 'eth_getBlockByNumber', ['latest', false])).result
  return {
    head: { number: head.number, hash: head.hash, timestamp: head.timestamp, extraData: head.extraData, blockGasCost: head.blockGasCost },
    block500: (await call(devnet, 'eth_getBlockByNumber', ['0x1f4', false])).result,
    balances: await Promise.all(
      [ADMIN, OTHER, MINTED, UPGRADED].map(async (a) => (await call(devnet, 'eth_getBalance', [a, 'latest'])).result),
    ),
    nonce: (await call(devnet, 'eth_getTransactionCount', [ADMIN, 'latest'])).result,
    storage: (await call(devnet, 'eth_getStorageAt', [ids.contract, '0x0', 'latest'])).result,
    code: (await call(devnet, 'eth_getCode', [ids.contract, 'latest'])).result,
    receipt: (await call(devnet, 'eth_getTransactionReceipt', [ids.deployTx])).result,
    feeConfig: (await call(devnet, 'eth_feeConfig', [])).result,
    // The fee-config history: before the change, and at its block.
    feeConfigAt500: (await call(devnet, 'eth_feeConfig', ['0x1f4'])).result,
    feeConfigAtChange: (await call(devnet, 'eth_feeConfig', [ids.feeTxBlock])).result,
    activePrecompiles: (await call(devnet, 'eth_getActivePrecompilesAt', [])).result,
    minterCode: (await call(devnet, 'eth_getCode', [MINTER, 'latest'])).result,
    minterRole: (
      await call(devnet, 'eth_call', [
        { to: MINTER, data: encodeFunctionData({ abi: nativeMinterAbi, functionName: 'readAllowList', args: [ADMIN] }) },
        'latest',
      ])
    ).result,
    warpMessage: (await call(devnet, 'warp_getMessage', [ids.warpID])).result,
    warpSignature: (await call(devnet, 'warp_getMessageSignature', [ids.warpID])).result,
    chainConfig: (await call(devnet, 'eth_getChainConfig', [])).result,
    nodeID: await info(devnet, 'info.getNodeID'),
    blockchainID: await info(devnet, 'info.getBlockchainID', { alias: devnet.alias }),
    ids: [devnet.blockchainID, devnet.subnetID, devnet.nodeID, devnet.chainId],
  }
}

describe('stateDir', () => {
  let devnet: Devnet | undefined
  afterAll(async () => {
    await devnet?.stop()
  })
  let ids: { contract: string; warpID: string; deployTx: string; feeTxBlock: string }
  let before: Awaited<ReturnType<typeof observe>>
  const start = (options: Parameters<typeof startDevnet>[0] = {}) => startDevnet({ stateDir, onWarning: () => {}, ...options })

  it('stop and start resume the chain: 1,000 blocks, a deployment, a fee-config change, an activation, a Warp message', async () => {
    devnet = await start({ genesis, upgrade })
    expect(await call(devnet, 'anvil_mine', ['0x3e8'])).toMatchObject({ result: null })
    const deployed = await send(devnet, { data: STORE_42 })
    const fee = { ...testFeeConfig, minBaseFee: 30_000_000_000 }
    const feeArgs = [
      fee.gasLimit,
      fee.targetBlockRate,
      fee.minBaseFee,
      fee.targetGas,
      fee.baseFeeChangeDenominator,
      fee.minBlockGasCost,
      fee.maxBlockGasCost,
      fee.blockGasCostStep,
    ].map(BigInt)
    const feeTx = await send(devnet, {
      to: FEE_MANAGER,
      data: encodeFunctionData({ abi: feeManagerAbi, functionName: 'setFeeConfig', args: feeArgs as never }),
    })
    // The Native Minter's time passes; the next block activates it, and a mint follows.
    await call(devnet, 'evm_increaseTime', [MINTER_AT - Math.floor(Date.now() / 1000) + 5])
    await send(devnet, {
      to: MINTER,
      data: encodeFunctionData({ abi: nativeMinterAbi, functionName: 'mintNativeCoin', args: [MINTED, 12345n] }),
    })
    const warp = await send(devnet, {
      to: WARP,
      data: encodeFunctionData({ abi: warpMessengerAbi, functionName: 'sendWarpMessage', args: ['0xc0ffee'] }),
    })
    ids = {
      contract: deployed.contractAddress!,
      warpID: encodeCb58(Buffer.from(warp.logs[0]!.topics[2]!.slice(2), 'hex')),
      deployTx: deployed.transactionHash,
      feeTxBlock: feeTx.blockNumber,
    }
    before = await observe(devnet, ids)
    expect(BigInt(before.head.number)).toBeGreaterThan(1000n)
    expect(before.storage).toBe(`0x${'0'.repeat(62)}2a`)
    expect(before.feeConfig.feeConfig.minBaseFee).toBe(30_000_000_000)
    expect(before.feeConfigAt500.feeConfig.minBaseFee).toBe(25_000_000_000)
    expect(before.feeConfigAtChange).toEqual(before.feeConfig)
    expect(before.minterCode).toBe('0x01')
    expect(before.balances[2]).toBe('0x3039')
    // The state upgrade ran once.
    expect(before.balances[3]).toBe('0x64')
    expect(before.warpMessage).toMatch(/^0x/)
    expect(before.warpSignature).toMatch(/^0x[0-9a-f]{192}$/)
    await devnet.stop()
    devnet = undefined
    expect(readdirSync(join(stateDir, 'l1', 'devnet')).sort()).toEqual(['config.json', 'genesis.json', 'state.json', 'upgrade.json'])

    devnet = await start()
    expect(await observe(devnet, ids)).toEqual(before)
    // The chain goes on from there, and its blocks are a node's.
    const next = await send(devnet, { to: OTHER, value: '0x1' })
    expect(BigInt(next.blockNumber)).toBe(BigInt(before.head.number) + 1n)
    await verifyBlocks(devnet)
  }, 300_000)

  it('a changed upgrade.json entry the chain passed is refused, by the restart and by check --rpc alike', async () => {
    const changed = file('changed.json', {
      precompileUpgrades: [{ contractNativeMinterConfig: { ...minterUpgrade.contractNativeMinterConfig, adminAddresses: [OTHER] } }],
      stateUpgrades,
    })
    const text = `mismatching PrecompileUpgrade[0] in database (have timestamp ${MINTER_AT}, want timestamp ${MINTER_AT}, rewindto timestamp ${MINTER_AT - 1})`
    const checked = await checkRpc(devnet!, ['--genesis', genesis, '--upgrade', changed])
    expect(checked.code).toBe(1)
    expect(checked.report.errors.map((e) => e.message)).toEqual([text])
    await devnet!.stop()
    devnet = undefined
    await expect(start({ upgrade: changed })).rejects.toThrow(`the L1 devnet: ${text}`)
  }, 120_000)

  it('a retroactive enable is refused with the node text, by the restart and by check --rpc alike', async () => {
    devnet = await start()
    const past = T0 + 60
    const retro = file('retro.json', {
      precompileUpgrades: [{ rewardManagerConfig: { blockTimestamp: past, adminAddresses: [ADMIN] } }, minterUpgrade],
      stateUpgrades,
    })
    const head = BigInt((await call(devnet, 'eth_getBlockByNumber', ['latest', false])).result.timestamp)
    expect(head).toBeGreaterThan(BigInt(past))
    const text = `mismatching cannot retroactively enable PrecompileUpgrade[0] in database (have timestamp nil, want timestamp ${past}, rewindto timestamp ${past - 1})`
    const checked = await checkRpc(devnet, ['--genesis', genesis, '--upgrade', retro])
    expect(checked.report.errors.map((e) => e.message)).toEqual([text])
    await devnet.stop()
    devnet = undefined
    await expect(start({ upgrade: retro })).rejects.toThrow(`the L1 devnet: ${text}`)
  }, 120_000)

  it('a changed genesis is refused with the node text', async () => {
    const other = file('genesis2.json', { ...genesisJson, alloc: { ...genesisJson.alloc, [MINTED.slice(2)]: { balance: '0x1' } } })
    await expect(start({ genesis: other })).rejects.toThrow(
      /^the L1 devnet: database contains incompatible genesis \(have [0-9a-f]{64}, new [0-9a-f]{64}\)/,
    )
    // The same genesis in another layout is the same genesis.
    const relaid = file('genesis3.json', { ...genesisJson, gasLimit: 8_000_000 })
    devnet = await start({ genesis: relaid })
    await devnet.stop()
    devnet = undefined
  }, 120_000)

  it('a new upgrade in the future is accepted (check --rpc too) and applied at its time; the dir keeps it', async () => {
    devnet = await start()
    const head = Number(BigInt((await call(devnet, 'eth_getBlockByNumber', ['latest', false])).result.timestamp))
    const at = head + 300
    const added = file('added.json', {
      precompileUpgrades: [minterUpgrade, { rewardManagerConfig: { blockTimestamp: at, adminAddresses: [ADMIN] } }],
      stateUpgrades,
    })
    const checked = await checkRpc(devnet, ['--genesis', genesis, '--upgrade', added])
    expect(checked.code).toBe(0)
    await devnet.stop()
    devnet = await start({ upgrade: added })
    const REWARD = '0x0200000000000000000000000000000000000004'
    expect((await call(devnet, 'eth_getCode', [REWARD, 'latest'])).result).toBe('0x')
    await call(devnet, 'evm_increaseTime', [at - head + 5])
    await call(devnet, 'evm_mine', [])
    expect((await call(devnet, 'eth_getCode', [REWARD, 'latest'])).result).toBe('0x01')
    // The Native Minter is as it was: activated once, not configured again; the state upgrade ran once.
    expect((await call(devnet, 'eth_getBalance', [MINTED, 'latest'])).result).toBe('0x3039')
    expect((await call(devnet, 'eth_getBalance', [UPGRADED, 'latest'])).result).toBe('0x64')
    await devnet.stop()
    // A start with no files takes the dir's upgrade.json, the new one.
    devnet = await start()
    expect((await call(devnet, 'eth_getCode', [REWARD, 'latest'])).result).toBe('0x01')
  }, 120_000)

  it('another seed or network ID than the dir is refused, and no temporary file is left', async () => {
    await devnet?.stop()
    devnet = undefined
    await expect(start({ seed: 'another' })).rejects.toThrow(/seed/)
    await expect(start({ networkID: 5 })).rejects.toThrow(/network ID/)
    expect(readdirSync(join(stateDir, 'l1', 'devnet')).filter((f) => f.includes('.tmp'))).toEqual([])
    expect(existsSync(join(stateDir, 'devnet.json'))).toBe(true)
  })
})

describe('stateDir with several L1s', () => {
  const dir2 = join(dir, 'multi')
  const l1Genesis = (chainId: number) => ({ ...genesisJson, config: { ...genesisJson.config, chainId } })

  it('each L1 is kept under its alias and resumed; a start may give the aliases alone', async () => {
    let devnet = await startDevnet({
      stateDir: dir2,
      onWarning: () => {},
      l1s: [
        { alias: 'a', genesis: l1Genesis(77_801) },
        { alias: 'b', genesis: l1Genesis(77_802) },
      ],
    })
    const url = (d: Devnet, alias: string) => d.l1s.find((l) => l.alias === alias)!.rpcUrl
    const head = async (d: Devnet, alias: string) =>
      JSON.parse((await rpc(url(d, alias), 'eth_getBlockByNumber', '["latest",false]')).body).result.hash
    await rpc(url(devnet, 'a'), 'anvil_mine', '["0x3"]')
    await rpc(url(devnet, 'b'), 'anvil_mine', '["0x7"]')
    const before = { a: await head(devnet, 'a'), b: await head(devnet, 'b'), ids: devnet.l1s.map((l) => [l.blockchainID, l.subnetID]) }
    await devnet.stop()
    expect(readdirSync(join(dir2, 'l1')).sort()).toEqual(['a', 'b'])
    devnet = await startDevnet({ stateDir: dir2, onWarning: () => {}, l1s: [{ alias: 'a' }, { alias: 'b' }] })
    try {
      expect({ a: await head(devnet, 'a'), b: await head(devnet, 'b'), ids: devnet.l1s.map((l) => [l.blockchainID, l.subnetID]) }).toEqual(
        before,
      )
      expect(devnet.l1s.map((l) => l.chainId)).toEqual([77_801n, 77_802n])
    } finally {
      await devnet.stop()
    }
  }, 120_000)
})
