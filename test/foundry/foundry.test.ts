/**
 * docs/foundry.md for real: a fresh Foundry project made as the page says, from the packed tarballs of subnet-rpc and
 * subnet-rpc-devnet (test/package/pack.ts) with @foundry-rs/forge, @foundry-rs/cast, @foundry-rs/anvil and solc from
 * npm; every file and command of the page run in it, against the devnet its own `npx subnet-rpc-devnet` starts:
 *
 * - the files (foundry.toml, solc.mjs, src/, script/, test/) are the page's blocks, named by their first comment
 *   line; its ```sh blocks are run by their first line (`# install`, `# start the devnet`, …) in one bash session,
 *   a command with `# → <text>` must print that, one with `# error: <text>` must fail saying it. 9650 becomes a free port;
 * - what the page says it measured: `forge script` without `installOverFork` or without `--skip-simulation` fails,
 *   `--legacy` works, a fork (`--fork-url`) reports 0x01 and `installOverFork` reads the chain's roles;
 * - Subnet-EVM's Go test tables for the five allow-list precompiles as a forge suite over the helper
 *   (./goTables.ts): every case passes, and what the stand-ins' own work needs beyond the node's gas is what the
 *   page says; and a plain test's gas (the page's setUp, cold storage): what each call uses and needs, as the page's
 *   table gives it.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fences } from '../docs/markdown.js'
import { cleanEnv, installApp, packTarball, repoVersion, root } from '../package/pack.js'
import { goTables, goTablesSolidity, testName } from './goTables.js'

const run = promisify(execFile)
const page = readFileSync(join(root, 'docs/foundry.md'), 'utf8')
const blocks = fences(page)
/** The ```sh blocks by their first line's name (`# install` → install). */
const commands = new Map(blocks.filter((b) => b.lang === 'sh').map((b) => [/^# (.+)\n/.exec(b.code)![1]!, b.code]))
/** The project's files: each block whose first comment line (after a shebang) is a path. */
const files = blocks.flatMap((b) => {
  const path = /^(?:#!.*\n)?(?:\/\/|#) ([\w./-]+\.(?:sol|toml|mjs))\b/.exec(b.code)?.[1]
  return path ? [{ path, code: b.code }] : []
})

const ADMIN = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'

let project: string
let port: number
let rpcUrl: string
let devnet: ChildProcess | undefined
let installMs = 0
let appDir: string

const freePort = () =>
  new Promise<number>((done) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => done(port))
    })
  })

const withPort = (text: string) => text.replaceAll('9650', String(port))

/** A bash script of one or more ```sh blocks: `# → text` and `# error: text` comments become checks. */
function checked(code: string): string {
  return withPort(code)
    .split('\n')
    .map((line) => {
      const expect = / # → (.+)$/.exec(line)
      if (expect) {
        const command = line.slice(0, expect.index)
        return `out=$(${command}); [ "$out" = ${JSON.stringify(expect[1])} ] || { echo "${command.replaceAll('"', "'")}: printed $out" >&2; exit 1; }`
      }
      const error = / # error: (.+)$/.exec(line)
      if (error) {
        const command = line.slice(0, error.index)
        // By its output: the npm wrappers of forge and cast exit 0 whatever the binary does (foundry-rs/foundry#14781).
        return `err=$(${command} 2>&1) || true; case "$err" in *${JSON.stringify(error[1])}*) ;; *) echo "$err" >&2; exit 1;; esac`
      }
      return line
    })
    .join('\n')
}

/** Runs bash in the project; its stdout, or the error with both outputs. */
async function bash(script: string, timeout = 300_000): Promise<string> {
  try {
    const { stdout } = await run('bash', ['-e', '-o', 'pipefail', '-c', script], {
      cwd: project,
      timeout,
      env: cleanEnv(),
      maxBuffer: 64 << 20,
    })
    return stdout
  } catch (e) {
    const { stdout, stderr, message } = e as { stdout?: string; stderr?: string; message: string }
    throw new Error(`${message}\n--- stdout\n${stdout}\n--- stderr\n${stderr}`)
  }
}

/**
 * A command that must fail: its stdout and stderr. Run with the platform packages' binaries (`forge` and `cast` are
 * those on PATH here): the npm wrappers exit 0 whatever the binary does (foundry-rs/foundry#14781).
 */
