/**
 * The code examples of the package, found where users read them, and the means to check them:
 *
 * - every ```ts / ```typescript / ```js (and mts, cts, mjs, cjs, javascript) fenced block of
 *   README.md and docs/**\/*.md;
 * - every `@example` of the JSDoc of src/**\/*.ts, marked public when it documents something
 *   the package exports (directly, or as a member of an exported class, interface or object).
 *
 * `typecheck` checks them in process with the compiler API, one program for all TypeScript
 * snippets and one for all JavaScript ones (the settings differ), each snippet a virtual file
 * under test/docs/.snippets/ (never written), its `subnet-rpc/...` imports resolved as
 * a user's are: through the package's own `exports` (package self-reference) to the BUILT
 * dist/*.d.ts (for `import` and `require` alike: the package is ESM only). Settings: strict, NodeNext, ES2022, DOM and
 * Node types, skipLibCheck. JavaScript blocks are checked with checkJs but not strict (what a
 * JS user's editor shows with `// @ts-check`).
 *
 * Fragments. A snippet with an `import`, `export` or `require(` is a complete program and
 * gets nothing added. Any other snippet is a fragment and is checked after a prelude made
 * from the names it uses without declaring them:
 *   - `client`: `PublicClient & SubnetActions & InfoActions` (viem, `subnet-rpc/viem`);
 *   - `provider`: `SubnetProvider`; `info`: `InfoClient` (`subnet-rpc/ethers`);
 *   - `url`: `string`;
 *   - any other name exported by `subnet-rpc`, its subpaths, `viem` or `ethers` is imported
 *     from the first of them that has it, in an order that depends on where the fragment is
 *     (src/ethers, docs/ethers.md, docs/hardhat.md: ethers first; packages/devnet/src, docs/devnet.md:
 *     the devnet first; elsewhere viem first);
 *   - a fragment that begins with `catch (` is read as the end of a `try` (`try {} ` is put
 *     before it on the same line).
 * Any other undeclared name is an error, as it would be for a user. Globals of the
 * environments the examples are written for: `window.ethereum` (an EIP-1193 provider, as wallet
 * typings declare it) for every snippet, and, when a snippet uses Hardhat, Hardhat 2's `hre`
 * (with hardhat-ethers), which `hardhat run` puts in scripts' global scope.
 *
 * Fence flags: words after the language in the fence's info string say what a block needs.
 * `browser`: runs in a browser page with a wallet (type-checked, not run). `hardhat2` and
 * `hardhat3`: use the Hardhat 2 or 3 API; the root installs no Hardhat 2 and runs no Hardhat 3 (Node 20;
 * its Hardhat 3 is packages/hardhat's, for the plugin's build; each example has its own
 * install), so here they are neither type-checked nor run: test/ethers/hardhat.test.ts checks
 * the `hardhat2` blocks in examples/hardhat with `prepare(…, dir)` and `typecheck` (the same
 * settings), test/viem/hardhat3.test.ts the `hardhat3` ones in examples/hardhat3.
 * `hardhat-plugin`: a file of the Hardhat 3 project docs/hardhat.md builds with subnet-rpc-hardhat;
 * test/hardhat/plugin.test.ts writes them into a fresh project, type-checks and runs them there. `foundry`: a
 * file of a Foundry project (docs/foundry.md's solc wrapper), type-checked here, run by forge in
 * test/foundry/foundry.test.ts. Any other flag is an error.
 *
 * Runs (`runPlan`): complete programs, and fragments whose prelude is only imports, run in
 * ONE tsx process (`runSnippets`), one after the other, each imported as its own module with
 * its console captured. A value an example uses without creating it (its `declare const`, a
 * fragment's session variable) is a stand-in over the devnet when it runs (./standIns.ts:
 * `client` a public client, `wallet` a new admin account's wallet client, `window.ethereum` an
 * EIP-1193 provider, …). Not run: flagged blocks (the Hardhat ones among them), `declare`d values with no stand-in, `catch` fragments and fragments using a name
 * nothing declares (their type check fails already). `withResultChecks` turns value comments
 * (`encodeCb58(x) // '1111…'`) and error comments (`// InvalidArgumentError: Invalid …`) into checks.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { dirname, join, relative, resolve } from 'node:path'
import ts from 'typescript'
import { entryPoints } from '../helpers/entries.js'
import { fences } from './markdown.js'
import type { StandInKind } from './standIns.js'

export const root = resolve(import.meta.dirname, '../..')

export { entryPoints }

/** Fence flags the harness understands, with what they mean for a block. */
export const fenceFlags: Record<string, { typecheck: boolean; reason: string }> = {
  browser: { typecheck: true, reason: 'runs in a browser page with a wallet (window.ethereum)' },
  hardhat2: {
    typecheck: false,
    reason:
      'Hardhat 2 API: the root does not install Hardhat 2; type-checked (the JavaScript blocks also run) in examples/hardhat (its own install) by test/ethers/hardhat.test.ts',
  },
  foundry: {
    typecheck: true,
    reason: 'a file of a Foundry project (docs/foundry.md): written into a fresh one and run by forge in test/foundry/foundry.test.ts',
  },
  hardhat3: {
    typecheck: false,
    reason:
      "Hardhat 3 API: Hardhat 3 does not run on the root's Node 20; type-checked and run in examples/hardhat3 (its own install, Node 22) by test/viem/hardhat3.test.ts",
  },
  'hardhat-plugin': {
    typecheck: false,
    reason:
      'a file of a Hardhat 3 project with subnet-rpc-hardhat (Node 22): written into a fresh project installed as docs/hardhat.md says, type-checked and run there by test/hardhat/plugin.test.ts',
  },
}

