/**
 * The Hardhat 3 example for real: examples/hardhat3 is its own npm project (hardhat 3, @nomicfoundation/hardhat-viem,
 * viem, and the `node` package, whose Node 22 `npx hardhat` runs on while this suite runs on Node 20). Its
 * dependencies are installed here with `npm ci` when node_modules/ does not match its package-lock.json
 * (../helpers/install.ts). `subnet-rpc` resolves to this checkout's build (dist/, built by `npm test` before vitest)
 * through examples/subnet-rpc-local.
 *
 * Then `npx hardhat run --no-compile scripts/administer.mts --network devnet` against the built CLI
 * (`node dist/cli.js devnet`, what `npx subnet-rpc devnet` runs): on each real genesis file of Subnet-EVM's tests that
 * enables a precompile the script administers, as the genesis admin and as an address without a role, and on the
 * default devnet, where anvil's first dev key administers all three. Each effect the script reports is read back here
 * over raw JSON-RPC. The example's TypeScript is type-checked with its own tsconfig (the root's leaves it out).
 *
 * docs/hardhat.md's Hardhat 3 blocks (fenced `hardhat3`, which the root's docs check cannot type-check against its
 * Hardhat 2) are checked here instead: written into the example as scripts/docs/*.mts|mjs, type-checked with it, and
 * run with `npx hardhat run` against a default devnet of their own.
 */
import { type ChildProcess, execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fences } from '../docs/markdown.js'
import { startCliDevnet } from '../helpers/devnet.js'
import { ensureInstalled, installed } from '../helpers/install.js'
import { DEV_KEY, rawResult } from './helpers.js'

const root = resolve(import.meta.dirname, '../..')
const example = join(root, 'examples/hardhat3')
const genesisDir = join(root, 'test/fixtures/subnet-evm-genesis')
const run = promisify(execFile)

/** The admin of Subnet-EVM's test genesis files and its well-known key (the example's default SIGNER_KEY). */
const genesisAdmin = {
  address: '0x8db97C7cEcE249c2b98bDC0226Cc4C2A57BF52FC',
  key: '0x56289e99c94b6912bfc12adc093c9b51124f0dc54ac7a766b2bc5ccf558d8027',
}
/** The default devnet's admin of the three precompiles: anvil's first dev account. */
const devAdmin = { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', key: DEV_KEY }

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8'))

// The `node` package's install script puts Node 22 in place.
const nodeBinary = 'node_modules/node/bin/node'
let install: { ran: boolean; ms: number }

/** Starts `subnet-rpc devnet [--genesis <file>]` from dist/ (a file of test/fixtures/subnet-evm-genesis/). */
const startCli = (genesis?: string) => startCliDevnet(genesis ? join(genesisDir, genesis) : undefined)

const hardhatEnv = { HARDHAT_DISABLE_TELEMETRY: 'true', CI: 'true' }

/** Runs a script of the example with Hardhat 3 (on the example's Node 22); its stdout. */
async function hardhatRun(script: string, rpcUrl: string, signerKey: string): Promise<string> {
  const { stdout } = await run('npx', ['hardhat', 'run', '--no-compile', script, '--network', 'devnet'], {
    cwd: example,
    timeout: 120_000,
    env: { ...process.env, ...hardhatEnv, DEVNET_RPC_URL: rpcUrl, SIGNER_KEY: signerKey },
  })
  return stdout
}

/** Runs scripts/administer.mts; its stdout is one JSON object per line. */
async function administer(rpcUrl: string, signerKey: string): Promise<Record<string, any>[]> {
  return (await hardhatRun('scripts/administer.mts', rpcUrl, signerKey))
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line))
}

const word = (address: string) => address.slice(2).toLowerCase().padStart(64, '0')
const rootEntries = () => ['cache', 'artifacts'].filter((d) => existsSync(join(root, d)))

type Key = 'txAllowListConfig' | 'feeManagerConfig' | 'contractNativeMinterConfig'
const steps: Record<Key, string> = {
  txAllowListConfig: 'txAllowList.setEnabled',
  feeManagerConfig: 'feeManager.setFeeConfig',
  contractNativeMinterConfig: 'nativeMinter.mintNativeCoin',
}
// subnet-rpc's precompile actions refuse before sending, with the typed error that says what the sender lacks.
const refusal: Record<Key, (signer: string) => string> = {
  txAllowListConfig: (signer) => `AllowListRoleError: not allowed: ${signer} has role none on txAllowListConfig, needs manager or admin`,
  feeManagerConfig: (signer) =>
    `AllowListRoleError: not allowed: ${signer} has role none on feeManagerConfig, needs enabled, manager or admin`,
  contractNativeMinterConfig: (signer) =>
    `AllowListRoleError: not allowed: ${signer} has role none on contractNativeMinterConfig, needs enabled, manager or admin`,
}

