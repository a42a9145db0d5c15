/**
 * No function over 80 lines in src/ or any packages/<name>/src without a note saying why: a
 * comment line `// long: <why>` directly above it or as the first line of its body (see
 * test/helpers/long-functions.ts). One test per source root, so a failure names the package, and
 * lists each function as `file:line name (N lines)`.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { longFunctions, maxLines, tsFiles } from '../helpers/long-functions.js'

const root = resolve(import.meta.dirname, '../..')
const roots = ['src', ...readdirSync(join(root, 'packages')).map((name) => `packages/${name}/src`)]

describe(`functions over ${maxLines} lines have a note saying why`, () => {
  it('reads every package', () => {
    expect(roots).toEqual(expect.arrayContaining(['src', 'packages/devnet/src', 'packages/hardhat/src']))
  })

  for (const dir of roots) {
    it(dir, () => {
      const files = tsFiles(join(root, dir))
      expect(files.length).toBeGreaterThan(0)
      const unnoted = files.flatMap((file) =>
        longFunctions(readFileSync(file, 'utf8'), file)
          .filter((f) => f.note === null)
          .map((f) => `${relative(root, file)}:${f.line} ${f.name} (${f.lines} lines)`),
      )
      expect(
        unnoted,
        `${unnoted.length} function(s) in ${dir} over ${maxLines} lines without a \`// long: <why>\` note; split each into named steps, or say why it is long:\n${unnoted.join('\n')}`,
      ).toEqual([])
    })
  }
})

describe('the checker itself', () => {
  /** A function of `n` lines in all: its first line, `n - 2` statements and its closing brace. */
  const body = (n: number) => Array.from({ length: n - 2 }, (_, i) => `  const v${i} = ${i}`).join('\n')
  const names = (text: string) => longFunctions(text).map((f) => `${f.name} ${f.lines} ${f.note ?? '-'}`)

  it(`counts every function-like form, from its first line to its last, and flags those over ${maxLines}`, () => {
    const text = [
      `function atLimit() {\n${body(maxLines)}\n}`,
      `function over() {\n${body(maxLines + 1)}\n}`,
      `export const arrow = async (a: number) => {\n${body(maxLines + 1)}\n}`,
      `const f = function () {\n${body(maxLines + 1)}\n}`,
      `class C {\n  constructor() {\n${body(maxLines + 1)}\n  }\n  method() {\n${body(maxLines + 1)}\n  }\n  get g() {\n${body(maxLines + 1)}\n    return 1\n  }\n}`,
      `const o = { prop() {\n${body(maxLines + 1)}\n} }`,
      `it('does a thing', () => {\n${body(maxLines + 1)}\n})`,
      'function signatureOnly(): void',
    ].join('\n')
    expect(names(text)).toEqual([
      `over ${maxLines + 1} -`,
      `arrow ${maxLines + 1} -`,
      `f ${maxLines + 1} -`,
      // The class itself is not a function; its members are.
      `C.constructor ${maxLines + 1} -`,
      `C.method ${maxLines + 1} -`,
      `C.g ${maxLines + 2} -`,
      `o.prop ${maxLines + 1} -`,
      `callback of it('does a thing', …) ${maxLines + 1} -`,
    ])
  })

  it('counts an outer function with the functions inside it', () => {
    const text = `function outer() {\n  const inner = () => {\n${body(maxLines - 10)}\n  }\n${body(11)}\n}`
    expect(names(text)).toEqual([`outer ${maxLines + 1} -`])
  })

  it('takes a note above the function (over its JSDoc too) or on the first line of its body, and nowhere else', () => {
    const long = (head: string) => `${head} {\n${body(maxLines + 1)}\n}`
    const text = [
      '// long: one table of cases, read top to bottom',
      long('function above()'),
      '// long: the steps share six locals',
      '/**',
      ' * Its doc.',
      ' */',
      long('export async function overDoc()'),
      `function inBody() {\n  // long: the protocol's states in one switch\n${body(maxLines)}\n}`,
      '// long: a note, then code between it and the function',
      'const x = 1',
      long('function detached()'),
      '// long:',
      long('function emptyReason()'),
      `function deepInBody() {\n${body(10)}\n  // long: too late to count\n${body(maxLines - 8)}\n}`,
    ].join('\n')
    expect(names(text)).toEqual([
      `above ${maxLines + 1} one table of cases, read top to bottom`,
      `overDoc ${maxLines + 1} the steps share six locals`,
      `inBody ${maxLines + 1} the protocol's states in one switch`,
      `detached ${maxLines + 1} -`,
      `emptyReason ${maxLines + 1} -`,
      `deepInBody ${maxLines + 1} -`,
    ])
  })
})