export type Snippet = {
  /** `file:line` of the snippet's first code line, file relative to the repository. */
  id: string
  file: string
  line: number
  from: 'markdown' | 'jsdoc'
  lang: 'ts' | 'js'
  /** Fence flags (markdown) after the language. */
  flags: string[]
  code: string
  /** JSDoc: the documented declaration's name. */
  host?: string
  /** JSDoc: whether that declaration is part of the public API. */
  isPublic: boolean
}

const tsLangs = new Set(['ts', 'typescript', 'mts', 'cts', 'tsx'])
const jsLangs = new Set(['js', 'javascript', 'mjs', 'cjs', 'jsx'])

export function walkFiles(dir: string, ext: string): string[] {
  const out: string[] = []
  for (const entry of readdirSync(join(root, dir), { withFileTypes: true })) {
    const path = `${dir}/${entry.name}`
    if (entry.isDirectory()) out.push(...walkFiles(path, ext))
    else if (entry.name.endsWith(ext)) out.push(path)
  }
  return out.sort()
}

/** README.md and every docs/**\/*.md, repository-relative. */
export function markdownFiles(): string[] {
  return ['README.md', ...walkFiles('docs', '.md')]
}

export function markdownSnippets(): Snippet[] {
  return markdownFiles().flatMap((file) =>
    fences(readFileSync(join(root, file), 'utf8'))
      .filter((f) => tsLangs.has(f.lang) || jsLangs.has(f.lang))
      .map((f) => ({
        id: `${file}:${f.line}`,
        file,
        line: f.line,
        from: 'markdown' as const,
        lang: tsLangs.has(f.lang) ? ('ts' as const) : ('js' as const),
        flags: f.flags,
        code: f.code,
        isPublic: true,
      })),
  )
}

/** Every comment range of a source file, each once. */
export function comments(sf: ts.SourceFile): { pos: number; end: number; text: string; line: number }[] {
  const seen = new Map<number, { pos: number; end: number; text: string; line: number }>()
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const r of ranges ?? []) {
      if (!seen.has(r.pos))
        seen.set(r.pos, {
          pos: r.pos,
          end: r.end,
          text: sf.text.slice(r.pos, r.end),
          line: sf.getLineAndCharacterOfPosition(r.pos).line + 1,
        })
    }
  }
  const visit = (node: ts.Node) => {
    add(ts.getLeadingCommentRanges(sf.text, node.getFullStart()))
    add(ts.getTrailingCommentRanges(sf.text, node.getEnd()))
    ts.forEachChild(node, visit)
  }
  add(ts.getLeadingCommentRanges(sf.text, 0))
  visit(sf)
  add(ts.getLeadingCommentRanges(sf.text, sf.getEnd()))
  return [...seen.values()].sort((a, b) => a.pos - b.pos)
}

/**
 * The `@example`s of one JSDoc comment: the text after `@example` (on its line or the next
 * ones) up to the next line that starts with a tag, or the comment's end.
 */
export function jsdocExamples(comment: string, firstLine: number): { code: string; line: number }[] {
  const lines = comment
    .replace(/^\/\*\*/, '')
    .replace(/\*\/$/, '')
    .split('\n')
    .map((l) => l.replace(/^\s*\* ?/, '').replace(/^\s*$/, ''))
  const out: { code: string; line: number }[] = []
  for (let i = 0; i < lines.length; i++) {
    const m = /(^|\s)@example\b ?(.*)$/.exec(lines[i]!)
    if (!m) continue
    const body: string[] = []
    let start = firstLine + i
    if (m[2]!.trim()) body.push(m[2]!.trimEnd())
    else start++
    let j = i + 1
    for (; j < lines.length && !/^\s*@\w/.test(lines[j]!); j++) body.push(lines[j]!)
    while (body.length && body[body.length - 1]!.trim() === '') body.pop()
    if (body.length) out.push({ code: `${body.join('\n')}\n`, line: start })
    i = j - 1
  }
  return out
}

let srcProgramMemo: ts.Program | undefined

/**
 * A program over src/ alone, from the package's entry points, other packages unresolved:
 * enough for the export graph, and fast.
 */
function srcProgram(): ts.Program {
  if (srcProgramMemo) return srcProgramMemo
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    noEmit: true,
    types: [],
    noLib: true,
  }
  const host = ts.createCompilerHost(options)
  host.resolveModuleNameLiterals = (literals, containingFile) =>
    literals.map((lit) => {
      if (!lit.text.startsWith('.')) return { resolvedModule: undefined }
      const base = resolve(dirname(containingFile), lit.text).replace(/\.js$/, '')
      const file = [`${base}.ts`, `${base}/index.ts`].find((f) => existsSync(f))
      return { resolvedModule: file ? { resolvedFileName: file, extension: ts.Extension.Ts } : undefined }
    })
  srcProgramMemo = ts.createProgram(
    Object.values(entryPoints).map((f) => join(root, f)),
    options,
    host,
  )
  return srcProgramMemo
}