type Case = {
  genesis?: string
  admin: { address: string; key: string }
  /** What eth_getActiveRulesAt lists (its keys in the node's order: sorted). */
  active: string[]
  /** The precompiles the script administers, in its order. */
  keys: Key[]
  /** The key of an address without a role (default: a fresh random one, with no coins). */
  nobodyKey?: string
  /** The genesis minBaseFee, where the Fee Manager is active (the script doubles it). */
  minBaseFee?: bigint
  devnet?: { rpcUrl: string; child: ChildProcess }
  asAdmin?: Record<string, any>[]
  asNobody?: Record<string, any>[]
}

const cases: Case[] = [
  { genesis: 'tx_allow_list.json', admin: genesisAdmin, active: ['txAllowListConfig'], keys: ['txAllowListConfig'] },
  // fee_manager.json's minBaseFee is 1 gwei.
  {
    genesis: 'fee_manager.json',
    admin: genesisAdmin,
    active: ['feeManagerConfig'],
    keys: ['feeManagerConfig'],
    minBaseFee: 1_000_000_000n,
  },
  {
    genesis: 'contract_native_minter.json',
    admin: genesisAdmin,
    active: ['contractNativeMinterConfig'],
    keys: ['contractNativeMinterConfig'],
  },
  // The built-in L1: all three, and Warp, which the script leaves alone; minBaseFee 25 gwei. Without a role: the
  // example's default key (Subnet-EVM's test admin), which has no role here.
  {
    admin: devAdmin,
    nobodyKey: genesisAdmin.key,
    active: ['contractNativeMinterConfig', 'feeManagerConfig', 'txAllowListConfig', 'warpConfig'],
    keys: ['txAllowListConfig', 'feeManagerConfig', 'contractNativeMinterConfig'],
    minBaseFee: 25_000_000_000n,
  },
]

/** docs/hardhat.md's `hardhat3` blocks, each as a script of the example (TypeScript as .mts, JavaScript as .mjs). */
const docsBlocks = fences(readFileSync(join(root, 'docs/hardhat.md'), 'utf8'))
  .filter((f) => f.flags.includes('hardhat3'))
  .map((f) => ({ line: f.line, code: f.code, script: `scripts/docs/hardhat-md-${f.line}.${f.lang === 'ts' ? 'mts' : 'mjs'}`, stdout: '' }))
let docsDevnet: { rpcUrl: string; child: ChildProcess } | undefined

beforeAll(async () => {
  expect(existsSync(join(root, 'dist/cli.js')), 'build first: npm run build').toBe(true)
  const before = rootEntries()
  rmSync(join(example, 'scripts/docs'), { recursive: true, force: true })
  mkdirSync(join(example, 'scripts/docs'))
  for (const b of docsBlocks) writeFileSync(join(example, b.script), b.code)
  // The install (a minute on a clean checkout) overlaps the devnets' start.
  const devnets = Promise.all([...cases.map(async (c) => (c.devnet = await startCli(c.genesis))), startCli().then((d) => (docsDevnet = d))])
  install = await ensureInstalled(example, [nodeBinary])
  await devnets
  // One Hardhat run per case at a time (admin, then nobody); the cases in parallel, each on its own devnet; the
  // docs blocks in turn on theirs, as the built-in admin (the Fee Manager block changes the fee config).
  await Promise.all([
    ...cases.map(async (c) => {
      c.asAdmin = await administer(c.devnet!.rpcUrl, c.admin.key)
      c.asNobody = await administer(c.devnet!.rpcUrl, c.nobodyKey ?? `0x${randomBytes(32).toString('hex')}`)
    }),
    (async () => {
      for (const b of docsBlocks) b.stdout = await hardhatRun(b.script, docsDevnet!.rpcUrl, devAdmin.key)
    })(),
  ])
  // Hardhat's folders stay inside the example.
  expect(rootEntries()).toEqual(before)
}, 900_000)

afterAll(() => {
  for (const c of cases) c.devnet?.child.kill('SIGTERM')
  docsDevnet?.child.kill('SIGTERM')
  rmSync(join(example, 'scripts/docs'), { recursive: true, force: true })
})

describe('examples/hardhat3: the project', () => {
  it('installs with npm ci (or is already installed as locked), with Node 22 from the `node` package', async () => {
    console.log(install.ran ? `examples/hardhat3: npm ci took ${install.ms} ms` : 'examples/hardhat3: node_modules already current')
    expect(installed(example, [nodeBinary])).toBe(true)
    const { stdout } = await run('npx', ['node', '--version'], { cwd: example })
    expect(stdout.trim()).toBe(`v${readJson(join(example, 'package.json')).devDependencies.node}`)
    const { stdout: version } = await run('npx', ['hardhat', '--version'], { cwd: example, env: { ...process.env, ...hardhatEnv } })
    expect(version.trim()).toBe(readJson(join(example, 'package.json')).devDependencies.hardhat)
  })

  it('is not part of the root project (not among its workspaces), and keeps node_modules, cache and artifacts git-ignored', () => {
    expect(readJson(join(root, 'package.json')).workspaces).toEqual(['packages/devnet', 'packages/hardhat'])
    const ignored = readFileSync(join(example, '.gitignore'), 'utf8').split('\n')
    expect(ignored).toEqual(expect.arrayContaining(['node_modules/', 'cache/', 'artifacts/']))
  })

  it("type-checks against Hardhat 3, viem and this checkout's build (its own tsconfig.json)", async () => {
    // One viem for TypeScript: subnet-rpc's declarations import the root's viem, the script the example's; the
    // compiler treats them as one package only when both are the same version with the same TypeScript.
    const version = (dir: string, name: string) => readJson(join(dir, 'node_modules', name, 'package.json')).version
    for (const name of ['viem', 'typescript'])
      expect(version(example, name), `examples/hardhat3 pins the root's ${name}`).toBe(version(root, name))
    await run('npx', ['tsc', '-p', '.'], { cwd: example, timeout: 120_000 }).catch((e) => {
      throw new Error(`tsc -p examples/hardhat3:\n${e.stdout}${e.stderr}`)
    })
  }, 150_000)
})