async function failing(script: string): Promise<string> {
  script = script.replace(/\bnpx (forge|cast)\b/g, (_, tool) => `node_modules/@foundry-rs/${tool}-*/bin/${tool}`)
  try {
    await run('bash', ['-c', script], { cwd: project, timeout: 300_000, env: cleanEnv(), maxBuffer: 64 << 20 })
  } catch (e) {
    const { stdout, stderr } = e as { stdout?: string; stderr?: string }
    return `${stdout}\n${stderr}`
  }
  throw new Error(`succeeded: ${script}`)
}

const rpc = async (method: string, params: unknown[]) => {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return (await res.json()) as { result?: any; error?: { code: number; message: string } }
}

/** The packages and versions the page's install line names. */
const installLine = /^npm install -D (.+)$/m.exec(commands.get('install') ?? '')?.[1]?.split(' ') ?? []
const registryPackages = Object.fromEntries(
  installLine.filter((p) => p.includes('@', 1)).map((p) => [p.slice(0, p.lastIndexOf('@')), p.slice(p.lastIndexOf('@') + 1)]),
)

beforeAll(async () => {
  // What the install line pins, as this checkout has them (npm's cache holds them).
  const app = await installApp('foundry', registryPackages, ['subnet-rpc', 'subnet-rpc-devnet'])
  installMs = app.installMs
  appDir = app.dir
  project = mkdtempSync(join(tmpdir(), 'subnet-rpc-foundry-'))
  symlinkSync(join(app.dir, 'node_modules'), join(project, 'node_modules'))
  writeFileSync(join(project, 'package.json'), readFileSync(join(app.dir, 'package.json')))
  port = await freePort()
  rpcUrl = `http://127.0.0.1:${port}/ext/bc/devnet/rpc`
  for (const f of files) {
    mkdirSync(join(project, dirname(f.path)), { recursive: true })
    writeFileSync(join(project, f.path), withPort(f.code))
  }
  chmodSync(join(project, 'solc.mjs'), 0o755)
  // `# start the devnet`, in the background as in another terminal.
  const start = withPort(commands.get('start the devnet')!).split('\n').slice(1).join('\n').trim()
  devnet = spawn('bash', ['-c', `exec ${start}`], { cwd: project, env: cleanEnv(), stdio: ['ignore', 'pipe', 'pipe'], detached: true })
  let out = ''
  await new Promise<void>((done, fail) => {
    devnet!.stdout!.on('data', (d: Buffer) => {
      out += d.toString()
      if (/Press Ctrl-C/.test(out)) done()
    })
    devnet!.stderr!.on('data', (d: Buffer) => (out += d.toString()))
    devnet!.on('exit', () => fail(new Error(`the devnet exited: ${out}`)))
  })
}, 900_000)

afterAll(() => {
  if (devnet?.pid) {
    try {
      process.kill(-devnet.pid, 'SIGTERM')
    } catch {}
  }
  if (project) rmSync(project, { recursive: true, force: true })
})