/** The names a source entry point (e.g. src/viem/actions/index.ts) exports, and whether each is a value. */
export function srcExports(entry: string): { name: string; value: boolean }[] {
  const program = srcProgram()
  const checker = program.getTypeChecker()
  const sf = program.getSourceFile(join(root, entry))
  const moduleSymbol = sf && checker.getSymbolAtLocation(sf)
  if (!moduleSymbol) throw new Error(`${entry} is not a module of the package's entry points`)
  return checker.getExportsOfModule(moduleSymbol).map((s) => {
    const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s
    return { name: s.name, value: (target.flags & ts.SymbolFlags.Value) !== 0 }
  })
}

/** The declarations the package exports from its entry points (members of namespaces re-exported with `export * as`). */
function publicDeclarations(): Set<string> {
  const program = srcProgram()
  const checker = program.getTypeChecker()
  const out = new Set<string>()
  const seen = new Set<ts.Symbol>()
  const add = (symbol: ts.Symbol) => {
    const target = symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol
    if (seen.has(target)) return
    seen.add(target)
    for (const d of target.declarations ?? []) {
      if (ts.isSourceFile(d)) {
        // `export * as ns from`: the module's own exports are public.
        for (const s of checker.getExportsOfModule(target)) add(s)
      } else out.add(nodeKey(d))
    }
  }
  for (const entry of Object.values(entryPoints)) {
    const sf = program.getSourceFile(join(root, entry))
    const moduleSymbol = sf && checker.getSymbolAtLocation(sf)
    if (moduleSymbol) for (const s of checker.getExportsOfModule(moduleSymbol)) add(s)
  }
  return out
}

/** A node's identity across separate parses of the same file. */
const nodeKey = (node: ts.Node) => `${relative(root, node.getSourceFile().fileName)}:${node.pos}:${node.end}:${node.kind}`

function hostName(node: ts.Node): string | undefined {
  if (ts.isVariableStatement(node)) return node.declarationList.declarations.map((d) => d.name.getText()).join(', ')
  const name = ts.getNameOfDeclaration(node as ts.Declaration)
  return name?.getText()
}

/** Every `@example` of the JSDoc of src/**\/*.ts, with whether it documents a public declaration. */
export function jsdocSnippets(): Snippet[] {
  const publicNodes = publicDeclarations()
  const isPublic = (node: ts.Node): boolean => {
    for (let n: ts.Node | undefined = node; n; n = n.parent) if (publicNodes.has(nodeKey(n))) return true
    return ts.isVariableStatement(node) && node.declarationList.declarations.some((d) => publicNodes.has(nodeKey(d)))
  }
  const out: Snippet[] = []
  for (const file of walkFiles('src', '.ts')) {
    const text = readFileSync(join(root, file), 'utf8')
    if (!text.includes('@example')) continue
    const sf = ts.createSourceFile(join(root, file), text, ts.ScriptTarget.Latest, true)
    const visit = (node: ts.Node) => {
      for (const doc of (node as { jsDoc?: ts.JSDoc[] }).jsDoc ?? []) {
        const raw = text.slice(doc.pos, doc.end)
        const first = sf.getLineAndCharacterOfPosition(doc.pos).line + 1
        for (const ex of jsdocExamples(raw, first)) {
          out.push({
            id: `${file}:${ex.line}`,
            file,
            line: ex.line,
            from: 'jsdoc',
            lang: 'ts',
            flags: [],
            code: ex.code,
            host: hostName(node),
            isPublic: isPublic(node),
          })
        }
      }
      ts.forEachChild(node, visit)
    }
    visit(sf)
  }
  return out
}

/** What the harness does with a snippet, and why not when it does not. */
export type Plan = { typecheck: true } | { typecheck: false; reason: string }
/** `later`: seconds after the devnet's start the program needs the chain to have reached (it runs after the others). */
export type RunPlan = { run: true; mutates: boolean; later?: number } | { run: false; reason: string }

export type Analysis = {
  complete: boolean
  /** Names used and not declared by the snippet. */
  free: Set<string>
  usesRequire: boolean
  /** Names the snippet declares with `declare` (a value it says exists but does not create). */
  ambient: string[]
  /** Its `declare const name: type` statements: name, type as written, and where the statement is. */
  declaredValues: { name: string; type: string; start: number; end: number }[]
}

