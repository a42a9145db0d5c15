/**
 * Every code example of the package is type-checked, and every one that can run without a
 * browser, Hardhat or a value we would have to invent is run, as a user would run it: importing
 * the BUILT package by name (`subnet-rpc`, `subnet-rpc/viem`, …, resolved to dist/ through the
 * package's own `exports`; `npm test` builds dist/ first). The details (sources, settings,
 * the fragment prelude, fence flags) are in ./snippets.ts. In short:
 *
 * - sources: the ```ts / ```js blocks of README.md and docs/**\/*.md, and the `@example`s of
 *   the JSDoc of src/**\/*.ts that document a public export (or a member of one);
 * - type check: in process, one TypeScript program for the TS snippets (strict, NodeNext) and
 *   one for the JS ones (checkJs). A snippet with imports is a complete program. A fragment
 *   gets a prelude: imports of the package's, viem's and ethers' names it uses, and declared
 *   session variables (`client`: `PublicClient & SubnetActions & InfoActions`, `provider`:
 *   `SubnetProvider`, `info`: `InfoClient`, `url`: `string`). A snippet that does not
 *   type-check fails with `file:line` of each error;
 * - run: complete programs, and fragments whose prelude is only imports, in ONE tsx process
 *   (one module each, in order; those that change the chain's state last), against a devnet
 *   started here (its port in place of 9650, its alias in place of `devnet`); programs that
 *   call `startDevnet` start their own. A program fails when it throws, leaves an unhandled
 *   rejection or takes over 30 s. Where a line's comment is only a value
 *   (`encodeCb58(bytes) // '1111…'`), the expression must equal it; some programs must also
 *   print what their comments promise (`expectations` below). Programs marked `// Needs <state> (the built-in …
 *   enables it N hours after its start)` run after all others, once the devnet's clock is moved there.
 *
 * A value an example uses without creating it is a stand-in over that devnet when it runs
 * (./standIns.ts): a fragment's session variables, and a program's `declare const`s by their type
 * (`client: PublicClient`, `provider: Provider`, `wallet: Eip1193Provider`, `role: AllowListRole`;
 * `wallet: WalletClient<…>` the wallet client of a new account the devnet's admin made admin of
 * every active allow list and funded, so an example that demotes or spends it leaves the others
 * as they were). An error comment (`await f() // InvalidArgumentError: Invalid …`) makes the
 * statement a check that it throws that error.
 *
 * Not run, each listed as a skipped test with its reason (7 of the 222 checked on 2026-11-27):
 * - type-checked only: `catch (e) {…}` fragments (the error classes'), `declare`d values with no
 *   stand-in, and fragments using a name nothing declares (their type check fails already);
 * - docs/ethers.md's ```ts browser block, written for a browser page (`window.ethereum` alone is a
 *   stand-in: an EIP-1193 provider over the devnet);
 * - docs/hardhat.md's three `hardhat2` blocks, not type-checked here either (the root installs no
 *   Hardhat): test/ethers/hardhat.test.ts type-checks them in examples/hardhat, against its
 *   Hardhat 2, with this harness, and runs the two JavaScript ones through Hardhat (Hardhat 2 runs
 *   TypeScript only with ts-node, so the TypeScript one is type-checked only);
 * - docs/hardhat.md's two `hardhat3` blocks (Hardhat 3 needs Node 22.13): test/viem/hardhat3.test.ts
 *   type-checks and runs them in examples/hardhat3;
 * - docs/hardhat.md's five TypeScript `hardhat-plugin` blocks (files of a Hardhat 3 project with
 *   subnet-rpc-hardhat): test/hardhat/plugin.test.ts writes them into a fresh project installed as the
 *   page says, type-checks and runs them there.
 * Not checked at all: `@example`s of declarations the package does not export (devnet
 * internals such as `blsKeyGen` and `derivePeerNodeIds`), also listed as skipped tests.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import type ts from 'typescript'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDevnet, type Devnet } from '../../packages/devnet/src/index.js'
import {
  entryPoints,
  exportedNames,
  fenceFlags,
  forDevnet,
  jsdocSnippets,
  markdownSnippets,
  notTypechecked,
  prepare,
  root,
  runnableCode,
  runPlan,
  runSnippets,
  showProblems,
  typecheck,
  withResultChecks,
  type Prepared,
  type Problem,
  type RunResult,
} from './snippets.js'

const all = [...markdownSnippets(), ...jsdocSnippets()]
const checked = all.filter((s) => s.isPublic && !notTypechecked(s))
const cache = new Map<string, ts.SourceFile>()
const prepared = prepare(checked, exportedNames(cache))
const plans = new Map(prepared.map((p) => [p, runPlan(p)]))
const runDir = join(root, `test/docs/.run-${process.pid}`)

/** Output a run must contain, for programs whose comments promise it. */
const expectations: { file: string; when: string; prints: (port: string) => (string | RegExp)[] }[] = [
  { file: 'docs/ethers.md', when: '9007199254740993', prints: () => ['9007199254740993n', '$.feeConfig.minBaseFee 9007199254740992'] },
  {
    file: 'docs/ethers.md',
    when: "alias: 'nope'",
    prints: () => ['-32000 there is no ID with alias: nope', 'cannot query unfinalized data', 'timestamp Invalid timestamp: got -1'],
  },
  { file: 'docs/ethers.md', when: "'0x0', 'earliest'", prints: () => [/(25000000000n[\s\S]*){5}/] },
  { file: 'docs/ethers.md', when: 'provider.info.url', prints: (port) => [`127.0.0.1:${port}/ext/info?token=abc`] },
  // docs/errors.md, against a healthy node
  { file: 'docs/errors.md', when: "console.log('minBaseFee', feeConfig.minBaseFee)", prints: () => ['minBaseFee 25000000000'] },
  { file: 'docs/errors.md', when: "console.log('node', version)", prints: () => ['node avalanchego/1.15.3'] },
  // docs/icm.md: the relayer delivered the message sent on A, and B's app ran it
  { file: 'docs/icm.md', when: "'hello from A'", prints: () => ['execution succeeded', 'hello from A'] },
]
const expectationsOf = (p: Prepared) => expectations.filter((e) => p.snippet.file === e.file && p.snippet.code.includes(e.when))