describe("docs/hardhat.md's Hardhat 3 blocks, as scripts of the example", () => {
  it('are the two blocks the page has: the viem one (TypeScript) and the ethers one (JavaScript)', () => {
    expect(docsBlocks.map((b) => b.script.slice(b.script.lastIndexOf('.')))).toEqual(['.mts', '.mjs'])
  })

  it('the viem block doubles minBaseFee through the Fee Manager and prints it with the block of the change', async () => {
    const [minBaseFee, lastChangedAt] = docsBlocks[0]!.stdout.trim().split(' ')
    expect(minBaseFee).toBe(`${25_000_000_000n * 2n}n`)
    const fees = (await rawResult(docsDevnet!.rpcUrl, 'eth_feeConfig', [])) as { feeConfig: { minBaseFee: number }; lastChangedAt: number }
    expect(BigInt(fees.feeConfig.minBaseFee)).toBe(25_000_000_000n * 2n)
    expect(lastChangedAt).toBe(`${fees.lastChangedAt}n`)
  })

  it('the ethers block reads the fee config through hardhat-ethers 4 and the chain config through the connection', () => {
    // Run after the viem block, on the same devnet.
    expect(docsBlocks[1]!.stdout.trim()).toBe(`${25_000_000_000n * 2n}n 99999n`)
  })
})

for (const c of cases) {
  describe(`examples/hardhat3: scripts/administer.mts against subnet-rpc devnet ${c.genesis ? `--genesis ${c.genesis}` : '(no genesis)'}`, () => {
    it('finds the precompiles the genesis enables, and administers each, as the admin', () => {
      expect(c.asAdmin![0]).toEqual({ signer: c.admin.address, active: c.active })
      expect(c.asAdmin).toHaveLength(1 + c.keys.length)
      expect(c.asAdmin!.slice(1)).toMatchObject(c.keys.map((key) => ({ step: steps[key], ok: true })))
    })

    it('each change took effect on the chain', async () => {
      const rpcUrl = c.devnet!.rpcUrl
      for (const key of c.keys) {
        const r = c.asAdmin!.find((line) => line.step === steps[key])!
        expect(typeof r.block).toBe('number')
        if (key === 'txAllowListConfig') {
          expect(r.refusedBefore).toBe(`cannot issue transaction from non-allow listed address: ${r.account}`)
          expect(r.role).toBe('enabled')
          expect(r.newcomerTxStatus).toBe('success')
          const role = await rawResult(rpcUrl, 'eth_call', [
            { to: '0x0200000000000000000000000000000000000002', data: `0xeb54dae1${word(r.account)}` },
            'latest',
          ])
          expect(BigInt(role as string)).toBe(1n)
        }
        if (key === 'feeManagerConfig') {
          expect(r.minBaseFee).toBe(String(c.minBaseFee! * 2n))
          expect(r.lastChangedAt).toBe(String(r.block))
          const fees = (await rawResult(rpcUrl, 'eth_feeConfig', [])) as { feeConfig: { minBaseFee: number }; lastChangedAt: number }
          expect(BigInt(fees.feeConfig.minBaseFee)).toBe(c.minBaseFee! * 2n)
          expect(fees.lastChangedAt).toBe(r.block)
        }
        if (key === 'contractNativeMinterConfig') {
          expect(r.balance).toBe(String(1000n * 10n ** 18n))
          expect(BigInt((await rawResult(rpcUrl, 'eth_getBalance', [r.recipient, 'latest'])) as string)).toBe(1000n * 10n ** 18n)
        }
      }
    })

    it('an address without a role gets a typed refusal for each change, before anything is sent, and nothing changes', async () => {
      const signer = c.asNobody![0]!.signer as string
      expect(signer).not.toBe(c.admin.address)
      expect(c.asNobody).toEqual([
        { signer, active: c.active },
        ...c.keys.map((key) => ({ step: steps[key], ok: false, error: refusal[key](signer) })),
      ])
      if (c.keys.includes('feeManagerConfig')) {
        const fees = (await rawResult(c.devnet!.rpcUrl, 'eth_feeConfig', [])) as { feeConfig: { minBaseFee: number } }
        expect(BigInt(fees.feeConfig.minBaseFee)).toBe(c.minBaseFee! * 2n)
      }
    })
  })
}