/** Syntactic analysis: is it a complete program, and which names does it use without declaring. */
export function analyse(code: string, lang: 'ts' | 'js'): Analysis {
  const sf = ts.createSourceFile(
    lang === 'ts' ? 'x.ts' : 'x.js',
    code,
    ts.ScriptTarget.Latest,
    true,
    lang === 'ts' ? ts.ScriptKind.TS : ts.ScriptKind.JS,
  )
  const declared = new Set<string>()
  const used = new Set<string>()
  let complete = false
  let usesRequire = false
  const ambient: string[] = []
  const declaredValues: Analysis['declaredValues'] = []
  const isDeclarationName = (id: ts.Identifier): boolean => {
    const p = id.parent
    return (
      ((ts.isVariableDeclaration(p) ||
        ts.isFunctionDeclaration(p) ||
        ts.isClassDeclaration(p) ||
        ts.isParameter(p) ||
        ts.isFunctionExpression(p) ||
        ts.isClassExpression(p) ||
        ts.isTypeAliasDeclaration(p) ||
        ts.isInterfaceDeclaration(p) ||
        ts.isEnumDeclaration(p) ||
        ts.isTypeParameterDeclaration(p) ||
        ts.isImportClause(p) ||
        ts.isNamespaceImport(p) ||
        ts.isImportSpecifier(p) ||
        ts.isImportEqualsDeclaration(p)) &&
        p.name === id) ||
      (ts.isBindingElement(p) && p.name === id)
    )
  }
  const isNotReference = (id: ts.Identifier): boolean => {
    const p = id.parent
    return (
      (ts.isPropertyAccessExpression(p) && p.name === id) ||
      (ts.isQualifiedName(p) && p.right === id) ||
      ((ts.isPropertyAssignment(p) ||
        ts.isMethodDeclaration(p) ||
        ts.isPropertyDeclaration(p) ||
        ts.isPropertySignature(p) ||
        ts.isMethodSignature(p) ||
        ts.isGetAccessorDeclaration(p) ||
        ts.isSetAccessorDeclaration(p) ||
        ts.isEnumMember(p)) &&
        p.name === id) ||
      (ts.isBindingElement(p) && p.propertyName === id) ||
      (ts.isImportSpecifier(p) && p.propertyName === id) ||
      ts.isLabeledStatement(p) ||
      ts.isBreakOrContinueStatement(p) ||
      ts.isMetaProperty(p)
    )
  }
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node) || ts.isExportAssignment(node) || ts.isImportEqualsDeclaration(node))
      complete = true
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'require') complete = usesRequire = true
    if (
      (ts.isVariableStatement(node) || ts.isFunctionDeclaration(node) || ts.isClassDeclaration(node)) &&
      node.modifiers?.some((m) => m.kind === ts.SyntaxKind.DeclareKeyword)
    ) {
      if (ts.isVariableStatement(node)) {
        ambient.push(...node.declarationList.declarations.map((d) => d.name.getText()))
        for (const d of node.declarationList.declarations)
          declaredValues.push({ name: d.name.getText(), type: d.type?.getText() ?? '', start: node.getStart(), end: node.end })
      } else if (node.name) ambient.push(node.name.text)
    }
    if (ts.isIdentifier(node)) {
      if (isDeclarationName(node)) declared.add(node.text)
      else if (!isNotReference(node)) used.add(node.text)
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return { complete, free: new Set([...used].filter((n) => !declared.has(n))), usesRequire, ambient, declaredValues }
}

/**
 * Which stand-in (./standIns.ts) a value an example uses but does not create gets when it runs, by
 * the name and the type it is declared with; undefined when there is none (the example is then
 * type-checked only).
 */
export function standInFor(name: string, type: string): StandInKind | undefined {
  if (name === 'url' && type === 'string') return 'url'
  if (/\bPublicClient\b/.test(type)) return 'publicClient'
  if (/\bInfoClient\b/.test(type)) return 'info'
  if (/\bEip1193Provider\b/.test(type)) return 'eip1193'
  if (/\bWalletClient\b/.test(type)) return /\bPrecompileWalletActions\b/.test(type) ? 'adminPrecompileWallet' : 'adminWallet'
  if (/\b(SubnetProvider|Provider)\b/.test(type)) return 'provider'
  if (/\bAllowListRole\b/.test(type)) return 'role'
  return undefined
}

/** The L1 URL stand-ins are made over, as the examples write it (`forDevnet` points it at the devnet). */
const standInUrl = 'http://127.0.0.1:9650/ext/bc/devnet/rpc'
const standInImport = `import { standIn as __standIn } from ${JSON.stringify(join(root, 'test/docs/standIns.ts'))}`
const standInValue = (name: string, type: string) => `${name} = await __standIn('${standInFor(name, type)}', '${standInUrl}')`

/** Session variables a fragment may use: their types, written with import() so they fit TS and JS. */
const sessionTypes: Record<string, string> = {
  client: "import('viem').PublicClient & import('subnet-rpc/viem').SubnetActions & import('subnet-rpc/viem').InfoActions",
  provider: "import('subnet-rpc/ethers').SubnetProvider",
  info: "import('subnet-rpc/ethers').InfoClient",
  url: 'string',
}

/** Where names a fragment uses are imported from, in order of preference, by where it is. */
export function importOrder(file: string): string[] {
  if (file.startsWith('src/ethers/') || file === 'docs/ethers.md' || file === 'docs/hardhat.md')
    return ['subnet-rpc/ethers', 'subnet-rpc', 'ethers', 'subnet-rpc/viem', 'viem', ...others]
  if (file.startsWith('packages/devnet/src/') || file === 'docs/devnet.md')
    return [
      'subnet-rpc-devnet',
      'subnet-rpc',
      'subnet-rpc/fees',
      'subnet-rpc/config',
      'subnet-rpc/internal',
      'subnet-rpc/viem',
      'viem',
      'subnet-rpc/ethers',
      'ethers',
    ]
  return ['subnet-rpc/viem', 'subnet-rpc', 'viem', ...others, 'subnet-rpc/ethers', 'ethers']
}

/** The entries a fragment outside the adapters' and the devnet's files takes names from last. */
const others = ['subnet-rpc/fees', 'subnet-rpc/config', 'subnet-rpc/warp', 'subnet-rpc/internal', 'subnet-rpc-devnet']
const allModules = [
  'subnet-rpc',
  'subnet-rpc/viem',
  'subnet-rpc/viem/actions',
  'subnet-rpc/viem/precompiles',
  'subnet-rpc/viem/warp',
  'subnet-rpc/ethers',
  'subnet-rpc/fees',
  'subnet-rpc/config',
  'subnet-rpc/warp',
  'subnet-rpc/internal',
  'subnet-rpc-devnet',
  'viem',
  'ethers',
]

