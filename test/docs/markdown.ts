/** Markdown reading for the docs tests: fenced blocks, heading anchors, link targets. */

export const urlPattern = /https?:\/\/[^\s'"`<>()[\]{}\\]+/g

export type Fence = { info: string; lang: string; flags: string[]; code: string; line: number; end: number }

/** The fenced code blocks of a Markdown text; `line` is the first code line, `end` the closing fence's (1-based). */
export function fences(text: string): Fence[] {
  const lines = text.split('\n')
  const out: Fence[] = []
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(`{3,}|~{3,})\s*([^`]*)$/.exec(lines[i]!)
    if (!open) continue
    const [, indent = '', fence = '', info = ''] = open
    const body: string[] = []
    let j = i + 1
    for (; j < lines.length; j++) {
      const l = lines[j]!
      if (l.trim().startsWith(fence) && l.trim().replaceAll(fence[0]!, '') === '') break
      body.push(l.startsWith(indent) ? l.slice(indent.length) : l.trimStart())
    }
    const [lang = '', ...flags] = info.trim().split(/\s+/).filter(Boolean)
    out.push({ info: info.trim(), lang, flags, code: `${body.join('\n')}\n`, line: i + 2, end: j + 1 })
    i = j
  }
  return out
}

/** Text with inline code spans blanked (same length, so columns and lines hold). */
const withoutCodeSpans = (line: string) => line.replace(/(`+)([^`]|[^`][\s\S]*?[^`])\1(?!`)/g, (m) => ' '.repeat(m.length))

/** GitHub's heading anchors of a Markdown text (plus explicit `id`/`name` anchors). */
export function anchors(markdown: string): Set<string> {
  const out = new Set<string>()
  const counts = new Map<string, number>()
  const inFence = fenceLines(markdown)
  markdown.split('\n').forEach((line, i) => {
    if (inFence.has(i)) return
    for (const m of line.matchAll(/<a\s+(?:name|id)="([^"]+)"/g)) out.add(m[1]!)
    const h = /^ {0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)
    if (!h) return
    const text = h[1]!
      .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
      .replace(/<[^>]+>/g, '')
      .replace(/[`*]/g, '')
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/ /g, '-')
    const n = counts.get(base) ?? 0
    counts.set(base, n + 1)
    out.add(n === 0 ? base : `${base}-${n}`)
  })
  return out
}

/** 0-based numbers of the lines inside (and of) fenced code blocks. */
export function fenceLines(markdown: string): Set<number> {
  const out = new Set<number>()
  for (const f of fences(markdown)) for (let l = f.line - 2; l <= f.end - 1; l++) out.add(l)
  return out
}

export type Link = { line: number; target: string }

/** The link targets of a Markdown text, outside code. */
export function markdownLinks(markdown: string): Link[] {
  const out: Link[] = []
  const inFence = fenceLines(markdown)
  markdown.split('\n').forEach((raw, i) => {
    if (inFence.has(i)) return
    const line = withoutCodeSpans(raw)
    const add = (target: string) => out.push({ line: i + 1, target })
    for (const m of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+(?:"[^"]*"|'[^']*'))?\s*\)/g)) add(m[1]!)
    const def = /^ {0,3}\[[^\]]+\]:\s*<?([^\s>]+)>?/.exec(line)
    if (def) add(def[1]!)
    for (const m of line.matchAll(/<(https?:\/\/[^>\s]+)>/g)) add(m[1]!)
    // Bare URLs: not the target of a link or autolink already taken.
    for (const m of line.matchAll(urlPattern)) {
      const before = line[m.index! - 1]
      if (before === '(' || before === '<' || (def && m[0] === def[1])) continue
      add(m[0].replace(/[.,;:!?]+$/, ''))
    }
  })
  return out
}
