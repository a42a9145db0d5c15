/**
 * The Hardhat example for real: `npx hardhat run scripts/read.cjs --network devnet` in
 * examples/hardhat (Hardhat 2 with @nomicfoundation/hardhat-ethers, on this Node), against a
 * devnet whose fee config was changed at block 1. The example is its own npm project, installed
 * here with `npm ci` when its node_modules does not match its lock (../helpers/install.ts); the
 * root installs no Hardhat 2. The script loads the BUILT package by name
 * (`require('subnet-rpc/ethers')`, through examples/subnet-rpc-local), so dist/ must be built
 * first (`npm test` does).
 *
 * docs/hardhat.md's `hardhat2` blocks, which the root's docs check can neither type-check nor run: type-checked here
 * by that harness, with the example's Hardhat 2 (their virtual files inside the example); the one that shows
 * scripts/read.cjs in full must be that file, and the other JavaScript one runs through Hardhat as a script of the
 * example (scripts/docs/, git-ignored).
 */
import { execFile } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fences } from '../docs/markdown.js'
import { exportedNames, markdownSnippets, type Prepared, type Problem, prepare, showProblems, typecheck } from '../docs/snippets.js'
import { useDevnet } from '../helpers/devnet.js'
import { ensureInstalled, installed } from '../helpers/install.js'
import { rawCall, rawResult } from './helpers.js'

const root = resolve(import.meta.dirname, '../..')
const example = join(root, 'examples/hardhat')
const devnet = useDevnet({ seed: 'ethers-hardhat' })

const changedFeeJson =
  '{"gasLimit":8000000,"targetBlockRate":2,"minBaseFee":30000000000,"targetGas":15000000,"baseFeeChangeDenominator":36,"minBlockGasCost":0,"maxBlockGasCost":1000000,"blockGasCostStep":200000}'

let stdout: string
let printed: any
const rootEntries = () => ['cache', 'artifacts'].filter((d) => existsSync(join(root, d)))

/** `npx hardhat run <script> --network devnet` in the example, against this file's devnet; its stdout. */
async function hardhatRun(script: string): Promise<string> {
  const run = await promisify(execFile)('npx', ['hardhat', 'run', script, '--network', 'devnet'], {
    cwd: example,
    timeout: 120_000,
    env: {
      ...process.env,
      DEVNET_RPC_URL: devnet().aliasRpcUrl,
      HARDHAT_DISABLE_TELEMETRY_PROMPT: 'true',
      CI: 'true',
    },
  })
  return run.stdout
}

/** docs/hardhat.md's Hardhat 2 JavaScript blocks, to run. */
const docsBlocks = fences(readFileSync(join(root, 'docs/hardhat.md'), 'utf8')).filter(
  (f) => f.lang === 'js' && f.flags.includes('hardhat2'),
)
const readBlock = docsBlocks.find((b) => b.code.includes('npx hardhat run scripts/read.cjs'))
const otherBlocks = docsBlocks
  .filter((b) => b !== readBlock)
  .map((b) => ({ ...b, script: `scripts/docs/hardhat-md-${b.line}.cjs`, stdout: '' }))

/** Every `hardhat2` block of the README and the docs, to type-check as if it were in examples/hardhat/scripts/docs. */
const hardhat2Snippets = markdownSnippets().filter((s) => s.flags.includes('hardhat2'))
let typed: { prepared: Prepared[]; bySnippet: Map<Prepared, Problem[]>; other: string[] }
let install: { ran: boolean; ms: number }

beforeAll(async () => {
  expect(existsSync(join(root, 'dist/ethers/index.js')), 'build first: npm run build').toBe(true)
  const r = await rawCall(devnet().rpcUrl, 'devnet_setFeeConfig', `[${changedFeeJson}]`)
  expect(r.error).toBeUndefined()
  install = await ensureInstalled(example)
  const cache = new Map()
  const prepared = prepare(hardhat2Snippets, exportedNames(cache), join(example, 'scripts/docs'))
  typed = { prepared, ...typecheck(prepared, cache) }
  const before = rootEntries()
  stdout = await hardhatRun('scripts/read.cjs')
  printed = JSON.parse(stdout)
  rmSync(join(example, 'scripts/docs'), { recursive: true, force: true })
  mkdirSync(join(example, 'scripts/docs'))
  for (const b of otherBlocks) {
    writeFileSync(join(example, b.script), b.code)
    b.stdout = await hardhatRun(b.script)
  }
  // Hardhat's folders stay inside the example.
  expect(rootEntries()).toEqual(before)
}, 900_000)

afterAll(() => rmSync(join(example, 'scripts/docs'), { recursive: true, force: true }))

describe('examples/hardhat: the project', () => {
  it('installs with npm ci (or is already installed as locked), with the Hardhat its package.json pins', async () => {
    console.log(install.ran ? `examples/hardhat: npm ci took ${install.ms} ms` : 'examples/hardhat: node_modules already current')
    expect(installed(example)).toBe(true)
    const pkg = JSON.parse(readFileSync(join(example, 'package.json'), 'utf8'))
    const { stdout } = await promisify(execFile)('npx', ['hardhat', '--version'], { cwd: example, env: { ...process.env, CI: 'true' } })
    expect(stdout.trim()).toBe(pkg.devDependencies.hardhat)
  })

  it("is not part of the root project, whose only Hardhat is the plugin workspace's Hardhat 3 (for its build)", () => {
    const rootPkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'))
    expect(rootPkg.workspaces).toEqual(['packages/devnet', 'packages/hardhat'])
    expect(Object.keys(rootPkg.devDependencies).filter((name) => name.includes('hardhat'))).toEqual([])
    // packages/hardhat (subnet-rpc-hardhat) builds against Hardhat 3's types; Hardhat 2 comes from the example alone.
    expect(JSON.parse(readFileSync(join(root, 'node_modules/hardhat/package.json'), 'utf8')).version).toMatch(/^3\./)
  })
})

describe("docs/hardhat.md's Hardhat 2 blocks", () => {
  it('are its three `hardhat2` blocks, the only ones of the README and the docs: fees.cjs, fees.ts and read.cjs', () => {
    expect(hardhat2Snippets.map((s) => `${s.file} ${s.lang}`)).toEqual(['docs/hardhat.md js', 'docs/hardhat.md ts', 'docs/hardhat.md js'])
  })

  it("type-check against the example's Hardhat 2, hardhat-ethers and this checkout's build (the docs harness's settings)", () => {
    expect(typed.other).toEqual([])
    const failures = typed.prepared.flatMap((p) => {
      const list = typed.bySnippet.get(p) ?? []
      return list.length ? [showProblems(p, list)] : []
    })
    expect(failures.join('\n\n')).toBe('')
  })

  it('show scripts/read.cjs as it is', () => {
    expect(readBlock?.code).toBe(readFileSync(join(example, 'scripts/read.cjs'), 'utf8'))
  })

  it('run through Hardhat as scripts of the example: the fee config, chain ID and Durango of the devnet', () => {
    expect(otherBlocks.map((b) => b.stdout)).toEqual(['30000000000n 99999n true\n'])
  })
})

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
    expect(printed.nodeVersion).toBe('avalanchego/1.15.3')
  })

  it('keeps Hardhat’s cache in the example, git-ignored', () => {
    expect(existsSync(join(example, 'cache'))).toBe(true)
    const ignored = readFileSync(join(example, '.gitignore'), 'utf8').split('\n')
    expect(ignored).toContain('cache/')
    expect(ignored).toContain('artifacts/')
  })
})