/** A snippet as checked: prelude + code (prelude lines are counted to map lines back). */
export type Prepared = {
  snippet: Snippet
  analysis: Analysis
  fileName: string
  /** The file as checked: prelude, code, `export {}` (so that it is a module). */
  text: string
  preludeLines: number
  /** What the prelude adds: `name from module` imports, then declared session variables. */
  added: string[]
  /** Session variables the prelude declares (their values are stand-ins when the fragment runs). */
  sessionVars: string[]
  /** The fragment as run: `text` with a stand-in (./standIns.ts) for each session variable. */
  runText: string
  /** Whether `try {} ` was put before a leading `catch`. */
  completedTry: boolean
  /** Names a fragment uses that neither it, the prelude nor the global scope provides. */
  unresolved: string[]
}

/**
 * Fragment preludes and virtual file names. `exportsOf` maps a module to its exported names. `dir`: where the
 * virtual files are, which decides what their imports resolve to (examples/hardhat's for its Hardhat 2 blocks).
 */
export function prepare(snippets: Snippet[], exportsOf: Map<string, Set<string>>, dir = join(root, 'test/docs/.snippets')): Prepared[] {
  return snippets.map((snippet, i) => {
    const analysis = analyse(snippet.code, snippet.lang)
    const ext = snippet.lang === 'ts' ? '.ts' : analysis.usesRequire ? '.cjs' : '.mjs'
    const slug = snippet.id.replace(/[^A-Za-z0-9]+/g, '_')
    const fileName = join(dir, `${String(i).padStart(3, '0')}_${slug}${ext}`)
    const prelude: string[] = []
    // The prelude as run: the same lines, with the session variables' stand-ins for their declarations.
    const runPrelude: string[] = []
    const added: string[] = []
    const sessionVars: string[] = []
    const unresolved: string[] = []
    let code = snippet.code
    if (!analysis.complete) {
      const imports = new Map<string, string[]>()
      for (const name of [...analysis.free].sort()) {
        const type = sessionTypes[name]
        if (type) {
          prelude.push(
            snippet.lang === 'ts' ? `declare const ${name}: ${type}` : `/** @type {${type}} */ const ${name} = /** @type {any} */ (null)`,
          )
          runPrelude.push(`const ${standInValue(name, type)}`)
          sessionVars.push(name)
          continue
        }
        const from = importOrder(snippet.file).find((m) => exportsOf.get(m)?.has(name))
        if (from) {
          imports.set(from, [...(imports.get(from) ?? []), name])
          added.push(`${name} from ${from}`)
        } else if (!(name in globalThis) && name !== 'window' && name !== 'hre') unresolved.push(name)
      }
      for (const [from, names] of imports) {
        prelude.unshift(`import { ${names.join(', ')} } from '${from}'`)
        runPrelude.unshift(prelude[0]!)
      }
      added.push(...sessionVars)
      code = code.replace(/^(\s*)catch\b/, '$1try {} catch')
    }
    const text = [...prelude, code, ext === '.cjs' ? '' : 'export {}', ''].join('\n')
    const runText = [...runPrelude, code, sessionVars.length ? standInImport : 'export {}', ''].join('\n')
    return {
      snippet,
      analysis,
      fileName,
      text,
      preludeLines: prelude.length,
      added,
      sessionVars,
      runText,
      completedTry: code !== snippet.code,
      unresolved,
    }
  })
}

export const compilerOptions = (lang: 'ts' | 'js'): ts.CompilerOptions =>
  ts.convertCompilerOptionsFromJson(
    {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022', 'DOM'],
      types: ['node'],
      strict: lang === 'ts',
      skipLibCheck: true,
      noEmit: true,
      allowJs: true,
      checkJs: true,
      esModuleInterop: true,
    },
    root,
  ).options

const globalsText = (hardhat: boolean) =>
  [
    "import type { Eip1193Provider } from 'ethers'",
    hardhat ? "import type { HardhatRuntimeEnvironment } from 'hardhat/types'" : '',
    hardhat ? "import type {} from '@nomicfoundation/hardhat-ethers'" : '',
    'declare global {',
    '  interface Window { ethereum: Eip1193Provider }',
    hardhat ? '  var hre: HardhatRuntimeEnvironment' : '',
    '}',
    'export {}',
    '',
  ].join('\n')

/** A compiler host over real files plus virtual ones, parsing each real file once. */
function makeHost(options: ts.CompilerOptions, virtual: Map<string, string>, cache: Map<string, ts.SourceFile>): ts.CompilerHost {
  const host = ts.createCompilerHost(options)
  const { fileExists, readFile, getSourceFile } = host
  host.fileExists = (f) => virtual.has(f) || fileExists.call(host, f)
  host.readFile = (f) => virtual.get(f) ?? readFile.call(host, f)
  host.getSourceFile = (f, language, onError, shouldCreate) => {
    const v = virtual.get(f)
    if (v !== undefined) return ts.createSourceFile(f, v, language, true)
    const key = `${f}|${typeof language === 'object' ? `${language.languageVersion}:${language.impliedNodeFormat}` : language}`
    let sf = cache.get(key)
    if (!sf) {
      sf = getSourceFile.call(host, f, language, onError, shouldCreate)
      if (sf) cache.set(key, sf)
    }
    return sf
  }
  return host
}

