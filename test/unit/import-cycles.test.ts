/**
 * No import cycle in src/ nor in any package's own src/ (packages/<name>/src): the graph of every .ts file there and the relative modules it
 * names, read with the TypeScript compiler's own scanner (`ts.preProcessFile`): static
 * `import`, `import type`, `export … from`, side-effect imports, dynamic `import()` and
 * `import('…')` types. Type-only imports count: a cycle of types is still a cycle between
 * modules (it only disappears from the emitted JavaScript), and it is what makes two
 * modules impossible to read or move apart.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const repo = resolve(import.meta.dirname, '../..')
/** src/ and every package's src/: each package's code imports the others by name, never by a relative path. */
const sourceDirs = [
  join(repo, 'src'),
  ...readdirSync(join(repo, 'packages'))
    .map((name) => join(repo, 'packages', name, 'src'))
    .filter((dir) => existsSync(dir)),
]

function tsFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return tsFiles(path)
    return path.endsWith('.ts') ? [path] : []
  })
}

/** The relative module specifiers a TypeScript source names, as the compiler reads them. */
function specifiers(text: string): string[] {
  return ts
    .preProcessFile(text, true, true)
    .importedFiles.map((f) => f.fileName)
    .filter((name) => name.startsWith('./') || name.startsWith('../'))
}

/** The .ts file a relative specifier names (`./x.js`, `./x`, `./x.ts` or `./x/index`), or undefined. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier)
  const candidates = [base.replace(/\.(js|mjs|cjs)$/, '.ts'), base, `${base}.ts`, join(base, 'index.ts')]
  return candidates.find((c) => c.endsWith('.ts') && existsSync(c) && statSync(c).isFile())
}

type Graph = Map<string, string[]>

/** Every cycle's file list (a → … → a), one per strongly connected component (Tarjan). */
function findCycles(graph: Graph): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const cycles: string[][] = []

  const visit = (v: string) => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      component.push(w)
    } while (w !== v)
    if (component.length > 1 || (graph.get(v) ?? []).includes(v)) cycles.push(cyclePath(graph, new Set(component), v))
  }
  for (const v of graph.keys()) if (!index.has(v)) visit(v)
  return cycles
}

/** One concrete cycle through `start` inside its component, by breadth-first search back to it. */
function cyclePath(graph: Graph, component: Set<string>, start: string): string[] {
  const parent = new Map<string, string>()
  const queue = [start]
  while (queue.length > 0) {
    const v = queue.shift()!
    for (const w of graph.get(v) ?? []) {
      if (!component.has(w)) continue
      if (w === start) {
        const path = [v]
        while (path[0] !== start) path.unshift(parent.get(path[0]!)!)
        return [...path, start]
      }
      if (!parent.has(w)) {
        parent.set(w, v)
        queue.push(w)
      }
    }
  }
  return [start, start]
}

/** The import graph of every .ts file under `dirs`, and the relative imports that name no file. */
function importGraph(dirs: string[]): { files: string[]; graph: Graph; unresolved: string[] } {
  const files = dirs.flatMap(tsFiles)
  const graph: Graph = new Map()
  const unresolved: string[] = []
  for (const file of files) {
    const deps: string[] = []
    for (const spec of specifiers(readFileSync(file, 'utf8'))) {
      const target = resolveSpecifier(file, spec)
      if (target) deps.push(target)
      else unresolved.push(`${relative(repo, file)} → ${spec}`)
    }
    graph.set(file, deps)
  }
  return { files, graph, unresolved }
}

describe('import graph of src/ and packages/*/src', () => {
  const { files, graph, unresolved } = importGraph(sourceDirs)

  it('covers every package and reads every relative import as a file', () => {
    expect(sourceDirs.map((d) => relative(repo, d))).toEqual(expect.arrayContaining(['src', 'packages/devnet/src', 'packages/hardhat/src']))
    for (const dir of sourceDirs) expect(files.filter((f) => f.startsWith(dir)).length, relative(repo, dir)).toBeGreaterThan(0)
    expect(unresolved).toEqual([])
  })

  it('has no cycle', () => {
    const cycles = findCycles(graph).map((c) => c.map((f) => relative(repo, f)).join(' → '))
    expect(cycles, `import cycles:\n${cycles.join('\n')}`).toEqual([])
  })
})

describe('the checker itself', () => {
  it('sees every import form, type-only and dynamic included, and nothing in comments or strings', () => {
    const text = [
      "import type { A } from './a.js'",
      "import { type B } from './b.js'",
      "export * from './c.js'",
      "export type { D } from './d.js'",
      "import './e.js'",
      "const f = await import('./f.js')",
      "let g: import('./g.js').G",
      "import h from 'some-package'",
      "// import x from './comment.js'",
      'const s = "import y from \'./string.js\'"',
    ].join('\n')
    expect(specifiers(text)).toEqual(['./a.js', './b.js', './c.js', './d.js', './e.js', './f.js', './g.js'])
  })

  it('finds a cycle, names its files in order, and passes a graph without one', () => {
    const g: Graph = new Map([
      ['a', ['b']],
      ['b', ['c', 'd']],
      ['c', ['a']],
      ['d', []],
      ['e', ['e']],
    ])
    expect(
      findCycles(g)
        .map((c) => c.join(' → '))
        .sort(),
    ).toEqual(['a → b → c → a', 'e → e'])
    expect(
      findCycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([])
  })

  it('fails on a cycle written to disk, a type-only one included', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycle-'))
    try {
      writeFileSync(join(dir, 'a.ts'), "import { b } from './b.js'\nexport const a = b\n")
      writeFileSync(join(dir, 'b.ts'), "import type { C } from './c.js'\nexport const b = 1 as C\n")
      writeFileSync(join(dir, 'c.ts'), "import type { a } from './a.js'\nexport type C = typeof a\n")
      writeFileSync(join(dir, 'd.ts'), "import { a } from './a.js'\nexport const d = a\n")
      const { graph, unresolved } = importGraph([dir])
      expect(unresolved).toEqual([])
      expect(findCycles(graph).map((c) => c.map((f) => relative(dir, f)).join(' → '))).toEqual(['a.ts → b.ts → c.ts → a.ts'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