describe('docs/foundry.md in a fresh Foundry project (packed tarballs)', { timeout: 600_000 }, () => {
  it('names every file and command block the test runs, and its install line pins what this checkout tests', () => {
    expect(files.map((f) => f.path).sort()).toEqual(
      ['foundry.toml', 'script/Faucet.s.sol', 'solc.mjs', 'src/MintingFaucet.sol', 'test/MintingFaucet.t.sol'].sort(),
    )
    expect([...commands.keys()]).toEqual(['install', 'start the devnet', 'deploy and call', 'a refusal', 'script', 'test', 'exit status'])
    expect(installLine.filter((p) => !p.includes('@', 1))).toEqual(['subnet-rpc', 'subnet-rpc-devnet'])
    expect(registryPackages).toEqual({
      '@foundry-rs/forge': repoVersion('@foundry-rs/forge'),
      '@foundry-rs/cast': repoVersion('@foundry-rs/cast'),
      '@foundry-rs/anvil': repoVersion('@foundry-rs/anvil'),
      solc: repoVersion('solc'),
    })
    console.log(`npm install of the fresh project: ${installMs ? `${installMs} ms` : 'reused'}`)
    // The project's lockfile has every platform's binary, each with its os and cpu (npm installs only this one's).
    const lock = JSON.parse(readFileSync(join(project, 'node_modules/.package-lock.json'), 'utf8')) as { packages: Record<string, unknown> }
    expect(Object.keys(lock.packages).filter((k) => /@foundry-rs\/(forge|cast)-/.test(k))).toEqual([
      'node_modules/@foundry-rs/cast-linux-amd64',
      'node_modules/@foundry-rs/forge-linux-amd64',
    ])
    const projectLock = JSON.parse(readFileSync(join(appDir, 'package-lock.json'), 'utf8')) as {
      packages: Record<string, { os?: string[]; cpu?: string[] }>
    }
    for (const tool of ['forge', 'cast'])
      for (const platform of ['darwin-amd64', 'darwin-arm64', 'linux-amd64', 'linux-arm64', 'win32-amd64'])
        expect(projectLock.packages[`node_modules/@foundry-rs/${tool}-${platform}`], `${tool}-${platform}`).toMatchObject({
          os: [platform.split('-')[0]],
          cpu: [platform.endsWith('amd64') ? 'x64' : 'arm64'],
        })
  })

  it('forge build compiles the contracts, script and test with solc-js through the wrapper, the interfaces from subnet-rpc', async () => {
    expect((await bash('npx forge --version')).split('\n')[0]).toBe('forge Version: 1.7.1')
    expect(await bash('./solc.mjs --version')).toBe('Version: 0.8.26\n')
    const out = await bash('npx forge build')
    expect(out).toContain('Compiler run successful')
    const artifact = JSON.parse(readFileSync(join(project, 'out/MintingFaucet.sol/MintingFaucet.json'), 'utf8'))
    expect(artifact.abi.map((i: { name?: string }) => i.name).sort()).toEqual(['AlreadyDripped', 'DRIP', 'drip', 'dripped', 'minBaseFee'])
    // subnet-rpc ships the interfaces alone: no bytecode, nothing but .sol in contracts/.
    const { info } = await packTarball('subnet-rpc')
    const solidity = info.files.filter((f) => f.path.startsWith('contracts/'))
    expect(solidity.every((f) => /^contracts\/interfaces\/I\w+\.sol$/.test(f.path))).toBe(true)
    for (const f of solidity) expect(readFileSync(join(project, 'node_modules/subnet-rpc', f.path), 'utf8')).not.toMatch(/hex"|bytecode/)
  })

  it('resolves subnet-rpc/contracts/… as Hardhat 3 resolves npm imports (package exports) and compiles with it', async () => {
    // Hardhat 3 maps an npm import through the package's `exports`; Node's resolution applies the same map.
    const script = `
      const { createRequire } = require('node:module'); const fs = require('node:fs')
      const req = createRequire(process.cwd() + '/package.json'); const solc = req('solc')
      const input = { language: 'Solidity', sources: { 'MintingFaucet.sol': { content: fs.readFileSync('src/MintingFaucet.sol', 'utf8') } },
        settings: { outputSelection: { '*': { '*': ['abi'] } } } }
      const files = []
      const findImports = (p) => { const f = req.resolve(p.replace(/^node_modules\\//, '')); files.push(p); return { contents: fs.readFileSync(f, 'utf8') } }
      const out = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }))
      console.log(JSON.stringify({ errors: (out.errors || []).filter((e) => e.severity === 'error').map((e) => e.message), files, helper: req.resolve('subnet-rpc-devnet/contracts/SubnetPrecompiles.sol') }))`
    writeFileSync(join(project, 'resolve.cjs'), script)
    const result = JSON.parse(await bash('node resolve.cjs'))
    rmSync(join(project, 'resolve.cjs'))
    expect(result.errors).toEqual([])
    expect(result.files.sort()).toEqual([
      'subnet-rpc/contracts/interfaces/IAllowList.sol',
      'subnet-rpc/contracts/interfaces/IFeeManager.sol',
      'subnet-rpc/contracts/interfaces/INativeMinter.sol',
    ])
    expect(result.helper).toMatch(/subnet-rpc-devnet\/contracts\/SubnetPrecompiles\.sol$/)
  })

  it('against the devnet: forge create, cast send, cast call, cast estimate, a refusal and forge script, as the page runs them', async () => {
    const started = performance.now()
    const out = await bash(checked([commands.get('deploy and call')!, commands.get('a refusal')!, commands.get('script')!].join('\n')))
    console.log(`deploy and call, refusal, script: ${Math.round(performance.now() - started)} ms`)
    expect(out).toContain('ONCHAIN EXECUTION COMPLETE & SUCCESSFUL')
    expect(out).toContain('SKIPPING ON CHAIN SIMULATION')
    // The page's effects, read back over JSON-RPC.
    const balance = async (a: string) => BigInt((await rpc('eth_getBalance', [a, 'latest'])).result)
    expect(await balance('0x000000000000000000000000000000000000bEEF')).toBe(10n ** 18n)
    expect(await balance('0x000000000000000000000000000000000000CAFE')).toBe(10n ** 18n)
  })

  it('forge script: a fork sees 0x01 at the precompiles (StackUnderflow) without installOverFork, and the second simulation fails without --skip-simulation', async () => {
    const script = readFileSync(join(project, 'script/Faucet.s.sol'), 'utf8')
    writeFileSync(
      join(project, 'script/NoStandIns.s.sol'),
      script.replace('SubnetPrecompiles.installOverFork();', '').replace('FaucetScript', 'NoStandIns'),
    )
    const common = `--rpc-url devnet --private-key ${KEY} --broadcast`
    const without = await failing(`npx forge script script/NoStandIns.s.sol ${common} --skip-simulation`)
    expect(without).toMatch(/0x0200000000000000000000000000000000000001::setEnabled[\s\S]*StackUnderflow/)
    const simulated = await failing(`npx forge script script/Faucet.s.sol ${common}`)
    expect(simulated).toContain('Simulated execution failed')
    expect(simulated).toContain('StackUnderflow')
    rmSync(join(project, 'script/NoStandIns.s.sol'))
  })

  it('cast send --legacy works (a type 0 transaction to a precompile); eth_getAccountInfo is refused as a node refuses it', async () => {
    const out = await bash(
      `npx cast send 0x0200000000000000000000000000000000000001 'setNone(address)' 0x00000000000000000000000000000000000000AA --legacy --rpc-url devnet --private-key ${KEY} --json`,
    )
    const receipt = JSON.parse(out)
    expect([receipt.status, receipt.type]).toEqual(['0x1', '0x0'])
    expect(await rpc('eth_getAccountInfo', [ADMIN, 'latest'])).toMatchObject({
      error: { code: -32601, message: 'the method eth_getAccountInfo does not exist/is not available' },
    })
  })

  it("forge test --fork-url: the precompiles are 0x01 on the fork, installOverFork gives them with the chain's roles", async () => {
    writeFileSync(
      join(project, 'test/Fork.t.sol'),
      `// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;
import {IAllowList} from "subnet-rpc/contracts/interfaces/IAllowList.sol";
import {SubnetPrecompiles} from "subnet-rpc-devnet/contracts/SubnetPrecompiles.sol";
contract ForkTest {
    function test_fork() public {
        require(keccak256(SubnetPrecompiles.NATIVE_MINTER.code) == keccak256(hex"01"), "0x01 on the fork");
        (bool ok,) = SubnetPrecompiles.NATIVE_MINTER.call(abi.encodeCall(IAllowList.readAllowList, (${ADMIN})));
        require(!ok, "0x01 runs as code and fails");
        require(SubnetPrecompiles.installOverFork() == 3, "the built-in L1 runs three allow-list precompiles");
        require(IAllowList(SubnetPrecompiles.NATIVE_MINTER).readAllowList(${ADMIN}) == 2, "the chain's admin");
    }
}
`,
    )
    try {
      expect(await bash('npx forge test --match-path test/Fork.t.sol --fork-url devnet')).toMatch(/\[PASS\] test_fork\(\)/)
    } finally {
      rmSync(join(project, 'test/Fork.t.sol'))
    }
  })

  it('the helper installs what each genesis config sets: roles, fee config, reward address, Warp, pre-Durango rules', async () => {
    writeFileSync(join(project, 'test/Helper.t.sol'), helperTest)
    try {
      const out = await bash('npx forge test --match-path test/Helper.t.sol')
      for (const t of ['test_roles', 'test_feeManager', 'test_rewardManager', 'test_warp', 'test_preDurango', 'test_installAll'])
        expect(out).toMatch(new RegExp(`\\[PASS\\] ${t}\\(\\)`))
      expect(out).toContain('0 failed')
    } finally {
      rmSync(join(project, 'test/Helper.t.sol'))
    }
  })

  it("forge test runs the page's test with the helper", async () => {
    const started = performance.now()
    const out = await bash(checked(commands.get('test')!.replace('npx forge test', 'npx forge test --match-path test/MintingFaucet.t.sol')))
    console.log(`forge test (the page's test, compile included): ${Math.round(performance.now() - started)} ms`)
    for (const t of ['test_dripMintsOnceEnabled', 'test_dripFailsUnlessEnabled', 'test_refusalText', 'test_nodeGas'])
      expect(out).toMatch(new RegExp(`\\[PASS\\] ${t}\\(\\)`))
    expect(out).toContain('0 failed')
  })

  it('exit status: npx forge exits 0 whatever forge does, the platform binary the page runs exits with its status', async () => {
    const status = (command: string) => bash(`${command} definitely-not-a-command >/dev/null 2>&1 && echo 0 || echo $?`)
    expect(await status('npx forge')).toBe('0\n')
    expect(await status('node_modules/@foundry-rs/forge-*/bin/forge')).toBe('2\n')
    expect(await bash(checked(commands.get('exit status')!))).toContain('0 failed')
  })

  it("Subnet-EVM's Go test tables pass inside forge with the helper: results, texts, the node's gas, logs, storage, coin", async () => {
    const tables = goTables()
    writeFileSync(join(project, 'test/GoTables.t.sol'), goTablesSolidity(tables))
    const started = performance.now()
    const json = await bash('npx forge test --match-path test/GoTables.t.sol --json -vv', 600_000)
    const ms = Math.round(performance.now() - started)
    const suites = JSON.parse(json.slice(json.indexOf('{'))) as Record<
      string,
      { test_results: Record<string, { status: string; reason: string | null; decoded_logs: string[] }> }
    >
    const results = Object.fromEntries(
      Object.entries(suites).map(([suite, s]) => [suite.replace('test/GoTables.t.sol:GoTable_', ''), s.test_results]),
    )
    let count = 0
    const needs: Record<string, number> = {}
    for (const [table, cases] of Object.entries(tables)) {
      cases
        .filter((c) => !c.differs)
        .forEach((c, i) => {
          const result = results[table]?.[`${testName(i, c)}()`]
          expect(result ? [result.status, result.reason] : 'missing', `${table} ${c.name}`).toEqual(['Success', null])
          count++
          const logged = result!.decoded_logs.find((l) => l.startsWith('needs '))
          expect(logged !== undefined, `${table} ${c.name}: dearer is logged`).toBe(c.dearer === true)
          if (logged) {
            const gas = Number(logged.slice('needs '.length))
            expect(gas, `${table} ${c.name}`).toBeGreaterThanOrEqual(c.suppliedGas)
            needs[`${table} ${c.name} (node ${c.suppliedGas})`] = gas
          }
        })
    }
    console.log(`forge test of ${count} Go table cases (compile included): ${ms} ms`)
    console.log(
      `gas the stand-ins' own work needs where the node charges less:\n${Object.entries(needs)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join('\n')}`,
    )
    expect(count).toBe(224)
    // docs/foundry.md's figures: a role given to an account without one, a mint to a new account.
    const roleSets = Object.entries(needs).filter(([k]) => k.startsWith('AllowList_') && k.endsWith('(node 22131)'))
    expect(Math.min(...roleSets.map(([, v]) => v))).toBe(26_729)
    expect(Math.max(...roleSets.map(([, v]) => v))).toBe(27_411)
    const preDurango = Object.entries(needs).filter(([k]) => k.startsWith('AllowList_') && k.endsWith('(node 20000)'))
    expect([Math.min(...preDurango.map(([, v]) => v)), Math.max(...preDurango.map(([, v]) => v))]).toEqual([24_115, 24_474])
    expect(needs['NativeMinter calling_mintNativeCoin_from_Manager_should_succeed (node 31756)']).toBe(37_422)
    // Warm slots: the Reward Manager's setters and a pre-Durango setFeeConfig at the node's gas in forge.
    expect(
      Object.entries(needs).filter(([k, v]) => /^(RewardManager|FeeManager) /.test(k) && v !== Number(/node (\d+)/.exec(k)![1])),
    ).toEqual([])
  })

  it("a plain forge test's gas, as the page gives it: the page's setUp, one call on storage nothing touched before", async () => {
    writeFileSync(join(project, 'test/PlainGas.t.sol'), plainGasTest)
    let json: string
    let isolated: string
    let reported: string
    try {
      json = await bash('npx forge test --match-path test/PlainGas.t.sol --json -vvvv')
      // --isolate (which --gas-report turns on): each call of the test a transaction of its own.
      isolated = await bash('npx forge test --match-path test/PlainGas.t.sol --isolate --json -vv')
      reported = await bash('npx forge test --match-path test/PlainGas.t.sol --gas-report -vv')
    } finally {
      rmSync(join(project, 'test/PlainGas.t.sol'))
    }
    type Node = { trace: { depth: number; address: string; gas_used: number } }
    type Result = { status: string; decoded_logs: string[]; traces: [string, { arena: Node[] }][] }
    const suites = JSON.parse(json.slice(json.indexOf('{'))) as Record<string, { test_results: Record<string, Result> }>
    const results = suites['test/PlainGas.t.sol:PlainGasTest']!.test_results
    // What a call uses: the gas of the test's call to the Native Minter in forge's trace.
    const uses = (test: string) => {
      const result = results[`${test}()`]!
      expect(result.status, test).toBe('Success')
      const execution = result.traces.find(([kind]) => kind === 'Execution')![1]
      return execution.arena.find((n) => n.trace.depth === 1 && n.trace.address === '0x0200000000000000000000000000000000000001')!.trace
        .gas_used
    }
    // The least gas it succeeds with, which the test logs.
    const logged = (r: Record<string, Result>, test: string) => Number(/^needs: (\d+)$/.exec(r[`${test}()`]!.decoded_logs[0]!)![1])
    const needs = (test: string) => logged(results, test)
    const measured = Object.fromEntries(
      ['role', 'mintToNewAccount', 'mintToContract'].map((t) => [t, { uses: uses(`test_${t}`), needs: needs(`test_${t}Needs`) }]),
    )
    console.log(`plain forge test gas: ${JSON.stringify(measured)}`)
    expect(measured).toEqual({
      role: { uses: 28_803, needs: 28_803 },
      mintToNewAccount: { uses: 40_709, needs: 41_917 },
      mintToContract: { uses: 46_167, needs: 46_167 },
    })
    const isolatedResults = (JSON.parse(isolated.slice(isolated.indexOf('{'))) as typeof suites)['test/PlainGas.t.sol:PlainGasTest']!
      .test_results
    const isolatedNeeds = ['role', 'mintToNewAccount', 'mintToContract'].map((t) => logged(isolatedResults, `test_${t}Needs`))
    console.log(`plain forge test gas with --isolate, needs: ${isolatedNeeds.join(', ')}`)
    expect(isolatedNeeds).toEqual([29_031, 42_333, 46_799])
    // --gas-report runs the calls the same way (its text output logs the tests in name order).
    const reportedNeeds = [...reported.matchAll(/^\s*needs: (\d+)$/gm)].map((m) => Number(m[1]))
    expect(reportedNeeds).toEqual([isolatedNeeds[2], isolatedNeeds[1], isolatedNeeds[0]])
    expect(page).toContain('the least gas is then 29,031, 42,333 and 46,799')
    // docs/foundry.md's table has these figures, each row with the node's.
    const n = (v: number) => v.toLocaleString('en-US')
    for (const [row, node, m] of [
      ['`setEnabled` of an account without a role', '22,131', measured.role!],
      ['`mintNativeCoin` to a new account', '31,756', measured.mintToNewAccount!],
      ['`mintNativeCoin` to a contract', '31,756', measured.mintToContract!],
    ] as const)
      expect(page).toContain(`| ${row} | ${node} | ${n(m.uses)} | ${n(m.needs)} |`)
  })

  it('the page names no file the project does not have', () => {
    for (const f of files) expect(existsSync(join(project, f.path)), f.path).toBe(true)
  })
})

/**
 * A plain forge test of the Native Minter: the page's setUp (the helper's `installAll`, a MintingFaucet), then one call
 * per test on storage nothing touched before it (the Go tables write their storage first: warm slots, less gas).
 */
const plainGasTest = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;

import {IAllowList} from "subnet-rpc/contracts/interfaces/IAllowList.sol";
import {INativeMinter} from "subnet-rpc/contracts/interfaces/INativeMinter.sol";
import {SubnetPrecompiles} from "subnet-rpc-devnet/contracts/SubnetPrecompiles.sol";
import {MintingFaucet} from "../src/MintingFaucet.sol";

interface SnapshotVm {
    function snapshotState() external returns (uint256);
    function revertToStateAndDelete(uint256 id) external returns (bool);
}

/// The page's setUp, then one call to the Native Minter per test, on storage nothing touched before it.
contract PlainGasTest {
    SnapshotVm private constant vm = SnapshotVm(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D);
    INativeMinter private constant MINTER = INativeMinter(SubnetPrecompiles.NATIVE_MINTER);
    MintingFaucet private faucet;

    event log_named_uint(string key, uint256 val);

    function setUp() public {
        SubnetPrecompiles.installAll(address(this));
        faucet = new MintingFaucet();
    }

    // What each call uses: forge's trace (and gas report) figure for the call.
    function test_role() public {
        MINTER.setEnabled(address(0xA11CE));
    }

    function test_mintToNewAccount() public {
        MINTER.mintNativeCoin(address(0xBEEF), 1 ether);
    }

    function test_mintToContract() public {
        MINTER.mintNativeCoin(address(faucet), 1 ether);
    }

    // The least gas each call succeeds with: what a contract must give it.
    function test_roleNeeds() public {
        emit log_named_uint("needs", least(abi.encodeCall(IAllowList.setEnabled, (address(0xA11CE)))));
    }

    function test_mintToNewAccountNeeds() public {
        emit log_named_uint("needs", least(abi.encodeCall(INativeMinter.mintNativeCoin, (address(0xBEEF), 1 ether))));
    }

    function test_mintToContractNeeds() public {
        emit log_named_uint("needs", least(abi.encodeCall(INativeMinter.mintNativeCoin, (address(faucet), 1 ether))));
    }

    /// Each try runs on a snapshot and is undone: the next one finds the storage as cold as the first.
    function least(bytes memory input) private returns (uint256) {
        uint256 low = 0;
        uint256 high = 100_000;
        while (high - low > 1) {
            uint256 mid = (low + high) / 2;
            uint256 snapshot = vm.snapshotState();
            (bool ok,) = address(MINTER).call{gas: mid}(input);
            vm.revertToStateAndDelete(snapshot);
            if (ok) high = mid;
            else low = mid;
        }
        return high;
    }
}
`

/** SubnetPrecompiles' install functions, each against what the genesis config it stands for sets on a node. */
const helperTest = `// SPDX-License-Identifier: MIT
pragma solidity 0.8.26;
import {IAllowList} from "subnet-rpc/contracts/interfaces/IAllowList.sol";
import {IFeeManager} from "subnet-rpc/contracts/interfaces/IFeeManager.sol";
import {IRewardManager} from "subnet-rpc/contracts/interfaces/IRewardManager.sol";
import {IWarpMessenger} from "subnet-rpc/contracts/interfaces/IWarpMessenger.sol";
import {SubnetPrecompiles} from "subnet-rpc-devnet/contracts/SubnetPrecompiles.sol";

contract HelperTest {
    address constant A = address(0xA11CE);
    address constant B = address(0xB0B);
    address constant C = address(0xCA7);

    function test_roles() public {
        SubnetPrecompiles.Roles memory roles;
        roles.admins = new address[](1);
        roles.admins[0] = A;
        roles.managers = new address[](1);
        roles.managers[0] = B;
        roles.enabled = new address[](1);
        roles.enabled[0] = C;
        SubnetPrecompiles.installTxAllowList(roles);
        IAllowList list = IAllowList(SubnetPrecompiles.TX_ALLOW_LIST);
        require(list.readAllowList(A) == 2 && list.readAllowList(B) == 3 && list.readAllowList(C) == 1, "roles");
        require(list.readAllowList(address(this)) == 0, "no role");
        require(SubnetPrecompiles.TX_ALLOW_LIST.code.length > 24, "stand-in code and the rules trailer");
    }

    function test_feeManager() public {
        SubnetPrecompiles.FeeConfig memory c = SubnetPrecompiles.defaultFeeConfig();
        c.minBaseFee = 50 gwei;
        vm_roll(7);
        SubnetPrecompiles.installFeeManager(SubnetPrecompiles.enabled(A), c);
        IFeeManager fees = IFeeManager(SubnetPrecompiles.FEE_MANAGER);
        (uint256 gasLimit, uint256 rate, uint256 minBaseFee,,,, uint256 maxBlockGasCost,) = fees.getFeeConfig();
        require(gasLimit == 8_000_000 && rate == 2 && minBaseFee == 50 gwei && maxBlockGasCost == 1_000_000, "fee config");
        require(fees.getFeeConfigLastChangedAt() == 7, "last changed at the activating block");
        require(fees.readAllowList(A) == 1, "enabled");
    }

    function test_rewardManager() public {
        SubnetPrecompiles.installRewardManager(SubnetPrecompiles.admin(A), B, false);
        IRewardManager rewards = IRewardManager(SubnetPrecompiles.REWARD_MANAGER);
        require(rewards.currentRewardAddress() == B && !rewards.areFeeRecipientsAllowed(), "reward address");
        SubnetPrecompiles.storeRewardAddress(address(0), false);
        require(rewards.currentRewardAddress() == SubnetPrecompiles.BLACKHOLE, "disabled: the blackhole");
        SubnetPrecompiles.storeRewardAddress(address(0), true);
        require(rewards.areFeeRecipientsAllowed(), "fee recipients allowed");
    }

    function test_warp() public {
        bytes32 id = keccak256("an L1");
        SubnetPrecompiles.installWarpMessenger(id, 5);
        IWarpMessenger warp = IWarpMessenger(SubnetPrecompiles.WARP_MESSENGER);
        require(warp.getBlockchainID() == id, "blockchain ID");
        (, bool valid) = warp.getVerifiedWarpMessage(0);
        require(!valid, "no predicate");
        // Granite: getBlockchainID costs 200 (graniteGasConfig).
        (bool ok,) = SubnetPrecompiles.ethCall(A, SubnetPrecompiles.WARP_MESSENGER, abi.encodeCall(IWarpMessenger.getBlockchainID, ()), 200);
        require(ok, "200");
        (ok,) = SubnetPrecompiles.ethCall(A, SubnetPrecompiles.WARP_MESSENGER, abi.encodeCall(IWarpMessenger.getBlockchainID, ()), 199);
        require(!ok, "199");
        // From Granite a DELEGATECALL into the precompile fails, no data, all its gas used (params/hooks_libevm.go
        // makePrecompile), the getters the stand-in answers in lean code too.
        bytes[2] memory getters = [abi.encodeCall(IWarpMessenger.getBlockchainID, ()), abi.encodeCall(IWarpMessenger.getVerifiedWarpMessage, (0))];
        for (uint256 i = 0; i < getters.length; i++) {
            uint256 before = gasleft();
            (bool done, bytes memory data) = SubnetPrecompiles.WARP_MESSENGER.delegatecall{gas: 50_000}(getters[i]);
            require(!done && data.length == 0, "delegatecall fails");
            require(before - gasleft() >= 50_000, "all its gas");
        }
    }

    function test_preDurango() public {
        SubnetPrecompiles.install(SubnetPrecompiles.NATIVE_MINTER, SubnetPrecompiles.preDurango());
        SubnetPrecompiles.setRoles(SubnetPrecompiles.NATIVE_MINTER, SubnetPrecompiles.admin(A));
        string memory text = SubnetPrecompiles.refusal(A, SubnetPrecompiles.NATIVE_MINTER, abi.encodeCall(IAllowList.setManager, (B)), 100_000);
        require(keccak256(bytes(text)) == keccak256("invalid non-activated function selector: 0xd0ebdbe7"), text);
        require(SubnetPrecompiles.NATIVE_MINTER.balance == SubnetPrecompiles.MINT_RESERVE, "the reserve");
    }

    function test_installAll() public {
        SubnetPrecompiles.installAll(A);
        address[5] memory all = [
            SubnetPrecompiles.CONTRACT_DEPLOYER_ALLOW_LIST,
            SubnetPrecompiles.NATIVE_MINTER,
            SubnetPrecompiles.TX_ALLOW_LIST,
            SubnetPrecompiles.FEE_MANAGER,
            SubnetPrecompiles.REWARD_MANAGER
        ];
        for (uint256 i = 0; i < 5; i++) require(IAllowList(all[i]).readAllowList(A) == 2, "admin everywhere");
        require(IRewardManager(SubnetPrecompiles.REWARD_MANAGER).currentRewardAddress() == SubnetPrecompiles.BLACKHOLE, "burnt");
        // Nothing reports 0x01 here: installOverFork installs nothing over the stand-ins.
        require(SubnetPrecompiles.installOverFork() == 0, "over the stand-ins");
    }

    function vm_roll(uint256 n) internal {
        (bool ok,) = address(0x7109709ECfa91a80626fF3989D68f67F5b1DD12D).call(abi.encodeWithSignature("roll(uint256)", n));
        require(ok, "roll");
    }
}
`