let problems = new Map<Prepared, Problem[]>()
let otherProblems: string[] = []
let runs = new Map<string, RunResult>()
let resultChecks = 0
// Started here rather than with useDevnet: when it cannot start, the type check still reports.
let devnet: Devnet | undefined
let devnetError: unknown

beforeAll(async () => {
  try {
    devnet = await startDevnet({ seed: 'docs' })
  } catch (e) {
    devnetError = e
  }
  const port = devnet ? new URL(devnet.url).port : '9650'
  const program = (p: Prepared) => {
    const origin = { file: p.snippet.file, line: p.snippet.line - (p.analysis.complete ? 0 : p.preludeLines) }
    const { code, checks } = withResultChecks(runnableCode(p), origin, p.snippet.lang)
    resultChecks += checks
    return {
      id: p.snippet.id,
      code: forDevnet(code, port, devnet?.alias ?? 'devnet'),
      ext: p.fileName.slice(p.fileName.lastIndexOf('.')),
    }
  }
  // Read-only programs first, then those that change the chain; then, phase by phase, those that need a later
  // state of the built-in schedule, after the devnet's clock is moved there (as a user would with evm_increaseTime).
  const runnable = prepared.flatMap((p) => {
    const plan = plans.get(p)!
    return plan.run ? [{ p, mutates: plan.mutates, later: plan.later ?? 0 }] : []
  })
  const phases = [...new Set(runnable.map((r) => r.later))].sort((a, b) => a - b)
  const runPhases = async (d: Devnet) => {
    const all = new Map<string, RunResult>()
    for (const later of phases) {
      if (later > 0) await advanceTo(d, later)
      const programs = runnable
        .filter((r) => r.later === later)
        .sort((a, b) => Number(a.mutates) - Number(b.mutates))
        .map(({ p }) => program(p))
      for (const [id, r] of await runSnippets(programs, join(runDir, String(later)))) all.set(id, r)
    }
    return all
  }
  // The runs (a child process, mostly waiting on the devnet) overlap the type check (this process).
  const running = devnet ? runPhases(devnet) : Promise.resolve(new Map<string, RunResult>())
  const result = typecheck(prepared, cache)
  problems = result.bySnippet
  otherProblems = result.other
  runs = await running
}, 180_000)

