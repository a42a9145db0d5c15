/**
 * The Hardhat example for real: `npx hardhat run scripts/read.cjs --network devnet` in
 * examples/hardhat (Hardhat 2 with @nomicfoundation/hardhat-ethers, on this Node), against a
 * devnet whose fee config was changed at block 1. The script loads the BUILT package by
 * name (`require('subnet-rpc/ethers')`), so dist/ must be built first (`npm test` does).
 */
import { execFile } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { beforeAll, describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
import { rawCall, rawResult } from './helpers.js'

const root = resolve(import.meta.dirname, '../..')
const example = join(root, 'examples/hardhat')
const devnet = useDevnet({ seed: 'ethers-hardhat' })

const changedFeeJson =
  '{"gasLimit":8000000,"targetBlockRate":2,"minBaseFee":30000000000,"targetGas":15000000,"baseFeeChangeDenominator":36,"minBlockGasCost":0,"maxBlockGasCost":1000000,"blockGasCostStep":200000}'

let stdout: string
let printed: any
const rootEntries = () => ['cache', 'artifacts'].filter((d) => existsSync(join(root, d)))

beforeAll(async () => {
  expect(existsSync(join(root, 'dist/ethers/index.cjs')), 'build first: npm run build').toBe(true)
  const r = await rawCall(devnet().rpcUrl, 'devnet_setFeeConfig', `[${changedFeeJson}]`)
  expect(r.error).toBeUndefined()
  const before = rootEntries()
  const run = await promisify(execFile)('npx', ['hardhat', 'run', 'scripts/read.cjs', '--network', 'devnet'], {
    cwd: example,
    timeout: 120_000,
    env: {
      ...process.env,
      DEVNET_RPC_URL: devnet().aliasRpcUrl,
      HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
      CI: 'true',
    },
  })
  stdout = run.stdout
  printed = JSON.parse(stdout)
  // Hardhat's folders stay inside the example.
  expect(rootEntries()).toEqual(before)
}, 150_000)

describe('examples/hardhat: scripts/read.cjs through hre', () => {
  it('prints the chain id and network', () => {
    expect(printed.network).toBe('devnet')
    expect(printed.chainId).toBe('99999')
    expect(printed.blockNumber).toBe(1)
  })

  it('prints the fee config at the head (via hre.ethers.provider), bigints as strings', () => {
    expect(printed.feeConfig).toEqual({
      gasLimit: '8000000',
      targetBlockRate: '2',
      minBaseFee: '30000000000',
      targetGas: '15000000',
      baseFeeChangeDenominator: '36',
      minBlockGasCost: '0',
      maxBlockGasCost: '1000000',
      blockGasCostStep: '200000',
    })
    expect(printed.lastChangedAt).toBe('1')
    expect(stdout).not.toMatch(/\d+n\b/)
  })

  it('prints the chain config (via hre.network.provider) as the node sends it', async () => {
    const raw = await rawResult(devnet().rpcUrl, 'eth_getChainConfig')
    const asStrings = JSON.parse(JSON.stringify(raw, (_k, v) => (typeof v === 'number' || typeof v === 'bigint' ? String(v) : v)))
    expect(printed.chainConfig).toEqual(asStrings)
    expect(printed.chainConfig.feeManagerConfig.adminAddresses).toEqual(['0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'])
  })

  it('prints the active rules now: flags and precompiles', () => {
    expect(printed.rules.ethRules.ChainID).toBe('99999')
    expect(printed.rules.ethRules.IsCancun).toBe(true)
    expect(printed.rules.avalancheRules).toMatchObject({ IsSubnetEVM: true, IsDurango: true, IsEtna: true })
    expect(Object.keys(printed.rules.precompiles).sort()).toEqual([
      'contractNativeMinterConfig',
      'feeManagerConfig',
      'txAllowListConfig',
      'warpConfig',
    ])
    expect(printed.rules.precompiles.warpConfig.timestamp).toBe('1607144400')
  })

  it('prints the node version from the Info API', () => {
    expect(printed.nodeVersion).toBe('avalanchego/1.14.2')
  })

  it('keeps Hardhat’s cache in the example, git-ignored', () => {
    expect(existsSync(join(example, 'cache'))).toBe(true)
    const ignored = readFileSync(join(example, '.gitignore'), 'utf8').split('\n')
    expect(ignored).toContain('cache/')
    expect(ignored).toContain('artifacts/')
  })
})
