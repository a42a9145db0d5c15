/**
 * The docs harness checks itself: it must find examples where they are, see what a fragment
 * uses, report a type error at the example's own line, and fail a run that throws, rejects
 * late or contradicts its value comment. Without this, a harness bug would pass everything.
 */
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { anchors, fences, markdownLinks } from './markdown.js'
import {
  analyse,
  jsdocExamples,
  prepare,
  root,
  runnableCode,
  runPlan,
  runSnippets,
  typecheck,
  withResultChecks,
  type Snippet,
} from './snippets.js'

const dir = join(root, `test/docs/.run-self-${process.pid}`)
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const snippet = (code: string, over: Partial<Snippet> = {}): Snippet => ({
  id: `x.md:${over.line ?? 10}`,
  file: 'x.md',
  line: 10,
  from: 'markdown',
  lang: 'ts',
  flags: [],
  code,
  isPublic: true,
  ...over,
})

describe('extraction', () => {
  it('finds fenced blocks with their language, flags and first line, indented ones included', () => {
    const md = 'text\n```ts browser\nconst a = 1\n```\n- item\n\n  ```js\n  x()\n  ```\n'
    expect(fences(md).map((f) => [f.lang, f.flags, f.code, f.line])).toEqual([
      ['ts', ['browser'], 'const a = 1\n', 3],
      ['js', [], 'x()\n', 8],
    ])
  })

  it('finds @example bodies, on the tag line or below it, up to the next tag, with their lines', () => {
    const doc = '/**\n * Summary. @example await client.acps()\n * @deprecated no\n */'
    expect(jsdocExamples(doc, 5)).toEqual([{ code: 'await client.acps()\n', line: 6 }])
    const multi = "/**\n * Text.\n *\n * @example\n * import { a } from 'b'\n *\n * a()\n * @see c\n */"
    expect(jsdocExamples(multi, 1)).toEqual([{ code: "import { a } from 'b'\n\na()\n", line: 5 }])
  })

  it('reads links outside code and GitHub anchors', () => {
    const md = '# Title `x`\nSee [a](b.md#c) and `[not](a link)`, <https://viem.sh/x>.\n```\n[no](x.md)\n```\n'
    expect(markdownLinks(md).map((l) => l.target)).toEqual(['b.md#c', 'https://viem.sh/x'])
    expect([...anchors(md)]).toEqual(['title-x'])
  })
})

describe('analysis', () => {
  it('tells complete programs from fragments and sees the names a fragment uses', () => {
    expect(analyse("import { a } from 'b'\na()\n", 'ts').complete).toBe(true)
    expect(analyse("const { a } = require('b')\n", 'js').complete).toBe(true)
    const f = analyse('const { feeConfig: fees } = await client.feeConfig({ blockTag })\nfees.x\n', 'ts')
    expect(f.complete).toBe(false)
    expect([...f.free].sort()).toEqual(['blockTag', 'client'])
    const d = analyse('declare const wallet: X<Y>\nuse(wallet)\n', 'ts')
    expect(d.ambient).toEqual(['wallet'])
    expect(d.declaredValues).toEqual([{ name: 'wallet', type: 'X<Y>', start: 0, end: 26 }])
  })

  it('plans: catch clauses, undeclared names, hre and declared values with no stand-in are not run; window is a stand-in', () => {
    const plan = (code: string) => runPlan(prepare([snippet(code)], new Map([['subnet-rpc/viem', new Set(['subnetHttp'])]]))[0]!)
    expect(plan('await client.getNodeID()\n')).toMatchObject({ run: true, mutates: false })
    expect(plan("import { x } from 'y'\ndeclare const client: PublicClient\nawait x(client)\n")).toMatchObject({ run: true })
    expect(plan("import { x } from 'y'\ndeclare const thing: Thing\nawait x(thing)\n")).toMatchObject({
      run: false,
      reason: expect.stringContaining('thing'),
    })
    expect(plan('catch (e) { console.log(e) }\n')).toMatchObject({ run: false })
    expect(plan('nowhere()\n')).toMatchObject({ run: false, reason: expect.stringContaining('nowhere') })
    expect(plan('window.ethereum\n')).toMatchObject({ run: true })
    expect(plan('hre.ethers.provider\n')).toMatchObject({ run: false })
    expect(plan("subnetHttp('http://127.0.0.1:9650')\n")).toMatchObject({ run: true, mutates: false })
  })

  it('turns value comments into checks and leaves prose alone', () => {
    const code = "f(1) // 'a'\ng() // false (checksum)\nh()\n// { a: 1n }\nk() // 20 zero bytes\nm() // 'NodeID-…'\nconsole.log(1) // 1\n"
    const { code: out, checks } = withResultChecks(code, { file: 'x.ts', line: 1 }, 'ts')
    expect(checks).toBe(3)
    expect(out).toContain(`__expectResult("x.ts:1", (f(1)), ('a'))`)
    expect(out).toContain(`__expectResult("x.ts:2", (g()), (false))`)
    expect(out).toContain(`__expectResult("x.ts:3", (h()), ({ a: 1n }))`)
  })

  it('runs values an example uses without creating them as stand-ins, on their own lines', () => {
    const exportsOf = new Map([['subnet-rpc/viem', new Set(['subnetHttp'])]])
    const [fragment, program] = prepare(
      [
        snippet('subnetHttp(url)\nawait client.getNodeID()\n', { line: 10 }),
        snippet(
          "import type { Account, Chain, Transport, WalletClient } from 'viem'\ndeclare const wallet: WalletClient<Transport, Chain, Account>\nawait wallet.getAddresses()\n",
        ),
      ],
      exportsOf,
    )
    const lines = runnableCode(fragment!).split('\n')
    expect(lines.slice(0, 3)).toEqual([
      "import { subnetHttp } from 'subnet-rpc/viem'",
      "const client = await __standIn('publicClient', 'http://127.0.0.1:9650/ext/bc/devnet/rpc')",
      "const url = await __standIn('url', 'http://127.0.0.1:9650/ext/bc/devnet/rpc')",
    ])
    expect(lines.length).toBe(fragment!.text.split('\n').length)
    const run = runnableCode(program!).split('\n')
    expect(run[1]).toBe("const wallet = await __standIn('adminWallet', 'http://127.0.0.1:9650/ext/bc/devnet/rpc')")
    expect(run.at(-2)).toMatch(/^import \{ standIn as __standIn \} from ".*test\/docs\/standIns\.ts"$/)
  })

  it('turns error comments into checks that the statement throws that error', () => {
    const { code, checks } = withResultChecks(
      'await f(-1) // InvalidArgumentError: Invalid timestamp: got -1 …\n',
      { file: 'x.ts', line: 3 },
      'ts',
    )
    expect(checks).toBe(1)
    expect(code).toContain(`await __expectError("x.ts:3", async () => (await f(-1)), "InvalidArgumentError", "Invalid timestamp: got -1")`)
  })
})

