/**
 * Every code example of the package is type-checked, and every complete one that needs only
 * a node is run, as a user would: importing the BUILT package by name (`subnet-rpc`,
 * `subnet-rpc/viem`, …, resolved to dist/ through the package's own `exports`; `npm test`
 * builds dist/ first). What is extracted, the prelude of fragments and the fence flags are
 * described in ./snippets.ts; in short:
 *
 * - sources: the ```ts / ```js blocks of README.md and docs/**\/*.md, and the `@example`s of
 *   the JSDoc of src/**\/*.ts that document a public export (or a member of one);
 * - type check: one in-process TypeScript program (strict, NodeNext; JS with checkJs);
 *   a snippet with imports is a complete program; a fragment gets a declared prelude
 *   (`client`, `provider`, `info`, `url`, and imports of the package's, viem's and ethers'
 *   names it uses); a snippet that does not type-check fails, with `file:line` of each error;
 * - run: each complete program, in one tsx process (one module each, in order; those that
 *   change the chain's state last), against a devnet started here (its port in place of
 *   9650, its alias in place of `devnet`); programs that call `startDevnet` start their own.
 *   A program fails when it throws, leaves an unhandled rejection or takes over 30 s; some
 *   must also print what their comments promise (`expectations` below).
 *
 * Not run, each listed as a skipped test with its reason:
 * - fragments (no imports: `await client.…`, `catch (e) { … }`, `createNodeIdentity(…)` …),
 *   which are type-checked only;
 * - blocks that need a browser wallet (`window.ethereum`): docs/ethers.md's ```ts browser block,
 *   the InfoEndpointError example;
 * - blocks that need the Hardhat runtime (`hre`): docs/hardhat.md's scripts (the example
 *   project itself runs through Hardhat in test/ethers/hardhat.test.ts);
 * - docs/hardhat.md's ```js hardhat3 block, which is not type-checked either: Hardhat 3 is not
 *   installed here (Hardhat 2 is, and Hardhat 3 needs Node 22.13).
 * Not checked at all: `@example`s of declarations the package does not export (devnet
 * internals such as `blsKeyGen` and `derivePeerNodeIds`), also listed as skipped tests.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { useDevnet } from '../helpers/devnet.js'
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
  runPlan,
  runSnippets,
  typecheck,
  type Prepared,
  type Problem,
  type RunResult,
} from './snippets.js'
import { readFileSync } from 'node:fs'

const devnet = useDevnet({ seed: 'docs' })

const all = [...markdownSnippets(), ...jsdocSnippets()]
const checked = all.filter((s) => s.isPublic && !notTypechecked(s))
const runDir = join(root, `test/docs/.run-${process.pid}`)

/** Output a run must contain, for programs whose comments promise it. */
const expectations: { when: string; prints: (port: string) => (string | RegExp)[] }[] = [
  // docs/ethers.md
  { when: '9007199254740993', prints: () => ['9007199254740993n', '$.feeConfig.minBaseFee 9007199254740992'] },
  { when: "alias: 'nope'", prints: () => ['-32000 there is no ID with alias: nope', 'cannot query unfinalized data', 'timestamp Invalid timestamp: got -1'] },
  { when: "'0x0', 'earliest'", prints: () => [/(25000000000n[\s\S]*){5}/] },
  { when: 'provider.info.url', prints: (port) => [`127.0.0.1:${port}/ext/info?token=abc`] },
  // docs/errors.md, against a healthy node
  { when: "console.log('minBaseFee', feeConfig.minBaseFee)", prints: () => ['minBaseFee 25000000000'] },
  { when: "console.log('node', version)", prints: () => ['node avalanchego/1.14.2'] },
]

let prepared: Prepared[] = []
let problems = new Map<Prepared, Problem[]>()
let otherProblems: string[] = []
let runs = new Map<string, RunResult>()