/** Moves the devnet's clock to `seconds` after its genesis and mines a block there. */
async function advanceTo(d: Devnet, seconds: number) {
  const call = async (method: string, params: unknown[]) => {
    const res = await fetch(d.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    return ((await res.json()) as { result: { timestamp: string } }).result
  }
  const genesis = BigInt((await call('eth_getBlockByNumber', ['0x0', false])).timestamp)
  const head = BigInt((await call('eth_getBlockByNumber', ['latest', false])).timestamp)
  const target = genesis + BigInt(seconds) + 1n
  if (target > head) await call('evm_mine', [Number(target)])
}

afterAll(async () => {
  rmSync(runDir, { recursive: true, force: true })
  await devnet?.stop()
})

const title = (p: Prepared) => `${p.snippet.id}${p.snippet.host ? ` (${p.snippet.host})` : ''}`

describe('inventory', () => {
  it('has a build to check against (npm run build)', () => {
    for (const f of ['dist/index.d.ts', 'dist/viem/index.d.ts', 'dist/ethers/index.d.ts', 'dist/config.d.ts'])
      expect(existsSync(join(root, f)), f).toBe(true)
  })

  it('finds the examples of the README, the docs and the JSDoc', () => {
    const count = (pred: (s: (typeof all)[number]) => boolean) => all.filter(pred).length
    expect(count((s) => s.file === 'README.md')).toBeGreaterThanOrEqual(3)
    expect(count((s) => s.file.startsWith('docs/viem/'))).toBeGreaterThanOrEqual(17)
    expect(count((s) => s.file === 'docs/ethers.md')).toBeGreaterThanOrEqual(9)
    expect(count((s) => s.file === 'docs/errors.md')).toBe(3)
    expect(count((s) => s.from === 'jsdoc' && s.isPublic)).toBeGreaterThanOrEqual(20)
  })

  it('knows every fence flag used', () => {
    const unknown = all.flatMap((s) => s.flags.filter((f) => !fenceFlags[f]).map((f) => `${s.id}: ${f}`))
    expect(unknown).toEqual([])
  })

  it('knows every entry point of the packages (subnet-rpc, subnet-rpc-devnet and subnet-rpc-hardhat)', () => {
    const subpaths = ['.', 'packages/devnet', 'packages/hardhat'].flatMap((dir) => {
      const pkg = JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as { name: string; exports: Record<string, unknown> }
      return Object.keys(pkg.exports)
        .filter((k) => k !== './package.json' && !k.startsWith('./contracts/'))
        .map((k) => (k === '.' ? pkg.name : `${pkg.name}/${k.slice(2)}`))
    })
    expect(subpaths.sort()).toEqual(Object.keys(entryPoints).sort())
  })

  it("the harness's own files type-check (globals, imports of viem, ethers and the package)", () => {
    expect(otherProblems).toEqual([])
  })

  it('turns value comments into checks', () => {
    expect(resultChecks).toBeGreaterThan(0)
  })
})

describe('type check against the built package', () => {
  for (const s of all) {
    const reason = !s.isPublic ? `not checked: ${s.host ?? 'it'} is not exported by the package` : notTypechecked(s)
    if (reason) {
      it.skip(`${s.id} (${reason})`, () => {})
      continue
    }
    const p = prepared.find((x) => x.snippet === s)!
    it(`${title(p)} type-checks`, () => {
      const list = problems.get(p) ?? []
      if (list.length) expect.fail(showProblems(p, list))
    })
  }
})

describe('run against the devnet', () => {
  for (const p of prepared) {
    const plan = plans.get(p)!
    if (!plan.run) {
      it.skip(`${p.snippet.id} not run: ${plan.reason}`, () => {})
      continue
    }
    it(`${title(p)} runs`, () => {
      if (!devnet) expect.fail(`the devnet did not start: ${String(devnetError)}`)
      const r = runs.get(p.snippet.id)
      if (!r) expect.fail('no result')
      if (!r.ok)
        expect.fail(`${p.snippet.id} failed:\n${r.error.split('\n').slice(0, 30).join('\n')}\n--- printed ---\n${r.out.join('\n')}`)
      const port = new URL(devnet.url).port
      const printed = r.out.join('\n')
      for (const e of expectationsOf(p)) {
        for (const want of e.prints(port)) {
          if (typeof want === 'string') expect(printed).toContain(want)
          else expect(printed).toMatch(want)
        }
      }
    })
  }

  it('every expectation applies to a program that runs', () => {
    for (const e of expectations)
      expect(
        prepared.some((p) => plans.get(p)!.run && expectationsOf(p).includes(e)),
        `${e.file}: ${e.when}`,
      ).toBe(true)
  })
})