describe('type check', () => {
  it('reports a type error at the line of the origin file, after the prelude', { timeout: 60_000 }, () => {
    const exportsOf = new Map([['subnet-rpc', new Set(['encodeCb58'])]])
    const [p] = prepare([snippet('const n: number = encodeCb58(new Uint8Array(32))\nmissing()\n', { line: 40 })], exportsOf)
    expect(p!.text.split('\n')[0]).toBe("import { encodeCb58 } from 'subnet-rpc'")
    const { bySnippet, other } = typecheck([p!])
    expect(other).toEqual([])
    expect(bySnippet.get(p!)!.map((e) => [e.line, e.code])).toEqual([
      [40, 2322],
      [41, 2304],
    ])
  })
})

describe('runs', () => {
  it('fail on a throw, a late rejection or a wrong value comment, and capture output', { timeout: 60_000 }, async () => {
    const programs = [
      { id: 'ok', code: "console.log('hello', 1n)\n", ext: '.ts' },
      { id: 'throws', code: "throw new Error('boom')\n", ext: '.ts' },
      { id: 'late', code: "Promise.reject(new Error('late'))\nawait new Promise((r) => setTimeout(r, 5))\n", ext: '.ts' },
      { id: 'wrong', code: withResultChecks("'a'.toUpperCase() // 'a'\n", { file: 'w.ts', line: 7 }, 'ts').code, ext: '.ts' },
      { id: 'right', code: withResultChecks("'a'.toUpperCase() // 'A'\n", { file: 'r.ts', line: 7 }, 'ts').code, ext: '.ts' },
      ...[
        ['throwsRight', "throw new RangeError('bad -1: no')", 'RangeError: bad -1 …'],
        ['throwsOther', "throw new TypeError('bad -1: no')", 'RangeError: bad -1 …'],
        ['throwsNot', 'return 1', 'RangeError: bad -1 …'],
      ].map(([id, body, comment]) => ({
        id: id!,
        code: withResultChecks(`await (async () => { ${body} })() // ${comment}\n`, { file: 'e.ts', line: 2 }, 'ts').code,
        ext: '.ts',
      })),
    ]
    const r = await runSnippets(programs, dir, 10_000)
    expect(r.get('ok')).toMatchObject({ ok: true, out: ['hello 1n'] })
    expect(r.get('throws')).toMatchObject({ ok: false, error: expect.stringContaining('boom') })
    expect(r.get('late')).toMatchObject({ ok: false, error: expect.stringContaining('late') })
    expect(r.get('wrong')).toMatchObject({ ok: false, error: expect.stringContaining("w.ts:7: the comment says 'a', the code gives 'A'") })
    expect(r.get('right')).toMatchObject({ ok: true })
    expect(r.get('throwsRight')).toMatchObject({ ok: true })
    expect(r.get('throwsOther')).toMatchObject({
      ok: false,
      error: expect.stringContaining('e.ts:2: the comment says RangeError: bad -1…, it threw TypeError'),
    })
    expect(r.get('throwsNot')).toMatchObject({
      ok: false,
      error: expect.stringContaining('e.ts:2: the comment says it throws RangeError, it did not'),
    })
  })
})
