/**
 * No link to a place that does not exist (the machine has no internet, so nothing is fetched:
 * what is checked is that each target is one we know).
 *
 * README.md and docs/**\/*.md: every inline link or image `[text](target)`, reference
 * definition `[label]: target`, autolink `<https://…>` and bare URL outside code.
 * - `#anchor`: a heading of the same file (GitHub's heading slugs) or an `id`/`name` anchor;
 * - a relative path: an existing file or directory, relative to the Markdown file; its
 *   `#anchor`, a heading of the target;
 * - an absolute URL: only under `allowed` below.
 *
 * src/**\/*.ts comments (JSDoc and others; `@example` bodies, which show the user's own files,
 * excluded from the path check):
 * - every URL: only under `allowed`;
 * - every path of a file of ours (`core/methods/call.ts`, `docs/viem/feeConfig.md`,
 *   `./x.js`; with an extension .ts .js .mjs .cjs .md .json): it must exist relative to the
 *   comment's directory or one of its parents up to the package root;
 * - no citation of "spec §N": that spec is not part of the package, so readers cannot follow it.
 *
 * Local addresses (127.0.0.1, localhost) and reserved example hosts (`*.example`,
 * example.com/.org/.net, RFC 2606) are examples, not links, and pass everywhere.
 */
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, normalize } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'
import { anchors, markdownLinks, urlPattern } from './markdown.js'
import { comments, markdownFiles, root, walkFiles } from './snippets.js'

/**
 * The only places absolute links may point to: the upstream sources of what this package
 * speaks (avalanchego, libevm) and the documentation of the libraries and tools it works with.
 */
const allowed = [
  'https://github.com/ava-labs/avalanchego/',
  'https://github.com/ava-labs/libevm/',
  'https://viem.sh/',
  'https://docs.ethers.org/',
  'https://hardhat.org/',
  'https://book.getfoundry.sh/',
]

const specCitation = /\bspec\s*§\s*\d/i

/** Whether an absolute URL is allowed: a known place, or a local or reserved example host. */
function urlAllowed(url: string): boolean {
  const host = /^https?:\/\/(?:[^@/]*@)?([^/:?#]+)/.exec(url)?.[1]?.toLowerCase() ?? ''
  if (host === '127.0.0.1' || host === 'localhost' || host.endsWith('.example') || /^(.+\.)?example\.(com|org|net)$/.test(host)) return true
  return allowed.some((prefix) => url.startsWith(prefix))
}

/** What is wrong with one Markdown link target, or undefined. */
function checkMarkdownTarget(file: string, target: string): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) {
    if (!/^https?:/i.test(target)) return `${target}: only http(s) links are allowed`
    return urlAllowed(target) ? undefined : `${target}: not a known place (allowed: ${allowed.join(', ')})`
  }
  const [path = '', anchor] = target.split('#') as [string, string | undefined]
  const resolved = path ? normalize(join(dirname(file), decodeURIComponent(path))) : file
  if (resolved.startsWith('..')) return `${target}: outside the package`
  const abs = join(root, resolved)
  if (!existsSync(abs)) return `${target}: ${resolved} does not exist`
  if (anchor !== undefined) {
    if (!statSync(abs).isFile() || !abs.endsWith('.md')) return `${target}: an anchor into ${resolved}, which is not a Markdown file`
    if (!anchors(readFileSync(abs, 'utf8')).has(anchor)) return `${target}: ${resolved} has no heading #${anchor}`
  }
  return undefined
}