/** The names each module exports (types included), as the built package and viem/ethers declare them. */
export function exportedNames(cache = new Map<string, ts.SourceFile>()): Map<string, Set<string>> {
  const options = compilerOptions('ts')
  const file = join(root, 'test/docs/.snippets/exports.ts')
  const text = `${allModules.map((m, i) => `import * as m${i} from '${m}'`).join('\n')}\nexport {}\n`
  const program = ts.createProgram([file], options, makeHost(options, new Map([[file, text]]), cache))
  const checker = program.getTypeChecker()
  const sf = program.getSourceFile(file)!
  const out = new Map<string, Set<string>>()
  sf.statements.filter(ts.isImportDeclaration).forEach((decl, i) => {
    const symbol = checker.getSymbolAtLocation(decl.moduleSpecifier)
    out.set(
      allModules[i]!,
      new Set(
        symbol
          ? checker
              .getExportsOfModule(symbol)
              .map((s) => s.name)
              .filter((n) => n !== 'default')
          : [],
      ),
    )
  })
  return out
}

export type Problem = { line: number; column: number; code: number; message: string }

/**
 * Type-checks prepared snippets: one program per language setting (TS strict; JS checkJs).
 * Returns each snippet's problems, lines mapped back to its origin, and problems outside
 * the snippets (the harness's own files), which must be none.
 */
