/**
 * Functions over {@link maxLines} lines, read with the TypeScript compiler's parser: every
 * function-like node with a body (declarations, expressions, arrow functions, methods,
 * constructors, accessors), nested ones included, each counted from its first line to its last.
 *
 * A long function may stay long when a note says why: a comment line `// long: <why>` on the
 * comment lines directly above the line it starts on (above or below its JSDoc), or as the first
 * line of its body.
 */
import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import ts from 'typescript'

/** The most lines a function may have without a note. */
export const maxLines = 80

/** `// long: ` then at least a few words of reason. */
const notePattern = /^\s*\/\/ long: \S.{8,}$/

export type LongFunction = {
  /** What a reader would call it: `name`, `Class.method`, `object.property`, or the call it is an argument of. */
  name: string
  /** 1-based line of its first line. */
  line: number
  lines: number
  /** The reason its `// long:` note gives, or null when it has none. */
  note: string | null
}

type FunctionLike =
  | ts.FunctionDeclaration
  | ts.FunctionExpression
  | ts.ArrowFunction
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration

function isFunctionLike(node: ts.Node): node is FunctionLike {
  return (
    ts.isFunctionDeclaration(node) ||
    ts.isFunctionExpression(node) ||
    ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) ||
    ts.isConstructorDeclaration(node) ||
    ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)
  )
}

const nameText = (name: ts.PropertyName | ts.BindingName | undefined, sf: ts.SourceFile): string | undefined =>
  name && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name) ? name.text : name.getText(sf))

/** The name a reader would look for: its own, its variable's or property's, or the call it is passed to. */
function functionName(node: FunctionLike, sf: ts.SourceFile): string {
  const owner = (n: ts.Node): string | undefined => {
    for (let p = n.parent; p; p = p.parent) {
      if (ts.isClassLike(p)) return p.name?.text ?? '(class)'
      if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p)) return nameText(p.name, sf)
    }
    return undefined
  }
  if (ts.isConstructorDeclaration(node)) return `${owner(node) ?? '(class)'}.constructor`
  if (ts.isMethodDeclaration(node) || ts.isGetAccessorDeclaration(node) || ts.isSetAccessorDeclaration(node)) {
    const parent = owner(node)
    const own = nameText(node.name, sf) ?? '(method)'
    return parent ? `${parent}.${own}` : own
  }
  if (node.name) return nameText(node.name, sf)!
  const p = node.parent
  if (ts.isVariableDeclaration(p) || ts.isPropertyAssignment(p) || ts.isPropertyDeclaration(p)) return nameText(p.name, sf)!
  if (ts.isCallExpression(p)) {
    const first = p.arguments[0]
    const label = first && ts.isStringLiteralLike(first) ? `('${first.text}', …)` : '(…)'
    return `callback of ${p.expression.getText(sf)}${label}`
  }
  return '(anonymous)'
}

/** The reason of a `// long:` note directly above `line` (0-based) or on the body's first line. */
function noteOf(lines: string[], line: number, bodyLine: number): string | null {
  const reason = (text: string | undefined) => (text !== undefined && notePattern.test(text) ? text.trim().slice('// long: '.length) : null)
  // Upward across the comment lines (line comments and JSDoc/block comment lines) directly above.
  for (let i = line - 1; i >= 0; i--) {
    const text = lines[i]!.trim()
    const found = reason(lines[i])
    if (found) return found
    if (!(text.startsWith('//') || text.startsWith('/*') || text.startsWith('*'))) break
  }
  return reason(lines[bodyLine + 1])
}

/** Every function over {@link maxLines} lines in one source text, with its note if it has one. */
export function longFunctions(text: string, fileName = 'file.ts'): LongFunction[] {
  const sf = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true)
  const lines = text.split('\n')
  const out: LongFunction[] = []
  const visit = (node: ts.Node) => {
    if (isFunctionLike(node) && node.body) {
      const first = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line
      const last = sf.getLineAndCharacterOfPosition(node.getEnd()).line
      const count = last - first + 1
      if (count > maxLines) {
        const bodyLine = sf.getLineAndCharacterOfPosition(node.body.getStart(sf)).line
        out.push({ name: functionName(node, sf), line: first + 1, lines: count, note: noteOf(lines, first, bodyLine) })
      }
    }
    ts.forEachChild(node, visit)
  }
  visit(sf)
  return out
}

/** Every .ts file under `dir` (declaration files left out), sorted. */
export function tsFiles(dir: string): string[] {
  return readdirSync(dir)
    .flatMap((name) => {
      const path = join(dir, name)
      if (statSync(path).isDirectory()) return tsFiles(path)
      return path.endsWith('.ts') && !path.endsWith('.d.ts') ? [path] : []
    })
    .sort()
}