describe('Markdown links', () => {
  for (const file of markdownFiles()) {
    it(`${file}: every link leads to a place that exists`, () => {
      const text = readFileSync(join(root, file), 'utf8')
      const bad = markdownLinks(text).flatMap(({ line, target }) => {
        const problem = checkMarkdownTarget(file, target)
        return problem ? [`${file}:${line}: ${problem}`] : []
      })
      const cites = text
        .split('\n')
        .flatMap((l, i) => (specCitation.test(l) ? [`${file}:${i + 1}: cites a spec outside the package: ${l.trim()}`] : []))
      if (bad.length || cites.length) expect.fail([...bad, ...cites].join('\n'))
    })
  }

  it('the slugs are GitHub’s', () => {
    expect([
      ...anchors('# A `b` c\n## SubnetProvider: a drop-in JsonRpcProvider\n## Function forms: any provider, Hardhat included\n# A b c\n'),
    ]).toEqual(['a-b-c', 'subnetprovider-a-drop-in-jsonrpcprovider', 'function-forms-any-provider-hardhat-included', 'a-b-c-1'])
  })
})

/** The comments of every source file, with the lines of `@example` bodies blanked. */
function sourceComments(): { file: string; line: number; text: string; lines: string[] }[] {
  return walkFiles('src', '.ts').flatMap((file) => {
    const sf = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true)
    return comments(sf).map((c) => {
      let inExample = false
      const lines = c.text.split('\n').map((l) => {
        const body = l.replace(/^\s*(\/\*\*?|\*\/?|\/\/)?\s?/, '')
        if (/^@\w/.test(body)) inExample = false
        if (/(^|\s)@example\b/.test(body)) {
          inExample = true
          return l.slice(0, l.indexOf('@example'))
        }
        return inExample ? '' : l
      })
      return { file, line: c.line, text: c.text, lines }
    })
  })
}

/** A path of a file of ours, relative to the comment's directory or one of its parents. */
function pathExists(file: string, path: string): boolean {
  const candidates = [path, path.replace(/\.js$/, '.ts'), path.replace(/\.mjs$/, '.mts'), path.replace(/\.cjs$/, '.cts')]
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (candidates.some((c) => existsSync(join(root, dir, c)))) return true
    if (dir === '.' || dir === '') return false
  }
}

/** Whether a path looks like one of ours: relative (./, ../) or its first folder exists along the way. */
function looksOurs(file: string, path: string): boolean {
  if (path.startsWith('./') || path.startsWith('../')) return true
  const first = path.split('/')[0]!
  for (let dir = dirname(file); ; dir = dirname(dir)) {
    if (existsSync(join(root, dir, first))) return true
    if (dir === '.' || dir === '') return false
  }
}

describe('src comments', () => {
  const all = sourceComments()

  it('cite URLs of known places only (no https://github.com/subnet-rpc/…: that repository does not exist)', () => {
    const bad = all.flatMap((c) =>
      c.text.split('\n').flatMap((l, i) =>
        [...l.matchAll(urlPattern)]
          .map((m) => m[0].replace(/[.,;:!?]+$/, ''))
          .filter((u) => !urlAllowed(u))
          .map((u) => `${c.file}:${c.line + i}: ${u}`),
      ),
    )
    if (bad.length) expect.fail(`${bad.length} URL(s) to places not known to exist:\n${bad.join('\n')}`)
  })

  it('name paths of files that exist', () => {
    const bad = all.flatMap((c) =>
      c.lines.flatMap((l, i) => {
        const text = l.replace(urlPattern, '')
        return [...text.matchAll(/(?<![\w/.@-])((?:\.{1,2}\/)*(?:[\w.-]+\/)+[\w.-]+\.(?:ts|js|mjs|cjs|md|json))(?![\w/])/g)]
          .map((m) => m[1]!)
          .filter((p) => looksOurs(c.file, p) && !pathExists(c.file, p))
          .map((p) => `${c.file}:${c.line + i}: ${p}`)
      }),
    )
    if (bad.length) expect.fail(`${bad.length} path(s) that do not exist:\n${bad.join('\n')}`)
  })

  it('cite no "spec §N" (a document outside the package)', () => {
    const bad = all.flatMap((c) =>
      c.text.split('\n').flatMap((l, i) => (specCitation.test(l) ? [`${c.file}:${c.line + i}: ${l.trim()}`] : [])),
    )
    if (bad.length) expect.fail(`${bad.length} citation(s) of a spec outside the package:\n${bad.join('\n')}`)
  })
})