beforeAll(async () => {
  const cache = new Map()
  prepared = prepare(checked, exportedNames(cache))
  const programs = prepared
    .map((p) => ({ p, plan: runPlan(p) }))
    .filter(({ plan }) => plan.run)
    .sort((a, b) => Number(a.plan.run && a.plan.mutates) - Number(b.plan.run && b.plan.mutates))
    .map(({ p }) => ({ id: p.snippet.id, code: forDevnet(p.snippet.code, new URL(devnet().url).port, devnet().alias), ext: p.fileName.slice(p.fileName.lastIndexOf('.')) }))
  // The runs (a child process, mostly waiting on the devnet) overlap the type check (this process).
  const running = runSnippets(programs, runDir)
  const result = typecheck(prepared, cache)
  problems = new Map(result.bySnippet)
  otherProblems = result.other
  runs = await running
}, 180_000)

afterAll(() => rmSync(runDir, { recursive: true, force: true }))

const show = (p: Prepared, list: Problem[]) =>
  list.map((e) => `${p.snippet.file}:${e.line}:${e.column} TS${e.code}: ${e.message}`).join('\n') +
  (p.analysis.complete ? '' : `\n--- checked as a fragment, with this prelude ---\n${p.text}`)

describe('inventory', () => {
  it('finds the examples of the README, the docs and the JSDoc', () => {
    const count = (pred: (s: (typeof all)[number]) => boolean) => all.filter(pred).length
    expect(count((s) => s.file === 'README.md')).toBeGreaterThanOrEqual(3)
    expect(count((s) => s.file.startsWith('docs/viem/'))).toBeGreaterThanOrEqual(17)
    expect(count((s) => s.file === 'docs/ethers.md')).toBeGreaterThanOrEqual(9)
    expect(count((s) => s.file === 'docs/errors.md')).toBe(2)
    expect(count((s) => s.from === 'jsdoc' && s.isPublic)).toBeGreaterThanOrEqual(20)
  })

  it('knows every fence flag used', () => {
    const unknown = all.flatMap((s) => s.flags.filter((f) => !fenceFlags[f]).map((f) => `${s.id}: ${f}`))
    expect(unknown).toEqual([])
  })

  it('knows every entry point of the package', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { exports: Record<string, unknown> }
    const subpaths = Object.keys(pkg.exports).filter((k) => k !== './package.json').map((k) => (k === '.' ? 'subnet-rpc' : `subnet-rpc/${k.slice(2)}`))
    expect(subpaths.sort()).toEqual(Object.keys(entryPoints).sort())
  })

  it("the harness's own files type-check (globals, imports of viem, ethers and the package)", () => {
    expect(otherProblems).toEqual([])
  })
})

describe('type check against the built package', () => {
  for (const s of all) {
    const reason = !s.isPublic ? `not checked: ${s.host ?? 'it'} is not exported by the package` : notTypechecked(s)
    if (reason) {
      it.skip(`${s.id} (${reason})`, () => {})
      continue
    }
    it(`${s.id}${s.host ? ` (${s.host})` : ''} type-checks`, () => {
      const p = prepared.find((x) => x.snippet === s)!
      const list = problems.get(p) ?? []
      if (list.length) expect.fail(show(p, list))
    })
  }
})

describe('run against the devnet', () => {
  for (const s of checked) {
    // The plan needs only the syntax: decide now, so skipped tests are listed with their reason.
    const plan = runPlan(prepare([s], new Map())[0]!)
    if (!plan.run) {
      it.skip(`${s.id} not run: ${plan.reason}`, () => {})
      continue
    }
    it(`${s.id}${s.host ? ` (${s.host})` : ''} runs`, () => {
      const r = runs.get(s.id)
      expect(r, 'no result').toBeDefined()
      if (!r!.ok) expect.fail(`${s.id} failed:\n${r!.error.split('\n').slice(0, 30).join('\n')}\n--- printed ---\n${r!.out.join('\n')}`)
      const port = new URL(devnet().url).port
      const printed = r!.out.join('\n')
      for (const e of expectations.filter((e) => s.code.includes(e.when))) {
        for (const want of e.prints(port)) {
          if (typeof want === 'string') expect(printed).toContain(want)
          else expect(printed).toMatch(want)
        }
      }
    })
  }

  it('every expectation applies to a program that runs', () => {
    const running = checked.filter((s) => runPlan(prepare([s], new Map())[0]!).run)
    for (const e of expectations) expect(running.some((s) => s.code.includes(e.when)), e.when).toBe(true)
  })
})