export function typecheck(
  prepared: Prepared[],
  cache = new Map<string, ts.SourceFile>(),
): { bySnippet: Map<Prepared, Problem[]>; other: string[] } {
  const bySnippet = new Map<Prepared, Problem[]>(prepared.map((p) => [p, []]))
  const other: string[] = []
  const hardhat = prepared.some((p) => p.analysis.free.has('hre') || /['"]hardhat['"]/.test(p.snippet.code))
  for (const lang of ['ts', 'js'] as const) {
    const mine = prepared.filter((p) => p.snippet.lang === lang)
    if (!mine.length) continue
    // Next to the snippets (one `prepare` puts them in one folder), so its imports resolve as theirs do.
    const globalsFile = join(dirname(mine[0]!.fileName), 'globals.d.ts')
    const virtual = new Map<string, string>([
      [globalsFile, globalsText(hardhat)],
      ...mine.map((p) => [p.fileName, p.text] as [string, string]),
    ])
    const options = compilerOptions(lang)
    const program = ts.createProgram([...virtual.keys()], options, makeHost(options, virtual, cache))
    const byFile = new Map(mine.map((p) => [p.fileName, p]))
    for (const d of ts.getPreEmitDiagnostics(program)) {
      const message = ts.flattenDiagnosticMessageText(d.messageText, '\n')
      const p = d.file && byFile.get(d.file.fileName)
      if (!p || d.start === undefined) {
        other.push(`${d.file ? relative(root, d.file.fileName) : '(global)'}: TS${d.code} ${message}`)
        continue
      }
      const pos = d.file!.getLineAndCharacterOfPosition(d.start)
      const line = pos.line < p.preludeLines ? p.snippet.line : p.snippet.line + pos.line - p.preludeLines
      bySnippet.get(p)!.push({ line, column: pos.character + 1, code: d.code, message })
    }
  }
  return { bySnippet, other }
}

/** A snippet's type errors, `file:line:column`, with the prelude a fragment was checked with. */
export const showProblems = (p: Prepared, list: Problem[]) =>
  list.map((e) => `${p.snippet.file}:${e.line}:${e.column} TS${e.code}: ${e.message}`).join('\n') +
  (p.analysis.complete ? '' : `\n--- checked as a fragment, with this prelude ---\n${p.text}`)

/** Why a snippet is not type-checked, or undefined when it is. */
export function notTypechecked(s: Snippet): string | undefined {
  for (const f of s.flags) if (fenceFlags[f] && !fenceFlags[f].typecheck) return fenceFlags[f].reason
  return undefined
}

/** Whether a type-checked snippet is run, and why not. */
export function runPlan(p: Prepared): RunPlan {
  const { snippet: s, analysis: a } = p
  const flagged = s.flags.find((f) => fenceFlags[f])
  if (flagged) return { run: false, reason: fenceFlags[flagged]!.reason }
  // Unflagged, a Hardhat block cannot run here (nor type-check: the root has no Hardhat 2, and Hardhat 3 needs Node 22).
  if (a.free.has('hre') || /require\(['"]hardhat['"]\)|from ['"]hardhat['"]/.test(s.code))
    return { run: false, reason: 'needs the Hardhat runtime (hre), which the root does not install: flag it hardhat2 or hardhat3' }
  const noStandIn = a.ambient.filter((name) => !a.declaredValues.some((d) => d.name === name && standInFor(d.name, d.type)))
  if (noStandIn.length)
    return { run: false, reason: `declares ${noStandIn.join(', ')} (\`declare\`), for which the run has no stand-in: type-checked only` }
  if (p.completedTry) return { run: false, reason: 'a catch clause, the end of a try: type-checked only' }
  if (p.unresolved.length) return { run: false, reason: `uses ${p.unresolved.join(', ')}, which nothing declares (its type check fails)` }
  // A first-line comment `// Needs <state> (the built-in … enables it N hours after its start).` marks an example
  // for a state the built-in devnet reaches only later: run last, once the devnet's clock is moved there.
  const needs = /^\/\/ Needs (.*)$/m.exec(s.code)
  if (needs) {
    const hours = /(\d+) hours? after its start/.exec(needs[1]!)
    if (!hours) return { run: false, reason: `needs ${needs[1]}: type-checked only` }
    return { run: true, mutates: true, later: Number(hours[1]) * 3600 }
  }
  const mutates =
    /devnet_setFeeConfig|sendTransaction|evm_|anvil_|\.mine\(|setNextBlockTimestamp|increaseTime|setAllowListRole|setFeeConfig|mintNativeCoin|setRewardAddress|allowFeeRecipients|disableRewards/
  return { run: true, mutates: mutates.test(s.code) }
}

/**
 * The program as run: a complete snippet as written, a fragment with its imports; the values it
 * uses without creating them (its `declare const`s, a fragment's session variables) are
 * stand-ins over the devnet (./standIns.ts), each on the line of its declaration.
 */
export function runnableCode(p: Prepared): string {
  let code = p.analysis.complete ? p.snippet.code : p.runText
  let standIns = !p.analysis.complete && p.sessionVars.length > 0
  const declared = p.analysis.complete ? p.analysis.declaredValues : []
  const statements = [...new Set(declared.map((d) => d.start))].sort((x, y) => y - x)
  for (const start of statements) {
    const ds = declared.filter((d) => d.start === start)
    code = `${code.slice(0, start)}const ${ds.map((d) => standInValue(d.name, d.type)).join(', ')}${code.slice(ds[0]!.end)}`
    standIns = true
  }
  // A browser wallet (`window.ethereum`): an EIP-1193 provider over the devnet, put before the first line.
  if (p.analysis.free.has('window')) {
    code = `const window = { ethereum: await __standIn('eip1193', '${standInUrl}') }; ${code}`
    standIns = true
  }
  if (!standIns) return code
  // The fragment's own `export {}` is left out of runText when it has stand-ins: the import makes it a module.
  return p.analysis.complete || p.sessionVars.length === 0 ? `${code}\n${standInImport}\n` : code
}

/** A literal-only expression: strings, numbers, bigints, booleans, null, arrays and objects of them. */
function literalExpression(text: string): string | undefined {
  if (text.includes('…') || text.includes('...')) return undefined
  const sf = ts.createSourceFile('x.ts', `(${text})`, ts.ScriptTarget.Latest, true)
  if ((sf as unknown as { parseDiagnostics: unknown[] }).parseDiagnostics.length || sf.statements.length !== 1) return undefined
  const ok = (n: ts.Node): boolean => {
    if (ts.isStringLiteral(n) || ts.isNumericLiteral(n) || ts.isBigIntLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) return true
    if (n.kind === ts.SyntaxKind.TrueKeyword || n.kind === ts.SyntaxKind.FalseKeyword || n.kind === ts.SyntaxKind.NullKeyword) return true
    if (ts.isPrefixUnaryExpression(n) && n.operator === ts.SyntaxKind.MinusToken) return ok(n.operand)
    if (ts.isParenthesizedExpression(n)) return ok(n.expression)
    if (ts.isArrayLiteralExpression(n)) return n.elements.every(ok)
    if (ts.isObjectLiteralExpression(n))
      return n.properties.every(
        (p) => ts.isPropertyAssignment(p) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name)) && ok(p.initializer),
      )
    return false
  }
  const st = sf.statements[0]!
  return ts.isExpressionStatement(st) && ok(st.expression) ? text : undefined
}

/**
 * Result comments become checks: an expression statement on one line followed by a comment
 * that is only a literal (`encodeCb58(x) // '1111…LpoYY'`, `isNodeId(s) // false (checksum)`,
 * or the literal alone on the next line) must evaluate to that value (deep equality). A
 * comment that is not a literal (`// 20 zero bytes`, `// 'NodeID-…'`) is prose and is left alone,
 * as are `console.*` calls. A comment naming an error (`await f() // InvalidArgumentError: Invalid
 * timestamp: got -1 …`) says the statement throws it: the error's `name` must be that, and its
 * message must begin with the text before `…`. `origin` names the snippet's file and first line,
 * for messages.
 */
export function withResultChecks(
  code: string,
  origin: { file: string; line: number },
  lang: 'ts' | 'js',
): { code: string; checks: number } {
  const sf = ts.createSourceFile(lang === 'ts' ? 'x.ts' : 'x.js', code, ts.ScriptTarget.Latest, true)
  const lines = code.split('\n')
  const edits: { start: number; end: number; text: string }[] = []
  for (const st of sf.statements) {
    if (!ts.isExpressionStatement(st)) continue
    const e = st.expression
    if (ts.isCallExpression(e) && ts.isPropertyAccessExpression(e.expression) && e.expression.expression.getText() === 'console') continue
    const first = sf.getLineAndCharacterOfPosition(st.getStart()).line
    const last = sf.getLineAndCharacterOfPosition(st.end).line
    if (first !== last) continue
    const trailing = lines[first]!.slice(sf.getLineAndCharacterOfPosition(st.end).character)
    const same = /^\s*\/\/\s*(.+?)\s*$/.exec(trailing)?.[1]
    const next = same === undefined ? /^\s*\/\/\s*(.+?)\s*$/.exec(lines[first + 1] ?? '')?.[1] : undefined
    const said = (same ?? next)?.replace(/\s+\([^)]*\)$/, '')
    const where = `${origin.file}:${origin.line + first}`
    // `await x() // SomeError: what its message begins with …`: the call must reject with that error.
    const thrown = said && /^([A-Z]\w*Error)(?::\s*(.*?))?\s*…?$/.exec(said)
    if (thrown) {
      const [, name, message = ''] = thrown
      edits.push({
        start: e.getStart(),
        end: e.end,
        text: `await __expectError(${JSON.stringify(where)}, async () => (${e.getText()}), ${JSON.stringify(name)}, ${JSON.stringify(message)})`,
      })
      continue
    }
    const literal = said && literalExpression(said)
    if (!literal) continue
    edits.push({ start: e.getStart(), end: e.end, text: `__expectResult(${JSON.stringify(where)}, (${e.getText()}), (${literal}))` })
  }
  if (!edits.length) return { code, checks: 0 }
  let out = code
  for (const ed of edits.sort((a, b) => b.start - a.start)) out = out.slice(0, ed.start) + ed.text + out.slice(ed.end)
  // Run by tsx, which does not type-check: plain JavaScript fits both. The driver provides node:util.
  const helper =
    'function __expectResult(where, got, said) { const u = globalThis.__docsUtil; ' +
    "if (!u.isDeepStrictEqual(got, said)) throw new Error(where + ': the comment says ' + u.inspect(said) + ', the code gives ' + u.inspect(got)) }\n" +
    'async function __expectError(where, run, name, message) { let got; try { await run() } catch (e) { got = e } ' +
    "if (!got) throw new Error(where + ': the comment says it throws ' + name + ', it did not'); " +
    "if (got.name !== name || !String(got.message).startsWith(message)) throw new Error(where + ': the comment says ' + name + ': ' + message + '…, it threw ' + got.name + ': ' + got.message) }"
  return { code: `${out}\n${helper}\n`, checks: edits.length }
}

export type RunResult = { id: string; ok: boolean; out: string[]; error: string; ms: number }

const driver = `import { appendFileSync, readFileSync } from 'node:fs'
import * as util from 'node:util'
import { format } from 'node:util'
import { pathToFileURL } from 'node:url'

const [manifest, results, timeoutMs] = process.argv.slice(2)
globalThis.__docsUtil = util
const methods = ['log', 'info', 'warn', 'error', 'debug']
const saved = Object.fromEntries(methods.map((m) => [m, console[m]]))
let current
const late = (e) => current?.problems.push('unhandled: ' + format(e))
process.on('unhandledRejection', late)
process.on('uncaughtException', late)
for (const { id, file } of JSON.parse(readFileSync(manifest, 'utf8'))) {
  const rec = (current = { id, out: [], problems: [] })
  for (const m of methods) console[m] = (...args) => rec.out.push(format(...args))
  const t0 = performance.now()
  let timer
  try {
    await Promise.race([
      import(pathToFileURL(file).href),
      new Promise((_, reject) => { timer = setTimeout(() => reject(new Error('did not finish in ' + timeoutMs + ' ms')), Number(timeoutMs)) }),
    ])
  } catch (e) {
    rec.problems.push(format(e))
  }
  clearTimeout(timer)
  await new Promise((r) => setTimeout(r, 10))
  for (const m of methods) console[m] = saved[m]
  current = undefined
  appendFileSync(results, JSON.stringify({ id, ok: rec.problems.length === 0, out: rec.out, error: rec.problems.join('\\n'), ms: Math.round(performance.now() - t0) }) + '\\n')
}
process.exit(0)
`

/** The code as run: the devnet's port for 9650 and its alias for `devnet` in L1 URLs. */
export function forDevnet(code: string, port: string, alias: string): string {
  return code.replaceAll('127.0.0.1:9650', `127.0.0.1:${port}`).replaceAll('/ext/bc/devnet/', `/ext/bc/${alias}/`)
}

/**
 * Runs programs in one tsx process (`node --import tsx`), in order, each imported as its own
 * module under `dir` (inside the package, so `subnet-rpc/...` resolves to dist/ through the
 * package's exports, as for a user). A program fails when its import rejects (a throw at top
 * level), when it has an unhandled rejection, or when it does not finish within `timeoutMs`.
 */
export async function runSnippets(
  programs: { id: string; code: string; ext: string }[],
  dir: string,
  timeoutMs = 30_000,
): Promise<Map<string, RunResult>> {
  mkdirSync(dir, { recursive: true })
  const manifest = programs.map((p, i) => {
    const file = join(dir, `${String(i).padStart(3, '0')}${p.ext}`)
    writeFileSync(file, p.code)
    return { id: p.id, file }
  })
  writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest))
  writeFileSync(join(dir, 'driver.mjs'), driver)
  const results = join(dir, 'results.jsonl')
  writeFileSync(results, '')
  const stderr: string[] = []
  const code = await new Promise<number | null>((resolvePromise, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', join(dir, 'driver.mjs'), join(dir, 'manifest.json'), results, String(timeoutMs)],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    )
    child.stderr.on('data', (b: Buffer) => stderr.push(b.toString()))
    child.on('error', reject)
    child.on('exit', resolvePromise)
  })
  const out = new Map<string, RunResult>()
  for (const line of readFileSync(results, 'utf8').split('\n').filter(Boolean)) {
    const r = JSON.parse(line) as RunResult
    out.set(r.id, r)
  }
  for (const p of programs) {
    if (!out.has(p.id))
      out.set(p.id, {
        id: p.id,
        ok: false,
        out: [],
        error: `not run: the tsx process ended (exit ${code}) before it: ${stderr.join('').slice(-2000)}`,
        ms: 0,
      })
  }
  return out
}
